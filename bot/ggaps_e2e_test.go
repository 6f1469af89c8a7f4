package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// Past boards, history, rules and pictures at tables of another title than
// Tinners' Trail (Coal Baron), through the fake Discord.

// cbGame opens a 2-player Coal Baron table in testChannel and plays it
// with the driver (no undos) until stop says so or the game ends.
func cbGame(t *testing.T, h *harness, rr *recRenderer, seed uint64, stop func(engine.Match) bool) *cbDriver {
	t.Helper()
	id, board := openCB(t, h, testChannel, 2)
	d := &cbDriver{t: t, h: h, rr: rr, id: id, ch: testChannel, board: board, r: rand.New(rand.NewPCG(seed, 7)),
		public: newPublicText("The game begins."), noUndo: true, posts: []cbPosted{{version: 0, pic: true}}}
	for turns := 0; h.match(id).Result() == nil && !stop(h.match(id)); turns++ {
		if turns > 2000 {
			t.Fatal("no end after 2000 turns")
		}
		d.turn()
	}
	return d
}

// cbRecordAt is the match of table id replayed to move n, and the events
// of every move (events[k] those of move k+1).
func cbRecordAt(t *testing.T, h *harness, id string, n int) (engine.Match, [][]engine.Event) {
	t.Helper()
	rec, err := h.m.store.MatchRecord(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	mt, err := coalbaron.Title.New(rec.SetupOf())
	if err != nil {
		t.Fatal(err)
	}
	var at engine.Match = mt
	var events [][]engine.Event
	for k, str := range rec.Actions {
		a, err := coalbaron.Title.ParseAction(str)
		if err != nil {
			t.Fatal(err)
		}
		next, ev, err := mt.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		events = append(events, ev)
		if mt = next; k+1 == n {
			at = mt
		}
	}
	return at, events
}

// lastTurn is the view the recording renderer drew last.
func (r *recRenderer) lastTurn() any {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.turns) == 0 {
		return nil
	}
	return r.turns[len(r.turns)-1]
}

// pastReply checks that calls answered with a private past board only
// (nothing posted or edited in the channel, a picture attached) and
// returns it.
func pastReply(t *testing.T, calls []fakeCall) uiMsg {
	t.Helper()
	r := mustPrivate(t, calls)
	pic := false
	for _, c := range calls {
		if strings.HasPrefix(c.Path, "/channels/") && c.Method != "GET" {
			t.Fatalf("a past board touched the channel: %s %s", c.Method, c.Path)
		}
		if strings.HasPrefix(c.Path, "/webhooks/") || strings.HasPrefix(c.Path, "/interactions/") {
			pic = pic || len(c.Files) > 0
		}
	}
	if !pic {
		t.Fatalf("no picture with the past board: %q", r.Content)
	}
	return r
}

// TestGenericPastBoard: /tt board at:N at a running Coal Baron table shows
// the asker alone the public view after N moves (the record replayed), with
// through the game; nothing from anyone's hand is in it. round: with at: is refused
// through the game; nothing from anyone's hand is in it. round: is refused
// with a sentence, forged page buttons change nothing, and once the game
// is over the finished table's past boards still open.
func TestGenericPastBoard(t *testing.T) {
	// Coal Baron through the generic UI: under -race TestGenericCoalBaronWholeGame
	// plays the same paths; this test plays in the full pass.
	testenv.FullOnly(t)
	t.Parallel() // a whole game in its own harness: shares nothing
	h, rr := cbHarness(t)
	d := cbGame(t, h, rr, 3, func(mt engine.Match) bool { return mt.Version() >= 14 })
	id, total := d.id, h.match(d.id).Version()
	const at = 9
	want, events := cbRecordAt(t, h, id, at)

	r := pastReply(t, h.command(cbOutsider, 0, "board", map[string]any{"at": at}))
	if !strings.Contains(r.Content, fmt.Sprintf("Table %s after move %d of %d", id, at, total)) || !strings.Contains(r.Content, "only you see this") {
		t.Fatalf("past board: %q", r.Content)
	}
	if got := rr.lastTurn(); !reflect.DeepEqual(got, want.Public()) {
		t.Fatalf("past picture drawn from %T, not the public view at move %d", got, at)
	}
	names := seatNames(h.table(id))
	for _, e := range events[at-1] {
		if line := engine.FormatLine(kit.EventLine(e).Say(kit.English()), names); !strings.Contains(r.Content, "> "+line) {
			t.Errorf("past board lacks move %d's event %q:\n%s", at, line, r.Content)
		}
	}
	if !strings.Contains(r.Content, "Waiting for "+kit.WhoIn(kit.English(), h.table(id), want.ToAct())) {
		t.Errorf("past board does not say whose move it was:\n%s", r.Content)
	}
	// Nothing hidden: no card in any hand then or now is named outside the
	// public events.
	for _, mt := range []engine.Match{want, h.match(id)} {
		for k := range 2 {
			v := mt.Seat(k).(coalbaron.SeatView)
			for _, c := range slices.Concat(v.Orders, v.Innovations, v.Looked) {
				name := coalbaron.Standard.Card(c).String()
				for _, l := range strings.Split(r.Content, "\n") {
					if strings.Contains(l, name) && !strings.HasPrefix(l, "> ") {
						t.Fatalf("past board names %q from a hand: %q", name, l)
					}
				}
			}
		}
	}

	// Paging: every button leads where its label says, privately.
	for _, c := range []struct {
		label string
		to    int
	}{{"◀ previous", at - 1}, {"next ▶", at + 1}, {"◀◀ 10", 0}, {"10 ▶▶", min(at+10, total)}, {"Setup", 0}, {"Last move", total}} {
		b, ok := r.button(c.label)
		if f := strings.Split(b.CustomID, ":"); !ok || len(f) != 4 || b.CustomID != fmt.Sprintf("gpast:%s:%d:%s", id, c.to, f[3]) || b.Disabled {
			t.Fatalf("button %q: %+v", c.label, b)
		}
		p := pastReply(t, h.click(cbOutsider, r.ID, true, b.CustomID))
		head := fmt.Sprintf("after move %d of %d", c.to, total)
		if c.to == 0 {
			head = fmt.Sprintf("at the setup**: move 0 of %d", total)
		}
		if !strings.Contains(p.Content, head) {
			t.Errorf("%s: %q, want %q", c.label, p.Content, head)
		}
		if mt, _ := cbRecordAt(t, h, id, c.to); !reflect.DeepEqual(rr.lastTurn(), mt.Public()) {
			t.Errorf("%s: picture not the public view at move %d", c.label, c.to)
		}
	}
	setup := pastReply(t, h.command(cbPlayers[0], 0, "board", map[string]any{"at": 0}))
	if b, _ := setup.button("◀ previous"); !b.Disabled {
		t.Errorf("◀ previous is enabled at the setup")
	}
	if r := pastReply(t, h.command(cbPlayers[0], 0, "board", map[string]any{"at": 9999})); !strings.Contains(r.Content, fmt.Sprintf("after move %d of %d", total, total)) {
		t.Errorf("at: beyond the end: %q", r.Content)
	}

	// round: with at: is refused (round: alone: grounds_e2e_test.go);
	// forged and misplaced buttons are refused.
	before := cbSnapshot(h, id)
	if r := mustPrivate(t, h.command(cbPlayers[0], 0, "board", map[string]any{"round": 1, "at": 3})); !strings.Contains(r.Content, "not both") {
		t.Errorf("round: with at: %q", r.Content)
	}
	tt := tableVia(t, h, testGuild, otherChannel, players[0], players[1])
	// Forged custom IDs, each sent from a private reply of the onlooker's
	// in its channel.
	from := map[string]string{testChannel: r.ID, otherChannel: h.ownPrivate(otherChannel, cbOutsider, 0)}
	for _, c := range []struct{ ch, id string }{
		{otherChannel, "gpast:" + id + ":3:b1"}, // another channel's table
		{testChannel, "gpast:" + id + ":3:zz"},  // an unknown tag
		{testChannel, "gpast:" + id + ":x:b1"},  // not a move
		{testChannel, "gpast:" + id + ":3"},     // no tag
		{testChannel, "gpast:nosuch:3:b1"},
		{otherChannel, "gpast:" + tt + ":3:b1"}, // a Tinners' Trail table
	} {
		if r := mustPrivate(t, h.sendForged(inChannel(clickInteraction(cbOutsider, from[c.ch], true, c.id), c.ch))); !strings.Contains(r.Content, "not one of ours") {
			t.Errorf("%s in %s: %q", c.id, c.ch, r.Content)
		}
	}
	if after := cbSnapshot(h, id); after != before {
		t.Errorf("a past board changed the game")
	}

	// Finished: the last finished table's past boards still open.
	for h.match(id).Result() == nil {
		d.turn()
	}
	total = h.match(id).Version()
	if r := pastReply(t, h.command(cbOutsider, 0, "board", map[string]any{"at": 3})); !strings.Contains(r.Content, fmt.Sprintf("after move 3 of %d", total)) {
		t.Errorf("finished table at:3: %q", r.Content)
	}
	if r := pastReply(t, h.command(cbOutsider, 0, "board", map[string]any{"at": total})); !strings.Contains(r.Content, "Final ranking") {
		t.Errorf("finished table at its last move: %q", r.Content)
	}
}

// TestGenericHistory: /tt history lists a finished Coal Baron table beside
// a finished Tinners' Trail one, each naming its game with the ranking and
// scores of its result; its selects open the Coal Baron table's final
// public board (with paging) and its log.
func TestGenericHistory(t *testing.T) {
	// Coal Baron through the generic UI: under -race TestGenericCoalBaronWholeGame
	// plays the same paths; this test plays in the full pass.
	testenv.FullOnly(t)
	t.Parallel() // a whole game in its own harness: shares nothing
	h, rr := cbHarness(t)
	d := cbGame(t, h, rr, 1, func(engine.Match) bool { return false })
	cb := h.table(d.id)
	res := h.match(d.id).Result()
	if _, err := h.m.store.UpdateTable(t.Context(), d.id, func(tb *kit.Table) error {
		tb.Notes.Ended = h.clock.Now() // the newest
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	tt := tableVia(t, h, testGuild, testChannel, players[0], players[1])
	advance(t, h.m, tt, func(s *tinners.State) bool { return s.Phase == tinners.PhaseOver })

	hist := mustPrivate(t, h.command(cbOutsider, 0, "history", nil))
	var scores []string
	for place, k := range res.Ranking {
		scores = append(scores, fmt.Sprintf("%d. %s %d", place+1, kit.Sanitize(cb.Seats[k].Name), res.Scores[k]))
	}
	line := fmt.Sprintf("• Table %s — Coal Baron: The Great Card Game (", cb.ID)
	if !strings.Contains(hist.Content, line) || !strings.Contains(hist.Content, strings.Join(scores, " · ")) {
		t.Fatalf("history lacks %q with %q:\n%s", line, strings.Join(scores, " · "), hist.Content)
	}
	if !strings.Contains(hist.Content, "• Table "+tt+" — Tinners' Trail") {
		t.Fatalf("history lacks the Tinners' Trail table:\n%s", hist.Content)
	}
	var values []string
	for _, c := range hist.all() {
		if c.CustomID == "thist:board" {
			for _, o := range c.Options {
				values = append(values, o.Value)
			}
		}
	}
	if !slices.Equal(values, []string{cb.ID, tt}) {
		t.Fatalf("history options %v, want [%s %s]", values, cb.ID, tt)
	}
	total := h.match(cb.ID).Version()
	r := pastReply(t, h.click(cbOutsider, hist.ID, true, "thist:board", cb.ID))
	if !strings.Contains(r.Content, fmt.Sprintf("Table %s after move %d of %d", cb.ID, total, total)) || !strings.Contains(r.Content, "Final ranking") {
		t.Fatalf("history board: %q", r.Content)
	}
	if !reflect.DeepEqual(rr.lastTurn(), h.match(cb.ID).Public()) {
		t.Fatalf("history board not drawn from the final public view")
	}
	if !r.hasButton("◀ previous") {
		t.Fatalf("history board cannot step back: %+v", r)
	}
	if r := mustPrivate(t, h.click(cbOutsider, hist.ID, true, "thist:log", cb.ID)); !strings.Contains(r.Content, "The game is over") {
		t.Fatalf("history log: %q", r.Content)
	}
	// The Tinners' Trail table's board opens as before.
	if v, _ := pastView(t, h.click(cbOutsider, hist.ID, true, "thist:board", tt)); v.Phase != tinners.PhaseOver {
		t.Fatalf("Tinners' Trail history board at phase %v", v.Phase)
	}
}

// TestGenericRules: /tt rules answers with the channel's table's title:
// Coal Baron's summary at a Coal Baron table (its lobby, while it runs),
// Tinners' Trail's at a Tinners' Trail table and where there is none.
func TestGenericRules(t *testing.T) {
	h, _ := cbHarness(t)
	cbText := func(r uiMsg) bool {
		return strings.HasPrefix(r.Content, "**Coal Baron: The Great Card Game — quick reference**") &&
			strings.Contains(r.Content, coalbaron.Title.Meta().Rules) && !strings.Contains(r.Content, "Tinners")
	}
	if r := mustPrivate(t, h.command(cbOutsider, 0, "rules", nil)); r.Content != rulesText() {
		t.Fatalf("rules with no table: %q", r.Content)
	}
	calls := h.command(cbPlayers[0], 0, "new", map[string]any{"game": "coalbaron", "players": 2})
	lobby := boardPosts(t, calls)[0]
	if r := mustPrivate(t, h.command(cbOutsider, 0, "rules", nil)); !cbText(r) {
		t.Fatalf("rules at a Coal Baron lobby: %q", r.Content)
	}
	h.command(cbPlayers[1], 0, "join", nil)
	join, _ := lobby.button("Join")
	h.click(cbPlayers[0], lobby.ID, false, "tl:"+strings.Split(join.CustomID, ":")[1]+":start")
	if r := mustPrivate(t, h.command(cbPlayers[1], 0, "rules", nil)); !cbText(r) || len([]rune(r.Content)) > 2000 {
		t.Fatalf("rules at a running Coal Baron table: %q", r.Content)
	}
	tableVia(t, h, testGuild, otherChannel, players[0], players[1])
	i := inChannel(commandInteraction(players[0], 0, "rules", nil), otherChannel)
	if r := mustPrivate(t, h.send(i)); r.Content != rulesText() {
		t.Fatalf("rules at a Tinners' Trail table: %q", r.Content)
	}
}

// TestGenericPictureRule plays whole 2-player Coal Baron games and checks
// every board post against gneedsPicture, replayed from the record: a
// picture on the first and final boards and whenever something was revealed
// or a place on the board changed since the last picture; never more than maxTextPosts boards in a row
// without one. It logs how many boards carried a picture. Seed 1 is the
// game shared with other tests (sharedCBGame); seed 2 is played under
// .ci/run's race-free pass only.
func TestGenericPictureRule(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	for _, seed := range []uint64{1, 2} {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			var posts []cbPosted
			var total int
			var events [][]engine.Event
			if seed == 1 {
				g := sharedCBGame(t)
				posts, total, events = g.posts, g.total, g.events
			} else {
				testenv.FullOnly(t) // a second whole game
				h, rr := cbHarness(t)
				d := cbGame(t, h, rr, seed, func(engine.Match) bool { return false })
				total = h.match(d.id).Version()
				_, events = cbRecordAt(t, h, d.id, total)
				posts = d.posts
			}
			pics, text, revealed, lastPic := 0, 0, false, 0
			for k, p := range posts {
				v := p.version
				if v == -2 {
					t.Fatalf("board %d has no ask line first", k)
				}
				if v < 0 {
					v = total
				}
				for n := lastPic; n < v; n++ {
					// A change on the board counts as a reveal (engine.Event.Where).
					revealed = revealed || engine.Reveals(events[n]) || len(engine.Places(events[n])) > 0
				}
				switch {
				case k == 0 || k == len(posts)-1 || revealed || text >= kit.MaxTextPosts:
					if !p.pic {
						t.Fatalf("board %d (move %d): no picture (revealed %v, %d text boards before)", k, v, revealed, text)
					}
				case p.pic:
					t.Logf("posts %+v", posts[max(0, k-5):k+1])
					t.Fatalf("board %d (move %d): a picture nothing called for", k, v)
				}
				if p.pic {
					pics, text, revealed, lastPic = pics+1, 0, false, v
				} else {
					text++
				}
			}
			if posts[len(posts)-1].version != -1 {
				t.Fatalf("the last board is not the final one")
			}
			if pics >= len(posts) {
				t.Errorf("every one of %d boards carried a picture", len(posts))
			}
			t.Logf("seed %d: %d boards, %d with a picture, %d moves", seed, len(posts), pics, total)
		})
	}
}

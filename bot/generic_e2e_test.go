package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"context"
	"encoding/json"
	"fmt"
	"image"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// The generic flow, end to end through the fake Discord, with Coal Baron.

var cbPlayers = []string{"610000000000000001", "610000000000000002", "610000000000000003"}

const cbOutsider = "610000000000000009"

// recRenderer records the views it is given and draws a tiny picture, so
// that a test can check every picture's source.
type recRenderer struct {
	mu                  sync.Mutex
	turns, boards, hand []any
}

func tiny() image.Image { return image.NewRGBA(image.Rect(0, 0, 2, 2)) }

func (r *recRenderer) Turn(v any, _ imaging.Options) (image.Image, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.turns = append(r.turns, v)
	return tiny(), nil
}

func (r *recRenderer) Board(v any, _ imaging.Options) (image.Image, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.boards = append(r.boards, v)
	return tiny(), nil
}

func (r *recRenderer) Hand(v any, _ imaging.Options) (image.Image, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.hand = append(r.hand, v)
	return tiny(), nil
}

// cbHarness is a harness hosting Tinners' Trail and Coal Baron.
func cbHarness(t *testing.T) (*harness, *recRenderer) {
	t.Helper()
	rr := &recRenderer{}
	h := newHarnessWith(t, func(c *Config) {
		c.Titles = engine.NewRegistry(tinners.Title, coalbaron.Title)
		c.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: tinnersimg.Renderer, coalbaron.ID: rr})
	})
	return h, rr
}

func (h *harness) match(id string) engine.Match {
	h.t.Helper()
	mt, err := h.m.store.Match(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return mt
}

// inChannel moves an interaction to channel ch.
func inChannel(i map[string]any, ch string) map[string]any {
	i["channel_id"] = ch
	i["channel"] = map[string]any{"id": ch, "type": 0}
	if msg, ok := i["message"].(map[string]any); ok {
		msg["channel_id"] = ch
	}
	return i
}

// clickIn is click in channel ch.
func (h *harness) clickIn(ch, userID, msgID string, ephemeral bool, customID string, values ...string) []fakeCall {
	h.t.Helper()
	flags := 0
	if ephemeral {
		flags = 64
	}
	data := map[string]any{"custom_id": customID, "component_type": 2}
	if len(values) > 0 {
		data["component_type"] = 3
		data["values"] = values
	}
	return h.send(inChannel(map[string]any{"type": 3, "member": member(userID, 0),
		"message": map[string]any{"id": msgID, "flags": flags, "content": ""}, "data": data}, ch))
}

// openCB opens a Coal Baron table of n players in ch and returns its ID
// and first board.
func openCB(t *testing.T, h *harness, ch string, n int) (string, uiMsg) {
	t.Helper()
	calls := h.send(inChannel(commandInteraction(cbPlayers[0], 0, "new", map[string]any{"game": "coalbaron", "players": n}), ch))
	posts := boardPosts(t, calls)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "Coal Baron") {
		t.Fatalf("new: want 1 lobby post naming the game, got %+v", posts)
	}
	join, ok := posts[0].button("Join")
	if !ok {
		t.Fatalf("lobby has no Join button")
	}
	id := strings.Split(join.CustomID, ":")[1]
	for k := 1; k < n; k++ {
		h.send(inChannel(commandInteraction(cbPlayers[k], 0, "join", nil), ch))
	}
	calls = h.clickIn(ch, cbPlayers[0], posts[0].ID, false, "tl:"+id+":start")
	boards := boardPosts(t, calls)
	if len(boards) != 1 {
		t.Fatalf("start: want 1 board, got %d: %+v", len(boards), calls)
	}
	return id, boards[0]
}

// cbDriver plays a Coal Baron table by clicking what the bot offers, and
// checks the promises after every interaction.
type cbDriver struct {
	t      *testing.T
	h      *harness
	rr     *recRenderer
	id, ch string
	board  uiMsg
	r      *rand.Rand
	public publicText // event lines the bot has told (public by the engine's contract)
	moves  int
	undos  int
	noUndo bool       // never take a move back (the record is then the whole story)
	posts  []cbPosted // every board posted, in order
}

// cbPosted is one board post: the version it shows ("move N" of its ask
// line; -1 for the final board) and whether it carries the picture.
type cbPosted struct {
	version int
	pic     bool
}

func (d *cbDriver) uid(seat int) string { return cbPlayers[seat] }

// track follows the newest board through posts and edits.
func (d *cbDriver) track(calls []fakeCall) {
	for _, c := range calls {
		if isDMPath(c.Path) || !strings.HasPrefix(c.Path, "/channels/"+d.ch+"/messages") {
			continue
		}
		u := decode(d.t, c, c.Method == "POST")
		hasBoard := slices.ContainsFunc(u.all(), func(x uiComp) bool {
			return strings.HasPrefix(x.CustomID, "gp:") || strings.HasPrefix(x.CustomID, "tre:")
		})
		switch {
		case c.Method == "POST" && hasBoard:
			d.board = u
			v := -2 // the ask line is missing
			first, _, _ := strings.Cut(u.Content, "\n")
			if _, after, ok := strings.Cut(first, "(move "); ok {
				fmt.Sscanf(after, "%d", &v)
			} else if strings.HasPrefix(finalBody(u.Content), "**Game over**") {
				v = -1
			}
			d.posts = append(d.posts, cbPosted{version: v, pic: len(c.Files) > 0})
		case c.Method == "PATCH" && strings.HasSuffix(c.Path, "/"+d.board.ID) && len(u.Components) > 0:
			id := d.board.ID
			d.board = u
			d.board.ID = id
		}
	}
}

// check verifies, after an interaction by clicker: pings go only to the
// seats that must act and never to the clicker; no public text names a
// card in anyone's hand; pictures come from the public view; public
// messages carry no private menus.
func (d *cbDriver) check(calls []fakeCall, clicker string) {
	t := d.t
	t.Helper()
	mt := d.h.match(d.id)
	var want []string
	for _, k := range mt.ToAct() {
		if d.uid(k) != clicker {
			want = append(want, d.uid(k))
		}
	}
	var secrets []string
	for k := range d.h.table(d.id).Seats {
		v := mt.Seat(k).(coalbaron.SeatView)
		for _, id := range slices.Concat(v.Orders, v.Innovations, v.Looked) {
			secrets = append(secrets, coalbaron.Standard.Card(id).String())
		}
	}
	for _, c := range calls {
		if !strings.HasPrefix(c.Path, "/channels/") || isDMPath(c.Path) || c.Method == "DELETE" {
			continue
		}
		u := decode(t, c, false)
		if u.AllowedMentions == nil || len(u.AllowedMentions.Parse) != 0 {
			t.Fatalf("public message may ping anyone: %s", c.Body)
		}
		pinged := u.AllowedMentions.Users
		final := c.Method == "POST" && isFinalPost(u.Content)
		if final {
			// The end is an event: the final post pings every player.
			var all []string
			for _, s := range d.h.table(d.id).Seats {
				all = append(all, s.UserID)
			}
			if !slices.Equal(sortedStr(pinged), sortedStr(all)) {
				t.Fatalf("the final post pings %v, want every player: %s", pinged, u.Content)
			}
		}
		if slices.Contains(pinged, clicker) && !final {
			t.Fatalf("the clicker is pinged: %s", c.Body)
		}
		if c.Method == "PATCH" && len(pinged) > 0 {
			t.Fatalf("an edit pings %v", pinged)
		}
		if c.Method == "POST" && !final && len(pinged) > 0 && !slices.Equal(sortedStr(pinged), sortedStr(want)) {
			t.Fatalf("post pings %v, want the seats to act %v: %s", pinged, want, u.Content)
		}
		for _, x := range u.all() {
			if strings.HasPrefix(x.CustomID, "gi:") || strings.HasPrefix(x.CustomID, "gm:") || strings.HasPrefix(x.CustomID, "gs:") {
				t.Fatalf("a private menu on a public message: %s", x.CustomID)
			}
		}
		var rest []string
		for _, l := range strings.Split(u.Content, "\n") {
			if !d.public.has(strings.TrimPrefix(l, "• ")) {
				rest = append(rest, l)
			}
		}
		text := strings.Join(rest, "\n")
		for _, s := range secrets {
			if strings.Contains(text, s) {
				t.Fatalf("public message names %q from a hand:\n%s", s, u.Content)
			}
		}
		for k, alt := range fakediscord.Descriptions(c.Body, len(c.Files)) {
			board := slices.ContainsFunc(u.all(), func(x uiComp) bool {
				return strings.HasPrefix(x.CustomID, "gp:") || strings.HasPrefix(x.CustomID, "tre:")
			})
			if c.Method == "POST" && board && (!strings.Contains(alt, "the board after move") || !strings.Contains(alt, "To act: ") && !strings.Contains(alt, "Game over")) {
				t.Fatalf("board picture %s posted without its alt text (who acts, or the end): %q", c.Files[k].Name, alt)
			}
		}
		if c.Method == "POST" && strings.Contains(u.Content, "Play") && len(c.Files) == 0 {
			// A board without a picture: nothing revealed since the last
			// one, and at most maxTextPosts in a row (gneedsPicture).
			if n := d.h.table(d.id).Notes; n.Revealed || n.TextPosts > kit.MaxTextPosts || n.PicAt == "" {
				t.Fatalf("board posted without its picture (notes %+v): %s", n, u.Content)
			}
		}
	}
	d.rr.mu.Lock()
	defer d.rr.mu.Unlock()
	for _, v := range append(slices.Clone(d.rr.turns), d.rr.boards...) {
		if _, ok := v.(coalbaron.PublicView); !ok {
			t.Fatalf("a public picture was drawn from a %T", v)
		}
	}
}

func sortedStr(xs []string) []string {
	c := slices.Clone(xs)
	slices.Sort(c)
	return c
}

// offered lists what a private message offers: buttons (custom ID) and
// select options (custom ID, value); Back and Undo are left out.
func offered(u uiMsg) [][2]string {
	var out [][2]string
	for _, c := range u.all() {
		switch {
		case c.Type == 2 && (strings.HasPrefix(c.CustomID, "gi:") || strings.HasPrefix(c.CustomID, "gm:")) && c.Label != "Back":
			out = append(out, [2]string{c.CustomID, ""})
		case c.Type == 3:
			for _, o := range c.Options {
				out = append(out, [2]string{c.CustomID, o.Value})
			}
		}
	}
	return out
}

// turn plays one turn of the seat to act: Play on the board, then random
// offered options until the seat no longer acts.
func (d *cbDriver) turn() {
	t := d.t
	t.Helper()
	mt := d.h.match(d.id)
	seat := mt.ToAct()[0]
	uid := d.uid(seat)
	play, ok := d.board.button("Play")
	if !ok {
		t.Fatalf("board has no Play button: %+v", d.board)
	}
	calls := d.h.clickIn(d.ch, uid, d.board.ID, false, play.CustomID)
	menu := mustPrivate(t, calls)
	for step := 0; ; step++ {
		if step > 200 {
			t.Fatalf("seat %d: no end of turn after 200 clicks", seat)
		}
		opts := offered(menu)
		if len(opts) == 0 {
			t.Fatalf("seat %d to act is offered nothing: %q", seat, menu.Content)
		}
		o := opts[d.r.IntN(len(opts))]
		var values []string
		if o[1] != "" {
			values = []string{o[1]}
		}
		calls = d.h.clickIn(d.ch, uid, menu.ID, true, o[0], values...)
		reply := mustPrivate(t, calls)
		d.track(calls)
		if !strings.HasPrefix(reply.Content, "**Done.**") {
			if strings.HasPrefix(reply.Content, "**Your move**") {
				menu = reply
				continue
			}
			t.Fatalf("seat %d: %s %v → %q", seat, o[0], values, reply.Content)
		}
		d.moves++
		for _, l := range strings.Split(reply.Content, "\n") {
			if line, ok := strings.CutPrefix(l, "• "); ok {
				d.public.add(line)
			}
		}
		d.check(calls, uid)
		if undo, ok := reply.button("Undo my move"); ok && !d.noUndo && d.r.IntN(25) == 0 {
			calls = d.h.clickIn(d.ch, uid, reply.ID, true, undo.CustomID)
			back := mustPrivate(t, calls)
			if !strings.HasPrefix(back.Content, "**Taken back.**") {
				t.Fatalf("undo: %q", back.Content)
			}
			d.undos++
			d.track(calls)
			d.check(calls, uid)
			reply = back
		}
		after := d.h.match(d.id)
		if after.Result() != nil || !slices.Contains(after.ToAct(), seat) {
			return
		}
		menu = reply
	}
}

func playCB(t *testing.T, n int, seed uint64) {
	h, rr := cbHarness(t)
	id, board := openCB(t, h, testChannel, n)
	d := &cbDriver{t: t, h: h, rr: rr, id: id, ch: testChannel, board: board, r: rand.New(rand.NewPCG(seed, 7)), public: newPublicText("The game begins.")}
	var want []string
	for _, k := range h.match(id).ToAct() {
		if k != 0 {
			want = append(want, cbPlayers[k])
		}
	}
	if !slices.Equal(sortedStr(board.AllowedMentions.Users), sortedStr(want)) {
		t.Fatalf("first board pings %v, want %v (the seats to act but the host, who started)", board.AllowedMentions.Users, want)
	}
	for turns := 0; d.h.match(id).Result() == nil; turns++ {
		if turns > 2000 {
			t.Fatalf("no end after 2000 turns")
		}
		d.turn()
	}
	mt := d.h.match(id)
	res := mt.Result()
	if d.board.Content == "" || !isFinalPost(d.board.Content) || !strings.Contains(d.board.Content, "**Points by category:**") {
		t.Fatalf("the last board is not the final one: %q", d.board.Content)
	}
	checkResultLine(t, d.board.Content, h.table(id), res.Ranking, res.Scores)
	checkFinishedBoardCommand(t, h, id, d.board.ID)
	if st := h.table(id).Status; st != kit.StatusFinished {
		t.Errorf("table status %v, want finished", st)
	}
	t.Logf("%dp: %d interactions with moves, %d undos, version %d, ranking %v scores %v", n, d.moves, d.undos, mt.Version(), res.Ranking, res.Scores)
	// After the end: the record exports; a click on the last menu is refused.
	if r := mustPrivate(t, h.command(cbPlayers[0], 0, "export", nil)); !strings.Contains(r.Content, "record") {
		t.Errorf("export: %q", r.Content)
	}
	// The finished table counts in /tt stats: one game at n players, won by
	// the first of the ranking, with the title's score.
	winner := res.Ranking[0]
	r := mustPrivate(t, h.command(cbPlayers[winner], 0, "stats", nil))
	line := fmt.Sprintf("• %d players: 1 game, 1 won (100%%), average score %d.0, average rank 1.0", n, res.Scores[winner])
	if !strings.Contains(r.Content, line) {
		t.Errorf("stats of the winner:\n%s\nwant %q", r.Content, line)
	}
}

// TestGenericCoalBaronWholeGame plays whole Coal Baron games through the
// fake Discord by clicking only what the bot offers: the 2-player game, and
// in the full pass the 3-player one too.
func TestGenericCoalBaronWholeGame(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	t.Run("2p", func(t *testing.T) { playCB(t, 2, 1) })
	if testenv.Pick(t, false) {
		t.Run("3p", func(t *testing.T) { playCB(t, 3, 2) })
	}
}

// cbSnapshot is what a refused click must leave unchanged.
func cbSnapshot(h *harness, id string) string {
	h.t.Helper()
	tb := h.table(id)
	mt := h.match(id)
	notes, _ := json.Marshal(tb.Notes)
	return fmt.Sprintf("v%d board %s notes %s", mt.Version(), tb.BoardMsg, notes)
}

// refused sends a click that must be refused with a sentence containing
// want, changing nothing and posting or editing nothing.
func refused(t *testing.T, h *harness, id, what, want string, calls func() []fakeCall) {
	t.Helper()
	before := cbSnapshot(h, id)
	cs := calls()
	r := mustPrivate(t, cs)
	if !strings.Contains(r.Content, want) {
		t.Errorf("%s: reply %q, want %q", what, r.Content, want)
	}
	if len(r.Components) > 0 && want != "" && !strings.Contains(r.Content, "Nothing was changed") {
		t.Errorf("%s: the refusal offers components", what)
	}
	for _, c := range cs {
		if strings.HasPrefix(c.Path, "/channels/") && (c.Method == "POST" || c.Method == "PATCH") {
			t.Errorf("%s: %s %s", what, c.Method, c.Path)
		}
	}
	if after := cbSnapshot(h, id); after != before {
		t.Errorf("%s changed the game:\n%s\n%s", what, before, after)
	}
}

// TestGenericRefusals: stale, forged, out-of-turn and non-player clicks at
// a Coal Baron table get a clear private sentence and change nothing.
func TestGenericRefusals(t *testing.T) {
	h, _ := cbHarness(t)
	id, board := openCB(t, h, testChannel, 2)
	mt := h.match(id)
	seat := mt.ToAct()[0]
	me, other := cbPlayers[seat], cbPlayers[1-seat]
	play, _ := board.button("Play")
	tok := strings.Split(play.CustomID, ":")[2]

	refused(t, h, id, "non-player Play", "not seated", func() []fakeCall { return h.click(cbOutsider, board.ID, false, play.CustomID) })
	refused(t, h, id, "non-player Hand", "not seated", func() []fakeCall { return h.click(cbOutsider, board.ID, false, "gh:"+id) })
	refused(t, h, id, "out-of-turn Play", "not your turn", func() []fakeCall { return h.click(other, board.ID, false, play.CustomID) })
	// The rest are forged: custom IDs no message carried, or one only
	// the seat to act was shown, sent from the board.
	legal := mt.Legal(seat)
	refused(t, h, id, "another seat's action", "not your turn", func() []fakeCall {
		return h.forgeOnBoard(other, "gs:"+id+":"+tok+":0", "a:"+legal[0].String())
	})
	for _, f := range []struct{ name, id, value string }{
		{"index out of range", "gi:" + id + ":" + tok + ":999", ""},
		{"no such menu node", "gm:" + id + ":" + tok + ":77.77", ""},
		{"bad path", "gm:" + id + ":" + tok + ":x", ""},
		{"bad token", "gp:" + id + ":1e", ""},
		{"unknown game", "gp:zzzzzzzz:" + tok, ""},
		{"garbage action", "gs:" + id + ":" + tok + ":0", "a:%%%"},
		{"garbage value", "gs:" + id + ":" + tok + ":0", "q:1"},
		{"short ID", "gi:" + id, ""},
	} {
		var values []string
		if f.value != "" {
			values = []string{f.value}
		}
		refused(t, h, id, f.name, "not one of ours", func() []fakeCall { return h.forgeOnBoard(me, f.id, values...) })
	}
	// The seat to act opens its menu and plays one option.
	menu := mustPrivate(t, h.click(me, board.ID, false, play.CustomID))
	opts := offered(menu)
	if len(opts) == 0 {
		t.Fatalf("no options: %q", menu.Content)
	}
	first, firstOpt := menu, opts[0]
	// Its board and hand are its own: Coal Baron's button is "My board"
	// (its picture is the seat's whole board, hidden cards under it).
	if !board.hasButton("My board") || board.hasButton("My hand") {
		t.Errorf("Coal Baron's board offers no My board: %+v", board.all())
	}
	hand := mustPrivate(t, h.click(me, board.ID, false, "gh:"+id))
	if !strings.Contains(hand.Content, "**Your board** (") {
		t.Errorf("hand: %q", hand.Content)
	}
	// Play until the version moves on, then the old menu and board are stale.
	for range 20 {
		o := opts[0]
		var values []string
		if o[1] != "" {
			values = []string{o[1]}
		}
		reply := mustPrivate(t, h.click(me, menu.ID, true, o[0], values...))
		if strings.HasPrefix(reply.Content, "**Done.**") {
			break
		}
		menu, opts = reply, offered(reply)
	}
	if h.match(id).Version() == mt.Version() {
		t.Fatalf("no move was made")
	}
	refused(t, h, id, "a click on a menu of an older version", "moved on", func() []fakeCall {
		var values []string
		if firstOpt[1] != "" {
			values = []string{firstOpt[1]}
		}
		return h.click(me, first.ID, true, firstOpt[0], values...)
	})
	if h.table(id).BoardMsg != board.ID {
		refused(t, h, id, "Play on an older board", "moved on", func() []fakeCall { return h.click(me, board.ID, false, play.CustomID) })
	} else {
		refused(t, h, id, "an old token on the board", "moved on", func() []fakeCall { return h.click(me, board.ID, false, play.CustomID) })
	}
	refused(t, h, id, "undo of an older version", "moved on", func() []fakeCall { return h.forgeOnBoard(me, "gu:"+id+":"+tok) }) // forged: no undo of that version was offered
	refused(t, h, id, "undo by the other seat", "no move of yours", func() []fakeCall { return h.command(other, 0, "undo", nil) })

	// A shift not begun yet answers with a sentence.
	for _, c := range []struct {
		sub  string
		opts map[string]any
		want string
	}{
		{"board", map[string]any{"round": 2}, "This game has no `round:2` to show yet: it is now in Shift 1."},
		{"log", map[string]any{"round": 2}, "This game has no `round:2` to show yet: it is now in Shift 1."},
	} {
		refused(t, h, id, "/tt "+c.sub, c.want, func() []fakeCall { return h.command(me, adminPerms, c.sub, c.opts) })
	}
	if r := mustPrivate(t, h.command(me, 0, "new", map[string]any{"game": "coalbaron", "arsenic": true})); !strings.Contains(r.Content, "is an option of Tinners' Trail, not of Coal Baron") {
		t.Errorf("coal baron with arsenic: %q", r.Content)
	}
	if r := mustPrivate(t, h.command(me, 0, "new", map[string]any{"game": "coalbaron", "players": 5})); !strings.Contains(r.Content, "seats 2 to 4") {
		t.Errorf("coal baron for 5: %q", r.Content)
	}
	if r := mustPrivate(t, h.command(me, 0, "new", map[string]any{"game": "coalbaron"})); !strings.Contains(r.Content, "already open") {
		t.Errorf("second table: %q", r.Content)
	}
	if r := mustPrivate(t, h.command(me, 0, "log", nil)); !strings.Contains(r.Content, "the game so far") {
		t.Errorf("log: %q", r.Content)
	}
}

// TestGenericSideBySide runs a Coal Baron table and a Tinners' Trail table
// in two channels of one server.
func TestGenericSideBySide(t *testing.T) {
	h, rr := cbHarness(t)
	const other = "700000000000000003"
	// Tinners' Trail in the second channel, opened the old way (no game option).
	calls := h.send(inChannel(commandInteraction(players[0], 0, "new", map[string]any{"players": 2}), other))
	lobby := boardPosts(t, calls)[0]
	if !strings.Contains(lobby.Content, "**Tinners' Trail**") {
		t.Fatalf("lobby: %q", lobby.Content)
	}
	join, _ := lobby.button("Join")
	ttID := strings.Split(join.CustomID, ":")[1]
	h.send(inChannel(commandInteraction(players[1], 0, "join", nil), other))
	calls = h.clickIn(other, players[0], lobby.ID, false, "tl:"+ttID+":start")
	if len(boardPosts(t, calls)) != 1 {
		t.Fatalf("tinners start: %+v", calls)
	}
	ttBefore := h.state(ttID).Version
	// Coal Baron in the test channel: a few turns.
	id, board := openCB(t, h, testChannel, 2)
	d := &cbDriver{t: t, h: h, rr: rr, id: id, ch: testChannel, board: board, r: rand.New(rand.NewPCG(9, 9)), public: newPublicText("The game begins.")}
	for range 6 {
		d.turn()
	}
	if v := h.state(ttID).Version; v != ttBefore {
		t.Errorf("the Tinners' Trail game moved from %d to %d", ttBefore, v)
	}
	// A Coal Baron button sent from the other channel (forged: Discord
	// shows it only here) is not one of ours.
	play, _ := d.board.button("Play")
	seat := h.match(id).ToAct()[0]
	refused(t, h, id, "Play from another channel", "not one of ours", func() []fakeCall {
		return h.forgeIn(other, cbPlayers[seat], play.CustomID)
	})
	// Each channel's /tt board shows its own game.
	calls = h.send(inChannel(commandInteraction(players[0], 0, "board", nil), other))
	if ps := boardPosts(t, calls); len(ps) != 1 || strings.Contains(ps[0].Content, "Coal Baron") || !ps[0].hasButton("My hand") {
		t.Errorf("tinners board: %+v", ps)
	}
	calls = h.command(cbPlayers[0], 0, "board", nil)
	if ps := boardPosts(t, calls); len(ps) != 1 || !ps[0].hasButton("My board") || !ps[0].hasButton("Play") {
		t.Errorf("coal baron board: %+v", ps)
	}
	// /tt games lists both tables of a member seated at both.
	if r := mustPrivate(t, h.command(players[0], 0, "games", nil)); !strings.Contains(r.Content, "Table "+ttID) {
		t.Errorf("games: %q", r.Content)
	}
	if r := mustPrivate(t, h.command(cbPlayers[0], 0, "games", nil)); !strings.Contains(r.Content, "Coal Baron") {
		t.Errorf("games at the Coal Baron table: %q", r.Content)
	}
	// Tinners' Trail commands still work in their channel.
	if r := mustPrivate(t, h.send(inChannel(commandInteraction(players[0], 0, "hand", nil), other))); strings.Contains(r.Content, "only at Tinners") {
		t.Errorf("tinners hand: %q", r.Content)
	}
}

// TestGenericRemindersAndSubstitute: a Coal Baron table's reminders ping
// the seat to act, the stalled notice offers the default move, and a seat
// handed to another member is played by them.
func TestGenericRemindersAndSubstitute(t *testing.T) {
	h, _ := cbHarness(t)
	id, board := openCB(t, h, testChannel, 2)
	seat := h.match(id).ToAct()[0]
	waiting := cbPlayers[seat]
	for k := range 4 {
		h.clock.Add(100 * time.Hour)
		ps := h.remindNow()
		if len(ps) != 1 {
			t.Fatalf("reminder %d: %d posts", k, len(ps))
		}
		p := ps[0]
		if strings.Contains(p.Content, "Tinners") {
			t.Errorf("reminder %d speaks of Tinners' Trail: %q", k, p.Content)
		}
		if k == 3 && !strings.Contains(p.Content, "/tt default") {
			t.Errorf("the stalled notice does not offer Coal Baron's default move: %q", p.Content)
		}
		want := []string{waiting}
		if k == 3 {
			want = []string{cbPlayers[0]} // the host, told the seat is stalled
			if !strings.Contains(p.Content, "stalled") {
				t.Errorf("last reminder: %q", p.Content)
			}
		} else if !strings.Contains(p.Content, "your turn") {
			t.Errorf("reminder %d: %q", k, p.Content)
		}
		if !slices.Equal(p.AllowedMentions.Users, want) {
			t.Errorf("reminder %d pings %v, want %v", k, p.AllowedMentions.Users, want)
		}
	}
	r := mustPrivate(t, h.command(cbPlayers[0], 0, "substitute", map[string]any{"seat": fmt.Sprint(seat + 1), "user": userOpt(cbOutsider)}))
	btn, ok := r.button("Hand over the seat")
	if !ok {
		t.Fatalf("no confirm: %q", r.Content)
	}
	calls := h.click(cbPlayers[0], r.ID, true, btn.CustomID)
	if ps := boardPosts(t, calls); len(ps) != 1 || !strings.Contains(ps[0].Content, "handed") {
		t.Fatalf("hand-over post: %+v", ps)
	}
	if got := h.table(id).Seats[seat].UserID; got != cbOutsider {
		t.Fatalf("seat %d belongs to %s", seat, got)
	}
	play, _ := board.button("Play")
	if m := mustPrivate(t, h.click(cbOutsider, board.ID, false, play.CustomID)); !strings.HasPrefix(m.Content, "**Your move**") {
		t.Errorf("the newcomer's Play: %q", m.Content)
	}
	if m := mustPrivate(t, h.click(waiting, board.ID, false, play.CustomID)); !strings.Contains(m.Content, "not seated") {
		t.Errorf("the old player's Play: %q", m.Content)
	}
}

// TestGenericDefaultAndDeadline: the host plays a Coal Baron seat's default
// move after confirming (announced, pinging the seat's player, the game
// moves on); others may not; a stale confirm changes nothing; and with a
// deadline the reminder tick plays the default move by itself.
func TestGenericDefaultAndDeadline(t *testing.T) {
	h, _ := cbHarness(t)
	id, _ := openCB(t, h, testChannel, 2)
	seat := h.match(id).ToAct()[0]
	if r := mustPrivate(t, h.command(cbOutsider, 0, "default", nil)); !strings.Contains(r.Content, "Only the host") {
		t.Fatalf("a non-player's /tt default: %q", r.Content)
	}
	h.clock.Add(12 * time.Hour) // the host steps in after the reminder interval
	r := mustPrivate(t, h.command(cbPlayers[0], 0, "default", nil))
	btn, ok := r.button("Play the default move")
	if !ok {
		t.Fatalf("no confirm: %q", r.Content)
	}
	before := h.match(id).Version()
	if m := mustPrivate(t, h.forgeOnBoard(cbOutsider, btn.CustomID)); !strings.Contains(m.Content, "Only the host") { // the host's confirm, forged
		t.Fatalf("a non-player's confirm: %q", m.Content)
	}
	if h.match(id).Version() != before {
		t.Fatal("a refused confirm played")
	}
	calls := h.click(cbPlayers[0], r.ID, true, btn.CustomID)
	if h.match(id).Version() <= before {
		t.Fatal("the default move was not played")
	}
	var announced bool
	for _, p := range boardPosts(t, calls) {
		if strings.Contains(p.Content, "played the default move for") {
			announced = true
			if !slices.Equal(p.AllowedMentions.Users, []string{cbPlayers[seat]}) {
				t.Errorf("the announcement pings %v", p.AllowedMentions.Users)
			}
		}
	}
	if !announced {
		t.Fatal("the default move was not announced")
	}
	// The same confirm again is stale.
	v := h.match(id).Version()
	if m := mustPrivate(t, h.click(cbPlayers[0], r.ID, true, btn.CustomID)); !strings.Contains(m.Content, "moved on") {
		t.Fatalf("a stale confirm: %q", m.Content)
	}
	if h.match(id).Version() != v {
		t.Fatal("a stale confirm played")
	}
	// A deadline plays the waiting seat's default by itself.
	if r := mustPrivate(t, h.command(cbPlayers[0], 0, "settings", map[string]any{"deadline": 24})); strings.Contains(r.Content, "names none") {
		t.Fatalf("settings deadline: %q", r.Content)
	}
	v = h.match(id).Version()
	var posts []uiMsg
	for k := 0; k < 6 && h.match(id).Version() == v; k++ {
		h.clock.Add(25 * time.Hour)
		posts = h.remindNow()
	}
	if h.match(id).Version() == v {
		t.Fatal("the deadline played nothing")
	}
	// The board that follows asks the next seat, with when its own default
	// move is due, as Discord writes a time: in each reader's own words.
	due := fmt.Sprintf(" Default move <t:%d:R>.", kit.DeadlineAt(h.table(id)).Unix())
	if len(posts) == 0 || !strings.Contains(headLine(posts[len(posts)-1].Content), due) {
		t.Fatalf("the board after the deadline does not say the next one (%q):\n%+v", due, posts)
	}
}

package bot

import (
	"fmt"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// Rounds of a generic title (engine.Rounds; Coal Baron's shifts) through
// the fake Discord: /tt board round: and /tt log round: (bot/genericui/rounds.go).

// cbRounds replays table id's record: rounds[k] the shift after k moves,
// matches[k] the match then, events[k] what move k+1 made happen.
func cbRounds(t *testing.T, h *harness, id string) (rounds []int, matches []engine.Match, events [][]engine.Event) {
	t.Helper()
	rec, err := h.m.store.MatchRecord(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	mt, err := coalbaron.Title.New(rec.SetupOf())
	if err != nil {
		t.Fatal(err)
	}
	rounds, matches = []int{mt.(engine.Rounds).Round()}, []engine.Match{mt}
	for _, str := range rec.Actions {
		a, err := coalbaron.Title.ParseAction(str)
		if err != nil {
			t.Fatal(err)
		}
		next, ev, err := mt.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		mt = next
		rounds, matches, events = append(rounds, mt.(engine.Rounds).Round()), append(matches, mt), append(events, ev)
	}
	return rounds, matches, events
}

// roundLines are the English log lines of the moves made in shift r.
func roundLines(rounds []int, events [][]engine.Event, names []string, r int) []string {
	var out []string
	for k, ev := range events {
		if rounds[k] == r {
			for _, e := range ev {
				out = append(out, engine.FormatLine(kit.EventLine(e).Say(kit.English()), names))
			}
		}
	}
	return out
}

// TestGenericRounds: at a 2-player Coal Baron table played into shift 3,
// /tt board round:2 shows the asker alone the public view at the first
// move after which the game is in shift 2, with the past board's paging;
// /tt log round:1 holds the events of the moves made in shift 1 (the last
// of them ends it) and none of shift 2's, with a button per shift begun;
// a shift not begun is refused naming the current one; at: with round: is
// refused; Polish speaks of "Zmiana".
func TestGenericRounds(t *testing.T) {
	// Coal Baron through the generic UI: under -race TestGenericCoalBaronWholeGame
	// plays the same paths; this test plays in the full pass.
	testenv.FullOnly(t)
	t.Parallel() // a whole game in its own harness: shares nothing
	h, rr := cbHarness(t)
	d := cbGame(t, h, rr, 5, func(mt engine.Match) bool { return mt.(engine.Rounds).Round() >= 3 })
	id := d.id
	rounds, matches, events := cbRounds(t, h, id)
	total := len(events)
	if rounds[total] != 3 || h.match(id).(engine.Rounds).Round() != 3 {
		t.Fatalf("the game is in shift %d, want 3", rounds[total])
	}
	start2 := slices.Index(rounds, 2)
	names := seatNames(h.table(id))

	// The board as shift 2 began.
	r := pastReply(t, h.command(cbOutsider, 0, "board", map[string]any{"round": 2}))
	wantText(t, "board round:2", r.Content, "**Start of Shift 2**\n", fmt.Sprintf("Table %s after move %d of %d", id, start2, total), "only you see this")
	if got := rr.lastTurn(); !reflect.DeepEqual(got, matches[start2].Public()) {
		t.Fatalf("round:2 drew %T, not the public view after move %d", got, start2)
	}
	if !strings.Contains(r.Content, "\n> Shift 2 begins with ") {
		t.Errorf("round:2 does not show the move that began shift 2:\n%s", r.Content)
	}
	for _, label := range []string{"◀ previous", "next ▶", "Setup", "Last move"} {
		if _, ok := r.button(label); !ok {
			t.Errorf("round:2 lacks the %q button: %+v", label, r.all())
		}
	}
	if b, _ := r.button("◀ previous"); b.CustomID != fmt.Sprintf("gpast:%s:%d:b1", id, start2-1) {
		t.Errorf("◀ previous: %+v", b)
	}
	r = pastReply(t, h.command(cbOutsider, 0, "board", map[string]any{"round": 1}))
	wantText(t, "board round:1", r.Content, "**Start of Shift 1**\n", "at the setup**: move 0 of")

	// The log of shift 1.
	one, two := roundLines(rounds, events, names, 1), roundLines(rounds, events, names, 2)
	r = mustPrivate(t, h.command(cbPlayers[0], 0, "log", map[string]any{"round": 1}))
	head, body, _ := strings.Cut(r.Content, "\n")
	if want := fmt.Sprintf("**Table %s — Shift 1** (%d lines)", id, len(one)); head != want {
		t.Errorf("log round:1 head %q, want %q", head, want)
	}
	got := strings.Split(body, "\n")
	if len(got) > 0 && strings.HasPrefix(got[0], "Page ") {
		got = got[1:] // a long shift's last page (logpage.go)
	}
	if len(got) == 0 || !slices.Equal(got, one[len(one)-len(got):]) {
		t.Errorf("log round:1 is not shift 1's events (the newest kept):\n%s", r.Content)
	}
	if !strings.HasPrefix(got[len(got)-1], "Shift 2 begins") || !slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "Shift 1 ends") }) {
		t.Errorf("log round:1 does not end with the move that ends shift 1:\n%s", r.Content)
	}
	for _, l := range two {
		if !slices.Contains(one, l) && strings.Contains(r.Content, l) {
			t.Errorf("log round:1 holds shift 2's %q", l)
		}
	}
	var ids []string
	for _, b := range r.all() {
		if !pagerButton(b.Label) {
			ids = append(ids, fmt.Sprintf("%s=%s/%v", b.Label, b.CustomID, b.Disabled))
		}
	}
	if want := []string{"Shift 1=glog:" + id + ":1/true", "Shift 2=glog:" + id + ":2/false", "Shift 3=glog:" + id + ":3/false"}; !slices.Equal(ids, want) {
		t.Errorf("log round:1 buttons %v, want %v", ids, want)
	}
	// Its button opens shift 2's page.
	b, _ := r.button("Shift 2")
	p := mustPrivate(t, h.click(cbPlayers[0], r.ID, true, b.CustomID))
	if want := fmt.Sprintf("**Table %s — Shift 2** (%d lines)", id, len(two)); !strings.HasPrefix(p.Content, want+"\n") {
		t.Errorf("glog button: %q, want %q", p.Content, want)
	}
	if !strings.Contains(p.Content, "Shift 2 ends") || strings.Contains(p.Content, "Shift 1 ends") {
		t.Errorf("shift 2's page:\n%s", p.Content)
	}
	// Without round: the whole game, as before; the heading stays when the
	// oldest lines give way.
	all := mustPrivate(t, h.command(cbPlayers[0], 0, "log", nil)).Content
	wantText(t, "log", all, fmt.Sprintf("**Table %s — the game so far** (", id), "\nShift 3 begins with ")

	// Refusals: a shift not begun (or none), at: with round:, forged buttons.
	before := cbSnapshot(h, id)
	for _, c := range []struct {
		sub  string
		opts map[string]any
		want string
	}{
		{"board", map[string]any{"round": 4}, "This game has no `round:4` to show yet: it is now in Shift 3."},
		{"board", map[string]any{"round": 0}, "This game has no `round:0` to show yet: it is now in Shift 3."},
		{"log", map[string]any{"round": 4}, "This game has no `round:4` to show yet: it is now in Shift 3."},
		{"board", map[string]any{"round": 2, "at": 3}, "not both"},
	} {
		wantText(t, fmt.Sprint(c.sub, c.opts), mustPrivate(t, h.command(cbPlayers[0], 0, c.sub, c.opts)).Content, c.want)
	}
	tt := tableVia(t, h, testGuild, otherChannel, players[0], players[1])
	// Forged custom IDs, each sent from a private reply of the player's
	// in its channel.
	from := map[string]string{testChannel: r.ID, otherChannel: h.ownPrivate(otherChannel, cbPlayers[0], 0)}
	for _, c := range []struct{ ch, id string }{
		{otherChannel, "glog:" + id + ":1"}, // another channel's table
		{testChannel, "glog:" + id + ":x"},
		{testChannel, "glog:" + id + ":-1"},
		{testChannel, "glog:" + id},
		{testChannel, "glog:nosuch:1"},
		{otherChannel, "glog:" + tt + ":1"}, // a Tinners' Trail table
	} {
		if r := mustPrivate(t, h.sendForged(inChannel(clickInteraction(cbPlayers[0], from[c.ch], true, c.id), c.ch))); !strings.Contains(r.Content, "not one of ours") {
			t.Errorf("%s in %s: %q", c.id, c.ch, r.Content)
		}
	}
	if after := cbSnapshot(h, id); after != before {
		t.Errorf("round: changed the game")
	}

	// Polish.
	r = pastReply(t, h.commandAs("pl", "", cbOutsider, 0, "board", map[string]any{"round": 2}))
	wantText(t, "board runda:2", r.Content, "**Początek: Zmiana 2**\n", fmt.Sprintf("Stół %s po ruchu %d z %d", id, start2, total))
	r = mustPrivate(t, h.commandAs("pl", "", cbPlayers[0], 0, "log", map[string]any{"round": 1}))
	wantText(t, "log runda:1", r.Content, fmt.Sprintf("**Stół %s — Zmiana 1** (%d ", id, len(one)), "Koniec zmiany 1:")
	lacks(t, "log runda:1", r.Content, "Shift", "Table ", "lines)")
	for _, label := range []string{"Zmiana 1", "Zmiana 2", "Zmiana 3"} {
		if _, ok := r.button(label); !ok {
			t.Errorf("Polish log lacks the %q button: %+v", label, r.all())
		}
	}
	wantText(t, "runda:5", mustPrivate(t, h.commandAs("pl", "", cbPlayers[0], 0, "board", map[string]any{"round": 5})).Content,
		"W tej grze nie ma jeszcze czego pokazać dla `runda:5`: teraz trwa Zmiana 3.")

	// Finished: the rounds of the last finished table still open.
	for h.match(id).Result() == nil {
		d.turn()
	}
	last := h.match(id).(engine.Rounds).Round()
	wantText(t, "finished log", mustPrivate(t, h.command(cbOutsider, 0, "log", map[string]any{"round": last})).Content, fmt.Sprintf("— Shift %d** (", last), fmt.Sprintf("Shift %d ends", last))
	wantText(t, "finished board", pastReply(t, h.command(cbOutsider, 0, "board", map[string]any{"round": 2})).Content, fmt.Sprintf("after move %d of", start2))
}

// noRounds is Coal Baron under another id with matches that do not tell
// their round: a title without engine.Rounds.
type noRounds struct{ engine.Title }

type noRoundsMatch struct{ engine.Match }

func (n noRounds) Meta() engine.Meta {
	m := n.Title.Meta()
	m.ID, m.Name = "norounds", "No Rounds"
	return m
}

func (n noRounds) New(s engine.Setup) (engine.Match, error) {
	mt, err := n.Title.New(s)
	if err != nil {
		return nil, err
	}
	return noRoundsMatch{mt}, nil
}

func (n noRounds) Restore(b []byte) (engine.Match, error) {
	mt, err := n.Title.Restore(b)
	if err != nil {
		return nil, err
	}
	return noRoundsMatch{mt}, nil
}

func (m noRoundsMatch) Apply(a engine.Action) (engine.Match, []engine.Event, error) {
	next, ev, err := m.Match.Apply(a)
	if err != nil {
		return nil, ev, err
	}
	return noRoundsMatch{next}, ev, nil
}

// TestGenericNoRounds: a title whose matches have no rounds refuses
// /tt board round: in the asker's language, and /tt log round: shows the
// whole game as it always has.
func TestGenericNoRounds(t *testing.T) {
	h := newHarnessWith(t, func(c *Config) {
		c.Titles = engine.NewRegistry(tinners.Title, coalbaron.Title, noRounds{coalbaron.Title})
		c.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: tinnersimg.Renderer, coalbaron.ID: &recRenderer{}, "norounds": &recRenderer{}})
	})
	calls := h.command(cbPlayers[0], 0, "new", map[string]any{"game": "norounds", "players": 2})
	posts := boardPosts(t, calls)
	if len(posts) != 1 {
		t.Fatalf("new: %+v", calls)
	}
	join, _ := posts[0].button("Join")
	id := strings.Split(join.CustomID, ":")[1]
	h.command(cbPlayers[1], 0, "join", nil)
	h.click(cbPlayers[0], posts[0].ID, false, "tl:"+id+":start")
	if tb := h.table(id); tb.Status != kit.StatusRunning || tb.TitleID() != "norounds" {
		t.Fatalf("table %s: %s %s", id, tb.Status, tb.TitleID())
	}
	if _, ok := h.match(id).(engine.Rounds); ok {
		t.Fatal("the fake title's match has rounds")
	}
	wantText(t, "round:", mustPrivate(t, h.command(cbPlayers[0], 0, "board", map[string]any{"round": 1})).Content,
		"This game has no rounds the bot knows of, so `round:` does not work here; `/tt board at:<move>` shows this game at any move, 0 being the setup.")
	wantText(t, "runda:", mustPrivate(t, h.commandAs("pl", "", cbPlayers[0], 0, "board", map[string]any{"round": 1})).Content,
		"Bot nie zna rund tej gry, więc `runda:` tu nie działa")
	wantText(t, "log round:", mustPrivate(t, h.command(cbPlayers[0], 0, "log", map[string]any{"round": 1})).Content, "the game so far")
}

package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// TestGenericSinceLastMove: at a Coal Baron table (a generic title), a
// player's first private step of a turn, and the reply to their
// `/tt board`, open with what happened since their last move: the lines
// the other seats' moves made, which the public board told too.
func TestGenericSinceLastMove(t *testing.T) {
	h, rr := cbHarness(t)
	id, board := openCB(t, h, testChannel, 2)
	d := &cbDriver{t: t, h: h, rr: rr, id: id, ch: testChannel, board: board, r: rand.New(rand.NewPCG(3, 7)), public: newPublicText("The game begins."), noUndo: true}
	// Play until seat 0 has moved and waits for its turn again after
	// another seat's move.
	moved := false
	for turns := 0; ; turns++ {
		if turns > 50 {
			t.Fatal("seat 0 never came back to act after moving")
		}
		seat := h.match(id).ToAct()[0]
		if seat == 0 && moved && h.table(id).Notes.Seen[0] < h.match(id).Version() {
			break
		}
		if seat == 0 {
			moved = true
		}
		d.turn()
	}
	seen := h.table(id).Notes.Seen[0]
	if seen <= 0 {
		t.Fatalf("seat 0's last move is not noted: %v", h.table(id).Notes.Seen)
	}
	play, ok := d.board.button("Play")
	if !ok {
		t.Fatalf("no Play button: %+v", d.board)
	}
	menu := mustPrivate(t, h.clickIn(testChannel, cbPlayers[0], d.board.ID, false, play.CustomID))
	head, rest, _ := strings.Cut(menu.Content, "\n")
	if head != "**Since your last move:**" && !strings.HasPrefix(head, "**Since your last move:** (") {
		t.Fatalf("the first step does not open with what happened since the last move:\n%s", menu.Content)
	}
	lines := d.toldLines(rest)
	if lines == 0 || lines > kit.SinceLines {
		t.Errorf("%d lines since the last move, want 1 to %d:\n%s", lines, kit.SinceLines, menu.Content)
	}
	if !strings.Contains(menu.Content, "**Your move**") {
		t.Errorf("the step itself is missing below the block:\n%s", menu.Content)
	}
	// A second step (deeper in the menu) does not repeat the block.
	opts := offered(menu)
	for _, o := range opts {
		if strings.HasPrefix(o[0], "gm:") {
			var values []string
			if o[1] != "" {
				values = []string{o[1]}
			}
			next := mustPrivate(t, h.clickIn(testChannel, cbPlayers[0], menu.ID, true, o[0], values...))
			if strings.Contains(next.Content, "Since your last move") {
				t.Errorf("a later step repeats the block:\n%s", next.Content)
			}
			break
		}
	}
	// /tt board: the board is posted, the reply says so below the block.
	r := mustPrivate(t, h.send(inChannel(commandInteraction(cbPlayers[0], 0, "board", nil), testChannel)))
	if !strings.HasPrefix(r.Content, "**Since your last move:**") {
		t.Errorf("/tt board's reply does not open with the block:\n%s", r.Content)
	}
	// Seat 1, who just moved, has nothing new: its /tt board reply has no block.
	r = mustPrivate(t, h.send(inChannel(commandInteraction(cbPlayers[1], 0, "board", nil), testChannel)))
	if strings.Contains(r.Content, "Since your last move") {
		t.Errorf("seat 1 missed nothing, yet:\n%s", r.Content)
	}
	// In Polish, the same block in Polish.
	pl := inChannel(commandInteraction(cbPlayers[0], 0, "board", nil), testChannel)
	pl["locale"] = "pl"
	r = mustPrivate(t, h.send(pl))
	if !strings.HasPrefix(r.Content, "**Od twojego ostatniego ruchu:**") {
		t.Errorf("a Polish /tt board reply does not open with the Polish block:\n%s", r.Content)
	}
}

// TestTinnersSinceLastMoveOnBoard: at a Tinners' Trail table, `/tt board`
// answers a seat that missed moves with what happened since its last one.
func TestTinnersSinceLastMoveOnBoard(t *testing.T) {
	h := newHarness(t)
	calls := h.command(players[0], 0, "new", map[string]any{"players": 2})
	lobby := boardPosts(t, calls)[0]
	join, _ := lobby.button("Join")
	id := strings.Split(join.CustomID, ":")[1]
	h.click(players[1], lobby.ID, false, join.CustomID)
	board := boardPosts(t, h.click(players[0], lobby.ID, false, "tl:"+id+":start"))[0]
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	// Until some seat that has moved is behind the log.
	behind := func() int {
		tb, s := h.table(id), h.state(id)
		for k, seen := range tb.Notes.Seen {
			if seen > 0 && seen < len(s.Log) {
				return k
			}
		}
		return -1
	}
	d.playUntil("a seat behind the log", func(uiMsg) bool { return behind() >= 0 })
	seat := behind()
	tb := h.table(id)
	r := mustPrivate(t, h.command(tb.Seats[seat].UserID, 0, "board", nil))
	if !strings.HasPrefix(r.Content, "**Since your last move:**") || !strings.Contains(r.Content, "\n• ") {
		t.Errorf("/tt board's reply to seat %d does not open with what happened since its last move:\n%s", seat, r.Content)
	}
}

// TestGenericSinceLastMovePaged: a catch-up never cuts silently. A player
// whose last move was long ago gets the newest kit.SinceLines turns, one
// line a turn, with how many earlier ones there are and an "Earlier ▸"
// button that opens exactly those, every line told publicly before.
func TestGenericSinceLastMovePaged(t *testing.T) {
	h, rr := cbHarness(t)
	id, board := openCB(t, h, testChannel, 2)
	d := &cbDriver{t: t, h: h, rr: rr, id: id, ch: testChannel, board: board, r: rand.New(rand.NewPCG(4, 7)), public: newPublicText("The game begins."), noUndo: true}
	for turns := 0; turns < 25 || h.match(id).ToAct()[0] != 0; turns++ {
		if turns > 200 {
			t.Fatal("seat 0 never came to act")
		}
		d.turn()
	}
	// Seat 0 last moved at move 1, as far as the table knows.
	if _, err := h.m.store.UpdateTable(t.Context(), id, func(tb *kit.Table) error { tb.Notes.Seen[0] = 1; return nil }); err != nil {
		t.Fatal(err)
	}
	play, ok := d.board.button("Play")
	if !ok {
		t.Fatalf("no Play button: %+v", d.board)
	}
	menu := mustPrivate(t, h.clickIn(testChannel, cbPlayers[0], d.board.ID, false, play.CustomID))
	head, rest, _ := strings.Cut(menu.Content, "\n")
	if !strings.HasPrefix(head, "**Since your last move:** (") || !strings.Contains(head, "earlier turns: **Earlier ▸**") {
		t.Fatalf("the catch-up does not say how many earlier turns there are:\n%q", menu.Content[:min(400, len(menu.Content))])
	}
	var earlier int
	fmt.Sscanf(strings.TrimPrefix(head, "**Since your last move:** ("), "%d", &earlier)
	shown := d.toldLines(rest)
	if shown < 1 || shown > kit.SinceLines || earlier < 1 {
		t.Fatalf("%d turns shown, %d earlier; want 1 to %d shown", shown, earlier, kit.SinceLines)
	}
	btn, ok := menu.button("Earlier ▸")
	if !ok {
		t.Fatalf("no Earlier button:\n%+v", menu.all())
	}
	// The button opens the earlier turns, paged from the newest page back.
	got := 0
	page := mustPrivate(t, h.clickIn(testChannel, cbPlayers[0], menu.ID, true, btn.CustomID))
	for hops := 0; ; hops++ {
		if !strings.Contains(page.Content, fmt.Sprintf("%d earlier turns:", earlier)) {
			t.Fatalf("the earlier turns' page does not say how many:\n%s", page.Content)
		}
		for _, l := range strings.Split(page.Content, "\n") {
			if line, ok := strings.CutPrefix(l, "• "); ok {
				got++
				if !d.public.has(line) {
					t.Errorf("earlier turn %q was never told publicly", line)
				}
			}
		}
		prev, ok := page.button("◀ Earlier")
		if !ok || prev.Disabled || hops > 20 {
			break
		}
		page = mustPrivate(t, h.clickIn(testChannel, cbPlayers[0], page.ID, true, prev.CustomID))
	}
	if got != earlier {
		t.Errorf("the pages hold %d earlier turns, the catch-up said %d", got, earlier)
	}
}

// toldLines counts the "• " lines text opens with, each of which must have
// been told publicly before.
func (d *cbDriver) toldLines(text string) int {
	d.t.Helper()
	n := 0
	for _, l := range strings.Split(text, "\n") {
		line, ok := strings.CutPrefix(l, "• ")
		if !ok {
			break
		}
		n++
		if !d.public.has(line) {
			d.t.Errorf("catch-up line %q was never told publicly", line)
		}
	}
	return n
}

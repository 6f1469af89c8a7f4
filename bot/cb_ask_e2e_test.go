package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
)

// soleAsk reports whether the seat to act in mt has a single legal move
// that the title asks to put to it (engine.Label.Deliberate).
func soleAsk(mt engine.Match) bool {
	who := mt.ToAct()
	if len(who) != 1 {
		return false
	}
	legal := mt.Legal(who[0])
	return len(legal) == 1 && mt.Label(legal[0]).Deliberate
}

// TestGenericAsksWhatTheHandHides plays a whole Coal Baron game (edition
// 2, what a new table gets) through the fake Discord: a move that is a
// seat's only one but whose being the only one depends on her hand ("end
// turn" beside innovation cards that may or may not be playable, a pass
// that a worker innovation might avoid) is never played for her — the game
// waits for her, her menu offers that move, and she clicks it. The bot used
// to play every only move, which told the table what she held.
func TestGenericAsksWhatTheHandHides(t *testing.T) {
	// Coal Baron through the generic UI: under -race TestGenericCoalBaronWholeGame
	// plays the same paths; this test plays in the full pass.
	testenv.FullOnly(t)
	t.Parallel() // a whole game in its own harness: shares nothing
	h, rr := cbHarness(t)
	id, board := openCB(t, h, testChannel, 2)
	d := &cbDriver{t: t, h: h, rr: rr, id: id, ch: testChannel, board: board, r: rand.New(rand.NewPCG(3, 7)),
		public: newPublicText("The game begins."), noUndo: true}
	if e := h.match(id).Public().(coalbaron.PublicView).Edition; e != coalbaron.EditionV2 {
		t.Fatalf("a new table is of edition %q, want %q", e, coalbaron.EditionV2)
	}
	asked := 0
	for turns := 0; h.match(id).Result() == nil; turns++ {
		if turns > 2000 {
			t.Fatalf("no end after 2000 turns")
		}
		mt := h.match(id)
		seat := mt.ToAct()[0]
		uid := d.uid(seat)
		play, ok := d.board.button("Play")
		if !ok {
			t.Fatalf("board has no Play button")
		}
		menu := mustPrivate(t, h.clickIn(testChannel, uid, d.board.ID, false, play.CustomID))
		for step := 0; ; step++ {
			if step > 200 {
				t.Fatalf("seat %d: no end of turn after 200 clicks", seat)
			}
			opts := offered(menu)
			if len(opts) == 0 {
				t.Fatalf("seat %d to act is offered nothing: %q", seat, menu.Content)
			}
			if cur := h.match(id); soleAsk(cur) {
				// Waiting for her: the one move is offered, not taken.
				asked++
				if len(opts) != 1 {
					t.Fatalf("seat %d's only move %s: menu offers %v", seat, cur.Legal(seat)[0], opts)
				}
			}
			o := opts[d.r.IntN(len(opts))]
			var values []string
			if o[1] != "" {
				values = []string{o[1]}
			}
			calls := h.clickIn(testChannel, uid, menu.ID, true, o[0], values...)
			reply := mustPrivate(t, calls)
			d.track(calls)
			if strings.HasPrefix(reply.Content, "**Your move**") {
				menu = reply
				continue
			}
			if !strings.HasPrefix(reply.Content, "**Done.**") {
				t.Fatalf("seat %d: %s %v → %q", seat, o[0], values, reply.Content)
			}
			for _, l := range strings.Split(reply.Content, "\n") {
				if line, ok := strings.CutPrefix(l, "• "); ok {
					d.public.add(line)
				}
			}
			d.check(calls, uid)
			after := h.match(id)
			if after.Result() != nil || !slices.Contains(after.ToAct(), seat) {
				break
			}
			menu = reply
		}
	}
	if asked == 0 {
		t.Fatalf("no seat was ever asked for a move that was its only one: the game never waited on a hidden hand")
	}
	t.Logf("%d times a seat was asked for its only move", asked)
}

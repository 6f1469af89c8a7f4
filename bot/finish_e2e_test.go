package bot

import (
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// finishThroughBot plays Tinners' Trail table id to its end: straight in
// the store (as advance does) up to a move whose seat's default move ends
// the game, then that move through the bot, the seat's own player asking
// for it and confirming, so that the final board is posted with its
// Rematch button as it is in play. It returns that board.
func finishThroughBot(t *testing.T, h *harness, id string) uiMsg {
	t.Helper()
	s := advance(t, h.m, id, func(s *tinners.State) bool {
		who := s.ToAct()
		if len(who) != 1 {
			return false
		}
		cur := s
		for _, a := range tt.DefaultMove(s, who[0]) {
			next, _, err := tinners.Apply(cur, a)
			if err != nil {
				return false
			}
			cur = next
		}
		return cur.Phase == tinners.PhaseOver
	})
	if s.Phase == tinners.PhaseOver {
		t.Fatal("the game ended before a default move could end it")
	}
	user := h.table(id).Seats[s.ToAct()[0]].UserID
	r := mustPrivate(t, h.command(user, 0, "default", nil))
	btn, ok := r.button("Play the default move")
	if !ok {
		t.Fatalf("no confirm of the last move: %q", r.Content)
	}
	for _, p := range boardPosts(t, h.click(user, r.ID, true, btn.CustomID)) {
		if _, ok := p.button("Rematch"); ok {
			if h.state(id).Phase != tinners.PhaseOver {
				t.Fatal("a Rematch button before the end")
			}
			return p
		}
	}
	t.Fatalf("no final board with a Rematch button; log:\n%s", h.logBuf.String())
	return uiMsg{}
}

// rematchID is the final board's Rematch button's custom ID.
func rematchID(t *testing.T, final uiMsg) string {
	t.Helper()
	b, ok := final.button("Rematch")
	if !ok || !strings.HasPrefix(b.CustomID, "tre:") {
		t.Fatalf("the final board's Rematch %+v", b)
	}
	return b.CustomID
}

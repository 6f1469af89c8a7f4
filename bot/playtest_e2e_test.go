package bot_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/playtest"
)

// TestPlaytestThreePlayers plays a whole 3-player game through the fake
// Discord and the real bot by clicking only what the bot offers
// (bot/playtest), and checks that the statistics hang together. With
// -short or -race the pictures are placeholders, not rendered. The game is
// the one TestHandoffTargets checks too (sharedPlaytest3).
func TestPlaytestThreePlayers(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	res := sharedPlaytest3(t)
	st := res.Stats
	js, _ := json.MarshalIndent(st, "", "  ")
	t.Logf("stats:\n%s", js)
	users := []string{playtest.UserID(0), playtest.UserID(1), playtest.UserID(2)}
	switch {
	case !st.Completed:
		t.Error("the game did not complete")
	case st.Seats != 3:
		t.Errorf("%d seats, want 3", st.Seats)
	case st.Winner == nil || !slices.Contains(users, st.Winner.UserID) || users[st.Winner.Seat] != st.Winner.UserID:
		t.Errorf("winner %+v is not one of the players at their seat", st.Winner)
	}
	if st.EngineActions == 0 || st.Interactions == 0 {
		t.Errorf("%d interactions for %d engine actions", st.Interactions, st.EngineActions)
	}
	if st.Interactions != st.Commands+st.Clicks+st.ModalSubmits || st.ModalSubmits > st.ModalsOpened {
		t.Errorf("interactions %d ≠ commands %d + clicks %d + modal submits %d (modals opened %d)",
			st.Interactions, st.Commands, st.Clicks, st.ModalSubmits, st.ModalsOpened)
	}
	if st.Unanswered != 0 {
		t.Errorf("%d interactions got no answer at all", st.Unanswered)
	}
	if st.PublicPosts <= st.LobbyPosts || st.ImagePosts == 0 || len(res.Images) < st.ImagePosts {
		t.Errorf("%d public posts (%d in the lobby), %d with pictures, %d pictures kept",
			st.PublicPosts, st.LobbyPosts, st.ImagePosts, len(res.Images))
	}
	if st.Refused*2 > st.Interactions {
		t.Errorf("%d of %d interactions refused: the driver is clicking blind", st.Refused, st.Interactions)
	}
}

package bot_test

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/playtest"
)

// TestHandoffTargets plays whole games through the fake Discord by
// clicking only what the bot offers, and holds the table-flow targets:
// nobody is pinged for their own move, a picture only on a hand-off, and
// the common moves take few interactions (under -race the 3-player game
// only).
func TestHandoffTargets(t *testing.T) {
	t.Parallel() // CPU-bound: shares the two cores with the other heavy property tests
	for _, n := range []int{3, 5} {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			if !testenv.Pick(t, n == 3) {
				t.Skip("outside the full pass the 3-player game covers the flow")
			}
			real := testenv.Full()
			var res *playtest.Result
			if n == 3 {
				res = sharedPlaytest3(t) // the game TestPlaytestThreePlayers checks
			} else {
				var err error
				if res, err = playtest.Play(context.Background(), playtest.Options{Players: n, Seed: 1}); err != nil {
					t.Fatal(err)
				}
				testenv.Played(t, 1)
			}
			st := res.Stats
			b, _ := json.MarshalIndent(st, "", "  ")
			t.Logf("%s", b)
			if st.SelfPings != 0 {
				t.Errorf("self_pings = %d", st.SelfPings)
			}
			if st.ImagePosts > st.Handoffs {
				t.Errorf("image_posts %d > handoffs %d", st.ImagePosts, st.Handoffs)
			}
			if st.PublicPosts > st.Handoffs+st.LobbyPosts+1 {
				t.Errorf("%d public posts for %d hand-offs: a post without a hand-off", st.PublicPosts, st.Handoffs)
			}
			if real && st.ImageBytes > 15<<20 {
				t.Errorf("image_bytes %d > 15 MB", st.ImageBytes)
			}
			if !real {
				t.Log("pictures are placeholders (-short or -race): image_bytes is not checked")
			}
		})
	}
}

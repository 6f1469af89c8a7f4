package coalbaron

import (
	"fmt"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestRandomPlayouts plays many seeded games of 2, 3 and 4 players to the
// end, checking the invariants after every action.
func TestRandomPlayouts(t *testing.T) {
	// One goroutine plays them: outside the full pass (-race, -short) 8.
	games := testenv.Size(t, 8, 40)
	for n := 2; n <= 4; n++ {
		for g := 0; g < games; g++ {
			t.Run(fmt.Sprintf("%dp/seed%d", n, g), func(t *testing.T) {
				m := newMatch(t, n, uint64(1000*n+g), nil)
				end, log, err := engine.RandomPlayout(m, chooser(uint64(g)), 3000, CheckInvariants)
				if err != nil {
					t.Fatalf("after %d actions: %v", len(log), err)
				}
				if end.Result() == nil || len(end.Result().Ranking) != n {
					t.Fatalf("no proper result: %+v", end.Result())
				}
			})
		}
	}
}

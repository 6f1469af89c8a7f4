package mineshaft

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/enginetest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestSimEqualsApply: a Sim playing in place reads, along random games of
// 2 to 4 seats (one 3-player game outside the full pass), exactly as the
// match Legal and Apply make.
func TestSimEqualsApply(t *testing.T) {
	games, every := 2, 5
	if testing.Short() {
		games, every = 1, 20
	}
	games, every = testenv.Size(t, 1, games), testenv.Size(t, 25, every)
	for n := 2; n <= 4; n++ {
		if !testenv.Pick(t, n == 3) {
			continue
		}
		enginetest.CheckSim(t, Title, n, "", games, every)
	}
}

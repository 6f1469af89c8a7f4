package mineshaft

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// TestSimEqualsApply: a Sim playing in place reads, along random games of
// 2 to 4 seats (one 3-player game under -race), exactly as the match
// Legal and Apply make.
func TestSimEqualsApply(t *testing.T) {
	if simRace {
		enginetest.CheckSim(t, Title, 3, "", 1, 25)
		return
	}
	games, every := 2, 5
	if testing.Short() {
		games, every = 1, 20
	}
	for n := 2; n <= 4; n++ {
		enginetest.CheckSim(t, Title, n, "", games, every)
	}
}

package tinners

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// TestSimEqualsApply: a Sim playing in place reads, after every action of
// random games (2 to 5 seats, the solo game, the modules), exactly as the
// match Legal and Apply make.
func TestSimEqualsApply(t *testing.T) {
	games, every := 2, 10
	if raceOn || testing.Short() {
		games, every = 1, 40
	}
	for _, c := range []struct {
		seats int
		opts  string
	}{{2, ""}, {3, "arsenic,emigration,kickstarter"}, {4, ""}, {5, "arsenic"}, {1, "arsenic,emigration,kickstarter,better-mines"}} {
		enginetest.CheckSim(t, Title, c.seats, c.opts, games, every)
	}
}

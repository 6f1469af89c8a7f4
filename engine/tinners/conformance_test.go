package tinners

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/enginetest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestConformanceEverySeatCount runs the engine contract's suite on Tinners' Trail, with
// and without the modules, at every seat count from the solo game (1) to 5.
func TestConformanceEverySeatCount(t *testing.T) {
	t.Parallel() // one goroutine of rules each: two such tests share the two cores
	enginetest.Run(t, enginetest.Config{
		Title:      Title,
		Options:    conformanceOptions(t),
		Seeds:      testenv.Size(t, 1, 2),
		SeatCounts: conformanceSeats(t),
		MaxActions: 3000,
		Invariants: func(m engine.Match) error { return CheckInvariants(StateOf(m)) },
	})
}

// TestConformanceSolo runs the suite on the solo game with Lord Wallace's
// difficulty options, alone and together with the modules.
func TestConformanceSolo(t *testing.T) {
	t.Parallel() // one goroutine of rules each: two such tests share the two cores
	opts := []string{"better-mines,deep-pockets", "cheap-labour,more-mines=2,financial-sabotage",
		"friends-in-high-places,bailing-out,shady-land-purchases,more-mines",
		"arsenic,emigration,kickstarter,better-mines,cheap-labour,more-mines,deep-pockets,friends-in-high-places,financial-sabotage,bailing-out,shady-land-purchases"}
	enginetest.Run(t, enginetest.Config{
		Title: Title,
		// Outside the full pass only the last: every option and module.
		Options:    opts[len(opts)-testenv.Size(t, 1, len(opts)):],
		Seeds:      testenv.Size(t, 1, 3),
		MaxActions: 3000,
		SeatCounts: []int{1},
		Invariants: func(m engine.Match) error { return CheckInvariants(StateOf(m)) },
	})
}

// conformanceOptions are the lobby options the suite plays: the base game
// and every module; outside the full pass only every module (the full pass
// plays both: the rules are single-threaded, the race detector finds
// nothing more in a second game).
func conformanceOptions(t testing.TB) []string {
	t.Helper()
	opts := []string{"", "arsenic,emigration,kickstarter"}
	return opts[len(opts)-testenv.Size(t, 1, len(opts)):]
}

// conformanceSeats are the seat counts the suite plays: all of them in the
// full pass, three players outside it (one goroutine plays the rules: the
// race detector finds nothing more in the other counts).
func conformanceSeats(t testing.TB) []int {
	t.Helper()
	if testenv.Size(t, 1, 5) == 1 {
		return []int{3}
	}
	return nil // every count
}

// TestKindTable: every action kind has its own non-empty code in the one
// per-kind table that drives the compact form.
func TestKindTable(t *testing.T) {
	seen := map[string]ActionKind{}
	for k := ActionKind(0); k < numActionKinds; k++ {
		c := k.Code()
		if c == "" || c == "?" {
			t.Fatalf("kind %d has no code", k)
		}
		if o, dup := seen[c]; dup {
			t.Fatalf("kinds %d and %d share the code %q", o, k, c)
		}
		seen[c] = k
	}
}

package brass

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// TestConformance runs the platform's conformance suite on Brass, the
// full game and the introductory game.
func TestConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Title:      Title,
		Options:    []string{"", "intro"},
		Seeds:      testenv.Size(t, 1, 2), // the rules are one goroutine: the race detector finds nothing more in a second game
		MaxActions: 4000,
		Invariants: CheckInvariants,
	})
}

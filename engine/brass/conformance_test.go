package brass

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// TestConformance runs the platform's conformance suite on Brass, the
// full game and the introductory game.
func TestConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Title:      Title,
		Options:    []string{"", "intro"},
		Seeds:      2,
		MaxActions: 4000,
		Invariants: CheckInvariants,
	})
}

package coalbaron

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// TestConformance runs the platform's conformance suite on Coal Baron.
func TestConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Title:      Title,
		Seeds:      testenv.Size(t, 1, 4), // the rules are one goroutine: the race detector finds nothing more in a second game
		MaxActions: 3000,
		Invariants: CheckInvariants,
	})
}

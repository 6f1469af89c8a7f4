package mineshaft

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// TestConformance runs the platform's conformance suite on Mine Shaft.
func TestConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Title:      Title,
		Seeds:      4,
		MaxActions: 3000,
		Invariants: CheckInvariants,
	})
}

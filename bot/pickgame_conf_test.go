package bot

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// TestPickGameConformance: the test title keeps the contract, its
// choices of several included (their picks stay legal one after another).
func TestPickGameConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Config{Title: pickGame})
}

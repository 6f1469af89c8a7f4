package ttui

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestTinnersAutoKindsAreTheEnginesOwn: the moves Tinners' Trail's UI plays
// for a seat as its only option are exactly those the engine's labels do
// not ask for (tinners.PlayedWhenOnly, engine.Label.Deliberate), so the
// conformance suite's check that who is asked shows no hand covers what
// this UI does.
func TestTinnersAutoKindsAreTheEnginesOwn(t *testing.T) {
	n := 0
	for k := tinners.ActionKind(0); k.Code() != "?"; k++ {
		if autoKinds[k] != tinners.PlayedWhenOnly(k) {
			t.Errorf("%s: the UI plays it for the seat: %v; the engine: %v", k.Code(), autoKinds[k], tinners.PlayedWhenOnly(k))
		}
		n++
	}
	if n < len(autoKinds) {
		t.Fatalf("only %d kinds checked", n)
	}
}

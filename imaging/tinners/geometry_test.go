package tinnersimg

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// minBorderLen is the shortest border drawn, in map units (about 15 px at
// the default scale): short enough for tight corners, long enough to see.
const minBorderLen = 0.008

func TestDrawnAdjacencyMatchesBorders(t *testing.T) {
	g := geometry()
	for _, m := range borderMismatch(tinners.Standard, g, minBorderLen) {
		t.Error(m)
	}
}

package tinnersimg

import (
	"sync"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// geometry is the current edition's board geometry.
func geometry() *mapGeometry { return geometryOf(tinners.Standard) }

// TestGeometryOncePerEdition: every caller, concurrent ones too, gets the
// one geometry of an edition (run with -race).
func TestGeometryOncePerEdition(t *testing.T) {
	got := make([]*mapGeometry, 8)
	var wg sync.WaitGroup
	for k := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[k] = geometryOf(tinners.Standard)
		}()
	}
	wg.Wait()
	for k, g := range got {
		if g != got[0] || g.e != tinners.Standard {
			t.Fatalf("caller %d got another geometry", k)
		}
	}
}

// minBorderLen is the shortest border drawn, in map units (about 15 px at
// the default scale): short enough for tight corners, long enough to see.
const minBorderLen = 0.008

func TestDrawnAdjacencyMatchesBorders(t *testing.T) {
	g := geometry()
	for _, m := range borderMismatch(tinners.Standard, g, minBorderLen) {
		t.Error(m)
	}
}

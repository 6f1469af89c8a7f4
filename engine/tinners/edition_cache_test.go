package tinners

import (
	"reflect"
	"sync"
	"testing"
)

// TestNeighboursCachedPerEdition: Neighbours is Adjacency, computed once per
// edition and safe to call from many goroutines (run with -race).
func TestNeighboursCachedPerEdition(t *testing.T) {
	e := buildStandard()
	want := e.Adjacency()
	var wg sync.WaitGroup
	got := make([][][]int, 8)
	for g := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[g] = e.Neighbours()
		}()
	}
	wg.Wait()
	for g := range got {
		if !reflect.DeepEqual(got[g], want) {
			t.Fatalf("goroutine %d: Neighbours differs from Adjacency", g)
		}
		if &got[g][0] != &got[0][0] {
			t.Fatalf("goroutine %d: Neighbours built again", g)
		}
	}
	if &Standard.Neighbours()[0] == &got[0][0] {
		t.Fatal("two editions share one cache")
	}
}

// TestEditionOf: every known version has components; others none. A state
// of every version reads them (State.Edition returns the one table without
// asking: a second table would make this fail).
func TestEditionOf(t *testing.T) {
	for _, v := range []string{"", EditionV1, EditionV2} {
		if EditionOf(v) != Standard {
			t.Errorf("EditionOf(%q) is not the printed edition", v)
		}
		if s := (&State{EditionVersion: v}); s.Edition() != EditionOf(v) {
			t.Errorf("a state of version %q reads another edition", v)
		}
	}
	if EditionOf("tt-remastered-9") != nil {
		t.Error("EditionOf knows an unknown version")
	}
}

// TestCodecNeedsMapAgreement: an edition whose map differs from the action
// codec's printed ids fails validation.
func TestCodecNeedsMapAgreement(t *testing.T) {
	e := buildStandard()
	e.Areas[0].ID, e.Areas[1].ID = e.Areas[1].ID, e.Areas[0].ID
	if err := e.validateCodes(); err == nil {
		t.Fatal("swapped area ids pass")
	}
}

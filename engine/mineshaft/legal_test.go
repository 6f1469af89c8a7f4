package mineshaft

import (
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/enginetest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestLegalIsExactlyWhatApplyAccepts: along random games of 2 to 4 seats,
// every action of every kind on every cell of the mine and next to it
// (each rotation, each resource) for the seat to act, and every kind for
// the others, is accepted by Apply if and only if Legal lists it; and Apply
// leaves the match it was given as it was.
func TestLegalIsExactlyWhatApplyAccepts(t *testing.T) {
	// Every state of a rare step is checked, every few of the others
	// (fewer of them, in one game per seat count, outside the full pass).
	every, games := testenv.Size(t, 40, 10), testenv.Size(t, 1, 3)
	common := map[StepKind]bool{StepDraw: true, StepPlace: true, StepRoll: true, StepMove: true, StepCollect: true, StepColour: true}
	kinds := map[ActionKind]int{} // accepted candidates per kind
	rare := map[StepKind]int{}    // states checked per rare step
	checked := 0
	for n := 2; n <= 4; n++ {
		for g, m := range enginetest.Start(t, Title, n, "", games) {
			r := rand.New(rand.NewPCG(uint64(n), uint64(g)))
			for step := 0; m.Result() == nil; step++ {
				if k := m.(*match).s.Step.Kind; step%every == 0 || !common[k] && rare[k] < 6 {
					rare[k]++
					checked += legalIsAccepted(t, m, n, kinds)
				}
				seat := m.ToAct()[0]
				legal := m.Legal(seat)
				next, _, err := m.Apply(legal[r.IntN(len(legal))])
				if err != nil {
					t.Fatal(err)
				}
				m = next
			}
		}
	}
	for k := ActionKind(0); k < numActionKinds; k++ {
		if kinds[k] == 0 && testenv.Full() { // the full sample plays every kind
			t.Errorf("no %s was ever legal: the sample tests nothing of it", actionCodes[k])
		}
	}
	if checked == 0 {
		t.Fatal("no candidate checked")
	}
}

// legalIsAccepted checks every candidate in m for every seat and returns
// how many it tried.
func legalIsAccepted(t *testing.T, m engine.Match, seats int, kinds map[ActionKind]int) int {
	t.Helper()
	s := m.(*match).s
	minX, maxX, minY, maxY := 0, 0, 0, 0
	for _, c := range s.Grid {
		minX, maxX, minY, maxY = min(minX, c.X), max(maxX, c.X), min(minY, c.Y), max(maxY, c.Y)
	}
	before, err := m.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for seat := 0; seat < seats; seat++ {
		listed := map[string]bool{}
		for _, a := range m.Legal(seat) {
			listed[a.String()] = true
		}
		try := func(a Action) {
			tried++
			_, _, err := m.Apply(a)
			if (err == nil) != listed[a.String()] {
				t.Fatalf("%s: Apply says %v, listed %v", a, err, listed[a.String()])
			}
			if err == nil {
				kinds[a.Kind]++
			}
		}
		for k := ActionKind(0); k < numActionKinds; k++ {
			a := Action{Seat: seat, Kind: k}
			switch {
			case k == ActCollect:
				for res := Resource(0); res < NumResources; res++ {
					a.Res = res
					try(a)
				}
			case hasCell(k) && seat != s.Turn:
				try(a) // refused whatever the cell: not seat's turn
			case hasCell(k):
				for x := minX - 1; x <= maxX+1; x++ {
					for y := minY - 1; y <= maxY+1; y++ {
						a.X, a.Y = x, y
						if k != ActPlace {
							try(a)
							continue
						}
						for rot := 0; rot < 4; rot++ {
							a.Rot = rot
							try(a)
						}
					}
				}
			default:
				try(a)
			}
		}
	}
	after, err := m.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if string(before) != string(after) {
		t.Fatal("Apply changed the match it was given")
	}
	return tried
}

package brass

import (
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestLegalMatchesCheck: in every position of random games, Legal (with
// its memo, reused answers and skipped candidates) lists exactly the
// actions that check alone accepts among all candidates of the step
// (every card, industry, space, line, merchant and beer combination).
func TestLegalMatchesCheck(t *testing.T) {
	for n := 2; n <= 4; n++ {
		playSampled(t, n, 20, 1, func(_ int, m engine.Match) {
			s := m.(*match).s
			for _, seat := range s.toAct() {
				var want []string
				for _, a := range s.bruteCandidates(seat) {
					if s.check(a) == nil {
						want = append(want, a.String())
					}
				}
				var got []string
				for _, a := range s.legal(seat) {
					got = append(got, a.String())
				}
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Fatalf("%dp v%d seat %d step %s: Legal\n%v\ncheck\n%v", n, s.Ver, seat, s.Step.Kind, got, want)
				}
			}
		})
	}
}

// bruteCandidates lists every action of the step's kinds with no
// pre-filtering: every card of the hand with every industry and space,
// every line, every sale with every beer combination.
func (s *state) bruteCandidates(seat int) []Action {
	e := s.ed()
	var out []Action
	s.candidates(seat, func(a Action) {
		if a.Kind != ActBuild && a.Kind != ActNetwork && a.Kind != ActRail2 {
			out = append(out, a)
		}
	})
	p := &s.Players[seat]
	switch s.Step.Kind {
	case StepAction:
		for _, c := range distinct(p.Hand) {
			for i := Industry(0); i < NumIndustries; i++ {
				for si := range e.Spaces {
					out = append(out, buildA(seat, c, i, si))
				}
			}
			for l := range e.Lines {
				out = append(out, networkA(seat, c, l))
			}
		}
	case StepRail:
		for l := range e.Lines {
			for si := range e.Spaces {
				a := act(seat, ActRail2)
				a.Line, a.Beer = l, []int{si}
				out = append(out, a)
			}
		}
	}
	return out
}

// TestMemoPartsEqualDistances: in positions of random games, the memo's
// answers from the connected parts of the map equal those of the
// breadth-first distances: the cost and feasibility of coal for a
// consumer at every location (0 to 3 cubes) and for every line's link
// judged from its ends, and whether every two locations are connected,
// with and without a line counted as linked (one 4-player game, every
// ninth position, outside the full pass).
func TestMemoPartsEqualDistances(t *testing.T) {
	// Outside the full pass one 4-player game, sampled.
	lo, every := testenv.Size(t, 4, 2), testenv.Size(t, 9, 3)
	for n := lo; n <= 4; n++ {
		playSampled(t, n, 40, every, func(step int, m engine.Match) {
			s := m.(*match).s
			e := s.ed()
			mm := &memo{}
			seat := step % n
			coal := func(from []int, extra, need int) {
				t.Helper()
				sp, wantOK := s.coalPlan(seat, from, extra, need)
				got, ok := mm.coalCost(s, seat, from, extra, need)
				if ok != wantOK || (ok && got != sp.Cost) {
					t.Fatalf("%dp v%d coal from %v line %d need %d: memo £%d %v, plan £%d %v", n, s.Ver, from, extra, need, got, ok, sp.Cost, wantOK)
				}
			}
			connected := func(from []int, extra int) {
				t.Helper()
				d := s.distances(from, extra)
				for b := range e.Locations {
					if got := mm.connected(s, from, extra, b); got != (d[b] >= 0) {
						t.Fatalf("%dp v%d %v line %d to %d: memo %v, distance %d", n, s.Ver, from, extra, b, got, d[b])
					}
				}
			}
			for a := range e.Locations {
				for need := 0; need <= 3; need++ {
					coal([]int{a}, -1, need)
				}
				connected([]int{a}, -1)
			}
			for l, ln := range e.Lines {
				coal(ln.Ends, l, 1)
				coal(ln.Ends, l, 2)
				connected(ln.Ends, l)
				connected(ln.Ends[:1], l) // a line leaving from: no shortcut
			}
		})
	}
}

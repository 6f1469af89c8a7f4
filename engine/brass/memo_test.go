package brass

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestLegalMatchesCheck: in every position of random games, Legal (with
// its memo, reused answers and skipped candidates) lists exactly the
// actions that check alone accepts among all candidates of the step
// (every card, industry, space, line, merchant and beer combination).
func TestLegalMatchesCheck(t *testing.T) {
	for n := 2; n <= 4; n++ {
		m, _ := Title.New(engine.Setup{NumSeats: n, Seed: uint64(20 + n)})
		r := rand.New(rand.NewPCG(uint64(n), 21))
		for m.Result() == nil {
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
			seats := m.ToAct()
			legal := m.Legal(seats[r.IntN(len(seats))])
			next, _, err := m.Apply(legal[r.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			m = next
		}
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

// TestMemoDistancesEqualBFS: in positions of a random game, the memo's
// distances (the least of memoised rows when the extra line joins only
// locations of from) equal the breadth-first search's, for every line
// judged from its ends and for every pair of locations with no extra line
// and with a line that leaves them.
func TestMemoDistancesEqualBFS(t *testing.T) {
	m, _ := Title.New(engine.Setup{NumSeats: 4, Seed: 5})
	r := rand.New(rand.NewPCG(5, 5))
	e := m.(*match).s.ed()
	for step := 0; m.Result() == nil; step++ {
		s := m.(*match).s
		if step%7 == 0 {
			mm := &memo{}
			for l, ln := range e.Lines {
				if got, want := mm.distances(s, ln.Ends, l), s.distances(ln.Ends, l); !slices.Equal(got, want) {
					t.Fatalf("v%d line %d: memo %v, BFS %v", s.Ver, l, got, want)
				}
				far := []int{(ln.Ends[0] + 5) % len(e.Locations)}
				if got, want := mm.distances(s, far, l), s.distances(far, l); !slices.Equal(got, want) {
					t.Fatalf("v%d from %v line %d: memo %v, BFS %v", s.Ver, far, l, got, want)
				}
			}
			for a := range e.Locations {
				from := []int{a, (a * 7) % len(e.Locations)}
				if got, want := mm.distances(s, from, -1), s.distances(from, -1); !slices.Equal(got, want) {
					t.Fatalf("v%d from %v: memo %v, BFS %v", s.Ver, from, got, want)
				}
			}
		}
		seats := m.ToAct()
		legal := m.Legal(seats[r.IntN(len(seats))])
		next, _, err := m.Apply(legal[r.IntN(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		m = next
	}
}

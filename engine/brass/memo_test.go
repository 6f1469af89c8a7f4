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

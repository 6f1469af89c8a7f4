package brass

import (
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestLegalIsExactlyWhatApplyAccepts: in positions of random games of 2 to
// 4 seats, the contract's Legal and a Sim's Legal list exactly the
// candidates of the step (every card, industry, space, line, merchant and
// beer combination, unfiltered) that the contract's Apply accepts, in the
// same order. Outside the full pass one 3-player game is sampled.
func TestLegalIsExactlyWhatApplyAccepts(t *testing.T) {
	lo, hi, every := testenv.Size(t, 3, 2), testenv.Size(t, 3, 4), testenv.Size(t, 25, 4)
	for n := lo; n <= hi; n++ {
		playSampled(t, n, 60, every, func(_ int, m engine.Match) {
			s := m.(*match).s
			sim := m.(*match).Sim()
			for _, seat := range m.ToAct() {
				var want []string
				for _, a := range s.bruteCandidates(seat) {
					if _, _, err := m.Apply(a); err == nil {
						want = append(want, a.String())
					}
				}
				var got, fast []string
				for _, a := range m.Legal(seat) {
					got = append(got, a.String())
				}
				for _, a := range sim.Legal(seat) {
					fast = append(fast, a.String())
				}
				if !slices.Equal(got, fast) {
					t.Fatalf("%dp v%d seat %d: Sim.Legal\n%v\nLegal\n%v", n, s.Ver, seat, fast, got)
				}
				slices.Sort(want)
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Fatalf("%dp v%d seat %d step %s: Legal\n%v\nApply accepts\n%v", n, s.Ver, seat, s.Step.Kind, got, want)
				}
			}
		})
	}
}

package brass

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestDefaultMove (D28): in every position of random games the default
// move of the seat to act is legal and never a Loan; with an action to
// take it is a Pass discarding the hand's first card in the edition's
// order (location cards by town, then industry cards, then wild cards);
// where stopping is offered (End turn, sell no more, develop no more, no
// second rail) it stops.
func TestDefaultMove(t *testing.T) {
	var _ engine.Defaults = (*match)(nil)
	passes, stops := 0, 0
	for n := 2; n <= 4; n++ {
		m, err := Title.New(engine.Setup{NumSeats: n, Seed: uint64(n)})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(n), 3))
		for m.Result() == nil {
			s := m.(*match).s
			for _, seat := range m.ToAct() {
				d := m.(*match).Default(seat).(Action)
				legal := s.legal(seat)
				if !slices.ContainsFunc(legal, func(a Action) bool { return a.String() == d.String() }) {
					t.Fatalf("%dp: default %s is not legal", n, d)
				}
				if d.Kind == ActLoan {
					t.Fatalf("%dp: the default move is a loan", n)
				}
				stop := slices.IndexFunc(legal, func(a Action) bool {
					return a.Kind == ActEndTurn || a.Kind == ActSellStop || a.Kind == ActDevStop || a.Kind == ActRailStop
				})
				switch {
				case stop >= 0:
					stops++
					if d.Kind != legal[stop].Kind {
						t.Fatalf("%dp: default %s where %s is offered", n, d, legal[stop])
					}
				case s.Step.Kind == StepAction:
					passes++
					hand := s.Players[seat].Hand
					if d.Kind != ActPass || d.Card != slices.Min(hand) {
						t.Fatalf("%dp: default %s with hand %v, want a Pass discarding card %d", n, d, hand, slices.Min(hand))
					}
				}
			}
			legal := m.Legal(m.ToAct()[0])
			if m, _, err = m.Apply(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if passes == 0 || stops == 0 {
		t.Errorf("%d passes and %d stops checked", passes, stops)
	}
}

package tinners

import (
	"fmt"
	"testing"
)

// TestMineValue: a mine's net worth for the evaluation is its ore taken
// out at full capacity, the dearer ore first, each cube selling for its
// price less the water it costs, the water rising by one per extraction;
// a miner (capacity) or less water raises it, and ore dearer to pump out
// than it sells for counts nothing.
func TestMineValue(t *testing.T) {
	s := scenario(t, table(2, nil))
	i := area(t, "A4")
	a := &s.Areas[i]
	a.Mine, a.Tin, a.Copper = 0, 3, 2
	for _, c := range []struct {
		water int
		miner bool
		want  float64
	}{
		{1, false, 2*(8-1) + 2*(5-2) + (5 - 3)}, // 22
		{1, true, 2*(8-1) + (5 - 1) + 2*(5-2)},  // 24: capacity 3
		{0, false, 2*8 + 2*(5-1) + (5 - 2)},     // 27
		{5, false, 2 * (8 - 5)},                 // tin at water 6 costs more than it sells for
		{8, false, 0},
	} {
		a.Water, a.Miner = c.water, c.miner
		if got := s.mineValue(i, 5, 8); got != c.want {
			t.Errorf("water %d, miner %v: worth %v, want %v", c.water, c.miner, got, c.want)
		}
	}
}

// TestEvaluateInvestsAtTheRow: in the invest phase the evaluation counts
// money at what it buys at the seat's row, so £10 invested (a whole £10
// step) keeps the seat's worth, while £5 invested out of £10 loses it the
// points the £10 step would have given more.
func TestEvaluateInvestsAtTheRow(t *testing.T) {
	s := scenario(t, table(2, nil))
	for s.Phase == PhaseActions {
		s = play(t, s, fmt.Sprintf("%d/pass", s.ToAct()[0]))
	}
	if s.Phase != PhaseInvest {
		t.Fatalf("phase %v after everyone passed", s.Phase)
	}
	seat := s.PassOrder[s.InvestTurn]
	s.Players[seat].Money = 10
	v := s.Edition().Invest[s.Round-1][s.investRow(seat)]
	before := s.worth(seat)
	if want := float64(s.Players[seat].Points + v[0]); before != want {
		t.Fatalf("£10 at row %d counts %v, want %v (points plus %d)", s.investRow(seat)+1, before, want, v[0])
	}
	five := *s
	five.Players = append([]Player(nil), s.Players...)
	five.Players[seat].Money -= 5
	five.Players[seat].Points += v[1]
	if after := five.worth(seat); after >= before {
		t.Fatalf("investing £5 of £10 counts %v, not less than %v", after, before)
	}
}

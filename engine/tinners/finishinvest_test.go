package tinners

import (
	"slices"
	"testing"
)

// TestFinishInvest: "invest and be done" in one turn. ActFinishInvest is
// legal only after investing this turn, ends the seat's investing for the
// round, and passes the turn on.
func TestFinishInvest(t *testing.T) {
	a, err := ParseAction("2/if")
	if err != nil || a.Kind != ActFinishInvest || a.Seat != 2 || a.String() != "2/if" {
		t.Fatalf("parse 2/if: %+v, %v", a, err)
	}
	if _, err := ParseAction("2/if:5"); err == nil {
		t.Fatal("2/if:5 parsed: the action takes no arguments")
	}
	if _, ok := Standard.Costs[ActFinishInvest]; ok {
		t.Fatal("finishing investing costs work points")
	}

	r := table(4, nil)
	r.Setup.Money = []int{30, 4, 25, 10}
	r.Setup.Order = []int{2, 0, 3, 1}
	s := scenario(t, r, "2/pass", "0/pass", "3/pass", "1/pass")
	refuse(t, s, "2/if", ErrNotAvailable) // nothing invested yet this turn
	refuse(t, s, "0/if", ErrNotYourTurn)
	s = play(t, s, "2/inv:10")
	refuse(t, s, "0/if", ErrNotYourTurn)
	before := len(s.Log)
	s = play(t, s, "2/if")
	if got := englishLog(t, s)[before:]; !slices.Equal(got, []string{"{P2} is done investing."}) {
		t.Fatalf("log %q", got)
	}
	if s.InvestDone&(1<<2) == 0 || s.ToAct()[0] != 0 || s.InvestedNow != 0 {
		t.Fatalf("done %b, to act %v, invested now %d", s.InvestDone, s.ToAct(), s.InvestedNow)
	}
	if !s.PublicView().Seats[2].InvestDone {
		t.Fatal("the view does not show seat 2 done")
	}
	s = play(t, s, "0/inv:5", "0/if", "3/inv:5", "3/if")
	// Everyone is done: seat 2 is not asked again, the round ends.
	if s.Phase == PhaseInvest {
		t.Fatalf("still investing, to act %v", s.ToAct())
	}
	pts := []int{s.Players[0].Points, s.Players[1].Points, s.Players[2].Points, s.Players[3].Points}
	if !eqInts(pts, []int{9, 0, 22, 8}) || !eqInts(money(s), []int{25, 4, 15, 5}) {
		t.Fatalf("points %v money %v", pts, money(s))
	}

	// The same as investing and then ending one's turn twice: "ie" after
	// investing only ends the turn, so the seat comes round again.
	s = scenario(t, r, "2/pass", "0/pass", "3/pass", "1/pass", "2/inv:10", "2/ie")
	if s.InvestDone&(1<<2) != 0 {
		t.Fatal("ie after investing made the seat done")
	}
}

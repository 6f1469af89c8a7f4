package tinners

import (
	"fmt"
	"testing"
)

// arsenicTable is a 3-player Arsenic table (see table) and two neighbouring
// areas in play, p and q.
func arsenicTable(t *testing.T) (r *Record, p, q string) {
	t.Helper()
	r = table(3, nil)
	r.Options.Arsenic = true
	s := scenario(t, r)
	for i, a := range s.Areas {
		if !a.InPlay {
			continue
		}
		for _, j := range Standard.Neighbours()[i] {
			if s.Areas[j].InPlay {
				return r, Standard.Areas[i].ID, Standard.Areas[j].ID
			}
		}
	}
	t.Fatal("no neighbouring areas in play")
	return
}

func TestCalciner(t *testing.T) {
	r, p, q := arsenicTable(t)
	s := scenario(t, r, "0/b:"+p, "0/bid:1", "1/drop", "2/drop")
	if s.Phase != PhaseCalciner || s.ToAct()[0] != 0 || s.PublicView().CalcinerArea != area(t, p) {
		t.Fatalf("phase %s, to act %v", s.Phase, s.ToAct())
	}
	refuse(t, s, "1/cal", ErrNotYourTurn)
	t.Run("declined", func(t *testing.T) {
		d := play(t, s, "0/ncal")
		if d.Phase != PhaseActions || d.calciner(0) >= 0 || d.Ledger.ArsenicPlaced != 0 {
			t.Fatal("declining built something")
		}
		refuse(t, d, "1/sla", ErrNotAvailable)
		// Asked again at the next mine.
		d = play(t, d, "1/pass", "2/pass", "0/b:"+q, "0/bid:3")
		if d.Phase != PhaseCalciner {
			t.Fatalf("not asked again: %s", d.Phase)
		}
	})
	s = play(t, s, "0/cal")
	want := 1
	for _, j := range Standard.Neighbours()[area(t, p)] {
		got := s.Areas[j].Arsenic
		if s.Areas[j].InPlay {
			want++
			if got != 1 {
				t.Fatalf("neighbour %s has %d arsenic", Standard.Areas[j].ID, got)
			}
		} else if got != 0 {
			t.Fatalf("out-of-play %s got arsenic", Standard.Areas[j].ID)
		}
	}
	if ar := s.Areas[area(t, p)]; !ar.Calciner || ar.Arsenic != 1 || s.Ledger.ArsenicPlaced != want {
		t.Fatalf("%s %+v, placed %d want %d", p, ar, s.Ledger.ArsenicPlaced, want)
	}
	if s.Players[0].Col != 2 || s.Players[0].Money != 19 {
		t.Fatalf("the calciner is free: col %d £%d", s.Players[0].Col, s.Players[0].Money)
	}
	// Only one calciner: the next mine asks nothing.
	s = play(t, s, "1/pass", "2/pass", "0/b:"+q, "0/bid:3")
	if s.Phase != PhaseActions {
		t.Fatalf("asked for a second calciner: %s", s.Phase)
	}
}

// TestSimonProcessesArsenic is the rulebook's example: with the limiter
// already below column 10, Simon processes again; the limiter moves to 9,
// his marker in column 8 is now in his final column, it is still his turn
// and he must pass.
func TestSimonProcessesArsenic(t *testing.T) {
	r, p, q := arsenicTable(t)
	s := scenario(t, r, "0/b:"+p, "0/bid:1", "1/drop", "2/drop", "0/cal", "1/pass", "2/pass",
		"0/b:"+q, "0/bid:3")
	// q has an arsenic cube from the calciner next door.
	s = play(t, s, "0/pra:"+p)
	if pl := s.Players[0]; pl.Limiter != 10 || pl.Arsenic != 1 || pl.Col != 4 || s.finalCol(0) != 9 {
		t.Fatalf("after the first: %+v", pl)
	}
	if s.ToAct()[0] != 0 {
		t.Fatal("processing moved the turn")
	}
	s = play(t, s, "0/pa", "0/pa", "0/pa", "0/pa")
	if s.Players[0].Col != 8 {
		t.Fatalf("col %d", s.Players[0].Col)
	}
	s = play(t, s, "0/pra:"+q)
	if pl := s.Players[0]; pl.Limiter != 9 || pl.Arsenic != 2 || s.finalCol(0) != 8 {
		t.Fatalf("Simon: %+v", pl)
	}
	if v := s.PublicView(); v.Seats[0].FinalCol != 8 || v.Seats[0].Limiter != 9 || v.Seats[0].Arsenic != 2 {
		t.Fatalf("view %+v", v.Seats[0])
	}
	if s.ToAct()[0] != 0 {
		t.Fatal("Simon should still be the active player")
	}
	if l := s.Legal(0); len(l) != 1 || l[0].Kind != ActPass {
		t.Fatalf("Simon must pass: %v", l)
	}
	refuse(t, s, "0/pa", ErrMustPass)
}

func TestLimiterBounds(t *testing.T) {
	r, p, _ := arsenicTable(t)
	s := scenario(t, r, "0/b:"+p, "0/bid:1", "1/drop", "2/drop", "0/cal", "1/pass", "2/pass")
	// Col 2: the limiter may go to 10, then … 3, never onto column 2.
	s.Areas[area(t, p)].Arsenic = 20
	s.Ledger.ArsenicPlaced += 19
	for l := 10; l >= 3; l-- {
		s = play(t, s, "0/pra:"+p)
		if s.Players[0].Limiter != l {
			t.Fatalf("limiter %d, want %d", s.Players[0].Limiter, l)
		}
	}
	if l := s.Legal(0); len(l) != 1 || l[0].Kind != ActPass {
		t.Fatalf("at the limiter's left the seat must pass: %v", l)
	}
	refuse(t, s, "0/pra:"+p, ErrMustPass)
	// A marker in column 10 can't place the limiter at all.
	r2, p2, _ := arsenicTable(t)
	s = scenario(t, r2, "0/b:"+p2, "0/bid:1", "1/drop", "2/drop", "0/cal", "1/pass", "2/pass",
		"0/pa", "0/pa", "0/pa", "0/pa", "0/pa", "0/pa", "0/pa", "0/pa")
	if s.Players[0].Col != 10 {
		t.Fatal(s.Players[0].Col)
	}
	refuse(t, s, "0/pra:"+p2, ErrMustPass)
	// And a seat whose final column is 9 cannot bid (it needs 2 work points).
	r3, p3, q3 := arsenicTable(t)
	s = scenario(t, r3, "0/b:"+p3, "0/bid:1", "1/drop", "2/drop", "0/cal", "1/pass", "2/pass",
		"0/pra:"+p3, "0/pa", "0/pa", "0/pa", "0/pa", "0/pa")
	if s.finalCol(0) != 9 || s.Players[0].Col != 7 || !s.canBid(0) {
		t.Fatalf("final %d, col %d", s.finalCol(0), s.Players[0].Col)
	}
	s = play(t, s, "0/pa")
	if s.canBid(0) {
		t.Fatal("one work point left, yet eligible for an auction")
	}
	refuse(t, s, "0/b:"+q3, ErrNoWorkPoints)
}

// TestKatieSellsArsenic is the rulebook's example: Katie holds two arsenic
// cubes in round 2 with section 2 empty and sells them for £26; the sale
// puts her marker in her final column, so she must pass next. The cubes
// were kept through round 1's sale and investing, untouched.
func TestKatieSellsArsenic(t *testing.T) {
	r, p, q := arsenicTable(t)
	s := scenario(t, r, "0/b:"+p, "0/bid:1", "1/drop", "2/drop", "0/cal", "1/pass", "2/pass",
		"0/b:"+q, "0/bid:3", "0/pra:"+p, "0/pra:"+q)
	if s.finalCol(0) != 8 || s.Players[0].Arsenic != 2 {
		t.Fatalf("final %d, arsenic %d", s.finalCol(0), s.Players[0].Arsenic)
	}
	m := s.Players[0].Money
	s = passRound(t, s)
	if s.Round != 2 || s.Players[0].Arsenic != 2 || s.Players[0].Money != m || s.Ledger.ArsenicSold != 0 {
		t.Fatalf("round %d: arsenic %d, £%d (was £%d)", s.Round, s.Players[0].Arsenic, s.Players[0].Money, m)
	}
	if s.finalCol(0) != 8 {
		t.Fatal("the limiter stays for the rest of the game")
	}
	for s.ToAct()[0] != 0 || s.Players[0].Col < 7 {
		seat := s.ToAct()[0]
		s = play(t, s, fmt.Sprintf("%d/pa", seat))
	}
	m = s.Players[0].Money
	if v := s.PublicView(); v.ArsenicNext != 13 || v.ArsenicOpen != 1 {
		t.Fatalf("next £%d, open %d", v.ArsenicNext, v.ArsenicOpen)
	}
	s = play(t, s, "0/sla")
	if got := s.Players[0].Money - m; got != 26 {
		t.Fatalf("Katie earned £%d, want £26", got)
	}
	if s.Players[0].Arsenic != 0 || !eqInts(s.ArsenicMarket, []int{0, 2, 0, 0}) {
		t.Fatalf("market %v", s.ArsenicMarket)
	}
	if v := s.PublicView(); v.ArsenicNext != 12 {
		t.Fatalf("next £%d", v.ArsenicNext)
	}
	for s.ToAct()[0] != 0 {
		s = play(t, s, fmt.Sprintf("%d/pass", s.ToAct()[0]))
	}
	if l := s.Legal(0); len(l) != 1 || l[0].Kind != ActPass {
		t.Fatalf("Katie must pass: %v", l)
	}
	refuse(t, s, "0/sla", ErrMustPass)
}

func TestArsenicOnlyWithTheModule(t *testing.T) {
	s := scenario(t, table(3, nil), "0/b:C6", "0/bid:1", "1/drop", "2/drop")
	if s.Phase != PhaseActions {
		t.Fatalf("no calciner without Arsenic: %s", s.Phase)
	}
	refuse(t, s, "1/sla", ErrNotAvailable)
	for _, a := range s.Legal(1) {
		if a.Kind >= ActCalciner {
			t.Fatalf("offered %s", a)
		}
	}
	if v := s.PublicView(); v.Arsenic || v.ArsenicMarket != nil {
		t.Fatal("view shows arsenic")
	}
}

func TestArsenicActionStrings(t *testing.T) {
	for _, str := range []string{"0/cal", "1/ncal", "2/pra:A4", "3/sla"} {
		a, err := ParseAction(str)
		if err != nil || a.String() != str {
			t.Fatalf("%s: %v %q", str, err, a.String())
		}
	}
}

package tinners

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// The Emigration module: four player-coloured miners each, placed instead
// of a miner development in an area with one's own mine, and the Emigrate
// action that sends one to the emigration board for a reward.

// emigTable is a 3-player Emigration table (see table) where C6 (face up)
// holds 9 tin, 9 copper and no water.
func emigTable() *Record {
	r := table(3, map[string]string{"C6": "9/9/0"})
	r.Options.Emigration = true
	return r
}

// withMine: seat 0 wins C6 for £1 and places its own miner there; seats 1
// and 2 pass, so seat 0 is alone in round 1, in column 3.
var withMine = []string{"0/b:C6", "0/bid:1", "1/drop", "2/drop", "1/pass", "2/pass", "0/omi:C6"}

// untilActive passes every other seat until seat is active in phase 2.
func untilActive(t *testing.T, s *State, seat int) *State {
	t.Helper()
	for s.Phase == PhaseActions && s.active() != seat {
		s = play(t, s, fmt.Sprintf("%d/pass", s.active()))
	}
	if s.Phase != PhaseActions {
		t.Fatalf("seat %d never became active: %s", seat, s.Phase)
	}
	return s
}

// toRound plays s on to round r with every seat passing, then passes the
// others until seat 0 is active.
func toRound(t *testing.T, s *State, r int) *State {
	t.Helper()
	for s.Round < r {
		s = passRound(t, s)
	}
	return untilActive(t, s, 0)
}

func TestEmigrationSetup(t *testing.T) {
	if _, err := NewGame(Setup{NumSeats: 3, Edition: EditionV1, Options: Options{Emigration: true}}); err == nil {
		t.Error("Emigration accepted under edition 1")
	}
	for n := MinSeats; n <= MaxSeats; n++ {
		for _, o := range []Options{{Emigration: true}, {Emigration: true, Arsenic: true},
			{Emigration: true, Kickstarter: true}, {Emigration: true, Arsenic: true, Kickstarter: true}} {
			s, err := NewGame(Setup{NumSeats: n, Seed: 9, Options: o})
			if err != nil {
				t.Fatalf("%dp %+v: %v", n, o, err)
			}
			for i, p := range s.Players {
				if p.OwnMiners != 4 || p.Emigrated != 0 || p.Pending.Total() != 0 {
					t.Fatalf("%dp seat %d: %+v", n, i, p)
				}
			}
			v := s.PublicView()
			if !v.Emigration || len(v.Emigrants) != NumLocations {
				t.Fatalf("%dp: view %v %v", n, v.Emigration, v.Emigrants)
			}
			for _, row := range v.Emigrants {
				if row != [NumRounds]int{-1, -1, -1, -1} {
					t.Fatalf("a claimed space at setup: %v", v.Emigrants)
				}
			}
			if err := CheckInvariants(s); err != nil {
				t.Fatal(err)
			}
		}
	}
	s, _ := NewGame(Setup{NumSeats: 3, Seed: 9})
	if v := s.PublicView(); v.Emigration || v.Emigrants != nil || v.Seats[0].OwnMiners != 0 {
		t.Fatal("emigration pieces without the module")
	}
}

// TestOwnMiner: taking a miner development, the seat may return it and
// place its own miner in an area with its own mine instead; that miner is
// the area's one miner and adds 1 to the capacity.
func TestOwnMiner(t *testing.T) {
	s := scenario(t, emigTable(), withMine[:6]...)
	refuse(t, s, "0/omi:C5", ErrBadArea) // not its mine
	s = play(t, s, "0/omi:C6")
	ar := s.Areas[area(t, "C6")]
	if !ar.Miner || ar.OwnMiner != 1 || s.capacity(area(t, "C6")) != 3 {
		t.Fatalf("C6 %+v", ar)
	}
	if s.Miners != 1 || s.Players[0].OwnMiners != 3 || s.Players[0].Col != 3 {
		t.Fatalf("miners on the board %d, own %d, col %d", s.Miners, s.Players[0].OwnMiners, s.Players[0].Col)
	}
	if v := s.PublicView(); v.Areas[area(t, "C6")].OwnMiner != 0 || v.Seats[0].OwnMiners != 3 {
		t.Fatalf("view %+v", v.Areas[area(t, "C6")])
	}
	refuse(t, s, "0/mi:C6", ErrBadArea)  // one miner per area
	refuse(t, s, "0/omi:C6", ErrBadArea) // and it is there
	s = play(t, s, "0/x:C6:3:0")
	// Without the module there is no own miner.
	b := scenario(t, table(3, nil), "0/b:C6", "0/bid:1", "1/drop", "2/drop", "1/pass", "2/pass")
	refuse(t, b, "0/omi:C6", ErrNotAvailable)
	// With the board's miners gone, no own miner either.
	s = scenario(t, emigTable(), "0/b:C6", "0/bid:1", "1/drop", "2/drop", "1/mi:C5", "2/mi:C4")
	s = untilActive(t, s, 0)
	refuse(t, s, "0/omi:C6", ErrNotAvailable)
}

// TestMikeEmigrates is the rulebook's example: Mike's own miner stands in a
// mine with no ore left; it is round 2, so he may send it to any of the four
// locations' round-2 spaces.
func TestMikeEmigrates(t *testing.T) {
	r := emigTable()
	r.Setup.Tiles["C6"] = "1/1/1"
	s := scenario(t, r, append(withMine, "0/x:C6:1:1")...)
	s = toRound(t, s, 2)
	c6 := area(t, "C6")
	if ar := s.Areas[c6]; ar.Tin+ar.Copper != 0 || ar.OwnMiner != 1 {
		t.Fatalf("C6 %+v", ar)
	}
	var locs []int
	for _, a := range s.Legal(0) {
		if a.Kind == ActEmigrate {
			if a.Area != c6 {
				t.Fatalf("emigrate from %s", Standard.Areas[a.Area].ID)
			}
			locs = append(locs, a.Amount)
		}
	}
	if !eqInts(locs, []int{Michigan, SierraMadre, Kimberly, Adelaide}) {
		t.Fatalf("locations %v", locs)
	}
	col := s.Players[0].Col
	s = play(t, s, "0/em:C6:sm")
	if p := s.Players[0]; p.Points != 15 || p.Col != col+1 || p.Emigrated != 1 || p.OwnMiners != 3 {
		t.Fatalf("Mike %+v", p)
	}
	// The area has no miner now: capacity back to 2, and it may take a miner again.
	if ar := s.Areas[c6]; ar.Miner || ar.OwnMiner != 0 || s.capacity(c6) != 2 {
		t.Fatalf("C6 %+v", ar)
	}
	if !legalHas(s, Action{Seat: 0, Kind: ActOwnMiner, Area: c6, Card: NoCard, Border: -1}) ||
		!legalHas(s, Action{Seat: 0, Kind: ActMiner, Area: c6, Card: NoCard, Border: -1}) {
		t.Fatal("C6 can't take a miner again")
	}
	if v := s.PublicView(); v.Emigrants[SierraMadre][1] != 0 || v.Seats[0].Emigrated != 1 {
		t.Fatalf("view %v", v.Emigrants)
	}
	if !logHas(s, "emigrates from C6 (Newquay) to Sierra Madre: 15 points") {
		t.Fatal(englishLog(t, s)[len(s.Log)-1])
	}
}

// TestEmigrateEveryLocationEveryRound: each of the 16 spaces, with its reward.
func TestEmigrateEveryLocationEveryRound(t *testing.T) {
	e := Standard
	for r := 1; r <= NumRounds; r++ {
		for l := 0; l < NumLocations; l++ {
			t.Run(fmt.Sprintf("R%d-%s", r, e.Emigration[l].Name), func(t *testing.T) {
				s := toRound(t, scenario(t, emigTable(), withMine...), r)
				s = play(t, s, "0/x:C6:2:1")
				before := s.Players[0]
				s = play(t, s, "0/em:C6:"+locationCodes[l])
				p := s.Players[0]
				if p.Col != before.Col+1 || s.Emigrants[l][r-1] != 0 {
					t.Fatalf("col %d, board %v", p.Col, s.Emigrants)
				}
				// The space is taken: the same seat's next miner can't claim it.
				s = play(t, s, "0/omi:C6")
				refuse(t, s, "0/em:C6:"+locationCodes[l], ErrNotAvailable)
				switch l {
				case Michigan:
					if p.Pending != e.MichiganPieces[r-1] {
						t.Fatalf("pending %+v", p.Pending)
					}
				case SierraMadre:
					if p.Points-before.Points != e.SierraPoints[r-1] {
						t.Fatalf("points %d", p.Points-before.Points)
					}
				case Kimberly:
					if p.Money-before.Money != e.KimberlyMoney[r-1] {
						t.Fatalf("money +%d", p.Money-before.Money)
					}
				}
				s = passRound(t, s) // the sale (and, in round 4, the end)
				want := 0
				if l == Adelaide {
					b := e.AdelaideBonus[r-1]
					want = 2*b[0] + 1*b[1] // +b[0] on the 2 tin, +b[1] on the copper
				}
				if s.Ledger.Adelaide != want || (want > 0) != logHas(s, "Adelaide's bonus") {
					t.Fatalf("Adelaide paid £%d, want £%d", s.Ledger.Adelaide, want)
				}
				// Kimberly pays again in phase 1 of every later round.
				for s.Phase != PhaseOver {
					s = passRound(t, s)
				}
				kim := 0
				if l == Kimberly {
					kim = e.KimberlyMoney[r-1] * (1 + NumRounds - r)
				}
				if s.Ledger.Kimberly != kim {
					t.Fatalf("Kimberly paid £%d in all, want £%d", s.Ledger.Kimberly, kim)
				}
			})
		}
	}
}

// TestMichiganPieces: Michigan's pieces wait through the rounds until their
// owner places them, free, on one of their turns (in their final column
// too), only where such a piece may go; round 4's two miners may share an
// area with other miners.
func TestMichiganPieces(t *testing.T) {
	s := scenario(t, emigTable(), append(withMine, "0/em:C6:mi")...)
	if s.Players[0].Pending != (Pieces{Adits: 1}) {
		t.Fatalf("pending %+v", s.Players[0].Pending)
	}
	refuse(t, s, "0/ftr:C6", ErrNotAvailable)
	refuse(t, s, "0/fad:D1-D2", ErrBadArea) // D is not in play with 3 players
	// It survives the end of round 1; others can't place it.
	s = passRound(t, s)
	refuse(t, s, fmt.Sprintf("%d/fad:C4-C6", s.active()), ErrNotAvailable)
	s = untilActive(t, s, 0)
	if s.Players[0].Pending.Adits != 1 {
		t.Fatal("the adit was lost")
	}
	col, c4, c6 := s.Players[0].Col, area(t, "C4"), area(t, "C6")
	tin := s.Areas[c4].Tin
	s = play(t, s, "0/fad:C4-C6")
	if s.Players[0].Col != col || s.active() != 0 || s.Players[0].Pending.Total() != 0 || s.AditsLeft != 1 {
		t.Fatalf("a free adit: col %d, active %d, board adits %d", s.Players[0].Col, s.active(), s.AditsLeft)
	}
	if s.Areas[c4].Tin != tin+1 || !s.Adits[Standard.BorderIndex(c4, c6)] {
		t.Fatal("the adit did not do its work")
	}
	// Round 2: a train, placed at once where no train is.
	s = play(t, s, "0/omi:C6", "0/em:C6:mi")
	if s.Players[0].Pending != (Pieces{Trains: 1}) {
		t.Fatalf("pending %+v", s.Players[0].Pending)
	}
	s = play(t, s, "0/tr:C4") // the board's train
	refuse(t, s, "0/ftr:C4", ErrBadArea)
	s = play(t, s, "0/ftr:C6")
	if !s.Areas[c6].Train || s.Trains != 0 {
		t.Fatal("the Michigan train came off the board")
	}
	// Round 3: a port, on the coast only, kept into round 4 and placed in
	// the final column.
	s = toRound(t, s, 3)
	s = play(t, s, "0/omi:C6", "0/em:C6:mi")
	refuse(t, s, "0/fpo:C4", ErrBadArea) // Truro is inland
	s = toRound(t, s, 4)
	for s.Players[0].Col < 10 {
		s = play(t, s, "0/pa")
	}
	l := s.Legal(0)
	if len(l) < 2 || l[len(l)-1].Kind != ActPass {
		t.Fatalf("final column: %v", l)
	}
	for _, a := range l[:len(l)-1] {
		if a.Kind != ActFreePort || !Standard.Areas[a.Area].Coastal {
			t.Fatalf("offered %s", a)
		}
	}
	refuse(t, s, "0/pa", ErrMustPass)
	s = play(t, s, "0/fpo:C6")
	if !s.Areas[c6].Port {
		t.Fatal("no port")
	}
	if l := s.Legal(0); len(l) != 1 || l[0].Kind != ActPass {
		t.Fatalf("after the port: %v", l)
	}
}

// TestMichiganMiners: round 4's two miners, both in one area that already
// has a miner; each adds 1 to the capacity; they stay when a miner emigrates.
func TestMichiganMiners(t *testing.T) {
	s := toRound(t, scenario(t, emigTable(), withMine...), 4)
	s = play(t, s, "0/em:C6:mi", "0/omi:C6")
	c6 := area(t, "C6")
	if s.Players[0].Pending != (Pieces{Miners: 2}) || s.capacity(c6) != 3 {
		t.Fatalf("pending %+v, capacity %d", s.Players[0].Pending, s.capacity(c6))
	}
	s = play(t, s, "0/fmi:C6", "0/fmi:C6")
	if ar := s.Areas[c6]; ar.Extra != 2 || s.capacity(c6) != 5 || s.PublicView().Areas[c6].Extra != 2 {
		t.Fatalf("C6 %+v", ar)
	}
	refuse(t, s, "0/fmi:C5", ErrNotAvailable)
	s = play(t, s, "0/x:C6:5:0")
	// Michigan miners are nobody's own: they can't emigrate.
	s = play(t, s, "0/em:C6:sm")
	if s.Areas[c6].Extra != 2 || s.capacity(c6) != 4 {
		t.Fatal("the Michigan miners left with the emigrant")
	}
	refuse(t, s, "0/em:C6:ki", ErrBadArea)
}

func TestEmigrationOnlyWithTheModule(t *testing.T) {
	s := scenario(t, table(3, nil), "0/b:C6", "0/bid:1", "1/drop", "2/drop", "1/pass", "2/pass", "0/mi:C6")
	refuse(t, s, "0/em:C6:sm", ErrNotAvailable)
	s.Players[0].Pending = Pieces{Miners: 1} // even a stray piece can't be placed
	refuse(t, s, "0/fmi:C6", ErrNotAvailable)
	for _, a := range s.Legal(0) {
		if a.Kind >= ActOwnMiner {
			t.Fatalf("offered %s", a)
		}
	}
}

func TestEmigrationActionStrings(t *testing.T) {
	for _, str := range []string{"0/omi:C6", "1/em:A4:mi", "2/em:B3:sm", "3/em:D7:ki", "4/em:C1:ad",
		"0/fad:C4-C6", "1/ftr:C4", "2/fpo:C6", "3/fmi:A2"} {
		a, err := ParseAction(str)
		if err != nil || a.String() != str {
			t.Fatalf("%s: %v %q", str, err, a.String())
		}
	}
	for _, bad := range []string{"0/em:C6", "0/em:C6:xx", "0/fad:C4", "0/omi"} {
		if _, err := ParseAction(bad); err == nil {
			t.Fatalf("%s parsed", bad)
		}
	}
}

// TestEmigrationRandomGames: random Emigration games (alone and with the
// other modules, 2–5 players), favouring the new actions half the time,
// keep every invariant and use every new action.
func TestEmigrationRandomGames(t *testing.T) {
	var used [numActionKinds]int
	for g := 0; g < 40; g++ {
		o := mixedOptions(2*g + 1)
		s, err := NewGame(Setup{NumSeats: 2 + g%4, Seed: uint64(700 + g), Options: o})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(g), 5))
		for steps := 0; s.Phase != PhaseOver; steps++ {
			if steps > 5000 {
				t.Fatalf("game %d did not end", g)
			}
			seats := s.ToAct()
			l := s.Legal(seats[r.IntN(len(seats))])
			var emig []Choice
			for _, a := range l {
				if a.Kind >= ActOwnMiner {
					emig = append(emig, a)
				}
			}
			if len(emig) > 0 && r.IntN(2) == 0 {
				l = emig
			}
			a := l[r.IntN(len(l))].Action
			if s, _, err = Apply(s, a); err != nil {
				t.Fatalf("game %d: %s: %v", g, a, err)
			}
			if err := CheckInvariants(s); err != nil {
				t.Fatalf("game %d %+v after %s: %v", g, o, a, err)
			}
			used[a.Kind]++
		}
	}
	for k := ActOwnMiner; k < numActionKinds; k++ {
		if used[k] == 0 {
			t.Errorf("no random game used %s (%v)", k.Code(), used[ActOwnMiner:])
		}
	}
}

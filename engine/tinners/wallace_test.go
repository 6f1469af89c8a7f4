package tinners

import (
	"encoding/json"
	"strings"
	"testing"
)

// ---- mine ----

// TestWallaceMiningExamples: the rulebook's two mining examples, the round
// 4 top-up, and his money marker recording what he owes.
func TestWallaceMiningExamples(t *testing.T) {
	t.Run("copper £10: most copper, then least water", func(t *testing.T) {
		for _, c := range []struct {
			westWater, eastWater int
			want                 string
		}{{3, 2, "C1"}, {2, 3, "B1"}} {
			s := soloBoard(t, Options{}, false)
			s.CopperCol = 3
			for _, x := range []struct {
				id string
				w  int
			}{{"B1", c.westWater}, {"C1", c.eastWater}} {
				i := mineAt(t, s, x.id, WallaceSeat, 0, 5, x.w)
				s.Areas[i].Miner, s.Areas[i].Port = true, true // capacity 4
			}
			i, tin, cop, ok := s.wallaceMinePlan()
			if !ok || tin != 0 || cop != 4 {
				t.Fatalf("plan %d %d %d", i, tin, cop)
			}
			wantArea(t, i, c.want)
		}
	})
	t.Run("copper £4: most tin, same water, fewest cubes left; 2 tin only before round 4", func(t *testing.T) {
		s := soloBoard(t, Options{}, true)
		s.CopperCol = 1
		w := mineAt(t, s, "A5", WallaceSeat, 2, 1, 1)
		e := mineAt(t, s, "A7", WallaceSeat, 2, 3, 1)
		s.Areas[w].Miner, s.Areas[e].Miner = true, true // capacity 3
		i, tin, cop, _ := s.wallaceMinePlan()
		wantArea(t, i, "A5")
		if tin != 2 || cop != 0 {
			t.Fatalf("takes %d tin %d copper", tin, cop)
		}
		if s.wallaceMine() != wallaceActed || s.Solo.Owed != 2 || lord(s).Money != 0 || lord(s).Tin != 2 || s.Areas[w].Water != 2 || lord(s).Col != 1 {
			t.Fatalf("owed %d money %d tin %d", s.Solo.Owed, lord(s).Money, lord(s).Tin)
		}
		s.Round = 4
		i, tin, cop, _ = s.wallaceMinePlan()
		wantArea(t, i, "A7")
		if tin != 2 || cop != 1 {
			t.Fatalf("round 4: %d tin %d copper, want 2 tin topped up with 1 copper", tin, cop)
		}
	})
	t.Run("copper £8 with little copper: topped up with tin; furthest east breaks ties", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		mineAt(t, s, "A5", WallaceSeat, 3, 1, 1)
		mineAt(t, s, "A7", WallaceSeat, 3, 1, 1)
		i, tin, cop, _ := s.wallaceMinePlan()
		wantArea(t, i, "A7")
		if tin != 1 || cop != 1 {
			t.Fatalf("%d tin %d copper", tin, cop)
		}
	})
	t.Run("low copper and no tin before round 4: impossible", func(t *testing.T) {
		s := soloBoard(t, Options{}, true)
		mineAt(t, s, "A5", WallaceSeat, 0, 4, 1)
		if s.wallaceMine() != wallaceImpossible {
			t.Fatal("he mined copper")
		}
	})
}

// TestWallaceInvestExample is the rulebook's (Check 9): tin £5, copper £8,
// 3 tin and 8 copper (£79), £12 owed: profit £67 at 16/7 is 103 points,
// £2 lost. Cheap labour halves the debt; friends in high places use the top
// row; financial sabotage moves you a row down.
func TestWallaceInvestExample(t *testing.T) {
	set := func(o Options) *State {
		s := soloBoard(t, o, false)
		s.Round, s.TinCol, s.CopperCol = 2, 1, 2
		s.PassOrder = []int{0, WallaceSeat}
		lord(s).Tin, lord(s).Copper = 3, 8
		s.Solo.Owed = 12
		return s
	}
	s := set(Options{})
	s.wallaceSettle()
	if lord(s).Points != 103 || s.Ledger.WrittenOff != 2 || lord(s).Money != 0 || s.Solo.Owed != 0 {
		t.Fatalf("points %d lost %d\n%s", lord(s).Points, s.Ledger.WrittenOff, strings.Join(englishLog(t, s), "\n"))
	}
	s = set(Options{CheapLabour: true}) // owes 6: £73 → 7×16
	s.wallaceSettle()
	if lord(s).Points != 112 {
		t.Fatalf("cheap labour: %d", lord(s).Points)
	}
	s = set(Options{FriendsInHighPlaces: true}) // row 1, 18/8: 6×18+8
	s.wallaceSettle()
	if lord(s).Points != 116 {
		t.Fatalf("friends: %d", lord(s).Points)
	}
	s = set(Options{FinancialSabotage: true})
	if s.investRow(0) != 1 || s.investRow(WallaceSeat) != 1 {
		t.Fatalf("rows %d %d", s.investRow(0), s.investRow(WallaceSeat))
	}
	t.Run("a debt his sales do not cover is written off", func(t *testing.T) {
		s := set(Options{})
		lord(s).Tin, lord(s).Copper = 1, 0
		s.wallaceSettle()
		if lord(s).Points != 0 || s.Ledger.WrittenOff != 5-12 || lord(s).Money != 0 {
			t.Fatalf("points %d written off %d", lord(s).Points, s.Ledger.WrittenOff)
		}
	})
}

// ---- developments ----

func TestWallaceDevelopments(t *testing.T) {
	t.Run("port example: not where capacity already equals the cubes", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		m := mineAt(t, s, "A5", WallaceSeat, 2, 1, 1)
		s.Areas[m].Miner = true
		mineAt(t, s, "A7", WallaceSeat, 1, 2, 1)
		wantArea(t, s.planWallacePort(), "A7")
	})
	t.Run("port: most ore, most water, most copper, furthest west", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		mineAt(t, s, "A5", WallaceSeat, 3, 1, 1)
		mineAt(t, s, "A7", WallaceSeat, 3, 1, 1)
		wantArea(t, s.planWallacePort(), "A5") // same ore, water, copper: west
		s.Areas[area(t, "A5")].Tin, s.Areas[area(t, "A5")].Copper = 2, 2
		wantArea(t, s.planWallacePort(), "A5") // more copper
		s.Areas[area(t, "A5")].Tin, s.Areas[area(t, "A5")].Copper = 3, 1
		s.Areas[area(t, "A7")].Water = 2
		wantArea(t, s.planWallacePort(), "A7")
		mineAt(t, s, "B1", WallaceSeat, 5, 0, 1)
		wantArea(t, s.planWallacePort(), "B1")
		mineAt(t, s, "A4", WallaceSeat, 9, 9, 9) // inland
		wantArea(t, s.planWallacePort(), "B1")
	})
	t.Run("train: most water removed from his mines, then most ore", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		mineAt(t, s, "A2", WallaceSeat, 1, 0, 1)
		mineAt(t, s, "A5", WallaceSeat, 2, 2, 2)
		mineAt(t, s, "A7", WallaceSeat, 3, 2, 2)
		wantArea(t, s.planWallaceTrain(), "A5") // 2 + A2 + A7 = 4 against 2 + A5 = 3
		s.Areas[area(t, "A2")].Water = 0
		wantArea(t, s.planWallaceTrain(), "A7") // 3 each: most ore
	})
	t.Run("adit: between two of his mines with water; fewest cubes", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		mineAt(t, s, "A2", WallaceSeat, 0, 1, 1)
		mineAt(t, s, "A5", WallaceSeat, 2, 2, 1)
		mineAt(t, s, "A7", WallaceSeat, 1, 1, 1)
		b := s.planWallaceAdit()
		if b != Standard.BorderIndex(area(t, "A2"), area(t, "A5")) {
			t.Fatalf("border %d", b)
		}
		s.Areas[area(t, "A2")].Water = 0
		if b := s.planWallaceAdit(); b != Standard.BorderIndex(area(t, "A5"), area(t, "A7")) {
			t.Fatalf("border %d", b)
		}
	})
	t.Run("the Adit action falls back to steam pumps; Develop does not", func(t *testing.T) {
		s := soloBoard(t, Options{}, false) // round 1: no adit on the board
		mineAt(t, s, "A4", WallaceSeat, 3, 0, 2)
		if s.wallaceDo(WAdit) != wallaceActed || s.Areas[area(t, "A4")].Water != 1 || !logHas(s, "steam pumps instead") {
			t.Fatalf("log %v", englishLog(t, s))
		}
		s = soloBoard(t, Options{}, false)
		mineAt(t, s, "A5", WallaceSeat, 3, 0, 2) // coastal: Develop goes train, adit, then port
		if s.wallaceDo(WDevelop) != wallaceActed || !s.Areas[area(t, "A5")].Port {
			t.Fatal("no port")
		}
	})
	t.Run("develop falls through to steam pumps, then a miner, then another card", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		mineAt(t, s, "A4", WallaceSeat, 3, 0, 2) // inland: no port
		if s.wallaceDo(WDevelop) != wallaceActed || s.Areas[area(t, "A4")].Water != 1 || s.Areas[area(t, "A4")].Miner {
			t.Fatal("want pumps")
		}
		s = soloBoard(t, Options{}, false)
		mineAt(t, s, "A4", WallaceSeat, 3, 0, 0) // no water: no pumps
		if s.wallaceDo(WDevelop) != wallaceActed || !s.Areas[area(t, "A4")].Miner {
			t.Fatal("want a miner")
		}
		s = soloBoard(t, Options{}, false)
		mineAt(t, s, "A4", WallaceSeat, 2, 0, 0) // capacity 2 = ore: nothing
		if s.wallaceDo(WDevelop) != wallaceImpossible {
			t.Fatal("want impossible")
		}
	})
	t.Run("steam pumps: most ore, capacity, least water, inland, west; only mines with ore >= capacity", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		mineAt(t, s, "A5", WallaceSeat, 1, 0, 3) // ore below capacity: never
		mineAt(t, s, "A7", WallaceSeat, 2, 1, 2)
		mineAt(t, s, "A4", WallaceSeat, 2, 1, 2)
		mineAt(t, s, "A2", WallaceSeat, 2, 1, 1)
		wantArea(t, s.wallacePumpTarget(), "A2") // least water
		s.Areas[area(t, "A2")].Water = 2
		wantArea(t, s.wallacePumpTarget(), "A4") // inland
		s.Areas[area(t, "A7")].Tin = 3
		wantArea(t, s.wallacePumpTarget(), "A7") // most ore
	})
	t.Run("miner: most ore, least water, most copper, inland, west", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		mineAt(t, s, "A5", WallaceSeat, 2, 1, 1)
		mineAt(t, s, "A4", WallaceSeat, 2, 1, 1)
		wantArea(t, s.planWallaceMiner(false), "A4") // inland
		mineAt(t, s, "A7", WallaceSeat, 1, 2, 1)
		wantArea(t, s.planWallaceMiner(false), "A7") // more copper
		mineAt(t, s, "A2", WallaceSeat, 3, 0, 0)
		wantArea(t, s.planWallaceMiner(false), "A2") // less water
		mineAt(t, s, "B1", WallaceSeat, 4, 0, 5)
		wantArea(t, s.planWallaceMiner(false), "B1") // most ore
	})
}

// ---- turns and passing ----

func TestWallacePassRules(t *testing.T) {
	t.Run("nothing possible on any card: he passes", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		s.Players[0].Col, s.Players[0].Arrive = 2, 9
		s.settle()
		if !lord(s).Passed || s.Solo.Stuck != 1 || s.Solo.DeckMisses != 0 || len(s.Solo.Used) != 10 {
			t.Fatalf("passed %v stuck %d used %v", lord(s).Passed, s.Solo.Stuck, s.Solo.Used)
		}
		checkOK(t, s)
	})
	t.Run("round 4, column 7 on, nothing to mine: he passes at once", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		s.Round = 4
		put(t, s, "A4", "3/3/0", true) // Build would be possible
		mineAt(t, s, "A5", WallaceSeat, 0, 0, 0)
		lord(s).Col = 7
		s.Players[0].Col = 8
		s.Solo.Actions = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9} // card 1, round 4, column 7: Mine
		s.settle()
		if !lord(s).Passed || len(s.Solo.Used) != 1 || !logHas(s, "nothing to mine") {
			t.Fatalf("%v", englishLog(t, s))
		}
	})
	t.Run("in his final column he passes", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		lord(s).Col = 10
		s.Players[0].Passed, s.PassOrder = true, []int{0}
		s.settle()
		if !lord(s).Passed || len(s.Solo.Used) != 0 {
			t.Fatal("he drew")
		}
	})
	t.Run("an impossible card: the next one; an empty deck is reshuffled", func(t *testing.T) {
		s := soloBoard(t, Options{}, false)
		put(t, s, "A4", "3/3/0", true)
		s.Players[0].Col, s.Players[0].Arrive = 2, 9
		s.Solo.Actions = []int{6} // card 7, round 1, column 0: Mine (impossible)
		s.Solo.Used = []int{0, 1, 2, 3, 4, 5, 7, 8, 9}
		s.FixedDice = []int{0, 0}
		s.settle()
		if !logHas(s, "can't mine") || !logHas(s, "shuffled") || s.Auction == nil {
			t.Fatalf("%s", strings.Join(englishLog(t, s), "\n"))
		}
	})
}

// ---- arsenic ----

// TestWallaceArsenicExample is the rulebook's (Check 11): capacity 4, 1
// copper at £8, 3 tin at £5, 3 water: mining makes £11, the £12 space is
// more, so he processes arsenic, sells it at once, and draws again.
func TestWallaceArsenicExample(t *testing.T) {
	set := func(market []int) *State {
		s := soloBoard(t, Options{Arsenic: true}, false)
		s.Round = 2
		i := mineAt(t, s, "A5", WallaceSeat, 3, 1, 3)
		s.Areas[i].Miner, s.Areas[i].Port, s.Areas[i].Arsenic = true, true, 1
		sold := 0
		for _, n := range market {
			sold += n
		}
		s.Ledger.ArsenicPlaced, s.Ledger.ArsenicSold = 1+sold, sold
		s.ArsenicMarket = market
		return s
	}
	s := set([]int{3, 2, 0, 0}) // next cube £12
	if s.wallaceMine() != wallaceAgain || lord(s).Money != 12 || lord(s).Limiter != 10 || s.Areas[area(t, "A5")].Arsenic != 0 {
		t.Fatalf("money %d limiter %d", lord(s).Money, lord(s).Limiter)
	}
	checkOK(t, s)
	s = set([]int{3, 4, 1, 0}) // next cube £10: he mines
	if s.wallaceMine() != wallaceActed || lord(s).Tin != 3 || lord(s).Copper != 1 {
		t.Fatal("he did not mine")
	}
	if !WallaceProcessesArsenic(12, 11) || WallaceProcessesArsenic(11, 11) {
		t.Fatal("more profitable means strictly more")
	}
	t.Run("the limiter stops at 8/8/7/5", func(t *testing.T) {
		for r, limit := range []int{8, 8, 7, 5} {
			s := set([]int{0, 0, 0, 0})
			s.Round = r + 1
			lord(s).Limiter = limit + 1
			if s.wallaceArsenicArea() < 0 {
				t.Fatalf("round %d: limiter at %d stopped him", r+1, limit+1)
			}
			lord(s).Limiter = limit
			if s.wallaceArsenicArea() >= 0 {
				t.Fatalf("round %d: limiter at %d did not stop him", r+1, limit)
			}
		}
	})
	t.Run("calciner only where it adds 4 or more cubes", func(t *testing.T) {
		s := soloBoard(t, Options{Arsenic: true}, false)
		i := mineAt(t, s, "A2", WallaceSeat, 1, 1, 1) // A4, A5: 3 cubes
		s.wallaceCalciner(i)
		if s.calciner(WallaceSeat) >= 0 {
			t.Fatal("calciner for 3 cubes")
		}
		i = mineAt(t, s, "B3", WallaceSeat, 1, 1, 1) // B1, B5, B6, B7: 5 cubes
		s.wallaceCalciner(i)
		if s.calciner(WallaceSeat) != i || s.Ledger.ArsenicPlaced != 5 {
			t.Fatal("no calciner")
		}
	})
	t.Run("arsenic adds 2 to net worth per cube", func(t *testing.T) {
		s := soloBoard(t, Options{Arsenic: true}, false)
		put(t, s, "A4", "1/1/1", true)
		s.Areas[area(t, "A4")].Arsenic = 2
		if n := s.wallaceNet(area(t, "A4"), NoCard); n != 5 {
			t.Fatalf("net %d", n)
		}
	})
}

// ---- emigration ----

func TestWallaceEmigration(t *testing.T) {
	set := func() *State {
		s := soloBoard(t, Options{Emigration: true}, false)
		i := mineAt(t, s, "A4", WallaceSeat, 1, 1, 0) // 2 ore < capacity 3
		s.Areas[i].Miner, s.Areas[i].OwnMiner = true, WallaceSeat+1
		lord(s).OwnMiners--
		return s
	}
	t.Run("instead of Develop: Michigan", func(t *testing.T) {
		s := set()
		if s.wallaceDo(WDevelop) != wallaceActed || s.Emigrants[Michigan][0] != WallaceSeat {
			t.Fatal("no emigration")
		}
		checkOK(t, s)
	})
	t.Run("instead of Mine: Sierra Madre, else Kimberly, all its money at once", func(t *testing.T) {
		s := set()
		if s.wallaceDo(WMine) != wallaceActed || lord(s).Points != 12 {
			t.Fatal("no Sierra Madre")
		}
		s = set()
		s.Emigrants[SierraMadre][0] = 0
		s.Players[0].Emigrated = 1
		s.Players[0].OwnMiners--
		s.wallaceDo(WMine)
		if s.Solo.Kimberly != 4*5 {
			t.Fatalf("Kimberly due £%d", s.Solo.Kimberly)
		}
		s.PassOrder = []int{0, WallaceSeat}
		s.wallaceSettle()
		if lord(s).Points != 2*20 || s.Ledger.Kimberly != 20 { // row 2 in round 1: 20 a £10
			t.Fatalf("points %d", lord(s).Points)
		}
	})
	t.Run("instead of Build: Adelaide, on every cube he sells", func(t *testing.T) {
		s := set()
		if s.wallaceDo(WBuild) != wallaceActed || s.Emigrants[Adelaide][0] != WallaceSeat {
			t.Fatal("no Adelaide")
		}
		lord(s).Tin, lord(s).Copper = 1, 1 // £5 + £8 + 2×£3
		s.PassOrder = []int{0, WallaceSeat}
		s.wallaceSettle()
		if s.Ledger.Adelaide != 6 {
			t.Fatalf("bonus %d", s.Ledger.Adelaide)
		}
	})
	t.Run("his development order starts with a miner, his own", func(t *testing.T) {
		s := soloBoard(t, Options{Emigration: true}, false)
		mineAt(t, s, "A5", WallaceSeat, 3, 1, 2) // a port would do too
		if s.wallaceDo(WDevelop) != wallaceActed || s.Areas[area(t, "A5")].OwnMiner != WallaceSeat+1 {
			t.Fatal("no own miner")
		}
		checkOK(t, s)
	})
}

// ---- difficulty, the end ----

func TestSoloDifficulty(t *testing.T) {
	t.Run("better mines", func(t *testing.T) {
		s := soloBoard(t, Options{BetterMines: true}, false)
		i := mineAt(t, s, "A4", WallaceSeat, 5, 0, 0)
		j := mineAt(t, s, "A5", 0, 5, 0, 0)
		if s.capacity(i) != 3 || s.capacity(j) != 2 {
			t.Fatal("capacity")
		}
	})
	t.Run("more mines", func(t *testing.T) {
		for n := 0; n <= 2; n++ {
			s := soloBoard(t, Options{MoreMines: n}, false)
			if s.minesLeft(WallaceSeat) != 6+n || s.minesLeft(0) != 6 {
				t.Fatal("mines")
			}
		}
	})
	t.Run("bailing out and shady land purchases at the start of a round", func(t *testing.T) {
		s := soloBoard(t, Options{BailingOut: true, ShadyLandPurchases: true}, false)
		mineAt(t, s, "A4", WallaceSeat, 3, 0, 5)
		put(t, s, "C4", "3/3/1", true)
		s.FixedDice = []int{2, 2, 2, 2, 2, 3}
		s.startRound(3)
		if s.Areas[area(t, "A4")].Water != 3 || s.Areas[area(t, "C4")].Mine != WallaceSeat {
			t.Fatalf("%s", strings.Join(englishLog(t, s), "\n"))
		}
	})
}

func TestSoloResult(t *testing.T) {
	for _, c := range []struct {
		me, him int
		won     bool
	}{{10, 9, true}, {9, 9, false}, {8, 9, false}} {
		s := soloBoard(t, Options{}, false)
		s.Players[0].Points, lord(s).Points = c.me, c.him
		s.soloResult()
		if s.Result.Won != c.won || s.Result.Wallace != c.him || s.Phase != PhaseOver {
			t.Fatalf("%+v: %+v", c, s.Result)
		}
		m := Match{s}
		if r := m.Result(); len(r.Ranking) != 1 || len(r.Scores) != 1 {
			t.Fatalf("contract result %+v", r)
		}
	}
}

// TestSoloPeekTurnsTileUp: the end-of-round peek of the first to pass
// turns the tile face up; Lord Wallace first to pass peeks at nothing.
func TestSoloPeekTurnsTileUp(t *testing.T) {
	s := soloBoard(t, Options{}, false)
	put(t, s, "A4", "3/3/0", false)
	put(t, s, "A6", "1/1/1", true)
	for r := range s.Decks {
		s.Decks[r] = nil // he has no survey card to build with
	}
	s = play(t, s, "0/pass")
	for s.Phase == PhaseInvest {
		s = play(t, s, "0/ie")
	}
	if s.Phase != PhasePeek {
		t.Fatalf("phase %s", s.Phase)
	}
	s = play(t, s, "0/pk:A4")
	if !s.Areas[area(t, "A4")].FaceUp || !logHas(s, "turns the tile in A4 (Ding Dong) face up") {
		t.Fatal("not face up")
	}
	v := s.PublicView()
	if v.Solo == nil || len(v.Seats) != 1 || v.Solo.Lord.Seat != WallaceSeat {
		t.Fatalf("view %+v", v.Solo)
	}
}

// TestWallaceTurnInsideApply: his turn runs in the Apply of your action;
// every card drawn and die rolled is a Reveal event; the view shows his
// owed money, deck sizes, the card drawn and the difficulty, never his
// survey cards.
func TestWallaceTurnInsideApply(t *testing.T) {
	s := soloBoard(t, Options{DeepPockets: true}, false)
	put(t, s, "A4", "3/3/2", true)
	mineAt(t, s, "A5", WallaceSeat, 3, 3, 2)
	mineAt(t, s, "B1", 0, 1, 1, 1)
	s.Solo.Owed = 4
	s.Solo.Survey = []int{card(t, "A +1 copper £2"), card(t, "B +1 tin £2")}
	for r := range s.Decks {
		s.Decks[r] = removeInt(removeInt(s.Decks[r], s.Solo.Survey[0]), s.Solo.Survey[1])
	}
	a, _ := ParseAction("0/x:B1:1:0")
	n, events, err := Apply(s, a)
	if err != nil {
		t.Fatal(err)
	}
	checkOK(t, n)
	if len(n.ToAct()) != 1 || n.ToAct()[0] != 0 {
		t.Fatalf("to act %v", n.ToAct())
	}
	revealed := false
	for _, e := range events {
		if strings.HasPrefix(eventText(t, e), "Lord Wallace reveals action card") {
			if !e.Reveal || e.Seat != WallaceSeat {
				t.Fatalf("event %+v", e)
			}
			revealed = true
		}
	}
	if !revealed {
		t.Fatal("his turn did not run inside Apply")
	}
	v := n.PublicView().Solo
	if v == nil || v.Card == 0 || len(v.Cells) != NumRounds || v.ActionDeck+len(v.Used) != 10 || v.SurveyDeck != len(n.Solo.Survey) ||
		len(v.Difficulty) != 1 || v.Difficulty[0] != "deep-pockets" || v.Owed < 4 {
		t.Fatalf("solo view %+v", v)
	}
	b, _ := json.Marshal(n.PublicView())
	if strings.Contains(string(b), "Survey\"") {
		t.Fatal("his survey deck is in the public view")
	}
}

package tinners

import (
	"fmt"
	"testing"
)

// One test per item under "Checks" in components.md. Each replays the
// rulebook's worked example through the engine (or, for the modules not
// playable yet, through the pure functions in modules.go).

// Check 1: Mike's auction. A B tile 3 tin / 3 copper / 4 water with a B "+1
// copper" card yields 3 tin, 4 copper, 4 water; losing the auction at £9
// pays Mike £5 insurance.
func TestCheck01MikeAuctionInsurance(t *testing.T) {
	// Mike 0, Katie 1, Simon 2.
	r := hands(t, table(3, map[string]string{"B3": "3/3/4"}), []string{"B +1 copper £2"}, nil, nil)
	c := card(t, "B +1 copper £2")
	s := scenario(t, r, fmt.Sprintf("0/b:B3:c%d", c), "0/bid:3", "1/bid:9", "2/drop", "0/drop")
	b3 := s.Areas[area(t, "B3")]
	if b3.Mine != 1 || b3.Tin != 3 || b3.Copper != 4 || b3.Water != 4 {
		t.Errorf("B3 = mine %d, %d tin %d copper %d water; want Katie's, 3/4/4", b3.Mine, b3.Tin, b3.Copper, b3.Water)
	}
	if got := money(s); !eqInts(got, []int{25, 11, 20}) {
		t.Errorf("money %v, want Mike 20+5, Katie 20-9, Simon 20", got)
	}
	if s.Players[1].Col != 2 || s.Players[0].Col != 0 {
		t.Errorf("work: Katie col %d (want 2), Mike col %d (want 0)", s.Players[1].Col, s.Players[0].Col)
	}
	if s.Phase != PhaseActions || s.ToAct()[0] != 0 {
		t.Errorf("it is Mike's turn again: phase %s, to act %v", s.Phase, s.ToAct())
	}
	if len(s.Players[0].Hand) != 0 {
		t.Errorf("Mike's card was not discarded")
	}
}

// Check 2: Zoe. A C tile with ≤3 water, one drainage token and a C "−2 water
// £3" card leaves 0 water; with Simon passed her minimum bid is £2 and the
// card costs £3.
func TestCheck02ZoeDrainageAndCard(t *testing.T) {
	// Zoe 0, Simon 1, Katie 2; Simon acts first, then Katie, then Zoe.
	r := hands(t, table(3, map[string]string{"C1": "1/3/3"}), []string{"C -2 water £3"}, nil, nil)
	r.Setup.Order = []int{1, 2, 0}
	c := card(t, "C -2 water £3")
	acts := []string{"1/pass"}
	for i := 0; i < 6; i++ {
		acts = append(acts, "2/pa", "0/pa")
	}
	// Katie (col 6, first) pasties to 7; Zoe builds a port in St Agnes (no
	// mine: a drainage token) to col 8; Katie digs an adit far away to col 9.
	acts = append(acts, "2/pa", "0/po:C1", "2/ad:A1-A2")
	s := scenario(t, r, acts...)
	if d := s.Areas[area(t, "C1")].Drain; d != 1 {
		t.Fatalf("C1 drainage %d, want 1", d)
	}
	// Katie has one work point: Zoe's auction is uncontested, so no card before it.
	refuse(t, s, fmt.Sprintf("0/b:C1:c%d", c), ErrBadCard)
	s = play(t, s, "0/b:C1")
	if s.Auction.Min != 2 {
		t.Fatalf("minimum bid £%d, want £2 (Simon passed)", s.Auction.Min)
	}
	refuse(t, s, "0/bid:1", ErrBadBid)
	before := s.Players[0].Money
	s = play(t, s, "0/bid:2")
	if s.Phase != PhaseAfterAuction {
		t.Fatalf("phase %s, want after auction", s.Phase)
	}
	s = play(t, s, fmt.Sprintf("0/ac:%d", c))
	c1 := s.Areas[area(t, "C1")]
	if c1.Water != 0 || c1.Drain != 0 || c1.Mine != 0 || c1.Port != true || c1.Tin != 1 || c1.Copper != 3 {
		t.Errorf("C1 = %+v; want Zoe's mine with the port, 1 tin 3 copper 0 water, no drainage", c1)
	}
	if spent := before - s.Players[0].Money; spent != 5 {
		t.Errorf("Zoe spent £%d, want £2 bid + £3 card", spent)
	}
}

// Check 3: Olly (2 players). The top of the C deck is "+2 copper £5";
// minimum opening bid £5.
func TestCheck03OllyTwoPlayerDraw(t *testing.T) {
	// Olly 0 with £4, Caezar 1.
	r := table(2, map[string]string{"C1": "1/3/2"})
	r.Setup.Money = []int{4, 20}
	top := card(t, "C +2 copper £5")
	var decks [][]int
	for d := DeckA; d <= DeckC; d++ {
		var pile []int
		if d == DeckC {
			pile = append(pile, top)
		}
		for _, id := range Standard.Decks[d] {
			if id != top {
				pile = append(pile, id)
			}
		}
		decks = append(decks, pile)
	}
	r.Setup.Decks = decks
	s := scenario(t, r)
	refuse(t, s, "0/b:C1", ErrBadCard) // two players: a card always starts the auction
	s = play(t, s, "0/b:C1:draw")
	if s.Auction.Min != 5 || s.Auction.Card != top {
		t.Fatalf("auction min £%d card %d; want £5 and %d", s.Auction.Min, s.Auction.Card, top)
	}
	refuse(t, s, "0/bid:4", ErrBadBid)
	refuse(t, s, "0/bid:5", ErrNoMoney)
	s = play(t, s, "0/drop", "1/bid:5")
	c1 := s.Areas[area(t, "C1")]
	if c1.Mine != 1 || c1.Copper != 5 || c1.Tin != 1 || !c1.FaceUp {
		t.Errorf("C1 = %+v; want Caezar's mine with 1 tin, 3+2 copper, revealed", c1)
	}
	if got := money(s); !eqInts(got, []int{4, 15}) {
		t.Errorf("money %v, want [4 15]", got)
	}
}

// Check 4: Lord Wallace. Tile 3/3/2 (net 4) + "+1 copper £2" = net 5; orange
// 2, blue 4 → bid £6.
func TestCheck04LordWallaceBid(t *testing.T) {
	tile := Tile{Tin: 3, Copper: 3, Water: 2}
	if n := WallaceNetWorth(tile, nil); n != 4 {
		t.Errorf("net worth %d, want 4", n)
	}
	c := Standard.Cards[card(t, "A +1 copper £2")]
	net := WallaceNetWorth(tile, &c)
	if net != 5 {
		t.Fatalf("net worth with card %d, want 5", net)
	}
	// White 3 would win under any other rule; at net 5 it is orange or blue.
	bid, ok := WallaceBid(net, false, 3, 2, 4, c.Value, false)
	if !ok || bid != 6 {
		t.Errorf("bid £%d (%v), want £6", bid, ok)
	}
	if bid, _ := WallaceBid(net, false, 3, 2, 4, c.Value, true); bid != 8 {
		t.Errorf("deep pockets bid £%d, want £8", bid)
	}
	for _, tc := range []struct {
		net      int
		faceDown bool
		want     int
		pass     bool
	}{
		{-3, false, 0, true}, {-2, false, 0, true}, {-1, false, 1, false}, {0, false, 1, false},
		{1, false, 3, false}, {2, false, 3, false}, {3, false, 1, false}, {4, false, 1, false},
		{5, false, 5, false}, {9, false, 5, false}, {-5, true, 1, false},
	} {
		// white 3, orange 1, blue 5
		die, ok := WallaceBidDie(tc.net, tc.faceDown, 3, 1, 5)
		if ok == tc.pass || die != tc.want {
			t.Errorf("net %d faceDown %v: die %d ok %v; want %d pass %v", tc.net, tc.faceDown, die, ok, tc.want, tc.pass)
		}
	}
}

// Check 5: Ore. Tin dice total 2 → £4; copper total 7 → £8; old tin £4 →
// +1 next round.
func TestCheck05OrePrices(t *testing.T) {
	for total, col := range map[int]int{0: 0, 2: 0, 4: 0, 5: 1, 6: 1, 7: 2, 8: 2, 9: 3, 12: 3} {
		if got := Standard.PriceColumn(total); got != col {
			t.Errorf("PriceColumn(%d) = %d, want %d", total, got, col)
		}
	}
	r := table(3, nil)
	r.Setup.Dice = []int{
		0, 1, 1, 1, 2, 4, // round 1: tin 2 → £4, copper 7 → £8
		1, 1, 2, 3, 4, 5, // round 2: tin 4+1 → £5, copper 12 → £10
		1, 1, 2, 2, 3, 4, // round 3: tin 4 (old £5: no change) → £4, copper 9−1 → £8
	}
	s := scenario(t, r)
	pv := s.PublicView()
	if pv.Tin != 4 || pv.Copper != 8 || pv.TinDice != [3]int{0, 1, 1} || pv.CopDice != [3]int{1, 2, 4} {
		t.Fatalf("round 1: tin £%d copper £%d dice %v %v", pv.Tin, pv.Copper, pv.TinDice, pv.CopDice)
	}
	s = passRound(t, s)
	if pv := s.PublicView(); s.Round != 2 || pv.Tin != 5 || pv.Copper != 10 {
		t.Fatalf("round %d: tin £%d copper £%d; want round 2, £5 (total 4 + 1), £10", s.Round, pv.Tin, pv.Copper)
	}
	s = passRound(t, s)
	if pv := s.PublicView(); pv.Tin != 4 || pv.Copper != 8 {
		t.Fatalf("round 3: tin £%d copper £%d; want £4, £8 (total 9 − 1)", pv.Tin, pv.Copper)
	}
	if !logHas(s, "Round 1. Tin £4 (dice 0 1 1), copper £8 (dice 1 2 4).") {
		t.Errorf("dice faces not logged")
	}
}

// Check 6: Caezar. Capacity 3 (mine + miner), 3 water, extracts 3 copper,
// pays £9, water becomes 4.
func TestCheck06CaezarExtract(t *testing.T) {
	r := table(3, map[string]string{"B3": "0/3/3"}, "B3")
	r.Setup.Order = []int{1, 2, 0}
	s := scenario(t, r, "1/pass", "2/pass", "0/b:B3", "0/bid:3", "0/mi:B3")
	if c := s.PublicView().Areas[area(t, "B3")].Capacity; c != 3 {
		t.Fatalf("capacity %d, want 3", c)
	}
	refuse(t, s, "0/x:B3:0:4", ErrBadAmount)
	before := s.Players[0].Money
	s = play(t, s, "0/x:B3:0:3")
	b3 := s.Areas[area(t, "B3")]
	if paid := before - s.Players[0].Money; paid != 9 || b3.Water != 4 || b3.Copper != 0 || s.Players[0].Copper != 3 {
		t.Errorf("paid £%d, water %d, copper left %d, held %d; want £9, 4, 0, 3", paid, b3.Water, b3.Copper, s.Players[0].Copper)
	}
}

// Check 7: Zoe sells 2 tin at £5 and 3 copper at £8: £34.
func TestCheck07ZoeSells(t *testing.T) {
	r := table(3, map[string]string{"B3": "2/3/0"}, "B3")
	r.Setup.Order = []int{1, 2, 0}
	s := scenario(t, r, "1/pass", "2/pass", "0/b:B3", "0/bid:3", "0/mi:B3", "0/x:B3:2:1", "0/x:B3:0:2")
	if p := s.Players[0]; p.Tin != 2 || p.Copper != 3 {
		t.Fatalf("Zoe holds %d tin %d copper", p.Tin, p.Copper)
	}
	before := s.Players[0].Money
	s = play(t, s, "0/pass")
	if got := s.Players[0].Money - before; got != 34 {
		t.Errorf("sale earned £%d, want £34", got)
	}
	if p := s.Players[0]; p.Tin != 0 || p.Copper != 0 {
		t.Errorf("cubes kept after the sale")
	}
	if !logHas(s, "sells 2 tin and 3 copper for £34") {
		t.Errorf("sale not logged")
	}
}

// Check 8: Mike, first to pass in round 1 with £44: £20 → 44 points, then
// £5 → 10 points, keeps £19.
func TestCheck08MikeInvests(t *testing.T) {
	r := table(3, nil)
	r.Setup.Money = []int{44, 20, 20}
	s := scenario(t, r, "0/pass", "1/pass", "2/pass")
	if s.Phase != PhaseInvest || s.ToAct()[0] != 0 {
		t.Fatalf("phase %s to act %v", s.Phase, s.ToAct())
	}
	s = play(t, s, "0/inv:10", "0/inv:10", "0/ie")
	if s.Players[0].Points != 44 {
		t.Fatalf("points %d after £20, want 44", s.Players[0].Points)
	}
	s = play(t, s, "1/inv:10", "1/ie", "2/ie", "0/inv:5", "0/ie", "1/ie", "0/ie")
	if p := s.Players[0]; p.Points != 54 || p.Money != 19 {
		t.Errorf("Mike %d points £%d; want 54, £19", p.Points, p.Money)
	}
	if p := s.Players[1]; p.Points != 20 || p.Money != 10 {
		t.Errorf("row 2: %d points £%d; want 20, £10", p.Points, p.Money)
	}
	if s.Round != 2 && s.Phase != PhasePeek {
		t.Errorf("round did not end: round %d phase %s", s.Round, s.Phase)
	}
}

// Check 9: Lord Wallace sells 3 tin at £5 and 8 copper at £8 (£79), owes
// £12: profit £67 at 16/7 → 103 points, £2 lost.
func TestCheck09LordWallaceInvests(t *testing.T) {
	sale := 3*Standard.TinPrices[1] + 8*Standard.CopperPrices[2]
	if sale != 79 {
		t.Fatalf("sale £%d, want £79", sale)
	}
	if Standard.Invest[1][1] != [2]int{16, 7} {
		t.Fatalf("round 2 row 2 is %v, want 16/7", Standard.Invest[1][1])
	}
	tens, fives, pts, left := InvestBest(sale-12, [2]int{16, 7})
	if tens != 6 || fives != 1 || pts != 103 || left != 2 {
		t.Errorf("InvestBest(67, 16/7) = %d×£10 %d×£5 %d points £%d left; want 6, 1, 103, £2", tens, fives, pts, left)
	}
}

// Check 10: Katie sells 2 arsenic in round 2 with section 2 empty: £26.
func TestCheck10KatieSellsArsenic(t *testing.T) {
	earned, after := Standard.ArsenicSale([]int{1, 0, 0, 0}, 2, 2)
	if earned != 26 || !eqInts(after, []int{1, 2, 0, 0}) {
		t.Errorf("earned £%d market %v; want £26, [1 2 0 0]", earned, after)
	}
	// Section 1 is closed from round 2 even when empty.
	if earned, _ := Standard.ArsenicSale(nil, 2, 1); earned != 13 {
		t.Errorf("round 2 first cube £%d, want £13", earned)
	}
	// Round 1: all open, best first, across sections.
	if earned, _ := Standard.ArsenicSale([]int{2, 0, 0, 0}, 1, 2); earned != 14+13 {
		t.Errorf("round 1 £%d, want £27", earned)
	}
	// Round 4: only the last section; its last space takes any number.
	if earned, after := Standard.ArsenicSale([]int{0, 0, 0, 3}, 4, 3); earned != 18 || after[3] != 6 {
		t.Errorf("round 4 £%d %v, want £18", earned, after)
	}
}

// Check 11: Lord Wallace's arsenic example: capacity 4, 1 copper at £8, 3
// tin at £5, 3 water → mining profit £11 < the £12 arsenic space, so he
// processes arsenic.
func TestCheck11LordWallaceArsenicChoice(t *testing.T) {
	profit := WallaceMiningProfit(4, 3, 1, 3, 5, 8, false)
	if profit != 11 {
		t.Fatalf("mining profit £%d, want £11", profit)
	}
	next := Standard.ArsenicNext([]int{0, 2, 0, 0}, 2)
	if next != 12 {
		t.Fatalf("next arsenic space £%d, want £12", next)
	}
	if !(profit < next) {
		t.Errorf("he should process arsenic")
	}
	// Capacity binds.
	if p := WallaceMiningProfit(2, 3, 1, 3, 5, 8, false); p != 5+2 {
		t.Errorf("capacity 2: £%d, want £7", p)
	}
}

// TestWallaceMiningProfitTakesEveryCube: the profit counts every cube his
// Mine action takes, also one worth less than the water it costs (the
// rulebook's example: copper at £10, he takes all four cubes whatever the
// water).
func TestWallaceMiningProfitTakesEveryCube(t *testing.T) {
	for _, c := range []struct {
		name                                          string
		capa, tin, copper, water, tinPrice, copperPrc int
		last                                          bool
		want                                          int
	}{
		{"four copper at £10 under 11 water", 4, 0, 4, 11, 4, 10, false, 4*10 - 4*11},
		{"copper high, tin fills up to capacity under 6 water", 4, 3, 1, 6, 5, 8, false, 8 + 3*5 - 4*6},
		{"copper low: tin only, each under 5 water", 4, 3, 2, 5, 4, 4, false, 3*4 - 3*5},
		{"copper low in round 4: copper fills up", 4, 3, 2, 5, 4, 2, true, 3*4 + 2 - 4*5},
	} {
		if got := WallaceMiningProfit(c.capa, c.tin, c.copper, c.water, c.tinPrice, c.copperPrc, c.last); got != c.want {
			t.Errorf("%s: £%d, want £%d", c.name, got, c.want)
		}
	}
}

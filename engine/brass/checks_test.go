package brass

import (
	"slices"
	"testing"
)

// The tests in this file are the "Checks" of components.md, one each
// (TestCheckNN_…); the checks about rules in play are in checks_rules_test.go.

func loc(t *testing.T, id string) int {
	t.Helper()
	i := Standard.LocID(id)
	if i < 0 {
		t.Fatalf("no location %q", id)
	}
	return i
}

// TestCheck01_MerchantSetup: 5 / 7 / 9 merchant spaces used at 2 / 3 / 4
// players, a pool of exactly that many tiles, 3 / 4 / 6 of them non-blank.
func TestCheck01_MerchantSetup(t *testing.T) {
	e := Standard
	want := map[int][3]int{2: {5, 5, 3}, 3: {7, 7, 4}, 4: {9, 9, 6}}
	for n, w := range want {
		spaces, pool, nonBlank := 0, 0, 0
		for _, l := range e.Locations {
			if l.Kind == MerchantLoc && l.MinPlayers <= n {
				spaces += len(l.Merchants)
			}
		}
		for _, m := range e.MerchantTiles {
			pool += m.Copies[n]
			if !m.Blank() {
				nonBlank += m.Copies[n]
			}
		}
		if got := [3]int{spaces, pool, nonBlank}; got != w {
			t.Errorf("%d players: spaces, pool, non-blank = %v, want %v", n, got, w)
		}
	}
	used := func(id string) int { return Standard.Locations[loc(t, id)].MinPlayers }
	if used("shrewsbury") != 2 || used("gloucester") != 2 || used("oxford") != 2 || used("warrington") != 3 || used("nottingham") != 4 {
		t.Error("merchant locations used at the wrong player counts")
	}
	if n := len(e.Locations[loc(t, "shrewsbury")].Merchants); n != 1 {
		t.Errorf("Shrewsbury has %d merchant spaces, want 1", n)
	}
}

// TestCheck02_MarketsAtSetup: coal 13 cubes, iron 8; coal bought in order
// costs 1, 2, 2, 3…; iron 2, 2, 3…; 3 coal cost £5, 2 iron £4.
func TestCheck02_MarketsAtSetup(t *testing.T) {
	c, i := Standard.CoalMarket, Standard.IronMarket
	if c.Start != 13 || i.Start != 8 {
		t.Fatalf("setup cubes coal %d iron %d", c.Start, i.Start)
	}
	var got []int
	for n := c.Start; n > c.Start-4; n-- {
		got = append(got, c.BuyPrice(n))
	}
	if !slices.Equal(got, []int{1, 2, 2, 3}) {
		t.Errorf("coal prices %v", got)
	}
	got = nil
	for n := i.Start; n > i.Start-3; n-- {
		got = append(got, i.BuyPrice(n))
	}
	if !slices.Equal(got, []int{2, 2, 3}) {
		t.Errorf("iron prices %v", got)
	}
	if cost, left := c.BuyCost(c.Start, 3); cost != 5 || left != 10 {
		t.Errorf("3 coal cost £%d leaving %d", cost, left)
	}
	if cost, _ := i.BuyCost(i.Start, 2); cost != 4 {
		t.Errorf("2 iron cost £%d", cost)
	}
}

// TestCheck06_RoundsUseTheDeck: exactly 10 / 9 / 8 rounds per era at
// 2 / 3 / 4 players use every card of the deck in each era.
func TestCheck06_RoundsUseTheDeck(t *testing.T) {
	for n, r := range map[int]int{2: 10, 3: 9, 4: 8} {
		sc := Standard.Seats[n]
		if sc.Rounds != r {
			t.Errorf("%d players: %d rounds, want %d", n, sc.Rounds, r)
		}
		canal := n * (1 + 1 + 2*(r-1))
		rail := n * 2 * r
		if canal != sc.Deck || rail != sc.Deck {
			t.Errorf("%d players: canal uses %d, rail %d, deck %d", n, canal, rail, sc.Deck)
		}
	}
}

// TestCheck07_Deck: 40 / 54 / 64 cards, wild cards never in the deck, one
// Uttoxeter at 3 players, no blue, teal or cotton/manuf card at 2.
func TestCheck07_Deck(t *testing.T) {
	e := Standard
	for n, want := range map[int]int{2: 40, 3: 54, 4: 64} {
		loc, ind := 0, 0
		for _, c := range e.Cards {
			switch c.Kind {
			case LocationCard:
				loc += c.Copies[n]
			case IndustryCard:
				ind += c.Copies[n]
			}
		}
		if loc+ind != want || e.DeckSize(n) != want {
			t.Errorf("%d players: %d location + %d industry cards, want %d", n, loc, ind, want)
		}
		wantLoc := map[int]int{2: 27, 3: 35, 4: 41}[n]
		if loc != wantLoc {
			t.Errorf("%d players: %d location cards, want %d", n, loc, wantLoc)
		}
	}
	if e.Cards[CardWildLocation].Copies != [5]int{} || e.Cards[CardWildIndustry].Copies != [5]int{} {
		t.Error("a wild card is in the deck")
	}
	if c := e.Cards[loc(t, "uttoxeter")].Copies[3]; c != 1 {
		t.Errorf("3p deck has %d Uttoxeter cards", c)
	}
	for ci, c := range e.Cards {
		if c.Copies[2] == 0 {
			continue
		}
		if c.Kind == LocationCard && (e.Locations[c.Loc].Banner == Blue || e.Locations[c.Loc].Banner == Teal) {
			t.Errorf("2p deck has a %s card", e.Locations[c.Loc].ID)
		}
		if ci == CardCottonManuf {
			t.Error("2p deck has a cotton/manufacturer card")
		}
	}
}

// TestCheck08_MapTotals: 27 nodes, 49 spaces (22 single, 27 double), icon
// counts, 39 lines (30 both, 1 canal-only, 8 rail-only), Uttoxeter without
// a canal line, Birmingham with 8 lines of which 6 canal.
func TestCheck08_MapTotals(t *testing.T) {
	e := Standard
	kinds := map[LocKind]int{}
	for _, l := range e.Locations {
		kinds[l.Kind]++
	}
	if len(e.Locations) != 27 || kinds[Town] != 20 || kinds[Farm] != 2 || kinds[MerchantLoc] != 5 {
		t.Errorf("locations %d: %v", len(e.Locations), kinds)
	}
	single := 0
	icons := map[Industry]int{}
	for _, sp := range e.Spaces {
		if sp.Single() {
			single++
		}
		for _, i := range sp.Icons {
			if i != NoIndustry {
				icons[i]++
			}
		}
	}
	if len(e.Spaces) != 49 || single != 22 {
		t.Errorf("%d spaces, %d single-icon", len(e.Spaces), single)
	}
	want := map[Industry]int{Cotton: 16, Manuf: 21, Coal: 15, Iron: 9, Brewery: 11, Pottery: 4}
	for i, n := range want {
		if icons[i] != n {
			t.Errorf("%s icons: %d, want %d", i, icons[i], n)
		}
	}
	both, canalOnly, railOnly, canal, rail := 0, 0, 0, 0, 0
	for _, ln := range e.Lines {
		switch {
		case ln.Canal && ln.Rail:
			both++
		case ln.Canal:
			canalOnly++
		default:
			railOnly++
		}
		if ln.Canal {
			canal++
		}
		if ln.Rail {
			rail++
		}
	}
	if len(e.Lines) != 39 || both != 30 || canalOnly != 1 || railOnly != 8 || canal != 31 || rail != 38 {
		t.Errorf("lines %d: both %d canal-only %d rail-only %d; canal %d rail %d", len(e.Lines), both, canalOnly, railOnly, canal, rail)
	}
	utt, bham := loc(t, "uttoxeter"), loc(t, "birmingham")
	bl, bc := 0, 0
	for _, ln := range e.Lines {
		if slices.Contains(ln.Ends, utt) && ln.Canal {
			t.Error("Uttoxeter has a canal line")
		}
		if slices.Contains(ln.Ends, bham) {
			bl++
			if ln.Canal {
				bc++
			}
		}
	}
	if bl != 8 || bc != 6 {
		t.Errorf("Birmingham has %d lines, %d canal", bl, bc)
	}
	// Line 30 touches the southern farm; line 17 reaches the northern.
	if ends := e.Lines[29].Ends; len(ends) != 3 || ends[2] != loc(t, "farm-s") {
		t.Errorf("line 30 ends %v", ends)
	}
	if ends := e.Lines[16].Ends; !slices.Contains(ends, loc(t, "farm-n")) || !slices.Contains(ends, loc(t, "cannock")) {
		t.Errorf("line 17 ends %v", ends)
	}
}

// TestCheck09_TilesPerPlayer: 11 + 11 + 5 + 7 + 4 + 7 = 45 tiles, 14 links.
func TestCheck09_TilesPerPlayer(t *testing.T) {
	want := map[Industry]int{Cotton: 11, Manuf: 11, Pottery: 5, Coal: 7, Iron: 4, Brewery: 7}
	for i, n := range want {
		if got := len(Standard.Stack(i)); got != n {
			t.Errorf("%s: %d tiles, want %d", i, got, n)
		}
	}
	if Standard.TilesPerPlayer() != 45 || Standard.LinkTiles != 14 {
		t.Errorf("%d tiles, %d links", Standard.TilesPerPlayer(), Standard.LinkTiles)
	}
	if m := Standard.Tiles[Manuf][3]; m.Cost != 14 || m.Iron != 1 {
		t.Errorf("manufacturer IV costs £%d + %d iron, want £14 + 1", m.Cost, m.Iron)
	}
}

// TestCheck11_EraMarks: level I of cotton, manuf, coal, iron and brewery is
// canal-only, pottery I is not; pottery V and brewery IV are rail-only;
// potteries I and III carry the lightbulb.
func TestCheck11_EraMarks(t *testing.T) {
	e := Standard
	for i := Industry(0); i < NumIndustries; i++ {
		if got := e.Tiles[i][0].CanalOnly; got != (i != Pottery) {
			t.Errorf("%s I canal-only = %v", i, got)
		}
	}
	for i := Industry(0); i < NumIndustries; i++ {
		for lvl, tl := range e.Tiles[i] {
			want := (i == Pottery && lvl == 4) || (i == Brewery && lvl == 3)
			if tl.RailOnly != want {
				t.Errorf("%s %d rail-only = %v", i, lvl+1, tl.RailOnly)
			}
			bulb := i == Pottery && (lvl == 0 || lvl == 2)
			if tl.Lightbulb != bulb {
				t.Errorf("%s %d lightbulb = %v", i, lvl+1, tl.Lightbulb)
			}
		}
	}
}

// TestCheck15_EmptyMarkets: an empty coal market sells at £8, iron at £6.
func TestCheck15_EmptyMarkets(t *testing.T) {
	if p := Standard.CoalMarket.BuyPrice(0); p != 8 {
		t.Errorf("empty coal £%d", p)
	}
	if p := Standard.IronMarket.BuyPrice(0); p != 6 {
		t.Errorf("empty iron £%d", p)
	}
	if cost, left := Standard.IronMarket.BuyCost(1, 3); cost != 5+6+6 || left != 0 {
		t.Errorf("3 iron from a market of 1: £%d, %d left", cost, left)
	}
}

// TestCheck17_Loan: 3 levels back to the top space of the new level;
// refused below level −10.
func TestCheck17_Loan(t *testing.T) {
	cases := []struct{ from, to int }{{10, 7}, {17, 12}, {35, 28}, {98, 88}, {3, 0}}
	for _, c := range cases {
		got, ok := Standard.LoanSpace(c.from)
		if !ok || got != c.to {
			t.Errorf("loan from space %d: %d (%v), want %d", c.from, got, ok, c.to)
		}
	}
	if _, ok := Standard.LoanSpace(2); ok {
		t.Error("loan from space 2 (level −8) allowed")
	}
	if Standard.LoanMoney != 30 {
		t.Errorf("loan £%d", Standard.LoanMoney)
	}
	lv := []struct{ sp, lvl int }{{10, 0}, {7, -3}, {12, 1}, {17, 4}, {28, 9}, {35, 12}, {88, 27}, {98, 30}, {0, -10}, {99, 30}}
	for _, c := range lv {
		if got := Standard.Level(c.sp); got != c.lvl {
			t.Errorf("space %d is level %d, want %d", c.sp, got, c.lvl)
		}
	}
}

// TestCheck18_IncomeBySpaces: from 10 a coal mine II (+7) lands on 17 =
// level 4; the marker stops on space 99; Oxford moves 2 spaces.
func TestCheck18_IncomeBySpaces(t *testing.T) {
	e := Standard
	sp := e.Advance(10, e.Tiles[Coal][1].Income)
	if sp != 17 || e.Level(sp) != 4 {
		t.Errorf("coal mine II from 10: space %d level %d", sp, e.Level(sp))
	}
	if e.Advance(97, 7) != 99 || e.MaxSpace() != 99 {
		t.Errorf("track end %d", e.Advance(97, 7))
	}
	ox := e.Locations[loc(t, "oxford")]
	if ox.Bonus != BonusIncome || e.Advance(20, ox.BonusValue) != 22 {
		t.Errorf("Oxford bonus %d/%d", ox.Bonus, ox.BonusValue)
	}
}

// TestCheck19_ShortfallValues: half the money cost rounded down; level −3
// with £1 owes £3: removing a coal mine II (£3) gives £4, pays £3, keeps
// £1; with no tile to remove, £1 is paid and 2 VP lost (never below 0).
func TestCheck19_ShortfallValues(t *testing.T) {
	e := Standard
	cases := []struct {
		t    Tile
		want int
	}{{e.Tiles[Coal][0], 2}, {e.Tiles[Cotton][1], 7}, {e.Tiles[Iron][0], 2}, {e.Tiles[Pottery][1], 0}, {e.Tiles[Coal][1], 3}}
	for _, c := range cases {
		if got := c.t.TileValue(); got != c.want {
			t.Errorf("%s %d is worth £%d, want £%d", c.t.Industry, c.t.Level, got, c.want)
		}
	}
	s := game(t, 2)
	mine := sp(t, "dudley", 0)
	s.put(0, Coal, 1, mine, false, 3)
	s.Players[0].Money, s.Players[0].Owe = 1, 3
	s.Players[1].Money, s.Players[1].Owe, s.Players[1].VP, s.Scores[1].Bonus = 1, 3, 5, 5
	s.settle(1)
	if p := s.Players[1]; p.Money != 0 || p.VP != 3 || p.Owe != 0 {
		t.Errorf("no tile: money %d, VP %d, owes %d", p.Money, p.VP, p.Owe)
	}
	s.Step = step{Kind: StepShortfall}
	r := act(0, ActRemove)
	r.Space = mine
	mustApply(t, s, r)
	if p := s.Players[0]; p.Money != 1 || p.Owe != 0 || s.Spaces[mine].Owner != -1 {
		t.Errorf("after removing the mine: money %d, owes %d", p.Money, p.Owe)
	}
}

// TestCheck20_TurnOrder: A B C D spending 10, 0, 10, 5 → B D A C.
func TestCheck20_TurnOrder(t *testing.T) {
	got := NextOrder([]int{0, 1, 2, 3}, []int{10, 0, 10, 5})
	if !slices.Equal(got, []int{1, 3, 0, 2}) {
		t.Errorf("order %v", got)
	}
}

// TestCheck26_IntroMoney: £59 → 14 VP, £60 and £100 → 15.
func TestCheck26_IntroMoney(t *testing.T) {
	for m, want := range map[int]int{59: 14, 60: 15, 100: 15, 0: 0, 3: 0} {
		if got := Standard.IntroMoneyVP(m); got != want {
			t.Errorf("£%d → %d VP, want %d", m, got, want)
		}
	}
}

package brass

import (
	"slices"
	"testing"
)

// The "Checks" of components.md about rules in play, one test each.

// TestCheck03_PlayerSetup: £17, VP 0, income space 10 = level 0, 8 cards
// and a face-down card each; the rest is the deck.
func TestCheck03_PlayerSetup(t *testing.T) {
	for n := 2; n <= 4; n++ {
		s := game(t, n)
		for i, p := range s.Players {
			if p.Money != 17 || p.VP != 0 || p.Income != 10 || Standard.Level(p.Income) != 0 || len(p.Hand) != 8 || p.FaceDown < 0 || len(p.Discard) != 0 {
				t.Errorf("%dp seat %d: £%d VP %d income %d hand %d face-down %d", n, i, p.Money, p.VP, p.Income, len(p.Hand), p.FaceDown)
			}
		}
		if len(s.Deck) != Standard.Seats[n].Deck-9*n {
			t.Errorf("%dp: deck of %d after the deal", n, len(s.Deck))
		}
		order := slices.Clone(s.Order)
		slices.Sort(order)
		for i, o := range order {
			if o != i {
				t.Errorf("%dp: turn order %v", n, s.Order)
			}
		}
	}
}

// TestCheck04_TwoCanalsTwoActions: two Network actions in one Canal turn
// place two canal links for £6 and two cards; one action never two.
func TestCheck04_TwoCanalsTwoActions(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	b, c := loc(t, "birmingham"), loc(t, "coventry")
	s.turnOf(0, b, c)
	mustApply(t, s, networkA(0, b, line(t, "birmingham", "coventry")))
	if s.Step.Kind != StepAction || s.Step.Done != 1 {
		t.Fatalf("after one canal the step is %s (done %d)", s.Step.Kind, s.Step.Done)
	}
	mustApply(t, s, networkA(0, c, line(t, "birmingham", "oxford")))
	p := s.Players[0]
	if p.Money != 11 || len(p.Hand) != 0 || len(p.Discard) != 2 || s.linksLeft(0) != 12 || s.Step.Kind != StepEndTurn {
		t.Errorf("after two canals: £%d, hand %d, discards %d, links left %d, step %s", p.Money, len(p.Hand), len(p.Discard), s.linksLeft(0), s.Step.Kind)
	}
}

// TestCheck05_CottonIIIScoresTwice: a flipped cotton III built in the
// Canal era scores 9 at each era's end (18); a flipped cotton I scores 5
// once and is removed.
func TestCheck05_CottonIIIScoresTwice(t *testing.T) {
	s := game(t, 2)
	s.put(0, Cotton, 2, sp(t, "worcester", 0), true, 0)
	s.put(1, Cotton, 0, sp(t, "worcester", 1), true, 0)
	s.Deck = nil
	s.endEra()
	if s.Players[0].VP != 9 || s.Players[1].VP != 5 {
		t.Fatalf("canal scores %d and %d, want 9 and 5", s.Players[0].VP, s.Players[1].VP)
	}
	if s.Spaces[sp(t, "worcester", 1)].Owner != -1 || s.Spaces[sp(t, "worcester", 0)].Owner != 0 {
		t.Fatal("level I not removed or level III removed")
	}
	s.endEra()
	if s.Players[0].VP != 18 || s.Players[1].VP != 5 {
		t.Errorf("after both eras %d and %d, want 18 and 5", s.Players[0].VP, s.Players[1].VP)
	}
}

// TestCheck10_SpaceChoice: a manufacturer in Birmingham goes on a
// manuf-only space while one is free, on the cotton/manuf space only after
// both are taken; cotton only on the cotton/manuf space.
func TestCheck10_SpaceChoice(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	b := loc(t, "birmingham")
	s.turnOf(0, b, b)
	mixed, m1, m2 := sp(t, "birmingham", 0), sp(t, "birmingham", 1), sp(t, "birmingham", 3)
	// Coal for the manufacturer: seat 1's mine in Dudley, linked.
	s.put(1, Coal, 1, sp(t, "dudley", 0), false, 3)
	s.Links[line(t, "birmingham", "dudley")] = 1
	refusedWith(t, s, buildA(0, b, Manuf, mixed), ErrSpace)
	if !isLegal(s, buildA(0, b, Manuf, m1)) || !isLegal(s, buildA(0, b, Manuf, m2)) {
		t.Error("a manuf-only space refused")
	}
	refusedWith(t, s, buildA(0, b, Cotton, m1), ErrSpace)
	if !isLegal(s, buildA(0, b, Cotton, mixed)) {
		t.Error("cotton refused on the cotton/manuf space")
	}
	s.put(1, Manuf, 1, m1, false, 0)
	refusedWith(t, s, buildA(0, b, Manuf, mixed), ErrSpace)
	s.put(1, Manuf, 2, m2, false, 0)
	if !isLegal(s, buildA(0, b, Manuf, mixed)) {
		t.Error("the cotton/manuf space refused once both manuf spaces are taken")
	}
}

// TestCheck12_BreweryBarrels: a brewery gets 1 barrel in the Canal era, 2
// in the Rail era.
func TestCheck12_BreweryBarrels(t *testing.T) {
	for _, era := range []Era{Canal, Rail} {
		s := game(t, 2)
		s.Era, s.Round = era, 2
		if era == Rail {
			s.Players[0].Mat[Brewery] = 2 // level I developed away
		}
		br := sp(t, "burton", 1)
		s.turnOf(0, loc(t, "burton"))
		mustApply(t, s, buildA(0, loc(t, "burton"), Brewery, br))
		if got, want := s.Spaces[br].Cubes, []int{1, 2}[era]; got != want {
			t.Errorf("%s era: %d barrels, want %d", era, got, want)
		}
	}
}

// TestCheck13_MarketSaleAtSetup: an iron works I fills both £1 spaces of
// the iron market (+£2), keeps 2 iron and stays unflipped; a coal mine
// built with no link sells nothing.
func TestCheck13_MarketSaleAtSetup(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	cbd := loc(t, "coalbrookdale")
	s.put(1, Coal, 1, sp(t, "coalbrookdale", 2), false, 3)
	s.turnOf(0, cbd, loc(t, "dudley"))
	iw := sp(t, "coalbrookdale", 1)
	mustApply(t, s, buildA(0, cbd, Iron, iw))
	if s.Iron != 10 || s.Spaces[iw].Cubes != 2 || s.Spaces[iw].Flipped || s.Players[0].Money != 17-5+2 {
		t.Errorf("iron market %d, tile %d cubes flipped %v, money %d", s.Iron, s.Spaces[iw].Cubes, s.Spaces[iw].Flipped, s.Players[0].Money)
	}
	if s.Spaces[sp(t, "coalbrookdale", 2)].Cubes != 2 {
		t.Error("the iron works did not take its coal from the mine in its town")
	}
	cm := sp(t, "dudley", 0)
	mustApply(t, s, buildA(0, loc(t, "dudley"), Coal, cm))
	if s.Coal != 13 || s.Spaces[cm].Cubes != 2 {
		t.Errorf("an unconnected coal mine sold: market %d, tile %d", s.Coal, s.Spaces[cm].Cubes)
	}
}

// TestCheck14_MarketSaleLater: coal market of 6, a connected coal mine II
// sells 3 at £4, £4, £3 = £11, the market holds 9, the tile flips and its
// owner gains 7 income spaces.
func TestCheck14_MarketSaleLater(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.Coal = 6
	s.Players[0].Mat[Coal] = 1
	s.Links[line(t, "coalbrookdale", "shrewsbury")] = 1
	cbd := loc(t, "coalbrookdale")
	s.turnOf(0, cbd, cbd)
	cm := sp(t, "coalbrookdale", 2)
	mustApply(t, s, buildA(0, cbd, Coal, cm))
	p := s.Players[0]
	if s.Coal != 9 || p.Money != 17-7+11 || !s.Spaces[cm].Flipped || s.Spaces[cm].Cubes != 0 || p.Income != 17 {
		t.Errorf("market %d, money %d, flipped %v, cubes %d, income %d", s.Coal, p.Money, s.Spaces[cm].Flipped, s.Spaces[cm].Cubes, p.Income)
	}
	if p.Spent != 7 {
		t.Errorf("spent %d: market sales must not reduce money spent (D9)", p.Spent)
	}
}

// TestCheck16_NetworkCosts: canal £3; one rail £5 + 1 coal; two rails £15
// + 2 coal + 1 beer, never a merchant's.
func TestCheck16_NetworkCosts(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.turnOf(0, 0, 1)
	refusedWith(t, s, networkA(0, 0, line(t, "birmingham", "redditch")), ErrEra) // a rail-only line
	mustApply(t, s, networkA(0, 0, line(t, "birmingham", "coventry")))
	if s.Players[0].Money != 14 || s.Step.Kind != StepAction {
		t.Errorf("canal cost £%d, step %s (one canal per action)", 17-s.Players[0].Money, s.Step.Kind)
	}
	s.Era = Rail
	refusedWith(t, s, networkA(0, 1, line(t, "burton", "walsall")), ErrEra) // the canal-only line
	s.Era = Canal

	s = game(t, 2)
	s.Era, s.Round = Rail, 2
	mine := sp(t, "dudley", 0)
	s.put(0, Coal, 1, mine, false, 3)
	brew := sp(t, "burton", 1)
	s.put(0, Brewery, 1, brew, false, 2)
	for k := range s.Merch {
		s.Merch[k].Barrel = s.Merch[k].Tile >= 0 && !Standard.MerchantTiles[s.Merch[k].Tile].Blank()
	}
	s.turnOf(0, 0, 1)
	mustApply(t, s, networkA(0, 0, line(t, "birmingham", "dudley")))
	if s.Players[0].Money != 12 || s.Spaces[mine].Cubes != 2 || s.Step.Kind != StepRail {
		t.Fatalf("one rail: £%d, mine %d, step %s", s.Players[0].Money, s.Spaces[mine].Cubes, s.Step.Kind)
	}
	second := act(0, ActRail2)
	second.Line, second.Beer = line(t, "birmingham", "oxford"), []int{MerchantBeer}
	refusedWith(t, s, second, ErrBeer)
	second.Beer = []int{brew}
	mustApply(t, s, second)
	if s.Players[0].Money != 2 || s.Spaces[mine].Cubes != 1 || s.Spaces[brew].Cubes != 1 || s.Step.Done != 1 {
		t.Errorf("two rails: £%d, mine %d, brewery %d, done %d", s.Players[0].Money, s.Spaces[mine].Cubes, s.Spaces[brew].Cubes, s.Step.Done)
	}
}

// sellA is a first sale.
func sellA(seat, card, si, merch int, beer ...int) Action {
	a := act(seat, ActSell)
	a.Card, a.Space, a.Merch, a.Beer = card, si, merch, beer
	return a
}

// TestCheck21_MerchantBonuses: Warrington £5, Oxford +2 income spaces,
// Nottingham 3 VP, Shrewsbury 4 VP, Gloucester a free develop (no iron,
// never a lightbulb pottery).
func TestCheck21_MerchantBonuses(t *testing.T) {
	cases := []struct {
		merchant, town string
		links          [][2]string
		check          func(t *testing.T, s *state)
	}{
		{"warrington", "stoke", [][2]string{{"stoke", "warrington"}}, func(t *testing.T, s *state) {
			if s.Players[0].Money != 22 {
				t.Errorf("money %d, want 22", s.Players[0].Money)
			}
		}},
		{"oxford", "birmingham", [][2]string{{"birmingham", "oxford"}}, func(t *testing.T, s *state) {
			if s.Players[0].Income != 10+5+2 {
				t.Errorf("income space %d, want 17", s.Players[0].Income)
			}
		}},
		{"nottingham", "derby", [][2]string{{"derby", "nottingham"}}, func(t *testing.T, s *state) {
			if s.Players[0].VP != 3 || s.Scores[0].Bonus != 3 {
				t.Errorf("VP %d, want 3", s.Players[0].VP)
			}
		}},
		{"shrewsbury", "kidderminster", [][2]string{{"kidderminster", "coalbrookdale"}, {"coalbrookdale", "shrewsbury"}}, func(t *testing.T, s *state) {
			if s.Players[0].VP != 4 {
				t.Errorf("VP %d, want 4", s.Players[0].VP)
			}
		}},
		{"gloucester", "worcester", [][2]string{{"worcester", "gloucester"}}, func(t *testing.T, s *state) {
			if s.Step.Kind != StepGloucester {
				t.Fatalf("step %s, want the Gloucester bonus", s.Step.Kind)
			}
			g := act(0, ActBonusDevelop)
			g.Ind = Pottery
			refusedWith(t, s, g, ErrDevelop)
			iron, money := s.Iron, s.Players[0].Money
			g.Ind = Coal
			mustApply(t, s, g)
			if s.Players[0].Mat[Coal] != 1 || s.Iron != iron || s.Players[0].Money != money {
				t.Errorf("bonus develop: mat %d, iron %d→%d, money %d→%d", s.Players[0].Mat[Coal], iron, s.Iron, money, s.Players[0].Money)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.merchant, func(t *testing.T) {
			s := game(t, 4)
			s.Round = 2
			for k := range s.Merch {
				s.Merch[k] = market{Tile: 0, Barrel: true}
			}
			town := c.town
			si := -1
			for _, o := range Standard.Locations[loc(t, town)].Spaces {
				if Standard.Spaces[o].Has(Cotton) {
					si = o
					break
				}
			}
			s.put(0, Cotton, 0, si, false, 0)
			for _, l := range c.links {
				s.Links[line(t, l[0], l[1])] = 1
			}
			s.turnOf(0, 0, 0)
			k := Standard.Locations[loc(t, c.merchant)].Merchants[0]
			mustApply(t, s, sellA(0, 0, si, k, MerchantBeer))
			if !s.Spaces[si].Flipped || s.Merch[k].Barrel {
				t.Fatal("not flipped, or the barrel stayed")
			}
			c.check(t, s)
		})
	}
}

// TestCheck22_LinkScoring: a link Birmingham–Oxford with a flipped cotton
// II and an unflipped manufacturer in Birmingham scores 2 + 2 = 4; a link
// on line 30 counts a flipped brewery on the southern farm.
func TestCheck22_LinkScoring(t *testing.T) {
	s := game(t, 2)
	s.put(1, Cotton, 1, sp(t, "birmingham", 0), true, 0)
	s.put(1, Manuf, 1, sp(t, "birmingham", 1), false, 0)
	if got := s.linkVP(line(t, "birmingham", "oxford")); got != 4 {
		t.Errorf("Birmingham–Oxford scores %d, want 4", got)
	}
	l30 := line(t, "kidderminster", "worcester")
	if got := s.linkVP(l30); got != 0 {
		t.Errorf("bare line 30 scores %d", got)
	}
	s.put(0, Brewery, 1, Standard.Locations[loc(t, "farm-s")].Spaces[0], true, 0)
	if got := s.linkVP(l30); got != 2 {
		t.Errorf("line 30 with a flipped farm brewery scores %d, want 2", got)
	}
	s.Links[line(t, "birmingham", "oxford")] = 0
	s.Deck = nil
	s.endEra()
	if s.Scores[0].Links[Canal] != 4 || s.Links[line(t, "birmingham", "oxford")] != -1 {
		t.Errorf("era end: link VP %d", s.Scores[0].Links[Canal])
	}
}

// TestCheck23_CanalEraEnd: every level-I tile leaves the board, flipped or
// not (pottery I too); level ≥ II tiles stay; links go; barrels refill; the
// discards make the new deck and everyone holds 8.
func TestCheck23_CanalEraEnd(t *testing.T) {
	s := game(t, 2)
	s.put(0, Cotton, 0, sp(t, "worcester", 0), false, 0)
	s.put(0, Pottery, 0, sp(t, "stafford", 1), true, 0)
	s.put(1, Coal, 1, sp(t, "dudley", 0), false, 2)
	s.put(1, Iron, 0, sp(t, "dudley", 1), true, 0)
	s.Links[0] = 0
	for k := range s.Merch {
		s.Merch[k].Barrel = false
	}
	// Everyone has played every card.
	for i := range s.Players {
		p := &s.Players[i]
		p.Discard = append(p.Discard, p.Hand...)
		p.Hand = nil
	}
	s.Players[0].Discard = append(s.Players[0].Discard, s.Deck...)
	s.Deck = nil
	s.endEra()
	for _, c := range []struct {
		si   int
		kept bool
	}{{sp(t, "worcester", 0), false}, {sp(t, "stafford", 1), false}, {sp(t, "dudley", 0), true}, {sp(t, "dudley", 1), false}} {
		if (s.Spaces[c.si].Owner >= 0) != c.kept {
			t.Errorf("space %d kept %v, want %v", c.si, s.Spaces[c.si].Owner >= 0, c.kept)
		}
	}
	if s.Links[0] != -1 || s.Era != Rail || s.Round != 1 {
		t.Error("links stayed or the Rail era did not begin")
	}
	barrels := 0
	for _, m := range s.Merch {
		if m.Barrel {
			barrels++
		}
	}
	if barrels != 3 {
		t.Errorf("%d barrels after the refill, want 3 at 2 players", barrels)
	}
	for i, p := range s.Players {
		if len(p.Hand) != 8 || len(p.Discard) != 0 || p.FaceDown != -1 {
			t.Errorf("seat %d: hand %d, discards %d", i, len(p.Hand), len(p.Discard))
		}
	}
	if len(s.Deck) != 40-16 || s.turnActions() != 2 {
		t.Errorf("rail deck %d, actions %d", len(s.Deck), s.turnActions())
	}
	if err := s.invariants(); err != nil {
		t.Error(err)
	}
}

// TestCheck24_Scout: 8 cards → discard 3, take both wild cards → 7, refill
// to 8; refused while holding a wild card.
func TestCheck24_Scout(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	hand := slices.Clone(s.Players[s.seat()].Hand)
	seat := s.seat()
	s.turnOf(seat, hand...)
	scout := act(seat, ActScout)
	for k := 0; k < 3; k++ {
		scout.Card = s.Players[seat].Hand[0]
		mustApply(t, s, scout)
	}
	p := s.Players[seat]
	if len(p.Hand) != 7 || count(p.Hand, CardWildLocation) != 1 || count(p.Hand, CardWildIndustry) != 1 || s.WildLoc != 3 || s.WildInd != 3 {
		t.Fatalf("after a Scout: hand %v, wild stacks %d %d", p.Hand, s.WildLoc, s.WildInd)
	}
	scout.Card = p.Hand[0]
	refusedWith(t, s, scout, ErrScout)
	mustApply(t, s, networkA(seat, CardWildLocation, line(t, "birmingham", "coventry")))
	if s.WildLoc != 4 {
		t.Error("a played wild card did not go back to its draw area")
	}
	mustApply(t, s, act(seat, ActEndTurn))
	if len(s.Players[seat].Hand) != 8 {
		t.Errorf("hand of %d after the refill", len(s.Players[seat].Hand))
	}
}

// TestCheck25_DevelopIronFromMarket: developing 2 tiles with no iron works
// on the board buys 2 iron at £2 + £2.
func TestCheck25_DevelopIronFromMarket(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.turnOf(0, 0, 1)
	d := act(0, ActDevelop)
	d.Card = 0
	mustApply(t, s, d)
	pick := act(0, ActDevPick)
	pick.Ind = Coal
	mustApply(t, s, pick)
	pick.Ind = Iron
	mustApply(t, s, pick)
	p := s.Players[0]
	if p.Money != 13 || s.Iron != 6 || p.Mat[Coal] != 1 || p.Mat[Iron] != 1 || s.Step.Done != 1 {
		t.Errorf("£%d, iron market %d, mat %v, done %d", p.Money, s.Iron, p.Mat, s.Step.Done)
	}
}

// TestCheck26_IntroScoring: money (1 VP per £4, at most 15), income level
// (negative subtracts) and flipped level ≥ II tiles again.
func TestCheck26_IntroScoring(t *testing.T) {
	s := game(t, 2, "intro")
	s.Players[0].Money, s.Players[0].Income = 59, 6 // level −4
	s.put(0, Cotton, 1, sp(t, "worcester", 0), true, 0)
	s.put(0, Cotton, 0, sp(t, "worcester", 1), true, 0)
	s.Players[1].Money, s.Players[1].Income = 100, 10
	s.Players[0].VP, s.Scores[0].Tiles[Canal] = 10, 10
	s.introScoring()
	if got := s.Scores[0].Intro; got != 14-4+5 {
		t.Errorf("seat 0 intro VP %d, want 15", got)
	}
	if got := s.Scores[1].Intro; got != 15 {
		t.Errorf("seat 1 intro VP %d, want 15", got)
	}
}

// TestCheck27_Winner: most VP; tie → higher income space (54 beats 52,
// both level 18); then more money; then shared.
func TestCheck27_Winner(t *testing.T) {
	s := game(t, 3)
	set := func(vp, inc, money []int) {
		for i := range s.Players {
			s.Players[i].VP, s.Players[i].Income, s.Players[i].Money = vp[i], inc[i], money[i]
		}
	}
	set([]int{80, 80, 70}, []int{52, 54, 99}, []int{0, 0, 50})
	s.finish()
	if s.Result.Ranking[0] != 1 || s.Result.TieBreakMessage.ID != "bb_tiebreak_income" {
		t.Errorf("income tie-break: %v %v", s.Result.Ranking, s.Result.TieBreakMessage)
	}
	set([]int{80, 80, 70}, []int{54, 54, 99}, []int{3, 5, 50})
	s.finish()
	if s.Result.Ranking[0] != 1 || s.Result.TieBreakMessage.ID != "bb_tiebreak_money" {
		t.Errorf("money tie-break: %v %v", s.Result.Ranking, s.Result.TieBreakMessage)
	}
	set([]int{80, 80, 70}, []int{54, 54, 99}, []int{5, 5, 50})
	s.finish()
	if s.Result.TieBreakMessage.ID != "bb_tiebreak_shared" {
		t.Errorf("shared: %v", s.Result.TieBreakMessage)
	}
}

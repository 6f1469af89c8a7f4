package brass

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// The rule points of rules-checklist.md, one named test each, written
// from the rulebook.

// TestRule_NetworkVersusConnected: an industry card builds only in the
// seat's own network; a town reached only over others' links is not in
// it, though their links do carry coal.
func TestRule_NetworkVersusConnected(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.put(0, Coal, 0, sp(t, "dudley", 0), false, 2)
	s.Links[line(t, "birmingham", "dudley")] = 1
	s.turnOf(0, CardIron, CardIron)
	iron := sp(t, "birmingham", 2)
	refusedWith(t, s, buildA(0, CardIron, Iron, iron), ErrNetwork)
	s.Links[line(t, "birmingham", "coventry")] = 0
	mustApply(t, s, buildA(0, CardIron, Iron, iron))
	if s.Spaces[sp(t, "dudley", 0)].Cubes != 1 {
		t.Error("the coal did not come over the other seat's link")
	}
}

// TestRule_LocationCards: a location card builds in its town without a
// network; a wild location card anywhere but a farm brewery.
func TestRule_LocationCards(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.put(0, Cotton, 0, sp(t, "worcester", 0), false, 0)
	s.put(1, Coal, 0, sp(t, "cannock", 1), false, 2)
	s.Links[line(t, "cannock", "stafford")] = 1
	s.turnOf(0, loc(t, "stafford"), CardWildLocation)
	if !isLegal(s, buildA(0, loc(t, "stafford"), Manuf, sp(t, "stafford", 0))) {
		t.Error("a location card refused outside the network")
	}
	refusedWith(t, s, buildA(0, loc(t, "stafford"), Manuf, sp(t, "burton", 0)), ErrCard)
	if !isLegal(s, buildA(0, CardWildLocation, Manuf, sp(t, "stafford", 0))) {
		t.Error("a wild location card refused in Stafford")
	}
	refusedWith(t, s, buildA(0, CardWildLocation, Brewery, Standard.Locations[loc(t, "farm-n")].Spaces[0]), ErrCard)
}

// TestRule_FarmBreweries: only a brewery or wild industry card builds on a
// farm; line 17 brings the northern farm into the network, line 30 the
// southern.
func TestRule_FarmBreweries(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	farmN := Standard.Locations[loc(t, "farm-n")].Spaces[0]
	farmS := Standard.Locations[loc(t, "farm-s")].Spaces[0]
	s.put(0, Cotton, 0, sp(t, "worcester", 0), false, 0)
	s.turnOf(0, CardBrewery, CardWildIndustry, CardIron)
	refusedWith(t, s, buildA(0, CardBrewery, Brewery, farmN), ErrNetwork)
	refusedWith(t, s, buildA(0, CardIron, Brewery, farmS), ErrCard)
	s.Links[line(t, "kidderminster", "worcester")] = 0
	if !isLegal(s, buildA(0, CardBrewery, Brewery, farmS)) || !isLegal(s, buildA(0, CardWildIndustry, Brewery, farmS)) {
		t.Error("a brewery refused on the southern farm reached by line 30")
	}
	s.Links[line(t, "cannock", "farm-n")] = 0
	if !isLegal(s, buildA(0, CardBrewery, Brewery, farmN)) {
		t.Error("a brewery refused on the northern farm reached by line 17")
	}
}

// TestRule_CoalNearestFirst: coal comes from the nearest connected mine of
// any owner, then the next; the market is untouched while a connected mine
// has coal; a mine emptied by another's build flips and its owner's
// income rises at once.
func TestRule_CoalNearestFirst(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	near, far := sp(t, "dudley", 0), sp(t, "wolverhampton", 1)
	s.put(1, Coal, 0, near, false, 1)
	s.put(0, Coal, 0, far, false, 2)
	s.Links[line(t, "birmingham", "dudley")] = 1
	s.Links[line(t, "dudley", "wolverhampton")] = 1
	s.Players[0].Mat[Manuf] = 3 // manufacturer III: £12 + 2 coal
	s.turnOf(0, loc(t, "birmingham"))
	mustApply(t, s, buildA(0, loc(t, "birmingham"), Manuf, sp(t, "birmingham", 1)))
	if !s.Spaces[near].Flipped || s.Spaces[far].Cubes != 1 || s.Coal != 13 {
		t.Errorf("near %+v, far %+v, market %d", s.Spaces[near], s.Spaces[far], s.Coal)
	}
	if s.Players[1].Income != 10+Standard.Tiles[Coal][0].Income {
		t.Errorf("seat 1's income space %d after its mine flipped", s.Players[1].Income)
	}
}

// TestRule_CoalMarketNeedsMerchant: coal from the market needs a
// connection to a merchant location, even one without tiles (Warrington
// at 2 players).
func TestRule_CoalMarketNeedsMerchant(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	w := Standard.Locations[loc(t, "warrington")].Merchants[0]
	if s.Merch[w].Tile != -1 {
		t.Fatal("Warrington has a tile at 2 players")
	}
	s.turnOf(0, CardWildLocation)
	stoke := sp(t, "stoke", 2)
	refusedWith(t, s, buildA(0, CardWildLocation, Manuf, stoke), ErrCoal)
	s.Links[line(t, "stoke", "warrington")] = 1
	mustApply(t, s, buildA(0, CardWildLocation, Manuf, stoke))
	if s.Coal != 12 || s.Players[0].Money != 17-8-1 || s.Players[0].Spent != 9 {
		t.Errorf("market %d, money %d, spent %d (a market purchase counts as spent)", s.Coal, s.Players[0].Money, s.Players[0].Spent)
	}
}

// TestRule_EquidistantMines: between mines at the same distance the
// player chooses, and is asked only then (D16); a single nearest mine, or
// a tier that must be emptied anyway, is taken without asking.
func TestRule_EquidistantMines(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	theirs, own := sp(t, "dudley", 0), sp(t, "tamworth", 0)
	s.put(1, Coal, 0, theirs, false, 2)
	s.put(0, Coal, 0, own, false, 2)
	s.Links[line(t, "birmingham", "dudley")] = 1
	s.Links[line(t, "birmingham", "tamworth")] = 1
	s.turnOf(0, loc(t, "birmingham"), loc(t, "birmingham"))
	mustApply(t, s, buildA(0, loc(t, "birmingham"), Manuf, sp(t, "birmingham", 1)))
	if s.Step.Kind != StepCoal {
		t.Fatalf("step %s, want the choice of a mine", s.Step.Kind)
	}
	var offered []int
	for _, a := range s.legal(0) {
		offered = append(offered, a.Space)
	}
	if !slices.Equal(offered, []int{own, theirs}) {
		t.Fatalf("offered %v, want own %d then theirs %d", offered, own, theirs)
	}
	pick := act(0, ActCoalFrom)
	pick.Space = sp(t, "stafford", 0)
	refusedWith(t, s, pick, ErrCoal)
	pick.Space = theirs
	mustApply(t, s, pick)
	if s.Spaces[own].Cubes != 2 || s.Spaces[theirs].Cubes != 1 || s.Step.Kind != StepEndTurn && s.Step.Done != 1 {
		t.Errorf("own %d, theirs %d, step %s", s.Spaces[own].Cubes, s.Spaces[theirs].Cubes, s.Step.Kind)
	}
	// Manufacturer II needs no coal; III needs 2 with 3 left at distance
	// 1: still a choice. With exactly 2 left both are emptied unasked.
	s.Spaces[own].Cubes, s.Spaces[theirs].Cubes = 1, 1
	s.Era = Rail
	s.Players[0].Mat[Manuf] = 3
	s.Players[0].Money = 20
	s.Step = step{Kind: StepAction, Done: 1}
	mustApply(t, s, buildA(0, loc(t, "birmingham"), Manuf, sp(t, "birmingham", 3)))
	if s.Step.Kind == StepCoal || !s.Spaces[own].Flipped || !s.Spaces[theirs].Flipped {
		t.Errorf("step %s; a tier emptied anyway was asked about", s.Step.Kind)
	}
}

// TestRule_IronWorksChoice: with several iron works holding more iron than
// needed the player chooses which (D16); the market only when none has
// iron.
func TestRule_IronWorksChoice(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	a, b := sp(t, "coalbrookdale", 1), sp(t, "dudley", 1)
	s.put(1, Iron, 0, a, false, 2)
	s.put(1, Iron, 1, b, false, 2)
	s.Players[0].Mat[Coal] = 3 // coal mine III: 1 iron
	s.turnOf(0, loc(t, "cannock"))
	mustApply(t, s, buildA(0, loc(t, "cannock"), Coal, sp(t, "cannock", 1)))
	if s.Step.Kind != StepIron || len(s.legal(0)) != 2 {
		t.Fatalf("step %s, %d choices", s.Step.Kind, len(s.legal(0)))
	}
	pick := act(0, ActIronFrom)
	pick.Space = b
	mustApply(t, s, pick)
	if s.Spaces[b].Cubes != 1 || s.Spaces[a].Cubes != 2 || s.Iron != 8 || s.Step.Kind != StepEndTurn {
		t.Errorf("works %d %d, market %d, step %s", s.Spaces[a].Cubes, s.Spaces[b].Cubes, s.Iron, s.Step.Kind)
	}
}

// TestRule_RailCoalAfterLink: a rail link's coal is judged after it is
// placed, so the new link may bring a mine into reach.
func TestRule_RailCoalAfterLink(t *testing.T) {
	s := game(t, 2)
	s.Era, s.Round = Rail, 2
	s.put(0, Manuf, 1, sp(t, "birmingham", 1), false, 0)
	mine := sp(t, "coventry", 1)
	s.put(1, Coal, 1, mine, false, 3)
	s.turnOf(0, 0, 1)
	mustApply(t, s, networkA(0, 0, line(t, "birmingham", "coventry")))
	if s.Spaces[mine].Cubes != 2 {
		t.Errorf("the Coventry mine has %d cubes", s.Spaces[mine].Cubes)
	}
}

// TestRule_IronAnywhere: iron comes from any iron works without a
// connection, then the market; an empty iron market sells at £6.
func TestRule_IronAnywhere(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	works := sp(t, "coalbrookdale", 1)
	s.put(1, Iron, 0, works, false, 1)
	s.Players[0].Mat[Coal] = 3 // coal mine III: £8 + 1 iron
	s.turnOf(0, loc(t, "dudley"), loc(t, "cannock"))
	mustApply(t, s, buildA(0, loc(t, "dudley"), Coal, sp(t, "dudley", 0)))
	if !s.Spaces[works].Flipped || s.Players[0].Money != 9 || s.Iron != 8 {
		t.Errorf("works %+v, money %d, market %d", s.Spaces[works], s.Players[0].Money, s.Iron)
	}
	s.Iron = 0
	s.Players[0].Money = 30
	mustApply(t, s, buildA(0, loc(t, "cannock"), Coal, sp(t, "cannock", 1)))
	if s.Players[0].Money != 30-8-6 {
		t.Errorf("money %d after buying iron from the empty market", s.Players[0].Money)
	}
}

// TestRule_BeerSources: own breweries serve without a connection, others'
// only when connected; a merchant's barrel serves only a sale to that
// merchant space (D11).
func TestRule_BeerSources(t *testing.T) {
	s := game(t, 3)
	s.Round = 2
	ws := Standard.Locations[loc(t, "warrington")].Merchants
	for _, k := range ws {
		s.Merch[k] = market{Tile: 0, Barrel: true}
	}
	cotton := sp(t, "stoke", 0)
	s.put(0, Cotton, 0, cotton, false, 0)
	s.Links[line(t, "stoke", "warrington")] = 1
	own, theirs := sp(t, "burton", 1), sp(t, "stone", 0)
	s.put(0, Brewery, 0, own, false, 1)
	s.put(1, Brewery, 0, theirs, false, 1)
	s.turnOf(0, 0, 0)
	if !isLegal(s, sellA(0, 0, cotton, ws[0], own)) {
		t.Error("own unconnected brewery refused")
	}
	refusedWith(t, s, sellA(0, 0, cotton, ws[0], theirs), ErrBeer)
	// The other Warrington space's barrel cannot serve this sale.
	s.Merch[ws[0]].Barrel = false
	refusedWith(t, s, sellA(0, 0, cotton, ws[0], MerchantBeer), ErrBeer)
	s.Links[line(t, "stoke", "stone")] = 2
	if !isLegal(s, sellA(0, 0, cotton, ws[0], theirs)) {
		t.Error("a connected brewery of another seat refused")
	}
}

// TestRule_DoubleRail: the second link may start from the first; another
// seat's brewery must be connected to the second link once placed; with
// too little money the Network stops at one link, nothing half-built.
func TestRule_DoubleRail(t *testing.T) {
	s := game(t, 2)
	s.Era, s.Round = Rail, 2
	s.put(0, Coal, 1, sp(t, "dudley", 0), false, 3)
	brew := sp(t, "nuneaton", 0)
	s.put(1, Brewery, 1, brew, false, 2)
	s.turnOf(0, 0, 1)
	mustApply(t, s, networkA(0, 0, line(t, "dudley", "birmingham")))
	second := act(0, ActRail2)
	second.Line, second.Beer = line(t, "birmingham", "nuneaton"), []int{brew}
	mustApply(t, s, second)
	if s.Spaces[brew].Cubes != 1 || s.Players[0].Money != 2 {
		t.Errorf("brewery %d, money %d", s.Spaces[brew].Cubes, s.Players[0].Money)
	}

	s = game(t, 2)
	s.Era, s.Round = Rail, 2
	s.put(0, Coal, 1, sp(t, "dudley", 0), false, 3)
	s.put(0, Brewery, 1, sp(t, "burton", 1), false, 2)
	s.Players[0].Money = 14
	s.turnOf(0, 0, 1)
	mustApply(t, s, networkA(0, 0, line(t, "dudley", "birmingham")))
	if s.Step.Kind == StepRail || s.Players[0].Money != 9 {
		t.Errorf("with £9 left a second rail is offered (step %s)", s.Step.Kind)
	}
}

// TestRule_OverbuildOwn: an own tile of the same industry is replaced by a
// strictly higher level, flipped or not; its cubes go.
func TestRule_OverbuildOwn(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	mine := sp(t, "dudley", 0)
	s.put(0, Coal, 0, mine, false, 2)
	s.turnOf(0, loc(t, "dudley"), loc(t, "worcester"))
	mustApply(t, s, buildA(0, loc(t, "dudley"), Coal, mine))
	if sl := s.Spaces[mine]; sl.Lvl != 1 || sl.Cubes != 3 || sl.Owner != 0 {
		t.Errorf("overbuilt mine %+v", sl)
	}
	cot := sp(t, "worcester", 0)
	s.put(0, Cotton, 0, cot, true, 0)
	s.put(1, Coal, 1, sp(t, "kidderminster", 0), false, 3) // coal for cotton II
	s.Links[line(t, "kidderminster", "worcester")] = 1
	s.Players[0].Money = 30
	s.Players[0].Mat[Cotton] = 3
	mustApply(t, s, buildA(0, loc(t, "worcester"), Cotton, cot))
	if sl := s.Spaces[cot]; sl.Lvl != 1 || sl.Flipped {
		t.Errorf("overbuilt cotton %+v", sl)
	}
	s2 := game(t, 2)
	s2.Round = 2
	s2.put(0, Cotton, 1, cot, false, 0)
	s2.Players[0].Mat[Cotton] = 4 // next is level II too
	s2.turnOf(0, loc(t, "worcester"))
	refusedWith(t, s2, buildA(0, loc(t, "worcester"), Cotton, cot), ErrSpace)
}

// TestRule_OverbuildOpponent: only coal mines and iron works, and only
// when no cube of that resource is on the board or its market.
func TestRule_OverbuildOpponent(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.Era = Rail
	mine, cot := sp(t, "dudley", 0), sp(t, "worcester", 0)
	s.put(1, Coal, 1, mine, true, 0)
	s.put(1, Cotton, 1, cot, false, 0)
	s.Players[0].Mat[Coal], s.Players[0].Mat[Cotton] = 3, 5
	s.turnOf(0, loc(t, "dudley"), loc(t, "worcester"))
	refusedWith(t, s, buildA(0, loc(t, "worcester"), Cotton, cot), ErrSpace)
	refusedWith(t, s, buildA(0, loc(t, "dudley"), Coal, mine), ErrSpace) // the coal market holds cubes
	s.Coal = 0
	s.put(1, Coal, 1, sp(t, "cannock", 1), false, 1)
	refusedWith(t, s, buildA(0, loc(t, "dudley"), Coal, mine), ErrSpace) // a cube on a tile
	s.Spaces[sp(t, "cannock", 1)] = slot{Owner: -1, Ind: NoIndustry}
	mustApply(t, s, buildA(0, loc(t, "dudley"), Coal, mine))
	if s.Spaces[mine].Owner != 0 {
		t.Error("the opponent's exhausted mine was not overbuilt")
	}
}

// TestRule_LoanRefusedNotClamped: a loan that would go below level −10 is
// refused, not clamped.
func TestRule_LoanRefusedNotClamped(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.turnOf(0, 0, 0)
	s.Players[0].Income = 2
	l := act(0, ActLoan)
	l.Card = 0
	refusedWith(t, s, l, ErrLoan)
	s.Players[0].Income = 3
	mustApply(t, s, l)
	if s.Players[0].Income != 0 || s.Players[0].Money != 47 || s.Players[0].Spent != 0 {
		t.Errorf("income %d, money %d, spent %d", s.Players[0].Income, s.Players[0].Money, s.Players[0].Spent)
	}
}

// TestRule_MultiTileSell: one Sell sells several tiles, in either order.
func TestRule_MultiTileSell(t *testing.T) {
	for _, first := range []int{0, 1} {
		s := game(t, 2)
		s.Round = 2
		ox := Standard.Locations[loc(t, "oxford")].Merchants
		for _, k := range ox {
			s.Merch[k] = market{Tile: 0, Barrel: true}
		}
		tiles := []int{sp(t, "birmingham", 0), sp(t, "birmingham", 1)}
		s.Era = Rail
		s.put(0, Cotton, 1, tiles[0], false, 0)
		s.put(0, Manuf, 1, tiles[1], false, 0)
		s.Links[line(t, "birmingham", "oxford")] = 1
		s.turnOf(0, 0, 0)
		mustApply(t, s, sellA(0, 0, tiles[first], ox[0], MerchantBeer))
		if s.Step.Kind != StepSell {
			t.Fatalf("after one sale the step is %s", s.Step.Kind)
		}
		more := act(0, ActSellMore)
		more.Space, more.Merch, more.Beer = tiles[1-first], ox[1], []int{MerchantBeer}
		mustApply(t, s, more)
		if !s.Spaces[tiles[0]].Flipped || !s.Spaces[tiles[1]].Flipped || s.Step.Done != 1 {
			t.Errorf("order %d: flipped %v %v, done %d", first, s.Spaces[tiles[0]].Flipped, s.Spaces[tiles[1]].Flipped, s.Step.Done)
		}
	}
}

// TestRule_RefillAfterWholeTurn: the hand is refilled when the turn ends,
// not after each action; only End turn reveals.
func TestRule_RefillAfterWholeTurn(t *testing.T) {
	m, _ := Title.New(engine.Setup{NumSeats: 2, Seed: 5})
	// Play the first round (one action each) with passes.
	for m.(*match).s.Round == 1 {
		seat := m.ToAct()[0]
		var next engine.Match
		var ev []engine.Event
		for _, a := range m.Legal(seat) {
			if k := a.(Action).Kind; k == ActPass || k == ActEndTurn {
				next, ev, _ = m.Apply(a)
				if k == ActPass && engine.Reveals(ev) {
					t.Error("a pass revealed something")
				}
				break
			}
		}
		m = next
	}
	s := m.(*match).s
	seat := s.seat()
	hand := len(s.Players[seat].Hand)
	for k := 0; k < 2; k++ {
		for _, a := range s.legal(seat) {
			if a.Kind == ActPass {
				mustApply(t, s, a)
				break
			}
		}
	}
	if len(s.Players[seat].Hand) != hand-2 || s.Step.Kind != StepEndTurn {
		t.Fatalf("hand %d after two actions (was %d), step %s", len(s.Players[seat].Hand), hand, s.Step.Kind)
	}
	mustApply(t, s, act(seat, ActEndTurn))
	if len(s.Players[seat].Hand) != 8 || !engine.Reveals(s.ev) {
		t.Errorf("hand %d after End turn", len(s.Players[seat].Hand))
	}
}

// TestRule_FaceDownDiscard: each seat's pile starts with one face-down
// card that nobody sees (D4).
func TestRule_FaceDownDiscard(t *testing.T) {
	s := game(t, 3)
	v := s.publicView()
	for i, p := range v.Players {
		if p.Discard != 1 || p.DiscardTop != -1 {
			t.Errorf("seat %d: pile %d, top %d", i, p.Discard, p.DiscardTop)
		}
	}
	sv := s.seatView(0)
	if slices.Contains(sv.Hand, -1) || len(sv.Hand) != 8 {
		t.Error("seat view hand wrong")
	}
}

// TestRule_TurnOrderBySpending: least spent first; a loan and market sales
// do not reduce spending (D9); market purchases count.
func TestRule_TurnOrderBySpending(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.Order = []int{0, 1}
	s.Players[0].Spent = 1 // bought a coal cube
	s.Players[1].Spent = 0
	s.Players[1].Money += 30 // took a loan
	s.Turn = 2
	s.endRound()
	if !slices.Equal(s.Order, []int{1, 0}) || s.Players[0].Spent != 0 {
		t.Errorf("order %v", s.Order)
	}
}

// TestRule_Shortfall: a seat that cannot pay negative income removes
// tiles of its choice for half their cost, keeps any excess; with no tile
// left it loses 1 VP per £1, never below 0; several seats decide at once.
func TestRule_Shortfall(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.Order = []int{0, 1}
	for i := range s.Players {
		s.Players[i].Income = 7 // level −3
		s.Players[i].Money = 1
	}
	mine := sp(t, "dudley", 0)
	s.put(0, Coal, 1, mine, false, 3)
	s.put(0, Cotton, 0, sp(t, "worcester", 0), false, 0)
	s.put(1, Pottery, 1, sp(t, "stafford", 1), true, 0)
	s.Players[1].VP, s.Scores[1].Tiles[Canal] = 1, 1
	s.Turn = 2
	s.endRound()
	m := &match{s: s}
	if !slices.Equal(m.ToAct(), []int{0, 1}) || !m.Simultaneous() {
		t.Fatalf("to act %v", m.ToAct())
	}
	r := act(1, ActRemove)
	r.Space = sp(t, "stafford", 1)
	mustApply(t, s, r) // pottery II is worth £0: still short, no tile left
	if s.Players[1].VP != 0 || s.Players[1].Money != 0 || s.Players[1].Owe != 0 {
		t.Errorf("seat 1: VP %d money %d owes %d", s.Players[1].VP, s.Players[1].Money, s.Players[1].Owe)
	}
	r = act(0, ActRemove)
	r.Space = mine
	mustApply(t, s, r)
	if s.Players[0].Money != 1 || s.Players[0].Owe != 0 || s.Spaces[sp(t, "worcester", 0)].Owner != 0 {
		t.Errorf("seat 0: money %d owes %d", s.Players[0].Money, s.Players[0].Owe)
	}
	if s.Step.Kind != StepAction || s.Round != 3 {
		t.Errorf("after the shortfalls: step %s round %d", s.Step.Kind, s.Round)
	}
}

// TestRule_IncomeAndEraEnd (D7): after the Canal era's last round income
// is paid, then the era scored; after the game's last round no income.
func TestRule_IncomeAndEraEnd(t *testing.T) {
	s := game(t, 2)
	s.Round = 10
	s.Deck = nil
	for i := range s.Players {
		s.Players[i].Hand = nil
		s.Players[i].Income = 20 // level 5
	}
	s.Turn = 2
	s.endRound()
	if s.Era != Rail || s.Players[0].Money != 22 {
		t.Errorf("canal end: era %s, money %d", s.Era, s.Players[0].Money)
	}
	s.Round = 10
	s.Deck = nil
	for i := range s.Players {
		s.Players[i].Hand = nil
	}
	s.Turn = 2
	s.endRound()
	if s.Result == nil || s.Players[0].Money != 22 {
		t.Errorf("rail end: result %v, money %d", s.Result, s.Players[0].Money)
	}
}

// TestRule_EraMarks: in the Rail era level-I tiles are refused except
// pottery I; rail-only tiles are refused in the Canal era, never skipped.
func TestRule_EraMarks(t *testing.T) {
	s := game(t, 2)
	s.Era, s.Round = Rail, 2
	s.turnOf(0, loc(t, "worcester"), loc(t, "stafford"))
	refusedWith(t, s, buildA(0, loc(t, "worcester"), Cotton, sp(t, "worcester", 0)), ErrEra)
	s.put(1, Coal, 1, sp(t, "cannock", 1), false, 3)
	s.Links[line(t, "cannock", "stafford")] = 1
	s.Players[0].Mat[Pottery] = 0
	s.Players[0].Money = 30
	if err := s.check(buildA(0, loc(t, "stafford"), Pottery, sp(t, "stafford", 1))); err != nil {
		t.Errorf("pottery I refused in the Rail era: %v", err)
	}
	c := game(t, 2)
	c.Round = 2
	c.Players[0].Mat[Brewery] = 6
	c.turnOf(0, loc(t, "burton"))
	refusedWith(t, c, buildA(0, loc(t, "burton"), Brewery, sp(t, "burton", 1)), ErrEra)
}

// TestRule_OneTilePerTownInCanal: one own tile per town in the Canal era
// (overbuilding it stays legal); several in the Rail era.
func TestRule_OneTilePerTownInCanal(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.put(0, Coal, 0, sp(t, "dudley", 0), false, 2)
	s.turnOf(0, loc(t, "dudley"), loc(t, "dudley"))
	refusedWith(t, s, buildA(0, loc(t, "dudley"), Iron, sp(t, "dudley", 1)), ErrSpace)
	if !isLegal(s, buildA(0, loc(t, "dudley"), Coal, sp(t, "dudley", 0))) {
		t.Error("overbuilding the own tile refused in the Canal era")
	}
	s.Era = Rail
	s.Spaces[sp(t, "dudley", 0)].Lvl = 1
	s.Players[0].Mat[Iron] = 1 // iron works I cannot be built in the Rail era
	if !isLegal(s, buildA(0, loc(t, "dudley"), Iron, sp(t, "dudley", 1))) {
		t.Error("a second tile in a town refused in the Rail era")
	}
}

// TestRule_NoMatchingSpace: a town with no undeveloped space showing the
// industry refuses it.
func TestRule_NoMatchingSpace(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.turnOf(0, loc(t, "dudley"))
	refusedWith(t, s, buildA(0, loc(t, "dudley"), Cotton, sp(t, "dudley", 0)), ErrSpace)
}

// TestRule_BlankMerchant: a blank merchant tile buys nothing.
func TestRule_BlankMerchant(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	ox := Standard.Locations[loc(t, "oxford")].Merchants
	s.Merch[ox[0]] = market{Tile: len(Standard.MerchantTiles) - 1}
	s.put(0, Cotton, 0, sp(t, "birmingham", 0), false, 0)
	s.put(0, Brewery, 0, sp(t, "burton", 1), false, 1)
	s.Links[line(t, "birmingham", "oxford")] = 1
	s.turnOf(0, 0)
	refusedWith(t, s, sellA(0, 0, sp(t, "birmingham", 0), ox[0], sp(t, "burton", 1)), ErrMerchant)
}

// TestRule_Develop: each removal is the lowest tile of its industry, one
// iron each; two of one industry in turn; lightbulb potteries refused.
func TestRule_Develop(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.turnOf(0, 0)
	d := act(0, ActDevelop)
	d.Card = 0
	mustApply(t, s, d)
	pick := act(0, ActDevPick)
	pick.Ind = Pottery
	refusedWith(t, s, pick, ErrDevelop)
	pick.Ind = Coal
	lab := s.label(pick)
	if lab.Pick.Max != 2 || lab.Pick.Times != 2 {
		t.Errorf("develop pick bounds %+v", lab.Pick)
	}
	mustApply(t, s, pick)
	mustApply(t, s, pick)
	if s.Players[0].Mat[Coal] != 2 || s.Step.Kind != StepEndTurn {
		t.Errorf("mat %d, step %s", s.Players[0].Mat[Coal], s.Step.Kind)
	}
}

// TestRule_PassDiscards: a pass still discards its card.
func TestRule_PassDiscards(t *testing.T) {
	s := game(t, 2)
	seat := s.seat()
	c := s.Players[seat].Hand[0]
	p := act(seat, ActPass)
	p.Card = c
	mustApply(t, s, p)
	if d := s.Players[seat].Discard; len(d) != 1 || d[0] != c || len(s.Players[seat].Hand) != 7 {
		t.Errorf("discards %v", d)
	}
	if s.Step.Kind != StepEndTurn {
		t.Errorf("first canal round: step %s after one action", s.Step.Kind)
	}
}

// TestRule_NoTilesOnBoardPerPlayer (D15): a seat with no tile and no link
// on the board builds with an industry card anywhere and links anywhere,
// whatever the others have.
func TestRule_NoTilesOnBoardPerPlayer(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	s.put(1, Coal, 0, sp(t, "dudley", 0), false, 2)
	s.turnOf(0, CardBrewery, 0)
	if !isLegal(s, buildA(0, CardBrewery, Brewery, sp(t, "burton", 1))) {
		t.Error("an industry card refused with no tile on the board")
	}
	if !isLegal(s, networkA(0, 0, line(t, "stoke", "warrington"))) {
		t.Error("a link refused with no tile on the board")
	}
	s.turnOf(1, CardBrewery)
	refusedWith(t, s, buildA(1, CardBrewery, Brewery, sp(t, "burton", 1)), ErrNetwork)
}

// TestRule_RoundsPerEraAndTotals: random games last exactly 10 / 9 / 8
// rounds per era (unless Scouts shortened every hand), the first Canal
// round has one action per seat, and the final scores add up category by
// category.
func TestRule_RoundsPerEraAndTotals(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for seed := uint64(1); seed <= 3; seed++ {
			m, _ := Title.New(engine.Setup{NumSeats: n, Seed: seed})
			r := rand.New(rand.NewPCG(seed, 9))
			last := [NumEras]int{}
			actionsRound1 := 0
			for m.Result() == nil {
				s := m.(*match).s
				last[s.Era] = max(last[s.Era], s.Round)
				seat := m.ToAct()[0]
				legal := m.Legal(seat)
				a := legal[r.IntN(len(legal))]
				if s.Era == Canal && s.Round == 1 && a.(Action).Kind != ActEndTurn && s.Step.Kind == StepAction {
					actionsRound1++
				}
				var err error
				if m, _, err = m.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			want := Standard.Seats[n].Rounds
			if last[Canal] != want || last[Rail] != want {
				t.Errorf("%dp seed %d: %d canal and %d rail rounds, want %d", n, seed, last[Canal], last[Rail], want)
			}
			if actionsRound1 != n {
				t.Errorf("%dp seed %d: %d actions begun in the first round", n, seed, actionsRound1)
			}
			bd := m.(*match).Breakdown()
			for seat := 0; seat < n; seat++ {
				sum := 0
				for _, row := range bd.Rows {
					sum += row.Points[seat]
				}
				if sum != m.Result().Scores[seat] || bd.Totals[seat] != sum {
					t.Errorf("%dp seed %d seat %d: categories %d, score %d", n, seed, seat, sum, m.Result().Scores[seat])
				}
			}
		}
	}
}

// TestProjectedScore: the view's projected score is VP plus what links
// and flipped tiles would score now.
func TestProjectedScore(t *testing.T) {
	s := game(t, 2)
	s.put(0, Cotton, 1, sp(t, "birmingham", 0), true, 0)
	s.Links[line(t, "birmingham", "oxford")] = 0
	s.Players[0].VP = 3
	if got := s.publicView().Players[0].Projected; got != 3+5+4 {
		t.Errorf("projected %d, want 12", got)
	}
}

// TestRule_TwoBeerSaleMixesSources: a sale needing 2 beer may take them
// from different sources, the merchant's barrel among them.
func TestRule_TwoBeerSaleMixesSources(t *testing.T) {
	s := game(t, 2)
	s.Era, s.Round = Rail, 2
	ox := Standard.Locations[loc(t, "oxford")].Merchants
	s.Merch[ox[0]] = market{Tile: 0, Barrel: true}
	tile := sp(t, "birmingham", 1)
	s.put(0, Manuf, 4, tile, false, 0) // manufacturer V: 2 beer
	brew := sp(t, "burton", 1)
	s.put(0, Brewery, 1, brew, false, 2)
	s.Links[line(t, "birmingham", "oxford")] = 1
	s.turnOf(0, 0)
	refusedWith(t, s, sellA(0, 0, tile, ox[0], MerchantBeer), ErrBeer)
	mustApply(t, s, sellA(0, 0, tile, ox[0], MerchantBeer, brew))
	if s.Spaces[brew].Cubes != 1 || s.Merch[ox[0]].Barrel || !s.Spaces[tile].Flipped || s.Players[0].Income != 10+2+2 {
		t.Errorf("brewery %d, barrel %v, income %d", s.Spaces[brew].Cubes, s.Merch[ox[0]].Barrel, s.Players[0].Income)
	}
}

// TestOnlyEndTurnReveals: in random games no move but End turn (and the
// era change it may bring, or the last shortfall decision that ends a
// round) reveals anything, so a turn's actions can all be taken back
// until End turn.
func TestOnlyEndTurnReveals(t *testing.T) {
	for n := 2; n <= 4; n++ {
		m, _ := Title.New(engine.Setup{NumSeats: n, Seed: uint64(10 + n)})
		r := rand.New(rand.NewPCG(uint64(n), 11))
		for m.Result() == nil {
			seats := m.ToAct()
			seat := seats[r.IntN(len(seats))]
			legal := m.Legal(seat)
			a := legal[r.IntN(len(legal))]
			next, ev, err := m.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			if engine.Reveals(ev) && a.(Action).Kind != ActEndTurn && a.(Action).Kind != ActRemove {
				t.Fatalf("%s revealed: %v", a, ev)
			}
			m = next
		}
	}
}

// TestRule_DevelopIronChoice: a Develop's iron is taken once its tiles are
// chosen; with several iron works holding more than needed the player
// chooses (D16).
func TestRule_DevelopIronChoice(t *testing.T) {
	s := game(t, 2)
	s.Round = 2
	a, b := sp(t, "coalbrookdale", 1), sp(t, "dudley", 1)
	s.put(1, Iron, 0, a, false, 2)
	s.put(1, Iron, 1, b, false, 2)
	s.turnOf(0, 0, 1)
	d := act(0, ActDevelop)
	d.Card = 0
	mustApply(t, s, d)
	pick := act(0, ActDevPick)
	pick.Ind = Coal
	mustApply(t, s, pick)
	if s.Step.Kind != StepDevelop || s.Spaces[a].Cubes+s.Spaces[b].Cubes != 4 {
		t.Fatalf("after one pick: step %s, iron taken early", s.Step.Kind)
	}
	mustApply(t, s, act(0, ActDevStop))
	if s.Step.Kind != StepIron {
		t.Fatalf("step %s, want the choice of iron works", s.Step.Kind)
	}
	from := act(0, ActIronFrom)
	from.Space = b
	mustApply(t, s, from)
	if s.Spaces[b].Cubes != 1 || s.Spaces[a].Cubes != 2 || s.Players[0].Mat[Coal] != 1 || s.Step.Done != 1 {
		t.Errorf("works %d %d, mat %d, done %d", s.Spaces[a].Cubes, s.Spaces[b].Cubes, s.Players[0].Mat[Coal], s.Step.Done)
	}
}

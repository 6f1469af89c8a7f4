package brass

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Places on the board (engine.Label.Where, engine.Event.Where): see doc.go.
const (
	placeLine     = 100
	placeMerchant = 200
	placeLoc      = 300
	// PlaceCoalMarket and PlaceIronMarket are the two markets.
	PlaceCoalMarket = 400
	PlaceIronMarket = 401
)

// PlaceSpace is build space si as a place.
func PlaceSpace(si int) int { return si }

// PlaceLine is line l as a place.
func PlaceLine(l int) int { return placeLine + l }

// PlaceMerchant is merchant space k as a place.
func PlaceMerchant(k int) int { return placeMerchant + k }

// PlaceLoc is location loc as a place.
func PlaceLoc(loc int) int { return placeLoc + loc }

// apply checks and plays a; on a refusal s is unchanged.
func (s *state) apply(a Action) error {
	if err := s.check(a); err != nil {
		return err
	}
	s.do(a)
	s.Ver++
	return nil
}

// do plays a checked action.
func (s *state) do(a Action) {
	e := s.ed()
	seat := a.Seat
	p := &s.Players[seat]
	switch a.Kind {
	case ActBuild, ActNetwork, ActDevelop, ActSell, ActLoan, ActPass:
		s.discard(seat, a.Card)
	}
	switch a.Kind {
	case ActBuild:
		s.build(a)
	case ActNetwork:
		s.placeLink(seat, a.Line, nil)
	case ActRail2:
		s.placeLink(seat, a.Line, a.Beer)
	case ActCoalFrom:
		s.takeLogged(seat, a.Space, 1, true)
		s.Step.Coal--
		s.resolve(seat)
	case ActIronFrom:
		s.takeLogged(seat, a.Space, 1, false)
		s.Step.Iron--
		s.resolve(seat)
	case ActRailStop:
		s.actionDone()
	case ActDevelop:
		if s.loud() {
			s.log(seat, engine.Say("bb_log_develop", "P", seatArg(seat), "Card", cardMsg(a.Card)))
		}
		s.Step = step{Kind: StepDevelop, Done: s.Step.Done}
	case ActDevPick:
		// The iron of the Develop is taken once its tiles are chosen, so
		// that its 1–2 picks stay one choice; a real choice of iron works
		// is asked then (StepIron).
		s.develop(seat, a.Ind, true)
		s.Step.Picks++
		s.Step.Iron++
		if s.developMax(seat) == 0 {
			s.endDevelop(seat)
		}
	case ActDevStop:
		s.endDevelop(seat)
	case ActSell, ActSellMore:
		s.sell(a)
		if s.Step.Kind != StepGloucester {
			s.afterSale(seat)
		}
	case ActSellStop:
		s.actionDone()
	case ActBonusDevelop:
		s.develop(seat, a.Ind, false)
		s.Step.Kind = StepSell
		s.afterSale(seat)
	case ActLoan:
		sp, _ := e.LoanSpace(p.Income)
		p.Income = sp
		p.Money += e.LoanMoney
		p.Loans++
		if s.loud() {
			s.log(seat, engine.Say("bb_log_loan", "P", seatArg(seat), "Card", cardMsg(a.Card), "Money", e.LoanMoney, "Level", e.Level(sp)))
		}
		s.actionDone()
	case ActScout:
		s.discard(seat, a.Card)
		if s.Step.Kind == StepAction {
			s.Step = step{Kind: StepScout, Done: s.Step.Done}
		}
		s.Step.Picks++
		s.Step.Scouted = append(s.Step.Scouted, a.Card)
		if s.Step.Picks == e.ScoutDiscard {
			p.Hand = append(p.Hand, CardWildLocation, CardWildIndustry)
			slices.Sort(p.Hand)
			s.WildLoc--
			s.WildInd--
			if s.loud() {
				s.log(seat, engine.Say("bb_log_scout", "P", seatArg(seat), "Cards", cardList(s.Step.Scouted)))
			}
			s.actionDone()
		}
	case ActPass:
		if s.loud() {
			s.log(seat, engine.Say("bb_log_pass", "P", seatArg(seat), "Card", cardMsg(a.Card)))
		}
		s.actionDone()
	case ActEndTurn:
		s.endTurn()
	case ActRemove:
		s.removeForShortfall(seat, a.Space)
	}
}

// discard plays card c from seat's hand: onto its discard pile, or a wild
// card back to its draw area.
func (s *state) discard(seat, c int) {
	p := &s.Players[seat]
	removeCard(&p.Hand, c)
	switch c {
	case CardWildLocation:
		s.WildLoc++
	case CardWildIndustry:
		s.WildInd++
	default:
		p.Discard = append(p.Discard, c)
	}
}

// actionDone closes the action under way.
func (s *state) actionDone() {
	s.Step = step{Kind: StepAction, Done: s.Step.Done + 1}
	if s.Step.Done >= s.turnActions() {
		s.Step.Kind = StepEndTurn
	}
}

// turnActions is how many actions the current turn allows: 1 in the first
// Canal round, else 2, never more than the cards the turn began with.
func (s *state) turnActions() int { return min(s.actions(), s.HandAtStart) }

// spend pays money out (it counts for turn order).
func (s *state) spend(seat, m int) {
	s.Players[seat].Money -= m
	s.Players[seat].Spent += m
}

// take removes n cubes or barrels from the tile on si; a coal mine, iron
// works or brewery emptied flips and its owner's income rises at once.
func (s *state) take(si, n int) {
	sl := &s.Spaces[si]
	sl.Cubes -= n
	if sl.Cubes == 0 && !sl.Flipped {
		s.flip(si)
	}
}

// flip turns the tile on si and raises its owner's income.
func (s *state) flip(si int) {
	e := s.ed()
	sl := &s.Spaces[si]
	sl.Flipped = true
	t := s.tile(si)
	o := &s.Players[sl.Owner]
	o.Income = e.Advance(o.Income, t.Income)
	if s.loud() {
		s.log(sl.Owner, engine.Say("bb_log_flip", "P", seatArg(sl.Owner), "Tile", tileMsg(sl.Ind, sl.Lvl), "Loc", locMsg(e.Spaces[si].Loc),
			"Income", t.Income, "Level", e.Level(o.Income)), PlaceSpace(si))
	}
}

// consume takes a plan's coal or iron: from tiles, then bought from the
// market (paid by seat), logging the sources.
func (s *state) consume(seat int, sp supply, coal bool, at int) {
	e := s.ed()
	for _, d := range sp.Draws {
		s.take(d.Space, d.N)
		if !s.loud() {
			continue
		}
		id := "bb_log_iron_from"
		if coal {
			id = "bb_log_coal_away"
		}
		dist := 0
		if coal && at >= 0 {
			dist = s.distances([]int{at}, -1)[e.Spaces[d.Space].Loc]
		}
		m := engine.Say(id, "Count", d.N, "Loc", locMsg(e.Spaces[d.Space].Loc), "P", seatArg(s.Spaces[d.Space].Owner))
		if coal {
			m.Args["Away"] = awayMsg(dist)
		}
		s.log(seat, m, PlaceSpace(d.Space))
	}
	if sp.Market > 0 {
		s.spend(seat, sp.Cost)
		if coal {
			s.Coal = max(0, s.Coal-sp.Market)
			if s.loud() {
				s.log(seat, engine.Say("bb_log_coal_market", "Count", sp.Market, "Money", sp.Cost), PlaceCoalMarket)
			}
		} else {
			s.Iron = max(0, s.Iron-sp.Market)
			if s.loud() {
				s.log(seat, engine.Say("bb_log_iron_market", "Count", sp.Market, "Money", sp.Cost), PlaceIronMarket)
			}
		}
	}
}

// build plays a checked Build: pays, places the tile with its cubes or
// barrels, then consumes its coal and iron (asking for the sources when
// there is a real choice) and sells cubes to the market (D1).
func (s *state) build(a Action) {
	e := s.ed()
	seat, si := a.Seat, a.Space
	loc := e.Spaces[si].Loc
	lvl := s.nextTile(seat, a.Ind)
	t := e.Tiles[a.Ind][lvl]
	s.spend(seat, t.Cost)
	old := s.Spaces[si]
	if s.loud() {
		s.log(seat, engine.Say("bb_log_build", "P", seatArg(seat), "Tile", tileMsg(a.Ind, lvl), "Loc", locMsg(loc), "Card", cardMsg(a.Card), "Money", t.Cost), PlaceSpace(si))
	}
	if old.Owner >= 0 {
		if s.loud() {
			s.log(seat, engine.Say("bb_log_overbuild", "P", seatArg(seat), "Owner", seatArg(old.Owner), "Tile", tileMsg(old.Ind, old.Lvl)), PlaceSpace(si))
		}
	}
	s.Players[seat].Mat[a.Ind]++
	sl := slot{Owner: seat, Ind: a.Ind, Lvl: lvl, Cubes: t.Makes}
	if a.Ind == Brewery {
		sl.Cubes = e.BreweryBeer[s.Era]
	}
	s.Spaces[si] = sl
	s.Step = step{Kind: StepAction, Done: s.Step.Done, Coal: t.Coal, Iron: t.Iron, From: []int{loc}, Then: thenBuild, Space: si}
	s.resolve(seat)
}

// marketSale sells the cubes of the tile just built on si to its market
// (D1): a coal mine connected to a merchant location, or any iron works,
// dearest empty space first.
func (s *state) marketSale(seat, si int) {
	e := s.ed()
	sl := s.Spaces[si]
	sell := sl.Ind == Iron || (sl.Ind == Coal && s.reachesMerchant(s.distances([]int{e.Spaces[si].Loc}, -1)))
	if !sell {
		return
	}
	m, n := e.IronMarket, &s.Iron
	place := PlaceIronMarket
	if sl.Ind == Coal {
		m, n, place = e.CoalMarket, &s.Coal, PlaceCoalMarket
	}
	sold, earned, after := m.SellCubes(*n, sl.Cubes)
	if sold > 0 {
		*n = after
		s.Players[seat].Money += earned
		if s.loud() {
			s.log(seat, engine.Say("bb_log_market_sale", "P", seatArg(seat), "Count", sold, "Money", earned, "Res", indMsg(sl.Ind)), place)
		}
		s.take(si, sold)
	}
}

// placeLink plays a checked link on line l (beer: the second rail link's
// brewery), then consumes a rail link's coal (asking for the mine when
// there is a real choice).
func (s *state) placeLink(seat, l int, beer []int) {
	e := s.ed()
	ln := e.Lines[l]
	s.Links[l] = seat
	cost := e.CanalCost
	if s.Era == Rail {
		cost = e.RailCost
		if beer != nil {
			cost = e.DoubleRailCost - e.RailCost
		}
	}
	s.spend(seat, cost)
	if s.loud() {
		s.log(seat, engine.Say("bb_log_link", "P", seatArg(seat), "Era", eraMsg(s.Era), "Line", lineMsg(l), "Money", cost), PlaceLine(l))
	}
	for _, b := range beer {
		if s.loud() {
			s.log(seat, engine.Say("bb_log_beer_from", "Loc", locMsg(e.Spaces[b].Loc), "P", seatArg(s.Spaces[b].Owner)), PlaceSpace(b))
		}
		s.take(b, 1)
	}
	if s.Era == Canal {
		s.actionDone()
		return
	}
	th := thenRail1
	if beer != nil {
		th = thenRail2
	}
	s.Step = step{Kind: StepAction, Done: s.Step.Done, Coal: 1, From: slices.Clone(ln.Ends), Then: th, Link: l}
	s.resolve(seat)
}

// secondRailPossible reports whether seat could place a second rail link
// now (a rail Network's first link just placed).
func (s *state) secondRailPossible(seat int) bool {
	e := s.ed()
	if e.DoubleRailCost-e.RailCost > s.Players[seat].Money {
		return false
	}
	m := s.newMemo()
	brews := s.breweries()
	for l := range e.Lines {
		for _, b := range brews {
			if s.checkLink(m, seat, l, []int{b}, true).ok() {
				return true
			}
		}
	}
	return false
}

// develop removes the lowest tile of industry i from seat's mat, paying
// one iron when iron is true (the Develop action; the Gloucester bonus is
// free, D3).
func (s *state) develop(seat int, i Industry, iron bool) {
	lvl := s.nextTile(seat, i)
	s.Players[seat].Mat[i]++
	id := "bb_log_developed"
	if !iron {
		id = "bb_log_bonus_develop"
	}
	if s.loud() {
		s.log(seat, engine.Say(id, "P", seatArg(seat), "Tile", tileMsg(i, lvl)))
	}
}

// endDevelop takes the iron of the tiles a Develop removed.
func (s *state) endDevelop(seat int) {
	s.Step = step{Kind: StepAction, Done: s.Step.Done, Iron: s.Step.Iron, Then: thenDevelop}
	s.resolve(seat)
}

// sell plays a checked sale.
func (s *state) sell(a Action) {
	e := s.ed()
	seat, si := a.Seat, a.Space
	sl := s.Spaces[si]
	mloc := e.MerchantSpaces[a.Merch]
	if s.loud() {
		s.log(seat, engine.Say("bb_log_sell", "P", seatArg(seat), "Tile", tileMsg(sl.Ind, sl.Lvl), "Loc", locMsg(e.Spaces[si].Loc), "Merchant", locMsg(mloc)), PlaceSpace(si), PlaceMerchant(a.Merch))
	}
	bonus := false
	for _, b := range a.Beer {
		if b == MerchantBeer {
			s.Merch[a.Merch].Barrel = false
			bonus = true
			continue
		}
		if s.loud() {
			s.log(seat, engine.Say("bb_log_beer_from", "Loc", locMsg(e.Spaces[b].Loc), "P", seatArg(s.Spaces[b].Owner)), PlaceSpace(b))
		}
		s.take(b, 1)
	}
	s.flip(si)
	if !bonus {
		return
	}
	l := e.Locations[mloc]
	p := &s.Players[seat]
	switch l.Bonus {
	case BonusVP:
		p.VP += l.BonusValue
		s.Scores[seat].Bonus += l.BonusValue
		if s.loud() {
			s.log(seat, engine.Say("bb_log_bonus_vp", "P", seatArg(seat), "VP", l.BonusValue, "Merchant", locMsg(mloc)), PlaceMerchant(a.Merch))
		}
	case BonusIncome:
		p.Income = e.Advance(p.Income, l.BonusValue)
		if s.loud() {
			s.log(seat, engine.Say("bb_log_bonus_income", "P", seatArg(seat), "Count", l.BonusValue, "Merchant", locMsg(mloc)), PlaceMerchant(a.Merch))
		}
	case BonusMoney:
		p.Money += l.BonusValue
		if s.loud() {
			s.log(seat, engine.Say("bb_log_bonus_money", "P", seatArg(seat), "Money", l.BonusValue, "Merchant", locMsg(mloc)), PlaceMerchant(a.Merch))
		}
	case BonusDevelop:
		for i := Industry(0); i < NumIndustries; i++ {
			if s.checkDevelop(nil, seat, i, false).ok() {
				s.Step.Kind = StepGloucester
				return
			}
		}
		if s.loud() {
			s.log(seat, engine.Say("bb_log_bonus_develop_none", "P", seatArg(seat)))
		}
	}
}

// afterSale goes on after a sale: to further sales, or closes the action
// when none is possible.
func (s *state) afterSale(seat int) {
	m := s.newMemo()
	for _, a := range s.sales(seat) {
		a.Kind = ActSellMore
		if s.checkSell(a, m).ok() {
			s.Step.Kind = StepSell
			return
		}
	}
	s.actionDone()
}

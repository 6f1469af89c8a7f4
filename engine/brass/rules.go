package brass

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// The rules. Legality is defined once, by check: legal lists the
// candidate actions of the step and keeps those check accepts, and apply
// refuses whatever check refuses. The sourcing of coal, iron and beer
// (plans) is computed by the same functions for checking and for doing.

// Rule error codes, beside the contract's own.
const (
	ErrMoney    = "money"
	ErrCoal     = "coal"
	ErrIron     = "iron"
	ErrBeer     = "beer"
	ErrNetwork  = "network"
	ErrEra      = "era"
	ErrCard     = "card"
	ErrSpace    = "space"
	ErrTiles    = "tiles"
	ErrMerchant = "merchant"
	ErrLoan     = "loan"
	ErrScout    = "scout"
	ErrDevelop  = "develop"
	ErrLinks    = "links"
)

// draw is cubes taken from a tile on a build space.
type draw struct{ Space, N int }

// supply is where the coal or iron of one consumption comes from: tiles,
// then the market (Market cubes costing Cost).
type supply struct {
	Draws  []draw
	Market int
	Cost   int
}

// coalPlan sources need coal for a consumer at the locations from (extra:
// a line counted as linked, -1 for none): the nearest connected unflipped
// coal mines first (ties: the consumer's own mine first, then the lowest
// space; D16), then the market, which needs a connection to a merchant
// location. ok is false when no coal can be had.
func (s *state) coalPlan(seat int, from []int, extra, need int) (supply, bool) {
	var sp supply
	if need == 0 {
		return sp, true
	}
	e := s.ed()
	d := s.distances(from, extra)
	type mine struct{ si, dist, own int }
	var buf [16]mine
	mines := buf[:0]
	for si, sl := range s.Spaces {
		if sl.Owner >= 0 && sl.Ind == Coal && sl.Cubes > 0 {
			if dist := d[e.Spaces[si].Loc]; dist >= 0 {
				own := 1
				if sl.Owner == seat {
					own = 0
				}
				mines = append(mines, mine{si, dist, own})
			}
		}
	}
	slices.SortStableFunc(mines, func(a, b mine) int {
		if a.dist != b.dist {
			return a.dist - b.dist
		}
		return a.own - b.own
	})
	for _, m := range mines {
		if need == 0 {
			break
		}
		n := min(need, s.Spaces[m.si].Cubes)
		sp.Draws = append(sp.Draws, draw{m.si, n})
		need -= n
	}
	if need > 0 {
		if !s.reachesMerchant(d) {
			return sp, false
		}
		sp.Market = need
		sp.Cost, _ = e.CoalMarket.BuyCost(s.Coal, need)
	}
	return sp, true
}

// ironPlan sources need iron: unflipped iron works anywhere (the
// consumer's own first, then the lowest space; D16), then the market.
func (s *state) ironPlan(seat, need int) supply { return s.ironPlanInto(nil, seat, need) }

// ironPlanInto is ironPlan with its draws appended to draws[:0].
func (s *state) ironPlanInto(draws []draw, seat, need int) supply {
	sp := supply{Draws: draws[:0]}
	if need == 0 {
		return sp
	}
	var buf [16]int
	works := buf[:0]
	irons := s.ed().spacesShowing(Iron) // (iron works are only built there)
	for _, si := range irons {
		if sl := s.Spaces[si]; sl.Owner == seat && sl.Ind == Iron && sl.Cubes > 0 {
			works = append(works, si)
		}
	}
	for _, si := range irons {
		if sl := s.Spaces[si]; sl.Owner >= 0 && sl.Owner != seat && sl.Ind == Iron && sl.Cubes > 0 {
			works = append(works, si)
		}
	}
	for _, si := range works {
		if need == 0 {
			break
		}
		n := min(need, s.Spaces[si].Cubes)
		sp.Draws = append(sp.Draws, draw{si, n})
		need -= n
	}
	if need > 0 {
		sp.Market = need
		sp.Cost, _ = s.ed().IronMarket.BuyCost(s.Iron, need)
	}
	return sp
}

// actions is how many actions the turn under way allows.
func (s *state) actions() int {
	if s.Era == Canal && s.Round == 1 {
		return 1
	}
	return 2
}

// legal lists every action seat may take now.
func (s *state) legal(seat int) []Action { return s.legalInto(nil, seat) }

// legalInto is legal appended to out[:0].
func (s *state) legalInto(out []Action, seat int) []Action {
	out = out[:0]
	if !s.isToAct(seat) {
		return out
	}
	m := s.newMemo()
	if s.Step.Kind == StepAction {
		return s.legalActions(out, seat, m)
	}
	s.candidates(seat, func(a Action) {
		if s.checkM(a, m).ok() {
			out = append(out, a)
		}
	})
	return out
}

// legalActions is legalInto for StepAction: the candidates of candidates,
// in its order, checked by checkM. Whether a Network, Develop, Sell, Loan,
// Scout or Pass is legal does not depend on which card of the hand pays
// for it (checkM asks only that the card is in the hand): each is checked
// once, with the hand's first card, and the answer listed for every card.
// A Build does depend on its card; its placement (checkPlacement) does
// not, and is memoised per industry and space. checkM's first tests (the
// seat is to act, the step allows the kind, the card is in the hand) hold
// for every candidate here, so Builds and Networks go straight to
// checkBuild and checkLink, as checkM would.
func (s *state) legalActions(out []Action, seat int, m *memo) []Action {
	var cardBuf [16]int
	cards := distinctInto(cardBuf[:0], s.Players[seat].Hand)
	if len(cards) == 0 {
		return out
	}
	base := Action{Seat: seat, Card: cards[0], Ind: NoIndustry, Space: -1, Line: -1, Merch: -1}
	var net []bool // nil: the seat has no tile on the board (D15)
	if m.onBoard(s, seat) {
		net = m.network(s, seat)
	}
	free := s.cardFreeActions(base, net, m)
	for _, c := range cards {
		a := base
		a.Card = c
		out = s.legalBuilds(out, a, net, m)
		out = free.appendFor(out, a)
	}
	return out
}

// cardFree are the answers of legalActions that do not depend on the card
// played: the lines a Network may take, the sales, and whether a Develop,
// Loan, Scout or Pass is legal.
type cardFree struct {
	lines                      []int
	sales                      []Action
	develop, loan, scout, pass bool
}

// cardFreeActions finds the card-free answers for base, the seat's action
// with the hand's first card (net: the seat's network, nil without a tile
// on the board), in legalActions' order of checks.
func (s *state) cardFreeActions(base Action, net []bool, m *memo) cardFree {
	var f cardFree
	f.lines = s.legalLines(base.Seat, net, m)
	single := func(k ActionKind) bool {
		a := base
		a.Kind = k
		return s.checkM(a, m).ok()
	}
	f.develop = single(ActDevelop)
	f.sales = s.legalSales(base, m)
	f.loan, f.scout, f.pass = single(ActLoan), single(ActScout), single(ActPass)
	return f
}

// legalLines lists the lines seat may link now, in m.lines's storage
// (net as for cardFreeActions).
func (s *state) legalLines(seat int, net []bool, m *memo) []int {
	e := s.ed()
	lines := m.lines[:0]
	// (check refuses a link when the seat has no link tile or not the
	// money for the link alone: skipped for speed)
	linkCost := e.CanalCost
	if s.Era == Rail {
		linkCost = e.RailCost
	}
	anyLink := s.linksLeft(seat) > 0 && s.Players[seat].Money >= linkCost
	for l, ln := range e.Lines {
		if !anyLink {
			break
		}
		if s.Links[l] >= 0 || (s.Era == Canal && !ln.Canal) || (s.Era == Rail && !ln.Rail) {
			continue // (check refuses it; skipped for speed)
		}
		if net != nil && !slices.ContainsFunc(ln.Ends, func(a int) bool { return net[a] }) {
			continue // not next to the seat's network (likewise)
		}
		if s.checkLink(m, seat, l, nil, false).ok() { // checkM's Network
			lines = append(lines, l)
		}
	}
	m.lines = lines
	return lines
}

// legalSales lists the Sells legal with base's card, in m.sales's storage.
func (s *state) legalSales(base Action, m *memo) []Action {
	sales := m.sales[:0]
	m.cands = s.salesInto(m.cands, base.Seat)
	for _, sa := range m.cands {
		sa.Kind, sa.Card = ActSell, base.Card
		if s.checkM(sa, m).ok() {
			sales = append(sales, sa)
		}
	}
	m.sales = sales
	return sales
}

// tileFor is the level of seat's next tile of industry i, and whether
// card and the era may build it at all (check refuses the rest; they are
// skipped for speed).
func (s *state) tileFor(seat int, card *Card, i Industry) (int, bool) {
	if card.Kind == IndustryCard && !slices.Contains(card.Ind, i) {
		return 0, false
	}
	lvl := s.nextTile(seat, i)
	if lvl < 0 {
		return 0, false
	}
	t := &s.ed().Tiles[i][lvl]
	return lvl, !(s.Era == Rail && t.CanalOnly) && !(s.Era == Canal && t.RailOnly)
}

// legalBuilds appends the Builds legal with a's card (net as for
// cardFreeActions), industry by industry, space by space.
func (s *state) legalBuilds(out []Action, a Action, net []bool, m *memo) []Action {
	e := s.ed()
	seat := a.Seat
	card := e.Cards[a.Card]
	a.Kind = ActBuild
	for i := Industry(0); i < NumIndustries; i++ {
		lvl, ok := s.tileFor(seat, &card, i)
		if !ok {
			continue
		}
		if e.Tiles[i][lvl].Cost > s.Players[seat].Money {
			continue // (check refuses it, coal and iron costing more)
		}
		a.Ind = i
		spaces := e.spacesShowing(i)
		if card.Kind == LocationCard {
			spaces = e.spacesShowingAt(card.Loc, i)
		}
		for _, si := range spaces {
			loc := e.Spaces[si].Loc
			if (card.Kind == IndustryCard || card.Kind == WildIndustry) && net != nil && !net[loc] {
				continue
			}
			if sl := s.Spaces[si]; sl.Owner >= 0 && sl.Ind != i {
				continue
			}
			if si < maxSpaces && m.placements[i][si] == placedRefused {
				continue // (check refuses it again)
			}
			a.Space = si
			if s.checkBuild(a, m).ok() { // checkM's Build
				out = append(out, a)
			}
		}
	}
	return out
}

// appendFor appends the card-free actions with a's card: the Networks, the
// Develop, the Sells, then the Loan, Scout and Pass.
func (f *cardFree) appendFor(out []Action, a Action) []Action {
	for _, l := range f.lines {
		a.Kind, a.Line = ActNetwork, l
		out = append(out, a)
	}
	a.Line = -1
	if f.develop {
		a.Kind = ActDevelop
		out = append(out, a)
	}
	for _, sa := range f.sales {
		sa.Card = a.Card
		out = append(out, sa)
	}
	for _, k := range [3]ActionKind{ActLoan, ActScout, ActPass} {
		if (k == ActLoan && f.loan) || (k == ActScout && f.scout) || (k == ActPass && f.pass) {
			a.Kind = k
			out = append(out, a)
		}
	}
	return out
}

// isToAct reports whether seat is among toAct, without listing them.
func (s *state) isToAct(seat int) bool {
	switch s.Step.Kind {
	case StepOver:
		return false
	case StepShortfall:
		return seat >= 0 && seat < len(s.Players) && s.Players[seat].Owe > 0
	}
	return seat == s.seat()
}

// toAct lists the seats that must act.
func (s *state) toAct() []int {
	switch s.Step.Kind {
	case StepOver:
		return nil
	case StepShortfall:
		var out []int
		for i, p := range s.Players {
			if p.Owe > 0 {
				out = append(out, i)
			}
		}
		return out
	}
	return []int{s.seat()}
}

// distinct returns hand's card ids once each, in order.
func distinct(hand []int) []int { return distinctInto(nil, hand) }

// distinctInto is distinct appended to out[:0].
func distinctInto(out, hand []int) []int {
	out = out[:0]
	for _, c := range hand {
		if len(out) == 0 || out[len(out)-1] != c {
			out = append(out, c)
		}
	}
	return out
}

// candidates passes emit the actions of the step worth checking for seat.
func (s *state) candidates(seat int, emit func(Action)) {
	base := Action{Seat: seat, Card: -1, Ind: NoIndustry, Space: -1, Line: -1, Merch: -1}
	with := func(f func(a *Action)) Action {
		a := base
		f(&a)
		return a
	}
	switch s.Step.Kind {
	case StepAction:
		s.actionCandidates(base, emit)
	case StepEndTurn:
		emit(with(func(a *Action) { a.Kind = ActEndTurn }))
	case StepScout:
		var cardBuf [16]int
		for _, c := range distinctInto(cardBuf[:0], s.Players[seat].Hand) {
			emit(with(func(a *Action) { a.Kind, a.Card = ActScout, c }))
		}
	case StepDevelop:
		for i := Industry(0); i < NumIndustries; i++ {
			emit(with(func(a *Action) { a.Kind, a.Ind = ActDevPick, i }))
		}
		emit(with(func(a *Action) { a.Kind = ActDevStop }))
	case StepRail:
		brews := s.breweries()
		for l, ln := range s.ed().Lines {
			if s.Links[l] >= 0 || !ln.Rail {
				continue // (check refuses it; skipped for speed)
			}
			for _, b := range brews {
				emit(with(func(a *Action) { a.Kind, a.Line, a.Beer = ActRail2, l, []int{b} }))
			}
		}
		emit(with(func(a *Action) { a.Kind = ActRailStop }))
	case StepSell:
		for _, sa := range s.sales(seat) {
			sa.Kind = ActSellMore
			emit(sa)
		}
		emit(with(func(a *Action) { a.Kind = ActSellStop }))
	case StepGloucester:
		for i := Industry(0); i < NumIndustries; i++ {
			emit(with(func(a *Action) { a.Kind, a.Ind = ActBonusDevelop, i }))
		}
	case StepCoal:
		for _, si := range s.coalTier(seat, s.Step.From) {
			emit(with(func(a *Action) { a.Kind, a.Space = ActCoalFrom, si }))
		}
	case StepIron:
		for _, si := range s.ironWorks(seat) {
			emit(with(func(a *Action) { a.Kind, a.Space = ActIronFrom, si }))
		}
	case StepShortfall:
		for si, sl := range s.Spaces {
			if sl.Owner == seat {
				emit(with(func(a *Action) { a.Kind, a.Space = ActRemove, si }))
			}
		}
	}
}

// actionCandidates emits the candidates of a StepAction for base's seat:
// for each distinct card of the hand, its Builds (industry by industry,
// space by space), Networks, the Develop, the Sells, the Loan, Scout and
// Pass.
func (s *state) actionCandidates(base Action, emit func(Action)) {
	e := s.ed()
	seat := base.Seat
	p := &s.Players[seat]
	var cardBuf [16]int
	with := func(f func(a *Action)) Action {
		a := base
		f(&a)
		return a
	}
	sales := s.sales(seat)
	var net []bool // nil: the seat has no tile on the board (D15)
	if s.onBoard(seat) {
		net = s.network(seat)
	}
	for _, c := range distinctInto(cardBuf[:0], p.Hand) {
		card := e.Cards[c]
		for i := Industry(0); i < NumIndustries; i++ {
			if _, ok := s.tileFor(seat, &card, i); !ok {
				continue
			}
			for si := range e.Spaces {
				if card.Kind == LocationCard && e.Spaces[si].Loc != card.Loc {
					continue
				}
				if (card.Kind == IndustryCard || card.Kind == WildIndustry) && net != nil && !net[e.Spaces[si].Loc] {
					continue
				}
				if e.Spaces[si].Has(i) && (s.Spaces[si].Owner < 0 || s.Spaces[si].Ind == i) {
					emit(with(func(a *Action) { a.Kind, a.Card, a.Ind, a.Space = ActBuild, c, i, si }))
				}
			}
		}
		for l, ln := range e.Lines {
			if s.Links[l] >= 0 || (s.Era == Canal && !ln.Canal) || (s.Era == Rail && !ln.Rail) {
				continue // (check refuses it; skipped for speed)
			}
			emit(with(func(a *Action) { a.Kind, a.Card, a.Line = ActNetwork, c, l }))
		}
		emit(with(func(a *Action) { a.Kind, a.Card = ActDevelop, c }))
		for _, sa := range sales {
			sa.Kind, sa.Card = ActSell, c
			emit(sa)
		}
		emit(with(func(a *Action) { a.Kind, a.Card = ActLoan, c }))
		emit(with(func(a *Action) { a.Kind, a.Card = ActScout, c }))
		emit(with(func(a *Action) { a.Kind, a.Card = ActPass, c }))
	}
}

// breweries lists the breweries with beer (candidate sources; check
// decides which a seat may use).
func (s *state) breweries() []int {
	var out []int
	for si, sl := range s.Spaces {
		if sl.Owner >= 0 && sl.Ind == Brewery && sl.Cubes > 0 {
			out = append(out, si)
		}
	}
	return out
}

// sales lists seat's candidate sales: each unflipped own tile that sells,
// to each merchant space whose tile buys it, with each multiset of beer
// sources that could pay (checked in full by check).
func (s *state) sales(seat int) []Action { return s.salesInto(nil, seat) }

// salesInto is sales appended to out[:0].
func (s *state) salesInto(out []Action, seat int) []Action {
	e := s.ed()
	out = out[:0]
	// sources: the merchant's barrel (when it has one) first, then the
	// breweries with beer.
	var srcBuf [maxSpaces + 1]int
	sources := append(srcBuf[:0], MerchantBeer)
	for si, sl := range s.Spaces {
		if sl.Owner >= 0 && sl.Ind == Brewery && sl.Cubes > 0 {
			sources = append(sources, si)
		}
	}
	var beers beerSlab
	for si, sl := range s.Spaces {
		if sl.Owner != seat || sl.Flipped || !sl.Ind.Sold() {
			continue
		}
		need := s.tile(si).Beer
		for k, m := range s.Merch {
			if m.Tile < 0 || !slices.Contains(e.MerchantTiles[m.Tile].Buys, sl.Ind) {
				continue
			}
			src := sources[1:]
			if m.Barrel {
				src = sources
			}
			a := Action{Seat: seat, Card: -1, Ind: NoIndustry, Space: si, Line: -1, Merch: k}
			beerCombos(src, need, &beers, func(b []int) {
				a.Beer = b
				out = append(out, a)
			})
		}
	}
	return out
}

// beerCombos passes emit the multisets of need sources (sorted), a source
// possibly taken twice (a brewery with two barrels; check refuses what a
// source cannot give), each a slice of its own cut from slab.
func beerCombos(sources []int, need int, slab *beerSlab, emit func([]int)) {
	switch need {
	case 0:
		emit(nil)
	case 1:
		for _, a := range sources {
			emit(slab.cut(a))
		}
	default:
		for i, a := range sources {
			for _, b := range sources[i:] {
				emit(slab.cut(min(a, b), max(a, b)))
			}
		}
	}
}

// beerSlab hands out short slices cut from shared blocks, a block never
// rewritten (each slice's capacity is its length).
type beerSlab struct{ block []int }

func (b *beerSlab) cut(v ...int) []int {
	if cap(b.block)-len(b.block) < len(v) {
		b.block = make([]int, 0, 64)
	}
	k := len(b.block)
	b.block = append(b.block, v...)
	return b.block[k:len(b.block):len(b.block)]
}

// check returns nil when a may be applied now, else the rule error.
func (s *state) check(a Action) error { return s.checkM(a, nil).err() }

// stepOf lists the steps in which each kind of action may be taken.
var stepOf = [numActionKinds][]StepKind{
	ActBuild: {StepAction}, ActNetwork: {StepAction}, ActDevelop: {StepAction}, ActSell: {StepAction},
	ActLoan: {StepAction}, ActPass: {StepAction}, ActScout: {StepAction, StepScout},
	ActEndTurn: {StepEndTurn}, ActDevPick: {StepDevelop}, ActDevStop: {StepDevelop},
	ActRail2: {StepRail}, ActRailStop: {StepRail}, ActSellMore: {StepSell}, ActSellStop: {StepSell},
	ActBonusDevelop: {StepGloucester}, ActRemove: {StepShortfall},
	ActCoalFrom: {StepCoal}, ActIronFrom: {StepIron},
}

// checkM is check with the facts of one position memoised in m (nil: none).
func (s *state) checkM(a Action, m *memo) refusal {
	if s.Step.Kind == StepOver {
		return refused(engine.ErrGameOver, "bb_err_game_over")
	}
	if !s.isToAct(a.Seat) {
		return refused(engine.ErrNotYourTurn, "bb_err_not_your_turn")
	}
	if a.Kind < 0 || a.Kind >= numActionKinds {
		return refused(engine.ErrMalformedAction, "bb_err_not_a_move")
	}
	if !slices.Contains(stepOf[a.Kind], s.Step.Kind) {
		return refused(engine.ErrNotAvailable, "bb_err_not_now")
	}
	e := s.ed()
	p := &s.Players[a.Seat]
	switch a.Kind {
	case ActBuild, ActNetwork, ActDevelop, ActSell, ActLoan, ActPass, ActScout:
		if a.Card < 0 || a.Card >= len(e.Cards) || count(p.Hand, a.Card) == 0 {
			return refused(ErrCard, "bb_err_no_card")
		}
	}
	switch a.Kind {
	case ActBuild:
		return s.checkBuild(a, m)
	case ActNetwork:
		return s.checkLink(m, a.Seat, a.Line, nil, false)
	case ActRail2:
		if len(a.Beer) != 1 {
			return refused(ErrBeer, "bb_err_beer")
		}
		return s.checkLink(m, a.Seat, a.Line, a.Beer, true)
	case ActDevelop:
		if !s.canDevelop(m, a.Seat) {
			return refused(ErrDevelop, "bb_err_develop_none")
		}
	case ActDevPick:
		return s.checkDevelop(m, a.Seat, a.Ind, true)
	case ActDevStop:
		if s.Step.Picks == 0 {
			return refused(ErrDevelop, "bb_err_develop_one")
		}
	case ActBonusDevelop:
		return s.checkDevelop(m, a.Seat, a.Ind, false)
	case ActSell, ActSellMore:
		return s.checkSell(a, m)
	case ActLoan:
		if _, ok := e.LoanSpace(p.Income); !ok {
			return refusal{code: ErrLoan, id: "bb_err_loan", arg: argLevel, x: e.MinLevel}
		}
	case ActScout:
		if s.Step.Kind == StepAction {
			if count(p.Hand, CardWildLocation)+count(p.Hand, CardWildIndustry) > 0 {
				return refused(ErrScout, "bb_err_scout_wild")
			}
			if len(p.Hand) < e.ScoutDiscard {
				return refusal{code: ErrScout, id: "bb_err_scout_cards", arg: argCount, x: e.ScoutDiscard}
			}
		}
	case ActRemove:
		if a.Space < 0 || a.Space >= len(s.Spaces) || s.Spaces[a.Space].Owner != a.Seat {
			return refused(ErrSpace, "bb_err_not_your_tile")
		}
	case ActCoalFrom:
		if !slices.Contains(s.coalTier(a.Seat, s.Step.From), a.Space) {
			return refused(ErrCoal, "bb_err_coal_source")
		}
	case ActIronFrom:
		if !slices.Contains(s.ironWorks(a.Seat), a.Space) {
			return refused(ErrIron, "bb_err_iron_source")
		}
	}
	return refusal{}
}

// buildLoc returns the location of space si.
func (s *state) buildLoc(si int) int { return s.ed().Spaces[si].Loc }

// checkBuild checks a Build action.
func (s *state) checkBuild(a Action, m *memo) refusal {
	e := s.ed()
	if a.Space < 0 || a.Space >= len(e.Spaces) || a.Ind < 0 || a.Ind >= NumIndustries || !e.Spaces[a.Space].Has(a.Ind) {
		return refused(ErrSpace, "bb_err_space_icon")
	}
	seat, si := a.Seat, a.Space
	loc := e.Spaces[si].Loc
	l := e.Locations[loc]
	card := e.Cards[a.Card]
	switch card.Kind {
	case LocationCard:
		if card.Loc != loc {
			return refused(ErrCard, "bb_err_card_town")
		}
	case WildLocation:
		if l.Kind != Town {
			return refused(ErrCard, "bb_err_card_farm")
		}
	case IndustryCard, WildIndustry:
		if card.Kind == IndustryCard && !slices.Contains(card.Ind, a.Ind) {
			return refused(ErrCard, "bb_err_card_industry")
		}
		if m.onBoard(s, seat) {
			if !m.network(s, seat)[loc] {
				return refused(ErrNetwork, "bb_err_network")
			}
		} else if !s.undevelopedSpace(loc, a.Ind) {
			// The "no tiles on the board" exception: "in any location
			// with an undeveloped space displaying that industry's icon".
			return refused(ErrNetwork, "bb_err_network_free")
		}
	}
	// The rest does not depend on the card: checked once per industry and
	// space in a position.
	if m == nil || si >= maxSpaces {
		return s.checkPlacement(seat, a.Ind, si, m)
	}
	switch m.placements[a.Ind][si] {
	case placedOK:
		return refusal{}
	case placedRefused:
		return refusedBefore
	}
	r := s.checkPlacement(seat, a.Ind, si, m)
	m.placements[a.Ind][si] = placedOK
	if !r.ok() {
		m.placements[a.Ind][si] = placedRefused
	}
	return r
}

// undevelopedSpace reports whether location loc has an undeveloped space
// showing industry i.
func (s *state) undevelopedSpace(loc int, i Industry) bool {
	e := s.ed()
	for _, o := range e.Locations[loc].Spaces {
		if e.Spaces[o].Has(i) && s.Spaces[o].Owner < 0 {
			return true
		}
	}
	return false
}

// checkPlacement checks building seat's lowest tile of industry ind on
// space si, whatever card pays for it: tiles left, era, the space and
// overbuilding, one tile per town in the Canal era, coal, iron and money.
func (s *state) checkPlacement(seat int, ind Industry, si int, m *memo) refusal {
	e := s.ed()
	a := Action{Seat: seat, Ind: ind, Space: si}
	loc := e.Spaces[si].Loc
	l := e.Locations[loc]
	lvl := s.nextTile(seat, a.Ind)
	if lvl < 0 {
		return refusedInd(ErrTiles, "bb_err_no_tiles", a.Ind)
	}
	t := e.Tiles[a.Ind][lvl]
	if s.Era == Rail && t.CanalOnly {
		return refusedInd(ErrEra, "bb_err_canal_only", a.Ind)
	}
	if s.Era == Canal && t.RailOnly {
		return refusedInd(ErrEra, "bb_err_rail_only", a.Ind)
	}
	sl := s.Spaces[si]
	if sl.Owner < 0 {
		if !e.Spaces[si].Single() {
			for _, o := range l.Spaces {
				if e.Spaces[o].Single() && e.Spaces[o].Has(a.Ind) && s.Spaces[o].Owner < 0 {
					return refused(ErrSpace, "bb_err_space_single")
				}
			}
		}
	} else {
		if sl.Ind != a.Ind || lvl <= sl.Lvl {
			return refused(ErrSpace, "bb_err_overbuild_level")
		}
		if sl.Owner != seat {
			if a.Ind != Coal && a.Ind != Iron {
				return refused(ErrSpace, "bb_err_overbuild_other")
			}
			if s.cubesLeft(a.Ind) {
				return refusedInd(ErrSpace, "bb_err_overbuild_cubes", a.Ind)
			}
		}
	}
	if s.Era == Canal {
		for _, o := range l.Spaces {
			if o != si && s.Spaces[o].Owner == seat {
				return refused(ErrSpace, "bb_err_canal_one_per_town")
			}
		}
		if sl.Owner >= 0 && sl.Owner != seat {
			// Overbuilding an opponent: the town must hold none of ours.
			for _, o := range l.Spaces {
				if s.Spaces[o].Owner == seat {
					return refused(ErrSpace, "bb_err_canal_one_per_town")
				}
			}
		}
	}
	from := [1]int{loc}
	coal, ok := m.coalCost(s, seat, from[:], -1, t.Coal)
	if !ok {
		return refused(ErrCoal, "bb_err_coal")
	}
	if need := t.Cost + coal + m.ironCost(s, seat, t.Iron); need > s.Players[seat].Money {
		return refusedMoney(need, s.Players[seat].Money)
	}
	return refusal{}
}

// cubesLeft reports whether any cube of industry i's resource (coal or
// iron) is on a tile or on its market.
func (s *state) cubesLeft(i Industry) bool {
	if (i == Coal && s.Coal > 0) || (i == Iron && s.Iron > 0) {
		return true
	}
	for _, sl := range s.Spaces {
		if sl.Owner >= 0 && sl.Ind == i && sl.Cubes > 0 {
			return true
		}
	}
	return false
}

// checkLink checks a link on line l: the first link of a Network (beer
// nil) or, when second is true, the second rail link (one beer source).
func (s *state) checkLink(m *memo, seat, l int, beer []int, second bool) refusal {
	e := s.ed()
	if l < 0 || l >= len(e.Lines) {
		return refused(ErrSpace, "bb_err_line")
	}
	ln := e.Lines[l]
	if s.Links[l] >= 0 {
		return refused(ErrSpace, "bb_err_line_taken")
	}
	if (s.Era == Canal && !ln.Canal) || (s.Era == Rail && !ln.Rail) {
		return refusal{code: ErrEra, id: "bb_err_line_era", arg: argEra, x: int(s.Era)}
	}
	if s.linksLeft(seat) == 0 {
		return refused(ErrLinks, "bb_err_no_links")
	}
	if m.onBoard(s, seat) {
		net := m.network(s, seat)
		near := false
		for _, a := range ln.Ends {
			near = near || net[a]
		}
		if !near {
			return refused(ErrNetwork, "bb_err_link_network")
		}
	}
	p := &s.Players[seat]
	if s.Era == Canal {
		if p.Money < e.CanalCost {
			return refusedMoney(e.CanalCost, p.Money)
		}
		return refusal{}
	}
	coal, ok := m.coalCost(s, seat, ln.Ends, l, 1)
	if !ok {
		return refused(ErrCoal, "bb_err_coal")
	}
	cost := e.RailCost
	if second {
		cost = e.DoubleRailCost - e.RailCost
		if r := s.checkBeer(m, seat, ln.Ends, l, beer, -1, 1); !r.ok() {
			return r
		}
	}
	if need := cost + coal; need > p.Money {
		return refusedMoney(need, p.Money)
	}
	return refusal{}
}

// checkBeer checks beer sources for a consumer at the locations at (extra
// a line counted as linked): own breweries anywhere, others' breweries
// connected, the merchant space merch's barrel (when merch >= 0), each
// source giving no more than it has, need sources in all.
func (s *state) checkBeer(m *memo, seat int, at []int, extra int, beer []int, merch, need int) refusal {
	if len(beer) != need {
		return refused(ErrBeer, "bb_err_beer")
	}
	e := s.ed()
	for i, b := range beer {
		used := count(beer[:i+1], b) // this source's cubes so far
		if b == MerchantBeer {
			if merch < 0 || !s.Merch[merch].Barrel || used > 1 {
				return refused(ErrBeer, "bb_err_beer")
			}
			continue
		}
		if b < 0 || b >= len(s.Spaces) {
			return refused(ErrBeer, "bb_err_beer")
		}
		sl := s.Spaces[b]
		if sl.Owner < 0 || sl.Ind != Brewery || sl.Cubes < used {
			return refused(ErrBeer, "bb_err_beer")
		}
		if sl.Owner != seat && !m.connected(s, at, extra, e.Spaces[b].Loc) {
			return refused(ErrBeer, "bb_err_beer_connected")
		}
	}
	return refusal{}
}

// checkSell checks the sale of the tile on a.Space to merchant space a.Merch.
func (s *state) checkSell(a Action, m *memo) refusal {
	e := s.ed()
	if a.Space < 0 || a.Space >= len(s.Spaces) {
		return refused(ErrSpace, "bb_err_not_your_tile")
	}
	sl := s.Spaces[a.Space]
	if sl.Owner != a.Seat || sl.Flipped || !sl.Ind.Sold() {
		return refused(ErrSpace, "bb_err_sell_tile")
	}
	if a.Merch < 0 || a.Merch >= len(s.Merch) {
		return refused(ErrMerchant, "bb_err_merchant")
	}
	mt := s.Merch[a.Merch]
	if mt.Tile < 0 || !slices.Contains(e.MerchantTiles[mt.Tile].Buys, sl.Ind) {
		return refusedInd(ErrMerchant, "bb_err_merchant_buys", sl.Ind)
	}
	loc := e.Spaces[a.Space].Loc
	from := [1]int{loc}
	if !m.connected(s, from[:], -1, e.MerchantSpaces[a.Merch]) {
		return refused(ErrMerchant, "bb_err_merchant_connected")
	}
	return s.checkBeer(m, a.Seat, from[:], -1, a.Beer, a.Merch, s.tile(a.Space).Beer)
}

// canDevelop reports whether seat could remove at least one tile by a
// Develop now.
func (s *state) canDevelop(m *memo, seat int) bool {
	for i := Industry(0); i < NumIndustries; i++ {
		if s.checkDevelop(m, seat, i, true).ok() {
			return true
		}
	}
	return false
}

// checkDevelop checks removing the lowest tile of industry i: not a
// lightbulb tile; with iron (a Develop) it must be paid for.
func (s *state) checkDevelop(m *memo, seat int, i Industry, iron bool) refusal {
	if i < 0 || i >= NumIndustries {
		return refused(ErrDevelop, "bb_err_develop_none")
	}
	lvl := s.nextTile(seat, i)
	if lvl < 0 {
		return refusedInd(ErrTiles, "bb_err_no_tiles", i)
	}
	if s.ed().Tiles[i][lvl].Lightbulb {
		return refused(ErrDevelop, "bb_err_lightbulb")
	}
	if iron {
		// With the iron of the tiles already chosen in this Develop.
		if cost := m.ironCost(s, seat, s.Step.Iron+1); cost > s.Players[seat].Money {
			return refusedMoney(cost, s.Players[seat].Money)
		}
	}
	return refusal{}
}

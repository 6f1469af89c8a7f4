package brass

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// The words of this title as catalogue messages (engine.Message); the bot
// renders them in a reader's language (bot/i18n/brass.*.toml). Every id
// starts with "bb_".

// seatArg is seat's placeholder in a message's arguments.
func seatArg(seat int) string { return fmt.Sprintf("{P%d}", seat) }

// indMsg names an industry: "cotton mill".
func indMsg(i Industry) engine.Message { return engine.Say("bb_ind_" + i.String()) }

var roman = []string{"I", "II", "III", "IV", "V", "VI", "VII", "VIII"}

// tileMsg names a tile: "cotton mill II".
func tileMsg(i Industry, lvl int) engine.Message {
	return engine.Say("bb_tile", "Ind", indMsg(i), "Level", roman[lvl])
}

// locMsg names a location: a town or merchant by its proper name, a farm
// brewery by its catalogue name.
func locMsg(loc int) engine.Message { return engine.Say("bb_loc_" + Standard.Locations[loc].ID) }

// eraMsg names an era.
func eraMsg(e Era) engine.Message { return engine.Say("bb_era_" + e.String()) }

// cardMsg names a card: "Leek", "iron works card", "wild location".
func cardMsg(c int) engine.Message {
	switch {
	case c < CardIron:
		return engine.Say("bb_card_location", "Loc", locMsg(c))
	case c == CardCottonManuf:
		return engine.Say("bb_card_cotton_manuf")
	case c < CardWildLocation:
		return engine.Say("bb_card_industry", "Ind", indMsg(Standard.Cards[c].Ind[0]))
	case c == CardWildLocation:
		return engine.Say("bb_card_wild_location")
	}
	return engine.Say("bb_card_wild_industry")
}

// joinMsgs joins items (strings or messages) with "bb_join" ("A, B").
func joinMsgs(items []any) any {
	if len(items) == 0 {
		return engine.Say("bb_none")
	}
	out := items[0]
	for _, it := range items[1:] {
		out = engine.Say("bb_join", "A", out, "B", it)
	}
	return out
}

// cardList names cards, "none" for none.
func cardList(ids []int) any {
	items := make([]any, len(ids))
	for i, c := range ids {
		items[i] = cardMsg(c)
	}
	return joinMsgs(items)
}

// seatList names seats in order.
func seatList(seats []int) any {
	items := make([]any, len(seats))
	for i, c := range seats {
		items[i] = seatArg(c)
	}
	return joinMsgs(items)
}

// spaceMsg names a build space by its town and icons: "Leek (cotton mill /
// coal mine)".
func spaceMsg(si int) engine.Message {
	sp := Standard.Spaces[si]
	if sp.Single() {
		return engine.Say("bb_space_one", "Loc", locMsg(sp.Loc), "A", indMsg(sp.Icons[0]))
	}
	return engine.Say("bb_space_two", "Loc", locMsg(sp.Loc), "A", indMsg(sp.Icons[0]), "B", indMsg(sp.Icons[1]))
}

// lineMsg names a line by its ends: "Birmingham – Oxford".
func lineMsg(l int) engine.Message {
	ends := Standard.Lines[l].Ends
	if len(ends) == 3 {
		return engine.Say("bb_line_three", "A", locMsg(ends[0]), "B", locMsg(ends[1]), "C", locMsg(ends[2]))
	}
	return engine.Say("bb_line_two", "A", locMsg(ends[0]), "B", locMsg(ends[1]))
}

// usesMsg says the coal and iron an action consumes: "1 coal and 2
// iron", "no coal or iron".
func usesMsg(coal, iron int) engine.Message {
	switch {
	case coal > 0 && iron > 0:
		return engine.Say("bb_uses_both", "Coal", coal, "Iron", iron)
	case coal > 0:
		return engine.Say("bb_uses_coal", "Coal", coal)
	case iron > 0:
		return engine.Say("bb_uses_iron", "Iron", iron)
	}
	return engine.Say("bb_uses_none")
}

// linkUsesMsg says the coal a link consumes: "1 coal", "no coal".
func linkUsesMsg(coal int) engine.Message {
	if coal > 0 {
		return usesMsg(coal, 0)
	}
	return engine.Say("bb_uses_no_coal")
}

// whoseMsg says whose a tile is to seat: "yours" or "another player's".
// Labels name no seat (the menus show no player names), so they say this.
func whoseMsg(seat, owner int) engine.Message {
	if owner == seat {
		return engine.Say("bb_whose_own")
	}
	return engine.Say("bb_whose_other")
}

// spaceNo is build space si's number within its location, 1 for the first.
func spaceNo(si int) int {
	l := Standard.Locations[Standard.Spaces[si].Loc]
	for k, o := range l.Spaces {
		if o == si {
			return k + 1
		}
	}
	return 0
}

// beerMsg names beer sources for seat's label.
func (s *state) beerMsg(seat int, beer []int, merch int) any {
	if len(beer) == 0 {
		return engine.Say("bb_beer_none")
	}
	items := make([]any, len(beer))
	for i, b := range beer {
		if b == MerchantBeer {
			items[i] = engine.Say("bb_beer_merchant", "Merchant", locMsg(s.ed().MerchantSpaces[merch]))
		} else {
			items[i] = engine.Say("bb_beer_brewery", "Loc", locMsg(s.ed().Spaces[b].Loc), "No", spaceNo(b), "Whose", whoseMsg(seat, s.Spaces[b].Owner))
		}
	}
	return joinMsgs(items)
}

// cardMenu is the menu step naming the card action a plays.
func cardMenu(a Action) engine.Message { return engine.Say("bb_menu_card", "Card", cardMsg(a.Card)) }

// label describes action a to its seat (engine.Label).
func (s *state) label(a Action) engine.Label {
	var l engine.Label
	switch a.Kind {
	case ActBuild:
		l = s.buildLabel(a)
	case ActNetwork, ActRail2, ActRailStop:
		l = s.networkLabel(a)
	case ActDevelop, ActDevPick, ActDevStop, ActBonusDevelop:
		l = s.developLabel(a)
	case ActSell, ActSellMore, ActSellStop:
		l = s.sellLabel(a)
	case ActLoan, ActScout, ActPass, ActEndTurn:
		l = s.turnLabel(a)
	case ActRemove, ActCoalFrom, ActIronFrom:
		l = s.spaceLabel(a)
	default:
		l.PathMessages = []engine.Message{engine.Say("bb_err_not_a_move")}
	}
	switch a.Kind {
	case ActBuild, ActNetwork, ActDevelop, ActSell, ActLoan, ActScout, ActPass:
		// Which of these a seat has depends on its hand: never play one
		// for it as its only move, which would show what it holds.
		l.Deliberate = true
	}
	return l
}

// buildLabel describes a Build.
func (s *state) buildLabel(a Action) engine.Label {
	e := s.ed()
	var l engine.Label
	path := func(ms ...engine.Message) { l.PathMessages = ms }
	lvl := max(s.nextTile(a.Seat, a.Ind), 0)
	t := e.Tiles[a.Ind][lvl]
	path(engine.Say("bb_menu_build", "Ind", indMsg(a.Ind)), spaceMsg(a.Space), cardMenu(a))
	var over any = engine.Say("bb_on_free")
	if a.Space >= 0 && a.Space < len(s.Spaces) && s.Spaces[a.Space].Owner >= 0 {
		sl := s.Spaces[a.Space]
		over = engine.Say("bb_over", "Whose", whoseMsg(a.Seat, sl.Owner), "Tile", tileMsg(sl.Ind, sl.Lvl), "No", spaceNo(a.Space))
	}
	l.LineMessage = engine.Say("bb_line_build", "Tile", tileMsg(a.Ind, lvl), "Space", spaceMsg(a.Space),
		"Money", t.Cost+s.marketCost(a.Seat, []int{e.Spaces[a.Space].Loc}, -1, t.Coal, t.Iron), "Uses", usesMsg(t.Coal, t.Iron),
		"VP", t.VP, "Income", t.Income, "Card", cardMsg(a.Card), "Over", over)
	l.NoteMessage = engine.Say("bb_note_build", "Tile", tileMsg(a.Ind, lvl), "Space", spaceMsg(a.Space), "Card", cardMsg(a.Card))
	l.Where = []int{PlaceSpace(a.Space)}
	return l
}

// networkLabel describes a link: a Network, a second rail or no second rail.
func (s *state) networkLabel(a Action) engine.Label {
	e := s.ed()
	var l engine.Label
	path := func(ms ...engine.Message) { l.PathMessages = ms }
	switch a.Kind {
	case ActNetwork:
		cost := e.CanalCost
		if s.Era == Rail {
			cost = e.RailCost + s.marketCost(a.Seat, e.Lines[a.Line].Ends, a.Line, 1, 0)
		}
		path(engine.Say("bb_menu_network", "Era", eraMsg(s.Era)), lineMsg(a.Line), cardMenu(a))
		l.LineMessage = engine.Say("bb_line_link", "Line", lineMsg(a.Line), "Era", eraMsg(s.Era), "Money", cost,
			"Uses", linkUsesMsg(int(s.Era)), "VP", s.linkVP(a.Line), "Card", cardMsg(a.Card))
		l.NoteMessage = engine.Say("bb_note_link", "Line", lineMsg(a.Line), "Era", eraMsg(s.Era), "Card", cardMsg(a.Card))
		l.Where = []int{PlaceLine(a.Line)}
	case ActRail2:
		path(engine.Say("bb_menu_rail2", "Line", lineMsg(a.Line)), engine.Say("bb_menu_beer", "Beer", s.beerMsg(a.Seat, a.Beer, -1)))
		l.LineMessage = engine.Say("bb_line_rail2", "Line", lineMsg(a.Line), "Money", e.DoubleRailCost-e.RailCost+s.marketCost(a.Seat, e.Lines[a.Line].Ends, a.Line, 1, 0),
			"Beer", s.beerMsg(a.Seat, a.Beer, -1), "VP", s.linkVP(a.Line))
		l.NoteMessage = engine.Say("bb_note_rail2", "Line", lineMsg(a.Line))
		l.Where = []int{PlaceLine(a.Line)}
	case ActRailStop:
		path(engine.Say("bb_menu_rail_stop"))
		l.LineMessage = engine.Say("bb_line_rail_stop", "Money", e.RailCost)
		l.NoteMessage = engine.Say("bb_note_rail_stop")
	}
	return l
}

// developLabel describes a Develop, its picks and its stop, and Gloucester's
// bonus Develop.
func (s *state) developLabel(a Action) engine.Label {
	var l engine.Label
	path := func(ms ...engine.Message) { l.PathMessages = ms }
	switch a.Kind {
	case ActDevelop:
		path(engine.Say("bb_menu_develop"), cardMenu(a))
		l.LineMessage = engine.Say("bb_line_develop", "Card", cardMsg(a.Card))
		l.NoteMessage = engine.Say("bb_note_develop", "Card", cardMsg(a.Card))
	case ActDevPick:
		lvl := max(s.nextTile(a.Seat, a.Ind), 0)
		path(engine.Say("bb_menu_develop_pick", "Tile", tileMsg(a.Ind, lvl)))
		l.LineMessage = engine.Say("bb_line_develop_pick", "Tile", tileMsg(a.Ind, lvl))
		l.NoteMessage = engine.Say("bb_note_develop_pick", "Tile", tileMsg(a.Ind, lvl))
		l.Pick = engine.Pick{Group: engine.Say("bb_pick_develop"), Min: 1, Max: s.developMax(a.Seat), Times: s.pickTimes(a, s.developMax(a.Seat))}
	case ActDevStop:
		path(engine.Say("bb_menu_develop_stop"))
		l.LineMessage = engine.Say("bb_line_develop_stop")
		l.NoteMessage = engine.Say("bb_note_develop_stop")
		l.Pick = engine.Pick{Group: engine.Say("bb_pick_develop"), Min: 1, Max: max(1, s.developMax(a.Seat)), End: true}
	case ActBonusDevelop:
		lvl := max(s.nextTile(a.Seat, a.Ind), 0)
		path(engine.Say("bb_menu_bonus_develop", "Tile", tileMsg(a.Ind, lvl)))
		l.LineMessage = engine.Say("bb_line_bonus_develop", "Tile", tileMsg(a.Ind, lvl))
		l.NoteMessage = engine.Say("bb_note_bonus_develop", "Tile", tileMsg(a.Ind, lvl))
	}
	return l
}

// sellLabel describes a Sell, a further sale and the stop.
func (s *state) sellLabel(a Action) engine.Label {
	e := s.ed()
	var l engine.Label
	path := func(ms ...engine.Message) { l.PathMessages = ms }
	switch a.Kind {
	case ActSell, ActSellMore:
		sl := s.Spaces[a.Space]
		m := s.Merch[a.Merch]
		mloc := e.MerchantSpaces[a.Merch]
		bonus := engine.Say("bb_bonus_none")
		if m.Barrel && len(a.Beer) > 0 && a.Beer[0] == MerchantBeer {
			bonus = bonusMsg(e.Locations[mloc])
		}
		t := s.tile(a.Space)
		sale := engine.Say("bb_menu_sell", "Tile", tileMsg(sl.Ind, sl.Lvl), "Loc", locMsg(e.Spaces[a.Space].Loc))
		to := engine.Say("bb_menu_sell_to", "Merchant", locMsg(mloc), "Beer", s.beerMsg(a.Seat, a.Beer, a.Merch))
		if a.Kind == ActSell {
			path(sale, to, cardMenu(a))
		} else {
			path(sale, to)
		}
		l.LineMessage = engine.Say("bb_line_sell", "Tile", tileMsg(sl.Ind, sl.Lvl), "Loc", locMsg(e.Spaces[a.Space].Loc),
			"Merchant", locMsg(mloc), "Beer", s.beerMsg(a.Seat, a.Beer, a.Merch), "Income", t.Income, "Bonus", bonus)
		l.NoteMessage = engine.Say("bb_note_sell", "Tile", tileMsg(sl.Ind, sl.Lvl), "Loc", locMsg(e.Spaces[a.Space].Loc), "Merchant", locMsg(mloc))
		l.Where = []int{PlaceSpace(a.Space), PlaceMerchant(a.Merch)}
	case ActSellStop:
		path(engine.Say("bb_menu_sell_stop"))
		l.LineMessage = engine.Say("bb_line_sell_stop")
		l.NoteMessage = engine.Say("bb_note_sell_stop")
	}
	return l
}

// turnLabel describes the card actions without a place (Loan, Scout, Pass)
// and the end of the turn.
func (s *state) turnLabel(a Action) engine.Label {
	e := s.ed()
	var l engine.Label
	path := func(ms ...engine.Message) { l.PathMessages = ms }
	switch a.Kind {
	case ActLoan:
		sp, _ := e.LoanSpace(s.Players[a.Seat].Income)
		path(engine.Say("bb_menu_loan"), cardMenu(a))
		l.LineMessage = engine.Say("bb_line_loan", "Money", e.LoanMoney, "Level", e.Level(sp), "Card", cardMsg(a.Card))
		l.NoteMessage = engine.Say("bb_note_loan", "Money", e.LoanMoney, "Card", cardMsg(a.Card))
	case ActScout:
		left := e.ScoutDiscard - s.Step.Picks
		path(engine.Say("bb_menu_scout_pick", "Card", cardMsg(a.Card)))
		l.LineMessage = engine.Say("bb_line_scout_pick", "Card", cardMsg(a.Card))
		l.NoteMessage = engine.Say("bb_note_scout_pick", "Card", cardMsg(a.Card))
		l.Pick = engine.Pick{Group: engine.Say("bb_pick_scout", "Count", left), Min: left, Max: left,
			Times: min(count(s.Players[a.Seat].Hand, a.Card), left)}
		if l.Pick.Times <= 1 {
			l.Pick.Times = 0
		}
	case ActPass:
		path(engine.Say("bb_menu_pass"), cardMenu(a))
		l.LineMessage = engine.Say("bb_line_pass", "Card", cardMsg(a.Card))
		l.NoteMessage = engine.Say("bb_note_pass", "Card", cardMsg(a.Card))
	case ActEndTurn:
		path(engine.Say("bb_menu_end_turn"))
		if n := max(0, min(e.HandSize-len(s.Players[a.Seat].Hand), len(s.Deck))); n > 0 {
			l.LineMessage = engine.Say("bb_line_end_turn", "Count", n)
		} else {
			l.LineMessage = engine.Say("bb_line_end_turn_no_draw") // no "draw 0 cards"
		}
		l.NoteMessage = engine.Say("bb_note_end_turn")
		l.Deliberate = true
	}
	return l
}

// spaceLabel describes a tile removed for a shortfall and the tile coal
// or iron is taken from.
func (s *state) spaceLabel(a Action) engine.Label {
	e := s.ed()
	var l engine.Label
	path := func(ms ...engine.Message) { l.PathMessages = ms }
	switch a.Kind {
	case ActRemove:
		sl := s.Spaces[a.Space]
		t := s.tile(a.Space)
		path(engine.Say("bb_menu_remove", "Tile", tileMsg(sl.Ind, sl.Lvl), "Loc", locMsg(e.Spaces[a.Space].Loc)))
		l.LineMessage = engine.Say("bb_line_remove", "Tile", tileMsg(sl.Ind, sl.Lvl), "Loc", locMsg(e.Spaces[a.Space].Loc),
			"Money", t.TileValue(), "Owe", s.Players[a.Seat].Owe, "Have", s.Players[a.Seat].Money)
		l.NoteMessage = engine.Say("bb_note_remove", "Tile", tileMsg(sl.Ind, sl.Lvl), "Loc", locMsg(e.Spaces[a.Space].Loc), "Money", t.TileValue())
		l.Where = []int{PlaceSpace(a.Space)}
	case ActCoalFrom, ActIronFrom:
		if a.Space < 0 || a.Space >= len(s.Spaces) || s.Spaces[a.Space].Owner < 0 {
			path(engine.Say("bb_err_not_a_move"))
			break
		}
		loc, owner := e.Spaces[a.Space].Loc, whoseMsg(a.Seat, s.Spaces[a.Space].Owner)
		if a.Kind == ActCoalFrom {
			dist := s.distances(s.Step.From, -1)[loc]
			path(engine.Say("bb_menu_coal_from", "Loc", locMsg(loc), "No", spaceNo(a.Space), "Whose", owner))
			l.LineMessage = engine.Say("bb_line_coal_away", "Loc", locMsg(loc), "No", spaceNo(a.Space), "Whose", owner, "Away", awayMsg(dist),
				"Cubes", s.Spaces[a.Space].Cubes, "Count", s.Step.Coal)
			l.NoteMessage = engine.Say("bb_note_coal_from", "Loc", locMsg(loc), "No", spaceNo(a.Space))
		} else {
			path(engine.Say("bb_menu_iron_from", "Loc", locMsg(loc), "No", spaceNo(a.Space), "Whose", owner))
			l.LineMessage = engine.Say("bb_line_iron_from", "Loc", locMsg(loc), "No", spaceNo(a.Space), "Whose", owner,
				"Cubes", s.Spaces[a.Space].Cubes, "Count", s.Step.Iron)
			l.NoteMessage = engine.Say("bb_note_iron_from", "Loc", locMsg(loc), "No", spaceNo(a.Space))
		}
		l.Where = []int{PlaceSpace(a.Space)}
	}
	return l
}

// pickTimes is how often pick a may be taken in one choice of at most
// limit picks: as long as it stays legal.
func (s *state) pickTimes(a Action, limit int) int {
	n := 0
	cur := s
	for n < limit && cur.check(a) == nil {
		n++
		next := cur.clone()
		next.do(a)
		if next.Step.Kind != s.Step.Kind {
			break
		}
		cur = next
	}
	if n <= 1 {
		return 0
	}
	return n
}

// developMax is how many more tiles seat's Develop may remove in one
// choice: up to two in all, as long as tiles that may be developed are
// left and the iron for them can be paid whichever industries are picked.
func (s *state) developMax(seat int) int {
	left := 2 - s.Step.Picks
	tiles := 0
	e := s.ed()
	for i := Industry(0); i < NumIndustries; i++ {
		st := e.Stack(i)
		for k := s.Players[seat].Mat[i]; k < len(st) && k < s.Players[seat].Mat[i]+left; k++ {
			if e.Tiles[i][st[k]].Lightbulb {
				break
			}
			tiles++
		}
	}
	n := min(left, tiles)
	for n > 0 && s.ironPlan(seat, s.Step.Iron+n).Cost > s.Players[seat].Money {
		n--
	}
	return n
}

// marketCost is what the coal and iron of a consumer at the locations at
// (extra: a line counted as linked) would cost from the markets now (0
// when the tiles supply it all); labels add it to the price.
func (s *state) marketCost(seat int, at []int, extra, coal, iron int) int {
	c, _ := s.coalPlan(seat, at, extra, coal)
	return c.Cost + s.ironPlan(seat, iron).Cost
}

// bonusMsg names a merchant location's beer bonus.
func bonusMsg(l Location) engine.Message {
	switch l.Bonus {
	case BonusVP:
		return engine.Say("bb_bonus_vp", "VP", l.BonusValue)
	case BonusIncome:
		return engine.Say("bb_bonus_income", "Count", l.BonusValue)
	case BonusMoney:
		return engine.Say("bb_bonus_money", "Money", l.BonusValue)
	case BonusDevelop:
		return engine.Say("bb_bonus_develop")
	}
	return engine.Say("bb_none")
}

// The names pictures and posts draw, as catalogue messages (exported so
// that nothing names them twice).

// Message names the era: "Canal era".
func (e Era) Message() engine.Message { return eraMsg(e) }

// Message names the industry: "cotton mill".
func (i Industry) Message() engine.Message { return indMsg(i) }

// LocMessage names location loc of the map: "Birmingham".
func LocMessage(loc int) engine.Message { return locMsg(loc) }

// CardMessage names card c: "Leek card", "iron works card", "Wild
// Location card".
func CardMessage(c int) engine.Message { return cardMsg(c) }

// Category is one scoring category of Score: its name (a catalogue
// message, "Canal links") and a seat's points in it.
type Category struct {
	Message engine.Message
	Points  func(Score) int
}

// Categories are the scoring categories in the order the game scores
// them; a seat's points over all of them are its VP (Breakdown, StageEnd
// and the pictures' points by category).
var Categories = []Category{
	{engine.Say("bb_cat_canal_links"), func(s Score) int { return s.Links[Canal] }},
	{engine.Say("bb_cat_canal_tiles"), func(s Score) int { return s.Tiles[Canal] }},
	{engine.Say("bb_cat_rail_links"), func(s Score) int { return s.Links[Rail] }},
	{engine.Say("bb_cat_rail_tiles"), func(s Score) int { return s.Tiles[Rail] }},
	{engine.Say("bb_cat_bonus"), func(s Score) int { return s.Bonus }},
	{engine.Say("bb_cat_intro"), func(s Score) int { return s.Intro }},
	{engine.Say("bb_cat_lost"), func(s Score) int { return -s.Lost }},
}

// awayMsg is a distance in links, through the catalogue's plural forms
// ("1 link away", "2 links away").
func awayMsg(links int) engine.Message { return engine.Say("bb_away", "Count", links) }

package tinners

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Lord Wallace's actions, each with the priorities and tie-breaks of the
// rulebook's solo pages. Every wallaceX function either carries out the
// action and returns true, or changes nothing and returns false (the
// action is impossible: he draws another card).

// wallaceMines lists the areas of his mines, west to east by index.
func (s *State) wallaceMines() []int {
	var out []int
	for i, a := range s.Areas {
		if a.Mine == WallaceSeat && s.live(i) {
			out = append(out, i)
		}
	}
	return out
}

func (s *State) ore(i int) int { return s.Areas[i].Tin + s.Areas[i].Copper }

// nextToWallace reports whether area i borders one of his mines.
func (s *State) nextToWallace(i int) bool {
	for _, j := range s.adjacency()[i] {
		if s.live(j) && s.Areas[j].Mine == WallaceSeat {
			return true
		}
	}
	return false
}

// affords reports whether he has the work points for an action costing cost.
func (s *State) affords(cost int) bool {
	return s.Players[WallaceSeat].Col+cost <= s.finalCol(WallaceSeat)
}

// ---- build ----

// wallaceNet is his net worth of area i with survey card (NoCard: none):
// the cubes a mine built there would start with (tile, adit cubes, water
// after drainage tokens), the card's benefit when it can be used there, and
// +2 per arsenic cube with the Arsenic module. A face-down tile counts as
// empty (only its adit cubes and arsenic are known).
func (s *State) wallaceNet(i, card int) int {
	a := s.Areas[i]
	t := Tile{Tin: a.Tin, Copper: a.Copper}
	if a.FaceUp {
		t.Tin += a.Tile.Tin
		t.Copper += a.Tile.Copper
		t.Water = max(0, a.Tile.Water-a.Drain)
	}
	var c *Card
	if card != NoCard && s.cardPlayable(card, i) {
		cc := s.Edition().Cards[card]
		c = &cc
	}
	net := WallaceNetWorth(t, c)
	if s.Options.Arsenic {
		net += 2 * a.Arsenic
	}
	return net
}

// wallaceBuildKey is his preference for building in area i with card:
// a face-up area of net worth 2 or more (highest net worth, next to his
// mines, coastal, furthest east) before a face-down one (next to his
// mines, most drainage tokens, coastal, furthest east). ok is false for an
// area he would not choose (no tile, a mine, face up below net worth 2).
func (s *State) wallaceBuildKey(i, card int) ([]int, bool) {
	a := s.Areas[i]
	if !s.live(i) || !a.HasTile || a.Mine >= 0 {
		return nil, false
	}
	adj, coast := boolKey(s.nextToWallace(i)), boolKey(s.Edition().Areas[i].Coastal)
	if a.FaceUp {
		net := s.wallaceNet(i, card)
		if net < 2 {
			return nil, false
		}
		return []int{1, net, adj, coast, s.east(i)}, true
	}
	return []int{0, adj, a.Drain, coast, s.east(i)}, true
}

// wallaceBestArea returns his preferred area among those of the regions
// in mask (bit r: region r) with card, or -1.
func (s *State) wallaceBestArea(mask uint8, card int) int {
	best, bestKey := -1, []int(nil)
	for i := range s.Areas {
		if mask&(1<<uint(s.Edition().Areas[i].Region)) == 0 {
			continue
		}
		if k, ok := s.wallaceBuildKey(i, card); ok && (best < 0 || cmpKeys(k, bestKey)) {
			best, bestKey = i, k
		}
	}
	return best
}

// wallaceCanBuildSomewhere reports, from public information only, whether
// a Build of his can start: a mine left to build, and an area with a tile
// and no mine anywhere on the board. (Whether the top card of his hidden
// survey deck suits it is learnt only by drawing it.)
func (s *State) wallaceCanBuildSomewhere() bool {
	if s.minesLeft(WallaceSeat) == 0 {
		return false
	}
	for i, a := range s.Areas {
		if s.live(i) && a.HasTile && a.Mine < 0 {
			return true
		}
	}
	return false
}

// wallaceGlobalArea is his preferred area of all regions whose survey deck
// still has a card (no card's benefit counted), or -1.
func (s *State) wallaceGlobalArea() int {
	var mask uint8
	for r := 0; r < s.regionsInUse(); r++ {
		if len(s.Decks[r]) > 0 {
			mask |= 1 << uint(r)
		}
	}
	return s.wallaceBestArea(mask, NoCard)
}

// wallaceBuild carries out his Build action: an auction, or with free (shady
// land purchases) a mine built outright. He draws the top card of his
// survey deck and builds in its region; if his deck is empty, or (decision)
// the card's region has nothing he would build on, in which case the card
// is discarded, he takes his preferred area of all regions whose survey deck
// still has a card, with that deck's top card. It returns false when he
// builds nothing; a card drawn and discarded on the way stays discarded.
func (s *State) wallaceBuild(free bool) bool {
	e := s.Edition()
	if !s.wallaceCanBuildSomewhere() {
		return false
	}
	area, card := -1, NoCard
	srcWords := say("tt_src_his_deck")
	if sv := s.Solo.Survey; len(sv) > 0 {
		top := sv[0]
		s.Solo.Survey = sv[1:]
		s.reveal = true
		if i := s.wallaceBestArea(e.Cards[top].Regions, top); i >= 0 {
			area, card = i, top
		} else {
			if s.loud() {
				s.logm(WallaceSeat, say("tt_log_wallace_survey_discard", "Card", CardWords(e.Cards[top]), "Region", regionWords(e.Cards[top])))
			}
		}
	}
	if area < 0 {
		if area = s.wallaceGlobalArea(); area < 0 {
			return false
		}
		region := e.Areas[area].Region
		card = s.Decks[region][0]
		s.Decks[region] = s.Decks[region][1:]
		s.reveal = true
		srcWords = say("tt_src_region_deck", "Region", region.String())
	}
	if free {
		ar := &s.Areas[area]
		if !ar.FaceUp {
			ar.FaceUp, ar.Peekers = true, 0
		}
		if s.loud() {
			s.logm(WallaceSeat, say("tt_log_wallace_shady", "Card", CardWords(e.Cards[card]), "Src", srcWords, "Area", s.areaName(area), "Tile", TileWords(ar.Tile)))
		}
		s.buildMine(WallaceSeat, area, card)
		return true
	}
	s.wallaceOpenAuction(area, card, srcWords)
	return true
}

// wallaceOpenAuction starts his auction on area with card: he bids first,
// the player may outbid him once.
func (s *State) wallaceOpenAuction(area, card int, srcWords engine.Message) {
	e := s.Edition()
	c := e.Cards[card]
	au := &Auction{Area: area, Opener: WallaceSeat, Card: card, FromDeck: true, HighSeat: -1, Winner: -1, Turn: WallaceSeat,
		Min: c.Value + s.passedOthers(WallaceSeat)}
	s.Auction = au
	s.Phase = PhaseAuction
	id := "tt_log_wallace_auction_face_up"
	if !s.Areas[area].FaceUp {
		id = "tt_log_wallace_auction_face_down"
	}
	if s.loud() {
		s.logm(WallaceSeat, say(id, "Card", CardWords(c), "Src", srcWords, "Area", s.areaName(area), "Min", au.Min))
	}
	bid, ok := s.wallaceRollBid(area, card)
	if !ok {
		bid = au.Min // his own choice is never worth -2 or less; a backstop
	}
	bid = max(bid, au.Min)
	au.High, au.HighSeat = bid, WallaceSeat
	au.In = []int{WallaceSeat}
	if s.loud() {
		s.logm(WallaceSeat, say("tt_log_wallace_bid", "Amount", bid))
	}
	if !s.canBid(0) {
		if s.loud() {
			s.logm(-1, say("tt_log_solo_cannot_bid", "P", "{P0}"))
		}
		s.resolveAuction(WallaceSeat)
		return
	}
	if s.Players[0].Money <= bid {
		if s.loud() {
			s.logm(0, say("tt_log_solo_cannot_outbid", "P", "{P0}", "Money", s.Players[0].Money))
		}
		s.resolveAuction(WallaceSeat)
		return
	}
	au.In = append(au.In, 0)
	au.Turn = 0
}

// passedOthers is the number of seats other than seat that have passed:
// each raises the minimum bid by £1 in the solo game.
func (s *State) passedOthers(seat int) int {
	n := 0
	for _, q := range s.PassOrder {
		if q != seat {
			n++
		}
	}
	return n
}

// wallaceRollBid rolls the dice his net worth of area with card calls for
// and returns his bid (card value + die, +£2 with deep pockets), or false
// when he passes (net worth −2 or less). The faces are logged.
func (s *State) wallaceRollBid(area, card int) (int, bool) {
	faceDown := !s.Areas[area].FaceUp
	net := s.wallaceNet(area, card)
	var need []int // dice: 0 white, 1 orange, 2 blue
	switch {
	case faceDown, net == 3, net == 4:
		need = []int{1}
	case net <= -2:
	case net <= 0, net == 2:
		need = []int{0, 1}
	case net == 1:
		need = []int{0}
	default:
		need = []int{1, 2}
	}
	if len(need) == 0 {
		// A face-down tile always needs a die: here he values a known net worth.
		if s.loud() {
			s.logm(WallaceSeat, say("tt_log_wallace_no_bid", "Area", s.areaName(area), "Net", net))
		}
		return 0, false
	}
	var faces [3]int
	names := []string{"white", "orange", "blue"}
	rolledWords := engine.Message{ID: fmt.Sprintf("tt_dice_%d", len(need)), Args: map[string]any{}}
	for k, d := range need {
		faces[d] = s.rollDie(d)
		rolledWords.Args[fmt.Sprintf("D%d", k+1)] = say("tt_die_"+names[d], "N", faces[d])
	}
	bid, _ := WallaceBid(net, faceDown, faces[0], faces[1], faces[2], s.Edition().Cards[card].Value, s.Options.DeepPockets)
	var extraWords any = ""
	if s.Options.DeepPockets {
		extraWords = say("tt_log_wallace_deep_pockets")
	}
	roll := say("tt_log_wallace_rolls_net", "Dice", rolledWords, "Net", net, "Bid", bid, "Extra", extraWords)
	if faceDown {
		// A face-down tile's worth is hidden: the line names the dice and
		// the bid only.
		roll = say("tt_log_wallace_rolls_face_down", "Dice", rolledWords, "Bid", bid, "Extra", extraWords)
	}
	if s.loud() {
		s.logm(WallaceSeat, roll)
	}
	return bid, true
}

func joinWords(ws []string) string {
	switch len(ws) {
	case 0:
		return ""
	case 1:
		return ws[0]
	}
	out := ws[0]
	for _, w := range ws[1 : len(ws)-1] {
		out += ", " + w
	}
	return out + " and " + ws[len(ws)-1]
}

// wallaceMayBid says whether he takes part in the player's auction on
// area: not passed, work points for a build (never once he has spent 9),
// a mine left, and winning would not put him more than 4 columns ahead of
// the player.
func (s *State) wallaceMayBid(area int) bool {
	if !s.canBid(WallaceSeat) {
		return false
	}
	cost := s.Edition().Costs[ActBuild]
	if s.Areas[area].Tile.Kind == TileLight && s.Areas[area].FaceUp {
		cost = 1
	}
	return s.Players[WallaceSeat].Col+cost-s.Players[0].Col <= 4
}

// soloAdvance ends a solo auction after the player's one bid (or drop).
func (s *State) soloAdvance() {
	au := s.Auction
	if au.Opener == WallaceSeat {
		// The player answered his bid.
		if au.HighSeat == 0 {
			s.resolveAuction(0)
		} else {
			s.resolveAuction(WallaceSeat)
		}
		return
	}
	// The player opened; he answers once, outbidding by the least he must.
	if contains(au.In, WallaceSeat) {
		target := au.Min
		if au.High > 0 {
			target = au.High + 1 // a tie goes to the active player
		}
		if most, ok := s.wallaceRollBid(au.Area, au.Card); ok && most >= target {
			au.High, au.HighSeat = target, WallaceSeat
			if s.loud() {
				s.logm(WallaceSeat, say("tt_log_wallace_bid", "Amount", target))
			}
			s.resolveAuction(WallaceSeat)
			return
		}
		if s.loud() {
			s.logm(WallaceSeat, say("tt_log_wallace_drops"))
		}
	}
	if au.HighSeat == 0 {
		s.resolveAuction(0)
		return
	}
	s.noSale()
}

// wallaceCalciner places his calciner at the mine just built in area i
// when it adds 4 or more arsenic cubes to the map.
func (s *State) wallaceCalciner(i int) {
	n := 1
	for _, j := range s.adjacency()[i] {
		if s.live(j) {
			n++
		}
	}
	if n < 4 {
		return
	}
	s.Areas[i].Calciner = true
	s.Areas[i].Arsenic++
	for _, j := range s.adjacency()[i] {
		if s.live(j) {
			s.Areas[j].Arsenic++
		}
	}
	s.Ledger.ArsenicPlaced += n
	if s.loud() {
		s.logm(WallaceSeat, say("tt_log_wallace_calciner", "Area", s.areaName(i), "Count", n))
	}
}

// ---- mine ----

// wallaceMinePlan is his extraction: with copper at £8 or £10 as much
// copper as possible from one mine (most copper, least water, fewest ore
// cubes left, furthest east), topped up with tin to his capacity; else as
// much tin (most tin, least water, fewest left, furthest east), topped up
// with copper only in round 4.
func (s *State) wallaceMinePlan() (area, tin, copper int, ok bool) {
	high := s.copperHigh()
	var bestKey []int
	area = -1
	for _, i := range s.wallaceMines() {
		a := s.Areas[i]
		capa := s.capacity(i)
		t, c := WallaceMineTake(capa, a.Tin, a.Copper, high, s.Round == NumRounds)
		first := t
		if high {
			first = c
		}
		if t+c == 0 {
			continue
		}
		k := []int{first, -a.Water, -(a.Tin + a.Copper - t - c), s.east(i)}
		if area < 0 || cmpKeys(k, bestKey) {
			area, tin, copper, bestKey = i, t, c, k
		}
	}
	return area, tin, copper, area >= 0
}

// wallaceArsenicArea is the mine he would take an arsenic cube from (most
// arsenic, furthest east), or -1 if he can't process arsenic now: the
// module, a mine of his with arsenic, and his limiter not yet at this
// round's limit (nor onto his marker).
func (s *State) wallaceArsenicArea() int {
	if !s.Options.Arsenic {
		return -1
	}
	w := s.Players[WallaceSeat]
	if w.Limiter != 0 && w.Limiter <= s.Edition().WallaceArsenicLimit[s.Round-1] {
		return -1
	}
	if s.nextLimiter(WallaceSeat) <= w.Col {
		return -1
	}
	best := -1
	for _, i := range s.wallaceMines() {
		if n := s.Areas[i].Arsenic; n > 0 && (best < 0 || n > s.Areas[best].Arsenic || (n == s.Areas[best].Arsenic && s.east(i) > s.east(best))) {
			best = i
		}
	}
	return best
}

// wallaceCanMine reports whether he has anything to mine: ore he would
// take, or arsenic he could process.
func (s *State) wallaceCanMine() bool {
	_, _, _, ok := s.wallaceMinePlan()
	return ok || s.wallaceArsenicArea() >= 0
}

// WallaceProcessesArsenic reports whether Lord Wallace processes an arsenic
// cube rather than mine: when the cube's price on the market is more than
// the mining action's profit (the value of the cubes it takes less £1 per
// water cube for each).
func WallaceProcessesArsenic(arsenicPrice, miningProfit int) bool { return arsenicPrice > miningProfit }

// wallaceMine carries out his Mine action (or processes arsenic instead).
func (s *State) wallaceMine() wallaceOutcome {
	e := s.Edition()
	w := &s.Players[WallaceSeat]
	i, t, c, ok := s.wallaceMinePlan()
	if as := s.wallaceArsenicArea(); as >= 0 {
		profit := 0
		if ok {
			water := s.Areas[i].Water
			profit = miningProfit(t, c, water, e.TinPrices[s.TinCol], e.CopperPrices[s.CopperCol])
		}
		price := e.ArsenicNext(s.ArsenicMarket, s.Round)
		if !ok || WallaceProcessesArsenic(price, profit) {
			s.Areas[as].Arsenic--
			w.Limiter = s.nextLimiter(WallaceSeat)
			earned, after := e.ArsenicSale(s.ArsenicMarket, s.Round, 1)
			s.ArsenicMarket = after
			w.Money += earned
			s.Ledger.ArsenicSales += earned
			s.Ledger.ArsenicSold++
			m := say("tt_log_wallace_arsenic_nothing", "Area", s.areaName(as), "Money", earned, "Col", w.Limiter-1)
			if ok {
				m = say("tt_log_wallace_arsenic", "Area", s.areaName(as), "Money", earned, "Profit", profit, "Col", w.Limiter-1)
			}
			if s.loud() {
				s.logm(WallaceSeat, m)
			}
			return wallaceAgain
		}
	}
	if !ok || !s.affords(e.Costs[ActExtract]) {
		return wallaceImpossible
	}
	ar := &s.Areas[i]
	cost := (t + c) * ar.Water
	s.Solo.Owed += cost
	ar.Tin -= t
	ar.Copper -= c
	w.Tin += t
	w.Copper += c
	ar.Water++
	s.move(WallaceSeat, e.Costs[ActExtract])
	if s.loud() {
		s.logm(WallaceSeat, say("tt_log_wallace_extract", "Tin", t, "Copper", c, "Area", s.areaName(i), "Cost", cost, "Owed", s.Solo.Owed, "Water", ar.Water))
	}
	return wallaceActed
}

// ---- developments ----

// wallacePumpTarget is the mine a steam pump drains next: one of his with
// water and at least as many ore cubes as its capacity; most ore, highest
// capacity, least water, inland, furthest west. -1: none.
func (s *State) wallacePumpTarget() int {
	best, bestKey := -1, []int(nil)
	for _, i := range s.wallaceMines() {
		a := s.Areas[i]
		if a.Water == 0 || s.ore(i) < s.capacity(i) {
			continue
		}
		k := []int{s.ore(i), s.capacity(i), -a.Water, -boolKey(s.Edition().Areas[i].Coastal), -s.east(i)}
		if best < 0 || cmpKeys(k, bestKey) {
			best, bestKey = i, k
		}
	}
	return best
}

// wallaceRemoveWater removes up to n water cubes from his mines, one at a
// time, as his steam pumps do.
func (s *State) wallaceRemoveWater(n int) {
	for ; n > 0; n-- {
		i := s.wallacePumpTarget()
		if i < 0 {
			return
		}
		s.Areas[i].Water--
		if s.loud() {
			s.logm(WallaceSeat, say("tt_log_wallace_pump", "Area", s.areaName(i)))
		}
	}
}

// wallacePumps takes the rightmost steam pump group and uses it.
// Decision: impossible when no mine of his could use a pump.
func (s *State) wallacePumps() bool {
	c, g := s.nextPumpGroup()
	if c < 0 || s.wallacePumpTarget() < 0 || !s.affords(s.Edition().Costs[ActSteamPumps]) {
		return false
	}
	size := s.PumpGroups[c][g]
	s.PumpGroups[c][g] = 0
	s.move(WallaceSeat, s.Edition().Costs[ActSteamPumps])
	if s.loud() {
		s.logm(WallaceSeat, say("tt_log_wallace_steam_pumps", "Count", size))
	}
	s.wallaceRemoveWater(size)
	return true
}

// planWallaceAdit is the border for his adit: between two of his mines,
// both with water; fewest cubes, least copper, furthest west. -1: none.
func (s *State) planWallaceAdit() int {
	best, bestKey := -1, []int(nil)
	for b, br := range s.Edition().Borders {
		x, y := s.Areas[br[0]], s.Areas[br[1]]
		if s.Adits[b] || x.Mine != WallaceSeat || y.Mine != WallaceSeat || !s.live(br[0]) || !s.live(br[1]) || x.Water == 0 || y.Water == 0 {
			continue
		}
		k := []int{-(x.Tin + x.Copper + x.Water + y.Tin + y.Copper + y.Water), -(x.Copper + y.Copper),
			-min(s.east(br[0]), s.east(br[1])), -max(s.east(br[0]), s.east(br[1]))}
		if best < 0 || cmpKeys(k, bestKey) {
			best, bestKey = b, k
		}
	}
	return best
}

func (s *State) wallaceAdit() bool {
	if s.AditsLeft == 0 || !s.affords(s.Edition().Costs[ActAdit]) {
		return false
	}
	b := s.planWallaceAdit()
	if b < 0 {
		return false
	}
	s.do(Action{Seat: WallaceSeat, Kind: ActAdit, Border: b, Area: -1, Card: NoCard})
	return true
}

// planWallacePort is the area for his port: a coastal mine of his without
// one, with water, and more ore cubes than its capacity; most ore, most
// water, most copper, furthest west. -1: none.
func (s *State) planWallacePort() int {
	best, bestKey := -1, []int(nil)
	for _, i := range s.wallaceMines() {
		a := s.Areas[i]
		if !s.Edition().Areas[i].Coastal || a.Port || a.Water == 0 || s.capacity(i) >= s.ore(i) {
			continue
		}
		k := []int{s.ore(i), a.Water, a.Copper, -s.east(i)}
		if best < 0 || cmpKeys(k, bestKey) {
			best, bestKey = i, k
		}
	}
	return best
}

func (s *State) wallacePort() bool {
	if s.Ports == 0 || !s.affords(s.Edition().Costs[ActPort]) {
		return false
	}
	i := s.planWallacePort()
	if i < 0 {
		return false
	}
	s.do(Action{Seat: WallaceSeat, Kind: ActPort, Area: i, Border: -1, Card: NoCard})
	return true
}

// planWallaceTrain is the area for his train: a mine of his with at least 2
// water, no train, more ore cubes than its capacity, next to another of his
// mines; most water removed from his mines, most ore, furthest east. -1: none.
func (s *State) planWallaceTrain() int {
	best, bestKey := -1, []int(nil)
	for _, i := range s.wallaceMines() {
		a := s.Areas[i]
		if a.Water < 2 || a.Train || s.capacity(i) >= s.ore(i) || !s.nextToWallace(i) {
			continue
		}
		drained := min(2, a.Water)
		for _, j := range s.adjacency()[i] {
			if s.live(j) && s.Areas[j].Mine == WallaceSeat && s.Areas[j].Water > 0 {
				drained++
			}
		}
		k := []int{drained, s.ore(i), s.east(i)}
		if best < 0 || cmpKeys(k, bestKey) {
			best, bestKey = i, k
		}
	}
	return best
}

func (s *State) wallaceTrain() bool {
	if s.Trains == 0 || !s.affords(s.Edition().Costs[ActTrain]) {
		return false
	}
	i := s.planWallaceTrain()
	if i < 0 {
		return false
	}
	s.do(Action{Seat: WallaceSeat, Kind: ActTrain, Area: i, Border: -1, Card: NoCard})
	return true
}

// planWallaceMiner is the area for his miner: a mine of his with more ore
// cubes than its capacity (and, unless share, no miner yet); most ore,
// least water, most copper, inland, furthest west. -1: none.
func (s *State) planWallaceMiner(share bool) int {
	best, bestKey := -1, []int(nil)
	for _, i := range s.wallaceMines() {
		a := s.Areas[i]
		if (a.Miner && !share) || s.capacity(i) >= s.ore(i) {
			continue
		}
		k := []int{s.ore(i), -a.Water, a.Copper, -boolKey(s.Edition().Areas[i].Coastal), -s.east(i)}
		if best < 0 || cmpKeys(k, bestKey) {
			best, bestKey = i, k
		}
	}
	return best
}

// wallaceMiner places a miner; with Emigration one of his own if he has
// one left (he always exchanges the supply's miner for his own).
func (s *State) wallaceMiner() bool {
	if s.Miners == 0 || !s.affords(s.Edition().Costs[ActMiner]) {
		return false
	}
	i := s.planWallaceMiner(false)
	if i < 0 {
		return false
	}
	kind := ActMiner
	if s.Options.Emigration && s.Players[WallaceSeat].OwnMiners > 0 {
		kind = ActOwnMiner
	}
	s.do(Action{Seat: WallaceSeat, Kind: kind, Area: i, Border: -1, Card: NoCard})
	return true
}

// ---- emigration ----

// wallaceEmigrant is the area of his own miner that emigrates: one in a
// mine with fewer ore cubes than its capacity (fewest ore, furthest west).
// -1: none.
func (s *State) wallaceEmigrant() int {
	best := -1
	for _, i := range s.wallaceMines() {
		if s.Areas[i].OwnMiner != WallaceSeat+1 || s.ore(i) >= s.capacity(i) {
			continue
		}
		if best < 0 || s.ore(i) < s.ore(best) || (s.ore(i) == s.ore(best) && s.east(i) < s.east(best)) {
			best = i
		}
	}
	return best
}

// wallaceEmigrate takes the Emigrate action instead of his Develop (to
// Michigan), Mine (Sierra Madre, else Kimberly) or Build (Adelaide) when a
// miner of his own sits in a mine with fewer ore cubes than its capacity
// and one of the locations is free this round.
func (s *State) wallaceEmigrate(locs ...int) bool {
	if !s.Options.Emigration || !s.affords(s.Edition().Costs[ActEmigrate]) {
		return false
	}
	i := s.wallaceEmigrant()
	if i < 0 {
		return false
	}
	for _, l := range locs {
		if s.Emigrants[l][s.Round-1] < 0 {
			s.emigrate(Action{Seat: WallaceSeat, Kind: ActEmigrate, Area: i, Amount: l, Border: -1, Card: NoCard})
			s.wallacePlacePending()
			return true
		}
	}
	return false
}

// wallacePlacePending places the pieces his Michigan miner brought, each as
// soon as his placement rules allow (free, no work points).
func (s *State) wallacePlacePending() {
	if s.Solo == nil {
		return
	}
	p := &s.Players[WallaceSeat]
	for p.Pending.Total() > 0 {
		switch {
		case p.Pending.Trains > 0 && s.planWallaceTrain() >= 0:
			s.do(Action{Seat: WallaceSeat, Kind: ActFreeTrain, Area: s.planWallaceTrain(), Border: -1, Card: NoCard})
		case p.Pending.Adits > 0 && s.planWallaceAdit() >= 0:
			s.do(Action{Seat: WallaceSeat, Kind: ActFreeAdit, Border: s.planWallaceAdit(), Area: -1, Card: NoCard})
		case p.Pending.Ports > 0 && s.planWallacePort() >= 0:
			s.do(Action{Seat: WallaceSeat, Kind: ActFreePort, Area: s.planWallacePort(), Border: -1, Card: NoCard})
		case p.Pending.Miners > 0 && s.planWallaceMiner(true) >= 0:
			s.do(Action{Seat: WallaceSeat, Kind: ActFreeMiner, Area: s.planWallaceMiner(true), Border: -1, Card: NoCard})
		default:
			return
		}
	}
}

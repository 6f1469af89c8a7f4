package tinners

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// The action phase (PhaseActions, phase 2): ActBuild, ActExtract, ActMiner,
// ActPort, ActTrain, ActAdit, ActSteamPumps, ActPasties, ActPass and the
// module actions ActProcessArsenic, ActSellArsenic, ActOwnMiner, ActEmigrate.
// Seats take turns spending work points on the work track until all pass;
// the Michigan pieces (ActFree*) are in phase_actions_free.go.

// checkActions is check for this phase: the rules past those every action shares.
func (s *State) checkActions(a Action, p *Player) error {
	e := s.Edition()
	if p.Col >= s.finalCol(a.Seat) && a.Kind != ActPass && !a.Kind.IsFree() {
		return forbid(ErrMustPass, say("tt_err_must_pass"))
	}
	if cost := e.Cost(a.Kind); p.Col+cost > s.finalCol(a.Seat) {
		return forbid(ErrNoWorkPoints, say("tt_err_work_points", "Count", cost, "Left", s.finalCol(a.Seat)-p.Col))
	}
	return s.checkAction(a, p)
}

// legalActions adds seat's moves in this phase to list (Legal's part for it).
func (s *State) legalActions(list *legalList, seat int, p Player) {
	if p.Pending.Total() > 0 {
		s.legalFree(seat, list.try, list.with)
	}
	final := s.finalCol(seat)
	if p.Col >= final {
		list.add(Choice{Action: list.with(ActPass, nil)})
		return
	}
	// Cheap filters first (the full test is still check's): most
	// candidates fail them, and a refusal costs a message. A kind whose
	// work points the seat lacks is refused everywhere.
	e := s.Edition()
	afford := func(k ActionKind) bool { return p.Col+e.Cost(k) <= final }
	build, extract, miner, ownMiner := afford(ActBuild), afford(ActExtract), afford(ActMiner), afford(ActOwnMiner)
	port, train, emigrate, arsenic := afford(ActPort), afford(ActTrain), afford(ActEmigrate), afford(ActProcessArsenic)
	othersBid := false
	for q := range s.Players {
		if q != seat && s.canBid(q) && s.Players[q].Money > 1+len(s.PassOrder) {
			othersBid = true
		}
	}
	for i, ar := range s.Areas {
		if !ar.InPlay {
			continue
		}
		// Outside the 2-player rules a build opens an auction at 1 + the
		// passed seats' count, which the seat must afford.
		canOpen := s.twoPlayerRules() || p.Money >= 1+len(s.PassOrder)
		if ar.HasTile && ar.Mine < 0 && canOpen && build {
			if s.twoPlayerRules() {
				list.try(list.with(ActBuild, func(a *Action) { a.Area, a.Draw = i, true }))
			} else {
				list.try(list.with(ActBuild, func(a *Action) { a.Area = i }))
			}
			// Outside the 2-player rules a card goes with a face-down
			// tile only, and only when someone else could bid.
			cards := s.twoPlayerRules() || (!ar.FaceUp && othersBid)
			for _, c := range p.Hand {
				if cards && e.Cards[c].Matches(e.Areas[i].Region) {
					list.try(list.with(ActBuild, func(a *Action) { a.Area, a.Card = i, c }))
				}
			}
		}
		if ar.Mine == seat && ar.Arsenic > 0 && s.Options.Arsenic && arsenic {
			list.try(list.with(ActProcessArsenic, func(a *Action) { a.Area = i }))
		}
		if ar.Mine == seat && extract {
			capa := s.capacity(i)
			// Each cube costs the area's water in money.
			for t := 0; t <= ar.Tin && t <= capa && t*ar.Water <= p.Money; t++ {
				for c := 0; c <= ar.Copper && t+c <= capa && (t+c)*ar.Water <= p.Money; c++ {
					if t+c > 0 {
						list.try(list.with(ActExtract, func(a *Action) { a.Area, a.Tin, a.Copper = i, t, c }))
					}
				}
			}
		}
		if s.Miners > 0 && !ar.Miner {
			if miner {
				list.try(list.with(ActMiner, func(a *Action) { a.Area = i }))
			}
			if ar.Mine == seat && p.OwnMiners > 0 && ownMiner {
				list.try(list.with(ActOwnMiner, func(a *Action) { a.Area = i }))
			}
		}
		if ar.OwnMiner == seat+1 && emigrate {
			for l := 0; l < NumLocations; l++ {
				list.try(list.with(ActEmigrate, func(a *Action) { a.Area, a.Amount = i, l }))
			}
		}
		if s.Ports > 0 && !ar.Port && e.Areas[i].Coastal && port {
			list.try(list.with(ActPort, func(a *Action) { a.Area = i }))
		}
		if s.Trains > 0 && !ar.Train && train {
			list.try(list.with(ActTrain, func(a *Action) { a.Area = i }))
		}
	}
	if s.AditsLeft > 0 && afford(ActAdit) {
		for b, br := range e.Borders {
			if !s.Adits[b] && s.Areas[br[0]].InPlay && s.Areas[br[1]].InPlay {
				list.try(list.with(ActAdit, func(a *Action) { a.Border = b }))
			}
		}
	}
	list.try(list.with(ActSteamPumps, nil))
	if s.Options.Arsenic {
		list.try(list.with(ActSellArsenic, nil))
	}
	list.try(list.with(ActPasties, nil))
	list.try(list.with(ActPass, nil))
}

// doActions applies a checked action of this phase.
func (s *State) doActions(a Action) {
	switch a.Kind {
	case ActBuild:
		s.startAuction(a)
	case ActExtract:
		s.doExtract(a)
	case ActMiner:
		s.doMiner(a)
	case ActPort:
		s.doPort(a)
	case ActTrain:
		s.doTrain(a)
	case ActAdit:
		s.doAdit(a)
	case ActOwnMiner:
		s.doOwnMiner(a)
	case ActEmigrate:
		s.emigrate(a)
	case ActSteamPumps:
		s.doSteamPumps(a)
	case ActPasties:
		s.doPasties(a)
	case ActPass:
		s.doPass(a)
	case ActProcessArsenic:
		s.doProcessArsenic(a)
	case ActSellArsenic:
		s.doSellArsenic(a)
	case ActFreeAdit, ActFreeTrain, ActFreePort, ActFreeMiner:
		s.doFree(a)
	}
}

// doExtract takes cubes from the seat's mine, paying the water for each;
// the mine's water rises by one.
func (s *State) doExtract(a Action) {
	p := &s.Players[a.Seat]
	ar := &s.Areas[a.Area]
	n := a.Tin + a.Copper
	cost := n * ar.Water
	p.Money -= cost
	s.Ledger.Extraction += cost
	ar.Tin -= a.Tin
	ar.Copper -= a.Copper
	p.Tin += a.Tin
	p.Copper += a.Copper
	ar.Water++
	s.move(a.Seat, s.Edition().Costs[ActExtract])
	if s.loud() {
		s.logm(a.Seat, say("tt_log_extract", "P", s.who(a.Seat), "Tin", a.Tin, "Copper", a.Copper, "Area", s.areaName(a.Area), "Cost", cost, "Water", ar.Water))
	}
}

// doMiner places a miner from the supply in a.Area.
func (s *State) doMiner(a Action) {
	s.Miners--
	s.Areas[a.Area].Miner = true
	s.move(a.Seat, s.Edition().Costs[ActMiner])
	if s.loud() {
		s.logm(a.Seat, say("tt_log_miner", "P", s.who(a.Seat), "Area", s.areaName(a.Area)))
	}
}

// doPort places a port from the supply in a.Area.
func (s *State) doPort(a Action) {
	s.Ports--
	s.placePort(a.Area)
	s.move(a.Seat, s.Edition().Costs[ActPort])
	if s.loud() {
		s.logm(a.Seat, say("tt_log_port", "P", s.who(a.Seat), "Area", s.areaName(a.Area)))
	}
}

// doTrain places a train from the supply in a.Area.
func (s *State) doTrain(a Action) {
	s.Trains--
	s.placeTrain(a.Area)
	s.move(a.Seat, s.Edition().Costs[ActTrain])
	if s.loud() {
		s.logm(a.Seat, say("tt_log_train", "P", s.who(a.Seat), "Area", s.areaName(a.Area)))
	}
}

// doAdit places an adit from the supply on border a.Border.
func (s *State) doAdit(a Action) {
	e := s.Edition()
	s.AditsLeft--
	s.placeAdit(a.Border)
	s.move(a.Seat, e.Costs[ActAdit])
	b := e.Borders[a.Border]
	if s.loud() {
		s.logm(a.Seat, say("tt_log_adit", "P", s.who(a.Seat), "A", s.areaName(b[0]), "B", s.areaName(b[1])))
	}
}

// doOwnMiner places one of the seat's own miners (Emigration) at its mine;
// it takes a miner from the supply too.
func (s *State) doOwnMiner(a Action) {
	s.Miners--
	s.Players[a.Seat].OwnMiners--
	s.Areas[a.Area].Miner = true
	s.Areas[a.Area].OwnMiner = a.Seat + 1
	s.move(a.Seat, s.Edition().Costs[ActOwnMiner])
	if s.loud() {
		s.logm(a.Seat, say("tt_log_own_miner", "P", s.who(a.Seat), "Area", s.areaName(a.Area)))
	}
}

// doSteamPumps takes the next group of steam pumps and, if any mine holds
// water, hands the seat that many pumps in PhasePumps.
func (s *State) doSteamPumps(a Action) {
	c, g := s.nextPumpGroup()
	size := s.PumpGroups[c][g]
	s.PumpGroups[c][g] = 0
	s.move(a.Seat, s.Edition().Costs[ActSteamPumps])
	if s.loud() {
		s.logm(a.Seat, say("tt_log_steam_pumps", "P", s.who(a.Seat), "Count", size))
	}
	if s.anyWater() {
		s.Phase, s.PumpSeat, s.PumpsLeft = PhasePumps, a.Seat, size
	} else {
		if s.loud() {
			s.logm(a.Seat, say("tt_log_pumps_lost"))
		}
	}
}

// doPasties buys pasties: one money for the work point.
func (s *State) doPasties(a Action) {
	s.Players[a.Seat].Money++
	s.Ledger.Pasties++
	s.move(a.Seat, s.Edition().Costs[ActPasties])
	if s.loud() {
		s.logm(a.Seat, say("tt_log_pasties", "P", s.who(a.Seat)))
	}
}

// doPass passes the seat into the pass order; the last to pass ends the
// phase with selling and investing.
func (s *State) doPass(a Action) {
	s.Players[a.Seat].Passed = true
	s.PassOrder = append(s.PassOrder, a.Seat)
	if s.loud() {
		s.logm(a.Seat, say("tt_log_pass", "P", s.who(a.Seat), "Row", len(s.PassOrder)))
	}
	if len(s.PassOrder) == len(s.Players) {
		s.sellAndInvest()
	}
}

// doProcessArsenic moves an arsenic cube from the seat's mine to its
// calciner and sets its limiter to the next column.
func (s *State) doProcessArsenic(a Action) {
	p := &s.Players[a.Seat]
	s.Areas[a.Area].Arsenic--
	p.Arsenic++
	p.Limiter = s.nextLimiter(a.Seat)
	if s.loud() {
		s.logm(a.Seat, say("tt_log_process_arsenic", "P", s.who(a.Seat), "Area", s.areaName(a.Area), "Col", p.Limiter-1))
	}
}

// doSellArsenic sells all the seat's processed arsenic on the market.
func (s *State) doSellArsenic(a Action) {
	e := s.Edition()
	p := &s.Players[a.Seat]
	n := p.Arsenic
	earned, after := e.ArsenicSale(s.ArsenicMarket, s.Round, n)
	s.ArsenicMarket = after
	p.Arsenic = 0
	p.Money += earned
	s.Ledger.ArsenicSales += earned
	s.Ledger.ArsenicSold += n
	s.move(a.Seat, e.Costs[ActSellArsenic])
	if s.loud() {
		s.logm(a.Seat, say("tt_log_sell_arsenic", "P", s.who(a.Seat), "Count", n, "Money", earned))
	}
}

// checkAction checks an action-phase kind's own rules, after checkActions'
// work-track rules.
func (s *State) checkAction(a Action, p *Player) error {
	switch a.Kind {
	case ActBuild:
		return s.checkBuild(a, p)
	case ActExtract:
		return s.checkExtract(a, p)
	case ActMiner, ActPort, ActTrain:
		return s.checkPiece(a)
	case ActAdit:
		return s.checkAdit(a)
	case ActSteamPumps:
		if c, _ := s.nextPumpGroup(); c < 0 {
			return forbid(ErrNotAvailable, say("tt_err_no_pumps"))
		}
	case ActProcessArsenic, ActSellArsenic:
		return s.checkArsenic(a, p)
	case ActOwnMiner:
		return s.checkOwnMiner(a, p)
	case ActEmigrate:
		return s.checkEmigrate(a)
	case ActFreeAdit, ActFreeTrain, ActFreePort, ActFreeMiner:
		return s.checkFree(a, p)
	case ActPasties, ActPass:
	default:
		return forbid(ErrWrongPhase, say("tt_err_not_now"))
	}
	return nil
}

// checkInPlay refuses an area that is off the board or not in play.
func (s *State) checkInPlay(area int) error {
	if !s.validArea(area) || !s.Areas[area].InPlay {
		return forbid(ErrBadArea, say("tt_err_area_not_in_play"))
	}
	return nil
}

// checkBuild checks building a mine: a free tile, a mine left, and the
// card, draw and opening bid the player count's auction rules ask for.
func (s *State) checkBuild(a Action, p *Player) error {
	e := s.Edition()
	if err := s.checkInPlay(a.Area); err != nil {
		return err
	}
	ar := s.Areas[a.Area]
	if ar.Mine >= 0 {
		return forbid(ErrNoTile, say("tt_err_has_mine", "Area", e.Areas[a.Area].Name))
	}
	if !ar.HasTile {
		return forbid(ErrNoTile, say("tt_err_no_tile", "Area", e.Areas[a.Area].Name))
	}
	if s.minesLeft(a.Seat) == 0 {
		return forbid(ErrNoMines, say("tt_err_no_mines"))
	}
	region := e.Areas[a.Area].Region
	if s.twoPlayerRules() {
		return s.checkBuildTwoPlayer(a, p, region)
	}
	if a.Draw {
		return forbid(ErrBadCard, say("tt_err_draw_two_only"))
	}
	if min := 1 + len(s.PassOrder); p.Money < min {
		return forbid(ErrNoMoney, say("tt_err_min_bid", "Min", min, "Money", p.Money))
	}
	if a.Card == NoCard {
		return nil
	}
	if err := s.checkHandCard(a, region); err != nil {
		return err
	}
	if ar.FaceUp {
		return forbid(ErrBadCard, say("tt_err_card_face_down_only"))
	}
	min := 1 + len(s.PassOrder)
	for q := range s.Players {
		if q != a.Seat && s.canBid(q) && s.Players[q].Money > min {
			return nil
		}
	}
	return forbid(ErrBadCard, say("tt_err_card_nobody_bids"))
}

// checkBuildTwoPlayer checks a build's card or draw under the 2-player
// (and solo) rules: exactly one of them, and money for the card's value.
func (s *State) checkBuildTwoPlayer(a Action, p *Player, region Region) error {
	switch {
	case a.Draw && a.Card != NoCard:
		return forbid(ErrBadCard, say("tt_err_card_and_draw"))
	case a.Draw:
		if len(s.Decks[region]) == 0 {
			return forbid(ErrBadCard, say("tt_err_deck_empty", "Region", region.String()))
		}
		return nil
	case a.Card == NoCard:
		return forbid(ErrBadCard, say("tt_err_two_player_card"))
	}
	if err := s.checkHandCard(a, region); err != nil {
		return err
	}
	v := s.Edition().Cards[a.Card].Value
	if s.solo() {
		v += s.passedOthers(a.Seat)
	}
	if p.Money < v {
		return forbid(ErrNoMoney, say("tt_err_min_bid_would", "Min", v, "Money", p.Money))
	}
	return nil
}

// checkExtract checks an extraction: the seat's own mine, some cubes
// within its capacity and ore, and money for the water.
func (s *State) checkExtract(a Action, p *Player) error {
	if !s.validArea(a.Area) || s.Areas[a.Area].Mine != a.Seat {
		return forbid(ErrBadArea, say("tt_err_no_mine_there"))
	}
	ar := s.Areas[a.Area]
	n := a.Tin + a.Copper
	if a.Tin < 0 || a.Copper < 0 || n == 0 {
		return forbid(ErrBadAmount, say("tt_err_extract_none"))
	}
	if n > s.capacity(a.Area) {
		return forbid(ErrBadAmount, say("tt_err_extract_capacity", "Count", s.capacity(a.Area)))
	}
	if a.Tin > ar.Tin || a.Copper > ar.Copper {
		return forbid(ErrBadAmount, say("tt_err_extract_ore", "Tin", ar.Tin, "Copper", ar.Copper))
	}
	if cost := n * ar.Water; cost > p.Money {
		return forbid(ErrNoMoney, say("tt_err_extract_money", "Count", n, "Cost", cost, "Money", p.Money))
	}
	return nil
}

// checkPiece checks placing a miner, port or train: one left, an area in
// play and not removed, the coast for a port, and none there already.
func (s *State) checkPiece(a Action) error {
	e := s.Edition()
	left, name := s.Miners, "miner"
	switch a.Kind {
	case ActPort:
		left, name = s.Ports, "port"
	case ActTrain:
		left, name = s.Trains, "train"
	}
	if left == 0 {
		return forbid(ErrNotAvailable, say("tt_err_none_left_"+name))
	}
	if err := s.checkInPlay(a.Area); err != nil {
		return err
	}
	if !s.live(a.Area) {
		return forbid(ErrBadArea, say("tt_err_removed", "Area", e.Areas[a.Area].Name))
	}
	ar := s.Areas[a.Area]
	if a.Kind == ActPort && !e.Areas[a.Area].Coastal {
		return forbid(ErrBadArea, say("tt_err_port_coast"))
	}
	if (a.Kind == ActMiner && ar.Miner) || (a.Kind == ActPort && ar.Port) || (a.Kind == ActTrain && ar.Train) {
		return forbid(ErrBadArea, say("tt_err_has_"+name, "Area", e.Areas[a.Area].Name))
	}
	return nil
}

// checkAdit checks an adit: one left, on a border between two areas in
// play and not removed, where none is yet.
func (s *State) checkAdit(a Action) error {
	e := s.Edition()
	if s.AditsLeft == 0 {
		return forbid(ErrNotAvailable, say("tt_err_none_left_adit"))
	}
	if a.Border < 0 || a.Border >= len(e.Borders) {
		return forbid(ErrBadArea, say("tt_err_not_border"))
	}
	b := e.Borders[a.Border]
	if !s.Areas[b[0]].InPlay || !s.Areas[b[1]].InPlay {
		return forbid(ErrBadArea, say("tt_err_adit_in_play"))
	}
	if !s.live(b[0]) || !s.live(b[1]) {
		return forbid(ErrBadArea, say("tt_err_adit_removed"))
	}
	if s.Adits[a.Border] {
		return forbid(ErrBadArea, say("tt_err_has_adit"))
	}
	return nil
}

// checkArsenic checks processing arsenic at a mine or selling it: the
// module, a calciner, and arsenic to sell or in the mine below the limiter.
func (s *State) checkArsenic(a Action, p *Player) error {
	if !s.Options.Arsenic {
		return forbid(ErrNotAvailable, say("tt_err_no_arsenic_module"))
	}
	if s.calciner(a.Seat) < 0 {
		return forbid(ErrNotAvailable, say("tt_err_calciner_first"))
	}
	if a.Kind == ActSellArsenic {
		if p.Arsenic == 0 {
			return forbid(ErrNotAvailable, say("tt_err_no_arsenic"))
		}
		return nil
	}
	if !s.validArea(a.Area) || s.Areas[a.Area].Mine != a.Seat {
		return forbid(ErrBadArea, say("tt_err_no_mine_there"))
	}
	if s.Areas[a.Area].Arsenic == 0 {
		return forbid(ErrBadAmount, say("tt_err_mine_no_arsenic"))
	}
	if s.nextLimiter(a.Seat) <= p.Col {
		return forbid(ErrNoWorkPoints, say("tt_err_limiter"))
	}
	return nil
}

// checkOwnMiner checks placing one of the seat's own miners (Emigration)
// at a live mine of its own without a miner.
func (s *State) checkOwnMiner(a Action, p *Player) error {
	if !s.Options.Emigration {
		return forbid(ErrNotAvailable, say("tt_err_no_emigration_module"))
	}
	if s.Miners == 0 {
		return forbid(ErrNotAvailable, say("tt_err_none_left_miner"))
	}
	if p.OwnMiners == 0 {
		return forbid(ErrNotAvailable, say("tt_err_no_own_miner"))
	}
	if !s.validArea(a.Area) || s.Areas[a.Area].Mine != a.Seat || !s.live(a.Area) {
		return forbid(ErrBadArea, say("tt_err_own_miner_where"))
	}
	if s.Areas[a.Area].Miner {
		return forbid(ErrBadArea, say("tt_err_has_miner", "Area", s.Edition().Areas[a.Area].Name))
	}
	return nil
}

// checkEmigrate checks sending an own miner abroad (Emigration): the
// seat's own miner there, and a location nobody took this round.
func (s *State) checkEmigrate(a Action) error {
	if !s.Options.Emigration {
		return forbid(ErrNotAvailable, say("tt_err_no_emigration_module"))
	}
	if !s.validArea(a.Area) || s.Areas[a.Area].OwnMiner != a.Seat+1 {
		return forbid(ErrBadArea, say("tt_err_no_own_miner_there"))
	}
	if a.Amount < 0 || a.Amount >= NumLocations {
		return forbid(ErrBadArea, say("tt_err_no_location"))
	}
	if q := s.Emigrants[a.Amount][s.Round-1]; q >= 0 {
		return forbid(ErrNotAvailable, say("tt_err_location_taken", "Place", s.Edition().Emigration[a.Amount].Name, "Round", s.Round))
	}
	return nil
}

// checkHandCard checks a survey card played from the hand before an auction.
func (s *State) checkHandCard(a Action, region Region) error {
	if a.Card < 0 || a.Card >= len(s.Edition().Cards) || !s.hasCard(a.Seat, a.Card) {
		return forbid(ErrBadCard, say("tt_err_card_not_in_hand"))
	}
	if !s.Edition().Cards[a.Card].Matches(region) {
		return forbid(ErrBadCard, say("tt_err_card_region", "Region", region.String()))
	}
	if !s.cardPlayable(a.Card, a.Area) {
		return forbid(ErrBadCard, say("tt_err_card_piece", "Area", s.Edition().Areas[a.Area].Name))
	}
	return nil
}

// emigrate moves a's seat's own miner from a.Area to location a.Amount of
// this round and gives the location's reward.
func (s *State) emigrate(a Action) {
	e := s.Edition()
	p := &s.Players[a.Seat]
	who := s.who(a.Seat)
	ar := &s.Areas[a.Area]
	ar.Miner, ar.OwnMiner = false, 0
	p.Emigrated++
	r := s.Round - 1
	s.Emigrants[a.Amount][r] = a.Seat
	s.move(a.Seat, e.Costs[ActEmigrate])
	var m engine.Message
	switch a.Amount {
	case Michigan:
		pc := e.MichiganPieces[r]
		p.Pending.Adits += pc.Adits
		p.Pending.Trains += pc.Trains
		p.Pending.Ports += pc.Ports
		p.Pending.Miners += pc.Miners
		m = say("tt_log_emigrate_michigan", "P", who, "Area", s.areaName(a.Area), "Reward", say(fmt.Sprintf("tt_reward_michigan_%d", r+1)))
	case SierraMadre:
		pts := e.SierraPoints[r]
		p.Points += pts
		s.Ledger.Points += pts
		m = say("tt_log_emigrate_sierra", "P", who, "Area", s.areaName(a.Area), "Count", pts)
	case Kimberly:
		money := e.KimberlyMoney[r]
		if s.isWallace(a.Seat) {
			// He takes the token's whole worth, this round's and every
			// later round's, in this round's phase 3.
			s.Solo.Kimberly += money * (NumRounds - r)
			m = say("tt_log_emigrate_kimberly_wallace", "P", who, "Area", s.areaName(a.Area), "Money", money*(NumRounds-r))
			break
		}
		p.Money += money
		s.Ledger.Kimberly += money
		m = say("tt_log_emigrate_kimberly", "P", who, "Area", s.areaName(a.Area), "Money", money)
	case Adelaide:
		m = say("tt_log_emigrate_adelaide", "P", who, "Area", s.areaName(a.Area), "Reward", say(fmt.Sprintf("tt_reward_adelaide_%d", r+1)))
	}
	if s.loud() {
		s.logm(a.Seat, m)
	}
}

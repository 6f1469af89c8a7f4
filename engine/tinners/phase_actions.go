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
	e := s.Edition()
	p := &s.Players[a.Seat]
	who := s.who(a.Seat)
	switch a.Kind {
	case ActBuild:
		s.startAuction(a)
	case ActExtract:
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
		s.move(a.Seat, e.Costs[ActExtract])
		if s.loud() {
			s.logm(a.Seat, say("tt_log_extract", "P", who, "Tin", a.Tin, "Copper", a.Copper, "Area", s.areaName(a.Area), "Cost", cost, "Water", ar.Water))
		}
	case ActMiner:
		s.Miners--
		s.Areas[a.Area].Miner = true
		s.move(a.Seat, e.Costs[ActMiner])
		if s.loud() {
			s.logm(a.Seat, say("tt_log_miner", "P", who, "Area", s.areaName(a.Area)))
		}
	case ActPort:
		s.Ports--
		s.placePort(a.Area)
		s.move(a.Seat, e.Costs[ActPort])
		if s.loud() {
			s.logm(a.Seat, say("tt_log_port", "P", who, "Area", s.areaName(a.Area)))
		}
	case ActTrain:
		s.Trains--
		s.placeTrain(a.Area)
		s.move(a.Seat, e.Costs[ActTrain])
		if s.loud() {
			s.logm(a.Seat, say("tt_log_train", "P", who, "Area", s.areaName(a.Area)))
		}
	case ActAdit:
		s.AditsLeft--
		s.placeAdit(a.Border)
		s.move(a.Seat, e.Costs[ActAdit])
		b := e.Borders[a.Border]
		if s.loud() {
			s.logm(a.Seat, say("tt_log_adit", "P", who, "A", s.areaName(b[0]), "B", s.areaName(b[1])))
		}
	case ActOwnMiner:
		s.Miners--
		p.OwnMiners--
		s.Areas[a.Area].Miner = true
		s.Areas[a.Area].OwnMiner = a.Seat + 1
		s.move(a.Seat, e.Costs[ActOwnMiner])
		if s.loud() {
			s.logm(a.Seat, say("tt_log_own_miner", "P", who, "Area", s.areaName(a.Area)))
		}
	case ActEmigrate:
		s.emigrate(a)
	case ActSteamPumps:
		c, g := s.nextPumpGroup()
		size := s.PumpGroups[c][g]
		s.PumpGroups[c][g] = 0
		s.move(a.Seat, e.Costs[ActSteamPumps])
		if s.loud() {
			s.logm(a.Seat, say("tt_log_steam_pumps", "P", who, "Count", size))
		}
		if s.anyWater() {
			s.Phase, s.PumpSeat, s.PumpsLeft = PhasePumps, a.Seat, size
		} else {
			if s.loud() {
				s.logm(a.Seat, say("tt_log_pumps_lost"))
			}
		}
	case ActPasties:
		p.Money++
		s.Ledger.Pasties++
		s.move(a.Seat, e.Costs[ActPasties])
		if s.loud() {
			s.logm(a.Seat, say("tt_log_pasties", "P", who))
		}
	case ActPass:
		p.Passed = true
		s.PassOrder = append(s.PassOrder, a.Seat)
		if s.loud() {
			s.logm(a.Seat, say("tt_log_pass", "P", who, "Row", len(s.PassOrder)))
		}
		if len(s.PassOrder) == len(s.Players) {
			s.sellAndInvest()
		}
	case ActProcessArsenic:
		s.Areas[a.Area].Arsenic--
		p.Arsenic++
		p.Limiter = s.nextLimiter(a.Seat)
		if s.loud() {
			s.logm(a.Seat, say("tt_log_process_arsenic", "P", who, "Area", s.areaName(a.Area), "Col", p.Limiter-1))
		}
	case ActSellArsenic:
		n := p.Arsenic
		earned, after := e.ArsenicSale(s.ArsenicMarket, s.Round, n)
		s.ArsenicMarket = after
		p.Arsenic = 0
		p.Money += earned
		s.Ledger.ArsenicSales += earned
		s.Ledger.ArsenicSold += n
		s.move(a.Seat, e.Costs[ActSellArsenic])
		if s.loud() {
			s.logm(a.Seat, say("tt_log_sell_arsenic", "P", who, "Count", n, "Money", earned))
		}
	case ActFreeAdit, ActFreeTrain, ActFreePort, ActFreeMiner:
		s.doFree(a)
	}
}

// checkAction checks an action-phase kind's own rules, after checkActions'
// work-track rules.
func (s *State) checkAction(a Action, p *Player) error {
	e := s.Edition()
	needArea := func() error {
		if !s.validArea(a.Area) || !s.Areas[a.Area].InPlay {
			return forbid(ErrBadArea, say("tt_err_area_not_in_play"))
		}
		return nil
	}
	switch a.Kind {
	case ActBuild:
		if err := needArea(); err != nil {
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
			v := e.Cards[a.Card].Value
			if s.solo() {
				v += s.passedOthers(a.Seat)
			}
			if p.Money < v {
				return forbid(ErrNoMoney, say("tt_err_min_bid_would", "Min", v, "Money", p.Money))
			}
			return nil
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
	case ActExtract:
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
	case ActMiner, ActPort, ActTrain:
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
		if err := needArea(); err != nil {
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
	case ActAdit:
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
	case ActSteamPumps:
		if c, _ := s.nextPumpGroup(); c < 0 {
			return forbid(ErrNotAvailable, say("tt_err_no_pumps"))
		}
	case ActProcessArsenic, ActSellArsenic:
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
	case ActOwnMiner:
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
			return forbid(ErrBadArea, say("tt_err_has_miner", "Area", e.Areas[a.Area].Name))
		}
	case ActEmigrate:
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
			return forbid(ErrNotAvailable, say("tt_err_location_taken", "Place", e.Emigration[a.Amount].Name, "Round", s.Round))
		}
	case ActFreeAdit, ActFreeTrain, ActFreePort, ActFreeMiner:
		return s.checkFree(a, p)
	case ActPasties, ActPass:
	default:
		return forbid(ErrWrongPhase, say("tt_err_not_now"))
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

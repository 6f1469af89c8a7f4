package tinners

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// ---- the transition ----

// Apply returns the state after seat's action a, with the public events it
// caused. On a *RuleError (or any error) s is returned unchanged and nothing
// happened. s is never modified.
func Apply(s *State, a Action) (*State, []Event, error) {
	if err := s.check(a); err != nil {
		return s, nil, err
	}
	n := s.Clone()
	n.events, n.reveal = nil, false
	n.do(a)
	n.settle()
	n.Version++
	ev := n.events
	if n.reveal {
		// Every reveal is followed by the line that reports it; this is a
		// backstop so a reveal can never go unflagged.
		if len(ev) == 0 {
			ev = append(ev, Event{Seat: a.Seat})
		}
		ev[len(ev)-1].Reveal = true
	}
	n.events, n.reveal = nil, false
	return n, ev, nil
}

// logm adds a log line (format, args) with its catalogue message m, and
// its event. A reveal noted since the previous line (s.reveal) is flagged
// on this one: call it after the reveal, never before. LogMessages stays
// aligned with the end of Log (see LogMessage).
func (s *State) logm(seat int, m engine.Message, format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	s.Log = append(s.Log, line)
	s.LogMessages = append(s.LogMessages, m)
	s.events = append(s.events, Event{Seat: seat, Text: line, Reveal: s.reveal, Message: m})
	s.reveal = false
}

func (s *State) areaName(i int) string {
	return fmt.Sprintf("%s (%s)", s.Edition().Areas[i].ID, s.Edition().Areas[i].Name)
}

// move advances seat's work marker by cost columns, to the bottom of that column.
func (s *State) move(seat, cost int) {
	s.Players[seat].Col += cost
	s.Players[seat].Arrive = s.Arrived
	s.Arrived++
}

func removeInt(xs []int, x int) []int {
	for i, y := range xs {
		if y == x {
			return append(xs[:i:i], xs[i+1:]...)
		}
	}
	return xs
}

func (s *State) do(a Action) {
	e := s.Edition()
	p := &s.Players[a.Seat]
	who := s.who(a.Seat)
	switch a.Kind {
	case ActDraftDiscard:
		c := e.Cards[a.Card]
		p.Draft = removeInt(p.Draft, a.Card)
		p.Discarded |= 1 << uint(c.Deck)
		if s.twoPlayerRules() {
			s.Decks[c.Deck] = append(s.Decks[c.Deck], a.Card)
		}
		if s.draftDone(a.Seat) {
			p.Hand = append(p.Hand, p.Draft...)
			p.Draft = nil
			s.logm(a.Seat, say("tt_log_drafted", "P", who), "%s has chosen their survey cards.", who)
		}
		if len(s.ToAct()) == 0 {
			for r := range s.Decks {
				s.shuffleInts(s.Decks[r])
			}
			s.startRound(1)
		}
	case ActBuild:
		s.startAuction(a)
	case ActBid:
		s.Auction.High, s.Auction.HighSeat = a.Amount, a.Seat
		s.logm(a.Seat, say("tt_log_bid", "P", who, "Amount", a.Amount), "%s bids £%d.", who, a.Amount)
		if s.solo() {
			s.soloAdvance()
			return
		}
		s.advanceAuction()
	case ActDrop:
		s.Auction.Out |= 1 << uint(a.Seat)
		s.logm(a.Seat, say("tt_log_drop", "P", who), "%s drops out.", who)
		if s.solo() {
			s.soloAdvance()
			return
		}
		s.advanceAuction()
	case ActAfterCard:
		card := a.Card
		if card != NoCard {
			v := e.Cards[card].Value
			p.Money -= v
			s.Ledger.CardCosts += v
			p.Hand = removeInt(p.Hand, card)
			s.logm(a.Seat, say("tt_log_after_card", "P", who, "Value", v, "Card", CardWords(e.Cards[card])), "%s pays £%d to play the survey card %s.", who, v, e.Cards[card])
		}
		s.buildMine(s.Auction.Winner, s.Auction.Area, card)
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
		s.logm(a.Seat, say("tt_log_extract", "P", who, "Tin", a.Tin, "Copper", a.Copper, "Area", s.areaName(a.Area), "Cost", cost, "Water", ar.Water),
			"%s extracts %d tin and %d copper from %s for £%d; water rises to %d.", who, a.Tin, a.Copper, s.areaName(a.Area), cost, ar.Water)
	case ActMiner:
		s.Miners--
		s.Areas[a.Area].Miner = true
		s.move(a.Seat, e.Costs[ActMiner])
		s.logm(a.Seat, say("tt_log_miner", "P", who, "Area", s.areaName(a.Area)), "%s places a miner in %s.", who, s.areaName(a.Area))
	case ActPort:
		s.Ports--
		s.placePort(a.Area)
		s.move(a.Seat, e.Costs[ActPort])
		s.logm(a.Seat, say("tt_log_port", "P", who, "Area", s.areaName(a.Area)), "%s builds a port in %s.", who, s.areaName(a.Area))
	case ActTrain:
		s.Trains--
		s.placeTrain(a.Area)
		s.move(a.Seat, e.Costs[ActTrain])
		s.logm(a.Seat, say("tt_log_train", "P", who, "Area", s.areaName(a.Area)), "%s runs a train to %s.", who, s.areaName(a.Area))
	case ActAdit:
		s.AditsLeft--
		s.placeAdit(a.Border)
		s.move(a.Seat, e.Costs[ActAdit])
		b := e.Borders[a.Border]
		s.logm(a.Seat, say("tt_log_adit", "P", who, "A", s.areaName(b[0]), "B", s.areaName(b[1])), "%s digs an adit between %s and %s.", who, s.areaName(b[0]), s.areaName(b[1]))
	case ActOwnMiner:
		s.Miners--
		p.OwnMiners--
		s.Areas[a.Area].Miner = true
		s.Areas[a.Area].OwnMiner = a.Seat + 1
		s.move(a.Seat, e.Costs[ActOwnMiner])
		s.logm(a.Seat, say("tt_log_own_miner", "P", who, "Area", s.areaName(a.Area)), "%s takes a miner, returns it to the supply and places a miner of their own in %s.", who, s.areaName(a.Area))
	case ActEmigrate:
		s.emigrate(a)
	case ActFreeAdit:
		p.Pending.Adits--
		s.placeAdit(a.Border)
		b := e.Borders[a.Border]
		s.logm(a.Seat, say("tt_log_free_adit", "P", who, "A", s.areaName(b[0]), "B", s.areaName(b[1])), "%s digs their Michigan adit between %s and %s (free).", who, s.areaName(b[0]), s.areaName(b[1]))
	case ActFreeTrain:
		p.Pending.Trains--
		s.placeTrain(a.Area)
		s.logm(a.Seat, say("tt_log_free_train", "P", who, "Area", s.areaName(a.Area)), "%s runs their Michigan train to %s (free).", who, s.areaName(a.Area))
	case ActFreePort:
		p.Pending.Ports--
		s.placePort(a.Area)
		s.logm(a.Seat, say("tt_log_free_port", "P", who, "Area", s.areaName(a.Area)), "%s builds their Michigan port in %s (free).", who, s.areaName(a.Area))
	case ActFreeMiner:
		p.Pending.Miners--
		s.Areas[a.Area].Extra++
		s.logm(a.Seat, say("tt_log_free_miner", "P", who, "Area", s.areaName(a.Area)), "%s places a Michigan miner in %s (free).", who, s.areaName(a.Area))
	case ActSteamPumps:
		c, g := s.nextPumpGroup()
		size := s.PumpGroups[c][g]
		s.PumpGroups[c][g] = 0
		s.move(a.Seat, e.Costs[ActSteamPumps])
		s.logm(a.Seat, say("tt_log_steam_pumps", "P", who, "Count", size), "%s takes %d steam pump(s).", who, size)
		if s.anyWater() {
			s.Phase, s.PumpSeat, s.PumpsLeft = PhasePumps, a.Seat, size
		} else {
			s.logm(a.Seat, say("tt_log_pumps_lost"), "No mine has water: the pumps are lost.")
		}
	case ActPump:
		s.Areas[a.Area].Water--
		s.PumpsLeft--
		s.logm(a.Seat, say("tt_log_pump", "P", who, "Area", s.areaName(a.Area)), "%s pumps a water cube out of %s.", who, s.areaName(a.Area))
		if s.PumpsLeft == 0 || !s.anyWater() {
			s.PumpsLeft = 0
			s.Phase = PhaseActions
		}
	case ActPumpDone:
		if s.PumpsLeft > 0 {
			s.logm(a.Seat, say("tt_log_pumps_unused", "P", who, "Count", s.PumpsLeft), "%s leaves %d steam pump(s) unused.", who, s.PumpsLeft)
		}
		s.PumpsLeft = 0
		s.Phase = PhaseActions
	case ActPasties:
		p.Money++
		s.Ledger.Pasties++
		s.move(a.Seat, e.Costs[ActPasties])
		s.logm(a.Seat, say("tt_log_pasties", "P", who), "%s sells pasties for £1.", who)
	case ActPass:
		p.Passed = true
		s.PassOrder = append(s.PassOrder, a.Seat)
		s.logm(a.Seat, say("tt_log_pass", "P", who, "Row", len(s.PassOrder)), "%s passes (investment row %d).", who, len(s.PassOrder))
		if len(s.PassOrder) == len(s.Players) {
			s.sellAndInvest()
		}
	case ActInvest:
		row := s.investRow(a.Seat)
		pts := e.Invest[s.Round-1][row][0]
		if a.Amount == 5 {
			pts = e.Invest[s.Round-1][row][1]
		}
		p.Money -= a.Amount
		p.Points += pts
		s.Ledger.Invested += a.Amount
		s.Ledger.Points += pts
		s.InvestedNow += a.Amount
		s.logm(a.Seat, say("tt_log_invest", "P", who, "Amount", a.Amount, "Count", pts), "%s invests £%d for %d points.", who, a.Amount, pts)
		if p.Money < 5 {
			s.InvestDone |= 1 << uint(a.Seat)
			s.nextInvestor()
		}
	case ActEndInvestTurn:
		if s.InvestedNow == 0 {
			s.InvestDone |= 1 << uint(a.Seat)
			s.logm(a.Seat, say("tt_log_invest_done", "P", who), "%s is done investing.", who)
		}
		s.nextInvestor()
	case ActFinishInvest:
		s.InvestDone |= 1 << uint(a.Seat)
		s.logm(a.Seat, say("tt_log_invest_done", "P", who), "%s is done investing.", who)
		s.nextInvestor()
	case ActPeek:
		ar := &s.Areas[a.Area]
		if s.solo() {
			// Solo: a tile you would peek at is turned face up instead.
			ar.FaceUp, ar.Peekers = true, 0
			s.reveal = true
			s.logm(a.Seat, say("tt_log_peek_solo", "P", who, "Area", s.areaName(a.Area), "Tile", TileWords(ar.Tile)), "%s turns the tile in %s face up: %s.", who, s.areaName(a.Area), ar.Tile)
			s.nextPeek()
			return
		}
		ar.Peekers |= 1 << uint(a.Seat)
		p.Peeked = append(p.Peeked, PeekedTile{Area: a.Area, Tile: ar.Tile})
		s.reveal = true
		s.logm(a.Seat, say("tt_log_peek", "P", who, "Area", s.areaName(a.Area)), "%s looks at the face-down tile in %s.", who, s.areaName(a.Area))
		s.nextPeek()
	case ActSkipPeek:
		s.logm(a.Seat, say("tt_log_skip_peek", "P", who), "%s does not peek.", who)
		s.nextPeek()
	case ActCalciner:
		i := s.CalcinerArea
		s.Areas[i].Calciner = true
		n := 1
		s.Areas[i].Arsenic++
		for _, j := range s.adjacency()[i] {
			if s.live(j) {
				s.Areas[j].Arsenic++
				n++
			}
		}
		s.Ledger.ArsenicPlaced += n
		s.Phase = PhaseActions
		s.logm(a.Seat, say("tt_log_calciner", "P", who, "Area", s.areaName(i), "Count", n), "%s builds their calciner in %s: %d arsenic cube(s) go on it and its neighbours.", who, s.areaName(i), n)
	case ActNoCalciner:
		s.Phase = PhaseActions
		s.logm(a.Seat, say("tt_log_no_calciner", "P", who), "%s does not build their calciner.", who)
	case ActProcessArsenic:
		s.Areas[a.Area].Arsenic--
		p.Arsenic++
		p.Limiter = s.nextLimiter(a.Seat)
		s.logm(a.Seat, say("tt_log_process_arsenic", "P", who, "Area", s.areaName(a.Area), "Col", p.Limiter-1),
			"%s processes an arsenic cube from %s; their final column is now %d for the rest of the game.", who, s.areaName(a.Area), p.Limiter-1)
	case ActSellArsenic:
		n := p.Arsenic
		earned, after := e.ArsenicSale(s.ArsenicMarket, s.Round, n)
		s.ArsenicMarket = after
		p.Arsenic = 0
		p.Money += earned
		s.Ledger.ArsenicSales += earned
		s.Ledger.ArsenicSold += n
		s.move(a.Seat, e.Costs[ActSellArsenic])
		s.logm(a.Seat, say("tt_log_sell_arsenic", "P", who, "Count", n, "Money", earned), "%s sells %d arsenic for £%d.", who, n, earned)
	}
}

// placePort, placeTrain and placeAdit put a development piece on the map
// with its drainage (and an adit's cubes), wherever the piece came from.
func (s *State) placePort(i int) {
	s.Areas[i].Port = true
	s.drain(i, 1)
}

func (s *State) placeTrain(i int) {
	s.Areas[i].Train = true
	s.drain(i, 2)
	for _, j := range s.adjacency()[i] {
		if s.live(j) {
			s.drain(j, 1)
		}
	}
}

func (s *State) placeAdit(border int) {
	s.Adits[border] = true
	for _, i := range s.Edition().Borders[border] {
		s.drain(i, 1)
		s.Areas[i].Tin++
		s.Areas[i].Copper++
		s.Ledger.TinPlaced++
		s.Ledger.CopperPlaced++
	}
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
	line := fmt.Sprintf("%s's miner emigrates from %s to %s", who, s.areaName(a.Area), e.Emigration[a.Amount].Name)
	var m engine.Message
	switch a.Amount {
	case Michigan:
		pc := e.MichiganPieces[r]
		p.Pending.Adits += pc.Adits
		p.Pending.Trains += pc.Trains
		p.Pending.Ports += pc.Ports
		p.Pending.Miners += pc.Miners
		line += fmt.Sprintf(": %s from the supply, to place now or on a later turn", e.Emigration[Michigan].Rewards[r])
		m = say("tt_log_emigrate_michigan", "P", who, "Area", s.areaName(a.Area), "Reward", say(fmt.Sprintf("tt_reward_michigan_%d", r+1)))
	case SierraMadre:
		pts := e.SierraPoints[r]
		p.Points += pts
		s.Ledger.Points += pts
		line += fmt.Sprintf(": %d points", pts)
		m = say("tt_log_emigrate_sierra", "P", who, "Area", s.areaName(a.Area), "Count", pts)
	case Kimberly:
		money := e.KimberlyMoney[r]
		if s.isWallace(a.Seat) {
			// He takes the token's whole worth, this round's and every
			// later round's, in this round's phase 3.
			s.Solo.Kimberly += money * (NumRounds - r)
			line += fmt.Sprintf(": £%d, all of it in this round's phase 3", money*(NumRounds-r))
			m = say("tt_log_emigrate_kimberly_wallace", "P", who, "Area", s.areaName(a.Area), "Money", money*(NumRounds-r))
			break
		}
		p.Money += money
		s.Ledger.Kimberly += money
		line += fmt.Sprintf(": £%d now and again at the start of every later round", money)
		m = say("tt_log_emigrate_kimberly", "P", who, "Area", s.areaName(a.Area), "Money", money)
	case Adelaide:
		line += fmt.Sprintf(": this round's sale, %s", e.Emigration[Adelaide].Rewards[r])
		m = say("tt_log_emigrate_adelaide", "P", who, "Area", s.areaName(a.Area), "Reward", say(fmt.Sprintf("tt_reward_adelaide_%d", r+1)))
	}
	s.logm(a.Seat, m, "%s.", line)
}

// adelaideBonus is the money seat's Adelaide token adds to this round's
// sale of tin and copper cubes: the larger bonus on the ore with more cubes
// (decision: the choice that pays most is made for the player).
func (s *State) adelaideBonus(seat, tin, copper int) int {
	if !s.Options.Emigration || s.Emigrants[Adelaide][s.Round-1] != seat {
		return 0
	}
	b := s.Edition().AdelaideBonus[s.Round-1]
	return b[0]*max(tin, copper) + b[1]*min(tin, copper)
}

// adjacency returns, for every area index, its neighbours' indexes.
func (s *State) adjacency() [][]int { return s.Edition().Neighbours() }

// drain removes n water from area i if it has a mine, else adds n drainage tokens.
func (s *State) drain(i, n int) {
	a := &s.Areas[i]
	if a.Mine >= 0 {
		a.Water = max(0, a.Water-n)
	} else {
		a.Drain += n
	}
}

func (s *State) anyWater() bool {
	for _, a := range s.Areas {
		if a.Mine >= 0 && a.Water > 0 {
			return true
		}
	}
	return false
}

func (s *State) row(seat int) int {
	for i, q := range s.PassOrder {
		if q == seat {
			return i
		}
	}
	return len(s.PassOrder)
}

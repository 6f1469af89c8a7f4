package tinners

import (
	"fmt"
	"sort"

	"github.com/tinnersbot/tinnersbot/engine"
)

// ---- rounds ----

func (s *State) startRound(r int) {
	e := s.Edition()
	s.Round = r
	if r > 1 {
		for i := range s.Areas {
			if a := &s.Areas[i]; a.Pumps > 0 && a.Mine >= 0 && a.Water > 0 {
				a.Water = max(0, a.Water-a.Pumps)
				if s.loud() {
					s.logm(-1, say("tt_log_pumps_drain", "Area", s.areaName(i), "Water", a.Water))
				}
			}
		}
		if s.Options.Emigration {
			for k := 0; k < r-1; k++ {
				if seat := s.Emigrants[Kimberly][k]; seat >= 0 && !s.isWallace(seat) {
					m := e.KimberlyMoney[k]
					s.Players[seat].Money += m
					s.Ledger.Kimberly += m
					if s.loud() {
						s.logm(seat, say("tt_log_kimberly_income", "P", fmt.Sprintf("{P%d}", seat), "Money", m, "Round", k+1))
					}
				}
			}
		}
	}
	s.TinCol, s.TinDice = s.rollPrice(r, s.TinCol)
	s.CopperCol, s.CopDice = s.rollPrice(r, s.CopperCol)
	if s.loud() {
		s.logm(-1, say("tt_log_round", "Round", r, "Tin", e.TinPrices[s.TinCol], "T1", s.TinDice[0], "T2", s.TinDice[1], "T3", s.TinDice[2],
			"Copper", e.CopperPrices[s.CopperCol], "C1", s.CopDice[0], "C2", s.CopDice[1], "C3", s.CopDice[2]))
	}
	db := e.DevBoards[s.NumSeats]
	s.Miners, s.Ports, s.Trains, s.AditsLeft = db.Miners[r-1], db.Ports[r-1], db.Trains[r-1], db.Adits[r-1]
	s.PumpGroups = make([][]int, NumRounds)
	for c := range db.Pumps {
		s.PumpGroups[c] = append([]int(nil), db.Pumps[c]...)
	}
	s.PassOrder = nil
	s.InvestDone = 0
	for i := range s.Players {
		s.Players[i].Passed = false
	}
	s.Phase = PhaseActions
	if s.solo() {
		s.wallaceStartRound()
	}
}

// rollPrice rolls the three dice for one ore and returns its column and faces.
func (s *State) rollPrice(r, old int) (int, [3]int) {
	var faces [3]int
	total := 0
	for d := range faces {
		faces[d] = s.rollDie(d)
		total += faces[d]
	}
	if r > 1 {
		switch old {
		case 0:
			total++
		case 3:
			total--
		}
	}
	return s.Edition().PriceColumn(total), faces
}

func (s *State) sellAndInvest() {
	e := s.Edition()
	tin, cop := e.TinPrices[s.TinCol], e.CopperPrices[s.CopperCol]
	for i := range s.Players {
		p := &s.Players[i]
		if p.Tin+p.Copper == 0 || s.isWallace(i) {
			continue
		}
		earn := p.Tin*tin + p.Copper*cop
		bonus := s.adelaideBonus(i, p.Tin, p.Copper)
		p.Money += earn + bonus
		s.Ledger.Sales += earn
		s.Ledger.Adelaide += bonus
		s.Ledger.TinSold += p.Tin
		s.Ledger.CopperSold += p.Copper
		if bonus > 0 {
			if s.loud() {
				s.logm(i, say("tt_log_sell_adelaide", "P", fmt.Sprintf("{P%d}", i), "Tin", p.Tin, "Copper", p.Copper, "Money", earn+bonus, "Bonus", bonus))
			}
		} else {
			if s.loud() {
				s.logm(i, say("tt_log_sell", "P", fmt.Sprintf("{P%d}", i), "Tin", p.Tin, "Copper", p.Copper, "Money", earn))
			}
		}
		p.Tin, p.Copper = 0, 0
	}
	if s.solo() {
		s.wallaceSettle()
	}
	if s.Round == NumRounds {
		for _, seat := range s.PassOrder {
			if s.isWallace(seat) {
				continue
			}
			p := &s.Players[seat]
			v := e.Invest[s.Round-1][s.investRow(seat)]
			tens, fives, pts := bestSplit(p.Money, v)
			spent := tens*10 + fives*5
			p.Money -= spent
			p.Points += pts
			s.Ledger.Invested += spent
			s.Ledger.Points += pts
			if s.loud() {
				s.logm(seat, say("tt_log_invest", "P", fmt.Sprintf("{P%d}", seat), "Amount", spent, "Count", pts))
			}
		}
		if s.solo() {
			s.soloResult()
			return
		}
		s.endGame()
		return
	}
	s.Phase = PhaseInvest
	s.InvestTurn = 0
	s.InvestedNow = 0
	for i, p := range s.Players {
		if p.Money < 5 {
			s.InvestDone |= 1 << uint(i)
		}
	}
	if s.InvestDone&(1<<uint(s.PassOrder[0])) != 0 {
		s.nextInvestor()
	}
}

// bestSplit spends money on £10 and £5 investments for the most points.
func bestSplit(money int, v [2]int) (tens, fives, points int) {
	for t := money / 10; t >= 0; t-- {
		f := (money - 10*t) / 5
		if pts := t*v[0] + f*v[1]; pts > points {
			tens, fives, points = t, f, pts
		}
	}
	return
}

// nextInvestor moves the turn to the next seat in passing order not done;
// when everyone is done the round ends.
func (s *State) nextInvestor() {
	s.InvestedNow = 0
	n := len(s.PassOrder)
	for k := 1; k <= n; k++ {
		i := (s.InvestTurn + k) % n
		if s.InvestDone&(1<<uint(s.PassOrder[i])) == 0 {
			s.InvestTurn = i
			return
		}
	}
	s.endRound()
}

func (s *State) endRound() {
	for _, seat := range s.PassOrder {
		s.Players[seat].Col = 0
		s.Players[seat].Arrive = s.Arrived
		s.Arrived++
	}
	top := 2
	if s.twoPlayerRules() {
		top = 1
	}
	s.PeekQueue = nil
	if s.anyFaceDown() {
		for _, seat := range s.PassOrder[:top] {
			if !s.isWallace(seat) { // he has no use for a peek
				s.PeekQueue = append(s.PeekQueue, seat)
			}
		}
	}
	if s.loud() {
		s.logm(-1, say("tt_log_round_end", "Round", s.Round))
	}
	s.Phase = PhasePeek
	s.skipPeekers()
}

func (s *State) anyFaceDown() bool {
	for _, a := range s.Areas {
		if a.HasTile && !a.FaceUp {
			return true
		}
	}
	return false
}

// skipPeekers drops from the queue seats with nothing left to look at, and
// starts the next round when the queue is empty.
func (s *State) skipPeekers() {
	for len(s.PeekQueue) > 0 {
		seat := s.PeekQueue[0]
		for i, a := range s.Areas {
			if a.HasTile && !a.FaceUp && a.Peekers&(1<<uint(seat)) == 0 && s.validArea(i) {
				return
			}
		}
		s.PeekQueue = s.PeekQueue[1:]
	}
	s.startRound(s.Round + 1)
}

func (s *State) nextPeek() {
	s.PeekQueue = s.PeekQueue[1:]
	s.skipPeekers()
}

func (s *State) endGame() {
	ore := make([]int, s.NumSeats)
	for _, a := range s.Areas {
		if a.Mine >= 0 {
			ore[a.Mine] += a.Tin + a.Copper
		}
	}
	rank := append([]int(nil), s.PassOrder...)
	less := func(x, y int) (bool, string) {
		px, py := s.Players[x], s.Players[y]
		switch {
		case px.Points != py.Points:
			return px.Points > py.Points, ""
		case px.Money != py.Money:
			return px.Money > py.Money, TieMoney
		case ore[x] != ore[y]:
			return ore[x] > ore[y], TieOre
		}
		return s.row(x) < s.row(y), TieOrder
	}
	sort.SliceStable(rank, func(i, j int) bool { l, _ := less(rank[i], rank[j]); return l })
	res := &Result{Ranking: rank}
	if len(rank) > 1 {
		if _, why := less(rank[0], rank[1]); why != "" {
			res.TieBreak = why
		}
	}
	s.Result = res
	s.Phase = PhaseOver
	s.Auction = nil
	over := engine.Message{ID: fmt.Sprintf("tt_log_game_over_%d", len(rank)), Args: map[string]any{}}
	for k, seat := range rank {
		over.Args[fmt.Sprintf("S%d", k+1)] = say("tt_log_score", "P", fmt.Sprintf("{P%d}", seat), "Points", s.Players[seat].Points, "Money", s.Players[seat].Money)
	}
	if s.loud() {
		s.logm(-1, over)
	}
	if res.TieBreak != "" {
		if s.loud() {
			s.logm(rank[0], say("tt_log_wins_tie_break", "P", fmt.Sprintf("{P%d}", rank[0]), "Why", say(tieBreakWords[res.TieBreak])))
		}
	} else {
		if s.loud() {
			s.logm(rank[0], say("tt_log_wins", "P", fmt.Sprintf("{P%d}", rank[0])))
		}
	}
}

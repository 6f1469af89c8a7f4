package tinners

// Investing (PhaseInvest, end of round): ActInvest, ActEndInvestTurn and
// ActFinishInvest. In passing order, seats invest £10 or £5 at a time for
// points on their row until every seat is done. Its state is Investing.

// Investing is the state of PhaseInvest. Embedded in State (flat in its
// JSON).
type Investing struct {
	InvestTurn  int   // index into PassOrder
	InvestDone  uint8 // bit s: seat s is done investing this round
	InvestedNow int   // £ invested by the investing seat in this turn
}

// checkInvest is check for this phase: the rules past those every action shares.
func (s *State) checkInvest(a Action, p *Player) error {
	if a.Kind == ActInvest {
		if a.Amount != 10 && a.Amount != 5 {
			return forbid(ErrBadAmount, say("tt_err_invest_amount"))
		}
		if a.Amount > p.Money {
			return forbid(ErrNoMoney, say("tt_err_only_money", "Money", p.Money))
		}
	}
	if a.Kind == ActFinishInvest && s.InvestedNow == 0 {
		return forbid(ErrNotAvailable, say("tt_err_invested_nothing"))
	}
	return nil
}

// legalInvest adds seat's moves in this phase to list (Legal's part for it).
func (s *State) legalInvest(list *legalList, seat int, p Player) {
	list.try(list.with(ActInvest, func(a *Action) { a.Amount = 10 }))
	list.try(list.with(ActInvest, func(a *Action) { a.Amount = 5 }))
	list.try(list.with(ActEndInvestTurn, nil))
	list.try(list.with(ActFinishInvest, nil))
}

// doInvest applies a checked action of this phase.
func (s *State) doInvest(a Action) {
	e := s.Edition()
	p := &s.Players[a.Seat]
	who := s.who(a.Seat)
	switch a.Kind {
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
		if s.loud() {
			s.logm(a.Seat, say("tt_log_invest", "P", who, "Amount", a.Amount, "Count", pts))
		}
		if p.Money < 5 {
			s.InvestDone |= 1 << uint(a.Seat)
			s.nextInvestor()
		}
	case ActEndInvestTurn:
		if s.InvestedNow == 0 {
			s.InvestDone |= 1 << uint(a.Seat)
			if s.loud() {
				s.logm(a.Seat, say("tt_log_invest_done", "P", who))
			}
		}
		s.nextInvestor()
	case ActFinishInvest:
		s.InvestDone |= 1 << uint(a.Seat)
		if s.loud() {
			s.logm(a.Seat, say("tt_log_invest_done", "P", who))
		}
		s.nextInvestor()
	}
}

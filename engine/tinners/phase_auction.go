package tinners

// The auction (PhaseAuction): ActBid and ActDrop, bidding for the mine that
// ActBuild put up; and after it (PhaseAfterAuction) ActAfterCard, the
// winner's optional survey card before the mine is built. The auction's
// course (start, turn, resolution) is in auction.go.

// checkAuction is check for this phase: the rules past those every action shares.
func (s *State) checkAuction(a Action, p *Player) error {
	au := s.Auction
	switch a.Kind {
	case ActBid:
		min := au.High + 1
		if au.High == 0 {
			min = au.Min
		}
		if a.Amount < min {
			return forbid(ErrBadBid, say("tt_err_bid_min", "Min", min))
		}
		if a.Amount > p.Money {
			return forbid(ErrNoMoney, say("tt_err_bid_money", "Amount", a.Amount, "Money", p.Money))
		}
	case ActDrop:
		if a.Seat == au.Opener && au.High == 0 && !(au.FromDeck && p.Money < au.Min) {
			return forbid(ErrBadBid, say("tt_err_opening_bid"))
		}
	}
	return nil
}

// legalAuction adds seat's moves in this phase to list (Legal's part for it).
func (s *State) legalAuction(list *legalList, seat int, p Player) {
	au := s.Auction
	min := au.High + 1
	if au.High == 0 {
		min = au.Min
	}
	if min <= p.Money {
		list.add(Choice{Action: list.with(ActBid, func(a *Action) { a.Amount = min }), Max: p.Money})
	}
	list.try(list.with(ActDrop, nil))
}

// doAuction applies a checked action of this phase.
func (s *State) doAuction(a Action) {
	who := s.who(a.Seat)
	switch a.Kind {
	case ActBid:
		s.Auction.High, s.Auction.HighSeat = a.Amount, a.Seat
		if s.loud() {
			s.logm(a.Seat, say("tt_log_bid", "P", who, "Amount", a.Amount))
		}
		if s.solo() {
			s.soloAdvance()
			return
		}
		s.advanceAuction()
	case ActDrop:
		s.Auction.Out |= 1 << uint(a.Seat)
		if s.loud() {
			s.logm(a.Seat, say("tt_log_drop", "P", who))
		}
		if s.solo() {
			s.soloAdvance()
			return
		}
		s.advanceAuction()
	}
}

// checkAfterAuction is check for this phase: the rules past those every action shares.
func (s *State) checkAfterAuction(a Action, p *Player) error {
	e := s.Edition()
	if a.Card == NoCard {
		return nil
	}
	if !s.hasCard(a.Seat, a.Card) || a.Card < 0 || a.Card >= len(e.Cards) {
		return forbid(ErrBadCard, say("tt_err_card_not_in_hand"))
	}
	if !s.cardPlayable(a.Card, s.Auction.Area) {
		return forbid(ErrBadCard, say("tt_err_card_not_here", "Area", e.Areas[s.Auction.Area].Name))
	}
	if v := e.Cards[a.Card].Value; v > p.Money {
		return forbid(ErrNoMoney, say("tt_err_card_money", "Value", v, "Money", p.Money))
	}
	return nil
}

// legalAfterAuction adds seat's moves in this phase to list (Legal's part for it).
func (s *State) legalAfterAuction(list *legalList, seat int, p Player) {
	list.try(list.with(ActAfterCard, nil))
	e := s.Edition()
	for _, c := range p.Hand {
		if c >= 0 && c < len(e.Cards) && e.Cards[c].Value <= p.Money { // cheap filter; check decides
			list.try(list.with(ActAfterCard, func(a *Action) { a.Card = c }))
		}
	}
}

// doAfterAuction applies a checked action of this phase.
func (s *State) doAfterAuction(a Action) {
	e := s.Edition()
	p := &s.Players[a.Seat]
	who := s.who(a.Seat)
	switch a.Kind {
	case ActAfterCard:
		card := a.Card
		if card != NoCard {
			v := e.Cards[card].Value
			p.Money -= v
			s.Ledger.CardCosts += v
			p.Hand = removeInt(p.Hand, card)
			if s.loud() {
				s.logm(a.Seat, say("tt_log_after_card", "P", who, "Value", v, "Card", CardWords(e.Cards[card])))
			}
		}
		s.buildMine(s.Auction.Winner, s.Auction.Area, card)
	}
}

package tinners

// The draft (PhaseDraft): ActDraftDiscard. Every seat discards one drawn
// survey card of each deck at once; the rest join its hand, and when all
// are done the decks are shuffled and round 1 starts.

// checkDraft is check for this phase: the rules past those every action shares.
func (s *State) checkDraft(a Action, p *Player) error {
	e := s.Edition()
	for _, c := range p.Draft {
		if c == a.Card {
			if p.Discarded&(1<<uint(e.Cards[c].Deck)) != 0 {
				return forbid(ErrBadCard, say("tt_err_already_discarded", "Deck", deckWords(e.Cards[c].Deck)))
			}
			return nil
		}
	}
	return forbid(ErrBadCard, say("tt_err_not_drawn"))
}

// legalDraft adds seat's moves in this phase to list (Legal's part for it).
func (s *State) legalDraft(list *legalList, seat int, p Player) {
	e := s.Edition()
	for _, c := range p.Draft {
		if p.Discarded&(1<<uint(e.Cards[c].Deck)) == 0 { // cheap filter; check decides
			list.try(list.with(ActDraftDiscard, func(a *Action) { a.Card = c }))
		}
	}
}

// doDraft applies a checked action of this phase.
func (s *State) doDraft(a Action) {
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
			if s.loud() {
				s.logm(a.Seat, say("tt_log_drafted", "P", who))
			}
		}
		if len(s.ToAct()) == 0 {
			for r := range s.Decks {
				s.shuffleInts(s.Decks[r])
			}
			s.startRound(1)
		}
	}
}

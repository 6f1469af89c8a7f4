package tinners

import "github.com/tinnersbot/tinnersbot/engine"

// ---- legality ----

func (s *State) validArea(i int) bool { return i >= 0 && i < len(s.Areas) }

// removedOutOfPlay reports whether a 2-player area whose face-down tile was
// removed is out of play altogether (no developments, nobody's neighbour).
// Edition 1 kept it open for developments; its games keep that rule.
func (s *State) removedOutOfPlay() bool { return s.EditionVersion != EditionV1 }

// live reports whether area i is in play for developments and as a
// neighbour: it had a tile at this player count and was not removed.
func (s *State) live(i int) bool {
	a := s.Areas[i]
	return a.InPlay && !(a.Removed && s.removedOutOfPlay())
}

// check returns nil if seat may make action a now, else a *RuleError. It is
// the one definition of legality: Apply and Legal both use it. The rules
// common to every action are here; each phase's own are in its phase_*.go.
func (s *State) check(a Action) error {
	if s.Phase == PhaseOver {
		return forbid(ErrGameOver, say("tt_err_game_over"))
	}
	if a.Seat < 0 || a.Seat >= s.NumSeats {
		return forbid(ErrNotSeated, say("tt_err_not_seated"))
	}
	if a.Kind < 0 || a.Kind >= numActionKinds {
		return forbid(ErrMalformedAction, say("tt_err_no_such_action"))
	}
	if phaseOf(a.Kind) != s.Phase {
		return forbid(ErrWrongPhase, say("tt_err_wrong_phase", "Phase", PhaseWords(s.Phase)))
	}
	if !s.waitsFor(a.Seat) {
		return forbid(ErrNotYourTurn, say("tt_err_not_your_turn"))
	}
	return s.checkPhase(a)
}

// checkPhase is check past the rules every action shares: the game waits
// for a.Seat, and a's kind is of this phase. legalList.try calls it
// directly for the candidates of a seat Legal found waited for.
func (s *State) checkPhase(a Action) error {
	p := &s.Players[a.Seat] // read only: check changes nothing
	switch s.Phase {
	case PhaseDraft:
		return s.checkDraft(a, p)
	case PhaseActions:
		return s.checkActions(a, p)
	case PhaseAuction:
		return s.checkAuction(a, p)
	case PhaseAfterAuction:
		return s.checkAfterAuction(a, p)
	case PhasePumps:
		return s.checkPumps(a, p)
	case PhaseInvest:
		return s.checkInvest(a, p)
	case PhaseCalciner:
		return s.checkCalciner(a, p)
	case PhasePeek:
		return s.checkPeek(a, p)
	}
	return forbid(ErrWrongPhase, say("tt_err_not_now"))
}

func phaseOf(k ActionKind) Phase {
	switch k {
	case ActDraftDiscard:
		return PhaseDraft
	case ActBid, ActDrop:
		return PhaseAuction
	case ActAfterCard:
		return PhaseAfterAuction
	case ActPump, ActPumpDone:
		return PhasePumps
	case ActInvest, ActEndInvestTurn, ActFinishInvest:
		return PhaseInvest
	case ActPeek, ActSkipPeek:
		return PhasePeek
	case ActCalciner, ActNoCalciner:
		return PhaseCalciner
	}
	return PhaseActions
}

// Allows reports whether a is legal now: the one answer to "may this
// move be played", the same rule Legal lists and Apply enforces.
func (s *State) Allows(a Action) bool {
	if a.Seat < 0 || a.Seat >= s.NumSeats || !s.waitsFor(a.Seat) {
		return false
	}
	return s.check(a) == nil
}

// Legal lists every move seat may make now; empty if the game does not wait
// for seat. A bid is listed once, with Amount the least and the choice's
// Max the most it may bid. The bot builds its buttons from this list.
func (s *State) Legal(seat int) []Choice {
	if seat < 0 || seat >= s.NumSeats || !s.waitsFor(seat) {
		return nil
	}
	list := &legalList{s: s, seat: seat, out: make([]Choice, 0, 16)}
	s.legal(list)
	return list.out
}

// legalEngine lists every move seat may make now in the contract's form
// (engine.Match.Legal): a bid once per amount, each action boxed by box.
func (s *State) legalEngine(seat int) []engine.Action {
	if seat < 0 || seat >= s.NumSeats || !s.waitsFor(seat) {
		return nil
	}
	return s.appendLegalEngine(make([]engine.Action, 0, 16), seat)
}

// appendLegalEngine appends legalEngine(seat) to acts.
func (s *State) appendLegalEngine(acts []engine.Action, seat int) []engine.Action {
	if seat < 0 || seat >= s.NumSeats || !s.waitsFor(seat) {
		return acts
	}
	list := &legalList{s: s, seat: seat, engine: true, acts: acts}
	s.legal(list)
	return list.acts
}

// legal has each phase add seat's moves to list.
func (s *State) legal(list *legalList) {
	seat := list.seat
	p := s.Players[seat]
	switch s.Phase {
	case PhaseDraft:
		s.legalDraft(list, seat, p)
	case PhaseActions:
		s.legalActions(list, seat, p)
	case PhaseAuction:
		s.legalAuction(list, seat, p)
	case PhaseAfterAuction:
		s.legalAfterAuction(list, seat, p)
	case PhasePumps:
		s.legalPumps(list, seat, p)
	case PhaseInvest:
		s.legalInvest(list, seat, p)
	case PhasePeek:
		s.legalPeek(list, seat, p)
	case PhaseCalciner:
		s.legalCalciner(list, seat, p)
	}
}

// legalList collects the moves Legal lists for one seat: try adds a
// candidate if check allows it, with builds a candidate of a kind (no card,
// area or border unless f sets them), add adds a choice as it is.
type legalList struct {
	s    *State
	seat int
	out  []Choice
	// engine: the list is the contract's, in acts (see legalEngine).
	engine bool
	acts   []engine.Action
	// next is the candidate with builds: f writes into it here, so that
	// it need not move to the heap for every candidate.
	next Action
}

func (l *legalList) try(a Action) {
	a.Seat = l.seat
	// check(a) without the rules every candidate of the list passes:
	// Legal lists only while the game waits for seat (so not at its end,
	// and seat is in range); a kind of the phase is still tested.
	if a.Kind >= 0 && a.Kind < numActionKinds && phaseOf(a.Kind) == l.s.Phase && l.s.checkPhase(a) == nil {
		l.add(Choice{Action: a})
	}
}

func (l *legalList) with(k ActionKind, f func(*Action)) Action {
	l.next = Action{Seat: l.seat, Kind: k, Card: NoCard, Area: -1, Border: -1}
	if f != nil {
		f(&l.next)
	}
	return l.next
}

func (l *legalList) add(c Choice) {
	if !l.engine {
		l.out = append(l.out, c)
		return
	}
	if c.count() == 1 {
		l.acts = append(l.acts, box(c.Action))
		return
	}
	a := c.Action
	for a.Amount = c.Amount; a.Amount <= c.Max; a.Amount++ {
		l.acts = append(l.acts, box(a))
	}
}

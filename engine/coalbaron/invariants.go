package coalbaron

import (
	"fmt"
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// CheckInvariants returns the first broken invariant of a Coal Baron match,
// or nil: every one of the 239 cards is in exactly one place and of the
// right kind there; each player's workers (hand plus zones) are the set the
// player count gives; each zone's placements escalate by exactly one; shift
// tokens are all accounted for; the step agrees with whose turn it is. It
// returns an error for a match of another title.
func CheckInvariants(m engine.Match) error {
	mm, ok := m.(*match)
	if !ok {
		return fmt.Errorf("not a Coal Baron match: %T", m)
	}
	return mm.s.check()
}

// check runs the invariant families in a fixed order and returns the
// first one broken: where the cards are, the zones, the players, the shift
// tokens and the step.
func (s *state) check() error {
	e := s.ed()
	l := &cardLedger{cards: e.Cards, where: make([]string, len(e.Cards))}
	if err := s.checkTableCards(l); err != nil {
		return err
	}
	placed, err := s.checkZones(l)
	if err != nil {
		return err
	}
	tokens, err := s.checkPlayers(l, placed)
	if err != nil {
		return err
	}
	if err := l.nowhere(); err != nil {
		return err
	}
	if err := s.checkTokens(tokens); err != nil {
		return err
	}
	return s.checkStep()
}

// cardLedger records where each card of the edition was found, so that a
// card in two places, in none, or of a kind its place cannot hold is caught.
type cardLedger struct {
	cards []Card
	where []string
}

// put records card id in place, refusing a card that does not exist, is
// already elsewhere, or is none of kinds (any kind when kinds is empty).
func (l *cardLedger) put(id int, place string, kinds ...Kind) error {
	if id < 0 || id >= len(l.cards) {
		return fmt.Errorf("%s holds card %d, which does not exist", place, id)
	}
	if l.where[id] != "" {
		return fmt.Errorf("card %d (%s) is both in %s and in %s", id, l.cards[id], l.where[id], place)
	}
	l.where[id] = place
	if len(kinds) > 0 && !slices.Contains(kinds, l.cards[id].Kind) {
		return fmt.Errorf("%s holds the %s", place, l.cards[id])
	}
	return nil
}

// all puts every card of ids in place, stopping at the first refusal.
func (l *cardLedger) all(ids []int, place string, kinds ...Kind) error {
	for _, id := range ids {
		if err := l.put(id, place, kinds...); err != nil {
			return err
		}
	}
	return nil
}

// nowhere reports the first card the ledger has not found anywhere.
func (l *cardLedger) nowhere() error {
	for id, w := range l.where {
		if w == "" {
			return fmt.Errorf("card %d (%s) is nowhere", id, l.cards[id])
		}
	}
	return nil
}

// checkTableCards records the cards on the table: the stacks, the action
// cards, the box, the wild action's look and a card awaiting a dock.
func (s *state) checkTableCards(l *cardLedger) error {
	for z := Zone(0); z < NumStacks; z++ {
		if err := l.all(s.Stacks[z], z.Name(), stackKind[z]); err != nil {
			return err
		}
	}
	if err := l.all(s.ActionCards, "the table", KindAction); err != nil {
		return err
	}
	if err := l.all(s.Box, "the box"); err != nil {
		return err
	}
	if err := l.all(s.Step.Looked, "the wild action's look"); err != nil {
		return err
	}
	if s.Step.Kind == StepDock {
		if err := l.put(s.Step.Card, "the card awaiting a dock", KindWagon, KindEngine); err != nil {
			return err
		}
	}
	return nil
}

// checkZones checks the worker zones (in play, placements escalating by
// one, cards making the count placed) and returns the workers each seat
// has placed.
func (s *state) checkZones(l *cardLedger) ([]int, error) {
	e := s.ed()
	placed := make([]int, s.N)
	for z := Zone(0); z < NumZones; z++ {
		if !s.InPlay[z] && len(s.Zones[z]) > 0 {
			return nil, fmt.Errorf("workers on %s, which is not in play", z.Name())
		}
		prev := 0
		if z == ZoneWild {
			prev = e.WildPrinted
		}
		for _, pl := range s.Zones[z] {
			if pl.Count != prev+1 {
				return nil, fmt.Errorf("%s: %d workers placed after %d", z.Name(), pl.Count, prev)
			}
			prev = pl.Count
			if err := s.checkPlacement(l, z, pl, placed); err != nil {
				return nil, err
			}
		}
	}
	return placed, nil
}

// checkPlacement checks the cards of one placement on zone z: the
// placer's own workers or worker innovations, making its count; it adds
// the workers to placed.
func (s *state) checkPlacement(l *cardLedger, z Zone, pl placement, placed []int) error {
	e := s.ed()
	if err := l.all(pl.Cards, z.Name(), KindWorker, KindInnovation); err != nil {
		return err
	}
	sum, innos := 0, 0
	for _, id := range pl.Cards {
		c := e.Cards[id]
		if c.Kind == KindWorker {
			if c.Colour != pl.Seat {
				return fmt.Errorf("%s: seat %d placed a worker of colour %d", z.Name(), pl.Seat, c.Colour)
			}
			sum += c.Workers
			placed[pl.Seat] += c.Workers
		} else {
			if c.Innovation != InnoWorkers {
				return fmt.Errorf("%s: the %s placed as workers", z.Name(), c)
			}
			innos++
			sum++ // at least one worker
		}
	}
	if sum > pl.Count || (innos == 0 && sum != pl.Count) {
		return fmt.Errorf("%s: cards do not make %d workers", z.Name(), pl.Count)
	}
	return nil
}

// checkPlayers checks every seat's cards and worker count, given the
// workers each has placed, and returns all the shift tokens (the table's
// and the players').
func (s *state) checkPlayers(l *cardLedger, placed []int) ([]int, error) {
	sc := s.ed().Seats[s.N]
	full := 0
	for _, v := range workerValues {
		if !slices.Contains(sc.NoWorkers, v) {
			full += v
		}
	}
	tokens := slices.Clone(s.Tokens)
	for i := range s.Players {
		if err := s.checkPlayer(l, i, placed[i], full); err != nil {
			return nil, err
		}
		tokens = append(tokens, s.Players[i].Tokens...)
	}
	return tokens, nil
}

// seatPart names a part of seat i's holdings in an invariant's error.
func seatPart(i int, part string) string { return fmt.Sprintf("seat %d's %s", i, part) }

// checkPlayer checks seat i's hand, card lists, docks and deliveries, and
// that its workers in hand plus the placed ones make full.
func (s *state) checkPlayer(l *cardLedger, i, placed, full int) error {
	e := s.ed()
	p := &s.Players[i]
	for _, id := range p.Workers {
		if e.Cards[id].Kind == KindWorker && e.Cards[id].Colour != i {
			return fmt.Errorf("%s holds a worker of colour %d", seatPart(i, "hand"), e.Cards[id].Colour)
		}
	}
	checks := []struct {
		ids  []int
		part string
		k    Kind
	}{{p.Workers, "workers", KindWorker}, {p.Orders, "orders", KindOrder}, {p.Innovations, "innovations", KindInnovation},
		{p.Row, "mining row", KindLorry}, {p.Storage, "lorry storage", KindLorry}, {p.Shares, "shares", KindShare},
		{p.Objectives, "objectives", KindObjective}}
	for _, c := range checks {
		if err := l.all(c.ids, seatPart(i, c.part), c.k); err != nil {
			return err
		}
	}
	if got := s.handWorkers(p) + placed; got != full {
		return fmt.Errorf("seat %d has %d workers in hand and zones, want %d", i, got, full)
	}
	if err := s.checkDocks(l, i); err != nil {
		return err
	}
	return s.checkDelivered(l, i)
}

// checkDocks checks seat i's docks: engines, wagons that fit their dock,
// and lorries of a crest the dock shows and the wagon takes.
func (s *state) checkDocks(l *cardLedger, i int) error {
	e := s.ed()
	p := &s.Players[i]
	for d := range p.Docks {
		dk := &p.Docks[d]
		if dk.Engine != NoCard {
			if err := l.put(dk.Engine, seatPart(i, "dock engine"), KindEngine); err != nil {
				return err
			}
		}
		for _, w := range dk.Wagons {
			if err := l.put(w.Wagon, seatPart(i, "dock wagon"), KindWagon); err != nil {
				return err
			}
			if !WagonFits(e.Cards[w.Wagon].Crest, d) {
				return fmt.Errorf("%s: the %s in dock %d", seatPart(i, "docks"), e.Cards[w.Wagon], d+1)
			}
			if w.Lorry != NoCard {
				if err := l.put(w.Lorry, seatPart(i, "loaded lorry"), KindLorry); err != nil {
					return err
				}
				lc, wc := e.Cards[w.Lorry].Crest, e.Cards[w.Wagon].Crest
				if !DockShows(d, lc) || (wc != CrestWild && wc != lc) {
					return fmt.Errorf("%s: the %s in a %s in dock %d", seatPart(i, "docks"), e.Cards[w.Lorry], e.Cards[w.Wagon], d+1)
				}
			}
		}
	}
	return nil
}

// checkDelivered records the cards of seat i's delivered trains.
func (s *state) checkDelivered(l *cardLedger, i int) error {
	for _, t := range s.Players[i].Delivered {
		if err := l.put(t.Order, seatPart(i, "delivered order"), KindOrder); err != nil {
			return err
		}
		if err := l.put(t.Engine, seatPart(i, "delivered engine"), KindEngine); err != nil {
			return err
		}
		for _, w := range t.Wagons {
			if err := l.put(w.Wagon, seatPart(i, "delivered wagon"), KindWagon); err != nil {
				return err
			}
			if w.Lorry != NoCard {
				if err := l.put(w.Lorry, seatPart(i, "delivered lorry"), KindLorry); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// checkTokens checks that the shift tokens are 1..Shifts once each and
// that the shift agrees with the tokens left on the table.
func (s *state) checkTokens(tokens []int) error {
	sc := s.ed().Seats[s.N]
	slices.Sort(tokens)
	for i, t := range tokens {
		if t != i+1 || len(tokens) != sc.Shifts {
			return fmt.Errorf("shift tokens %v, want 1..%d", tokens, sc.Shifts)
		}
	}
	if got := sc.Shifts - len(s.Tokens) + 1; s.Step.Kind != StepOver && got != s.Shift {
		return fmt.Errorf("shift %d with %d tokens left", s.Shift, len(s.Tokens))
	}
	return nil
}

// checkStep checks that the step agrees with the game: over with a result,
// or a seat that can act in a step it can be in.
func (s *state) checkStep() error {
	if s.Step.Kind == StepOver {
		if len(s.Tokens) != 0 || s.Result == nil {
			return fmt.Errorf("game over with %d tokens left or no result", len(s.Tokens))
		}
		return nil
	}
	if s.Turn < 0 || s.Turn >= s.N || s.Players[s.Turn].Passed {
		return fmt.Errorf("turn of seat %d, which cannot act", s.Turn)
	}
	if s.Step.Kind != StepMain && !s.Step.Placed && s.Step.Inno == NoCard {
		return fmt.Errorf("step %s without a worker action or innovation", s.Step.Kind)
	}
	if !s.v1() && s.Step.Kind == StepMain && s.Step.PlayedInno && len(s.placements(s.Turn)) == 0 {
		return fmt.Errorf("seat %d played an action innovation and can place no workers: only a pass is left", s.Turn)
	}
	return nil
}

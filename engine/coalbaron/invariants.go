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

func (s *state) check() error {
	e := s.ed()
	where := make([]string, len(e.Cards))
	put := func(id int, place string, kinds ...Kind) error {
		if id < 0 || id >= len(e.Cards) {
			return fmt.Errorf("%s holds card %d, which does not exist", place, id)
		}
		if where[id] != "" {
			return fmt.Errorf("card %d (%s) is both in %s and in %s", id, e.Cards[id], where[id], place)
		}
		where[id] = place
		if len(kinds) > 0 && !slices.Contains(kinds, e.Cards[id].Kind) {
			return fmt.Errorf("%s holds the %s", place, e.Cards[id])
		}
		return nil
	}
	all := func(ids []int, place string, kinds ...Kind) error {
		for _, id := range ids {
			if err := put(id, place, kinds...); err != nil {
				return err
			}
		}
		return nil
	}
	for z := Zone(0); z < NumStacks; z++ {
		if err := all(s.Stacks[z], z.Name(), stackKind[z]); err != nil {
			return err
		}
	}
	if err := all(s.ActionCards, "the table", KindAction); err != nil {
		return err
	}
	if err := all(s.Box, "the box"); err != nil {
		return err
	}
	if err := all(s.Step.Looked, "the wild action's look"); err != nil {
		return err
	}
	if s.Step.Kind == StepDock {
		if err := put(s.Step.Card, "the card awaiting a dock", KindWagon, KindEngine); err != nil {
			return err
		}
	}
	sc := e.Seats[s.N]
	placed := make([]int, s.N)
	for z := Zone(0); z < NumZones; z++ {
		if !s.InPlay[z] && len(s.Zones[z]) > 0 {
			return fmt.Errorf("workers on %s, which is not in play", z.Name())
		}
		prev := 0
		if z == ZoneWild {
			prev = e.WildPrinted
		}
		for _, pl := range s.Zones[z] {
			if pl.Count != prev+1 {
				return fmt.Errorf("%s: %d workers placed after %d", z.Name(), pl.Count, prev)
			}
			prev = pl.Count
			if err := all(pl.Cards, z.Name(), KindWorker, KindInnovation); err != nil {
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
		}
	}
	full := 0
	for _, v := range workerValues {
		if !slices.Contains(sc.NoWorkers, v) {
			full += v
		}
	}
	tokens := slices.Clone(s.Tokens)
	for i := range s.Players {
		p := &s.Players[i]
		name := func(part string) string { return fmt.Sprintf("seat %d's %s", i, part) }
		for _, id := range p.Workers {
			if e.Cards[id].Kind == KindWorker && e.Cards[id].Colour != i {
				return fmt.Errorf("%s holds a worker of colour %d", name("hand"), e.Cards[id].Colour)
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
			if err := all(c.ids, name(c.part), c.k); err != nil {
				return err
			}
		}
		if got := s.handWorkers(p) + placed[i]; got != full {
			return fmt.Errorf("seat %d has %d workers in hand and zones, want %d", i, got, full)
		}
		for d := range p.Docks {
			dk := &p.Docks[d]
			if dk.Engine != NoCard {
				if err := put(dk.Engine, name("dock engine"), KindEngine); err != nil {
					return err
				}
			}
			for _, w := range dk.Wagons {
				if err := put(w.Wagon, name("dock wagon"), KindWagon); err != nil {
					return err
				}
				if !WagonFits(e.Cards[w.Wagon].Crest, d) {
					return fmt.Errorf("%s: the %s in dock %d", name("docks"), e.Cards[w.Wagon], d+1)
				}
				if w.Lorry != NoCard {
					if err := put(w.Lorry, name("loaded lorry"), KindLorry); err != nil {
						return err
					}
					lc, wc := e.Cards[w.Lorry].Crest, e.Cards[w.Wagon].Crest
					if !DockShows(d, lc) || (wc != CrestWild && wc != lc) {
						return fmt.Errorf("%s: the %s in a %s in dock %d", name("docks"), e.Cards[w.Lorry], e.Cards[w.Wagon], d+1)
					}
				}
			}
		}
		for _, t := range p.Delivered {
			if err := put(t.Order, name("delivered order"), KindOrder); err != nil {
				return err
			}
			if err := put(t.Engine, name("delivered engine"), KindEngine); err != nil {
				return err
			}
			for _, w := range t.Wagons {
				if err := put(w.Wagon, name("delivered wagon"), KindWagon); err != nil {
					return err
				}
				if w.Lorry != NoCard {
					if err := put(w.Lorry, name("delivered lorry"), KindLorry); err != nil {
						return err
					}
				}
			}
		}
		tokens = append(tokens, p.Tokens...)
	}
	for id, w := range where {
		if w == "" {
			return fmt.Errorf("card %d (%s) is nowhere", id, e.Cards[id])
		}
	}
	slices.Sort(tokens)
	for i, t := range tokens {
		if t != i+1 || len(tokens) != sc.Shifts {
			return fmt.Errorf("shift tokens %v, want 1..%d", tokens, sc.Shifts)
		}
	}
	if got := sc.Shifts - len(s.Tokens) + 1; s.Step.Kind != StepOver && got != s.Shift {
		return fmt.Errorf("shift %d with %d tokens left", s.Shift, len(s.Tokens))
	}
	if s.Step.Kind == StepOver {
		if len(s.Tokens) != 0 || s.Result == nil {
			return fmt.Errorf("game over with %d tokens left or no result", len(s.Tokens))
		}
	} else {
		if s.Turn < 0 || s.Turn >= s.N || s.Players[s.Turn].Passed {
			return fmt.Errorf("turn of seat %d, which cannot act", s.Turn)
		}
		if s.Step.Kind != StepMain && !s.Step.Placed && s.Step.Inno == NoCard {
			return fmt.Errorf("step %s without a worker action or innovation", s.Step.Kind)
		}
		if !s.v1() && s.Step.Kind == StepMain && s.Step.PlayedInno && len(s.placements(s.Turn)) == 0 {
			return fmt.Errorf("seat %d played an action innovation and can place no workers: only a pass is left", s.Turn)
		}
	}
	return nil
}

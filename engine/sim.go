package engine

import "fmt"

// Simulator is implemented by a Match that offers a fast path for search:
// a private copy that plays on in place instead of building a new match per
// action. The contract's immutable Apply stays the way every other caller
// plays; a title's Sim shares its rule code with Legal and Apply and is
// tested equal to them (enginetest.CheckSim).
type Simulator interface {
	// Sim returns a private, mutable copy of the match: nothing the
	// receiver holds changes when the copy plays on.
	Sim() Sim
}

// Sim is a mutable match for play-outs. As a Match it reads as the position
// it has reached (ToAct, Legal, Result, views, Snapshot), and its Apply
// still leaves it as it was; ApplyInPlace moves it on. A Sim belongs to one
// goroutine and is never stored or shown. The lists a Sim's Legal and
// ToAct return, and the actions in them, may be its scratch, rewritten by
// its next Legal or ToAct: a caller plays an action of the list (or copies
// what it chose, or keeps its String) before asking again.
type Sim interface {
	Match
	// ApplyInPlace plays a on the Sim itself and reaches the position
	// Apply would have returned (the same snapshot), without reporting
	// events. A refused action returns the same error as Apply and
	// changes nothing.
	ApplyInPlace(a Action) error
	// Clone returns an independent copy of the Sim in its position.
	Clone() Sim
}

// SimOf returns a private mutable copy of m: its Sim when m offers one,
// else a Sim built on the contract's Apply (correct, not faster).
func SimOf(m Match) Sim {
	if s, ok := m.(Simulator); ok {
		return s.Sim()
	}
	return &applySim{m}
}

// applySim is the fallback Sim of a match without a fast path.
type applySim struct{ Match }

func (s *applySim) ApplyInPlace(a Action) error {
	next, _, err := s.Match.Apply(a)
	if err != nil {
		return err
	}
	s.Match = next
	return nil
}

func (s *applySim) Clone() Sim { return &applySim{s.Match} }

// SimPlayout plays the Sim s on to the end in place, choosing uniformly
// with pick first among the seats to act, then among that seat's legal
// actions, as RandomPlayout does. It returns the number of actions applied
// and fails as RandomPlayout does.
func SimPlayout(s Sim, pick Chooser, limit int) (int, error) {
	n := 0
	for s.Result() == nil {
		if n >= limit {
			return n, fmt.Errorf("game did not end within %d actions", limit)
		}
		seats := s.ToAct()
		if len(seats) == 0 {
			return n, fmt.Errorf("no seat to act but no result")
		}
		seat := seats[pick(len(seats))]
		legal := s.Legal(seat)
		if len(legal) == 0 {
			return n, fmt.Errorf("seat %d must act but has no legal action", seat)
		}
		a := legal[pick(len(legal))]
		if err := s.ApplyInPlace(a); err != nil {
			return n, fmt.Errorf("legal action %s refused: %v", a, err)
		}
		n++
	}
	return n, nil
}

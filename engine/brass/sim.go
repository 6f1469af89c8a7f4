package brass

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Sim returns a private copy of the match that plays on in place, for
// search (engine.Simulator): the same rule code as Apply (apply checks,
// then plays), without a clone of the state per action.
func (m *match) Sim() engine.Sim { return newSim(m.s) }

// sim is a match whose state it alone holds and changes.
type sim struct {
	match
	buf []Action // scratch for Legal
}

// Legal is the match's Legal, listed into the Sim's buffer and handed out
// as pointers into one fresh copy of it (*Action, which Apply and
// ApplyInPlace accept as they accept an Action): two allocations per call
// instead of one per action.
func (m *sim) Legal(seat int) []engine.Action {
	m.buf = m.s.legalInto(m.buf, seat)
	if len(m.buf) == 0 {
		return nil
	}
	l := slices.Clone(m.buf)
	out := make([]engine.Action, len(l))
	for i := range l {
		out[i] = &l[i]
	}
	return out
}

// ApplyInPlace plays a on the sim's own state, as Apply would.
func (m *sim) ApplyInPlace(a engine.Action) error {
	act, ok := a.(Action)
	if !ok {
		if p, isPtr := a.(*Action); isPtr && p != nil {
			act = *p
		} else {
			return engine.Refuse(engine.ErrMalformedAction, engine.Say("bb_err_not_a_move"))
		}
	}
	if err := m.s.apply(act); err != nil {
		return err
	}
	m.s.ev = nil
	return nil
}

// Clone copies the sim in its position.
func (m *sim) Clone() engine.Sim { return newSim(m.s) }

// newSim is a Sim on a copy of s, with its own scratch memo.
func newSim(s *state) *sim {
	c := s.clone()
	c.scratch, c.quiet = &memo{}, true
	return &sim{match: match{c}}
}

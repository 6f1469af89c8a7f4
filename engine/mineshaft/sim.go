package mineshaft

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Sim returns a private copy of the match that plays on in place, for
// search (engine.Simulator): the same rule code as Apply (apply checks,
// then plays), without a clone of the state per action.
func (m *match) Sim() engine.Sim { return newSim(m.s) }

// newSim returns a sim on a copy of s that records no events (quiet).
func newSim(s *state) *sim {
	c := s.clone()
	c.quiet, c.edition = true, editions[c.Edition]
	return &sim{match: match{c}}
}

// sim is a match whose state it alone holds and changes. It remembers the
// last list Legal made, so that playing an action of it needs no second
// search of the moves: apply's own test is membership of that list.
type sim struct {
	match
	listed    []Action // Legal's last list, for seat listedFor at version listedAt
	listedFor int
	listedAt  int
	boxed     []engine.Action // Legal's last answer, reused
}

// Legal is the match's Legal, remembered.
func (m *sim) Legal(seat int) []engine.Action {
	l := m.s.legal(seat)
	m.listed, m.listedFor, m.listedAt = l, seat, m.s.Ver
	if len(l) == 0 {
		return nil
	}
	// The list hands out pointers into l, where boxing each Action as an
	// engine.Action would copy it to the heap, in the sim's own buffer,
	// which its next Legal reuses (engine.Sim).
	out := m.boxed[:0]
	for i := range l {
		out = append(out, &l[i])
	}
	m.boxed = out
	return out
}

// ApplyInPlace plays a on the sim's own state, as Apply would.
func (m *sim) ApplyInPlace(a engine.Action) error {
	act, ok := a.(Action)
	if !ok {
		if p, isPtr := a.(*Action); isPtr && p != nil {
			act = *p
		} else {
			return engine.Refuse(engine.ErrMalformedAction, engine.Say("ms_err_not_a_move"))
		}
	}
	if m.listedAt == m.s.Ver && m.listedFor == act.Seat && slices.Contains(m.listed, act) {
		m.s.do(act) // legal, as apply would find
	} else if err := m.s.apply(act); err != nil {
		return err
	}
	m.listed = nil
	m.s.ev = nil
	return nil
}

// Clone copies the sim in its position.
func (m *sim) Clone() engine.Sim { return newSim(m.s) }

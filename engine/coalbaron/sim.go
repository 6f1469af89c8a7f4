package coalbaron

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Sim returns a private copy of the match that plays on in place, for
// search (engine.Simulator): the same rule code as Apply, without a clone
// of the state per action.
func (m *match) Sim() engine.Sim { return newSim(m.s) }

// newSim returns a sim on a copy of s that records no events (quiet).
func newSim(s *state) *sim {
	c := s.clone()
	c.quiet, c.edition = true, editions[c.Edition]
	return &sim{match: match{c}}
}

// sim is a match whose state it alone holds and changes. It remembers the
// last list Legal made, so that playing an action of it needs no second
// search of the moves: apply's own test (allows) is membership of that
// list.
type sim struct {
	match
	listed    []Action // Legal's last list, for seat listedFor at version listedAt
	listedFor int
	listedAt  int
	buf       []Action        // the backing of listed, reused
	boxed     []engine.Action // Legal's last answer, reused
	arena     comboArena      // the worker combinations of listed
}

// Legal is the match's Legal, remembered. The list lives in the sim's own
// buffers, which its next Legal reuses (engine.Sim).
func (m *sim) Legal(seat int) []engine.Action {
	m.arena.flat, m.arena.out = m.arena.flat[:0], m.arena.out[:0]
	m.s.arena = &m.arena
	l := m.s.appendLegal(m.buf[:0], seat)
	m.s.arena = nil
	m.buf = l
	m.listed, m.listedFor, m.listedAt = l, seat, m.s.Ver
	if len(l) == 0 {
		return nil
	}
	// The list hands out pointers into l, where boxing each Action as
	// an engine.Action would copy it to the heap.
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
			return engine.Refuse(engine.ErrMalformedAction, engine.Say("cb_err_not_a_move"))
		}
	}
	if m.listedAt == m.s.Ver && m.listedFor == act.Seat && slices.ContainsFunc(m.listed, act.equal) {
		m.s.do(act) // legal, as apply's allows would find
	} else if err := m.s.apply(act); err != nil {
		return err
	}
	m.listed = nil
	m.s.ev = nil
	return nil
}

// Clone copies the sim in its position.
func (m *sim) Clone() engine.Sim { return newSim(m.s) }

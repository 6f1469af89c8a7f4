package brass

import "github.com/tinnersbot/tinnersbot/engine"

// Sim returns a private copy of the match that plays on in place, for
// search (engine.Simulator): the same rule code as Apply (apply checks,
// then plays), without a clone of the state per action.
func (m *match) Sim() engine.Sim { return newSim(m.s) }

// sim is a match whose state it alone holds and changes.
type sim struct {
	match
	list  []Action        // Legal's last list
	boxes []engine.Action // pointers to its actions
	seat  [1]int          // ToAct's scratch
	// listedAt is the version list was made at (-1: none).
	listedAt int
}

// Legal is the match's Legal, listed into the Sim's own buffer and handed
// out as pointers into it (*Action, which Apply and ApplyInPlace accept as
// they accept an Action): no allocation per call nor per action. The
// buffer is the Sim's scratch: the list and its actions are valid until
// the Sim's next Legal (engine.Sim), as a play-out reads them.
func (m *sim) Legal(seat int) []engine.Action {
	m.list = m.s.legalInto(m.list, seat)
	m.listedAt = m.s.Ver
	n := len(m.list)
	if n == 0 {
		return nil
	}
	if cap(m.boxes) < n {
		m.boxes = make([]engine.Action, n, 2*n)
	}
	out := m.boxes[:n:n]
	for i := range out {
		out[i] = &m.list[i]
	}
	return out
}

// ToAct is the match's ToAct, the one seat whose turn it is given in the
// Sim's scratch (valid until its next ToAct, as Legal's list).
func (m *sim) ToAct() []int {
	if k := m.s.Step.Kind; k == StepOver || k == StepShortfall {
		return m.s.toAct()
	}
	m.seat[0] = m.s.seat()
	return m.seat[:]
}

// ApplyInPlace plays a on the sim's own state, as Apply would.
func (m *sim) ApplyInPlace(a engine.Action) error {
	act, ok := a.(Action)
	if !ok {
		if p, isPtr := a.(*Action); isPtr && p != nil {
			act = *p
			if m.listed(p) {
				// Checked by Legal in this very position: check would
				// accept it again.
				m.s.do(act)
				m.s.Ver++
				m.s.ev = nil
				return nil
			}
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

// listed reports whether p is an action of the list Legal made in the
// position the Sim is in (as listed: the list is the Sim's, not the
// caller's to change).
func (m *sim) listed(p *Action) bool {
	if m.listedAt != m.s.Ver {
		return false
	}
	for i := range m.list {
		if p == &m.list[i] {
			return true
		}
	}
	return false
}

// Clone copies the sim in its position.
func (m *sim) Clone() engine.Sim { return newSim(m.s) }

// newSim is a Sim on a copy of s, with its own scratch memo.
func newSim(s *state) *sim {
	c := s.clone()
	c.scratch, c.quiet = &memo{}, true
	return &sim{match: match{c}, list: make([]Action, 0, 512), boxes: make([]engine.Action, 0, 512), listedAt: -1}
}

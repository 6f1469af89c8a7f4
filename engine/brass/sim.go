package brass

import "github.com/tinnersbot/tinnersbot/engine"

// Sim returns a private copy of the match that plays on in place, for
// search (engine.Simulator): the same rule code as Apply (apply checks,
// then plays), without a clone of the state per action.
func (m *match) Sim() engine.Sim { return newSim(m.s) }

// sim is a match whose state it alone holds and changes.
type sim struct {
	match
	slab  []Action        // Legal's lists: appended to, never rewritten
	boxes []engine.Action // their pointers, likewise
}

// Legal is the match's Legal, listed straight into a slab of actions and
// handed out as pointers into it (*Action, which Apply and ApplyInPlace
// accept as they accept an Action). A slab is only appended to, never
// rewritten, so a list stays valid after the next call; a full slab is
// left to the lists that hold it and a new one begun: two allocations per
// 1,024 actions listed, none per call.
func (m *sim) Legal(seat int) []engine.Action {
	k := len(m.slab)
	if cap(m.slab)-k < slabSize/4 {
		m.slab, k = make([]Action, 0, slabSize), 0
	}
	l := m.s.legalInto(m.slab[k:k], seat)
	n := len(l)
	if n == 0 {
		return nil
	}
	if n <= cap(m.slab)-k {
		m.slab = m.slab[:k+n] // listed in place
	} else {
		m.slab = l // outgrew the slab: its own array
	}
	l = l[:n:n]
	if cap(m.boxes)-len(m.boxes) < n {
		m.boxes = make([]engine.Action, 0, max(slabSize, n))
	}
	b := len(m.boxes)
	out := m.boxes[b : b+n : b+n]
	for i := range out {
		out[i] = &l[i]
	}
	m.boxes = m.boxes[:b+n]
	return out
}

// slabSize is the actions a Sim's slab holds.
const slabSize = 1024

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

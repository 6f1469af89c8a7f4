package brass

import "github.com/tinnersbot/tinnersbot/engine"

// Sim returns a private copy of the match that plays on in place, for
// search (engine.Simulator): the same rule code as Apply (apply checks,
// then plays), without a clone of the state per action.
func (m *match) Sim() engine.Sim { return &sim{match{m.s.clone()}} }

// sim is a match whose state it alone holds and changes.
type sim struct{ match }

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
func (m *sim) Clone() engine.Sim { return &sim{match{m.s.clone()}} }

package tinners

import "github.com/tinnersbot/tinnersbot/engine"

// Sim returns a private copy of the match that plays on in place, for
// search (engine.Simulator): the same rule code as Apply (check, then
// play), without a clone of the state per action.
func (m Match) Sim() engine.Sim { return &sim{Match{m.S.Clone()}} }

// sim is a Match whose state it alone holds and changes.
type sim struct{ Match }

// ApplyInPlace plays a on the sim's own state, as Apply would.
func (m *sim) ApplyInPlace(a engine.Action) error {
	ta, ok := a.(Action)
	if !ok {
		return forbid(ErrMalformedAction, say("tt_err_not_tt_move"))
	}
	if err := m.S.check(ta); err != nil {
		return err
	}
	m.S.play(ta)
	return nil
}

// Clone copies the sim in its position.
func (m *sim) Clone() engine.Sim { return &sim{Match{m.S.Clone()}} }

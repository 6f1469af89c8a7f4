package tinners

import (
	"math/rand/v2"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Sim returns a private copy of the match that plays on in place, for
// search (engine.Simulator): the same rule code as Apply (check, then
// play), without a clone of the state per action.
//
// A play-out reads no log, and building its lines (a catalogue message
// each) was a quarter of one: the sim plays quiet, writing no line and no
// event, and keeps instead the actions it played since its last full
// state. Whatever reads the log (the snapshot, the views, Apply,
// Determinize) first has the sim replay those actions on that full state
// (full), which gives the same state with its log: the state is a function
// of the state before and the action, as any replay of a game is.
func (m Match) Sim() engine.Sim { return newSim(m.S) }

// sim is a Match whose state it alone holds and changes.
type sim struct {
	Match
	// origin is the full (loud) state the quiet one left, never changed;
	// played the actions played on since.
	origin *State
	played []Action
	acts   []engine.Action // Legal's last list, reused (engine.Sim)
}

// newSim plays on from origin, a state nothing changes (a Match's).
func newSim(origin *State) *sim {
	s := origin.Clone()
	s.quiet = true
	return &sim{Match: Match{s}, origin: origin}
}

// full gives the sim its log: the actions played quiet are replayed, loud,
// on origin, whose result becomes the new origin.
func (m *sim) full() {
	if len(m.played) == 0 {
		return
	}
	s := m.origin.Clone()
	for _, a := range m.played {
		s.play(a)
	}
	m.origin, m.played = s, nil
	m.S = s.Clone()
	m.S.quiet = true
}

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
	m.played = append(m.played, ta)
	return nil
}

// Legal is the match's Legal in the sim's own buffer, which its next Legal
// reuses (engine.Sim).
func (m *sim) Legal(seat int) []engine.Action {
	m.acts = m.S.appendLegalEngine(m.acts[:0], seat)
	if len(m.acts) == 0 {
		return nil
	}
	return m.acts
}

// Clone copies the sim in its position.
func (m *sim) Clone() engine.Sim {
	c := &sim{Match: Match{m.S.Clone()}, origin: m.origin, played: m.played[:len(m.played):len(m.played)]}
	c.S.quiet = true
	return c
}

// The readers of the log read the full state.

func (m *sim) Apply(a engine.Action) (engine.Match, []engine.Event, error) {
	m.full()
	return m.Match.Apply(a)
}

func (m *sim) Public() any {
	m.full()
	return m.Match.Public()
}

func (m *sim) Seat(seat int) any {
	m.full()
	return m.Match.Seat(seat)
}

func (m *sim) Snapshot() ([]byte, error) {
	m.full()
	return m.Match.Snapshot()
}

func (m *sim) Determinize(seat int, r *rand.Rand) engine.Match {
	m.full()
	return m.Match.Determinize(seat, r)
}

func (m *sim) Sim() engine.Sim {
	m.full()
	return m.Match.Sim()
}

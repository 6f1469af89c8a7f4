package ttui

import (
	"context"
	"fmt"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// ttStore is the Store seen by Tinners' Trail's own turn controls: the
// same games, through its state type. Everything goes through the Store's
// engine.Match calls, so storage keeps knowing no title.
type ttStore struct{ s kit.Store }

// tts returns the Tinners' Trail view of the bot's store.
func (m *host) tts() ttStore { return ttStore{m.Store()} }

// Batch is one interaction's moves, applied in one transaction: the
// player's actions, then automatic follow-ups (standing orders, forced
// moves), then the bookkeeping, all or nothing.
type Batch struct {
	Actions []tinners.Action
	Then    func(*tinners.State) (tinners.Action, bool)
	Update  func(*kit.Table, *tinners.State) error
}

// stateOf returns a copy of a Tinners' Trail match's state, for the bot to
// read (and, in places, adjust) without touching storage's cached match.
func stateOf(m engine.Match) *tinners.State {
	if _, ok := m.(tinners.Match); !ok {
		return nil
	}
	return tinners.StateOf(m).Clone()
}

// Start turns a lobby into a running game set up with setup.
func (ts ttStore) Start(ctx context.Context, id string, setup tinners.Setup) (*tinners.State, error) {
	m, err := ts.s.StartMatch(ctx, id, setup.Generic())
	return stateOf(m), err
}

// State returns the current state of a started game; errOtherTitle when
// the table plays another title.
func (ts ttStore) State(ctx context.Context, id string) (*tinners.State, error) {
	m, err := ts.s.Match(ctx, id)
	if err != nil {
		return nil, err
	}
	if _, ok := m.(tinners.Match); !ok {
		return nil, fmt.Errorf("%w: game %s", kit.ErrOtherTitle, id)
	}
	return stateOf(m), nil
}

// Apply applies a if the game's version is still seen (else ErrStale).
func (ts ttStore) Apply(ctx context.Context, id string, seen int, a tinners.Action) (*tinners.State, []tinners.Event, error) {
	m, ev, _, err := ts.s.ApplyMatch(ctx, id, seen, kit.MatchBatch{Actions: []engine.Action{a}})
	return stateOf(m), ev, err
}

// ApplyBatch applies b if the game's version is still seen (else
// ErrStale); any rule error leaves everything unchanged.
func (ts ttStore) ApplyBatch(ctx context.Context, id string, seen int, b Batch) (*tinners.State, []tinners.Event, kit.Table, error) {
	mb := kit.MatchBatch{}
	for _, act := range b.Actions {
		mb.Actions = append(mb.Actions, act)
	}
	if b.Then != nil {
		mb.Then = func(m engine.Match) (engine.Action, bool) {
			act, ok := b.Then(tinners.StateOf(m))
			return act, ok
		}
	}
	if b.Update != nil {
		mb.Update = func(t *kit.Table, m engine.Match, _ []engine.Event) error { return b.Update(t, stateOf(m)) }
	}
	m, ev, t, err := ts.s.ApplyMatch(ctx, id, seen, mb)
	return stateOf(m), ev, t, err
}

// Undo is Store.UndoMatch through the state type.
func (ts ttStore) Undo(ctx context.Context, id string, seen, seat, to int, update func(*kit.Table, *tinners.State) error) (*tinners.State, kit.Table, error) {
	var uf func(*kit.Table, engine.Match) error
	if update != nil {
		uf = func(t *kit.Table, m engine.Match) error { return update(t, stateOf(m)) }
	}
	m, t, err := ts.s.UndoMatch(ctx, id, seen, seat, to, uf)
	return stateOf(m), t, err
}

// Record returns the game as a Tinners' Trail record.
func (ts ttStore) Record(ctx context.Context, id string) (*tinners.Record, error) {
	r, err := ts.s.MatchRecord(ctx, id)
	if err != nil {
		return nil, err
	}
	return tinners.RecordFrom(r)
}

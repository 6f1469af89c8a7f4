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

// State returns the current state of a started game; kit.ErrOtherTitle when
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

// Record returns the game as a Tinners' Trail record.
func (ts ttStore) Record(ctx context.Context, id string) (*tinners.Record, error) {
	r, err := ts.s.MatchRecord(ctx, id)
	if err != nil {
		return nil, err
	}
	return tinners.RecordFrom(r)
}

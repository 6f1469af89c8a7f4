package storage

import (
	"context"
	"encoding/json"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// Storage knows no title; these typed wrappers let its tests drive
// Tinners' Trail games with the Tinners' Trail types.

func ts(m engine.Match) *tinners.State {
	if m == nil {
		return nil
	}
	return tinners.StateOf(m)
}

func startT(s *Store, ctx context.Context, id string, st tinners.Setup) (*tinners.State, Header, error) {
	m, h, err := s.Start(ctx, id, st.Generic())
	return ts(m), h, err
}

func applyT(s *Store, ctx context.Context, id string, seen int, a tinners.Action) (*tinners.State, []engine.Event, Header, error) {
	m, ev, h, err := s.Apply(ctx, id, seen, a)
	return ts(m), ev, h, err
}

// batchT is a Batch in Tinners' Trail types.
type batchT struct {
	Actions []tinners.Action
	Then    func(*tinners.State) (tinners.Action, bool)
	Header  func(*Header, *tinners.State) error
}

func applyBatchT(s *Store, ctx context.Context, id string, seen int, b batchT) (*tinners.State, []engine.Event, Header, error) {
	var g Batch
	for _, a := range b.Actions {
		g.Actions = append(g.Actions, a)
	}
	if b.Then != nil {
		g.Then = func(m engine.Match) (engine.Action, bool) {
			a, ok := b.Then(ts(m))
			return a, ok
		}
	}
	if b.Header != nil {
		g.Header = func(h *Header, m engine.Match, _ []engine.Event) error { return b.Header(h, ts(m)) }
	}
	m, ev, h, err := s.ApplyBatch(ctx, id, seen, g)
	return ts(m), ev, h, err
}

func loadT(s *Store, ctx context.Context, id string) (Header, *tinners.State, error) {
	h, m, err := s.Load(ctx, id)
	return h, ts(m), err
}

func replayT(s *Store, ctx context.Context, id string) (*tinners.State, error) {
	m, err := s.Replay(ctx, id)
	return ts(m), err
}

func undoT(s *Store, ctx context.Context, id string, seen, seat, to int, header func(*Header, *tinners.State) error) (*tinners.State, Header, error) {
	var f func(*Header, engine.Match) error
	if header != nil {
		f = func(h *Header, m engine.Match) error { return header(h, ts(m)) }
	}
	m, h, err := s.Undo(ctx, id, seen, seat, to, f)
	return ts(m), h, err
}

// recordT converts a storage record to the Tinners' Trail record type.
func recordT(r *engine.Record) *tinners.Record {
	out := &tinners.Record{Edition: r.Edition, Seats: r.Seats, Seed: r.Seed, Actions: r.Actions}
	if len(r.Options) > 0 {
		if err := json.Unmarshal(r.Options, &out.Options); err != nil {
			panic(err)
		}
	}
	if len(r.Setup) > 0 {
		out.Setup = new(tinners.SetupOverrides)
		if err := json.Unmarshal(r.Setup, out.Setup); err != nil {
			panic(err)
		}
	}
	return out
}

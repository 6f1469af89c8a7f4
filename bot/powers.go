package bot

import (
	"context"
	"sync/atomic"

	"github.com/tinnersbot/tinnersbot/engine"
)

// What an interaction wrote. A refused interaction must write nothing, not
// even bookkeeping on the side such as the player's Discord language
// (withNotices): that is kept only alongside a write the interaction made
// anyway. The router notes the interaction's writes in its context
// (noteWrites); every write to the Store goes through writeNoting.

type writesKey struct{}

// noteWrites returns ctx with a fresh note of writes, for wroteIn.
func noteWrites(ctx context.Context) context.Context {
	return context.WithValue(ctx, writesKey{}, new(atomic.Bool))
}

// markWrite notes in ctx that a write went through.
func markWrite(ctx context.Context) {
	if b, ok := ctx.Value(writesKey{}).(*atomic.Bool); ok {
		b.Store(true)
	}
}

// wroteIn reports whether a write went through under ctx since noteWrites.
func wroteIn(ctx context.Context) bool {
	b, ok := ctx.Value(writesKey{}).(*atomic.Bool)
	return ok && b.Load()
}

// writeNoting is a Store that notes each write that went through in its
// context (markWrite). Reads pass through.
type writeNoting struct{ Store }

// unwrapStore is the Store under any writeNoting.
func unwrapStore(s Store) Store {
	if w, ok := s.(writeNoting); ok {
		return w.Store
	}
	return s
}

// noted marks a write in ctx when err is nil, and returns err.
func noted(ctx context.Context, err error) error {
	if err == nil {
		markWrite(ctx)
	}
	return err
}

func (w writeNoting) CreateTable(ctx context.Context, t Table) (Table, error) {
	t, err := w.Store.CreateTable(ctx, t)
	return t, noted(ctx, err)
}

func (w writeNoting) UpdateTable(ctx context.Context, id string, fn func(*Table) error) (Table, error) {
	t, err := w.Store.UpdateTable(ctx, id, fn)
	return t, noted(ctx, err)
}

func (w writeNoting) StartMatch(ctx context.Context, id string, setup engine.Setup) (engine.Match, error) {
	mt, err := w.Store.StartMatch(ctx, id, setup)
	return mt, noted(ctx, err)
}

func (w writeNoting) ApplyMatch(ctx context.Context, id string, seen int, b MatchBatch) (engine.Match, []engine.Event, Table, error) {
	mt, evs, t, err := w.Store.ApplyMatch(ctx, id, seen, b)
	return mt, evs, t, noted(ctx, err)
}

func (w writeNoting) UndoMatch(ctx context.Context, id string, seen, seat, to int, update func(*Table, engine.Match) error) (engine.Match, Table, error) {
	mt, t, err := w.Store.UndoMatch(ctx, id, seen, seat, to, update)
	return mt, t, noted(ctx, err)
}

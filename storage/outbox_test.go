package storage

import (
	"context"
	"errors"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestOutboxSameTransaction: the post a batch owes is stored with the
// move or not at all, sees the entry it replaces, survives a reopen, is
// removed only for the version and epoch it shows, and a damaged entry is
// reported without hiding the others.
func TestOutboxSameTransaction(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	h, _, _ := scripted(t, s, "c")
	owe := func(ping ...int) func(*Outbox, Header, engine.Match, []engine.Event) (*Outbox, error) {
		return func(_ *Outbox, h Header, m engine.Match, _ []engine.Event) (*Outbox, error) {
			return &Outbox{Channel: h.ChannelID, Version: m.Version(), Ping: ping}, nil
		}
	}
	one := func(str string) []engine.Action {
		var out []engine.Action
		for _, a := range acts(t, str) {
			out = append(out, a)
		}
		return out
	}

	t.Run("a refused batch owes nothing", func(t *testing.T) {
		boom := errors.New("boom")
		_, _, _, err := s.ApplyBatch(ctx, h.ID, 0, Batch{Actions: one("0/pass"), Outbox: owe(1),
			Header: func(*Header, engine.Match, []engine.Event) error { return boom }})
		if !errors.Is(err, boom) {
			t.Fatalf("want boom, got %v", err)
		}
		if _, ok, err := s.PendingPost(ctx, h.ID); ok || err != nil {
			t.Fatalf("owed after a failed batch: %v %v", ok, err)
		}
		// An error from the outbox function aborts the move too.
		_, _, _, err = s.ApplyBatch(ctx, h.ID, 0, Batch{Actions: one("0/pass"),
			Outbox: func(*Outbox, Header, engine.Match, []engine.Event) (*Outbox, error) { return nil, boom }})
		if !errors.Is(err, boom) || len(logOf(t, s, h.ID)) != 0 {
			t.Fatalf("outbox error: %v, log %v", err, logOf(t, s, h.ID))
		}
	})

	top := t
	t.Run("owed with the move, then replaced", func(t *testing.T) {
		if _, _, _, err := s.ApplyBatch(ctx, h.ID, 0, Batch{Actions: one("0/pass"), Outbox: owe(1)}); err != nil {
			t.Fatal(err)
		}
		o, ok, err := s.PendingPost(ctx, h.ID)
		if !ok || err != nil || o.Version != 1 || o.GameID != h.ID || o.Channel != "c" || len(o.Ping) != 1 || o.Ping[0] != 1 {
			t.Fatalf("owed %+v %v %v", o, ok, err)
		}
		var saw *Outbox
		if _, _, _, err := s.ApplyBatch(ctx, h.ID, 1, Batch{Actions: one("1/pass"),
			Outbox: func(p *Outbox, h Header, m engine.Match, ev []engine.Event) (*Outbox, error) {
				saw = p
				return owe(2)(p, h, m, ev)
			}}); err != nil {
			t.Fatal(err)
		}
		if saw == nil || saw.Version != 1 {
			t.Fatalf("the outbox function saw %+v", saw)
		}
		// An older version's delivery does not remove the newer post.
		if done, err := s.PostDone(ctx, h.ID, 1, 0); done || err != nil {
			t.Fatalf("PostDone(1) = %v, %v", done, err)
		}
		if done, err := s.PostDone(ctx, h.ID, 2, 1); done || err != nil {
			t.Fatalf("PostDone(2, epoch 1) = %v, %v", done, err)
		}
		s2 := reopen(top, s)
		all, err := s2.PendingPosts(ctx)
		if err != nil || len(all) != 1 || all[0].Version != 2 {
			t.Fatalf("after reopening: %+v %v", all, err)
		}
		if done, err := s2.PostDone(ctx, h.ID, 2, 0); !done || err != nil {
			t.Fatalf("PostDone(2) = %v, %v", done, err)
		}
		if all, err := s2.PendingPosts(ctx); len(all) != 0 || err != nil {
			t.Fatalf("after delivery: %+v %v", all, err)
		}
		s = s2
	})

	t.Run("damaged entry", func(t *testing.T) {
		h2, _, _ := scripted(t, s, "d")
		for _, id := range []string{h.ID, h2.ID} {
			hd, _ := s.Header(ctx, id)
			if _, _, _, err := s.ApplyBatch(ctx, id, hd.Version, Batch{Actions: one(map[bool]string{true: "2/pass", false: "0/pass"}[id == h.ID]), Outbox: owe(0)}); err != nil {
				t.Fatal(err)
			}
		}
		flipOutboxBit(t, s, h.ID)
		all, err := s.PendingPosts(ctx)
		if !errors.Is(err, ErrOutboxDamaged) || len(all) != 1 || all[0].GameID != h2.ID {
			t.Fatalf("with one damaged entry: %+v, %v", all, err)
		}
		if _, _, err := s.PendingPost(ctx, h.ID); !errors.Is(err, ErrOutboxDamaged) {
			t.Fatalf("PendingPost of the damaged entry: %v", err)
		}
		// The check of the whole database names it.
		if _, problems, err := s.Verify(ctx); err != nil || len(problems) != 1 || problems[0].GameID != h.ID || !errors.Is(problems[0].Err, ErrOutboxDamaged) {
			t.Fatalf("Verify with a damaged outbox entry: %+v, %v", problems, err)
		}
		if done, err := s.PostDone(ctx, h.ID, 0, 0); !done || err != nil {
			t.Fatalf("a damaged entry is dropped: %v %v", done, err)
		}
	})
}

// reopen closes s and opens its file again.
func reopen(t *testing.T, s *Store) *Store {
	t.Helper()
	path := s.openedFrom()
	s.Close()
	s2, err := Open(path, Options{Titles: s.rules.titles, Now: s.now, NewID: s.newID})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s2.Close() })
	return s2
}

package storage

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	bolt "go.etcd.io/bbolt"
)

// TestMigrateDatabaseFromBeforeTitles opens a database written by the
// build before titles existed (testdata/before-titles.db: schema 1, three
// Tinners' Trail games — running base game, running with modules,
// finished): the start-up migration names every game's title, and every
// game loads, replays and keeps playing.
func TestMigrateDatabaseFromBeforeTitles(t *testing.T) {
	src, err := os.ReadFile("testdata/before-titles.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(path, src, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(path, Options{Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	want := map[string]struct {
		version int
		status  Status
	}{
		"ctn6purj": {40, StatusRunning},
		"c9dejcm5": {25, StatusRunning},
		"h8j3v3by": {176, StatusFinished},
	}
	for id, w := range want {
		h, m, err := s.Load(ctx, id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if h.Title != tinners.ID || h.Version != w.version || h.Status != w.status || m.Version() != w.version {
			t.Fatalf("%s: title %q version %d/%d status %s; want %q %d %s", id, h.Title, h.Version, m.Version(), h.Status, tinners.ID, w.version, w.status)
		}
		checkReplay(t, s, id)
		rec, err := s.Record(ctx, id)
		if err != nil || rec.Title != tinners.ID {
			t.Fatalf("%s: record %+v, %v", id, rec, err)
		}
		if _, err := engine.Replay(tinners.Title, rec, -1); err != nil {
			t.Fatalf("%s: exported record does not replay: %v", id, err)
		}
		// Migration 4 indexed the old games by member and channel.
		for _, seat := range h.Seats {
			if seat.UserID == "" {
				continue
			}
			hs, err := s.GamesOf(ctx, seat.UserID)
			if err != nil || !slices.ContainsFunc(hs, func(x Header) bool { return x.ID == id }) {
				t.Fatalf("%s: GamesOf(%s) after the migration: %v, %v", id, seat.UserID, hs, err)
			}
		}
		if hs, err := s.GamesIn(ctx, h.ChannelID); err != nil || !slices.ContainsFunc(hs, func(x Header) bool { return x.ID == id }) {
			t.Fatalf("%s: GamesIn(%s) after the migration: %v, %v", id, h.ChannelID, hs, err)
		}
		if w.status != StatusRunning {
			continue
		}
		seat := m.ToAct()[0]
		next, _, _, err := s.Apply(ctx, id, h.Version, m.Legal(seat)[0])
		if err != nil || next.Version() != w.version+1 {
			t.Fatalf("%s: a move after the migration: %v", id, err)
		}
	}
	checkSealed(t, s)
	if _, probs, err := s.Verify(ctx); err != nil || len(probs) != 0 {
		t.Fatalf("Verify after the migration: %v, %v", probs, err)
	}
	if _, m, _ := s.Load(ctx, "c9dejcm5"); !tinners.StateOf(m).Options.Arsenic || !tinners.StateOf(m).Options.Emigration {
		t.Fatal("the modules game lost its options")
	}
	if err := s.db.View(func(tx *bolt.Tx) error {
		if v := schemaOf(tx); v != SchemaVersion() || v != 4 {
			t.Errorf("schema %d after the migration, want 4", v)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

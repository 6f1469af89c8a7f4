package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/storage"
)

// storageFixture makes a database holding one 2-seat game played 25 actions
// in, and returns its path and the game id.
func storageFixture(t *testing.T) (string, string) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tinners.db")
	s, err := storage.Open(path, storage.Options{Titles: titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	h, err := s.CreateLobby(ctx, storage.Header{ChannelID: "c1", Seats: []storage.Seat{{UserID: "1", Name: "Ann"}, {UserID: "2", Name: "Bob", Colour: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	st, _, err := s.Start(ctx, h.ID, tinners.Setup{Seed: 99}.Generic())
	if err != nil {
		t.Fatal(err)
	}
	for range 25 {
		seat := st.ToAct()[0]
		a := st.Legal(seat)[0]
		if st, _, _, err = s.Apply(ctx, h.ID, st.Version(), a); err != nil {
			t.Fatal(err)
		}
	}
	return path, h.ID
}

func run(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = dispatch(context.Background(), args, &o, &e)
	return code, o.String(), e.String()
}

func TestStorageCommands(t *testing.T) {
	path, id := storageFixture(t)
	t.Setenv("TINNERS_DB", path)
	dir := t.TempDir()

	t.Run("export to stdout", func(t *testing.T) {
		code, out, errs := run(t, "export", id)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		rec, err := tinners.UnmarshalRecord([]byte(out))
		if err != nil {
			t.Fatal(err)
		}
		if rec.Seed != 99 || len(rec.Actions) != 25 || rec.Seats[1] != "Bob" {
			t.Fatalf("record: %+v", rec)
		}
		if _, err := tinners.Replay(rec); err != nil {
			t.Fatal(err)
		}
	})

	rec := filepath.Join(dir, "game.json")
	t.Run("export to file, flag after id", func(t *testing.T) {
		if code, _, errs := run(t, "export", id, "-o", rec); code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
	})

	t.Run("import", func(t *testing.T) {
		code, out, errs := run(t, "import", "-channel", "c9", rec)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		newID := strings.TrimSpace(out)
		if newID == "" || newID == id {
			t.Fatalf("import printed %q", out)
		}
		s, err := storage.Open(path, storage.Options{ReadOnly: true, Titles: titles()})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		h, st, err := s.Load(context.Background(), newID)
		if err != nil || h.Status != storage.StatusArchived || st.Version() != 25 {
			t.Fatalf("imported game: %v %+v", err, h)
		}
	})

	t.Run("backup", func(t *testing.T) {
		out := filepath.Join(dir, "backup.db")
		if code, _, errs := run(t, "backup", out); code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		b, err := storage.Open(out, storage.Options{ReadOnly: true, Titles: titles()})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		if err := b.Check(context.Background()); err != nil {
			t.Fatal(err)
		}
		if _, st, err := b.Load(context.Background(), id); err != nil || st.Version() != 25 {
			t.Fatalf("game in backup: %v", err)
		}
	})

	t.Run("errors", func(t *testing.T) {
		for _, args := range [][]string{
			{"export"}, {"export", "nosuchgame"}, {"import", filepath.Join(dir, "missing.json")}, {"backup"},
		} {
			if code, _, errs := run(t, args...); code == 0 || errs == "" {
				t.Errorf("%v: exit %d, stderr %q", args, code, errs)
			}
		}
	})

	t.Run("database in use", func(t *testing.T) {
		s, err := storage.Open(path, storage.Options{Titles: titles()})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		start := time.Now()
		code, _, errs := run(t, "export", id)
		if code == 0 || !strings.Contains(errs, "in use") {
			t.Fatalf("exit %d, stderr %q", code, errs)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Fatalf("took %v", d)
		}
	})
}

package storage

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestGenerateBeforeChecksums writes testdata/before-checksums.db with this
// build (schema 2, before headers and log entries carried checksums): a
// running game with a due reminder, a finished game, a lobby and an
// aborted game. Run with STORAGE_GEN=1.
func TestGenerateBeforeChecksums(t *testing.T) {
	if os.Getenv("STORAGE_GEN") == "" {
		t.Skip("STORAGE_GEN not set")
	}
	path := filepath.Join(t.TempDir(), "gen.db")
	c := newClock()
	s, err := Open(path, Options{Titles: tinners.Titles(), Now: c.Now, NewID: seqIDs()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r := rand.New(rand.NewPCG(7, 7))
	run, _ := running(t, s, "c-run", 3, 11) // g1
	play(t, s, run.ID, 30, r)
	fin, _ := running(t, s, "c-fin", 2, 12) // g2
	if _, st := play(t, s, fin.ID, 10000, r); st.Phase != tinners.PhaseOver {
		t.Fatal("the finished game did not finish")
	}
	lobby(t, s, "c-lobby", 2) // g3
	ab, _ := running(t, s, "c-ab", 2, 13) // g4
	play(t, s, ab.ID, 5, r)
	if _, err := s.SetStatus(ctx, ab.ID, StatusAborted); err != nil {
		t.Fatal(err)
	}
	c.Advance(48 * time.Hour)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("testdata/before-checksums.db", b, 0o644); err != nil {
		t.Fatal(err)
	}
}

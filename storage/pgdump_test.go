package storage

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"github.com/tinnersbot/tinnersbot/storage/pgtest"
)

// TestPgDumpRestore: the backup the README documents for PostgreSQL —
// pg_dump -Fc while the Store is open, pg_restore into an empty database —
// gives a database the Store opens, where every game verifies and exports
// the same record.
func TestPgDumpRestore(t *testing.T) {
	testenv.FullOnly(t) // plays whole games
	ctx := context.Background()
	c := pgtest.Shared(t)
	url := pgtest.URL(t)
	s, err := Open(url, Options{Titles: tinners.Titles(), NewID: seqIDs()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	h, _ := running(t, s, "c1", 3, 21)
	h, _ = play(t, s, h.ID, 30, randFor(6))
	lobby(t, s, "c2", 2)
	dump := filepath.Join(t.TempDir(), "tinners.dump")
	if out, err := exec.Command(filepath.Join(c.Bin(), "pg_dump"), "-Fc", "-f", dump, url).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}
	into := pgtest.URL(t)
	if out, err := exec.Command(filepath.Join(c.Bin(), "pg_restore"), "-d", into, dump).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v\n%s", err, out)
	}
	r, err := Open(into, Options{Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	n, probs, err := r.Verify(ctx)
	if err != nil || n != 2 || len(probs) != 0 {
		t.Fatalf("Verify of the restored database: %d games, %v, %v", n, probs, err)
	}
	a, _ := s.Export(ctx, h.ID)
	b, err := r.Export(ctx, h.ID)
	if err != nil || string(a) != string(b) {
		t.Fatalf("the restored game exports differently (%v)", err)
	}
	if got, err := r.ByChannel(ctx, "c2"); err != nil || got.Status != StatusLobby {
		t.Fatalf("the restored lobby: %+v, %v", got, err)
	}
}

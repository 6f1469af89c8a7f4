package main

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/storage"
	"github.com/tinnersbot/tinnersbot/storage/pgtest"
)

// TestMain runs the tests with the package's shared fixtures: the
// throwaway PostgreSQL cluster (pgtest) and the built binary
// (builtBinary), each made on first use and removed at the end.
func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// TestMigrateToPostgres: `tinnersbot migrate` copies a BoltDB file into
// a throwaway PostgreSQL database; the game replays there to the same
// record, and export reads it back through TINNERS_DATABASE_URL; backup
// on PostgreSQL points at pg_dump.
func TestMigrateToPostgres(t *testing.T) {
	path, id := storageFixture(t)
	url := pgtest.URL(t)
	code, out, errs := run(t, "migrate", "--from", path, "--to", url)
	if code != 0 || !strings.Contains(out, "copied 1 games") {
		t.Fatalf("migrate: exit %d\n%s\n%s", code, out, errs)
	}
	if strings.Contains(out, "tinners@") && strings.Contains(url, ":secret@") {
		t.Fatal("the password was printed")
	}
	ctx := context.Background()
	src, err := storage.Open(path, storage.Options{ReadOnly: true, Titles: titles()})
	if err != nil {
		t.Fatal(err)
	}
	want, err := src.Export(ctx, id)
	src.Close()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("TINNERS_DATABASE_URL", url)
	code, got, errs := run(t, "export", id)
	if code != 0 || strings.TrimSpace(got) != strings.TrimSpace(string(want)) {
		t.Fatalf("export from PostgreSQL: exit %d (%s)\n%s\nwant\n%s", code, errs, got, want)
	}
	if code, _, errs := run(t, "check"); code != 0 {
		t.Fatalf("check on PostgreSQL: exit %d: %s", code, errs)
	}
	if code, _, errs := run(t, "backup", "x.dump"); code != 2 || !strings.Contains(errs, "pg_dump") {
		t.Fatalf("backup on PostgreSQL: exit %d: %s", code, errs)
	}
	// Into a database that already holds the game: refused, nothing doubled.
	if code, _, _ := run(t, "migrate", "--from", path, "--to", url); code == 0 {
		t.Fatal("a second migrate into the same database succeeded")
	}
}

// TestBotOnPostgres: the binary with TINNERS_DATABASE_URL keeps its
// tables in PostgreSQL: two lobbies opened and joined through the fake
// Discord are there (and no BoltDB file is made), and SIGTERM ends it
// cleanly.
func TestBotOnPostgres(t *testing.T) {
	url := pgtest.URL(t)
	b := startBinaryEnv(t, "TINNERS_DATABASE_URL="+url)
	b.lobbies(2)
	s, err := storage.Open(url, storage.Options{ReadOnly: true, Titles: titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	for k := range 2 {
		h, err := s.ByChannel(ctx, binChannel(k))
		if err != nil || h.Status != storage.StatusLobby || len(h.Seats) != 2 {
			t.Fatalf("channel %d in PostgreSQL: %+v, %v\nstderr:\n%s", k, h, err, b.stderr.String())
		}
	}
	if _, err := os.Stat(b.db); err == nil {
		t.Fatalf("the bot made a BoltDB file %s although TINNERS_DATABASE_URL was set", b.db)
	}
	b.sigtermWhen("lobbies stored", func([]fakediscord.Call) bool { return true })
}

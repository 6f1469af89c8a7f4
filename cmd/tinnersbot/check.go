package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tinnersbot/tinnersbot/storage"
)

// runCheck verifies every record of a database: bbolt's own consistency
// check, then per game the checksums of its header and log entries and
// that its log replays to the version of its header and snapshot. It
// prints one line per damaged game and exits 1 if there is any (0 when
// all is well, 2 on bad usage). While the bot has the file open (bbolt
// locks it) it checks a copy the running bot writes over its backup
// socket, as backup does; a file from before the current schema is
// checked on a migrated copy, and the file itself is never written.
func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "database file (default $TINNERS_DB or ./tinners.db)")
	fs.Usage = func() { fmt.Fprintln(stderr, "usage: tinnersbot check [-db DB] [FILE]") }
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 1 {
		fs.Usage()
		return 2
	}
	path := dbPath(*db)
	if len(pos) == 1 {
		path = pos[0]
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "tinnersbot check: %v\n", err)
		return 1
	}
	if _, err := os.Stat(path); err != nil && !storage.IsURL(path) {
		return fail(err) // Open would create an empty database
	}
	tmp, err := os.MkdirTemp("", "tinnersbot-check")
	if err != nil {
		return fail(err)
	}
	defer os.RemoveAll(tmp)
	via := ""
	s, err := storage.Open(path, storage.Options{ReadOnly: true, Titles: titles()})
	if errors.Is(err, storage.ErrDatabaseInUse) {
		copyPath := filepath.Join(tmp, "live.db")
		if _, rerr := storage.RequestBackup(ctx, storage.SocketPath(path), copyPath); rerr != nil {
			return fail(fmt.Errorf("%v (and the running bot could not write a copy: %v)", err, rerr))
		}
		via = " (a copy written by the running bot)"
		s, err = storage.Open(copyPath, storage.Options{ReadOnly: true, Titles: titles()})
	}
	if errors.Is(err, storage.ErrNeedsMigration) {
		copyPath := filepath.Join(tmp, "migrated.db")
		if cerr := copyFile(path, copyPath); cerr != nil {
			return fail(cerr)
		}
		via = " (a copy migrated to the current schema)"
		s, err = storage.Open(copyPath, storage.Options{Titles: titles()})
	}
	if err != nil {
		return fail(err)
	}
	defer s.Close()
	bad := 0
	if err := s.Check(ctx); err != nil {
		fmt.Fprintf(stdout, "file: bbolt consistency check failed: %v\n", err)
		bad++
	}
	n, problems, err := s.Verify(ctx)
	if err != nil {
		return fail(err)
	}
	for _, p := range problems {
		fmt.Fprintf(stdout, "damaged game %s: %v\n", p.GameID, p.Err)
	}
	bad += len(problems)
	fmt.Fprintf(stdout, "checked %s%s: %d games, %d damaged\n", storage.Shown(path), via, n, len(problems))
	if bad > 0 {
		return 1
	}
	return 0
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o600)
}

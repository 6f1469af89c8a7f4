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

// dbPath is the database the storage subcommands use: -db, else $TINNERS_DB,
// else ./tinners.db.
func dbPath(flagValue string) string {
	if flagValue != "" {
		return flagValue
	}
	if u := os.Getenv("TINNERS_DATABASE_URL"); u != "" {
		return u
	}
	if p := os.Getenv("TINNERS_DB"); p != "" {
		return p
	}
	return "tinners.db"
}

// parseInterspersed parses flags that may come before or after the
// positional arguments ("export ID -o FILE" as well as "export -o FILE ID").
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// runBackup writes a consistent copy of the database to FILE (written to a
// temporary file, synced, then renamed into place). It opens the database
// read-only; while the bot has it open the file is locked, so it asks the
// running bot to write the backup over its backup socket instead.
func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "database file (default $TINNERS_DB or ./tinners.db)")
	fs.Usage = func() { fmt.Fprintln(stderr, "usage: tinnersbot backup [-db DB] FILE") }
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		fs.Usage()
		return 2
	}
	path := dbPath(*db)
	if storage.IsURL(path) {
		fmt.Fprintln(stderr, "tinnersbot backup: the database is PostgreSQL; back it up with pg_dump: pg_dump -Fc -f FILE \"$TINNERS_DATABASE_URL\" (README, \"Storage\")")
		return 2
	}
	s, err := storage.Open(path, storage.Options{ReadOnly: true, Titles: titles()})
	if errors.Is(err, storage.ErrDatabaseInUse) {
		target, aerr := filepath.Abs(pos[0])
		if aerr != nil {
			fmt.Fprintf(stderr, "tinnersbot backup: %v\n", aerr)
			return 1
		}
		n, rerr := storage.RequestBackup(ctx, storage.SocketPath(path), target)
		if rerr != nil {
			fmt.Fprintf(stderr, "tinnersbot backup: %v (and the running bot could not do it: %v)\n", err, rerr)
			return 1
		}
		fmt.Fprintf(stdout, "backed up %s to %s (%d bytes, by the running bot)\n", storage.Shown(path), target, n)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot backup: %v\n", err)
		return 1
	}
	defer s.Close()
	n, err := s.BackupFile(ctx, pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot backup: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "backed up %s to %s (%d bytes)\n", s.Path(), pos[0], n)
	return 0
}

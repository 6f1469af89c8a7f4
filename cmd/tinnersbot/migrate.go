package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/tinnersbot/tinnersbot/storage"
)

// runMigrate copies a BoltDB file into a PostgreSQL database: every game
// under its own id, each replayed before it is written, and every owed
// post. The bot must be stopped (bbolt locks its file).
func runMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "BoltDB database file to copy")
	to := fs.String("to", "", "postgres:// URL of the (empty) database to copy into")
	fs.Usage = func() { fmt.Fprintln(stderr, "usage: tinnersbot migrate --from FILE.db --to postgres://…") }
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *from == "" || !storage.IsURL(*to) || fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	src, err := storage.Open(*from, storage.Options{ReadOnly: true, Titles: titles()})
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot migrate: %v\n", err)
		return 1
	}
	defer src.Close()
	dst, err := storage.Open(*to, storage.Options{Titles: titles()})
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot migrate: %v\n", err)
		return 1
	}
	defer dst.Close()
	res, err := src.CopyTo(ctx, dst)
	for _, p := range res.Skipped {
		fmt.Fprintf(stderr, "not copied: game %s: %v\n", p.GameID, p.Err)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot migrate: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "copied %d games (each replayed), %d owed posts and %d players' settings to %s\n", res.Games, res.Posts, res.Players, dst.Path())
	if len(res.Skipped) > 0 {
		fmt.Fprintf(stdout, "%d damaged games were not copied (tinnersbot check lists them)\n", len(res.Skipped))
		return 1
	}
	return 0
}

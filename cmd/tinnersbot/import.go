package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/storage"
)

// runImport replays a JSON record and stores it as a new finished (or, if
// it stops before the end, archived) game that takes no channel. It prints
// the new game id.
func runImport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "database file (default $TINNERS_DB or ./tinners.db)")
	guild := fs.String("guild", "", "guild id to file the game under")
	channel := fs.String("channel", "", "channel id to file the game under (it does not take the channel)")
	fs.Usage = func() { fmt.Fprintln(stderr, "usage: tinnersbot import [-db DB] [-guild ID] [-channel ID] FILE") }
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		fs.Usage()
		return 2
	}
	b, err := os.ReadFile(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot import: %v\n", err)
		return 1
	}
	rec, err := engine.UnmarshalRecord(b)
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot import: %s: %v\n", pos[0], err)
		return 1
	}
	s, err := storage.Open(dbPath(*db), storage.Options{Titles: titles()})
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot import: %v\n", err)
		return 1
	}
	defer s.Close()
	h, err := s.Import(ctx, rec, *guild, *channel)
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot import: %s: %v\n", pos[0], err)
		return 1
	}
	fmt.Fprintln(stdout, h.ID)
	return 0
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tinnersbot/tinnersbot/storage"
)

// runExport prints one game as a JSON record (the engine's record format,
// seed included) to stdout, or writes it to -o FILE.
func runExport(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", "", "database file (default $TINNERS_DB or ./tinners.db)")
	out := fs.String("o", "", "write the record to this file instead of stdout")
	fs.Usage = func() { fmt.Fprintln(stderr, "usage: tinnersbot export [-db DB] GAMEID [-o FILE]") }
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		fs.Usage()
		return 2
	}
	s, err := storage.Open(dbPath(*db), storage.Options{ReadOnly: true, Titles: titles()})
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot export: %v\n", err)
		return 1
	}
	defer s.Close()
	js, err := s.Export(ctx, pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot export: %v\n", err)
		return 1
	}
	js = append(js, '\n')
	if *out == "" {
		_, err = stdout.Write(js)
	} else {
		// The record holds the seed: keep the file private.
		err = os.WriteFile(*out, js, 0o600)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot export: %v\n", err)
		return 1
	}
	return 0
}

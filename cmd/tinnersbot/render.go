package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// runRender renders a game record after its first N actions (default: all)
// as the public turn picture PNG, or with --full the full board:
// `tinnersbot render FILE [--at N] -o out.png [--layout out.json] [--full]`.
// --layout also writes the picture's texts with their sizes and roles as
// JSON. Flags may come before or after the file.
func runRender(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	at := fs.Int("at", -1, "render after the first N actions (default: all)")
	out := fs.String("o", "", "output PNG file (required)")
	layout := fs.String("layout", "", "also write the layout (texts, sizes, roles) as JSON to this file")
	full := fs.Bool("full", false, "render the full board instead of the turn picture")
	usage := func() {
		fmt.Fprintln(stderr, "usage: tinnersbot render FILE [--at N] -o out.png [--layout out.json] [--full]")
	}
	var files []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			usage()
			return 2
		}
		args = fs.Args()
		if len(args) > 0 {
			files = append(files, args[0])
			args = args[1:]
		}
	}
	if len(files) != 1 || *out == "" {
		usage()
		return 2
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	rec, err := tinners.UnmarshalRecord(b)
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	n := len(rec.Actions)
	if *at >= 0 {
		if *at > n {
			fmt.Fprintf(stderr, "render: --at %d: the record has %d actions\n", *at, n)
			return 2
		}
		n = *at
	}
	if !tinners.KnownEdition(rec.Edition) {
		fmt.Fprintf(stderr, "render: record is for edition %q; this engine plays %q and %q\n", rec.Edition, tinners.EditionV1, tinners.Standard.Version)
		return 1
	}
	s, err := tinners.NewGame(rec.SetupOf())
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	for i, str := range rec.Actions[:n] {
		if err := ctx.Err(); err != nil {
			fmt.Fprintln(stderr, "render:", err)
			return 1
		}
		a, err := tinners.ParseAction(str)
		if err != nil {
			fmt.Fprintf(stderr, "render: action %d: %v\n", i, err)
			return 1
		}
		if s, _, err = tinners.Apply(s, a); err != nil {
			fmt.Fprintf(stderr, "render: action %d (%s): %v\n", i, str, err)
			return 1
		}
	}
	v, o := s.PublicView(), imaging.Options{Names: rec.Seats}
	render, lay := tinnersimg.RenderTurn, tinnersimg.TurnLayout
	if *full {
		render, lay = tinnersimg.Render, tinnersimg.BoardLayout
	}
	img, err := render(v, o)
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	png, err := imaging.EncodePNG(img)
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	if *layout != "" {
		b, err := json.MarshalIndent(lay(v, o), "", " ")
		if err == nil {
			err = os.WriteFile(*layout, b, 0o644)
		}
		if err != nil {
			fmt.Fprintln(stderr, "render:", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "%s: %d of %d actions, round %d, %s (%d bytes)\n", *out, n, len(rec.Actions), s.Round, s.Phase, len(png))
	return 0
}

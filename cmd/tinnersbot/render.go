package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// runRender renders a game record after its first N actions (default: all)
// as the public turn picture PNG, or with --full the full board:
// `tinnersbot render FILE [--at N] -o out.png [--layout out.json] [--full] [--locale pl]`.
// --layout also writes the picture's texts with their sizes and roles as
// JSON; --locale draws the pictures' words in that language (en, pl), as
// at a table of that language. Flags may come before or after the file.
func runRender(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	at := fs.Int("at", -1, "render after the first N actions (default: all)")
	out := fs.String("o", "", "output PNG file (required)")
	layout := fs.String("layout", "", "also write the layout (texts, sizes, roles) as JSON to this file")
	full := fs.Bool("full", false, "render the full board instead of the turn picture")
	locale := fs.String("locale", i18n.English, "the pictures' language: en or pl")
	usage := func() {
		fmt.Fprintln(stderr, "usage: tinnersbot render FILE [--at N] -o out.png [--layout out.json] [--full] [--locale pl]")
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
	if !i18n.IsSupported(*locale) {
		fmt.Fprintf(stderr, "render: --locale %q: the languages are %s\n", *locale, strings.Join(i18n.Languages, ", "))
		return 2
	}
	words := pictureWords(*locale)
	b, err := os.ReadFile(files[0])
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	if g, err := engine.UnmarshalRecord(b); err == nil && g.TitleID() != tinners.ID {
		return renderTitle(ctx, g, *at, *full, *out, *layout, words, stdout, stderr)
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
	m, err := engine.Replay(tinners.Title, rec.Generic(), n)
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	s := tinners.StateOf(m)
	v, o := s.PublicView(), imaging.Options{Names: rec.Seats, Words: words}
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

// renderTitle is render for a title other than Tinners' Trail, through its
// registered renderer.
func renderTitle(ctx context.Context, rec *engine.Record, at int, full bool, out, layout string, words func(engine.Message, string) string, stdout, stderr io.Writer) int {
	t, err := titles().Get(rec.TitleID())
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	r, err := renderers().Get(rec.TitleID())
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	if layout != "" {
		fmt.Fprintln(stderr, "render: --layout is for Tinners' Trail records only")
		return 2
	}
	n := len(rec.Actions)
	if at >= 0 {
		if at > n {
			fmt.Fprintf(stderr, "render: --at %d: the record has %d actions\n", at, n)
			return 2
		}
		n = at
	}
	m, err := engine.Replay(t, rec, n)
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	draw := r.Turn
	if full {
		draw = r.Board
	}
	img, err := draw(m.Public(), imaging.Options{Names: rec.Seats, Words: words})
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	png, err := imaging.EncodePNG(img)
	if err == nil {
		err = os.WriteFile(out, png, 0o644)
	}
	if err != nil {
		fmt.Fprintln(stderr, "render:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d of %d actions, %s (%d bytes)\n", out, n, len(rec.Actions), t.Meta().Name, len(png))
	return 0
}

// pictureWords draws the pictures' words in lang (nil for English: the
// pictures' own words, which the English catalogue repeats).
func pictureWords(lang string) func(engine.Message, string) string {
	if lang == i18n.English {
		return nil
	}
	return i18n.Localizer(lang).Message
}

package tinnersimg

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/fogleman/gg"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

var debugCells = flag.String("debugcells", "", "write a picture of the cells to this file")

func TestDebugCells(t *testing.T) {
	if *debugCells == "" {
		t.Skip()
	}
	g := geometry()
	W := 2000.0
	s := W / (g.Max.X - g.Min.X)
	H := (g.Max.Y - g.Min.Y) * s
	dc := gg.NewContext(int(W), int(H))
	dc.SetRGB(0.7, 0.85, 0.95)
	dc.Clear()
	tr := func(p pt) (float64, float64) { return (p.X - g.Min.X) * s, (g.Max.Y - p.Y) * s }
	for i, c := range g.Cells {
		for _, p := range c {
			dc.LineTo(tr(p))
		}
		dc.ClosePath()
		dc.SetRGB(0.9, 0.9-0.1*float64(i%4), 0.7)
		dc.FillPreserve()
		dc.SetRGB(0, 0, 0)
		dc.Stroke()
	}
	for i, p := range g.Sites {
		x, y := tr(p)
		dc.DrawCircle(x, y, 3)
		dc.Fill()
		dc.DrawString(tinners.Standard.Areas[i].ID, x+4, y)
	}
	if err := dc.SavePNG(*debugCells); err != nil {
		t.Fatal(err)
	}
}

var debugBoards = flag.String("debugboards", "", "write the fixture boards into this directory")

func TestDebugBoards(t *testing.T) {
	if *debugBoards == "" {
		t.Skip()
	}
	for name, v := range fixtureViews() {
		img, err := Render(v, imaging.Options{Names: []string{"Alice", "Bartholomew Long", "Chen", "Dee", "Eve"}})
		if err != nil {
			t.Fatal(err)
		}
		b, err := imaging.EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*debugBoards+"/"+name+".png", b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

var docsBoards = flag.String("docsboards", "", "write mid-game boards of random 2, 4 and 5 player games into this directory")

func TestDocsBoards(t *testing.T) {
	if *docsBoards == "" {
		t.Skip()
	}
	names := []string{"Alice", "Bob", "Chen", "Dee", "Eve"}
	for _, c := range []struct {
		seats, steps int
		seed         int64
	}{{2, 100, 11}, {4, 170, 12}, {5, 240, 13}} {
		s := randomState(t, c.seats, c.seed, c.steps)
		img, err := Render(s.PublicView(), imaging.Options{Names: names[:c.seats]})
		if err != nil {
			t.Fatal(err)
		}
		b, err := imaging.EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fmt.Sprintf("%s/board-%dp.png", *docsBoards, c.seats), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Turn pictures: 2 and 5 players mid-game, 3 players in an auction.
	for _, c := range []struct {
		seats, steps int
		seed         int64
	}{{2, 100, 11}, {3, 0, 21}, {5, 240, 13}} {
		s := randomState(t, c.seats, c.seed, c.steps)
		if c.steps == 0 { // play on to the first auction after round 1
			for steps := 60; steps < 400; steps++ {
				s = randomState(t, c.seats, c.seed, steps)
				if s.Phase == tinners.PhaseAuction && s.Round >= 2 {
					break
				}
			}
		}
		v := s.PublicView()
		img, err := RenderTurn(v, imaging.Options{Names: names[:c.seats], Changed: changedFor(v)})
		if err != nil {
			t.Fatal(err)
		}
		b, err := imaging.EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fmt.Sprintf("%s/turn-%dp.png", *docsBoards, c.seats), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The solo game against Lord Wallace in round 2, with difficulty options.
	s := randomState(t, tinners.SoloSeats, 31, 10)
	for steps := 10; steps < 400 && (s.Round < 2 || s.Phase != tinners.PhaseActions || s.Solo.Card == 0); steps++ {
		s = randomState(t, tinners.SoloSeats, 31, steps)
	}
	v := s.PublicView()
	img, err := RenderTurn(v, imaging.Options{Names: names[:1], Changed: changedFor(v)})
	if err != nil {
		t.Fatal(err)
	}
	b, err := imaging.EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*docsBoards+"/turn-solo.png", b, 0o644); err != nil {
		t.Fatal(err)
	}
}

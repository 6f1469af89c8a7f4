package coalbaronimg

import (
	"flag"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
	"golang.org/x/image/draw"
)

var samples = flag.String("samples", "", "write turn, board and hand pictures of random games into this directory")

// TestSamples writes pictures to look at (go test -run Samples -samples DIR).
func TestSamples(t *testing.T) {
	if *samples == "" {
		t.Skip("no -samples directory")
	}
	for _, c := range []struct {
		seats, steps int
		seed         int64
	}{{2, 60, 1}, {3, 120, 2}, {4, 150, 3}, {4, 100000, 4}} {
		m := randomMatch(t, c.seats, c.seed, c.steps)
		v := m.Public().(coalbaron.PublicView)
		o := imaging.Options{Names: fixtureNames[:c.seats]}
		seat := max(v.Turn, 0)
		var pics [3]image.Image
		var err error
		if pics[0], err = RenderTurn(v, o); err != nil {
			t.Fatal(err)
		}
		if pics[1], err = RenderBoard(v, o); err != nil {
			t.Fatal(err)
		}
		if pics[2], err = RenderHand(m.Seat(seat).(coalbaron.SeatView), imaging.Options{}); err != nil {
			t.Fatal(err)
		}
		for k, kind := range []string{"turn", "board", "hand"} {
			b, err := imaging.EncodePNG(pics[k])
			if err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(*samples, fmt.Sprintf("%s-%dp-%d.png", kind, c.seats, c.steps))
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d bytes, %v", p, len(b), pics[k].Bounds().Size())
			// As Discord's chat column shows it: 400 px wide, cut in
			// pieces of 600 px to look at.
			src := pics[k].Bounds()
			h := src.Dy() * 400 / src.Dx()
			small := image.NewRGBA(image.Rect(0, 0, 400, h))
			draw.CatmullRom.Scale(small, small.Rect, pics[k], src, draw.Src, nil)
			for part, y := 0, 0; y < h; part, y = part+1, y+600 {
				b, err := imaging.EncodePNG(small.SubImage(image.Rect(0, y, 400, min(h, y+600))))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(strings.TrimSuffix(p, ".png")+fmt.Sprintf("-400-%d.png", part), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

var docsTurn = flag.String("docs", "", "write the sample turn picture (a 4-player game in its third shift) to this file")

// TestDocsTurn writes docs/coalbaron-turn.png
// (go test -run DocsTurn -docs ../../docs/coalbaron-turn.png).
func TestDocsTurn(t *testing.T) {
	if *docsTurn == "" {
		t.Skip("no -docs file")
	}
	v := randomMatch(t, 4, 3, 150).Public().(coalbaron.PublicView)
	img, err := RenderTurn(v, imaging.Options{Names: fixtureNames})
	if err != nil {
		t.Fatal(err)
	}
	b, err := imaging.EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*docsTurn, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

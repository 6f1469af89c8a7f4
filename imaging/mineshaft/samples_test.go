package mineshaftimg

import (
	"fmt"
	"image"
	"image/png"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/draw"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// marksOf numbers the places of the legal actions of the seat to act in
// m as the bot's private step does (bot/genericui/marks.go): each place its number
// in the order of the options; none when fewer than two places.
func marksOf(m engine.Match) map[int]string {
	if len(m.ToAct()) == 0 {
		return nil
	}
	marks := map[int]string{}
	for _, a := range m.Legal(m.ToAct()[0]) {
		l := m.Label(a)
		if len(l.Where) == 0 {
			continue
		}
		if _, ok := marks[l.Where[0]]; !ok {
			marks[l.Where[0]] = imaging.Mark(len(marks) + 1)
		}
	}
	if len(marks) < 2 {
		return nil
	}
	return marks
}

// writePNG writes img to dir/name and a copy scaled to 400 px wide, as a
// phone shows it, to dir/400-name.
func writePNG(t *testing.T, dir, name string, img image.Image) {
	t.Helper()
	for _, w := range []int{0, imaging.PhoneWidth} {
		out, file := img, name
		if w > 0 {
			b := img.Bounds()
			small := image.NewRGBA(image.Rect(0, 0, w, b.Dy()*w/b.Dx()))
			draw.CatmullRom.Scale(small, small.Rect, img, b, draw.Src, nil)
			out, file = small, "400-"+name
		}
		f, err := os.Create(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, out); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}

// TestSamples writes pictures of a random game for a person to look at:
// go test ./imaging/mineshaft -run Samples -samples DIR.
func TestSamples(t *testing.T) {
	if *samples == "" {
		t.Skip("no -samples DIR")
	}
	if err := os.MkdirAll(*samples, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, seats := range []int{2, 4} {
		m, err := mineshaft.Title.New(engine.Setup{NumSeats: seats, Seed: uint64(seats)})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewSource(int64(seats)))
		kinds := map[mineshaft.StepKind]int{}
		for n := 0; m.Result() == nil; n++ {
			v := m.Public().(mineshaft.PublicView)
			if kinds[v.Step.Kind] < 2 && (n > 10 || v.Step.Kind == mineshaft.StepPlace) || n%41 == 0 && marksOf(m) != nil ||
				v.Step.Kind == mineshaft.StepPlace && len(v.Tiles) > 12 && marksOf(m) != nil && n%2 == 0 {
				kinds[v.Step.Kind]++
				lang := i18n.English
				if n%3 == 0 {
					lang = i18n.Polish
				}
				o := opts(v)
				o.Words = i18n.Localizer(lang).Message
				o.Marks = marksOf(m)
				img, err := RenderTurn(v, o)
				if err != nil {
					t.Fatal(err)
				}
				writePNG(t, *samples, fmt.Sprintf("%dp-%03d-%s-%s.png", seats, n, v.Step.Kind, lang), img)
			}
			legal := m.Legal(m.ToAct()[0])
			m, _, err = m.Apply(legal[r.Intn(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
		}
		v := m.Public().(mineshaft.PublicView)
		for _, full := range []bool{false, true} {
			draw := RenderTurn
			name := fmt.Sprintf("%dp-end.png", seats)
			if full {
				draw, name = RenderBoard, fmt.Sprintf("%dp-end-board.png", seats)
			}
			img, err := draw(v, opts(v))
			if err != nil {
				t.Fatal(err)
			}
			writePNG(t, *samples, name, img)
		}
	}
}

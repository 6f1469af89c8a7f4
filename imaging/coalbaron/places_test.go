package coalbaronimg

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/draw"

	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// near reports whether c is within a few steps of want on every channel.
func near(c color.Color, want color.RGBA) bool {
	r, g, b, _ := c.RGBA()
	d := func(x uint32, y uint8) bool { return int(x>>8)-int(y) <= 24 && int(y)-int(x>>8) <= 24 }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// TestMarksAndChangesDrawn draws a private step's marks (ringed numbers)
// on a stack, a mining row and a dock, and rings a changed stack and row:
// the pixels are there with the options and not without, the marks'
// numbers are essential texts legible at 400 px, and a place the picture
// does not draw gets nothing.
func TestMarksAndChangesDrawn(t *testing.T) {
	v := fixedView(t)
	marks := map[int]string{int(coalbaron.ZoneLorry1): "1", int(coalbaron.ZoneEngine): "2",
		coalbaron.PlaceRow(0): "3", coalbaron.PlaceDock(1, 2): "4", 999: "5"}
	changed := []int{int(coalbaron.ZoneOrder), coalbaron.PlaceRow(2), 998}
	o := imaging.Options{Marks: marks, Changed: changed}
	items, _, _ := TurnItems(v, o)
	plain, err := RenderTurn(v, imaging.Options{})
	if err != nil {
		t.Fatal(err)
	}
	img, err := RenderTurn(v, o)
	if err != nil {
		t.Fatal(err)
	}
	var nMarks, nChanged int
	for _, it := range items {
		switch it.Kind {
		case KindMark:
			nMarks++
			r := it.W / 2
			if err := imaging.CheckMark(it.Text); err != nil {
				t.Error(err)
			}
			for _, p := range []image.Point{{int(it.X - 0.6*r), int(it.Y)}, {int(it.X), int(it.Y - 0.62*r)}} {
				if !near(img.At(p.X, p.Y), imaging.MarkInk) {
					t.Errorf("mark %s: %v at %v, want the mark's ink", it.Text, img.At(p.X, p.Y), p)
				}
				if near(plain.At(p.X, p.Y), imaging.MarkInk) {
					t.Errorf("mark %s: the plain picture has the mark's ink at %v", it.Text, p)
				}
			}
			if p := (image.Point{int(it.X + 0.86*r), int(it.Y)}); !near(img.At(p.X, p.Y), imaging.MarkRing) {
				t.Errorf("mark %s: ring %v at %v", it.Text, img.At(p.X, p.Y), p)
			}
		case KindChanged:
			nChanged++
			p := image.Point{int(it.X + it.W/2), int(it.Y - 2.5)}
			if !near(img.At(p.X, p.Y), imaging.ChangedRing) || near(plain.At(p.X, p.Y), imaging.ChangedRing) {
				t.Errorf("changed box %v: %v at %v, plain %v", it, img.At(p.X, p.Y), p, plain.At(p.X, p.Y))
			}
		}
	}
	if nMarks != 4 || nChanged != 2 {
		t.Errorf("%d marks and %d rings drawn, want 4 and 2 (a place not drawn gets none)", nMarks, nChanged)
	}
	l := TurnLayout(v, o)
	found := map[string]bool{}
	for _, x := range l.Texts {
		if x.Role == imaging.RoleEssential && len(x.Text) == 1 && x.SizePx >= imaging.MinEssential*TurnW {
			found[x.Text] = true
		}
	}
	for _, m := range []string{"1", "2", "3", "4"} {
		if !found[m] {
			t.Errorf("mark %s is not an essential text legible at 400 px", m)
		}
	}
	if bad := imaging.Illegible(l); len(bad) > 0 {
		t.Errorf("illegible: %v", bad)
	}
	if dir := os.Getenv("PLACES_PNG"); dir != "" {
		small := image.NewRGBA(image.Rect(0, 0, 400, img.Bounds().Dy()*400/img.Bounds().Dx()))
		draw.CatmullRom.Scale(small, small.Rect, img, img.Bounds(), draw.Src, nil)
		f, err := os.Create(filepath.Join(dir, "cb-marks-400.png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, small); err != nil {
			t.Fatal(err)
		}
	}
}

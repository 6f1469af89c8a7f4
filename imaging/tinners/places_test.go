package tinnersimg

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/draw"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

func nearRGB(c color.Color, want color.RGBA) bool {
	r, g, b, _ := c.RGBA()
	d := func(x uint32, y uint8) bool { return int(x>>8)-int(y) <= 24 && int(y)-int(x>>8) <= 24 }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// TestTurnMarksAreas draws a private step's marks on the turn picture:
// a ringed number beside each marked area's label (in both map panels)
// and on a marked border between its two areas, drawn in the marks'
// colours where the plain picture has none, its number an essential text
// legible at 400 px; a place off the map gets none.
func TestTurnMarksAreas(t *testing.T) {
	v := fixtureViews()["4p-auction"]
	e := v.Edition()
	marks := map[int]string{e.AreaIndex("A4"): "1", e.AreaIndex("B6"): "2", e.AreaIndex("D2"): "3",
		tinners.BorderPlace(e.BorderIndex(e.AreaIndex("B3"), e.AreaIndex("B6"))): "4"}
	o := imaging.Options{Marks: marks, Changed: []int{e.AreaIndex("C4")}}
	items, _, _ := turnItems(v, o)
	plain := renderTurnDirect(t, v, imaging.Options{})
	img := renderTurnDirect(t, v, o)
	got := map[string]bool{}
	for _, it := range items {
		if it.Kind != KindMark {
			continue
		}
		got[it.Text] = true
		r := it.W / 2
		for _, p := range []image.Point{{int(it.X - 0.6*r), int(it.Y)}, {int(it.X), int(it.Y - 0.62*r)}} {
			if !nearRGB(img.At(p.X, p.Y), imaging.MarkInk) || nearRGB(plain.At(p.X, p.Y), imaging.MarkInk) {
				t.Errorf("mark %s (%s): %v at %v, plain %v", it.Text, it.Area, img.At(p.X, p.Y), p, plain.At(p.X, p.Y))
			}
		}
		if p := (image.Point{int(it.X + 0.86*r), int(it.Y)}); !nearRGB(img.At(p.X, p.Y), imaging.MarkRing) {
			t.Errorf("mark %s: ring %v at %v", it.Text, img.At(p.X, p.Y), p)
		}
	}
	if len(got) != 4 {
		t.Errorf("marks drawn %v, want 1–4 once each", got)
	}
	l := TurnLayout(v, o)
	legible := map[string]bool{}
	for _, x := range l.Texts {
		if x.Role == imaging.RoleEssential && x.SizePx >= imaging.MinEssential*TurnW {
			legible[x.Text] = true
		}
	}
	for _, m := range []string{"1", "2", "3", "4"} {
		if !legible[m] {
			t.Errorf("mark %s is not an essential text legible at 400 px", m)
		}
	}
	if bad := imaging.Illegible(l); len(bad) > 0 {
		t.Errorf("illegible: %v", bad)
	}
	if dir := os.Getenv("PLACES_PNG"); dir != "" {
		small := image.NewRGBA(image.Rect(0, 0, 400, img.Bounds().Dy()*400/img.Bounds().Dx()))
		draw.CatmullRom.Scale(small, small.Rect, img, img.Bounds(), draw.Src, nil)
		f, err := os.Create(filepath.Join(dir, "tt-marks-400.png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, small); err != nil {
			t.Fatal(err)
		}
	}
}

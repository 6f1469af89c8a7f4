package imaging

import (
	"image"
	"image/color"
	"strings"
	"testing"
)

type stubRenderer struct{ name string }

func (s stubRenderer) Turn(any, Options) (image.Image, error)  { return nil, nil }
func (s stubRenderer) Board(any, Options) (image.Image, error) { return nil, nil }
func (s stubRenderer) Hand(any, Options) (image.Image, error)  { return nil, nil }

func TestRenderers(t *testing.T) {
	r := NewRenderers(map[string]Renderer{"tinners": stubRenderer{"t"}, "coalbaron": stubRenderer{"c"}})
	for id, want := range map[string]string{"": "t", "tinners": "t", "coalbaron": "c"} {
		got, err := r.Get(id)
		if err != nil || got.(stubRenderer).name != want {
			t.Errorf("Get(%q) = %v, %v; want %s", id, got, err, want)
		}
	}
	if _, err := r.Get("chess"); err == nil || !strings.Contains(err.Error(), `"chess"`) {
		t.Errorf("Get(chess) error %v", err)
	}
	t.Run("empty id panics", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Error("no panic")
			}
		}()
		NewRenderers(map[string]Renderer{"": stubRenderer{}})
	})
}

func TestOptionsName(t *testing.T) {
	o := Options{Names: []string{"Alice", " ", "A very long display name indeed"}}
	for seat, want := range []string{"Alice", "Blue", "A very long dis…", "Yellow"} {
		if got := o.Name(seat); got != want {
			t.Errorf("Name(%d) = %q, want %q", seat, got, want)
		}
	}
}

// TestPhoneIllegible holds the phone measure: shown 400 px wide, essential
// text at least 9 px and secondary text 7 px (22.5 and 17.5 px of a
// picture 1000 px wide; the older 2.2 % and 1.6 % let 22 and 16 px pass).
func TestPhoneIllegible(t *testing.T) {
	l := Layout{Width: 1000, Height: 500, Texts: []LayoutText{
		{Text: "ok", X: 10, Y: 30, SizePx: 22.5, Role: RoleEssential},
		{Text: "small", X: 10, Y: 60, SizePx: 22, Role: RoleEssential},
		{Text: "caption", X: 10, Y: 90, SizePx: 17.5, Role: RoleSecondary},
		{Text: "tiny caption", X: 10, Y: 90, SizePx: 16, Role: RoleSecondary},
		{Text: "sea", X: 10, Y: 90, SizePx: 8, Role: RoleDecor},
		{Text: "nobody", X: 10, Y: 90, SizePx: 30, Role: "other"},
		{Text: "off", X: 1200, Y: 90, SizePx: 30, Role: RoleEssential},
	}}
	got := strings.Join(PhoneIllegible(l), "\n")
	for _, want := range []string{`"small" is 8.80 px at 400 px wide, under 9`, `"tiny caption" is 6.40 px at 400 px wide, under 7`, `"nobody" has role`, `"off" at 1200,90`} {
		if !strings.Contains(got, want) {
			t.Errorf("no complaint %q in:\n%s", want, got)
		}
	}
	if n := len(PhoneIllegible(l)); n != 4 {
		t.Errorf("%d complaints, want 4:\n%s", n, got)
	}
	// The floor lets "small" and "tiny caption" pass.
	if n := len(Illegible(l)); n != 2 {
		t.Errorf("the floor: %d complaints, want 2: %v", n, Illegible(l))
	}
	if px := PhonePx(Layout{Width: 400}, LayoutText{SizePx: 9}); px != 9 {
		t.Errorf("PhonePx at 400 px wide = %v, want 9", px)
	}
}

func TestIllegible(t *testing.T) {
	l := Layout{Width: 1000, Height: 500, Texts: []LayoutText{
		{Text: "ok", X: 10, Y: 30, SizePx: 22, Role: RoleEssential},
		{Text: "small", X: 10, Y: 60, SizePx: 21.9, Role: RoleEssential},
		{Text: "caption", X: 10, Y: 90, SizePx: 16, Role: RoleSecondary},
		{Text: "tiny caption", X: 10, Y: 90, SizePx: 15, Role: RoleSecondary},
		{Text: "sea", X: 10, Y: 90, SizePx: 8, Role: RoleDecor},
		{Text: "nobody", X: 10, Y: 90, SizePx: 30, Role: "other"},
		{Text: "off", X: 1200, Y: 90, SizePx: 30, Role: RoleEssential},
	}}
	got := strings.Join(Illegible(l), "\n")
	for _, want := range []string{`"small" is 21.9 px`, `"tiny caption" is 15.0 px`, `"nobody" has role`, `"off" at 1200,90`} {
		if !strings.Contains(got, want) {
			t.Errorf("no complaint %q in:\n%s", want, got)
		}
	}
	if n := len(Illegible(l)); n != 4 {
		t.Errorf("%d complaints, want 4:\n%s", n, got)
	}
}

func TestPaletteQuantize(t *testing.T) {
	red := color.RGBA{0xff, 0, 0, 0xff}
	p := NewPalette([]color.RGBA{red, Ink, Panel}, []color.RGBA{Panel}, []color.RGBA{Ink}, nil)
	if c := p.Colors(); len(c) != 6 || c[0] != red {
		t.Fatalf("palette %v", c)
	}
	m := image.NewRGBA(image.Rect(0, 0, 2, 1))
	m.Set(0, 0, color.RGBA{0xf0, 0x10, 0x08, 0xff})
	m.Set(1, 0, Panel)
	q := p.Quantize(m)
	if q.ColorIndexAt(0, 0) != 0 || q.At(1, 0) != color.Color(Panel) {
		t.Errorf("quantized to %v, %v", q.At(0, 0), q.At(1, 0))
	}
	b, err := EncodePNG(q)
	if err != nil || len(b) == 0 {
		t.Fatalf("encode: %v", err)
	}
}

func TestCanvasText(t *testing.T) {
	c, err := NewCanvas(200, 50)
	if err != nil {
		t.Fatal(err)
	}
	if w := c.Width("Coal", 20, true); w < 30 || w > 70 {
		t.Errorf("width %.1f", w)
	}
	c.Text("Coal", 10, 35, 30, true, 0, Ink)
	ink := 0
	for i := 3; i < len(c.Img.Pix); i += 4 {
		if c.Img.Pix[i] != 0 {
			ink++
		}
	}
	if ink < 50 {
		t.Errorf("only %d pixels drawn", ink)
	}
}

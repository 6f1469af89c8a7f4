package imagingtest

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/imaging"
)

// TestLegible holds the suite's measure: a listed essential kind is held
// to 9 px at 400 px wide whatever role the renderer gave it, a secondary
// text with a number in it too (the number is what a player reads it
// for), other texts to their role's size, and a known failure is
// counted, not reported, down to its floor only.
func TestLegible(t *testing.T) {
	kinds := []Kind{
		{Name: "money", Match: regexp.MustCompile(`^£\d+$`), Essential: true},
		{Name: "letters", Match: regexp.MustCompile(`^\p{Lu}$`)},
	}
	l := imaging.Layout{Width: 1000, Height: 500, Texts: []imaging.LayoutText{
		{Text: "£5", X: 10, Y: 30, SizePx: 22, Role: imaging.RoleSecondary},        // 8.8 px: money is essential
		{Text: "£6", X: 10, Y: 30, SizePx: 22.5, Role: imaging.RoleDecor},          // 9 px
		{Text: "B", X: 10, Y: 30, SizePx: 17.4, Role: imaging.RoleSecondary},       // 6.96 px
		{Text: "B", X: 10, Y: 30, SizePx: 17.4, Role: imaging.RoleDecor},           // decor: any size
		{Text: "Shift 2", X: 10, Y: 30, SizePx: 20, Role: imaging.RoleSecondary},   // 8 px: a number, held to 9
		{Text: "Shift", X: 10, Y: 30, SizePx: 18, Role: imaging.RoleSecondary},     // 7.2 px: no number, held to 7
		{Text: "Shift 3", X: 10, Y: 30, SizePx: 22.5, Role: imaging.RoleSecondary}, // 9 px
		{Text: "sea", X: 10, Y: 30, SizePx: 5, Role: imaging.RoleDecor},
		{Text: "Orders", X: 10, Y: 30, SizePx: 30, Role: "title"},
	}}
	seen := map[string]int{}
	got := strings.Join(legible("t", kinds, l, map[string]*knownHits{}, seen), "\n")
	for _, want := range []string{`money text "£5" is 8.80 px`, `letters text "B" is 6.96 px`, `secondary with a number text "Shift 2" is 8.00 px`, `"Orders" has no known role`} {
		if !strings.Contains(got, want) {
			t.Errorf("no complaint %q in:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "\n") + 1; n != 4 {
		t.Errorf("%d complaints, want 4:\n%s", n, got)
	}
	if seen["money"] != 2 || seen["letters"] != 2 || seen[imaging.RoleDecor] != 1 || seen[numbered] != 2 || seen[imaging.RoleSecondary] != 1 {
		t.Errorf("kinds seen: %v", seen)
	}

	known := map[string]*knownHits{"money": {floor: 8.8, least: 1e9}, "letters": {floor: 7.5, least: 1e9}}
	got = strings.Join(legible("t", kinds, l, known, map[string]int{}), "\n")
	if strings.Contains(got, "£5") || known["money"].n != 1 || known["money"].least > 8.81 {
		t.Errorf("a known failure at its floor: %q, %+v", got, known["money"])
	}
	if !strings.Contains(got, `letters text "B"`) || known["letters"].n != 0 {
		t.Errorf("a text under its known floor must still fail: %q", got)
	}
}

// TestPixelDiff: the same picture differs in nothing, another size in
// everything.
func TestPixelDiff(t *testing.T) {
	a, err := imaging.NewCanvas(20, 10)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := imaging.NewCanvas(20, 10)
	if d := PixelDiff(a.Img, b.Img); d != 0 {
		t.Errorf("two blank pictures differ in %v", d)
	}
	b.DC.SetRGB(1, 1, 1)
	b.DC.DrawRectangle(0, 0, 10, 10)
	b.DC.Fill()
	if d := PixelDiff(a.Img, b.Img); d < 0.49 || d > 0.51 {
		t.Errorf("half painted: %v", d)
	}
	c, _ := imaging.NewCanvas(10, 10)
	if d := PixelDiff(a.Img, c.Img); d != 1 {
		t.Errorf("another size: %v", d)
	}
}

// recorder is a testing.TB that keeps what its test reports.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recorder) Helper() {}

// TestGolden records a picture's goldens, then finds the same picture
// equal and another layout and other pixels different.
func TestGolden(t *testing.T) {
	dir := t.TempDir()
	lpath, ppath := filepath.Join(dir, "sub", "layout.json"), filepath.Join(dir, "sub", "pic.png")
	a, err := imaging.NewCanvas(20, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !Golden(t, true, lpath, []byte(`{"a":1}`), ppath, a.Img) {
		t.Fatal("-update did not record")
	}
	r := &recorder{TB: t}
	if Golden(r, false, lpath, []byte(`{"a":1}`), ppath, a.Img) || len(r.errs) > 0 {
		t.Fatalf("the recorded picture differs from itself: %v", r.errs)
	}
	b, _ := imaging.NewCanvas(20, 10)
	b.DC.SetRGB(1, 1, 1)
	b.DC.DrawRectangle(0, 0, 5, 5)
	b.DC.Fill()
	Golden(r, false, lpath, []byte(`{"a":2}`), ppath, b.Img)
	if got := strings.Join(r.errs, "\n"); len(r.errs) != 2 || !strings.Contains(got, "layout.json differs") || !strings.Contains(got, "of pixels differ") {
		t.Errorf("another layout and other pixels: %q", got)
	}
}

// placer is a Placer over ints that lists listed, whose layout draws a
// mark on each place of draws.
type placer struct{ listed, draws []int }

func (p placer) Places(any, imaging.Options) ([]int, error) { return p.listed, nil }

func (p placer) layout(_ int, o imaging.Options) imaging.Layout {
	l := imaging.Layout{Width: 1000, Height: 800, Texts: []imaging.LayoutText{{Text: "1", SizePx: 30, Role: imaging.RoleEssential}}}
	for _, q := range p.draws {
		if m, ok := o.Marks[q]; ok {
			l.Texts = append(l.Texts, imaging.LayoutText{Text: m, SizePx: 30, Role: imaging.RoleEssential})
		}
	}
	return l
}

// TestPlaceProblems: a Placer is caught listing a place its picture does
// not mark, drawing a mark on a place it does not list, and listing none;
// an honest one passes.
func TestPlaceProblems(t *testing.T) {
	for _, c := range []struct {
		name string
		p    placer
		want []string
	}{
		{"honest", placer{[]int{3, 7, 1001}, []int{3, 7, 1001}}, nil},
		{"lists an undrawn place", placer{[]int{3, 7, 9}, []int{3, 7}}, []string{"place 9 is listed, and a mark on it is not drawn"}},
		{"draws an unlisted place", placer{[]int{3}, []int{3, -1}}, []string{"a mark on a place not listed is drawn"}},
		{"lists none", placer{nil, []int{3}}, []string{"the renderer lists no places"}},
	} {
		got := PlaceProblems(c.p, c.p.layout, 0, imaging.Options{})
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestAspect: a turn picture taller than MaxTurnAspect × its width fails,
// one at the limit passes, and a known failure is counted instead.
func TestAspect(t *testing.T) {
	l := func(h int) imaging.Layout { return imaging.Layout{Width: 1000, Height: h} }
	turns := []turnLayouts{{l(1300), l(1300)}, {l(1301), l(1301)}}
	msgs, tallest := aspectProblems(turns, map[string]*knownHits{})
	if len(msgs) != 2 || !strings.Contains(msgs[0], "turn 1 en: 1000×1301") || tallest != 1.301 {
		t.Errorf("problems %q, tallest %v", msgs, tallest)
	}
	known := map[string]*knownHits{Aspect: {least: 1e9}}
	if msgs, _ := aspectProblems(turns, known); len(msgs) != 0 || known[Aspect].n != 2 { // English and Polish
		t.Errorf("known: problems %q, counted %d", msgs, known[Aspect].n)
	}
}

package tinnersimg

import (
	"bytes"
	"encoding/json"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The pictures' words in Polish (issue 15): the bot's catalogue fills
// imaging.Options.Words.

func words(lang string) func(o imaging.Options) imaging.Options {
	l := i18n.Localizer(lang)
	return func(o imaging.Options) imaging.Options {
		o.Words = l.Message
		return o
	}
}

var (
	inPolish  = words(i18n.Polish)
	inEnglish = words(i18n.English)
)

// polishBoards are random boards of every player count with the modules,
// and the fixtures (auction, arsenic, emigration, investing…).
func polishBoards(t testing.TB) []tinners.PublicView {
	var out []tinners.PublicView
	for _, vs := range turnBoards(t, 4) {
		out = append(out, vs...)
	}
	for _, name := range sortedFixtures() {
		out = append(out, fixtureViews()[name])
	}
	return out
}

func names(v tinners.PublicView) imaging.Options {
	return imaging.Options{Names: fixtureNames[:min(len(fixtureNames), max(1, len(v.Seats)))], Changed: changedFor(v)}
}

// TestEnglishCatalogueDrawsTheSame: the English catalogue renders every
// word exactly as the pictures' own English (what the goldens hold), so
// the bot's English tables see the same pictures as before.
func TestEnglishCatalogueDrawsTheSame(t *testing.T) {
	for k, v := range polishBoards(t) {
		o := names(v)
		if a, b := TurnLayout(v, o), TurnLayout(v, inEnglish(o)); !reflect.DeepEqual(a, b) {
			t.Errorf("board %d: turn layout differs with the English catalogue:\n%s", k, layoutDiff(a, b))
		}
		if a, b := BoardLayout(v, o), BoardLayout(v, inEnglish(o)); !reflect.DeepEqual(a, b) {
			t.Errorf("board %d: full board layout differs with the English catalogue:\n%s", k, layoutDiff(a, b))
		}
	}
	s := randomState(t, 4, 3, 30)
	for seat := 0; seat < 4; seat++ {
		a, err := RenderHand(s.SeatView(seat), imaging.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := RenderHand(s.SeatView(seat), inEnglish(imaging.Options{}))
		if err != nil {
			t.Fatal(err)
		}
		if pixelDiff(a, b) != 0 {
			t.Errorf("seat %d: hand picture differs with the English catalogue", seat)
		}
	}
}

func layoutDiff(a, b imaging.Layout) string {
	var out []string
	for i := 0; i < len(a.Texts) && i < len(b.Texts); i++ {
		if a.Texts[i] != b.Texts[i] {
			out = append(out, a.Texts[i].Text+" ≠ "+b.Texts[i].Text)
		}
	}
	if len(out) > 5 {
		out = out[:5]
	}
	return strings.Join(out, "\n")
}

// overflow names the texts of l that run off the picture's sides.
func overflow(t testing.TB, l imaging.Layout) []string {
	m, err := imaging.NewMeasurer()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, tx := range l.Texts {
		w := m.Width(tx.Text, tx.SizePx, false) // regular is the narrower: a lower bound
		if tx.X < -0.5 || tx.X+w > float64(l.Width)+0.5 {
			out = append(out, tx.Text)
		}
	}
	return out
}

// TestPolishTurnLegibility holds the phone measure (imaging.Illegible) for
// the Polish turn pictures, whose words are longer, and keeps every text
// on the picture.
func TestPolishTurnLegibility(t *testing.T) {
	for k, v := range polishBoards(t) {
		l := TurnLayout(v, inPolish(names(v)))
		for _, msg := range imaging.Illegible(l) {
			t.Errorf("board %d: %s", k, msg)
		}
		for _, s := range overflow(t, l) {
			t.Errorf("board %d: %q runs off the picture", k, s)
		}
		for _, s := range overflow(t, BoardLayout(v, inPolish(names(v)))) {
			t.Errorf("board %d: %q runs off the full board", k, s)
		}
	}
}

// allowedInBoth are words a Polish picture may share with the English
// one: proper names (places, players, Lord Wallace, the title) and words
// that are the same in both languages.
func allowedInBoth() map[string]bool {
	ok := map[string]bool{}
	add := func(s string) {
		for _, w := range wordRE.FindAllString(strings.ToLower(s), -1) {
			ok[w] = true
		}
	}
	for _, a := range tinners.Standard.Areas {
		add(a.Name)
	}
	for _, e := range tinners.Standard.Emigration {
		add(e.Name)
	}
	for _, n := range fixtureNames {
		add(n)
	}
	add("Lord Wallace Tinners' Trail English Channel Devon port region min")
	return ok
}

var wordRE = regexp.MustCompile(`\p{L}{3,}`)

// TestPolishPicturesHaveNoEnglish: no English word of a turn picture, a
// full board or a hand reaches the Polish one, except proper names.
func TestPolishPicturesHaveNoEnglish(t *testing.T) {
	ok := allowedInBoth()
	leaks := map[string]string{}
	check := func(en, pl imaging.Layout) {
		english := map[string]bool{}
		for _, tx := range en.Texts {
			for _, w := range wordRE.FindAllString(strings.ToLower(tx.Text), -1) {
				english[w] = true
			}
		}
		for _, tx := range pl.Texts {
			for _, w := range wordRE.FindAllString(strings.ToLower(tx.Text), -1) {
				if english[w] && !ok[w] {
					leaks[w] = tx.Text
				}
			}
		}
	}
	for _, v := range polishBoards(t) {
		check(TurnLayout(v, names(v)), TurnLayout(v, inPolish(names(v))))
		check(BoardLayout(v, names(v)), BoardLayout(v, inPolish(names(v))))
	}
	var ws []string
	for w, in := range leaks {
		ws = append(ws, w+" (in "+in+")")
	}
	sort.Strings(ws)
	for _, w := range ws {
		t.Errorf("English word in a Polish picture: %s", w)
	}
}

// TestPolishHand draws the hand picture in Polish: other words, the same
// size.
func TestPolishHand(t *testing.T) {
	s := randomState(t, 4, 3, 30)
	for seat := 0; seat < 4; seat++ {
		en, err := RenderHand(s.SeatView(seat), imaging.Options{})
		if err != nil {
			t.Fatal(err)
		}
		pl, err := RenderHand(s.SeatView(seat), inPolish(imaging.Options{}))
		if err != nil {
			t.Fatal(err)
		}
		if en.Bounds() != pl.Bounds() {
			t.Errorf("seat %d: Polish hand %v, English %v", seat, pl.Bounds(), en.Bounds())
		}
		if pixelDiff(en, pl) == 0 {
			t.Errorf("seat %d: the Polish hand picture is the English one", seat)
		}
	}
}

// polishGolden is the fixture with a Polish pixel golden: an auction, the
// most words.
const polishGolden = "4p-auction"

// TestPolishTurnGolden pins the Polish turn picture of one fixture (layout
// JSON and pixels, as TestTurnGoldens) and checks that it is not the
// English one, yet as big: translated words, the same picture.
func TestPolishTurnGolden(t *testing.T) {
	v := fixtureViews()[polishGolden]
	o := imaging.Options{Names: fixtureNames, Changed: []int{tinners.Standard.AreaIndex("A4"), tinners.Standard.AreaIndex("B3")}}
	pl := inPolish(o)
	got, err := json.MarshalIndent(TurnLayout(v, pl), "", " ")
	if err != nil {
		t.Fatal(err)
	}
	img, err := RenderTurn(v, pl)
	if err != nil {
		t.Fatal(err)
	}
	b, err := imaging.EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	lpath := filepath.Join("testdata", "turn-layout-pl-"+polishGolden+".json")
	ppath := filepath.Join("testdata", "turn-pl-"+polishGolden+".png")
	if *update {
		if err := os.WriteFile(lpath, got, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(ppath, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want, err := os.ReadFile(lpath); err != nil {
		t.Fatalf("%v (run with -update to record)", err)
	} else if !bytes.Equal(got, want) {
		t.Errorf("%s differs; run with -update if intended", lpath)
	}
	wimg := readPNG(t, ppath)
	if frac := pixelDiff(img, wimg); frac > 0.002 {
		t.Errorf("%.3f%% of pixels differ from %s (tolerance 0.2%%)", 100*frac, ppath)
	}
	if len(b) > 200<<10 {
		t.Errorf("the Polish turn picture is %d bytes, over 200 KB", len(b))
	}

	en := readPNG(t, filepath.Join("testdata", "turn-"+polishGolden+".png"))
	if en.Bounds() != img.Bounds() {
		t.Errorf("Polish picture %v, English %v: the same board should keep its size", img.Bounds(), en.Bounds())
	}
	if frac := pixelDiff(img, en); frac < 0.002 {
		t.Errorf("the Polish picture differs from the English one in %.3f%% of pixels only: were its words translated?", 100*frac)
	}
	ent, plt := TurnLayout(v, o), TurnLayout(v, pl)
	same := 0
	for i := range ent.Texts {
		if i < len(plt.Texts) && ent.Texts[i].Text == plt.Texts[i].Text {
			same++
		}
	}
	if len(ent.Texts) != len(plt.Texts) || same == len(ent.Texts) {
		t.Errorf("Polish layout: %d texts, %d the same as the English %d", len(plt.Texts), same, len(ent.Texts))
	}
}

func readPNG(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run with -update to record)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba
}

package coalbaronimg

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
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The pictures' words in Polish (issue 15): the bot's catalogue fills
// imaging.Options.Words.

func in(lang string, o imaging.Options) imaging.Options {
	o.Words = i18n.Localizer(lang).Message
	return o
}

// polishViews are random games of every player count, from the first move
// to the end (final scores), and the golden's fixed view.
func polishViews(t *testing.T) []coalbaron.PublicView {
	var out []coalbaron.PublicView
	for _, vs := range randomViews(t, 8) {
		out = append(out, vs...)
	}
	return append(out, fixedView(t))
}

func opts(v coalbaron.PublicView) imaging.Options {
	return imaging.Options{Names: fixtureNames[:min(len(fixtureNames), len(v.Players))]}
}

// handsOf are the hand views of a few random games.
func handsOf(t *testing.T) []coalbaron.SeatView {
	var out []coalbaron.SeatView
	for seats := 2; seats <= 4; seats++ {
		m := randomMatch(t, seats, int64(seats), 90)
		for s := 0; s < seats; s++ {
			out = append(out, m.Seat(s).(coalbaron.SeatView))
		}
	}
	return out
}

// TestEnglishCatalogueDrawsTheSame: the English catalogue renders every
// word exactly as the pictures' own English (what the goldens hold).
func TestEnglishCatalogueDrawsTheSame(t *testing.T) {
	for k, v := range polishViews(t) {
		if a, b := TurnLayout(v, opts(v)), TurnLayout(v, in(i18n.English, opts(v))); !reflect.DeepEqual(a, b) {
			t.Errorf("view %d: turn layout differs with the English catalogue: %s", k, firstDiff(a, b))
		}
		if a, b := BoardLayout(v, opts(v)), BoardLayout(v, in(i18n.English, opts(v))); !reflect.DeepEqual(a, b) {
			t.Errorf("view %d: board layout differs with the English catalogue: %s", k, firstDiff(a, b))
		}
	}
	for k, h := range handsOf(t) {
		if a, b := HandLayout(h, imaging.Options{}), HandLayout(h, in(i18n.English, imaging.Options{})); !reflect.DeepEqual(a, b) {
			t.Errorf("hand %d differs with the English catalogue: %s", k, firstDiff(a, b))
		}
	}
}

func firstDiff(a, b imaging.Layout) string {
	for i := 0; i < len(a.Texts) && i < len(b.Texts); i++ {
		if a.Texts[i] != b.Texts[i] {
			return a.Texts[i].Text + " ≠ " + b.Texts[i].Text
		}
	}
	return "sizes or counts"
}

// overflow names the texts of l that run off the picture's sides.
func overflow(t *testing.T, l imaging.Layout) []string {
	m, err := imaging.NewMeasurer()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, tx := range l.Texts {
		if w := m.Width(tx.Text, tx.SizePx, false); tx.X < -0.5 || tx.X+w > float64(l.Width)+0.5 {
			out = append(out, tx.Text)
		}
	}
	return out
}

// TestPolishTurnLegibility holds the phone measure (imaging.Illegible) for
// the Polish turn pictures and hands, and keeps every text on the picture.
func TestPolishTurnLegibility(t *testing.T) {
	for k, v := range polishViews(t) {
		l := TurnLayout(v, in(i18n.Polish, opts(v)))
		for _, msg := range imaging.Illegible(l) {
			t.Errorf("view %d: %s", k, msg)
		}
		for _, s := range overflow(t, l) {
			t.Errorf("view %d: %q runs off the picture", k, s)
		}
		for _, s := range overflow(t, BoardLayout(v, in(i18n.Polish, opts(v)))) {
			t.Errorf("view %d: %q runs off the full board", k, s)
		}
	}
	for k, h := range handsOf(t) {
		l := HandLayout(h, in(i18n.Polish, imaging.Options{}))
		for _, msg := range imaging.Illegible(l) {
			t.Errorf("hand %d: %s", k, msg)
		}
		for _, s := range overflow(t, l) {
			t.Errorf("hand %d: %q runs off the picture", k, s)
		}
	}
}

var wordRE = regexp.MustCompile(`\p{L}{3,}`)

// TestPolishPicturesHaveNoEnglish: no English word of a turn picture, a
// board or a hand reaches the Polish one, except the players' names.
func TestPolishPicturesHaveNoEnglish(t *testing.T) {
	ok := map[string]bool{"wagon": true, "min": true}
	for _, n := range fixtureNames {
		for _, w := range wordRE.FindAllString(strings.ToLower(n), -1) {
			ok[w] = true
		}
	}
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
	for _, v := range polishViews(t) {
		check(TurnLayout(v, opts(v)), TurnLayout(v, in(i18n.Polish, opts(v))))
		check(BoardLayout(v, opts(v)), BoardLayout(v, in(i18n.Polish, opts(v))))
	}
	for _, h := range handsOf(t) {
		check(HandLayout(h, imaging.Options{}), HandLayout(h, in(i18n.Polish, imaging.Options{})))
	}
	var ws []string
	for w, s := range leaks {
		ws = append(ws, w+" (in "+s+")")
	}
	sort.Strings(ws)
	for _, w := range ws {
		t.Errorf("English word in a Polish picture: %s", w)
	}
}

// TestPolishTieBreak renders the engine's tie-break sentences in Polish.
func TestPolishTieBreak(t *testing.T) {
	pl := in(i18n.Polish, imaging.Options{})
	for en, want := range map[string]string{
		"Tied on 31 VP: decided by the latest shift token held (3).":          "Remis (31 pkt): decyduje najpóźniejszy żeton zmiany, 3.",
		"Tied on 28 VP and no tied player holds a shift token: a shared win.": "Remis (28 pkt), nikt nie ma żetonu zmiany: wspólna wygrana.",
		"something new": "something new",
	} {
		if got := tieBreak(pl, &engine.Result{TieBreak: en}); got != want {
			t.Errorf("tie-break %q in Polish: %q, want %q", en, got, want)
		}
	}
	// As the engine gives it now: a message only, in Polish through the
	// catalogue and in English without it.
	for _, c := range []struct {
		m      engine.Message
		en, pl string
	}{
		{engine.Say("cb_tiebreak_token", "VP", 31, "Token", 3), "Tied on 31 VP: decided by the latest shift token held (3).", "Remis (31 pkt): decyduje najpóźniejszy posiadany żeton zmiany (3)."},
		{engine.Say("cb_tiebreak_shared", "VP", 28), "Tied on 28 VP and no tied player holds a shift token: a shared win.", "Remis (28 pkt), a żaden z remisujących graczy nie ma żetonu zmiany: wspólna wygrana."},
	} {
		r := &engine.Result{TieBreakMessage: c.m}
		if got := tieBreak(pl, r); got != c.pl {
			t.Errorf("%v in Polish: %q, want %q", c.m, got, c.pl)
		}
		if got := tieBreak(imaging.Options{}, r); got != c.en {
			t.Errorf("%v without the catalogue: %q, want %q", c.m, got, c.en)
		}
		if got := tieBreak(in(i18n.English, imaging.Options{}), r); got != c.en {
			t.Errorf("%v in English: %q, want %q", c.m, got, c.en)
		}
	}
}

// TestPolishTurnGolden pins the Polish turn picture of the fixed view
// (layout JSON and pixels, as TestTurnGolden) and checks that it is not
// the English one, yet of the same size class.
func TestPolishTurnGolden(t *testing.T) {
	v := fixedView(t)
	o := imaging.Options{Names: fixtureNames[:3]}
	pl := in(i18n.Polish, o)
	items, _, _ := turnItems(v, pl, false)
	got, err := json.MarshalIndent(golden(items), "", " ")
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
	lpath, ppath := filepath.Join("testdata", "turn-layout-pl-3p.json"), filepath.Join("testdata", "turn-pl-3p.png")
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
	if frac := pixelDiff(img, readPNG(t, ppath)); frac > 0.002 {
		t.Errorf("%.3f%% of pixels differ from %s (tolerance 0.2%%)", 100*frac, ppath)
	}
	if len(b) > 200<<10 {
		t.Errorf("the Polish turn picture is %d bytes, over 200 KB", len(b))
	}
	en := readPNG(t, filepath.Join("testdata", "turn-3p.png"))
	if dy := img.Bounds().Dy() - en.Bounds().Dy(); img.Bounds().Dx() != en.Bounds().Dx() || dy < -60 || dy > 60 {
		t.Errorf("Polish picture %v, English %v: the same board should keep about its size", img.Bounds(), en.Bounds())
	}
	if img.Bounds() == en.Bounds() && pixelDiff(img, en) < 0.002 {
		t.Errorf("the Polish picture is nearly the English one: were its words translated?")
	}
	ent, plt := TurnLayout(v, o), TurnLayout(v, pl)
	same := 0
	for i := range ent.Texts {
		if i < len(plt.Texts) && ent.Texts[i].Text == plt.Texts[i].Text {
			same++
		}
	}
	if same == len(ent.Texts) {
		t.Errorf("Polish layout: all %d texts are the English ones", same)
	}
}

func readPNG(t *testing.T, path string) image.Image {
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

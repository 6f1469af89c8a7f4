package coalbaronimg

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

// The pictures' words in Polish (issue 15): the bot's catalogue fills
// imaging.Options.Words.

func in(lang string, o imaging.Options) imaging.Options {
	o.Words = i18n.Localizer(lang).Message
	return o
}

// TestPolishTieBreak renders the engine's tie-break sentences in Polish.
func TestPolishTieBreak(t *testing.T) {
	pl := in(i18n.Polish, imaging.Options{})
	for en, want := range map[string]string{
		"Tied on 31 VP: decided by the latest shift token held (3).":          "Remis (31 pkt) rozstrzyga najpóźniejszy żeton zmiany: 3.",
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
		{engine.Say("cb_tiebreak_token", "VP", 31, "Token", 3), "Tied on 31 VP: decided by the latest shift token held (3).", "Remis (31 pkt) rozstrzyga najpóźniejszy żeton zmiany (3)."},
		{engine.Say("cb_tiebreak_holder", "VP", 31, "Token", 3, "P", "{P2}"), "Tied on 31 VP: decided by the latest shift token held (3).", "Remis (31 pkt) rozstrzyga najpóźniejszy żeton zmiany (3)."},
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
	if imagingtest.Golden(t, *update, filepath.Join("testdata", "turn-layout-pl-3p.json"), got, filepath.Join("testdata", "turn-pl-3p.png"), img) {
		return
	}
	en := imagingtest.ReadPNG(t, filepath.Join("testdata", "turn-3p.png"))
	if dy := img.Bounds().Dy() - en.Bounds().Dy(); img.Bounds().Dx() != en.Bounds().Dx() || dy < -60 || dy > 60 {
		t.Errorf("Polish picture %v, English %v: the same board should keep about its size", img.Bounds(), en.Bounds())
	}
	if img.Bounds() == en.Bounds() && imagingtest.PixelDiff(img, en) < 0.002 {
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

package ttui

import (
	"bytes"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestRenderPolishPictures: the default renderers draw a Polish table's
// board and a Polish player's hand in Polish, and the English catalogue
// draws the very pictures the bot drew before it had one.
func TestRenderPolishPictures(t *testing.T) {
	t.Parallel() // CPU-bound: shares the two cores with the other heavy property tests
	s, err := tinners.NewGame(tinners.Setup{NumSeats: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"Alice", "Bob", "Carol"}
	// The whole board (1200 px wide) only in the full pass: one goroutine
	// draws it, ten times slower under -race.
	for _, full := range []bool{false, true}[:testenv.Size(t, 1, 2)] {
		pic := func(l *i18n.Loc) []byte {
			t.Helper()
			png, err := defaultRender(s.PublicView(), kit.RenderOptions{Names: names, Full: full, Loc: l})
			if err != nil {
				t.Fatal(err)
			}
			return png
		}
		plain, en, pl := pic(nil), pic(kit.English()), pic(i18n.Localizer(i18n.Polish))
		if !bytes.Equal(plain, en) {
			t.Errorf("full %v: the English catalogue changes the picture", full)
		}
		if bytes.Equal(en, pl) {
			t.Errorf("full %v: the Polish picture is the English one", full)
		}
	}
	hand := func(l *i18n.Loc) []byte {
		t.Helper()
		png, err := defaultRenderHand(s.SeatView(0), kit.RenderOptions{Loc: l})
		if err != nil {
			t.Fatal(err)
		}
		return png
	}
	if plain, en, pl := hand(nil), hand(kit.English()), hand(i18n.Localizer(i18n.Polish)); !bytes.Equal(plain, en) || bytes.Equal(en, pl) {
		t.Errorf("hand: English catalogue same %v, Polish differs %v", bytes.Equal(plain, en), !bytes.Equal(en, pl))
	}
}

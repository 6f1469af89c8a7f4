package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/ttui"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestAskLineDeadline: at a table with a deadline, the first line of the
// board (a generic title's, Coal Baron here, and Tinners' Trail's own)
// says when the default move is played, as a Discord timestamp relative to
// the reader's now, in English and Polish; without a deadline, or with
// reminders paused, the line is as before.
func TestAskLineDeadline(t *testing.T) {
	since := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	stamp := fmt.Sprintf("<t:%d:R>", since.Add(48*time.Hour).Unix())
	want := map[string][2]string{
		i18n.English: {"Default move " + stamp + ".", "· default move " + stamp},
		i18n.Polish:  {"Ruch domyślny " + stamp + ".", "· ruch domyślny " + stamp},
	}
	cb, err := coalbaron.Title.New(engine.Setup{NumSeats: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	tt, err := tinners.NewGame(tinners.Setup{NumSeats: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	m := &Main{cfg: Config{Titles: engine.NewRegistry(tinners.Title, coalbaron.Title)}}
	for lang, w := range want {
		l := i18n.Localizer(lang)
		tb := randomTable(3)
		tb.Notes.Settings.Lang = lang
		tb.Notes.Wait = kit.Wait{Seats: cb.ToAct(), Since: since}
		plainG := headLine(gen.BoardMessage(m, ofTitle(tb, "coalbaron"), cb).Content)
		plainT := ttui.Inspect.AskLineIn(l, tb, tt.PublicView())

		tb.Notes.Settings.Deadline = 48 * time.Hour
		g := headLine(gen.BoardMessage(m, ofTitle(tb, "coalbaron"), cb).Content)
		if g != plainG+" "+w[0] {
			t.Errorf("%s: generic ask line with a deadline:\n%q\nwant %q", lang, g, plainG+" "+w[0])
		}
		if !strings.HasPrefix(g, "<@") || strings.Count(g, "<t:") != 1 {
			t.Errorf("%s: generic ask line %q: not who first, or not one timestamp", lang, g)
		}
		if got := ttui.Inspect.AskLineIn(l, tb, tt.PublicView()); got != plainT+" "+w[1] {
			t.Errorf("%s: Tinners' Trail ask line with a deadline:\n%q\nwant %q", lang, got, plainT+" "+w[1])
		}
		board := headLine(ttui.Inspect.BoardMessage(tb, tt).Content)
		if !strings.HasSuffix(board, w[1]) {
			t.Errorf("%s: Tinners' Trail board's first line %q lacks the deadline", lang, board)
		}

		// Paused reminders play no default move: the line says none.
		tb.Notes.Paused = "channel"
		if g := headLine(gen.BoardMessage(m, ofTitle(tb, "coalbaron"), cb).Content); g != plainG {
			t.Errorf("%s: paused table's ask line %q", lang, g)
		}
		if got := ttui.Inspect.AskLineIn(l, tb, tt.PublicView()); got != plainT {
			t.Errorf("%s: paused Tinners' Trail ask line %q", lang, got)
		}
	}
}

func ofTitle(t kit.Table, id string) kit.Table { t.Title = id; return t }

func headLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }

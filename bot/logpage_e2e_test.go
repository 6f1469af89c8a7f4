package bot

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// TestGenericLogPagesWithinARound: a Coal Baron shift whose lines do not
// fit one message is shown in pages; following Earlier from the last page
// reads every line of the shift once, in order, none left out; each page
// says which it is.
func TestGenericLogPagesWithinARound(t *testing.T) {
	h, rr := cbHarness(t)
	id, board := openCB(t, h, testChannel, 2)
	d := &cbDriver{t: t, h: h, rr: rr, id: id, ch: testChannel, board: board, r: rand.New(rand.NewPCG(5, 7)), public: newPublicText("The game begins."), noUndo: true}
	for turns := 0; h.match(id).(engine.Rounds).Round() < 2; turns++ {
		if turns > 400 {
			t.Fatal("shift 2 never began")
		}
		d.turn()
	}
	// The shift's lines, as the record tells them.
	rec, err := h.m.store.MatchRecord(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	title, _ := h.m.cfg.Titles.Get("coalbaron")
	rounds, events, last, _, err := kit.GroundsOf(title, rec)
	if err != nil {
		t.Fatal(err)
	}
	l := kit.TableLoc(h.table(id))
	names := kit.SeatNamesIn(l, h.table(id), last)
	var want []string
	for k, ev := range events {
		if rounds[k] == 1 {
			for _, e := range ev {
				want = append(want, flatParens(engine.FormatLine(kit.EventLine(e).Say(l), names)))
			}
		}
	}
	page := mustPrivate(t, h.send(inChannel(commandInteraction(cbPlayers[0], 0, "log", map[string]any{"round": 1}), testChannel)))
	var got [][]string
	for n := 0; ; n++ {
		if n > 20 {
			t.Fatal("no first page after 20 clicks on Earlier")
		}
		lines := strings.Split(page.Content, "\n")
		if !strings.HasPrefix(lines[1], "Page ") {
			t.Fatalf("a page does not say which it is (%d lines in the shift):\n%s", len(want), page.Content)
		}
		if len([]rune(page.Content)) > 2000 {
			t.Errorf("a page of %d characters", len([]rune(page.Content)))
		}
		got = append([][]string{lines[2:]}, got...)
		earlier, ok := page.button("◀ Earlier")
		if !ok {
			t.Fatalf("a page without the Earlier button:\n%+v", page)
		}
		if earlier.Disabled {
			break
		}
		page = mustPrivate(t, h.clickIn(testChannel, cbPlayers[0], page.ID, true, earlier.CustomID))
	}
	if len(got) < 2 {
		t.Fatalf("shift 1 (%d lines) fits one page; the test needs a longer one", len(want))
	}
	var all []string
	for _, p := range got {
		all = append(all, p...)
	}
	if strings.Join(all, "\n") != strings.Join(want, "\n") {
		t.Errorf("the pages read\n%s\nwant\n%s", strings.Join(all, "\n"), strings.Join(want, "\n"))
	}
	// Later from the first page goes back up.
	later, _ := page.button("Later ▶")
	next := mustPrivate(t, h.clickIn(testChannel, cbPlayers[0], page.ID, true, later.CustomID))
	if !strings.Contains(next.Content, "Page 2 of ") {
		t.Errorf("Later from page 1 does not open page 2:\n%s", next.Content)
	}
	t.Logf("shift 1: %d lines on %d pages", len(want), len(got))
}

func TestSplitLogPagesKeepsEveryLine(t *testing.T) {
	var lines []string
	for k := range 100 {
		lines = append(lines, strings.Repeat("x", k%70+1))
	}
	pages := kit.SplitLogPages(lines, 500)
	var all []string
	for _, p := range pages {
		size := 0
		for _, l := range p {
			size += len(l) + 1
		}
		if size > 500 {
			t.Errorf("a page of %d characters, budget 500", size)
		}
		all = append(all, p...)
	}
	if strings.Join(all, "\n") != strings.Join(lines, "\n") {
		t.Error("the pages lose or reorder lines")
	}
	if got := kit.SplitLogPages(nil, 500); len(got) != 1 || len(got[0]) != 0 {
		t.Errorf("no lines: %v, want one empty page", got)
	}
}

// TestFinalAccountSaysWhatItLeftOut: a final post's account that leaves
// turns out says how many and where they are, in English and Polish.
func TestFinalAccountSaysWhatItLeftOut(t *testing.T) {
	account := []string{"a", "b", "c", "d", "e"}
	for _, c := range []struct{ lang, want string }{
		{"en", "… 4 earlier turns: `/tt log`, last page"},
		{"pl", "… 4 wcześniejsze tury: `/tt dziennik`, koniec"},
	} {
		got := kit.FitTurns(i18n.Localizer(c.lang), account, 2*kit.PhoneLinePx, "phone_final_turns_earlier")
		if len(got) != 2 || got[0] != c.want || got[1] != "e" {
			t.Errorf("%s: %q, want [%q e]", c.lang, got, c.want)
		}
	}
}

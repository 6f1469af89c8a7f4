package ttui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestBoardTextFoldsTheFewestLines: the board's text folds the fewest
// account lines into "… N lines earlier" for it to fit 1,990 characters,
// exactly as dropping them one at a time and measuring the text does (the
// reference below), for accounts of 0 to 250 lines of any length, in
// English and Polish, at the start and the end of a 2- and a 5-player game.
func TestBoardTextFoldsTheFewestLines(t *testing.T) {
	reference := func(l *i18n.Loc, tb kit.Table, v tinners.PublicView, account []string) string {
		s := boardTextIn(l, tb, v, nil)
		// The text without an account, split where the account goes.
		var head, prefix, tail string
		if v.Phase == tinners.PhaseOver {
			tail = s
		} else {
			prefix = "> "
			if line := askLineIn(l, tb, v); line != "" {
				head = line + "\n"
			}
			tail = strings.TrimPrefix(s, head)
		}
		full := func(account []string) string {
			var b strings.Builder
			b.WriteString(head)
			for _, line := range account {
				b.WriteString(prefix + line + "\n")
			}
			return b.String() + tail
		}
		s = full(account)
		for drop := 1; utf8.RuneCountInString(s) > 1990 && drop <= len(account); drop++ {
			s = full(append([]string{l.N("ui_board_earlier", drop, nil)}, account[drop:]...))
		}
		return s
	}
	r := rand.New(rand.NewPCG(7, 7))
	for _, g := range []int{0, 3} {
		s, err := tinners.NewGame(tinners.Setup{NumSeats: 2 + g, Seed: uint64(g) + 1})
		if err != nil {
			t.Fatal(err)
		}
		views := []tinners.PublicView{s.PublicView()}
		for s.Phase != tinners.PhaseOver {
			seat := s.ToAct()[0]
			legal := s.Legal(seat)
			if s, _, err = tinners.Apply(s, legal[r.IntN(len(legal))].Action); err != nil {
				t.Fatal(err)
			}
		}
		views = append(views, s.PublicView())
		tb := kit.Table{}
		for k := range 2 + g {
			tb.Seats = append(tb.Seats, kit.Seat{UserID: fmt.Sprint(k + 1), Name: fmt.Sprintf("Player %d", k+1)})
		}
		for _, lang := range []string{i18n.English, i18n.Polish} {
			l := i18n.Localizer(lang)
			for _, v := range views {
				for _, n := range []int{0, 1, 5, 21, 60, 250} {
					account := make([]string, n)
					for k := range account {
						account[k] = strings.Repeat("ż", r.IntN(120))
					}
					if got, want := boardTextIn(l, tb, v, account), reference(l, tb, v, account); got != want {
						t.Fatalf("%s, %d players, phase %v, %d lines: the text differs from dropping lines one by one\ngot:\n%s\nwant:\n%s", lang, 2+g, v.Phase, n, got, want)
					}
				}
			}
		}
	}
}

package bot

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// TestBreakdownRowFitsPhoneLine: a final post's points by category name
// each seat by its letter alone, so a four-seat row of Brass's longest
// category fits one line of a phone 400 px wide (44 characters) in
// English, two in Polish, and every seat's points are still there.
func TestBreakdownRowFitsPhoneLine(t *testing.T) {
	st := &engine.ScoreTable{Rows: []engine.ScoreRow{
		{NameMessage: engine.Say("bb_cat_canal_links"), Points: []int{10, 17, 13, -3}},
		{NameMessage: engine.Say("bb_cat_rail_tiles"), Points: []int{0, 4, 16, 0}},
	}}
	for _, lang := range []string{i18n.English, i18n.Polish} {
		l := i18n.Localizer(lang)
		got := kit.ScoreTableText(l, st, []int{2, 1, 0, 3})
		lines := strings.Split(got, "\n")
		if len(lines) != 3 {
			t.Fatalf("%s: %q, want a heading and 2 rows", lang, got)
		}
		for i, line := range lines[1:] {
			// English fits one phone line; Polish names are longer and
			// take two at most (with full labels a row took three).
			if n, most := utf8.RuneCountInString(line), map[string]int{i18n.English: 44, i18n.Polish: 88}[lang]; n > most {
				t.Errorf("%s: row %q is %d characters, more than %d", lang, line, n, most)
			}
			row := st.Rows[i]
			want := kit.ScoreRowIn(l, row) + ": " + strings.Join([]string{
				kit.SeatLetterOf(l, 2) + " " + strconv.Itoa(row.Points[2]), kit.SeatLetterOf(l, 1) + " " + strconv.Itoa(row.Points[1]),
				kit.SeatLetterOf(l, 0) + " " + strconv.Itoa(row.Points[0]), kit.SeatLetterOf(l, 3) + " " + strconv.Itoa(row.Points[3]),
			}, " · ")
			if line != want {
				t.Errorf("%s: row %q, want %q", lang, line, want)
			}
		}
		if strings.Contains(got, kit.SeatLabel(l, 0)) {
			t.Errorf("%s: %q repeats a full seat label", lang, got)
		}
	}
}

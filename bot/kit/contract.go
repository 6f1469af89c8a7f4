package kit

import (
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// TitleHasDefaults reports whether title names default moves.
func TitleHasDefaults(t engine.Title) bool {
	m, err := t.New(engine.Setup{NumSeats: t.Meta().MinSeats, Seed: 1})
	if err != nil {
		return false
	}
	_, ok := m.(engine.Defaults)
	return ok
}

// GroundsOf replays rec of title: rounds[k] is the round the game is in
// after k moves (rounds[0] at the setup), events[k] what move k+1 made
// happen, names the last match when it names its rounds (else nil). ok is
// false when the title's matches have no rounds (rounds is then nil;
// events are still there).
func GroundsOf(title engine.Title, rec *engine.Record) (rounds []int, events [][]engine.Event, last engine.Match, ok bool, err error) {
	cur, err := title.New(rec.SetupOf())
	if err != nil {
		return nil, nil, nil, false, err
	}
	rr, ok := cur.(engine.Rounds)
	if ok {
		rounds = append(rounds, rr.Round())
	}
	for _, str := range rec.Actions {
		a, err := title.ParseAction(str)
		if err != nil {
			return nil, nil, nil, false, err
		}
		next, ev, err := cur.Apply(a)
		if err != nil {
			return nil, nil, nil, false, err
		}
		events = append(events, engine.Stamp(ev, a)) // whose turn, as storage stamps them
		if ok {
			rounds = append(rounds, next.(engine.Rounds).Round())
		}
		cur = next
	}
	return rounds, events, cur, ok, nil
}

// ScoreTableText is a finished generic game's score breakdown (a title's
// engine.Breakdown) for the final post, in l's language: a heading, then
// one line per scoring category with each seat's points, the seats in
// ranking order, each by its letter alone (the post names the seats in
// full above it, and a row fits one phone line): "Orders: O 30 · B 19".
// "" when there is no table.
func ScoreTableText(l *i18n.Loc, st *engine.ScoreTable, ranking []int) string {
	if st == nil || len(st.Rows) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(l.T("g_breakdown_head", nil))
	for _, row := range st.Rows {
		var cells []string
		for _, k := range ranking {
			if k >= 0 && k < len(row.Points) {
				cells = append(cells, l.T("g_breakdown_cell", Args{"Seat": SeatLetterOf(l, k), "Points": row.Points[k]}))
			}
		}
		b.WriteString("\n" + l.T("g_breakdown_line", Args{"Category": ScoreRowIn(l, row), "Points": strings.Join(cells, " · ")}))
	}
	return b.String()
}

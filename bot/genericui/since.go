package genericui

import (
	"context"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"
)

// gsinceLastMove is sinceText for seat at a table of a generic title: the
// turns of every move made since the seat's last (its Version then), one
// line a turn; more counts the earlier turns left out, which the moves
// from+1..to made: the button of kit.SinceButton(from, to) opens them.
func (m *host) gsinceLastMove(ctx context.Context, l *i18n.Loc, t kit.Table, mt engine.Match, seat int, earlier string, budget int) (text string, more, from, to int) {
	if seat < 0 || seat >= len(t.Notes.Seen) {
		return "", 0, 0, 0
	}
	from = t.Notes.Seen[seat]
	if from <= 0 || from >= mt.Version() {
		return "", 0, 0, 0
	}
	rec, err := m.Store().MatchRecord(ctx, t.ID)
	if err != nil {
		return "", 0, 0, 0
	}
	title, err := m.Titles().Get(t.Title)
	if err != nil {
		return "", 0, 0, 0
	}
	_, events, last, _, err := kit.GroundsOf(title, rec)
	if err != nil || from > len(events) {
		return "", 0, 0, 0
	}
	var lines []kit.LogLine
	var at []int // the move each line's event came from
	for k, ev := range events[from:] {
		for _, e := range ev {
			lines, at = append(lines, kit.EventLine(e)), append(at, from+k)
		}
	}
	turns := kit.TurnsOf(lines)
	names := kit.SeatNamesIn(l, t, last)
	var told []string
	for _, tr := range turns {
		told = append(told, tr.Line(l, names))
	}
	text, more = kit.SinceText(l, told, earlier, budget)
	if more > 0 {
		// The earlier turns are the moves up to the first one shown.
		first := 0
		for _, tr := range turns[:more] {
			first += len(tr.Lines)
		}
		to = at[first]
	}
	return text, more, from, to
}

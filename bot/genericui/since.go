package genericui

import (
	"context"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"
)

// gsinceLastMove is sinceText for seat at a table of a generic title: the
// events of every move made since the seat's last (its Version then).
func (m *host) gsinceLastMove(ctx context.Context, l *i18n.Loc, t kit.Table, mt engine.Match, seat int) string {
	if seat < 0 || seat >= len(t.Notes.Seen) {
		return ""
	}
	from := t.Notes.Seen[seat]
	if from <= 0 || from >= mt.Version() {
		return ""
	}
	rec, err := m.Store().MatchRecord(ctx, t.ID)
	if err != nil {
		return ""
	}
	title, err := m.Titles().Get(t.Title)
	if err != nil {
		return ""
	}
	_, events, last, _, err := kit.GroundsOf(title, rec)
	if err != nil || from > len(events) {
		return ""
	}
	names := kit.SeatNamesIn(l, t, last)
	var lines []string
	for _, ev := range events[from:] {
		for _, e := range ev {
			lines = append(lines, engine.FormatLine(kit.EventLine(e).Say(l), names))
		}
	}
	return kit.SinceText(l, lines)
}

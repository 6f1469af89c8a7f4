package bot

import (
	"context"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// "Since your last move": a player coming back after a day finds, at the
// top of their first private step of a turn and of the reply to
// `/tt board`, what happened since their last move (Notes.Seen), at most
// sinceLines lines, with how many earlier ones `/tt log` holds. Tinners'
// Trail reads its state's log (sinceLastMove); every other title replays
// its record from the seat's last move on (gsinceLastMove).

// gsinceLastMove is sinceText for seat at a table of a generic title: the
// events of every move made since the seat's last (its Version then).
func (m *Main) gsinceLastMove(ctx context.Context, l *i18n.Loc, t kit.Table, mt engine.Match, seat int) string {
	if seat < 0 || seat >= len(t.Notes.Seen) {
		return ""
	}
	from := t.Notes.Seen[seat]
	if from <= 0 || from >= mt.Version() {
		return ""
	}
	rec, err := m.store.MatchRecord(ctx, t.ID)
	if err != nil {
		return ""
	}
	title, err := m.cfg.Titles.Get(t.Title)
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

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
	text, more, to = kit.SinceOf(l, t, events, last, from, earlier, budget)
	return text, more, from, to
}

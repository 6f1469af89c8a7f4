package kit

import (
	"fmt"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// DeadlineAt is when the default move of t's current wait is played: the
// wait's start plus the table's deadline (remind.go plays it on the first
// reminder tick from then). Zero when t has no deadline, waits for nobody,
// or its reminders are paused.
func DeadlineAt(t Table) time.Time {
	w, d := t.Notes.Wait, t.Notes.Settings.Deadline
	if d <= 0 || w.Since.IsZero() || t.Notes.Paused != "" {
		return time.Time{}
	}
	return w.Since.Add(d)
}

// discordTime is at as a Discord timestamp shown relative to now ("in 2
// days", "za 2 dni"): each reader's client writes it in their own
// language and time zone.
func discordTime(at time.Time) string {
	return fmt.Sprintf("<t:%d:R>", at.Unix())
}

// WithDeadline is the ask line ask (key: its catalogue entry, g_ask_deadline
// or ui_ask_deadline) with when t's default move is played, when t has a
// deadline; ask unchanged otherwise.
func WithDeadline(l *i18n.Loc, key string, t Table, ask string) string {
	at := DeadlineAt(t)
	if at.IsZero() || ask == "" {
		return ask
	}
	return l.T(key, Args{"Ask": ask, "When": discordTime(at)})
}

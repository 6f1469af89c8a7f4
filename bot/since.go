package bot

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// "Since your last move": a player coming back after a day finds, at the
// top of their first private step of a turn and of the reply to
// `/tt board`, what happened since their last move (Notes.Seen), at most
// sinceLines lines, with how many earlier ones `/tt log` holds. Tinners'
// Trail reads its state's log (sinceLastMove); every other title replays
// its record from the seat's last move on (gsinceLastMove).

const sinceLines = 8

// sinceText is the block for the lines since a seat's last move, "" when
// there are none.
func sinceText(l *i18n.Loc, lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(l.T("ui_since_header", nil))
	if n := len(lines) - sinceLines; n > 0 {
		b.WriteString(l.N("ui_since_earlier", n, nil))
		lines = lines[n:]
	}
	for _, line := range lines {
		b.WriteString("\n• " + line)
	}
	return b.String()
}

// gsinceLastMove is sinceText for seat at a table of a generic title: the
// events of every move made since the seat's last (its Version then).
func (m *Main) gsinceLastMove(ctx context.Context, l *i18n.Loc, t Table, mt engine.Match, seat int) string {
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
	_, events, last, _, err := groundsOf(title, rec)
	if err != nil || from > len(events) {
		return ""
	}
	names := seatNamesIn(l, t, last)
	var lines []string
	for _, ev := range events[from:] {
		for _, e := range ev {
			lines = append(lines, engine.FormatLine(eventLine(e).say(l), names))
		}
	}
	return sinceText(l, lines)
}

// withSince puts the clicker's "since your last move" block above a
// private reply, when they sit at the table and missed something.
func withSince(i *discordgo.Interaction, t Table, r response, since func(seat int) string) response {
	if r.Reply == nil {
		return r
	}
	uid, _ := user(i)
	seat := t.SeatOf(uid)
	if seat < 0 {
		return r
	}
	if s := since(seat); s != "" {
		msg := *r.Reply
		msg.Content = clip(s + "\n\n" + msg.Content)
		r.Reply = &msg
	}
	return r
}

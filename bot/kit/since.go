package kit

import (
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// "Since your last move": a player coming back after a day finds, at the
// top of their first private step of a turn and of the reply to
// `/tt board`, what happened since their last move (Notes.Seen), at most
// sinceLines lines, with how many earlier ones `/tt log` holds. Tinners'
// Trail reads its state's log (sinceLastMove); every other title replays
// its record from the seat's last move on (gsinceLastMove).

const SinceLines = 8

// SinceText is the block for the lines since a seat's last move, "" when
// there are none.
func SinceText(l *i18n.Loc, lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(l.T("ui_since_header", nil))
	if n := len(lines) - SinceLines; n > 0 {
		b.WriteString(l.N("ui_since_earlier", n, nil))
		lines = lines[n:]
	}
	for _, line := range lines {
		b.WriteString("\n• " + line)
	}
	return b.String()
}

// WithSince puts the clicker's "since your last move" block above a
// private reply, when they sit at the table and missed something.
func WithSince(i *discordgo.Interaction, t Table, r Response, since func(seat int) string) Response {
	if r.Reply == nil {
		return r
	}
	uid, _ := User(i)
	seat := t.SeatOf(uid)
	if seat < 0 {
		return r
	}
	if s := since(seat); s != "" {
		msg := *r.Reply
		msg.Content = Clip(s + "\n\n" + msg.Content)
		r.Reply = &msg
	}
	return r
}

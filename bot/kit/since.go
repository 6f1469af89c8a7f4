package kit

import (
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// "Since your last move": a player coming back after a day finds, at the
// top of their first private step of a turn and of the reply to
// `/tt board`, what happened since their last move (Notes.Seen): every
// turn of the others, one line a turn (issue 37), the newest SinceLines on
// the first page and the earlier ones behind an "Earlier ▸" button
// (SinceButton, answered in the core: gsince) rather than cut. Every
// title replays its record from the seat's last move on (SinceOf; the
// generic UI's gsinceLastMove, Tinners' Trail's sinceLastMove).

const SinceLines = 8

// SinceText is the block for the lines since a seat's last move, "" when
// there are none: the newest SinceLines that fit in budget characters
// (the rest of the message it heads takes the others), after a note of
// how many earlier ones there are (earlier: its plural message, with
// Count). more counts the earlier lines left out.
func SinceText(l *i18n.Loc, lines []string, earlier string, budget int) (text string, more int) {
	if len(lines) == 0 {
		return "", 0
	}
	head := l.T("ui_since_header", nil)
	size := len([]rune(head)) + len([]rune(l.N(earlier, len(lines), nil)))
	keep := 0
	for keep < min(SinceLines, len(lines)) {
		n := len([]rune(lines[len(lines)-1-keep])) + 3
		if keep > 0 && size+n > budget {
			break
		}
		size += n
		keep++
	}
	var b strings.Builder
	b.WriteString(head)
	if n := len(lines) - keep; n > 0 {
		b.WriteString(l.N(earlier, n, nil))
		lines, more = lines[n:], n
	}
	for _, line := range lines {
		b.WriteString("\n• " + line)
	}
	return b.String(), more
}

// SinceBudget is how many characters a catch-up may take above a message
// of rest (with the blank line between), so that both fit one message.
func SinceBudget(rest string) int { return max(200, 1990-len([]rune(rest))-2) }

// SinceButton is the row of the button that opens the turns of moves
// from+1..to that a catch-up left out.
func SinceButton(l *i18n.Loc, t Table, from, to int) discordgo.MessageComponent {
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: l.T("since_earlier_button", nil),
		Style: discordgo.SecondaryButton, CustomID: PlainID("gsince", t.ID, strconv.Itoa(from), strconv.Itoa(to))}}}
}

// WithSince puts the clicker's "since your last move" block above a
// private reply, when they sit at the table and missed something.
func WithSince(i *discordgo.Interaction, t Table, r Response, since func(seat, budget int) string) Response {
	if r.Reply == nil {
		return r
	}
	uid, _ := User(i)
	seat := t.SeatOf(uid)
	if seat < 0 {
		return r
	}
	if s := since(seat, SinceBudget(r.Reply.Content)); s != "" {
		msg := *r.Reply
		msg.Content = Clip(s + "\n\n" + msg.Content)
		r.Reply = &msg
	}
	return r
}

// SinceOf is the catch-up of the moves from+1.. of a replayed record
// (events: each action's, GroundsOf; last: the match after them), one line
// a turn: text as SinceText writes it; more counts the earlier turns left
// out, which the moves from+1..to made (SinceButton(from, to) opens them).
func SinceOf(l *i18n.Loc, t Table, events [][]engine.Event, last engine.Match, from int, earlier string, budget int) (text string, more, to int) {
	var lines []LogLine
	var at []int // the move each line's event came from
	for k, ev := range events[from:] {
		for _, e := range ev {
			lines, at = append(lines, EventLine(e)), append(at, from+k)
		}
	}
	turns := TurnsOf(lines)
	names := SeatNamesIn(l, t, last)
	var told []string
	for _, tr := range turns {
		told = append(told, tr.Line(l, names))
	}
	text, more = SinceText(l, told, earlier, budget)
	if more > 0 {
		// The earlier turns are the moves up to the last one they hold
		// (which may also hold the first turn shown: Lord Wallace's turn
		// within the player's move).
		first := 0
		for _, tr := range turns[:more] {
			first += len(tr.Lines)
		}
		to = at[first-1] + 1
	}
	return text, more, to
}

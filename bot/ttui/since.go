package ttui

import (
	"context"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// sinceLastMove is "Since your last move" for seat: the turns of the
// others since the seat's last move, one line a turn, the newest that fit
// budget (kit.SinceOf); more counts the earlier turns left out, which the
// moves from+1..to made (kit.SinceButton(from, to) opens them; earlier is
// the note's message: behind that button or in /tt log).
//
// A Tinners' Trail table notes the seat's last move as the length of the
// log then (Notes.Seen); the record's replay says which move that was,
// each move's events being its log lines. A record whose events and log
// do not line up is told line by line from the log, the earlier lines in
// /tt log.
func (m *host) sinceLastMove(ctx context.Context, l *i18n.Loc, t kit.Table, s *tinners.State, seat int, earlier string, budget int) (text string, more, from, to int) {
	if seat < 0 || seat >= len(t.Notes.Seen) {
		return "", 0, 0, 0
	}
	seen := t.Notes.Seen[seat]
	if seen <= 0 || seen >= len(s.Log) {
		return "", 0, 0, 0
	}
	if rec, err := m.Store().MatchRecord(ctx, t.ID); err == nil {
		if title, err := m.Titles().Get(t.Title); err == nil {
			// The record read after s: only the same version lines up.
			if _, events, last, _, err := kit.GroundsOf(title, rec); err == nil && last.Version() == s.Version {
				if from, ok := moveAtLog(events, len(s.Log), seen); ok {
					text, more, to = kit.SinceOf(l, t, events, last, from, earlier, budget)
					return text, more, from, to
				}
			}
		}
	}
	text, _ = kit.SinceText(l, logLinesSince(l, t, s, seen), "ui_since_earlier", budget)
	return text, 0, 0, 0
}

// moveAtLog is how many moves had been made when the log was seen lines
// long, given each move's events and the log's length now (the lines
// before the first move are the setup's).
func moveAtLog(events [][]engine.Event, logLen, seen int) (int, bool) {
	n := 0
	for _, ev := range events {
		n += len(ev)
	}
	at := logLen - n // the setup's lines
	if at < 0 {
		return 0, false
	}
	for k, ev := range events {
		if at >= seen {
			return k, at == seen
		}
		at += len(ev)
	}
	return len(events), at == seen
}

// logLinesSince are the lines of a Tinners' Trail table's log from line
// from on.
func logLinesSince(l *i18n.Loc, t kit.Table, s *tinners.State, from int) []string {
	names := kit.SeatNamesIn(l, t, tinners.Match{S: s})
	var lines []string
	for k := from; k < len(s.Log); k++ {
		lines = append(lines, engine.FormatLine(l.Message(s.LogMessage(k), s.Log[k]), names))
	}
	return lines
}

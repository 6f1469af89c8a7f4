package ttui

import (
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// ttSinceLines are the lines of a Tinners' Trail table's log since seat's
// last move.
func ttSinceLines(l *i18n.Loc, t kit.Table, s *tinners.State, seat int) []string {
	if seat < 0 || seat >= len(t.Notes.Seen) {
		return nil
	}
	from := t.Notes.Seen[seat]
	if from <= 0 || from >= len(s.Log) {
		return nil
	}
	names := kit.SeatNamesIn(l, t, tinners.Match{S: s})
	var lines []string
	for k := from; k < len(s.Log); k++ {
		lines = append(lines, engine.FormatLine(l.Message(s.LogMessage(k), s.Log[k]), names))
	}
	return lines
}

package engine

import (
	"fmt"
	"strings"
)

// Chooser picks one of n options (0 <= result < n).
type Chooser func(n int) int

// RandomPlayout plays m until it is over, choosing uniformly with pick
// first among the seats to act, then among that seat's legal actions. After
// every action it calls check (if not nil). It fails when a seat that must
// act has no legal action, a legal action is refused, check fails, or the
// game is not over within limit actions. It returns the last match and the
// actions applied.
func RandomPlayout(m Match, pick Chooser, limit int, check func(Match) error) (Match, []Action, error) {
	var log []Action
	for m.Result() == nil {
		if len(log) >= limit {
			return m, log, fmt.Errorf("game did not end within %d actions", limit)
		}
		seats := m.ToAct()
		if len(seats) == 0 {
			return m, log, fmt.Errorf("no seat to act but no result")
		}
		seat := seats[pick(len(seats))]
		legal := m.Legal(seat)
		if len(legal) == 0 {
			return m, log, fmt.Errorf("seat %d must act but has no legal action", seat)
		}
		a := legal[pick(len(legal))]
		next, _, err := m.Apply(a)
		if err != nil {
			return m, log, fmt.Errorf("legal action %s refused: %v", a, err)
		}
		log = append(log, a)
		m = next
		if check != nil {
			if err := check(m); err != nil {
				return m, log, fmt.Errorf("after %s: %w", a, err)
			}
		}
	}
	return m, log, nil
}

// FormatLine replaces {P0}..{P9} in an event's text with names[i] (or
// "Seat i+1" when there is no name).
func FormatLine(line string, names []string) string {
	if !strings.Contains(line, "{P") {
		return line
	}
	for i := 0; i < 10; i++ {
		name := fmt.Sprintf("Seat %d", i+1)
		if i < len(names) && names[i] != "" {
			name = names[i]
		}
		line = strings.ReplaceAll(line, fmt.Sprintf("{P%d}", i), name)
	}
	return line
}

// Strings returns the compact forms of actions.
func Strings(actions []Action) []string {
	out := make([]string, len(actions))
	for i, a := range actions {
		out[i] = a.String()
	}
	return out
}

package i18n

import (
	"encoding/json"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestEngineMessage: an engine message renders in the reader's language
// with its plural count and nested terms, the same after a JSON round trip
// (messages are stored in notes), and an unknown or unset one gives the
// engine's English.
func TestEngineMessage(t *testing.T) {
	pl, en := Localizer(Polish), Localizer(English)
	m := engine.Say("not_your_turn", "Who", engine.Say("hours", "Count", 5))
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var back engine.Message
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		l    *Loc
		m    engine.Message
		want string
	}{
		{pl, m, "To nie twoja kolej; teraz kolej: 5 godzin."},
		{pl, back, "To nie twoja kolej; teraz kolej: 5 godzin."},
		{en, back, "It is not your turn: the game waits for 5 hours."},
		{pl, engine.Say("hours", "Count", 2), "2 godziny"},
		{pl, engine.Say("no_such_message"), "fallback"},
		{pl, engine.Message{}, "fallback"},
	} {
		if got := c.l.Message(c.m, "fallback"); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.l.Lang(), c.m, got, c.want)
		}
	}
	if !Has("hours") || Has("no_such_message") {
		t.Error("Has")
	}
}

// TestStatsLinePlural: /tt stats's line for a player count reads right for
// one player (a solo game) as for several, in both languages.
func TestStatsLinePlural(t *testing.T) {
	en, pl := Localizer(English), Localizer(Polish)
	for _, c := range []struct {
		l    *Loc
		n    int
		want string
	}{
		{en, 1, "• 1 player: x"}, {en, 3, "• 3 players: x"},
		{pl, 1, "• gry 1-osobowe: x"}, {pl, 5, "• gry 5-osobowe: x"},
	} {
		if got := c.l.N("adm_stats_line", c.n, map[string]any{"Tally": "x"}); got != c.want {
			t.Errorf("%s %d: %q, want %q", c.l.Lang(), c.n, got, c.want)
		}
	}
}

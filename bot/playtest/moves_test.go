package playtest

import (
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// TestCountMoves feeds the move count what the players saw and what was
// stored: it passes a sound run, and fails each way a move can be lost
// or doubled.
func TestCountMoves(t *testing.T) {
	tk := func(v, e int) kit.Token { return kit.Token{Ver: v, Epoch: e} }
	start := moveSeen{N: 1, Game: "g", User: "A", Shown: tk(0, 0), Shows: true} // /tt start: no token sent
	click := func(n int, user string, from, shown kit.Token, action string) moveSeen {
		return moveSeen{N: n, Game: "g", User: user, From: from, HasFrom: true, Shown: shown, Shows: true, Action: action}
	}
	menu := func(n int, user string, at kit.Token) moveSeen { return click(n, user, at, at, "") }
	seats := map[string]int{"A": 0, "B": 1}
	// A moves (and the title plays B's forced move after it), B opens a
	// menu and moves, A moves and takes it back.
	sound := []moveSeen{start,
		click(2, "A", tk(0, 0), tk(2, 0), "0/x"),
		menu(3, "B", tk(2, 0)),
		click(4, "B", tk(2, 0), tk(3, 0), ""),
		click(5, "A", tk(3, 0), tk(4, 0), "0/y"),
		{N: 6, Game: "g", User: "A", From: tk(4, 0), HasFrom: true, Undo: true, Shown: tk(3, 1), Shows: true},
	}
	log := []string{"0/x", "1/forced", "1/z"}
	cases := []struct {
		name    string
		seen    []moveSeen
		actions []string
		want    string // a problem containing it; "" for none
	}{
		{"sound", sound, log, ""},
		{"a move doubled in the log", sound, append(append([]string(nil), log...), "1/z"), "applied without an acknowledged move"},
		{"an acknowledged move missing", sound, log[:2], "acknowledged moves missing"},
		{"entries shifted off their seat", sound, []string{"0/x", "1/forced", "0/x"}, "not a move of seat [1 1]"},
		{"another action than the button's", []moveSeen{start, click(2, "A", tk(0, 0), tk(1, 0), "0/x")}, []string{"0/w"}, `interaction [2] applied "0/x"`},
		{"a version nobody moved to", []moveSeen{start, {N: 2, Game: "g", User: "B", Shown: tk(1, 0), Shows: true}},
			[]string{"1/z"}, "no acknowledged click could have made them"},
		{"an epoch without an undo", []moveSeen{start, click(2, "A", tk(0, 0), tk(1, 0), ""), menu(3, "B", tk(1, 1))},
			[]string{"0/x"}, "without an undo clicked"},
		// Lost with the killed process: its move may be stored, shown
		// later, and claimed by nobody.
		{"lost at the kill", []moveSeen{start, {N: 2, Game: "g", User: "A", From: tk(0, 0), HasFrom: true, Lost: true},
			{N: 3, Game: "g", User: "A", Shown: tk(1, 0), Shows: true}, click(4, "B", tk(1, 0), tk(2, 0), "")},
			[]string{"0/x", "1/z"}, ""},
		{"lost at the kill, last", []moveSeen{start, {N: 2, Game: "g", User: "A", From: tk(0, 0), HasFrom: true, Lost: true}},
			[]string{"0/x"}, ""},
		// An undo whose board was shown by the next interaction.
		{"undo shown later", []moveSeen{start, click(2, "A", tk(0, 0), tk(1, 0), "0/x"),
			{N: 3, Game: "g", User: "A", From: tk(1, 0), HasFrom: true, Undo: true}, menu(4, "B", tk(0, 1))}, nil, ""},
		{"undo never shown", []moveSeen{start, click(2, "A", tk(0, 0), tk(2, 0), "0/x"),
			{N: 3, Game: "g", User: "A", From: tk(2, 0), HasFrom: true, Undo: true}}, nil, ""},
		// A move whose board the outbox posted later.
		{"shown later", []moveSeen{start, {N: 2, Game: "g", User: "A", From: tk(0, 0), HasFrom: true}, {N: 3, Game: "g", User: "B", Shown: tk(1, 0), Shows: true}},
			[]string{"0/x"}, ""},
	}
	for _, c := range cases {
		mc := countMoves(c.seen, map[string]storedGame{"g": {Actions: c.actions, Seats: seats}})
		got := strings.Join(mc.Problems, "; ")
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: problems %q, want %q", c.name, got, c.want)
		}
	}
	if mc := countMoves(sound, map[string]storedGame{"g": {Actions: log, Seats: seats}}); mc.Moves != 2 || mc.Actions != 3 {
		t.Errorf("sound run: %d moves claiming %d entries, want 2 (the third taken back) and 3", mc.Moves, mc.Actions)
	}
}

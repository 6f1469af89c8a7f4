package kit

import (
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// TestTurnLines: a seat's lines in a row are one line, the seat named
// once, bookkeeping left out; a line of nobody's turn stands alone; a
// turn start splits; a turn of bookkeeping alone is still told.
func TestTurnLines(t *testing.T) {
	l := i18n.Localizer(i18n.English)
	names := []string{"**orange (O)** (Ann)", "**blue (B)** (Bo)"}
	line := func(text string, seat int, kind engine.EventKind) LogLine {
		return LogLine{Text: text, Turn: seat + 1, Kind: kind}
	}
	lines := []LogLine{
		{Text: "The game begins."},
		line("{P0} builds a mine in Leek.", 0, engine.Acted),
		line("Coal from {P1}'s mine.", 0, engine.Followed),
		line("{P0} ends the turn.", 0, engine.Kept),
		line("{P1} passes.", 1, engine.Acted),
		{Text: "{P1} takes a loan.", Turn: 2, Start: true},
		line("{P0} ends the turn.", 0, engine.Kept),
	}
	got := TurnLines(l, lines, names)
	want := []string{
		"The game begins.",
		"**orange (O)** (Ann) builds a mine in Leek. Coal from **blue (B)** (Bo)'s mine.",
		"**blue (B)** (Bo) passes.",
		"**blue (B)** (Bo) takes a loan.",
		"**orange (O)** (Ann) ends the turn.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("TurnLines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// After another seat's part, the seat is named again.
	mixed := []LogLine{line("{P1} passes.", 1, engine.Acted), line("{P0} cannot bid.", 1, engine.Followed), line("{P1} sells 3 tin.", 1, engine.Acted)}
	if s := TurnLines(l, mixed, names)[0]; s != "**blue (B)** (Bo) passes; **orange (O)** (Ann) cannot bid; **blue (B)** (Bo) sells 3 tin." {
		t.Errorf("a turn with another seat's part: %q", s)
	}
	// A turn that does not start with its seat names it first.
	if s := TurnLines(l, []LogLine{line("The tile is revealed.", 1, engine.Followed)}, names)[0]; s != "**blue (B)** (Bo): The tile is revealed." {
		t.Errorf("a turn not starting with its seat: %q", s)
	}
}

// TestFitTurnsAfter: turns that fit are all kept; otherwise the turns
// after the kept ones give way first, oldest first, to a pointer that
// counts turns; at least the newest turn stays.
func TestFitTurnsAfter(t *testing.T) {
	l := i18n.Localizer(i18n.English)
	turn := func(c string) string { return strings.Repeat(c, 80) } // 2 wrapped lines each: 40 px
	turns := []string{turn("a"), turn("b"), turn("c"), turn("d")}
	if got := FitTurnsAfter(l, turns, 1, 160, "phone_turns_earlier"); len(got) != 4 {
		t.Errorf("turns that fit were folded: %q", got)
	}
	got := FitTurnsAfter(l, turns, 1, 140, "phone_turns_earlier") // 3 turns and the pointer: 140 px
	if len(got) != 4 || got[0] != turns[0] || !strings.Contains(got[1], "1 earlier turn") || got[2] != turns[2] {
		t.Errorf("keeping the first: %q", got)
	}
	got = FitTurns(l, turns, 60, "phone_turns_earlier")
	if len(got) != 2 || !strings.Contains(got[0], "3 earlier turns") || got[1] != turns[3] {
		t.Errorf("folding the oldest: %q", got)
	}
	if got := FitTurns(l, turns, 0, "phone_turns_earlier"); got[len(got)-1] != turns[3] {
		t.Errorf("the newest turn is gone: %q", got)
	}
}

package coalbaron

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestRulesSummary: the /tt rules text fits its bound and states the
// numbers of Standard (shifts per player count, the wild action's look).
func TestRulesSummary(t *testing.T) {
	r := Title.Meta().Rules
	if n := utf8.RuneCountInString(r); n == 0 || n > engine.MaxRulesLen {
		t.Fatalf("rules summary has %d characters (at most %d)", n, engine.MaxRulesLen)
	}
	s := Standard.Seats
	if want := fmt.Sprintf("%d / %d / %d shifts at 2 / 3 / 4 players", s[2].Shifts, s[3].Shifts, s[4].Shifts); !strings.Contains(r, want) {
		t.Errorf("rules summary lacks %q", want)
	}
	if !s[2].NoMine12 || !strings.Contains(r, "no 1/2 at 2 players") {
		t.Errorf("rules summary and Standard disagree on mining card 1/2 at 2 players")
	}
	if want := fmt.Sprintf("top %d cards", Standard.WildLook); !strings.Contains(r, want) {
		t.Errorf("rules summary lacks %q", want)
	}
}

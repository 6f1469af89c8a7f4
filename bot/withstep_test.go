package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// A private reply with the next step never loses the step's first line
// (what the menu is) to Discord's length: the head's middle goes first,
// then the step's last lines.
func TestWithStepKeepsTheStepsHead(t *testing.T) {
	var head, step strings.Builder
	head.WriteString("**Done.**")
	for k := range 30 {
		fmt.Fprintf(&head, "\n• event %d %s", k, strings.Repeat("x", 40))
	}
	step.WriteString("**Your move**: 18 options.")
	for k := range 18 {
		fmt.Fprintf(&step, "\n• **%d** — %s", k, strings.Repeat("y", 80))
	}
	got := kit.WithStep(head.String(), step.String())
	if n := len([]rune(got)); n > 1990 {
		t.Fatalf("%d characters", n)
	}
	if !strings.HasPrefix(got, "**Done.**\n• event 0") || !strings.Contains(got, "\n…\n\n**Your move**: 18 options.\n• **0**") || !strings.HasSuffix(got, "• **17** — "+strings.Repeat("y", 80)) {
		t.Errorf("the head's middle should go, the step stay whole:\n%s", got)
	}
	// A step too long by itself keeps its first line and loses its last.
	long := step.String() + strings.Repeat("\n• more "+strings.Repeat("z", 90), 10)
	got = kit.WithStep(head.String(), long)
	if n := len([]rune(got)); n > 1990 || !strings.HasPrefix(got, "**Done.**") || !strings.Contains(got, "**Your move**: 18 options.") || !strings.HasSuffix(got, "\n…") {
		t.Errorf("%d characters:\n%s", len([]rune(got)), got)
	}
	if got := kit.WithStep("a\nb", "c"); got != "a\nb\n\nc" {
		t.Errorf("short: %q", got)
	}
}

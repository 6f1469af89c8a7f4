package brass

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestRulesSummary: /tt rules fits its bound and states the edition's
// numbers.
func TestRulesSummary(t *testing.T) {
	r := Title.Meta().Rules
	if len(r) == 0 || len(r) > engine.MaxRulesLen {
		t.Fatalf("summary of %d characters", len(r))
	}
	e := Standard
	for _, want := range []string{
		fmt.Sprintf("%d / %d / %d rounds", e.Seats[2].Rounds, e.Seats[3].Rounds, e.Seats[4].Rounds),
		fmt.Sprintf("£%d", e.StartMoney), fmt.Sprintf("%d cards", e.HandSize),
		fmt.Sprintf("canal £%d", e.CanalCost), fmt.Sprintf("rail £%d", e.RailCost), fmt.Sprintf("two rails £%d", e.DoubleRailCost),
		fmt.Sprintf("Loan: £%d, income %d levels", e.LoanMoney, e.LoanLevels), fmt.Sprintf("below %d", e.MinLevel),
		fmt.Sprintf("discard %d cards", e.ScoutDiscard), fmt.Sprintf("1 per £%d, up to %d", e.IntroMoneyPer, e.IntroMoneyMax),
	} {
		w := strings.ReplaceAll(want, "-", "−")
		if !strings.Contains(r, want) && !strings.Contains(r, w) {
			t.Errorf("the summary does not say %q", want)
		}
	}
}

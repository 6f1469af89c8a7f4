package tinners

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"math/rand/v2"
	"strings"
	"testing"
)

// soloOptionSets are the option combinations the random solo games cycle
// through: no options, each difficulty option alone, all of them, and the
// modules with and without difficulty.
var soloOptionSets = []string{
	"",
	"better-mines", "cheap-labour", "more-mines", "more-mines=2", "deep-pockets",
	"friends-in-high-places", "financial-sabotage", "bailing-out", "shady-land-purchases",
	"better-mines,cheap-labour,more-mines=2,deep-pockets,friends-in-high-places,financial-sabotage,bailing-out,shady-land-purchases",
	"arsenic", "emigration", "kickstarter", "arsenic,emigration,kickstarter",
	"arsenic,better-mines,deep-pockets", "emigration,better-mines,more-mines",
	"arsenic,emigration,kickstarter,better-mines,cheap-labour,more-mines,deep-pockets,friends-in-high-places,financial-sabotage,bailing-out,shady-land-purchases",
}

// TestSoloRandomGames plays random solo games over every difficulty and
// module combination above, checking invariants after every action
// (CheckInvariants includes checkSolo: the game never waits for Lord
// Wallace, and he never passed for want of a card while a build, mine or
// development was possible: the "some card always works" property).
func TestSoloRandomGames(t *testing.T) {
	t.Parallel() // one goroutine of rules each: two such tests share the two cores
	// One goroutine plays them: outside the full pass (-race, -short) 2.
	games := testenv.Size(t, 2, 12)
	stuck, turns := 0, 0
	for k, list := range soloOptionSets {
		o, err := ParseOptions(list)
		if err != nil {
			t.Fatal(err)
		}
		for g := 0; g < games; g++ {
			seed := uint64(7000 + 100*k + g)
			s, err := NewGame(Setup{NumSeats: 1, Seed: seed, Options: o})
			if err != nil {
				t.Fatalf("%q: %v", list, err)
			}
			r := rand.New(rand.NewPCG(seed, 11))
			end, log, err := RandomPlayout(s, func(n int) int { return r.IntN(n) }, true, 5000)
			if err != nil {
				t.Fatalf("%q seed %d after %d actions: %v\n%s", list, seed, len(log), err, tail(englishLog(t, end), 30))
			}
			if end.Result == nil || len(end.Result.Ranking) != 1 {
				t.Fatalf("%q seed %d: no result", list, seed)
			}
			stuck += end.Solo.Stuck
			for _, l := range englishLog(t, end) {
				if strings.HasPrefix(l, "Lord Wallace reveals action card") {
					turns++
				}
			}
		}
	}
	t.Logf("%d action cards revealed; %d turns with no possible action (he passed)", turns, stuck)
}

func tail(lines []string, n int) string {
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

package tinners

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"math/rand/v2"
	"testing"
)

func TestRandomPlayouts(t *testing.T) {
	t.Parallel() // one goroutine of rules each: two such tests share the two cores
	// One goroutine plays them: outside the full pass (-race, -short) 60.
	games := testenv.Size(t, 60, 300)
	for g := 0; g < games; g++ {
		n := 2 + g%4
		seed := uint64(1000 + g)
		// The modules in turn: none, Kickstarter, Arsenic, both.
		s, err := NewGame(Setup{NumSeats: n, Seed: seed, Options: mixedOptions(g)})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 7))
		end, log, err := RandomPlayout(s, func(k int) int { return r.IntN(k) }, true, 5000)
		if err != nil {
			t.Fatalf("game %d (%dp, seed %d) after %d actions: %v", g, n, seed, len(log), err)
		}
		if end.Result == nil || len(end.Result.Ranking) != n {
			t.Fatalf("game %d: no result", g)
		}
	}
}

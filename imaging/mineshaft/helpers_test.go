package mineshaftimg

import (
	"flag"
	"math/rand"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/imaging"
)

var samples = flag.String("samples", "", "write sample pictures (full size and 400 px wide) to this directory")

var fixtureNames = []string{"Alice", "Bartholomew Long", "Chen", "Dee"}

// randomMatch plays a random game of seats players from seed and stops
// after steps actions (or at its end).
func randomMatch(t testing.TB, seats int, seed int64, steps int) engine.Match {
	t.Helper()
	m, err := mineshaft.Title.New(engine.Setup{NumSeats: seats, Seed: uint64(seed)})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(seed))
	m, _, err = engine.RandomPlayout(m, r.Intn, steps, nil)
	if err != nil && !strings.Contains(err.Error(), "did not end within") {
		t.Fatalf("%dp seed %d: %v", seats, seed, err)
	}
	return m
}

// randomViews are public views of random games of 2, 3 and 4 players,
// stopped at various points from the first move to the end.
func randomViews(t testing.TB, perCount int) []mineshaft.PublicView {
	var out []mineshaft.PublicView
	for seats := 2; seats <= 4; seats++ {
		for k := 0; k < perCount; k++ {
			seed := int64(seats*1000 + k)
			steps := []int{0, 3, 12, 40, 90, 160, 260, 100000}[k%8] + int(seed%5)
			out = append(out, randomMatch(t, seats, seed, steps).Public().(mineshaft.PublicView))
		}
	}
	return out
}

func opts(v mineshaft.PublicView) imaging.Options {
	return imaging.Options{Names: fixtureNames[:min(len(fixtureNames), len(v.Players))]}
}

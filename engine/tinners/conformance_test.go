package tinners

import (
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// TestConformance runs the engine contract's suite on Tinners' Trail, with
// and without the modules, at every seat count from the solo game (1) to 5.
func TestConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Title:      Title,
		Options:    []string{"", "arsenic,emigration,kickstarter"},
		Seeds:      seeds(2),
		MaxActions: 3000,
		Invariants: func(m engine.Match) error { return CheckInvariants(StateOf(m)) },
		Redeal:     redeal,
	})
}

// TestConformanceSolo runs the suite on the solo game with Lord Wallace's
// difficulty options, alone and together with the modules.
func TestConformanceSolo(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Title: Title,
		Options: []string{"better-mines,deep-pockets", "cheap-labour,more-mines=2,financial-sabotage",
			"friends-in-high-places,bailing-out,shady-land-purchases,more-mines",
			"arsenic,emigration,kickstarter,better-mines,cheap-labour,more-mines,deep-pockets,friends-in-high-places,financial-sabotage,bailing-out,shady-land-purchases"},
		Seeds:      seeds(3),
		MaxActions: 3000,
		SeatCounts: []int{1},
		Invariants: func(m engine.Match) error { return CheckInvariants(StateOf(m)) },
		Redeal:     redeal,
	})
}

// seeds is n, or 1 under -race (.ci/run's race-free pass plays n).
func seeds(n int) int {
	if raceOn {
		return 1
	}
	return n
}

// redeal re-deals everything hidden at random, keeping what is public: the
// face-down tiles of a region trade places (and the peeks on them change),
// hands trade cards with the 2-player decks, and the generator is reseeded.
func redeal(m engine.Match, r *rand.Rand) engine.Match {
	c := StateOf(m).Clone()
	byRegion := map[Region][]int{}
	for i := range c.Areas {
		if a := &c.Areas[i]; a.HasTile && !a.FaceUp {
			reg := Standard.Areas[i].Region
			byRegion[reg] = append(byRegion[reg], i)
		}
	}
	for _, idx := range byRegion {
		r.Shuffle(len(idx), func(i, j int) {
			c.Areas[idx[i]].Tile, c.Areas[idx[j]].Tile = c.Areas[idx[j]].Tile, c.Areas[idx[i]].Tile
		})
	}
	for i := range c.Players {
		p := &c.Players[i]
		for k := range p.Hand {
			p.Hand[k] = r.IntN(len(Standard.Cards))
		}
		for k := range p.Draft {
			p.Draft[k] = r.IntN(len(Standard.Cards))
		}
		for k := range p.Peeked {
			p.Peeked[k].Tile.Copper = r.IntN(5)
		}
	}
	for d := range c.Decks {
		r.Shuffle(len(c.Decks[d]), func(i, j int) { c.Decks[d][i], c.Decks[d][j] = c.Decks[d][j], c.Decks[d][i] })
	}
	if o := c.Solo; o != nil {
		// Lord Wallace's hidden decks: the order of his action deck, and
		// which cards his face-down survey deck holds (any region cards).
		r.Shuffle(len(o.Actions), func(i, j int) { o.Actions[i], o.Actions[j] = o.Actions[j], o.Actions[i] })
		for k := range o.Survey {
			o.Survey[k] = r.IntN(3 * 10)
		}
	}
	c.RNG = r.Uint64()
	return Match{c}
}

// TestKindTable: every action kind has its own non-empty code in the one
// per-kind table that drives the compact form.
func TestKindTable(t *testing.T) {
	seen := map[string]ActionKind{}
	for k := ActionKind(0); k < numActionKinds; k++ {
		c := k.Code()
		if c == "" || c == "?" {
			t.Fatalf("kind %d has no code", k)
		}
		if o, dup := seen[c]; dup {
			t.Fatalf("kinds %d and %d share the code %q", o, k, c)
		}
		seen[c] = k
	}
}

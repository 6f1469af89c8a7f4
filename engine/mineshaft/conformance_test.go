package mineshaft

import (
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// TestConformance runs the platform's conformance suite on Mine Shaft.
func TestConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Title:      Title,
		Seeds:      4,
		MaxActions: 3000,
		Invariants: CheckInvariants,
		Redeal:     redeal,
	})
}

// redeal re-deals everything hidden consistently with what is public: the
// order of the draw pile (its size kept) and the generator, which decides
// the bag's draws and the dice (the bag's contents are public).
func redeal(m engine.Match, r *rand.Rand) engine.Match {
	s := m.(*match).s.clone()
	s.RNG = r.Uint64()
	r.Shuffle(len(s.Pile), func(i, j int) { s.Pile[i], s.Pile[j] = s.Pile[j], s.Pile[i] })
	return &match{s: s}
}

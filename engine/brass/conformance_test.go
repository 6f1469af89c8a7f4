package brass

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// TestConformance runs the platform's conformance suite on Brass, the
// full game and the introductory game.
func TestConformance(t *testing.T) {
	enginetest.Run(t, enginetest.Config{
		Title:      Title,
		Options:    []string{"", "intro"},
		Seeds:      2,
		MaxActions: 4000,
		Invariants: CheckInvariants,
		Redeal:     redeal,
	})
}

// redeal re-deals everything hidden consistently with what is public: the
// cards of the deck, of every hand (wild cards apart: they came from a
// public Scout) and the face-down cards, sizes kept, and reseeds the
// generator.
func redeal(m engine.Match, r *rand.Rand) engine.Match {
	s := m.(*match).s.clone()
	s.RNG = r.Uint64()
	var slots []*int
	for i := range s.Deck {
		slots = append(slots, &s.Deck[i])
	}
	for i := range s.Players {
		p := &s.Players[i]
		for j, c := range p.Hand {
			if c < CardWildLocation {
				slots = append(slots, &p.Hand[j])
			}
		}
		if p.FaceDown >= 0 {
			slots = append(slots, &p.FaceDown)
		}
	}
	cards := make([]int, len(slots))
	for i, c := range slots {
		cards[i] = *c
	}
	r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	for i, c := range slots {
		*c = cards[i]
	}
	for i := range s.Players {
		slices.Sort(s.Players[i].Hand)
	}
	return &match{s: s}
}

package brass

import (
	"math/rand/v2"
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Determinize re-deals everything hidden from seat (engine.Determinizer):
// the cards of the deck, of the other hands (wild cards apart: they came
// from a public Scout) and every face-down card (seen by nobody), sizes
// kept, and reseeds the generator. The pool is sorted before it is
// shuffled, so that the deal depends on what seat sees and on r only.
func (m *match) Determinize(seat int, r *rand.Rand) engine.Match {
	s := m.s.clone()
	s.RNG = r.Uint64()
	var slots []*int
	for i := range s.Deck {
		slots = append(slots, &s.Deck[i])
	}
	for i := range s.Players {
		p := &s.Players[i]
		if i != seat {
			for j, c := range p.Hand {
				if c < CardWildLocation {
					slots = append(slots, &p.Hand[j])
				}
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
	slices.Sort(cards)
	r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	for i, c := range slots {
		*c = cards[i]
	}
	for i := range s.Players {
		if i != seat {
			slices.Sort(s.Players[i].Hand)
		}
	}
	return &match{s: s}
}

package mineshaft

import (
	"math/rand/v2"
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Determinize re-deals everything hidden (engine.Determinizer): the order
// of the draw pile (its size kept) and the generator, which decides the
// bag's draws and the dice (the bag's contents are public). No seat holds
// a secret, so seat changes nothing. The pile is sorted before it is
// shuffled, so that the deal depends on what is public and on r only.
func (m *match) Determinize(seat int, r *rand.Rand) engine.Match {
	s := m.s.clone()
	s.RNG = r.Uint64()
	slices.Sort(s.Pile)
	r.Shuffle(len(s.Pile), func(i, j int) { s.Pile[i], s.Pile[j] = s.Pile[j], s.Pile[i] })
	return &match{s: s}
}

package coalbaron

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// TestConformance runs the platform's conformance suite on Coal Baron.
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
// cards below each stack's top (lorry and wagon twins pooled), the wild
// action's looked-at cards, and every hand's orders and innovations (pooled
// with the hidden part of their stack, sizes kept), and reseeds the
// generator.
func redeal(m engine.Match, r *rand.Rand) engine.Match {
	s := m.(*match).s.clone()
	s.RNG = r.Uint64()
	// Each pool is a list of slots (pointers to hidden cards); their cards
	// are shuffled among the slots.
	type pool []*int
	pools := map[Kind]pool{}
	hidden := func(k Kind, ids []int) {
		for i := range ids {
			pools[k] = append(pools[k], &ids[i])
		}
	}
	for z := Zone(0); z < NumStacks; z++ {
		if len(s.Stacks[z]) > 1 {
			hidden(stackKind[z], s.Stacks[z][1:])
		}
	}
	if s.Step.WildStack >= 0 {
		// The looked-at cards come from their stack: they pool with it.
		hidden(stackKind[s.Step.WildStack], s.Step.Looked)
	}
	for i := range s.Players {
		if s.Step.Kind == StepDeliver && i == s.Turn {
			// Her delivery showed that she holds an order for it: her
			// orders stay (pooling them could leave her none that fits).
			continue
		}
		hidden(KindOrder, s.Players[i].Orders)
		// Innovations: worker innovations and action innovations differ
		// in what the owner may do, not in what is public.
		hidden(KindInnovation, s.Players[i].Innovations)
	}
	for _, k := range []Kind{KindLorry, KindWagon, KindEngine, KindOrder, KindShare, KindInnovation, KindObjective} {
		p := pools[k]
		var cards []int
		for _, c := range p {
			cards = append(cards, *c)
		}
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		for i, c := range p {
			*c = cards[i]
		}
	}
	for i := range s.Players {
		slices.Sort(s.Players[i].Orders)
	}
	if s.Step.Kept != NoCard {
		s.Step.Kept = NoCard
	}
	return &match{s: s}
}

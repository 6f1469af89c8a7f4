package coalbaron

import (
	"math/rand/v2"
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Determinize re-deals everything hidden from seat (engine.Determinizer):
// the cards below each stack's top (lorry and wagon twins pooled), the
// cards the wild action looked at unless seat is looking, and the other
// seats' orders and innovations (pooled with the hidden part of their
// stack, sizes kept), and reseeds the generator. Every pool is sorted
// before it is shuffled, so that the deal depends on what seat sees and
// on r only.
func (m *match) Determinize(seat int, r *rand.Rand) engine.Match {
	s := m.s.clone()
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
	looking := seat == s.Turn && s.Step.WildStack >= 0
	if s.Step.WildStack >= 0 && !looking {
		// The looked-at cards come from their stack: they pool with it.
		hidden(stackKind[s.Step.WildStack], s.Step.Looked)
		if s.Step.Kept != NoCard {
			pools[stackKind[s.Step.WildStack]] = append(pools[stackKind[s.Step.WildStack]], &s.Step.Kept)
		}
	}
	for i := range s.Players {
		if i == seat {
			continue
		}
		if s.Step.Kind == StepDeliver && i == s.Turn {
			// Her delivery showed that she holds an order for it: her
			// orders stay (pooling them could leave her none that fits).
			hidden(KindInnovation, s.Players[i].Innovations)
			continue
		}
		hidden(KindOrder, s.Players[i].Orders)
		// Innovations: worker innovations and action innovations differ
		// in what the owner may do, not in what is public.
		hidden(KindInnovation, s.Players[i].Innovations)
	}
	for _, k := range []Kind{KindLorry, KindWagon, KindEngine, KindOrder, KindShare, KindInnovation, KindObjective} {
		p := pools[k]
		cards := make([]int, len(p))
		for i, c := range p {
			cards[i] = *c
		}
		slices.Sort(cards)
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		for i, c := range p {
			*c = cards[i]
		}
	}
	for i := range s.Players {
		if i != seat {
			slices.Sort(s.Players[i].Orders)
		}
	}
	return &match{s: s}
}

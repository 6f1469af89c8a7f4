package tinners

import (
	"cmp"
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Determinize re-deals everything hidden from seat (engine.Determinizer):
// the face-down tiles of each region that seat has not looked at trade
// places (and the other seats' looks at them follow), the survey cards
// seat cannot see (the other hands and drafts, the 2-player draw piles,
// Lord Wallace's survey deck) are dealt again, deck by deck, from every
// card of that deck seat does not hold, Lord Wallace's action deck is
// reshuffled, and the generator is reseeded. Every pool is sorted before
// it is shuffled, so that the deal depends on what seat sees and on r only.
//
// The card pool of a deck is every card of it outside seat's hand and
// draft: seat does not know which were set aside at setup, and the pool
// also holds cards played before (the state does not keep them), which a
// player would know are gone; the re-deal errs towards knowing less.
func (m Match) Determinize(seat int, r *rand.Rand) engine.Match {
	c := m.S.Clone()
	e := c.Edition()
	c.RNG = r.Uint64()
	c.FixedDice = nil
	mine := func(p int) bool { return p == seat }

	// Face-down tiles, region by region, except those seat has seen.
	seen := map[int]bool{}
	if seat >= 0 && seat < len(c.Players) {
		for _, pk := range c.Players[seat].Peeked {
			seen[pk.Area] = true
		}
	}
	if a := c.Auction; a != nil && a.Peek && a.Opener == seat {
		seen[a.Area] = true // the opener looked at the tile
	}
	byRegion := map[Region][]int{}
	for i := range c.Areas {
		if a := &c.Areas[i]; a.HasTile && !a.FaceUp && !seen[i] {
			reg := e.Areas[i].Region
			byRegion[reg] = append(byRegion[reg], i)
		}
	}
	for _, reg := range slices.Sorted(maps.Keys(byRegion)) {
		idx := byRegion[reg]
		tiles := make([]Tile, len(idx))
		for k, i := range idx {
			tiles[k] = c.Areas[i].Tile
		}
		slices.SortFunc(tiles, compareTiles)
		r.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
		for k, i := range idx {
			c.Areas[i].Tile = tiles[k]
		}
	}
	for p := range c.Players {
		if mine(p) {
			continue
		}
		pl := &c.Players[p]
		for k, pk := range pl.Peeked {
			if a := c.Areas[pk.Area]; a.HasTile && !a.FaceUp {
				pl.Peeked[k].Tile = a.Tile
			}
		}
	}

	// Survey cards: the slots seat cannot see, by deck.
	var slots [NumDecks][]*int
	add := func(ids []int) {
		for k := range ids {
			d := e.Cards[ids[k]].Deck
			slots[d] = append(slots[d], &ids[k])
		}
	}
	for p := range c.Players {
		if !mine(p) {
			add(c.Players[p].Hand)
			add(c.Players[p].Draft)
		}
	}
	for d := range c.Decks {
		add(c.Decks[d])
	}
	if o := c.Solo; o != nil {
		add(o.Survey)
	}
	held := map[int]bool{}
	if seat >= 0 && seat < len(c.Players) {
		for _, id := range c.Players[seat].Hand {
			held[id] = true
		}
		for _, id := range c.Players[seat].Draft {
			held[id] = true
		}
	}
	if c.Auction != nil && c.Auction.Card != NoCard {
		held[c.Auction.Card] = true // played face up
	}
	for d := Deck(0); d < NumDecks; d++ {
		if len(slots[d]) == 0 {
			continue
		}
		var pool []int
		for _, id := range e.Decks[d] {
			if !held[id] {
				pool = append(pool, id)
			}
		}
		// pool is in the edition's order; a shuffle of it deals the slots.
		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		for k, sl := range slots[d] {
			*sl = pool[k]
		}
	}
	for p := range c.Players {
		if !mine(p) {
			slices.Sort(c.Players[p].Hand)
			slices.Sort(c.Players[p].Draft)
		}
	}
	if o := c.Solo; o != nil {
		slices.Sort(o.Actions)
		r.Shuffle(len(o.Actions), func(i, j int) { o.Actions[i], o.Actions[j] = o.Actions[j], o.Actions[i] })
	}
	return Match{c}
}

func compareTiles(a, b Tile) int {
	return cmp.Or(cmp.Compare(a.Tin, b.Tin), cmp.Compare(a.Copper, b.Copper), cmp.Compare(a.Water, b.Water), cmp.Compare(a.Kind, b.Kind))
}

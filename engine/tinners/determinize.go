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
	c.RNG = r.Uint64()
	c.FixedDice = nil
	c.redealTiles(seat, r)
	c.redealSurvey(seat, r)
	if o := c.Solo; o != nil {
		slices.Sort(o.Actions)
		r.Shuffle(len(o.Actions), func(i, j int) { o.Actions[i], o.Actions[j] = o.Actions[j], o.Actions[i] })
	}
	return Match{c}
}

// redealTiles trades the places of the face-down tiles of each region
// that seat has not seen; the other seats' looks at them follow.
func (s *State) redealTiles(seat int, r *rand.Rand) {
	e := s.Edition()
	seen := map[int]bool{}
	if seat >= 0 && seat < len(s.Players) {
		for _, pk := range s.Players[seat].Peeked {
			seen[pk.Area] = true
		}
	}
	if a := s.Auction; a != nil && a.Peek && a.Opener == seat {
		seen[a.Area] = true // the opener looked at the tile
	}
	byRegion := map[Region][]int{}
	for i := range s.Areas {
		if a := &s.Areas[i]; a.HasTile && !a.FaceUp && !seen[i] {
			reg := e.Areas[i].Region
			byRegion[reg] = append(byRegion[reg], i)
		}
	}
	for _, reg := range slices.Sorted(maps.Keys(byRegion)) {
		idx := byRegion[reg]
		tiles := make([]Tile, len(idx))
		for k, i := range idx {
			tiles[k] = s.Areas[i].Tile
		}
		slices.SortFunc(tiles, compareTiles)
		r.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
		for k, i := range idx {
			s.Areas[i].Tile = tiles[k]
		}
	}
	for p := range s.Players {
		if p == seat {
			continue
		}
		pl := &s.Players[p]
		for k, pk := range pl.Peeked {
			if a := s.Areas[pk.Area]; a.HasTile && !a.FaceUp {
				pl.Peeked[k].Tile = a.Tile
			}
		}
	}
}

// redealSurvey deals the survey-card slots seat cannot see again, deck by
// deck, from every card of the deck seat does not know the place of.
func (s *State) redealSurvey(seat int, r *rand.Rand) {
	e := s.Edition()
	slots := s.hiddenCardSlots(seat)
	held := s.cardsKnownTo(seat)
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
	for p := range s.Players {
		if p != seat {
			slices.Sort(s.Players[p].Hand)
			slices.Sort(s.Players[p].Draft)
		}
	}
}

// hiddenCardSlots points at every survey card seat cannot see, by deck:
// the other seats' hands and drafts, the draw piles, Lord Wallace's
// survey deck.
func (s *State) hiddenCardSlots(seat int) [NumDecks][]*int {
	e := s.Edition()
	var slots [NumDecks][]*int
	add := func(ids []int) {
		for k := range ids {
			d := e.Cards[ids[k]].Deck
			slots[d] = append(slots[d], &ids[k])
		}
	}
	for p := range s.Players {
		if p != seat {
			add(s.Players[p].Hand)
			add(s.Players[p].Draft)
		}
	}
	for d := range s.Decks {
		add(s.Decks[d])
	}
	if o := s.Solo; o != nil {
		add(o.Survey)
	}
	return slots
}

// cardsKnownTo is the set of survey cards seat knows the place of: its own
// hand and draft, and a card played face up in the auction.
func (s *State) cardsKnownTo(seat int) map[int]bool {
	held := map[int]bool{}
	if seat >= 0 && seat < len(s.Players) {
		for _, id := range s.Players[seat].Hand {
			held[id] = true
		}
		for _, id := range s.Players[seat].Draft {
			held[id] = true
		}
	}
	if s.Auction != nil && s.Auction.Card != NoCard {
		held[s.Auction.Card] = true // played face up
	}
	return held
}

func compareTiles(a, b Tile) int {
	return cmp.Or(cmp.Compare(a.Tin, b.Tin), cmp.Compare(a.Copper, b.Copper), cmp.Compare(a.Water, b.Water), cmp.Compare(a.Kind, b.Kind))
}

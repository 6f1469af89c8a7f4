package brass

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// CheckInvariants returns the first broken invariant of a Brass match, or
// nil: every card of the deck is in exactly one place (deck, hands,
// discard piles, face-down cards) and the wild cards are all accounted
// for; no seat has more tiles on the board than it took from its mat, nor
// more links than it owns; cubes and barrels within each tile's and
// market's capacity, on unflipped tiles only; barrels only beside
// non-blank merchant tiles; money and VP never negative and VP the sum of
// the scoring categories; income within the track; the era's round within
// its count; in the Canal era at most one tile per seat and town. It
// returns an error for a match of another title.
func CheckInvariants(m engine.Match) error {
	mm, ok := m.(*match)
	if !ok {
		return fmt.Errorf("not a Brass match: %T", m)
	}
	return mm.s.invariants()
}

// invariants returns the first broken invariant of the state, family by
// family: cards, tiles, links, markets, players, then the turn.
func (s *state) invariants() error {
	if err := s.cardInvariants(); err != nil {
		return err
	}
	onBoard, err := s.tileInvariants()
	if err != nil {
		return err
	}
	if err := s.linkInvariants(); err != nil {
		return err
	}
	if err := s.marketInvariants(); err != nil {
		return err
	}
	if err := s.playerInvariants(onBoard); err != nil {
		return err
	}
	return s.turnInvariants()
}

// cardInvariants checks that every card of the deck is in exactly one
// place (deck, hands, discard piles, face-down cards), no wild card in a
// discard pile, and that the wild cards are all accounted for.
func (s *state) cardInvariants() error {
	e := s.ed()
	cards := make([]int, len(e.Cards))
	for _, c := range s.Deck {
		cards[c]++
	}
	wildLoc, wildInd := s.WildLoc, s.WildInd
	for i, p := range s.Players {
		for _, c := range p.Hand {
			switch c {
			case CardWildLocation:
				wildLoc++
			case CardWildIndustry:
				wildInd++
			default:
				cards[c]++
			}
		}
		for _, c := range p.Discard {
			if c >= CardWildLocation {
				return fmt.Errorf("seat %d's discard pile holds a wild card", i)
			}
			cards[c]++
		}
		if p.FaceDown >= 0 {
			cards[p.FaceDown]++
		}
	}
	for c, n := range cards {
		if c < CardWildLocation && n != e.Cards[c].Copies[s.N] {
			return fmt.Errorf("card %d: %d copies, want %d", c, n, e.Cards[c].Copies[s.N])
		}
	}
	if wildLoc != e.WildCards || wildInd != e.WildCards {
		return fmt.Errorf("wild cards: %d location, %d industry", wildLoc, wildInd)
	}
	return nil
}

// tileInvariants checks the tiles on the board (cubes and barrels within
// capacity, flipped when empty, no rail-only tile and at most one tile per
// seat and town in the Canal era) and returns each seat's tiles on the
// board by industry.
func (s *state) tileInvariants() ([][NumIndustries]int, error) {
	e := s.ed()
	onBoard := make([][NumIndustries]int, s.N)
	perTown := map[[2]int]int{}
	for si, sl := range s.Spaces {
		if sl.Owner < 0 {
			if sl.Cubes != 0 || sl.Flipped {
				return nil, fmt.Errorf("empty space %d has cubes or is flipped", si)
			}
			continue
		}
		if sl.Owner >= s.N || !e.Spaces[si].Has(sl.Ind) {
			return nil, fmt.Errorf("space %d holds a %s of seat %d", si, sl.Ind, sl.Owner)
		}
		onBoard[sl.Owner][sl.Ind]++
		perTown[[2]int{sl.Owner, e.Spaces[si].Loc}]++
		t := s.tile(si)
		capacity := t.Makes
		if sl.Ind == Brewery {
			capacity = e.BreweryBeer[Rail]
		}
		if sl.Cubes < 0 || sl.Cubes > capacity {
			return nil, fmt.Errorf("space %d: %d cubes on a %s %d", si, sl.Cubes, sl.Ind, sl.Lvl+1)
		}
		if !sl.Ind.Sold() && sl.Flipped != (sl.Cubes == 0) {
			return nil, fmt.Errorf("space %d: a %s with %d cubes, flipped %v", si, sl.Ind, sl.Cubes, sl.Flipped)
		}
		if s.Era == Canal && t.RailOnly {
			return nil, fmt.Errorf("space %d: a rail-only tile in the Canal era", si)
		}
	}
	if s.Era == Canal {
		for k, n := range perTown {
			if n > 1 {
				return nil, fmt.Errorf("seat %d has %d tiles in %s in the Canal era", k[0], n, e.Locations[k[1]].ID)
			}
		}
	}
	return onBoard, nil
}

// linkInvariants checks that every link has a seat as owner and lies on a
// line of the era.
func (s *state) linkInvariants() error {
	e := s.ed()
	for l, o := range s.Links {
		if o < -1 || o >= s.N {
			return fmt.Errorf("line %d has owner %d", l+1, o)
		}
		if o >= 0 && ((s.Era == Canal && !e.Lines[l].Canal) || (s.Era == Rail && !e.Lines[l].Rail)) {
			return fmt.Errorf("line %d holds a link of the wrong era", l+1)
		}
	}
	return nil
}

// marketInvariants checks the coal and iron markets' cubes and that
// barrels lie only beside non-blank merchant tiles.
func (s *state) marketInvariants() error {
	e := s.ed()
	if s.Coal < 0 || s.Coal > len(e.CoalMarket.Prices) || s.Iron < 0 || s.Iron > len(e.IronMarket.Prices) {
		return fmt.Errorf("markets: %d coal, %d iron", s.Coal, s.Iron)
	}
	for k, m := range s.Merch {
		if m.Barrel && (m.Tile < 0 || e.MerchantTiles[m.Tile].Blank()) {
			return fmt.Errorf("merchant space %d has a barrel beside no wares", k)
		}
	}
	return nil
}

// playerInvariants checks each seat: tiles and links within its mat
// (onBoard: its tiles on the board), money, VP and loans never negative,
// VP the sum of the scoring categories, income within the track, the hand
// within its size.
func (s *state) playerInvariants(onBoard [][NumIndustries]int) error {
	e := s.ed()
	for i, p := range s.Players {
		for ind := Industry(0); ind < NumIndustries; ind++ {
			if p.Mat[ind] < 0 || p.Mat[ind] > len(e.Stack(ind)) || onBoard[i][ind] > p.Mat[ind] {
				return fmt.Errorf("seat %d: %d %s tiles off the mat, %d on the board", i, p.Mat[ind], ind, onBoard[i][ind])
			}
		}
		if s.linksLeft(i) < 0 {
			return fmt.Errorf("seat %d has %d links on the board", i, e.LinkTiles-s.linksLeft(i))
		}
		if p.Money < 0 || p.VP < 0 || p.Spent < 0 || p.Owe < 0 || p.Loans < 0 {
			return fmt.Errorf("seat %d: money %d, VP %d, spent %d, owes %d, loans %d", i, p.Money, p.VP, p.Spent, p.Owe, p.Loans)
		}
		if e.Level(p.Income) < e.MinLevel || (p.Loans == 0 && p.Income < e.StartIncome) {
			// Only a loan moves the income marker down.
			return fmt.Errorf("seat %d: income space %d with %d loans", i, p.Income, p.Loans)
		}
		sc := s.Scores[i]
		if sum := sc.Links[0] + sc.Links[1] + sc.Tiles[0] + sc.Tiles[1] + sc.Bonus + sc.Intro - sc.Lost; sum != p.VP {
			return fmt.Errorf("seat %d: VP %d, categories add up to %d", i, p.VP, sum)
		}
		if p.Income < 0 || p.Income > e.MaxSpace() {
			return fmt.Errorf("seat %d: income space %d", i, p.Income)
		}
		if len(p.Hand) > e.HandSize {
			return fmt.Errorf("seat %d holds %d cards", i, len(p.Hand))
		}
	}
	return nil
}

// turnInvariants checks the era's round within its count and a result
// once the game is over.
func (s *state) turnInvariants() error {
	e := s.ed()
	if s.Round < 1 || s.Round > e.Seats[s.N].Rounds {
		return fmt.Errorf("%s era round %d of %d", s.Era, s.Round, e.Seats[s.N].Rounds)
	}
	if s.Step.Kind == StepOver && s.Result == nil {
		return fmt.Errorf("the game is over without a result")
	}
	return nil
}

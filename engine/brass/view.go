package brass

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// PublicView is everything every player may see: the board, the markets,
// the merchants, every player's money, VP, income, mat and discard pile
// (its top card and size, D5), hand sizes, the turn order and the step. It
// holds no hand, no deck order, no face-down card and no seed.
type PublicView struct {
	Edition string
	Intro   bool
	Era     Era
	Round   int // within the era
	Rounds  int // rounds per era at this player count
	Order   []int
	Turn    int // the seat whose turn it is, -1 when none
	Step    string
	ToAct   []int
	Deck    int // cards left in the draw deck
	WildLoc int // wild location cards in their draw area
	WildInd int
	Coal    int // cubes on the coal market
	Iron    int
	// CoalPrice and IronPrice are the next cube's price.
	CoalPrice, IronPrice int
	Spaces               []SpaceView // by build space
	Links                []int       // owner per line, -1 for none
	Merchants            []MerchantView
	Players              []PlayerView
	Result               *engine.Result `json:",omitempty"`
}

// SpaceView is one build space as seen: Owner -1 when empty.
type SpaceView struct {
	Owner   int
	Ind     Industry
	Level   int // 1 for level I; 0 when empty
	Flipped bool
	Cubes   int
}

// MerchantView is one merchant space: its tile's wares (empty for a blank
// tile), whether a tile is there at all at this player count, its barrel.
type MerchantView struct {
	InPlay bool
	Buys   []Industry
	Barrel bool
}

// PlayerView is one seat as everyone sees it.
type PlayerView struct {
	Money, Spent, VP int
	Income           int                // track space
	Level            int                // income level
	Hand             int                // cards held
	DiscardTop       int                // card id, -1 when the pile shows no card
	Discard          int                // cards in the pile, face-down card included
	Mat              [NumIndustries]int // level (1-based) of the lowest tile left, 0 when none
	MatLeft          [NumIndustries]int // tiles left of each industry
	LinksLeft        int
	Loans            int
	Owe              int
	Score            Score
	// Projected is VP plus what the seat's links and flipped tiles would
	// score if the era ended now.
	Projected int
}

// SeatView is one seat's view: the public view and its hand.
type SeatView struct {
	PublicView
	Seat int
	Hand []int
}

func (s *state) publicView() PublicView {
	e := s.ed()
	v := PublicView{Edition: s.Edition, Intro: s.Intro, Era: s.Era, Round: s.Round, Rounds: e.Seats[s.N].Rounds,
		Order: slices.Clone(s.Order), Turn: -1, Step: s.Step.Kind.String(), ToAct: s.toAct(), Deck: len(s.Deck),
		WildLoc: s.WildLoc, WildInd: s.WildInd, Coal: s.Coal, Iron: s.Iron,
		CoalPrice: e.CoalMarket.BuyPrice(s.Coal), IronPrice: e.IronMarket.BuyPrice(s.Iron), Links: slices.Clone(s.Links)}
	if s.Step.Kind != StepOver && s.Step.Kind != StepShortfall {
		v.Turn = s.seat()
	}
	for _, sl := range s.Spaces {
		sv := SpaceView{Owner: sl.Owner, Ind: sl.Ind}
		if sl.Owner >= 0 {
			sv.Level, sv.Flipped, sv.Cubes = sl.Lvl+1, sl.Flipped, sl.Cubes
		}
		v.Spaces = append(v.Spaces, sv)
	}
	for _, m := range s.Merch {
		mv := MerchantView{InPlay: m.Tile >= 0, Barrel: m.Barrel}
		if m.Tile >= 0 {
			mv.Buys = slices.Clone(e.MerchantTiles[m.Tile].Buys)
		}
		v.Merchants = append(v.Merchants, mv)
	}
	for i, p := range s.Players {
		pv := PlayerView{Money: p.Money, Spent: p.Spent, VP: p.VP, Income: p.Income, Level: e.Level(p.Income),
			Hand: len(p.Hand), DiscardTop: -1, Discard: len(p.Discard), LinksLeft: s.linksLeft(i), Loans: p.Loans, Owe: p.Owe, Score: s.Scores[i],
			Projected: p.VP + s.eraVP(i)}
		if p.FaceDown >= 0 {
			pv.Discard++
		}
		if n := len(p.Discard); n > 0 {
			pv.DiscardTop = p.Discard[n-1]
		}
		for ind := Industry(0); ind < NumIndustries; ind++ {
			pv.Mat[ind] = s.nextTile(i, ind) + 1
			pv.MatLeft[ind] = len(e.Stack(ind)) - p.Mat[ind]
		}
		v.Players = append(v.Players, pv)
	}
	if s.Result != nil {
		r := *s.Result
		r.Ranking, r.Scores = slices.Clone(r.Ranking), slices.Clone(r.Scores)
		v.Result = &r
	}
	return v
}

func (s *state) seatView(seat int) SeatView {
	v := SeatView{PublicView: s.publicView(), Seat: seat}
	if seat >= 0 && seat < s.N {
		v.Hand = slices.Clone(s.Players[seat].Hand)
	}
	return v
}

package tinnersimg

import (
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// handView builds a public view by hand (no rules needed): nSeats players,
// the map card's areas in play, and a mid-game scatter of pieces described
// by the caller.
func handView(nSeats int) tinners.PublicView {
	e := tinners.Standard
	mc := e.MapCards[nSeats]
	inPlay := map[string]bool{}
	for r, ps := range mc.Positions {
		for _, p := range ps {
			inPlay[string(rune('A'+r))+string(rune('0'+p))] = true
		}
	}
	v := tinners.PublicView{EditionVersion: e.Version, NumSeats: nSeats, Version: 42, Round: 2, Phase: tinners.PhaseActions,
		Tin: e.TinPrices[1], Copper: e.CopperPrices[2], TinCol: 1, CopperCol: 2, TinDice: [3]int{1, 2, 3}, CopDice: [3]int{3, 2, 2},
		Adits: make([]bool, len(e.Borders)), InvestTurn: -1}
	for _, a := range e.Areas {
		av := tinners.AreaView{ID: a.ID, InPlay: inPlay[a.ID], Mine: -1}
		if av.InPlay {
			av.HasTile, av.FaceDown = true, true
		}
		v.Areas = append(v.Areas, av)
	}
	for s := 0; s < nSeats; s++ {
		v.Seats = append(v.Seats, tinners.SeatPublic{Seat: s, Money: 20 + 3*s, Points: 10 * s, MinesLeft: 6 - s%3,
			HandCount: 3, Col: (s * 3) % 9, Tin: s % 2, Copper: s % 3})
		v.TurnOrder = append(v.TurnOrder, s)
	}
	db := e.DevBoards[nSeats]
	v.Dev = tinners.DevView{Miners: db.Miners[1], Ports: db.Ports[1], Trains: db.Trains[1], Adits: db.Adits[1], NextPumps: 1}
	for r := 0; r < tinners.NumRounds; r++ {
		v.Dev.Pumps = append(v.Dev.Pumps, append([]int(nil), db.Pumps[r]...))
	}
	v.Dev.Pumps[0][0] = 0
	for row := 0; row < nSeats; row++ {
		v.InvestRows = append(v.InvestRows, e.Invest[1][row])
	}
	v.ToAct = []int{0}
	return v
}

func setArea(v *tinners.PublicView, id string, f func(a *tinners.AreaView)) {
	f(&v.Areas[tinners.Standard.AreaIndex(id)])
}

func mine(seat, tin, cop, wat int) func(a *tinners.AreaView) {
	return func(a *tinners.AreaView) {
		a.HasTile, a.FaceDown, a.Tile = false, false, nil
		a.Mine, a.Tin, a.Copper, a.Water, a.Capacity = seat, tin, cop, wat, 2
	}
}

func faceUp(t tinners.Tile) func(a *tinners.AreaView) {
	return func(a *tinners.AreaView) { a.FaceDown, a.Tile = false, &t }
}

func adit(v *tinners.PublicView, x, y string) {
	e := tinners.Standard
	v.Adits[e.BorderIndex(e.AreaIndex(x), e.AreaIndex(y))] = true
}

// fixtureViews are the fixed states of the layout and pixel goldens.
func fixtureViews() map[string]tinners.PublicView {
	out := map[string]tinners.PublicView{}

	v := handView(4)
	setArea(&v, "A3", mine(0, 2, 1, 3))
	setArea(&v, "A4", mine(1, 1, 2, 0))
	setArea(&v, "A5", faceUp(tinners.Tile{Tin: 3, Copper: 2, Water: 3}))
	setArea(&v, "A6", func(a *tinners.AreaView) { a.Peekers = []int{0, 2} })
	setArea(&v, "A7", mine(2, 0, 0, 4))
	setArea(&v, "A7", func(a *tinners.AreaView) { a.Port, a.Capacity = true, 3 })
	setArea(&v, "B3", mine(3, 3, 3, 2))
	setArea(&v, "B3", func(a *tinners.AreaView) { a.Miner, a.Train, a.Pumps, a.Capacity = true, true, 1, 4 })
	setArea(&v, "B6", func(a *tinners.AreaView) { a.Drain = 2 })
	setArea(&v, "C4", mine(0, 1, 5, 5))
	setArea(&v, "C2", faceUp(tinners.Tile{Tin: 2, Copper: 4, Water: 5, Kind: tinners.TileBonus}))
	setArea(&v, "D2", mine(1, 0, 6, 5))
	setArea(&v, "D4", func(a *tinners.AreaView) { a.Peekers = []int{3} })
	adit(&v, "B3", "B6")
	adit(&v, "C4", "D1")
	v.Phase = tinners.PhaseAuction
	v.Auction = &tinners.AuctionView{Area: tinners.Standard.AreaIndex("C1"), Opener: 2, Min: 1, High: 7, HighSeat: 1, Turn: 3,
		In: []int{1, 2, 3}, Out: []int{0}, Winner: -1, Insured: true,
		Card: &tinners.Standard.Cards[tinners.Standard.Decks[tinners.DeckC][4]]}
	v.ToAct = []int{3}
	out["4p-auction"] = v

	v = handView(2)
	setArea(&v, "A4", mine(0, 2, 1, 2))
	setArea(&v, "B5", mine(1, 1, 3, 1))
	setArea(&v, "B5", func(a *tinners.AreaView) { a.Miner, a.Capacity = true, 3 })
	setArea(&v, "C5", func(a *tinners.AreaView) { a.HasTile, a.FaceDown, a.Removed = false, false, true })
	setArea(&v, "C2", faceUp(tinners.Tile{Tin: 1, Copper: 3, Water: 2}))
	v.DeckSizes = [4]int{7, 6, 5, 0}
	v.Seats[1].Passed, v.Seats[1].PassRow = true, 1
	v.PassOrder = []int{1}
	v.TurnOrder = []int{0}
	out["2p-actions"] = v

	v = handView(5)
	for k, id := range []string{"A1", "A2", "B2", "B7", "C3", "C6", "D3", "D5", "D7"} {
		setArea(&v, id, mine(k%5, k%4, (k+2)%5, k%3))
	}
	setArea(&v, "D7", func(a *tinners.AreaView) { a.Train, a.Miner, a.Capacity = true, true, 4 })
	setArea(&v, "C6", func(a *tinners.AreaView) { a.Port, a.Pumps, a.Capacity = true, 2, 3 })
	adit(&v, "D5", "D7")
	adit(&v, "A1", "A2")
	v.Round, v.Phase = 3, tinners.PhaseInvest
	v.Dev.Pumps[1][0], v.Dev.Pumps[2][0] = 0, 0
	v.InvestRows = nil
	for row := 0; row < 5; row++ {
		v.InvestRows = append(v.InvestRows, tinners.Standard.Invest[2][row])
	}
	v.PassOrder = []int{2, 0, 4, 1, 3}
	v.TurnOrder = nil
	for row, s := range v.PassOrder {
		v.Seats[s].Passed, v.Seats[s].PassRow = true, row+1
	}
	v.Seats[2].InvestDone = true
	v.InvestTurn = 0
	v.ToAct = []int{0}
	out["5p-invest"] = v

	// Arsenic, round 2: calciners, arsenic on the map and in front of the
	// seats, two limiters down (one shared column), a market part filled.
	v = handView(3)
	v.Arsenic, v.CalcinerArea = true, -1
	setArea(&v, "A4", mine(0, 2, 1, 3))
	setArea(&v, "A4", func(a *tinners.AreaView) { a.Calciner, a.Arsenic = true, 2 })
	setArea(&v, "A5", func(a *tinners.AreaView) { a.Arsenic = 1 })
	setArea(&v, "B3", mine(1, 1, 3, 2))
	setArea(&v, "B3", func(a *tinners.AreaView) { a.Calciner, a.Arsenic, a.Miner, a.Capacity = true, 3, true, 3 })
	setArea(&v, "B5", mine(2, 0, 4, 1))
	setArea(&v, "B5", func(a *tinners.AreaView) { a.Arsenic = 1 })
	setArea(&v, "C2", faceUp(tinners.Tile{Tin: 1, Copper: 3, Water: 2, Kind: tinners.TileLight}))
	v.Seats[0].Arsenic, v.Seats[0].Limiter, v.Seats[0].FinalCol, v.Seats[0].Calciner = 2, 9, 8, tinners.Standard.AreaIndex("A4")
	v.Seats[1].Arsenic, v.Seats[1].Limiter, v.Seats[1].FinalCol, v.Seats[1].Calciner = 0, 9, 8, tinners.Standard.AreaIndex("B3")
	v.Seats[2].Arsenic, v.Seats[2].FinalCol, v.Seats[2].Calciner = 1, 10, -1
	v.ArsenicMarket = []int{3, 1, 0, 0}
	v.ArsenicOpen = 1
	v.ArsenicNext = 13
	out["3p-arsenic"] = v

	// Emigration, round 3: own miners on the map (A4 Ann's, B3 Bart's),
	// Michigan's two miners beside a miner, spaces claimed in rounds 1–3
	// (Kimberly and Adelaide tokens among them), pending Michigan pieces.
	v = handView(3)
	v.Round = 3
	v.Emigration = true
	v.Emigrants = [][tinners.NumRounds]int{{1, 2, -1, -1}, {-1, 0, -1, -1}, {2, -1, -1, -1}, {-1, -1, 0, -1}}
	setArea(&v, "A4", mine(0, 2, 1, 3))
	setArea(&v, "A4", func(a *tinners.AreaView) { a.Miner, a.OwnMiner, a.Capacity = true, 0, 3 })
	setArea(&v, "B3", mine(1, 1, 3, 2))
	setArea(&v, "B3", func(a *tinners.AreaView) { a.Miner, a.OwnMiner, a.Extra, a.Capacity = true, 1, 2, 5 })
	setArea(&v, "B5", mine(2, 0, 4, 1))
	setArea(&v, "B5", func(a *tinners.AreaView) { a.Miner, a.OwnMiner, a.Capacity = true, -1, 3 })
	v.Seats[0].OwnMiners, v.Seats[0].Emigrated = 1, 2
	v.Seats[1].OwnMiners, v.Seats[1].Emigrated, v.Seats[1].Pending = 2, 1, tinners.Pieces{Adits: 1}
	v.Seats[2].OwnMiners, v.Seats[2].Emigrated, v.Seats[2].Pending = 2, 2, tinners.Pieces{Trains: 1}
	out["3p-emigration"] = v
	return out
}

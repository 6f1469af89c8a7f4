package tinners

import (
	"testing"
)

// soloBoard returns a solo game in round 1 with the board cleared: no
// mines, no tiles, no cubes, the player to act (both markers in column 0,
// the player uppermost), £20 for the player, Lord Wallace's survey deck
// empty and his action deck in order 1..10. Prices are tin £5 and copper
// £8 unless lowCopper (copper £2). Tests lay out areas with put and mineAt
// and call his decisions directly, or play through Apply.
func soloBoard(t *testing.T, o Options, lowCopper bool) *State {
	t.Helper()
	dice := []int{2, 2, 2, 2, 2, 3}
	if lowCopper {
		dice = []int{2, 2, 2, 1, 1, 1}
	}
	o.Solo = true
	s, err := NewGame(Setup{NumSeats: 1, Seed: 1, Options: o, Overrides: &SetupOverrides{
		Hands: [][]int{{}}, Dice: dice, WallaceDeck: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}})
	if err != nil {
		t.Fatal(err)
	}
	s = s.Clone()
	for i := range s.Areas {
		a := &s.Areas[i]
		in := a.InPlay
		*a = Area{InPlay: in, Mine: -1}
	}
	for i := range s.Adits {
		s.Adits[i] = false
	}
	for i := range s.Players {
		p := &s.Players[i]
		own := p.OwnMiners
		if o.Emigration {
			own = Standard.OwnMiners
		}
		*p = Player{Col: 0, Arrive: 1 - i, Hand: p.Hand, OwnMiners: own, Discarded: p.Discarded}
	}
	s.Players[0].Money = 20
	s.Players[0].Arrive, s.Players[WallaceSeat].Arrive = 0, 1
	s.Arrived = 2
	s.Auction, s.Phase, s.PassOrder = nil, PhaseActions, nil
	s.Solo.Survey, s.Solo.Owed, s.Solo.Kimberly = nil, 0, 0
	s.Solo.Actions, s.Solo.Used, s.Solo.Card = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, nil, -1
	s.Ledger = Ledger{StartMoney: 20}
	s.ArsenicMarket = nil
	if o.Arsenic {
		s.ArsenicMarket = make([]int, NumRounds)
	}
	if o.Emigration {
		for l := range s.Emigrants {
			s.Emigrants[l] = [NumRounds]int{-1, -1, -1, -1}
		}
	}
	s.Log = nil
	if err := CheckInvariants(s); err != nil {
		t.Fatalf("soloBoard: %v", err)
	}
	return s
}

// put lays a tile ("tin/copper/water") on area id, face up or down.
func put(t *testing.T, s *State, id, tile string, faceUp bool) {
	t.Helper()
	i := area(t, id)
	tl, err := ParseTile(tile)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Areas[i].InPlay {
		t.Fatalf("%s is not in play in the solo game", id)
	}
	s.Areas[i].HasTile, s.Areas[i].Tile, s.Areas[i].FaceUp = true, tl, faceUp
}

// mineAt puts seat's mine with these cubes on area id (the ledger agrees).
func mineAt(t *testing.T, s *State, id string, seat, tin, copper, water int) int {
	t.Helper()
	i := area(t, id)
	if !s.Areas[i].InPlay {
		t.Fatalf("%s is not in play in the solo game", id)
	}
	a := &s.Areas[i]
	a.Mine, a.HasTile, a.FaceUp = seat, false, false
	a.Tin, a.Copper, a.Water = tin, copper, water
	s.Players[seat].MinesBuilt++
	s.Ledger.TinPlaced += tin
	s.Ledger.CopperPlaced += copper
	return i
}

// lord is Lord Wallace.
func lord(s *State) *Player { return &s.Players[WallaceSeat] }

// wantArea fails unless got is area id.
func wantArea(t *testing.T, got int, id string) {
	t.Helper()
	if got < 0 || Standard.Areas[got].ID != id {
		name := "none"
		if got >= 0 {
			name = Standard.Areas[got].ID
		}
		t.Fatalf("chose %s, want %s", name, id)
	}
}

// checkOK fails on a broken invariant.
func checkOK(t *testing.T, s *State) {
	t.Helper()
	if err := CheckInvariants(s); err != nil {
		t.Fatal(err)
	}
}

// giveHand sets the player's hand to the named cards, taking them out of
// the survey decks.
func giveHand(t *testing.T, s *State, names ...string) {
	t.Helper()
	s.Players[0].Hand = nil
	for _, n := range names {
		c := card(t, n)
		s.Players[0].Hand = append(s.Players[0].Hand, c)
		for r := range s.Decks {
			s.Decks[r] = removeInt(s.Decks[r], c)
		}
		s.Solo.Survey = removeInt(s.Solo.Survey, c)
	}
}

package tinners

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
)

func TestAuctionEligibility(t *testing.T) {
	t.Run("passed, out of work points, no money", func(t *testing.T) {
		r := table(4, nil)
		r.Setup.Money = []int{20, 20, 0, 20}
		r.Setup.Order = []int{3, 1, 0, 2}
		acts := []string{"3/pass"}
		for i := 0; i < 8; i++ {
			acts = append(acts, "1/pa", "0/pa", "2/pa")
		}
		s := scenario(t, r, append(acts, "1/pa")...)
		if s.Players[1].Col != 9 || s.Players[2].Money != 8 {
			t.Fatalf("seat 1 col %d", s.Players[1].Col)
		}
		s = play(t, s, "0/b:A3", "0/bid:9")
		if !slices.Equal(s.Auction.In, []int{0, 2}) {
			t.Fatalf("in %v: want the opener and seat 2 (passed 3 and 1 with one work point are out)", s.Auction.In)
		}
		if l := s.Legal(2); len(l) != 1 || l[0].Kind != ActDrop {
			t.Fatalf("seat 2 with £8 may only drop: %v", l)
		}
		refuse(t, s, "2/bid:10", ErrNoMoney)
		s = play(t, s, "2/drop")
		if s.Areas[area(t, "A3")].Mine != 0 {
			t.Fatal("seat 0 should have won")
		}
	})
	t.Run("no unbuilt mine", func(t *testing.T) {
		r := table(3, nil)
		r.Setup.Money = []int{200, 20, 20}
		r.Setup.Order = []int{1, 2, 0}
		acts := []string{"1/pass", "2/pass"}
		for _, id := range []string{"A1", "A2", "A4", "A5", "A6"} {
			acts = append(acts, "0/b:"+id, "0/bid:3")
		}
		s := scenario(t, r, acts...)
		s = passRound(t, s)
		s = play(t, s, "1/pass", "2/pass", "0/b:A7", "0/bid:3")
		if s.Players[0].MinesBuilt != 6 {
			t.Fatalf("mines %d", s.Players[0].MinesBuilt)
		}
		refuse(t, s, "0/b:B1", ErrNoMines)
		s = passRound(t, s)
		s = play(t, s, "1/b:B1")
		if !slices.Equal(s.Auction.In, []int{1, 2}) {
			t.Fatalf("in %v: seat 0 has no mine left to build", s.Auction.In)
		}
	})
}

func TestMinimumBidRisesWithPasses(t *testing.T) {
	r := table(4, nil)
	r.Setup.Order = []int{3, 2, 0, 1}
	s := scenario(t, r, "3/pass", "2/pass", "0/b:A2")
	if s.Auction.Min != 3 {
		t.Fatalf("min £%d, want £1 + 2 passed", s.Auction.Min)
	}
	refuse(t, s, "0/bid:2", ErrBadBid)
	s = play(t, s, "0/bid:3", "1/bid:4", "0/drop")
	if s.Areas[area(t, "A2")].Mine != 1 {
		t.Fatal("seat 1 should have won")
	}
	// With less money than the minimum, no auction can be opened.
	r = table(3, nil)
	r.Setup.Money = []int{1, 20, 20}
	r.Setup.Order = []int{1, 0, 2}
	s = scenario(t, r, "1/pass")
	refuse(t, s, "0/b:A2", ErrNoMoney)
}

func TestSurveyCardBeforeAuction(t *testing.T) {
	hand := []string{"A +1 tin £2", "B +1 copper £2", "wild -2 water £3", "A port £4"}
	base := func() *Record {
		return hands(t, table(3, map[string]string{"A2": "2/1/3", "A4": "3/3/2"}, "A5"), hand, nil, nil)
	}
	s := scenario(t, base())
	tin, cop, wild, port := card(t, hand[0]), card(t, hand[1]), card(t, hand[2]), card(t, hand[3])
	t.Run("refused", func(t *testing.T) {
		refuse(t, s, fmt.Sprintf("0/b:A5:c%d", tin), ErrBadCard)  // face up
		refuse(t, s, fmt.Sprintf("0/b:A2:c%d", cop), ErrBadCard)  // region B on A
		refuse(t, s, fmt.Sprintf("0/b:A2:c%d", 21), ErrBadCard)   // not in hand
		refuse(t, s, fmt.Sprintf("0/b:A4:c%d", port), ErrBadCard) // port inland
	})
	t.Run("peek and insurance", func(t *testing.T) {
		s := play(t, s, fmt.Sprintf("0/b:A2:c%d", wild))
		a2 := area(t, "A2")
		v0, v1 := s.SeatView(0), s.SeatView(1)
		if len(v0.Peeked) != 1 || v0.Peeked[0].Area != a2 || v0.Peeked[0].Tile != (Tile{2, 1, 3, TilePlain}) {
			t.Fatalf("the opener sees %v during the auction", v0.Peeked)
		}
		if len(v1.Peeked) != 0 || v1.Areas[a2].Tile != nil || !v1.Areas[a2].FaceDown {
			t.Fatalf("another seat sees the tile")
		}
		if v1.Auction.Card == nil || v1.Auction.Card.ID != wild || !v1.Auction.Insured {
			t.Fatalf("the played card is public: %+v", v1.Auction)
		}
		s = play(t, s, "0/bid:1", "1/bid:7", "2/drop", "0/drop")
		if got := money(s); !eqInts(got, []int{24, 13, 20}) {
			t.Fatalf("money %v, want opener +£4 (half of £7 rounded up)", got)
		}
		ar := s.Areas[a2]
		if ar.Water != 1 || ar.Tin != 2 || ar.Mine != 1 || !ar.FaceUp {
			t.Fatalf("A2 %+v: want the card applied for the winner", ar)
		}
		if len(s.SeatView(0).Peeked) != 0 {
			t.Errorf("a revealed tile is no longer a peek")
		}
	})
	t.Run("opener wins", func(t *testing.T) {
		s := play(t, s, fmt.Sprintf("0/b:A2:c%d", tin), "0/bid:2", "1/drop", "2/drop")
		if s.Phase != PhaseActions {
			t.Fatalf("no card after the auction when one was played before: phase %s", s.Phase)
		}
		if got := money(s); !eqInts(got, []int{18, 20, 20}) {
			t.Fatalf("money %v: no insurance for the winner, no card cost", got)
		}
		if ar := s.Areas[area(t, "A2")]; ar.Tin != 3 {
			t.Fatalf("tin %d", ar.Tin)
		}
	})
	t.Run("somebody else must be able to bid", func(t *testing.T) {
		r := base()
		r.Setup.Money = []int{20, 1, 2}
		s := scenario(t, r)
		// Min £1: seat 1 with £1 can't outbid, seat 2 with £2 can.
		s2 := play(t, s, fmt.Sprintf("0/b:A2:c%d", tin))
		if !s2.Auction.Insured {
			t.Fatal("not insured")
		}
		r.Setup.Money = []int{20, 1, 1}
		s = scenario(t, r)
		refuse(t, s, fmt.Sprintf("0/b:A2:c%d", tin), ErrBadCard)
	})
}

func TestSurveyCardAfterAuction(t *testing.T) {
	r := hands(t, table(3, map[string]string{"A2": "2/1/3"}, "A2"), nil,
		[]string{"A -2 water £3", "B +1 copper £2", "wild miner £4"}, nil)
	s := scenario(t, r, "0/b:A2", "0/bid:1", "1/bid:14", "2/drop", "0/drop")
	if s.Phase != PhaseAfterAuction || s.ToAct()[0] != 1 {
		t.Fatalf("phase %s to act %v", s.Phase, s.ToAct())
	}
	if s.Areas[area(t, "A2")].Mine != -1 || s.Players[1].Money != 6 || s.Players[1].Col != 2 {
		t.Fatalf("bid and work points are paid first, the mine comes after the card")
	}
	refuse(t, s, fmt.Sprintf("1/ac:%d", card(t, "B +1 copper £2")), ErrBadCard)
	refuse(t, s, "0/ac:-", ErrNotYourTurn)
	// £6 left: the miner (£4) and −2 water (£3) are affordable.
	t.Run("plays one", func(t *testing.T) {
		s := play(t, s, fmt.Sprintf("1/ac:%d", card(t, "A -2 water £3")))
		ar := s.Areas[area(t, "A2")]
		if ar.Water != 1 || ar.Mine != 1 || s.Players[1].Money != 3 || len(s.Players[1].Hand) != 2 {
			t.Fatalf("A2 %+v money %d", ar, s.Players[1].Money)
		}
	})
	t.Run("wild miner", func(t *testing.T) {
		s := play(t, s, fmt.Sprintf("1/ac:%d", card(t, "wild miner £4")))
		if ar := s.Areas[area(t, "A2")]; !ar.Miner || s.Miners != 2 {
			t.Fatalf("miner from the supply, not the board: %+v board %d", ar, s.Miners)
		}
		if c := s.PublicView().Areas[area(t, "A2")].Capacity; c != 3 {
			t.Fatalf("capacity %d", c)
		}
	})
	t.Run("declines", func(t *testing.T) {
		s := play(t, s, "1/ac:-")
		if ar := s.Areas[area(t, "A2")]; ar.Water != 3 || s.Players[1].Money != 6 {
			t.Fatalf("A2 %+v", ar)
		}
	})
	t.Run("the step is offered even with no playable card, so it reveals nothing", func(t *testing.T) {
		r := hands(t, table(3, map[string]string{"A2": "2/1/3"}, "A2"), nil, []string{"A -2 water £3", "B +1 copper £2"}, nil)
		s := scenario(t, r, "0/b:A2", "0/bid:1", "1/bid:18", "2/drop", "0/drop")
		if s.Phase != PhaseAfterAuction {
			t.Fatalf("phase %s, want the after-auction step", s.Phase)
		}
		legal := s.Legal(1)
		if len(legal) != 1 || legal[0].Kind != ActAfterCard || legal[0].Card != NoCard {
			t.Fatalf("legal %v, want only declining", legal)
		}
		s = play(t, s, "1/ac:-")
		if s.Phase != PhaseActions || s.Areas[area(t, "A2")].Mine != 1 {
			t.Fatalf("phase %s", s.Phase)
		}
	})
	t.Run("an empty hand skips the step", func(t *testing.T) {
		r := hands(t, table(3, map[string]string{"A2": "2/1/3"}, "A2"), nil, []string{}, nil)
		s := scenario(t, r, "0/b:A2", "0/bid:1", "1/bid:5", "2/drop", "0/drop")
		if s.Phase != PhaseActions || s.Areas[area(t, "A2")].Mine != 1 {
			t.Fatalf("phase %s", s.Phase)
		}
	})
}

func TestBuildOrderTileDrainageCard(t *testing.T) {
	// A train next door leaves a drainage token; the tile's 2 water, −1
	// token, −2 from the card: water never goes below 0.
	r := hands(t, table(5, map[string]string{"B3": "1/1/2"}), []string{"B -2 water £3", "B +1 tin £2"}, nil, nil, nil, nil)
	s := scenario(t, r, "0/tr:B4", "1/pass", "2/pass", "3/pass", "4/pass")
	if d := s.Areas[area(t, "B3")].Drain; d != 1 {
		t.Fatalf("drain %d", d)
	}
	s = play(t, s, "0/b:B3", "0/bid:5", "0/ac:"+fmt.Sprint(card(t, "B -2 water £3")))
	if ar := s.Areas[area(t, "B3")]; ar.Water != 0 || ar.Drain != 0 || ar.Tin != 1 {
		t.Fatalf("B3 %+v", ar)
	}
}

func TestTwoPlayerAuctions(t *testing.T) {
	base := func() *Record {
		r := hands(t, table(2, map[string]string{"A2": "2/2/2", "A4": "3/1/1"}, "A4"), []string{"A +1 tin £2", "B port £4"}, []string{"A miner £4"})
		r.Setup.Decks = [][]int{{card(t, "A +1 copper £2"), card(t, "A steam pump £5")}, {card(t, "B -1 water £1")}, {card(t, "C +2 copper £5")}}
		return r
	}
	tinCard := card(t, "A +1 tin £2")
	t.Run("hand card: peek, min = value, must bid, insurance", func(t *testing.T) {
		s := scenario(t, base(), fmt.Sprintf("0/b:A2:c%d", tinCard))
		if s.Auction.Min != 2 || !s.Auction.Insured || len(s.SeatView(0).Peeked) != 1 || len(s.SeatView(1).Peeked) != 0 {
			t.Fatalf("auction %+v", s.Auction)
		}
		refuse(t, s, "0/drop", ErrBadBid)
		refuse(t, s, "0/bid:1", ErrBadBid)
		s = play(t, s, "0/bid:2", "1/bid:5", "0/drop")
		if !eqInts(money(s), []int{23, 15}) {
			t.Fatalf("money %v, want insurance £3", money(s))
		}
		if ar := s.Areas[area(t, "A2")]; ar.Tin != 3 || ar.Mine != 1 {
			t.Fatalf("A2 %+v", ar)
		}
	})
	t.Run("hand card needs the money", func(t *testing.T) {
		r := base()
		r.Setup.Money = []int{1, 20}
		s := scenario(t, r)
		refuse(t, s, fmt.Sprintf("0/b:A2:c%d", tinCard), ErrNoMoney)
	})
	t.Run("no card after the auction, drawn affordable card must be bid", func(t *testing.T) {
		s := scenario(t, base(), "0/b:A4:draw")
		if s.Auction.Min != 2 || s.Auction.Insured || s.Auction.Card != card(t, "A +1 copper £2") || len(s.Decks[0]) != 1 {
			t.Fatalf("auction %+v", s.Auction)
		}
		refuse(t, s, "0/drop", ErrBadBid)
		s = play(t, s, "0/bid:2", "1/drop")
		if s.Phase != PhaseActions {
			t.Fatalf("2p never plays a card after the auction: %s", s.Phase)
		}
		if ar := s.Areas[area(t, "A4")]; ar.Copper != 2 || ar.Mine != 0 {
			t.Fatalf("A4 %+v", ar)
		}
	})
	t.Run("both pass: face-up stays", func(t *testing.T) {
		r := base()
		r.Setup.Money = []int{1, 1}
		s := scenario(t, r, "0/b:A4:draw", "0/drop", "1/drop")
		if ar := s.Areas[area(t, "A4")]; !ar.HasTile || ar.Removed || ar.Mine != -1 {
			t.Fatalf("A4 %+v", ar)
		}
		if s.Players[0].Col != 0 || len(s.Decks[0]) != 1 || s.ToAct()[0] != 0 {
			t.Fatalf("no work points spent; the card is gone")
		}
	})
	t.Run("both pass: face-down removed", func(t *testing.T) {
		r := base()
		r.Setup.Money = []int{1, 1}
		s := scenario(t, r, "0/b:A2:draw", "0/drop", "1/drop")
		ar := s.Areas[area(t, "A2")]
		if ar.HasTile || !ar.Removed {
			t.Fatalf("A2 %+v", ar)
		}
		refuse(t, s, "0/b:A2:draw", ErrNoTile)
		if pv := s.PublicView(); !pv.Areas[area(t, "A2")].Removed || pv.Areas[area(t, "A2")].FaceDown {
			t.Fatal("view")
		}
	})
	t.Run("drawn card unaffordable: pass, the other may bid", func(t *testing.T) {
		r := base()
		r.Setup.Money = []int{1, 20}
		s := scenario(t, r, "0/b:A2:draw")
		if l := s.Legal(0); len(l) != 1 || l[0].Kind != ActDrop {
			t.Fatalf("legal %v", l)
		}
		s = play(t, s, "0/drop", "1/bid:2")
		if ar := s.Areas[area(t, "A2")]; ar.Mine != 1 || !ar.FaceUp || ar.Copper != 3 {
			t.Fatalf("A2 %+v", ar)
		}
		if !eqInts(money(s), []int{1, 18}) {
			t.Fatalf("money %v: no insurance for a drawn card", money(s))
		}
	})
	t.Run("min is the card value even after a pass", func(t *testing.T) {
		r := base()
		r.Setup.Order = []int{1, 0}
		s := scenario(t, r, "1/pass", "0/b:A2:draw")
		if s.Auction.Min != 2 {
			t.Fatalf("min £%d", s.Auction.Min)
		}
	})
	t.Run("no card refused, port card inland refused, empty deck", func(t *testing.T) {
		s := scenario(t, base())
		refuse(t, s, "0/b:A2", ErrBadCard)
		refuse(t, s, fmt.Sprintf("0/b:B3:c%d", card(t, "B port £4")), ErrBadCard)
		refuse(t, s, "0/b:A2:c"+fmt.Sprint(card(t, "A miner £4")), ErrBadCard) // not in hand
		s = play(t, s, "0/b:B1:draw", "0/bid:1", "1/drop")
		refuse(t, s, "1/b:B3:draw", ErrBadCard)
	})
}

func TestExtract(t *testing.T) {
	r := table(3, map[string]string{"A2": "3/1/0"}, "A2")
	r.Setup.Money = []int{3, 20, 20}
	r.Setup.Order = []int{1, 2, 0}
	s := scenario(t, r, "1/pass", "2/pass", "0/b:A2", "0/bid:3")
	if s.Players[0].Money != 0 {
		t.Fatal("money")
	}
	refuse(t, s, "0/x:A2:3:0", ErrBadAmount) // capacity 2
	refuse(t, s, "0/x:A2:0:2", ErrBadAmount) // only 1 copper
	refuse(t, s, "0/x:A4:1:0", ErrBadArea)   // not a mine of theirs
	refuse(t, s, "0/x:A2:0:0", ErrBadAmount)
	s = play(t, s, "0/x:A2:1:1") // no water: free
	if ar := s.Areas[area(t, "A2")]; ar.Water != 1 || ar.Tin != 2 || ar.Copper != 0 || s.Players[0].Col != 3 {
		t.Fatalf("A2 %+v", ar)
	}
	refuse(t, s, "0/x:A2:1:0", ErrNoMoney) // 1 water, £0
	s = play(t, s, "0/pa", "0/x:A2:1:0")
	if ar := s.Areas[area(t, "A2")]; ar.Water != 2 || s.Players[0].Money != 0 || s.Players[0].Tin != 2 {
		t.Fatalf("A2 %+v £%d", ar, s.Players[0].Money)
	}
}

func TestDevelopments(t *testing.T) {
	t.Run("miner: column limit, one per area", func(t *testing.T) {
		s := scenario(t, table(3, nil), "0/mi:A2")
		refuse(t, s, "1/mi:A2", ErrBadArea)
		s = play(t, s, "1/mi:A4")
		refuse(t, s, "2/mi:A5", ErrNotAvailable) // 3p round 1: 2 miners
		if s.Miners != 0 || s.PublicView().Dev.Miners != 0 {
			t.Fatal("board")
		}
		s = scenario(t, table(3, nil))
		refuse(t, s, "0/mi:A3", ErrBadArea) // A3 out of play with 3 players
	})
	t.Run("port: coast only, drainage token or water", func(t *testing.T) {
		r := table(3, map[string]string{"A2": "1/1/3"}, "A2")
		r.Setup.Order = []int{1, 2, 0}
		s := scenario(t, r)
		refuse(t, s, "1/po:A4", ErrBadArea) // Ding Dong is inland
		s = play(t, s, "1/po:A5")
		if ar := s.Areas[area(t, "A5")]; !ar.Port || ar.Drain != 1 || ar.Water != 0 {
			t.Fatalf("A5 %+v", ar)
		}
		refuse(t, s, "2/po:A6", ErrNotAvailable) // 3p round 1: 1 port
		s = play(t, s, "2/pass", "0/b:A2", "0/bid:2", "1/drop")
		s = passRound(t, s)
		s = play(t, s, fmt.Sprintf("%d/po:A2", s.ToAct()[0])) // round 2: a port on a mine removes water
		if ar := s.Areas[area(t, "A2")]; ar.Water != 2 || ar.Drain != 0 {
			t.Fatalf("A2 %+v", ar)
		}
		if c := s.PublicView().Areas[area(t, "A2")].Capacity; c != 3 {
			t.Fatalf("capacity %d", c)
		}
		refuse(t, s, fmt.Sprintf("%d/po:A2", s.ToAct()[0]), ErrBadArea)
	})
	t.Run("train: area and neighbours in play", func(t *testing.T) {
		r := table(3, map[string]string{"C4": "1/1/4", "C2": "1/1/1"}, "C4", "C2")
		s := scenario(t, r)
		refuse(t, s, "0/tr:C4", ErrNotAvailable) // 3p round 1: no train
		s = play(t, s, "0/b:C4", "0/bid:1", "1/drop", "2/drop", "1/b:C2", "1/bid:1", "2/drop", "0/drop")
		s = passRound(t, s)
		s = play(t, s, fmt.Sprintf("%d/tr:C4", s.ToAct()[0]))
		// C4 borders C1 C2 C3 C5 C6 C7 D1; D1 is out of play with 3 players.
		want := map[string][2]int{"C4": {2, 0}, "C2": {0, 0}, "C1": {0, 1}, "C3": {0, 1}, "C5": {0, 1}, "C6": {0, 1}, "D1": {0, 0}, "B6": {0, 0}}
		for id, w := range want {
			ar := s.Areas[area(t, id)]
			if ar.Water != w[0] || ar.Drain != w[1] {
				t.Errorf("%s water %d drain %d, want %v", id, ar.Water, ar.Drain, w)
			}
		}
		if s.Trains != 0 {
			t.Errorf("train not taken from the board")
		}
		refuse(t, s, fmt.Sprintf("%d/tr:C5", s.ToAct()[0]), ErrNotAvailable)
	})
	t.Run("adit: one per border, ore and drainage", func(t *testing.T) {
		r := table(5, map[string]string{"A1": "1/1/2"}, "A1")
		s := scenario(t, r, "0/b:A1", "0/bid:1", "1/drop", "2/drop", "3/drop", "4/drop", "1/ad:A1-A2")
		a1, a2 := s.Areas[area(t, "A1")], s.Areas[area(t, "A2")]
		if a1.Water != 1 || a1.Tin != 2 || a1.Copper != 2 || a2.Drain != 1 || a2.Tin != 1 || a2.Copper != 1 || !s.Adits[Standard.BorderIndex(area(t, "A1"), area(t, "A2"))] {
			t.Fatalf("A1 %+v A2 %+v", a1, a2)
		}
		refuse(t, s, "2/ad:A2-A3", ErrNotAvailable) // 5p round 1: 1 adit
		s = passRound(t, s)
		seat := s.ToAct()[0]
		refuse(t, s, fmt.Sprintf("%d/ad:A2-A1", seat), ErrBadArea)
		// The adit's cubes stay and join the tile's when the mine is built.
		s = play(t, s, fmt.Sprintf("%d/b:A2", seat), fmt.Sprintf("%d/bid:1", seat))
		for s.Phase == PhaseAuction {
			s = play(t, s, fmt.Sprintf("%d/drop", s.Auction.Turn))
		}
		if ar := s.Areas[area(t, "A2")]; ar.Tin != 2 || ar.Copper != 2 || ar.Water != 0 || ar.Drain != 0 {
			t.Fatalf("A2 %+v", ar)
		}
		s = scenario(t, table(3, nil))
		refuse(t, s, "0/ad:C4-D1", ErrBadArea) // D1 out of play
	})
}

func TestSteamPumps(t *testing.T) {
	t.Run("5p round 1: two groups of one", func(t *testing.T) {
		r := table(5, map[string]string{"A2": "1/1/3"}, "A2")
		s := scenario(t, r, "0/b:A2", "0/bid:1", "1/drop", "2/drop", "3/drop", "4/drop")
		if g := s.PublicView().Dev.NextPumps; g != 1 {
			t.Fatalf("next group %d", g)
		}
		s = play(t, s, "1/sp")
		if s.Phase != PhasePumps || s.PumpsLeft != 1 || s.ToAct()[0] != 1 {
			t.Fatalf("phase %s", s.Phase)
		}
		refuse(t, s, "1/pw:A4", ErrBadArea) // no mine: no water to pump
		s = play(t, s, "1/pw:A2")
		if s.Areas[area(t, "A2")].Water != 2 || s.Phase != PhaseActions || !slices.Equal(s.PumpGroups[0], []int{1, 0}) {
			t.Fatalf("after pumping: %+v %v", s.Areas[area(t, "A2")], s.PumpGroups)
		}
		s = play(t, s, "2/sp", "2/pd")
		if s.Areas[area(t, "A2")].Water != 2 {
			t.Fatal("unused pump removed water")
		}
		refuse(t, s, "3/sp", ErrNotAvailable)
	})
	t.Run("3p round 3: rightmost available group, no water means lost", func(t *testing.T) {
		r := table(3, map[string]string{"A2": "1/1/1", "A4": "1/1/2"}, "A2", "A4")
		s := scenario(t, r, "0/b:A2", "0/bid:1", "1/drop", "2/drop", "1/b:A4", "1/bid:1", "2/drop", "0/drop")
		s = passRound(t, s)
		s = passRound(t, s)
		if s.Round != 3 || !slices.Equal(s.PublicView().Dev.Pumps[2], []int{2}) {
			t.Fatalf("round %d pumps %v", s.Round, s.PublicView().Dev.Pumps)
		}
		who := func() int { return s.ToAct()[0] }
		s = play(t, s, fmt.Sprintf("%d/sp", who()))
		if s.PumpsLeft != 2 {
			t.Fatalf("took %d, want the round 3 group of 2", s.PumpsLeft)
		}
		s = play(t, s, fmt.Sprintf("%d/pw:A4", who()), fmt.Sprintf("%d/pw:A4", who()))
		if s.Areas[area(t, "A4")].Water != 0 || s.Phase != PhaseActions {
			t.Fatalf("A4 %+v", s.Areas[area(t, "A4")])
		}
		s = play(t, s, fmt.Sprintf("%d/sp", who())) // round 2's group of 1
		if s.PumpsLeft != 1 || !slices.Equal(s.PumpGroups[1], []int{0}) {
			t.Fatalf("pumps %v", s.PumpGroups)
		}
		s = play(t, s, fmt.Sprintf("%d/pw:A2", who())) // last water on the map: the phase ends
		if s.Phase != PhaseActions {
			t.Fatal("phase")
		}
		s = play(t, s, fmt.Sprintf("%d/sp", who())) // round 1's group, nothing to pump: lost
		if s.Phase != PhaseActions || !logHas(s, "the pumps are lost") {
			t.Fatalf("phase %s", s.Phase)
		}
		refuse(t, s, fmt.Sprintf("%d/sp", who()), ErrNotAvailable)
		s = passRound(t, s)
		if pv := s.PublicView(); !slices.Equal(pv.Dev.Pumps[2], []int{2}) || pv.Dev.NextPumps != 3 {
			t.Fatalf("refilled: %v next %d", pv.Dev.Pumps, pv.Dev.NextPumps)
		}
	})
	t.Run("permanent steam pump from a survey card", func(t *testing.T) {
		r := hands(t, table(3, map[string]string{"A2": "1/1/4"}, "A2"), []string{"A steam pump £5"}, nil, nil)
		s := scenario(t, r, "0/b:A2", "0/bid:1", "1/drop", "2/drop", fmt.Sprintf("0/ac:%d", card(t, "A steam pump £5")))
		if ar := s.Areas[area(t, "A2")]; ar.Water != 3 || ar.Pumps != 1 {
			t.Fatalf("A2 %+v", ar)
		}
		s = passRound(t, s)
		if ar := s.Areas[area(t, "A2")]; ar.Water != 2 {
			t.Fatalf("round 2: water %d", ar.Water)
		}
		s = passRound(t, s)
		if ar := s.Areas[area(t, "A2")]; ar.Water != 1 {
			t.Fatalf("round 3: water %d", ar.Water)
		}
	})
}

func TestPasties(t *testing.T) {
	s := scenario(t, table(2, nil), "0/pa")
	if p := s.Players[0]; p.Money != 21 || p.Col != 1 {
		t.Fatalf("£%d col %d", p.Money, p.Col)
	}
}

func TestInvesting(t *testing.T) {
	r := table(4, nil)
	r.Setup.Money = []int{30, 4, 25, 10}
	r.Setup.Order = []int{2, 0, 3, 1}
	s := scenario(t, r, "2/pass", "0/pass", "3/pass", "1/pass")
	if !slices.Equal(s.PassOrder, []int{2, 0, 3, 1}) || s.Phase != PhaseInvest {
		t.Fatalf("pass order %v", s.PassOrder)
	}
	if !s.PublicView().Seats[1].InvestDone {
		t.Fatal("£4 is too little to invest: done at once")
	}
	refuse(t, s, "0/inv:10", ErrNotYourTurn)
	s = play(t, s, "2/inv:10", "2/inv:5", "2/ie") // row 1: 22 + 10
	s = play(t, s, "0/inv:10", "0/ie")            // row 2: 20
	s = play(t, s, "3/inv:10")                    // row 3: 18, £0 left: done
	if s.ToAct()[0] != 2 {
		t.Fatalf("to act %v, want 2 again", s.ToAct())
	}
	s = play(t, s, "2/inv:5", "2/ie", "0/ie") // 2 invested this turn: not done
	if s.ToAct()[0] != 2 {
		t.Fatalf("to act %v, want 2 (invested last turn, so may invest again)", s.ToAct())
	}
	refuse(t, s, "2/inv:10", ErrNoMoney)
	s = play(t, s, "2/ie")
	if s.Phase == PhaseInvest {
		t.Fatalf("still investing, to act %v", s.ToAct())
	}
	pts := []int{s.Players[0].Points, s.Players[1].Points, s.Players[2].Points, s.Players[3].Points}
	if !eqInts(pts, []int{20, 0, 42, 18}) || !eqInts(money(s), []int{20, 4, 5, 0}) {
		t.Fatalf("points %v money %v", pts, money(s))
	}
	for s.Phase == PhasePeek {
		s = play(t, s, fmt.Sprintf("%d/pks", s.ToAct()[0]))
	}
	// Next round: markers back to column 0 in passing order.
	if got := s.PublicView().TurnOrder; !slices.Equal(got, []int{2, 0, 3, 1}) {
		t.Fatalf("round 2 order %v", got)
	}
}

func TestRound4InvestsEverything(t *testing.T) {
	r := table(3, nil)
	r.Setup.Money = []int{35, 17, 4}
	s := scenario(t, r)
	for s.Round < 4 {
		s = passRound(t, s)
	}
	order := s.PublicView().TurnOrder
	for _, seat := range order {
		s = play(t, s, fmt.Sprintf("%d/pass", seat))
	}
	if s.Phase != PhaseOver {
		t.Fatalf("phase %s", s.Phase)
	}
	for row, seat := range order {
		start := []int{35, 17, 4}[seat]
		_, _, pts, left := InvestBest(start, Standard.Invest[3][row])
		if p := s.Players[seat]; p.Points != pts || p.Money != left {
			t.Errorf("seat %d row %d: %d points £%d; want %d, £%d", seat, row+1, p.Points, p.Money, pts, left)
		}
	}
	refuse(t, s, "0/pass", ErrGameOver)
}

func TestEndOfRound(t *testing.T) {
	r := table(4, nil)
	r.Setup.Order = []int{3, 1, 0, 2}
	s := scenario(t, r, "3/mi:A2")
	s = passRound(t, s)
	if s.Miners != 3 || s.Ports != 2 || s.Trains != 1 || s.AditsLeft != 1 {
		t.Fatalf("round 2 board %d %d %d %d: leftovers must be discarded", s.Miners, s.Ports, s.Trains, s.AditsLeft)
	}
	order := s.PublicView().TurnOrder
	// The first in order sells pasties, so the others pass before it.
	s = play(t, s, fmt.Sprintf("%d/pa", order[0]))
	for _, seat := range []int{order[1], order[2], order[3], order[0]} {
		s = play(t, s, fmt.Sprintf("%d/pass", seat))
	}
	for s.Phase == PhaseInvest {
		s = play(t, s, fmt.Sprintf("%d/ie", s.ToAct()[0]))
	}
	first, second := order[1], order[2]
	if s.Phase != PhasePeek || s.ToAct()[0] != first {
		t.Fatalf("phase %s to act %v, want the first to pass", s.Phase, s.ToAct())
	}
	refuse(t, s, fmt.Sprintf("%d/pk:C6", first), ErrNoTile) // face up
	refuse(t, s, fmt.Sprintf("%d/pk:A2", second), ErrNotYourTurn)
	s = play(t, s, fmt.Sprintf("%d/pk:A2", first))
	s = play(t, s, fmt.Sprintf("%d/pk:A2", second)) // a tile may carry several tokens
	if s.Round != 3 || s.Phase != PhaseActions {
		t.Fatalf("round %d phase %s: only the top two peek", s.Round, s.Phase)
	}
	if got := s.PublicView().TurnOrder; !slices.Equal(got, []int{first, second, order[3], order[0]}) {
		t.Fatalf("round 3 order %v", got)
	}
	a2 := area(t, "A2")
	if pk := s.SeatView(first).Peeked; len(pk) != 1 || pk[0].Area != a2 || pk[0].Tile != s.Areas[a2].Tile {
		t.Fatalf("seat keeps what it peeked: %v", pk)
	}
	if pk := s.SeatView(order[3]).Peeked; len(pk) != 0 {
		t.Fatalf("seat that did not peek sees %v", pk)
	}
	if got := s.PublicView().Areas[a2].Peekers; !slices.Equal(got, []int{min(first, second), max(first, second)}) {
		t.Fatalf("peek tokens %v", got)
	}
	// Round 3's end: the first may not look at A2 again, but at another tile.
	for _, seat := range s.PublicView().TurnOrder {
		s = play(t, s, fmt.Sprintf("%d/pass", seat))
	}
	for s.Phase == PhaseInvest {
		s = play(t, s, fmt.Sprintf("%d/ie", s.ToAct()[0]))
	}
	refuse(t, s, fmt.Sprintf("%d/pk:A2", first), ErrNoTile)
	s = play(t, s, fmt.Sprintf("%d/pk:A3", first), fmt.Sprintf("%d/pks", second))
	if pk := s.SeatView(first).Peeked; len(pk) != 2 {
		t.Fatalf("peeks %v", pk)
	}
	t.Run("2p: only the first peeks", func(t *testing.T) {
		s := scenario(t, table(2, nil), "0/pass", "1/pass", "0/ie", "1/ie")
		if s.Phase != PhasePeek || !slices.Equal(s.PeekQueue, []int{0}) {
			t.Fatalf("phase %s queue %v", s.Phase, s.PeekQueue)
		}
		s = play(t, s, "0/pk:A2")
		if s.Round != 2 {
			t.Fatal("second seat peeked in 2p")
		}
	})
}

func TestTieBreaks(t *testing.T) {
	finish := func(s *State) *State {
		for s.Phase != PhaseOver {
			s = passRound(t, s)
		}
		return s
	}
	t.Run("points", func(t *testing.T) {
		s := finish(scenario(t, table(3, nil)))
		if s.Result.TieBreak != "" || s.Result.Ranking[0] != s.PassOrder[0] {
			t.Fatalf("result %+v", s.Result)
		}
	})
	t.Run("money", func(t *testing.T) {
		r := table(3, nil)
		r.Setup.Money = []int{0, 3, 0}
		s := finish(scenario(t, r))
		if s.Result.TieBreak != "money" || s.Result.Ranking[0] != 1 {
			t.Fatalf("result %+v", s.Result)
		}
	})
	t.Run("ore cubes in own mines", func(t *testing.T) {
		r := table(3, map[string]string{"A2": "3/3/1", "A4": "1/1/1"}, "A2", "A4")
		r.Setup.Money = []int{2, 2, 0}
		r.Setup.Order = []int{2, 1, 0}
		s := scenario(t, r, "2/pass", "1/b:A4", "1/bid:2", "0/drop", "0/b:A2", "0/bid:2", "1/drop")
		s = finish(s)
		if s.Result.TieBreak != TieOre || s.Result.Ranking[0] != 0 || s.Result.Ranking[1] != 1 {
			t.Fatalf("result %+v", s.Result)
		}
	})
	t.Run("work track order", func(t *testing.T) {
		r := table(4, nil)
		r.Setup.Money = []int{0, 0, 0, 0}
		r.Setup.Order = []int{2, 3, 1, 0}
		s := finish(scenario(t, r))
		if s.Result.TieBreak != TieOrder || !slices.Equal(s.Result.Ranking, []int{2, 3, 1, 0}) {
			t.Fatalf("result %+v", s.Result)
		}
	})
}

func TestSetupOverridesValidated(t *testing.T) {
	for name, mod := range map[string]func(*Record){
		"deck card also in a hand": func(r *Record) { r.Setup.Decks = [][]int{{0}, {10}, {20}}; r.Setup.Hands[0] = []int{0} },
		"card twice in hands":      func(r *Record) { r.Setup.Hands[0] = []int{3}; r.Setup.Hands[1] = []int{3} },
		"order not a permutation":  func(r *Record) { r.Setup.Order = []int{0, 0} },
		"money for one seat":       func(r *Record) { r.Setup.Money = []int{5} },
		"tile missing":             func(r *Record) { delete(r.Setup.Tiles, "A2") },
		"face-up out of play":      func(r *Record) { r.Setup.FaceUp = []string{"A1"} },
	} {
		t.Run(name, func(t *testing.T) {
			r := table(2, nil)
			mod(r)
			if _, err := NewGame(r.SetupOf()); err == nil {
				t.Fatal("accepted")
			}
		})
	}
	if _, err := NewGame(Setup{NumSeats: 3, Options: Options{Arsenic: true}}); err != nil {
		t.Errorf("arsenic refused: %v", err)
	}
	if _, err := NewGame(Setup{NumSeats: 3, Edition: EditionV1, Options: Options{Arsenic: true}}); err == nil {
		t.Error("arsenic accepted under edition 1")
	}
	if _, err := NewGame(Setup{NumSeats: 3, Edition: EditionV1, Options: Options{Emigration: true}}); err == nil {
		t.Error("emigration accepted under edition 1")
	}
	for _, opt := range []Options{{Solo: true}} {
		var re *RuleError
		if _, err := NewGame(Setup{NumSeats: 3, Options: opt}); !errors.As(err, &re) || re.Code != ErrUnsupported {
			t.Errorf("%+v: %v", opt, err)
		}
	}
	if _, err := NewGame(Setup{NumSeats: 3, Edition: "tt-remastered-0"}); err == nil {
		t.Error("unknown edition accepted")
	}
	for _, n := range []int{0, 6} {
		if _, err := NewGame(Setup{NumSeats: n}); err == nil {
			t.Errorf("%d seats accepted", n)
		}
	}
	// One seat is the solo game, from edition 2 on.
	if _, err := NewGame(Setup{NumSeats: 1, Edition: EditionV1}); err == nil {
		t.Error("solo accepted under edition 1")
	}
	if _, err := NewGame(Setup{NumSeats: 2, Options: Options{DeepPockets: true}}); err == nil {
		t.Error("a difficulty option accepted with 2 players")
	}
}

// TestRevealIsUniform: dealing shuffled setup cards until one names a
// face-down tile reveals every in-play position equally often.
func TestRevealIsUniform(t *testing.T) {
	counts := map[string]int{}
	const games = 1000
	for seed := uint64(0); seed < games; seed++ {
		s, _ := NewGame(Setup{NumSeats: 2, Seed: seed})
		for i, a := range s.Areas {
			if a.FaceUp && Standard.Areas[i].Region == RegionA {
				counts[Standard.Areas[i].ID]++
			}
		}
	}
	// 2 players: one of A2 A4 A5 A6 A7 each game, 200 expected each.
	for _, id := range []string{"A2", "A4", "A5", "A6", "A7"} {
		if c := counts[id]; c < 150 || c > 250 {
			t.Errorf("%s revealed %d times in %d games, want about 200", id, c, games)
		}
	}
	if len(counts) != 5 {
		t.Errorf("revealed %v", counts)
	}
}

// TestRemovedAreaByEdition pins the 2-player correction and that it never
// breaks a game already running: under edition 1 an area whose face-down
// tile both players passed on stayed open for developments; from edition 2
// it is out of play (no development, nobody's neighbour). A record keeps
// the rules of the edition it names.
func TestRemovedAreaByEdition(t *testing.T) {
	base := func(edition string) *Record {
		r := hands(t, table(2, map[string]string{"A2": "2/2/2", "A4": "3/1/1"}, "A4"), []string{"A +1 tin £2"}, []string{"A miner £4"})
		r.Setup.Decks = [][]int{{card(t, "A +1 copper £2"), card(t, "A steam pump £5")}, {card(t, "B -1 water £1")}, {card(t, "C +2 copper £5")}}
		r.Setup.Money = []int{1, 1}
		r.Edition = edition
		return r
	}
	removed := []string{"0/b:A2:draw", "0/drop", "1/drop"}
	t.Run("edition 1: developments still allowed", func(t *testing.T) {
		r := base(EditionV1)
		r.Actions = append(append([]string(nil), removed...), "0/mi:A2")
		s, err := Replay(r)
		if err != nil {
			t.Fatalf("an edition-1 record must replay: %v", err)
		}
		if s.EditionVersion != EditionV1 || !s.Areas[area(t, "A2")].Miner {
			t.Fatalf("edition %s, A2 %+v", s.EditionVersion, s.Areas[area(t, "A2")])
		}
		// The stored snapshot of an old game keeps its rules after a reload.
		b, _ := json.Marshal(s)
		var back State
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		back.Trains = 1 // no train on the 2-player board in round 1
		play(t, &back, "1/tr:A2")
	})
	t.Run("edition 2: the area is out of play", func(t *testing.T) {
		s := scenario(t, base(""), removed...)
		if s.EditionVersion != Standard.Version || Standard.Version == EditionV1 {
			t.Fatalf("edition %s", s.EditionVersion)
		}
		s.Trains, s.AditsLeft = 1, 1 // none on the 2-player board in round 1
		refuse(t, s, "0/mi:A2", ErrBadArea)
		refuse(t, s, "0/po:A2", ErrBadArea)
		refuse(t, s, "0/tr:A2", ErrBadArea)
		for _, br := range Standard.Borders {
			if (br[0] == area(t, "A2") || br[1] == area(t, "A2")) && s.Areas[br[0]].InPlay && s.Areas[br[1]].InPlay {
				refuse(t, s, fmt.Sprintf("0/ad:%s-%s", Standard.Areas[br[0]].ID, Standard.Areas[br[1]].ID), ErrBadArea)
			}
		}
		for _, a := range s.Legal(0) {
			if a.Area == area(t, "A2") || (a.Kind == ActAdit && (Standard.Borders[a.Border][0] == area(t, "A2") || Standard.Borders[a.Border][1] == area(t, "A2"))) {
				t.Fatalf("legal offers %s", a)
			}
		}
		// A train next door puts no drainage token on it.
		for _, j := range Standard.Adjacency()[area(t, "A2")] {
			if s.Areas[j].InPlay && !s.Areas[j].Removed {
				// Apply, not play: the invariants would object to the
				// train put on the round-1 board above.
				a, _ := ParseAction("0/tr:" + Standard.Areas[j].ID)
				var err error
				if s, _, err = Apply(s, a); err != nil {
					t.Fatal(err)
				}
				if d := s.Areas[area(t, "A2")].Drain; d != 0 {
					t.Fatalf("removed A2 got %d drainage", d)
				}
				break
			}
		}
	})
}

// TestTieBreakStoredInEnglish: a result stored when the tie-break was
// written in English reads as the code it stands for, in the match's
// result message and in the public view; the codes read as themselves.
func TestTieBreakStoredInEnglish(t *testing.T) {
	for stored, code := range map[string]string{"money": TieMoney, "ore cubes in their mines": TieOre, "work track order": TieOrder,
		TieOre: TieOre, TieOrder: TieOrder, "": ""} {
		r := &Result{Ranking: []int{1, 0}, TieBreak: stored}
		if got := r.TieBreakCode(); got != code {
			t.Errorf("%q reads as %q, want %q", stored, got, code)
		}
		s := scenario(t, table(2, nil))
		s.Result = r
		if got := s.PublicView().Result.TieBreak; got != code {
			t.Errorf("%q: the view says %q, want %q", stored, got, code)
		}
		m := Match{S: s}.Result().TieBreakMessage
		if want := tieBreakWords[code]; m.ID != want {
			t.Errorf("%q: result message %q, want %q", stored, m.ID, want)
		}
	}
}

package tinners

import (
	"fmt"
	"slices"
	"testing"
)

// Scenario tests: one per action and rule branch, each a short record with
// setup overrides (see helpers_test.go).

func TestSetupByPlayerCount(t *testing.T) {
	for n := 2; n <= 5; n++ {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			mc := Standard.MapCards[n]
			firsts := map[int]bool{}
			a2 := map[Tile]bool{}
			for seed := uint64(1); seed <= 40; seed++ {
				s, err := NewGame(Setup{NumSeats: n, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				if s.Phase != PhaseDraft || s.Round != 1 {
					t.Fatalf("starts in %s round %d", s.Phase, s.Round)
				}
				for r := RegionA; r < NumRegions; r++ {
					var inPlay []int
					var tiles []Tile
					up := 0
					for i, ar := range s.Areas {
						if Standard.Areas[i].Region != r || !ar.InPlay {
							continue
						}
						inPlay = append(inPlay, Standard.Areas[i].Pos)
						if !ar.HasTile || ar.Mine >= 0 {
							t.Fatalf("%s in play without a tile", Standard.Areas[i].ID)
						}
						tiles = append(tiles, ar.Tile)
						if ar.FaceUp {
							up++
						}
					}
					if !slices.Equal(inPlay, mc.Positions[r]) {
						t.Fatalf("region %s in play %v, map card %v", r, inPlay, mc.Positions[r])
					}
					wantUp := mc.Reveal
					if len(inPlay) == 0 {
						wantUp = 0
					}
					if up != wantUp {
						t.Fatalf("region %s: %d face up, want %d", r, up, wantUp)
					}
					// The tiles are distinct draws from this region's eight.
					pool := slices.Clone(Standard.Tiles[r])
					for _, tl := range tiles {
						k := slices.Index(pool, tl)
						if k < 0 {
							t.Fatalf("region %s: tile %v is not one of its tiles (or drawn twice)", r, tl)
						}
						pool = slices.Delete(pool, k, k+1)
					}
				}
				a2[s.Areas[area(t, "A2")].Tile] = true
				order := make([]int, n)
				for i, p := range s.Players {
					if p.Money != 20 || p.Col != 0 || p.Points != 0 {
						t.Fatalf("seat %d starts with £%d col %d", i, p.Money, p.Col)
					}
					order[p.Arrive] = i
					regions := 3
					if n >= 4 {
						regions = 4
					}
					if len(p.Draft) != 2*regions {
						t.Fatalf("seat %d drew %d region cards, want %d", i, len(p.Draft), 2*regions)
					}
					for k, c := range p.Draft {
						if d := Standard.Cards[c].Deck; int(d) != k/2 {
							t.Fatalf("draft %v not 2 per region deck", p.Draft)
						}
					}
					wantWild := 1
					if n == 2 {
						wantWild = 0
					}
					if len(p.Hand) != wantWild || (wantWild == 1 && Standard.Cards[p.Hand[0]].Deck != DeckWild) {
						t.Fatalf("seat %d hand %v, want %d wild card", i, p.Hand, wantWild)
					}
				}
				firsts[order[0]] = true
				for d := 0; d < NumRegions; d++ {
					want := 0
					if n == 2 && d < 3 {
						want = 10 - 2*n
					}
					if len(s.Decks[d]) != want {
						t.Fatalf("deck %d has %d cards, want %d", d, len(s.Decks[d]), want)
					}
				}
			}
			if len(firsts) != n {
				t.Errorf("over 40 seeds only seats %v started: start order not random", firsts)
			}
			if len(a2) < 3 {
				t.Errorf("tile in A2 took only %d values over 40 seeds: not shuffled", len(a2))
			}
		})
	}
}

func TestSetupDraft(t *testing.T) {
	t.Run("3p any order, independently", func(t *testing.T) {
		s, _ := NewGame(Setup{NumSeats: 3, Seed: 5})
		if got := s.ToAct(); !slices.Equal(got, []int{0, 1, 2}) {
			t.Fatalf("draft waits for %v", got)
		}
		discards := map[int][]int{}
		pick := func(seat int, d Deck) int {
			for _, c := range s.Players[seat].Draft {
				if Standard.Cards[c].Deck == d {
					return c
				}
			}
			t.Fatalf("seat %d has no %s card left", seat, d)
			return -1
		}
		// Seat 2 finishes first, in reverse region order; the others interleave.
		steps := []struct {
			seat int
			d    Deck
		}{{2, DeckC}, {0, DeckA}, {2, DeckB}, {2, DeckA}, {1, DeckC}, {0, DeckB}, {1, DeckB}, {0, DeckC}, {1, DeckA}}
		for k, st := range steps {
			c := pick(st.seat, st.d)
			discards[st.seat] = append(discards[st.seat], c)
			s = play(t, s, fmt.Sprintf("%d/dd:%d", st.seat, c))
			if k == 0 {
				// A second card of the same region is refused.
				refuse(t, s, fmt.Sprintf("2/dd:%d", pick(2, DeckC)), ErrBadCard)
			}
			if k < len(steps)-1 && s.Phase != PhaseDraft {
				t.Fatalf("round started before every seat discarded")
			}
		}
		if s.Phase != PhaseActions || s.Round != 1 {
			t.Fatalf("after every discard: phase %s", s.Phase)
		}
		for seat, p := range s.Players {
			if len(p.Hand) != 4 {
				t.Errorf("seat %d hand %v, want 3 region cards + 1 wild", seat, p.Hand)
			}
			decks := map[Deck]int{}
			for _, c := range p.Hand {
				decks[Standard.Cards[c].Deck]++
				if slices.Contains(discards[seat], c) {
					t.Errorf("seat %d kept discarded card %d", seat, c)
				}
			}
			if decks[DeckA] != 1 || decks[DeckB] != 1 || decks[DeckC] != 1 || decks[DeckWild] != 1 {
				t.Errorf("seat %d hand by deck %v", seat, decks)
			}
		}
		for d := range s.Decks {
			if len(s.Decks[d]) != 0 {
				t.Errorf("3p: discards must go back to the box, deck %d has %v", d, s.Decks[d])
			}
		}
	})
	t.Run("2p discards shuffled back", func(t *testing.T) {
		s, _ := NewGame(Setup{NumSeats: 2, Seed: 9})
		var discarded []int
		for seat := 0; seat < 2; seat++ {
			for r := 0; r < 3; r++ {
				c := s.Players[seat].Draft[0]
				for _, d := range s.Players[seat].Draft {
					if int(Standard.Cards[d].Deck) == r {
						c = d
						break
					}
				}
				discarded = append(discarded, c)
				s = play(t, s, fmt.Sprintf("%d/dd:%d", seat, c))
			}
		}
		if s.Phase != PhaseActions {
			t.Fatalf("phase %s", s.Phase)
		}
		for r := 0; r < 3; r++ {
			if len(s.Decks[r]) != 8 {
				t.Errorf("deck %s has %d cards, want 10 − 4 drawn + 2 discarded", Region(r), len(s.Decks[r]))
			}
		}
		for _, c := range discarded {
			if !slices.Contains(s.Decks[Standard.Cards[c].Deck], c) {
				t.Errorf("discard %d not back in its deck", c)
			}
		}
		for seat, p := range s.Players {
			if len(p.Hand) != 3 {
				t.Errorf("seat %d hand %v: want one card per region, no wild", seat, p.Hand)
			}
		}
		if len(s.Decks[DeckD]) != 0 {
			t.Errorf("2p uses no D deck")
		}
	})
	t.Run("wrong phase and not drafted card", func(t *testing.T) {
		s, _ := NewGame(Setup{NumSeats: 4, Seed: 3})
		notMine := s.Players[1].Draft[0]
		refuse(t, s, fmt.Sprintf("0/dd:%d", notMine), ErrBadCard)
		refuse(t, s, "0/pa", ErrWrongPhase)
		wild := s.Players[0].Hand[0]
		refuse(t, s, fmt.Sprintf("0/dd:%d", wild), ErrBadCard)
	})
}

func TestSetupOrderOverride(t *testing.T) {
	r := table(4, nil)
	r.Setup.Order = []int{3, 1, 0, 2}
	s := scenario(t, r)
	if got := s.PublicView().TurnOrder; !slices.Equal(got, []int{3, 1, 0, 2}) {
		t.Errorf("turn order %v", got)
	}
}

func TestTurnOrder(t *testing.T) {
	r := table(3, nil)
	r.Setup.Order = []int{2, 0, 1}
	s := scenario(t, r)
	steps := []struct {
		act  string
		next []int
	}{
		{"2/pa", []int{0, 1, 2}},    // 2 moves to column 1
		{"0/pa", []int{1, 2, 0}},    // all but 1 in column 1
		{"1/mi:A2", []int{2, 0, 1}}, // all in column 1, in order of arrival
		{"2/po:A2", []int{0, 1, 2}}, // 2 to column 3
		{"0/pa", []int{1, 0, 2}},
		{"1/pa", []int{0, 1, 2}}, // 0 and 1 in column 2, 0 arrived first
		{"0/pa", []int{1, 2, 0}}, // 0 goes below 2 in column 3
		{"1/pa", []int{2, 0, 1}},
	}
	for _, st := range steps {
		s = play(t, s, st.act)
		if got := s.PublicView().TurnOrder; !slices.Equal(got, st.next) {
			t.Fatalf("after %s: turn order %v, want %v", st.act, got, st.next)
		}
	}
	// A seat far behind takes several turns in a row.
	s = play(t, s, "2/pa", "0/ad:A1-A2")
	if got := s.ToAct(); got[0] != 1 {
		t.Fatalf("to act %v", got)
	}
	s = play(t, s, "1/pa", "2/pa")
	if s.ToAct()[0] != 1 {
		t.Fatalf("seat 1 (col 4) should act before seat 2 (col 5) and 0 (col 5)")
	}
}

func TestFinalColumnForcesPass(t *testing.T) {
	s := scenario(t, table(3, nil))
	for i := 0; i < 9; i++ {
		s = play(t, s, "0/pa", "1/pa", "2/pa")
	}
	if s.Players[0].Col != 9 {
		t.Fatalf("col %d", s.Players[0].Col)
	}
	refuse(t, s, "0/b:A2", ErrNoWorkPoints)
	refuse(t, s, "0/po:A2", ErrNoWorkPoints)
	s = play(t, s, "0/pa", "1/pa", "2/pa")
	refuse(t, s, "0/pa", ErrMustPass)
	refuse(t, s, "0/b:A2", ErrMustPass)
	if l := s.Legal(0); len(l) != 1 || l[0].Kind != ActPass {
		t.Fatalf("legal %v, want only pass", l)
	}
	s = play(t, s, "0/pass")
	refuse(t, s, "0/pa", ErrNotYourTurn)
	if got := s.PublicView().Seats[0].PassRow; got != 1 {
		t.Errorf("pass row %d", got)
	}
}

func TestAuctionBidding(t *testing.T) {
	r := table(4, map[string]string{"A2": "2/2/1"}, "A2")
	r.Setup.Order = []int{2, 0, 1, 3}
	s := scenario(t, r, "2/b:A2")
	au := s.Auction
	if !slices.Equal(au.In, []int{2, 3, 0, 1}) || au.Turn != 2 || au.Min != 1 {
		t.Fatalf("auction in %v turn %d min %d; want clockwise from the opener [2 3 0 1], 2, £1", au.In, au.Turn, au.Min)
	}
	refuse(t, s, "2/drop", ErrBadBid) // the opener must open
	refuse(t, s, "3/bid:2", ErrNotYourTurn)
	refuse(t, s, "2/bid:0", ErrBadBid)
	refuse(t, s, "2/bid:21", ErrNoMoney)
	refuse(t, s, "2/b:A4", ErrWrongPhase)
	turns := []struct {
		act  string
		next int
	}{{"2/bid:1", 3}, {"3/bid:2", 0}, {"0/drop", 1}, {"1/bid:4", 2}, {"2/bid:5", 3}, {"3/drop", 1}}
	for _, tc := range turns {
		s = play(t, s, tc.act)
		if s.Auction.Turn != tc.next {
			t.Fatalf("after %s turn %d, want %d", tc.act, s.Auction.Turn, tc.next)
		}
	}
	refuse(t, s, "1/bid:5", ErrBadBid)
	s = play(t, s, "1/drop") // 2 is the last one in
	a2 := s.Areas[area(t, "A2")]
	if a2.Mine != 2 || a2.HasTile || a2.Tin != 2 || a2.Copper != 2 || a2.Water != 1 {
		t.Fatalf("A2 %+v", a2)
	}
	if p := s.Players[2]; p.Money != 15 || p.Col != 2 || p.MinesBuilt != 1 {
		t.Fatalf("winner £%d col %d mines %d", p.Money, p.Col, p.MinesBuilt)
	}
	if !eqInts(money(s), []int{20, 20, 15, 20}) {
		t.Errorf("losers paid: %v", money(s))
	}
	if s.ToAct()[0] != 0 || s.Auction != nil || s.Phase != PhaseActions {
		t.Errorf("after the auction: to act %v phase %s", s.ToAct(), s.Phase)
	}
	refuse(t, s, "0/b:A2", ErrNoTile)
}

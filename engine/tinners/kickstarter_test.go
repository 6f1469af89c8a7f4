package tinners

import (
	"errors"
	"fmt"
	"testing"
)

// The Kickstarter pack: six dual-region survey cards replace the wild deck,
// and two tiles per region (a £3 bonus, a 1-work-point build) are shuffled
// into the area tiles.

// kickTable is a 3-player Kickstarter table (see table).
func kickTable(tiles map[string]string, faceUp ...string) *Record {
	r := table(3, tiles, faceUp...)
	r.Options.Kickstarter = true
	return r
}

func TestKickstarterSetup(t *testing.T) {
	if _, err := NewGame(Setup{NumSeats: 3, Edition: EditionV1, Options: Options{Kickstarter: true}}); err == nil {
		t.Error("the Kickstarter pack accepted under edition 1")
	}
	kick := 0
	for n := MinSeats; n <= MaxSeats; n++ {
		for seed := uint64(1); seed <= 20; seed++ {
			for _, arsenic := range []bool{false, true} {
				s, err := NewGame(Setup{NumSeats: n, Seed: seed, Options: Options{Kickstarter: true, Arsenic: arsenic}})
				if err != nil {
					t.Fatalf("%dp: %v", n, err)
				}
				// One dual-region card each (none with 2 players), no wild card.
				seen := map[int]bool{}
				for seat, p := range s.Players {
					want := 1
					if n == 2 {
						want = 0
					}
					if len(p.Hand) != want || (want == 1 && Standard.Cards[p.Hand[0]].Deck != DeckKickstarter) {
						t.Fatalf("%dp seed %d seat %d: hand %v, want %d dual card", n, seed, seat, p.Hand, want)
					}
					for _, c := range append(append([]int(nil), p.Hand...), p.Draft...) {
						if seen[c] || Standard.Cards[c].Deck == DeckWild {
							t.Fatalf("%dp seed %d: card %s dealt twice or wild", n, seed, Standard.Cards[c])
						}
						seen[c] = true
					}
				}
				// The tiles in play come from the region's 8 + 2, each once.
				used := map[string]int{}
				for i, a := range s.Areas {
					if !a.InPlay {
						continue
					}
					r := Standard.Areas[i].Region
					pool := append(append([]Tile(nil), Standard.Tiles[r]...), Standard.KickTiles[r]...)
					k := fmt.Sprint(r, a.Tile)
					used[k]++
					have := 0
					for _, tl := range pool {
						if tl == a.Tile {
							have++
						}
					}
					if used[k] > have {
						t.Fatalf("%dp seed %d: tile %s in %s not from the pool", n, seed, a.Tile, Standard.Areas[i].ID)
					}
					if a.Tile.Kind != TilePlain {
						kick++
					}
				}
			}
		}
	}
	if kick == 0 {
		t.Error("no Kickstarter tile came out in 160 setups")
	}
	// Without the pack there are none.
	for seed := uint64(1); seed <= 20; seed++ {
		s, _ := NewGame(Setup{NumSeats: 5, Seed: seed})
		for _, a := range s.Areas {
			if a.Tile.Kind != TilePlain {
				t.Fatal("a Kickstarter tile without the pack")
			}
		}
	}
}

func TestKickstarterParseTile(t *testing.T) {
	for spec, want := range map[string]Tile{
		"2/1/3": {2, 1, 3, TilePlain}, "2/1/2 +£3": {2, 1, 2, TileBonus}, "3/1/3 1WP": {3, 1, 3, TileLight},
	} {
		got, err := ParseTile(spec)
		if err != nil || got != want || got.String() != spec {
			t.Errorf("%q: %+v %v", spec, got, err)
		}
	}
	for _, bad := range []string{"", "2/1", "2/1/3 x", "a/b/c", "2/1/-1", "2/1/3x"} {
		if _, err := ParseTile(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestKickstarterBonusTile: the winner pays the bid, then gains £3; it is
// no discount (a bid above the money is still refused).
func TestKickstarterBonusTile(t *testing.T) {
	r := kickTable(map[string]string{"A2": "2/1/2 +£3"}, "A2")
	s := scenario(t, r, "0/b:A2")
	refuse(t, s, "0/bid:21", ErrNoMoney)
	s = play(t, s, "0/bid:20", "1/drop", "2/drop")
	if m := s.Players[0].Money; m != 3 || s.Ledger.Bonus != 3 {
		t.Fatalf("winner has £%d (bonus ledger %d), want £20 − £20 + £3", m, s.Ledger.Bonus)
	}
	if a := s.Areas[area(t, "A2")]; a.Mine != 0 || a.Tin != 2 || a.Copper != 1 || a.Water != 2 {
		t.Fatalf("A2 %+v", a)
	}
	if s.Players[0].Col != 2 {
		t.Fatalf("a bonus tile costs the usual 2 work points: col %d", s.Players[0].Col)
	}
	// Won by another seat: the bonus goes to the winner, not the opener.
	s = scenario(t, r, "0/b:A2", "0/bid:1", "1/bid:4", "2/drop", "0/drop")
	if got := money(s); !eqInts(got, []int{20, 20 - 4 + 3, 20}) {
		t.Fatalf("money %v", got)
	}
}

// TestKickstarterLightTile: the winner builds for 1 work point; taking part
// still needs 2.
func TestKickstarterLightTile(t *testing.T) {
	r := kickTable(map[string]string{"A2": "3/1/3 1WP"}, "A2")
	s := scenario(t, r, "0/b:A2", "0/bid:1", "1/drop", "2/drop")
	if s.Players[0].Col != 1 || s.Players[0].Money != 19 {
		t.Fatalf("col %d £%d, want col 1 £19", s.Players[0].Col, s.Players[0].Money)
	}
	// A seat with one work point left may neither join nor open.
	s = scenario(t, r)
	s.Players[1].Col = 9
	a := play(t, s, "0/b:A2")
	for _, q := range a.Auction.In {
		if q == 1 {
			t.Fatal("a seat with 1 work point joined the auction")
		}
	}
	for i := range s.Players {
		s.Players[i].Col = 9
	}
	refuse(t, s, "0/b:A2", ErrNoWorkPoints)
}

// TestKickstarterDualCards: a dual-region card is playable in its two
// regions only, on an auction and after winning one.
func TestKickstarterDualCards(t *testing.T) {
	// A2, B3 and C2 face down: a card is played before an auction only there.
	r := hands(t, kickTable(map[string]string{"C2": "1/3/3"}), []string{"A/B +2 tin £4"}, []string{"B/C -2 water £2"}, []string{"A/C miner £3"})
	s := scenario(t, r)
	ab, bc := card(t, "A/B +2 tin £4"), card(t, "B/C -2 water £2")
	for _, c := range []struct {
		seat, card int
		id         string
		ok         bool
	}{{0, ab, "A2", true}, {0, ab, "B3", true}, {0, ab, "C2", false}} {
		act := Action{Seat: c.seat, Kind: ActBuild, Area: area(t, c.id), Card: c.card}
		if legalHas(s, act) != c.ok {
			t.Errorf("%s on %s: legal %v, want %v", Standard.Cards[c.card], c.id, !c.ok, c.ok)
		}
	}
	refuse(t, s, fmt.Sprintf("0/b:C2:c%d", ab), ErrBadCard)
	// Played on B3: +2 tin on the new mine.
	b := play(t, s, fmt.Sprintf("0/b:B3:c%d", ab), "0/bid:1", "1/drop", "2/drop")
	if a := b.Areas[area(t, "B3")]; a.Mine != 0 || a.Tin != 3 {
		t.Fatalf("B3 %+v", a)
	}
	// After winning an auction: seat 1 plays its B/C card on C2 (−2 water)
	// and could not have played it on A2.
	c := play(t, s, "0/b:C2", "0/bid:1", "1/bid:2", "2/drop", "0/drop")
	if c.Phase != PhaseAfterAuction {
		t.Fatalf("phase %s", c.Phase)
	}
	c = play(t, c, fmt.Sprintf("1/ac:%d", bc))
	if a := c.Areas[area(t, "C2")]; a.Mine != 1 || a.Water != 1 {
		t.Fatalf("C2 %+v", a)
	}
	d := play(t, s, "0/b:A2", "0/bid:1", "1/bid:2", "2/drop", "0/drop")
	_, _, err := Apply(d, Action{Seat: 1, Kind: ActAfterCard, Card: bc})
	var re *RuleError
	if !errors.As(err, &re) || re.Code != ErrBadCard {
		t.Fatalf("B/C card on A2: %v", err)
	}
}

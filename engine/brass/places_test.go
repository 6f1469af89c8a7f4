package brass

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// validPlace reports whether p is a place of the encoding in doc.go.
func validPlace(p int) bool {
	e := Standard
	switch {
	case p >= 0 && p < len(e.Spaces):
		return true
	case p >= placeLine && p < placeLine+len(e.Lines):
		return true
	case p >= placeMerchant && p < placeMerchant+len(e.MerchantSpaces):
		return true
	case p >= placeLoc && p < placeLoc+len(e.Locations):
		return true
	}
	return p == PlaceCoalMarket || p == PlaceIronMarket
}

// TestPlaces plays random games and checks that every label's places are
// places of the encoding (a build names its space, a link its line, a sale
// its tile and merchant), and that every change on the board — a space, a
// link, a barrel, a market — is named by the events of the move that made
// it.
func TestPlaces(t *testing.T) {
	for n := 2; n <= 4; n++ {
		m, _ := Title.New(engine.Setup{NumSeats: n, Seed: uint64(n)})
		r := rand.New(rand.NewPCG(uint64(n), 5))
		for m.Result() == nil {
			seat := m.ToAct()[0]
			legal := m.Legal(seat)
			for _, a := range legal {
				l := m.Label(a)
				for _, p := range l.Where {
					if !validPlace(p) {
						t.Fatalf("%s: place %d", a, p)
					}
				}
				k := a.(Action).Kind
				if (k == ActBuild || k == ActNetwork || k == ActRail2 || k == ActSell || k == ActSellMore) && len(l.Where) == 0 {
					t.Errorf("%s names no place", a)
				}
			}
			a := legal[r.IntN(len(legal))]
			before := m.(*match).s
			next, ev, err := m.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			after := next.(*match).s
			named := engine.Places(ev)
			need := func(p int, what string) {
				if !slices.Contains(named, p) {
					t.Errorf("%s changed %s (place %d) without naming it: %v", a, what, p, named)
				}
			}
			for si := range before.Spaces {
				if before.Spaces[si] != after.Spaces[si] {
					need(PlaceSpace(si), "a space")
				}
			}
			for l := range before.Links {
				if before.Links[l] != after.Links[l] {
					need(PlaceLine(l), "a line")
				}
			}
			for k := range before.Merch {
				if before.Merch[k] != after.Merch[k] {
					need(PlaceMerchant(k), "a merchant")
				}
			}
			if before.Coal != after.Coal {
				need(PlaceCoalMarket, "the coal market")
			}
			if before.Iron != after.Iron {
				need(PlaceIronMarket, "the iron market")
			}
			m = next
		}
	}
}

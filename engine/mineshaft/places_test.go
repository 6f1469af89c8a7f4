package mineshaft

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestPlaceEncoding: places decode to what they encode, and kinds never
// overlap.
func TestPlaceEncoding(t *testing.T) {
	for _, c := range [][2]int{{0, 0}, {1, -1}, {-127, 127}, {127, -127}, {-5, 80}} {
		p := DecodePlace(PlaceCell(c[0], c[1]))
		if p.Kind != KindCell || p.X != c[0] || p.Y != c[1] {
			t.Errorf("cell %v decodes as %+v", c, p)
		}
		for r := 0; r < 4; r++ {
			q := DecodePlace(PlacePlacement(c[0], c[1], r))
			if q.Kind != KindPlacement || q.X != c[0] || q.Y != c[1] || q.Rot != r {
				t.Errorf("placement %v rot %d decodes as %+v", c, r, q)
			}
		}
	}
	for seat := 0; seat < 4; seat++ {
		if p := DecodePlace(PlacePlayer(seat)); p.Kind != KindPlayer || p.Seat != seat {
			t.Errorf("player %d decodes as %+v", seat, p)
		}
	}
	for p, k := range map[int]PlaceKind{PlaceBag: KindBag, PlacePile: KindPile, PlaceDice: KindDice, PlaceDrawn: KindDrawn, -1: PlaceUnknown} {
		if got := DecodePlace(p).Kind; got != k {
			t.Errorf("place %d decodes as kind %d, want %d", p, got, k)
		}
	}
}

// TestPlaces plays random games and checks that every label names its
// place (a placement its cell and rotation, a target or destination its
// cell; only "none" options name none), that a placement is one menu of
// at most 12 options reading apart, and that every change on the board
// (a tile laid, moved, filled, emptied, collapsed or cleared; a pawn
// moved; the bag; a player's markers) is named by the move's events.
func TestPlaces(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for seed := uint64(1); seed <= 6; seed++ {
			m := newMatch(t, n, 500+seed, nil)
			pick := chooser(seed)
			for step := 0; m.Result() == nil; step++ {
				where := fmt.Sprintf("%dp seed %d step %d", n, seed, step)
				seat := m.s.Turn
				legal := m.s.legal(seat)
				paths := map[string]bool{}
				for _, a := range legal {
					l := m.Label(a)
					if n := len(l.PathMessages); n != 1 && (n != 2 || l.PathMessages[0].ID != "ms_opt_tunnel") {
						t.Fatalf("%s: %s has %d menu levels", where, a, len(l.PathMessages))
					}
					// Options read apart in words (the menu would group
					// alike ones one level down).
					if read := fmt.Sprint(l.PathMessages); paths[read] {
						t.Fatalf("%s: two options read %s", where, read)
					} else {
						paths[read] = true
					}
					switch a.Kind {
					case ActNoSwap, ActNoRide, ActCollectNone:
						if len(l.Where) != 0 {
							t.Fatalf("%s: %s names places %v", where, a, l.Where)
						}
						continue
					}
					if len(l.Where) == 0 {
						t.Fatalf("%s: %s names no place", where, a)
					}
					p := DecodePlace(l.Where[0])
					switch {
					case a.Kind == ActPlace:
						if p.Kind != KindPlacement || p.X != a.X || p.Y != a.Y || p.Rot != a.Rot {
							t.Fatalf("%s: %s names %+v", where, a, p)
						}
					case hasCell(a.Kind):
						if p.Kind != KindCell || p.X != a.X || p.Y != a.Y {
							t.Fatalf("%s: %s names %+v", where, a, p)
						}
					}
				}
				if m.s.Step.Kind == StepPlace && len(legal) > 12 {
					t.Fatalf("%s: %d placements", where, len(legal))
				}
				a := legal[pick(len(legal))]
				next, ev, err := m.Apply(a)
				if err != nil {
					t.Fatal(err)
				}
				nm := next.(*match)
				named := engine.Places(ev)
				for _, c := range changed(m.s, nm.s) {
					if !slices.Contains(named, c) {
						t.Fatalf("%s: %s changed place %+v, which no event names (%v)", where, a, DecodePlace(c), ev)
					}
				}
				m = nm
			}
		}
	}
}

// changed lists the places that differ between two states: cells whose
// tile, rotation, markers or side changed, cells pawns left or reached,
// the bag, and players' supplies.
func changed(a, b *state) []int {
	var out []int
	type key [2]int
	cells := map[key]cell{}
	for _, g := range a.Grid {
		cells[key{g.X, g.Y}] = g
	}
	seen := map[key]bool{}
	for _, g := range b.Grid {
		k := key{g.X, g.Y}
		seen[k] = true
		if old, ok := cells[k]; !ok || old != g {
			out = append(out, PlaceCell(g.X, g.Y))
		}
	}
	for k := range cells {
		if !seen[k] {
			out = append(out, PlaceCell(k[0], k[1]))
		}
	}
	for i := range a.Players {
		p, q := a.Players[i], b.Players[i]
		if p.X != q.X || p.Y != q.Y {
			out = append(out, PlaceCell(p.X, p.Y), PlaceCell(q.X, q.Y))
		}
		if p.Markers != q.Markers {
			out = append(out, PlacePlayer(i))
		}
	}
	if a.Bag != b.Bag {
		out = append(out, PlaceBag)
	}
	return out
}

// FuzzParseAction: any string either is refused as malformed or reads
// back to itself.
func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"0/d", "1/p:2,-1:3", "3/g:S", "2/m:-5,7", "0/cn", "0/x:1,1", "9/d", "0/p:1,1:4", "0/m:128,0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s)
		if err != nil {
			return
		}
		if a.String() != s {
			t.Fatalf("%q reads back as %q", s, a.String())
		}
	})
}

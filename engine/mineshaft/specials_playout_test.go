package mineshaft

import "testing"

// TestSpecialHeavyPlayouts: random 3- and 4-player games whose piles hold
// every special tile first, in random order, so that specials meet each
// other (nested Loose Rocks, extra Fire, Explosion and Swap tiles): the
// invariants hold after every action, and no move, step or ride is ever
// offered from a collapsed tile (MS-T4).
func TestSpecialHeavyPlayouts(t *testing.T) {
	var specials []int
	for _, tl := range Standard.Tiles[1:] {
		if tl.Special != NoSpecial {
			specials = append(specials, tl.ID)
		}
	}
	for g := 0; g < 120; g++ {
		n := 3 + g%2
		pick := chooser(uint64(g))
		sp := append([]int(nil), specials...)
		for i := len(sp) - 1; i > 0; i-- {
			j := pick(i + 1)
			sp[i], sp[j] = sp[j], sp[i]
		}
		m := newMatch(t, n, uint64(g), &Overrides{Pile: sp})
		for steps := 0; m.Result() == nil; steps++ {
			if steps > 5000 {
				t.Fatal("no end")
			}
			seat := m.s.Turn
			k := m.s.Step.Kind
			if k == StepMove || k == StepRockStep || k == StepRide {
				if i := m.s.pawnTile(seat); m.s.Grid[i].Collapsed {
					t.Fatalf("game %d: %s from a collapsed tile: %v", g, k, legalStrings(m))
				}
			}
			legal := m.Legal(seat)
			next, _, err := m.Apply(legal[pick(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			if err := CheckInvariants(next); err != nil {
				t.Fatalf("game %d: %v", g, err)
			}
			m = next.(*match)
		}
	}
}

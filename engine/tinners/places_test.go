package tinners

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// wantPlaces is the place an action is about: the area it builds in,
// develops, mines, pumps, peeks at, processes arsenic from or emigrates
// from, or the border of an adit; nil for the rest.
func wantPlaces(a Action) []int {
	switch a.Kind {
	case ActAdit, ActFreeAdit:
		return []int{BorderPlace(a.Border)}
	case ActBuild, ActExtract, ActMiner, ActPort, ActTrain, ActPump, ActPeek, ActProcessArsenic,
		ActOwnMiner, ActEmigrate, ActFreeTrain, ActFreePort, ActFreeMiner:
		return []int{a.Area}
	}
	return nil
}

// TestPlaces plays random games of every seat count and module: every
// legal action's label names its place (engine.Label.Where), and every
// move's events name exactly the areas whose public view it changed (both
// ends of a new adit, the area of a new auction), and only areas the map has.
func TestPlaces(t *testing.T) {
	for g := 0; g < 8; g++ {
		n := 2 + g%4
		t.Run(fmt.Sprintf("%dp/game%d", n, g), func(t *testing.T) {
			s, err := NewGame(Setup{NumSeats: n, Seed: uint64(70 + g), Options: mixedOptions(g)})
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(uint64(g), 7))
			var m engine.Match = Match{s}
			for step := 0; m.Result() == nil; step++ {
				if step > 5000 {
					t.Fatal("no end")
				}
				seat := m.ToAct()[r.IntN(len(m.ToAct()))]
				legal := m.Legal(seat)
				for _, a := range legal {
					if got, want := m.Label(a).Where, wantPlaces(a.(Action)); !slices.Equal(got, want) {
						t.Fatalf("move %d: %s names places %v, want %v", step, a, got, want)
					}
				}
				a := legal[r.IntN(len(legal))]
				next, events, err := m.Apply(a)
				if err != nil {
					t.Fatal(err)
				}
				va, vb := StateOf(m).PublicView(), StateOf(next).PublicView()
				var want []int
				add := func(i int) {
					if !slices.Contains(want, i) {
						want = append(want, i)
					}
				}
				for i := range vb.Areas {
					x, _ := json.Marshal(va.Areas[i])
					y, _ := json.Marshal(vb.Areas[i])
					if string(x) != string(y) {
						add(i)
					}
				}
				for k := range vb.Adits {
					if va.Adits[k] != vb.Adits[k] {
						add(s.Edition().Borders[k][0])
						add(s.Edition().Borders[k][1])
					}
				}
				if vb.Auction != nil && (va.Auction == nil || va.Auction.Area != vb.Auction.Area || va.Auction.Opener != vb.Auction.Opener) {
					add(vb.Auction.Area)
				}
				slices.Sort(want)
				got := slices.Sorted(slices.Values(engine.Places(events)))
				if !slices.Equal(got, want) {
					t.Fatalf("move %d (%s): events name %v, the areas changed are %v", step, a, got, want)
				}
				m = next
			}
		})
	}
}

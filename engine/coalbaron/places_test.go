package coalbaron

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// validPlace reports whether p is a place of an n-seat game (zones.go).
func validPlace(p, n int) bool {
	if p >= 0 && p < int(NumZones) {
		return true
	}
	for s := 0; s < n; s++ {
		if p == PlaceRow(s) || p == PlaceDock(s, 0) || p == PlaceDock(s, 1) || p == PlaceDock(s, 2) {
			return true
		}
	}
	return false
}

// wantWhere is the place an action is about: the zone of a worker action
// or the wild action's stack, the dock of a card or a departing train,
// the wagon's dock or the storage of a mining step.
func wantWhere(v PublicView, a Action) []int {
	switch a.Kind {
	case ActPlace, ActWildStack:
		return []int{int(a.Zone)}
	case ActDock, ActDeliver:
		return []int{PlaceDock(a.Seat, a.Target)}
	case ActMine:
		if a.Target == NoCard {
			return []int{PlaceRow(a.Seat)}
		}
		for d, dk := range v.Players[a.Seat].Docks {
			for _, w := range dk.Wagons {
				if w.Wagon == a.Target {
					return []int{PlaceDock(a.Seat, d)}
				}
			}
		}
	}
	return nil
}

// boardChanges are the places whose public picture differs between a and
// b: a stack (size, top) or a zone's workers, a player's row or storage,
// a dock.
func boardChanges(a, b PublicView) []int {
	same := func(x, y any) bool {
		bx, _ := json.Marshal(x)
		by, _ := json.Marshal(y)
		return string(bx) == string(by)
	}
	var out []int
	for z := range a.Stacks {
		if !same(a.Stacks[z], b.Stacks[z]) {
			out = append(out, z)
		}
	}
	zones := func(v PublicView) map[Zone]ZoneView {
		m := map[Zone]ZoneView{}
		for _, z := range v.Zones {
			m[z.Zone] = z
		}
		return m
	}
	za, zb := zones(a), zones(b)
	for z := Zone(0); z < NumZones; z++ {
		if !same(za[z].Placements, zb[z].Placements) && !slices.Contains(out, int(z)) {
			out = append(out, int(z))
		}
	}
	for s := range a.Players {
		pa, pb := a.Players[s], b.Players[s]
		if !same(pa.Row, pb.Row) || !same(pa.Storage, pb.Storage) {
			out = append(out, PlaceRow(s))
		}
		for d := range pa.Docks {
			if !same(pa.Docks[d], pb.Docks[d]) {
				out = append(out, PlaceDock(s, d))
			}
		}
	}
	return out
}

// TestPlaces plays random games of 2, 3 and 4 seats: every legal action's
// label names the place it is about (engine.Label.Where) and no other, and
// every move's events name every place on the board whose picture it
// changed (engine.Event.Where), and only places the game has.
func TestPlaces(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for g := 0; g < 3; g++ {
			t.Run(fmt.Sprintf("%dp/seed%d", n, g), func(t *testing.T) {
				var m engine.Match = newMatch(t, n, uint64(500*n+g), nil)
				pick := chooser(uint64(g))
				for step := 0; m.Result() == nil; step++ {
					if step > 3000 {
						t.Fatal("no end")
					}
					v := m.Public().(PublicView)
					seat := m.ToAct()[0]
					legal := m.Legal(seat)
					for _, a := range legal {
						got := m.Label(a).Where
						if want := wantWhere(v, a.(Action)); !slices.Equal(got, want) {
							t.Fatalf("move %d: %s names places %v, want %v", step, a, got, want)
						}
					}
					a := legal[pick(len(legal))]
					next, events, err := m.Apply(a)
					if err != nil {
						t.Fatal(err)
					}
					named := engine.Places(events)
					for _, p := range named {
						if !validPlace(p, n) {
							t.Fatalf("move %d (%s): event names place %d", step, a, p)
						}
					}
					for _, p := range boardChanges(v, next.Public().(PublicView)) {
						if !slices.Contains(named, p) {
							t.Fatalf("move %d (%s) changed place %d, its events name %v", step, a, p, named)
						}
					}
					m = next
				}
			})
		}
	}
}

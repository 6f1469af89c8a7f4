package tinners

import (
	"reflect"
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Places of the board, as labels and events name them (engine.Label.Where,
// engine.Event.Where): an area is its index in Edition.Areas; a border
// (where an adit goes) is BorderPlace of its index in Edition.Borders.
// Persisted in the bot's notes: never renumber.

// BorderPlace is the place of border k.
func BorderPlace(k int) int { return 1000 + k }

// PlaceBorder is the border index of place p, false for an area.
func PlaceBorder(p int) (int, bool) { return p - 1000, p >= 1000 }

// where names the place a is about: the area it builds in, develops,
// mines, pumps, peeks at or leaves, or the border of an adit.
func (s *State) where(a Action) []int {
	e := s.Edition()
	if a.Kind < 0 || int(a.Kind) >= len(kinds) {
		return nil
	}
	switch kinds[a.Kind].shape {
	case argBorder:
		if a.Border >= 0 && a.Border < len(e.Borders) {
			return []int{BorderPlace(a.Border)}
		}
	case argBuild, argExtract, argArea, argEmigrate:
		if a.Area >= 0 && a.Area < len(e.Areas) {
			return []int{a.Area}
		}
	}
	return nil
}

// ChangedAreas are the places whose public state differs between a and b
// (an area's tile, mine, cubes, developments; an adit's border marks both
// areas it joins; a new auction its area), in order.
func ChangedAreas(a, b *State) []int {
	va, vb := a.PublicView(), b.PublicView()
	var out []int
	add := func(i int) {
		if !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	for i := range vb.Areas {
		if i < len(va.Areas) && !reflect.DeepEqual(va.Areas[i], vb.Areas[i]) {
			add(i)
		}
	}
	for k := range vb.Adits {
		if k < len(va.Adits) && va.Adits[k] != vb.Adits[k] {
			br := b.Edition().Borders[k]
			add(br[0])
			add(br[1])
		}
	}
	if vb.Auction != nil && (va.Auction == nil || va.Auction.Area != vb.Auction.Area || va.Auction.Opener != vb.Auction.Opener) {
		add(vb.Auction.Area)
	}
	slices.Sort(out)
	return out
}

// withPlaces names on the first of events the areas the move changed.
func withPlaces(events []engine.Event, prev, next *State) []engine.Event {
	if len(events) == 0 {
		return events
	}
	if ch := ChangedAreas(prev, next); len(ch) > 0 {
		events[0].Where = ch
	}
	return events
}

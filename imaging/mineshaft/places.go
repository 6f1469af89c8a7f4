package mineshaftimg

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// TurnPlaces lists the places RenderTurn can mark for v (imaging.Placer):
// every tile's cell and every open end's empty cell (a marked cell the crop leaves out is listed under the mine),
// and, while a tile is being laid, each way of laying it at the open ends
// it may extend (the strip beside the mine draws each).
func TurnPlaces(v mineshaft.PublicView, o imaging.Options) []int {
	o.Marks = nil
	b := &builder{o: o, v: v}
	seen := map[int]bool{}
	for _, t := range v.Tiles {
		seen[t.Place] = true
	}
	for _, e := range v.OpenEnds {
		seen[e.Place] = true
	}
	if v.Step.Kind == mineshaft.StepPlace {
		if t, ok := b.tileOf(v.Step.Tile); ok {
			fx, fy, ok := placingFrom(v)
			for _, e := range v.OpenEnds {
				if !ok || e.X != fx || e.Y != fy {
					continue
				}
				for rot := range 4 {
					if t.Tracks.Turn(rot).Has(e.Dir.Opposite()) {
						seen[mineshaft.PlacePlacement(e.CellX, e.CellY, rot)] = true
					}
				}
			}
		}
	}
	out := make([]int, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// placingFrom is the tile a tile is laid from: the step's fixed tile, else
// the pawn's of the seat laying it.
func placingFrom(v mineshaft.PublicView) (x, y int, ok bool) {
	if v.Step.HasFrom {
		return v.Step.FromX, v.Step.FromY, true
	}
	if s := v.Step.Seat; s >= 0 && s < len(v.Players) {
		return v.Players[s].X, v.Players[s].Y, true
	}
	return 0, 0, false
}

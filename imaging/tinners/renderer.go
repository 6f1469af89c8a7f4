package tinnersimg

import (
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Renderer draws Tinners' Trail for the platform: imaging.Renderer over
// RenderTurn, Render and RenderHand. Its views are tinners.PublicView and
// tinners.SeatView (or pointers to them), as tinners.Match gives them.
// It is an imaging.Placer: TurnPlaces lists the areas and borders its turn
// picture draws.
var Renderer = imaging.WithPlaces(imaging.Views[tinners.PublicView, tinners.SeatView]("Tinners' Trail", RenderTurn, Render, RenderHand), TurnPlaces)

// TurnPlaces lists the places RenderTurn draws for v, on which it draws
// marks: the areas of its cards (those in play) by index, and the
// borders (tinners.BorderPlace), which a step's marks list under the
// cards. It lays the picture out with every area and border marked and
// keeps those whose marks it laid out.
func TurnPlaces(v tinners.PublicView, o imaging.Options) []int {
	e := v.Edition()
	var all []int
	for i := range e.Areas {
		all = append(all, i)
	}
	for k := range e.Borders {
		all = append(all, tinners.BorderPlace(k))
	}
	o, of := imaging.MarkAll(o, all)
	items, _, _ := turnItems(v, o)
	var out []int
	for _, it := range items {
		if it.Kind == KindMark {
			out = append(out, of[it.Text])
		}
	}
	return out
}

package imaging

import (
	"slices"
)

// Placer is a Renderer that says which places its turn picture draws: a
// mark (Options.Marks) or a change (Options.Changed) on a place it does
// not draw is dropped, so a private step that marks such a place points
// at nothing. The menus suite checks every marked step against it, and
// the pictures suite checks that every place it lists takes a mark.
type Placer interface {
	// Places lists, in increasing order, the places (engine.Label.Where
	// ids) on which Turn(public, o) draws marks. A view of another type
	// is an error.
	Places(public any, o Options) ([]int, error)
}

// WithPlaces is r (made by Views with public view type P) with Places
// answered by places, which lists the places the turn picture of a P
// draws.
func WithPlaces[P any](r Renderer, places func(P, Options) []int) Renderer {
	title := "this"
	if v, ok := r.(interface{ titleName() string }); ok {
		title = v.titleName()
	}
	return placed[P]{Renderer: r, title: title, places: places}
}

type placed[P any] struct {
	Renderer
	title  string
	places func(P, Options) []int
}

func (r placed[P]) Places(public any, o Options) ([]int, error) {
	v, err := viewAs[P](r.title, public)
	if err != nil {
		return nil, err
	}
	out := slices.Clone(r.places(v, o))
	slices.Sort(out)
	return slices.Compact(out), nil
}

func (r views[P, S]) titleName() string { return r.title }

// MarkAll is o with a distinct mark on each of places, and the place of
// each mark: a renderer's Places can lay out its turn picture with every
// candidate place marked and keep those whose marks it laid out.
func MarkAll(o Options, places []int) (Options, map[string]int) {
	o.Marks = make(map[int]string, len(places))
	of := make(map[string]int, len(places))
	for n, p := range places {
		o.Marks[p] = Mark(n + 1)
		of[Mark(n+1)] = p
	}
	return o, of
}

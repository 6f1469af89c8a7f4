package genericui

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Places in the private step (engine.Label.Where): when the options of a
// menu level are places on the board, each place gets a number in the
// order its first option is shown; the picture draws it ringed on the
// place (imaging.Options.Marks) and the menu shows it before the option
// (imaging.MarkLabel: ①, ②…). Options on one place share its number; an
// option whose actions are about different places, or none, has no mark;
// a step whose options name fewer than two places is no choice of places
// and has none.

// groupPlace is the place every action of members is about (the first of
// each label's Where), false when they name none or differ.
func groupPlace(labels []engine.Label, members []int) (int, bool) {
	place, found := 0, false
	for _, k := range members {
		w := labels[k].Where
		if len(w) == 0 || found && w[0] != place {
			return 0, false
		}
		place, found = w[0], true
	}
	return place, found
}

// stepMarks numbers the places of the options gs: the marks by place for
// the picture, and each option's prefix for the menu ("" for none).
func stepMarks(labels []engine.Label, gs []menuGroup) (map[int]string, []string) {
	var marks map[int]string
	num := map[int]int{}
	prefix := make([]string, len(gs))
	for j, g := range gs {
		p, ok := groupPlace(labels, g.members)
		if !ok {
			continue
		}
		n, seen := num[p]
		if !seen {
			n = len(num) + 1
			num[p] = n
			if marks == nil {
				marks = map[int]string{}
			}
			marks[p] = imaging.Mark(n)
		}
		prefix[j] = imaging.MarkLabel(n) + " "
	}
	if len(marks) < 2 {
		// One place is no choice of places: the menu says it in words,
		// and the step spares a picture.
		return nil, make([]string, len(gs))
	}
	return marks, prefix
}

// addPlaces is have with the places of more not yet in it, in order.
func addPlaces(have, more []int) []int {
	out := append([]int(nil), have...)
	for _, p := range more {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

package brassimg

import "github.com/tinnersbot/tinnersbot/engine/brass"

// The schematic map: every location's place on a grid of rows (north at
// the top) and its centre across the map, in units of the turn picture
// (800 wide). The real positions (brass.Location.Lat, Lon) put a dozen
// towns within a thumb's width of Birmingham; the grid keeps their order
// (north to south, west to east) and gives each town the width of its
// spaces. TestSchematicNoOverlap checks that no two boxes overlap.

// Map geometry in units.
const (
	// TurnW is the turn picture's width.
	TurnW     = 800
	spaceW    = 48.0 // a build space or a merchant slot
	spaceGap  = 4.0
	rowPitch  = 90.0
	nameH     = 18.0 // the name line above a box
	mapTopPad = 24.0
	mapH      = mapTopPad + 7*rowPitch + spaceW + 2*spaceGap + 24
)

// spot is a location's row and centre x.
type spot struct {
	row int
	x   float64
}

var spots = map[string]spot{
	"warrington": {0, 88}, "leek": {0, 330}, "belper": {0, 600},
	"stoke": {1, 232}, "uttoxeter": {1, 420}, "derby": {1, 600}, "nottingham": {1, 740},
	"stone": {2, 270}, "stafford": {2, 400}, "burton": {2, 560},
	"shrewsbury": {3, 62}, "coalbrookdale": {3, 192}, "farm-n": {3, 325}, "cannock": {3, 432}, "tamworth": {3, 590},
	"wolverhampton": {4, 250}, "walsall": {4, 410}, "nuneaton": {4, 640},
	"kidderminster": {5, 130}, "dudley": {5, 270}, "birmingham": {5, 450}, "coventry": {5, 650},
	"farm-s": {6, 110}, "worcester": {6, 250}, "redditch": {6, 430},
	"gloucester": {7, 250}, "oxford": {7, 600},
}

// rect is a box in units.
type rect struct{ X, Y, W, H float64 }

func (r rect) cx() float64 { return r.X + r.W/2 }
func (r rect) cy() float64 { return r.Y + r.H/2 }

// overlaps reports whether r and q share more than an edge.
func (r rect) overlaps(q rect) bool {
	return r.X < q.X+q.W && q.X < r.X+r.W && r.Y < q.Y+q.H && q.Y < r.Y+r.H
}

// slots is how many boxes a location shows in its row: its build spaces
// or its merchant spaces.
func slots(l brass.Location) int {
	if l.Kind == brass.MerchantLoc {
		return len(l.Merchants)
	}
	return len(l.Spaces)
}

// locBox is the box of location loc's spaces (its name goes above it),
// with the map's top at top.
func locBox(e *brass.Edition, loc int, top float64) rect {
	l := e.Locations[loc]
	sp := spots[l.ID]
	n := float64(slots(l))
	w := n*(spaceW+spaceGap) + spaceGap
	return rect{sp.x - w/2, top + mapTopPad + float64(sp.row)*rowPitch, w, spaceW + 2*spaceGap}
}

// slotBox is the k-th slot of location loc's box.
func slotBox(b rect, k int) rect {
	return rect{b.X + spaceGap + float64(k)*(spaceW+spaceGap), b.Y + spaceGap, spaceW, spaceW}
}

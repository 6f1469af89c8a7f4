package tinnersimg

import (
	"image/color"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// withColours returns it with Fill and Edge set: the colours that depend
// on what the item shows (a cube's ore, a seat's piece, an area's region,
// a box's state). The layout resolves them once it knows every item's
// seat (after soloColours); the painter draws them and looks no colour
// up. Styling that is the same for every item of a kind (a tile's brown,
// a panel's edge) stays with the painter.
//
// e is the edition whose areas the items name (an area's region); nil
// when no item names one.
func withColours(e *tinners.Edition, it Item) Item {
	switch it.Kind {
	case KindCube:
		it.Fill, it.Edge = oreColours(it.Text)
	case KindBox:
		switch it.N {
		case 1:
			it.Fill = colHighlight
		case 2: // closed (a section of the arsenic market)
			it.Fill = colOutOfPlay
		default:
			it.Fill = colWhite
		}
		it.Edge = colPanelEdge
	case KindPeek, KindMarker, KindMine, KindCalciner:
		it.Fill, it.Edge = seatFill(it.Seat), colInk
	case KindLimiter:
		// A dark tab with a band of the seat's colour.
		it.Fill, it.Edge = seatFill(it.Seat), colInk
	case KindOwnMiner:
		it.Fill = seatFill(it.Seat)
	case KindMiner, KindPort, KindTrain:
		it.Fill = devFill(it.Kind)
	case KindDevPiece:
		it.Fill = devFill(it.Icon)
	case KindCell:
		it.Fill, it.Edge = colOutOfPlay, colBorder
		if i := areaIndex(e, it.Area); i >= 0 && it.N >= 1 {
			it.Fill = regionFill[e.Areas[i].Region]
		}
	case KindCard:
		it.Fill, it.Edge = colChangedFill, colCoast
		if i := areaIndex(e, it.Area); i >= 0 && it.N != 1 {
			it.Fill = regionFill[e.Areas[i].Region]
		}
	case KindCallout:
		it.Edge = colCoast
		if it.N == 1 {
			it.Fill = colChangedFill
		} else if i := areaIndex(e, it.Area); i >= 0 {
			it.Fill = regionFill[e.Areas[i].Region]
		}
	}
	return it
}

// areaIndex is the index of area id in edition e, or -1 (also for nil e).
func areaIndex(e *tinners.Edition, id string) int {
	if e == nil {
		return -1
	}
	return e.AreaIndex(id)
}

// resolveColours sets the colours of every item (withColours) of edition
// e's board and returns items.
func resolveColours(e *tinners.Edition, items []Item) []Item {
	for k := range items {
		items[k] = withColours(e, items[k])
	}
	return items
}

// oreColours are a cube's fill and edge by its ore ("tin", "copper",
// "water", "arsenic").
func oreColours(ore string) (fill, edge color.RGBA) {
	switch ore {
	case "copper":
		return colCopper, colCopperEdge
	case "water":
		return colWater, colWaterEdge
	case "arsenic":
		return colHighlight, colInk
	}
	return colTin, colTinEdge
}

func seatFill(seat int) color.RGBA {
	_, _, c := imaging.Seat(seat)
	return c
}

// devFill is the badge colour of a development piece of kind k.
func devFill(k Kind) color.RGBA {
	switch k {
	case KindPort:
		return colPort
	case KindTrain:
		return colTrain
	case KindAdit:
		return colAdit
	}
	return colDev
}

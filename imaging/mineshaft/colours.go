package mineshaftimg

import (
	"image/color"
	"sync"

	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Colours of the pictures. Tile colours are drawn three ways at once: a
// light tint fills the tile, a saturated symbol of the colour's own shape
// sits in its corner, and the colour's letter beside it, so that no one
// has to tell colours apart.
var (
	colInk       = imaging.Ink
	colMuted     = imaging.Muted
	colPanel     = imaging.Panel
	colPanelEdge = imaging.PanelEdge
	colHighlight = imaging.Highlight
	colWhite     = imaging.White
	colRock      = color.RGBA{0x3A, 0x33, 0x2C, 0xff} // the rock round the mine
	colRail      = color.RGBA{0x4A, 0x3B, 0x2A, 0xff} // tracks
	colStart     = color.RGBA{0xE4, 0xDD, 0xCF, 0xff} // the start tile
	colCollapsed = color.RGBA{0x6E, 0x66, 0x5E, 0xff} // a tile's collapse side
	colCollRail  = color.RGBA{0xB9, 0xB0, 0xA4, 0xff} // tracks on it
	colOpen      = color.RGBA{0xF2, 0xEE, 0xE4, 0xff} // an open end's empty cell
	colGold      = color.RGBA{0xE8, 0xB4, 0x1C, 0xff}
	colSilver    = color.RGBA{0xD8, 0xDC, 0xE0, 0xff}
	colCoal      = color.RGBA{0x1E, 0x1E, 0x1E, 0xff}
	colSpecial   = color.RGBA{0x2B, 0x2B, 0x2B, 0xff} // special tiles' icons
)

// tileTint is the fill of a tile of colour c; tileSymbol the fill of its
// symbol.
var (
	tileTint = [mineshaft.NumColours]color.RGBA{
		{0xFA, 0xEF, 0xA8, 0xff}, {0xC4, 0xE0, 0xF5, 0xff}, {0xF7, 0xC6, 0xBE, 0xff}, {0xC3, 0xE8, 0xD2, 0xff}}
	tileSymbol = [mineshaft.NumColours]color.RGBA{
		{0xE3, 0xC0, 0x00, 0xff}, {0x00, 0x5F, 0xA8, 0xff}, {0xC8, 0x2A, 0x1E, 0xff}, {0x00, 0x8A, 0x5C, 0xff}}
)

// Symbol shapes of the tile colours, in the order Y, B, R, G: ● ■ ▲ ◆.
const (
	SymCircle   = "circle"
	SymSquare   = "square"
	SymTriangle = "triangle"
	SymDiamond  = "diamond"
)

// ColourSymbols are the symbols of the tile colours, in the order Y, B, R,
// G; ColourLetters their letters, the same in every language (the
// legend names the colours).
var (
	ColourSymbols = [mineshaft.NumColours]string{SymCircle, SymSquare, SymTriangle, SymDiamond}
	ColourLetters = [mineshaft.NumColours]string{"Y", "B", "R", "G"}
)

// resFill and resInk are a marker chip's fill and letter colour, by
// resource (gold, silver, coal): they differ in lightness as well as hue.
var (
	resFill = [mineshaft.NumResources]color.RGBA{colGold, colSilver, colCoal}
	resInk  = [mineshaft.NumResources]color.RGBA{colInk, colInk, colWhite}
)

// palette is the pictures' palette: the colours above, the seats', and
// blends for anti-aliased edges and text.
var palette = sync.OnceValue(func() *imaging.Palette {
	solid := []color.RGBA{colInk, colMuted, colPanel, colPanelEdge, colHighlight, colWhite, colRock, colRail, colStart,
		colCollapsed, colCollRail, colOpen, colGold, colSilver, colCoal, colSpecial, {0, 0, 0, 0xff}}
	solid = append(solid, tileTint[:]...)
	solid = append(solid, tileSymbol[:]...)
	var seats []color.RGBA
	for s := 0; s < imaging.NumSeatColours; s++ {
		_, _, c := imaging.Seat(s)
		seats = append(seats, c)
	}
	solid = append(solid, seats...)
	solid = append(solid, imaging.MarkInk, imaging.MarkRing)
	grounds := append([]color.RGBA{colPanel, colWhite, colHighlight, colStart, colCollapsed, colOpen, colRock}, tileTint[:]...)
	inks := []color.RGBA{colInk, colMuted, colRail, colCollRail}
	pieces := append([]color.RGBA{colRail, colGold, colSilver, colCoal, imaging.MarkRing}, seats...)
	pieces = append(pieces, tileSymbol[:]...)
	return imaging.NewPalette(solid, grounds, inks, pieces)
})

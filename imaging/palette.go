package imaging

import (
	"fmt"
	"image/color"
)

// seatStyle is one player colour: Okabe–Ito colours, safe for the common
// colour-vision deficiencies, each also marked by a letter drawn on every
// marker so that no one has to tell colours apart.
type seatStyle struct {
	name   string
	letter string
	fill   color.RGBA
	ink    color.RGBA // text drawn on the fill
}

var seatStyles = [...]seatStyle{
	{"orange", "O", color.RGBA{0xE6, 0x9F, 0x00, 0xff}, color.RGBA{0, 0, 0, 0xff}},
	{"blue", "B", color.RGBA{0x00, 0x72, 0xB2, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}},
	{"green", "G", color.RGBA{0x00, 0x9E, 0x73, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}},
	{"yellow", "Y", color.RGBA{0xF0, 0xE4, 0x42, 0xff}, color.RGBA{0, 0, 0, 0xff}},
	{"purple", "P", color.RGBA{0xCC, 0x79, 0xA7, 0xff}, color.RGBA{0, 0, 0, 0xff}},
}

// Seat returns the colour name, the letter drawn on the seat's markers and
// the colour of seat (0-based), for the bot's text as well as the pictures.
// A seat outside 0..4 gets grey and "?".
func Seat(seat int) (name, letter string, c color.RGBA) {
	if seat < 0 || seat >= len(seatStyles) {
		return "grey", "?", color.RGBA{0x99, 0x99, 0x99, 0xff}
	}
	s := seatStyles[seat]
	return s.name, s.letter, s.fill
}

// SeatLabel returns e.g. "orange (O)", the way the bot names a seat's colour in text.
func SeatLabel(seat int) string {
	name, letter, _ := Seat(seat)
	return fmt.Sprintf("%s (%s)", name, letter)
}

func seatInk(seat int) color.RGBA {
	if seat < 0 || seat >= len(seatStyles) {
		return color.RGBA{0, 0, 0, 0xff}
	}
	return seatStyles[seat].ink
}

// The board palette.
var (
	colSea        = color.RGBA{0xBF, 0xDD, 0xEF, 0xff}
	colSeaText    = color.RGBA{0x5A, 0x86, 0xA6, 0xff}
	colMainland   = color.RGBA{0xE4, 0xE1, 0xD8, 0xff}
	colCoast      = color.RGBA{0x3D, 0x5A, 0x6E, 0xff}
	colBorder     = color.RGBA{0x6B, 0x5E, 0x4C, 0xff}
	colRegionEdge = color.RGBA{0x3B, 0x30, 0x24, 0xff}
	colOutOfPlay  = color.RGBA{0xBD, 0xBD, 0xBD, 0xff}
	colOutText    = color.RGBA{0x80, 0x80, 0x80, 0xff}
	colInk        = color.RGBA{0x22, 0x22, 0x22, 0xff}
	colMuted      = color.RGBA{0x5C, 0x5C, 0x5C, 0xff}
	colPanel      = color.RGBA{0xFB, 0xF8, 0xF0, 0xff}
	colPanelEdge  = color.RGBA{0x8A, 0x7B, 0x63, 0xff}
	colHighlight  = color.RGBA{0xFF, 0xF1, 0xB8, 0xff}
	colTin        = color.RGBA{0xC9, 0xCE, 0xD6, 0xff}
	colTinEdge    = color.RGBA{0x5F, 0x66, 0x70, 0xff}
	colCopper     = color.RGBA{0xB8, 0x5C, 0x2E, 0xff}
	colCopperEdge = color.RGBA{0x6E, 0x32, 0x14, 0xff}
	colWater      = color.RGBA{0x4A, 0x90, 0xE2, 0xff}
	colWaterEdge  = color.RGBA{0x1F, 0x4E, 0x8C, 0xff}
	colTileDown   = color.RGBA{0x6B, 0x4A, 0x2F, 0xff}
	colTileUp     = color.RGBA{0xF4, 0xE9, 0xD0, 0xff}
	colDev        = color.RGBA{0x33, 0x33, 0x33, 0xff}
	colAdit       = color.RGBA{0x1A, 0x1A, 0x1A, 0xff}
	colAuction    = color.RGBA{0xD4, 0x1E, 0x1E, 0xff}
	colWhite      = color.RGBA{0xff, 0xff, 0xff, 0xff}
	colPort       = color.RGBA{0x1F, 0x3A, 0x6B, 0xff}
	colTrain      = color.RGBA{0x5A, 0x1E, 0x1E, 0xff}
	colPump       = color.RGBA{0x60, 0x6A, 0x74, 0xff}
	// An area a move touched: a bright fill and a dashed dark outline, so
	// it shows without telling colours apart.
	colChanged     = color.RGBA{0x1A, 0x1A, 0x1A, 0xff}
	colChangedFill = color.RGBA{0xFF, 0xF7, 0x8A, 0xff}
)

// regionFill are the land tints of regions A–D: light and distinct from
// every player colour.
var regionFill = [4]color.RGBA{
	{0xDD, 0xEA, 0xC8, 0xff}, // A sage
	{0xF3, 0xE3, 0xB5, 0xff}, // B sand
	{0xF1, 0xD3, 0xC6, 0xff}, // C blush
	{0xDA, 0xD6, 0xEC, 0xff}, // D lavender
}

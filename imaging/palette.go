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

// NumSeatColours is how many seats have a colour of their own.
const NumSeatColours = len(seatStyles)

// LordSeat is the seat index pictures use for an automated opponent (the
// solo game's Lord Wallace): a colour no player has, dark violet with
// white letters, marked "LW". A title's renderer maps its own index for
// him to this one.
const LordSeat = NumSeatColours

var lordStyle = seatStyle{"Lord Wallace", "LW", color.RGBA{0x4B, 0x2E, 0x83, 0xff}, color.RGBA{0xff, 0xff, 0xff, 0xff}}

// Seat returns the colour name, the letter drawn on the seat's markers and
// the colour of seat (0-based), for the bot's text as well as the pictures;
// LordSeat gets Lord Wallace's. Any other seat outside 0..4 gets grey and "?".
func Seat(seat int) (name, letter string, c color.RGBA) {
	if seat == LordSeat {
		return lordStyle.name, lordStyle.letter, lordStyle.fill
	}
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

// SeatInk returns the colour of text drawn on seat's fill (black outside
// 0..4 and LordSeat).
func SeatInk(seat int) color.RGBA {
	if seat == LordSeat {
		return lordStyle.ink
	}
	if seat < 0 || seat >= len(seatStyles) {
		return color.RGBA{0, 0, 0, 0xff}
	}
	return seatStyles[seat].ink
}

// Neutral colours every title's pictures share: text, panels and the
// highlight of what is to be decided.
var (
	Ink       = color.RGBA{0x22, 0x22, 0x22, 0xff}
	Muted     = color.RGBA{0x5C, 0x5C, 0x5C, 0xff}
	Panel     = color.RGBA{0xFB, 0xF8, 0xF0, 0xff}
	PanelEdge = color.RGBA{0x8A, 0x7B, 0x63, 0xff}
	Highlight = color.RGBA{0xFF, 0xF1, 0xB8, 0xff}
	White     = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

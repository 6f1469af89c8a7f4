package imaging

import (
	"fmt"
	"image/color"
	"strconv"
	"unicode"

	"github.com/fogleman/gg"
)

// Places and marks. A title numbers the places of its board (an area, a
// stack, a town, a link, a cell: engine.Label.Where, engine.Event.Where);
// the bot passes a renderer the marks of a private step's options
// (Options.Marks: place → mark) and the places changed since the last
// public post (Options.Changed). A renderer draws a mark as a ringed
// number on its place (DrawMark) and a change as a ring round it
// (DrawChanged), in colours no seat has.

// Mark is the text of the n-th mark (1-based) as drawn on a picture: its
// number ("3"). The menu shows the same mark as MarkLabel(n).
func Mark(n int) string { return strconv.Itoa(n) }

// MarkLabel is the n-th mark (1-based) as the menu shows it: a circled
// number (①…⑳, ㉑…㊿), or the number in parentheses beyond 50.
func MarkLabel(n int) string {
	switch {
	case n >= 1 && n <= 20:
		return string(rune(0x2460 + n - 1))
	case n >= 21 && n <= 35:
		return string(rune(0x3251 + n - 21))
	case n >= 36 && n <= 50:
		return string(rune(0x32B1 + n - 36))
	}
	return "(" + strconv.Itoa(n) + ")"
}

// CheckMark reports an error when mark could be mistaken for something a
// picture draws with letters (a seat's letter: O, B, G, Y, P, LW; a
// title's icon letters): a mark is a number of one to three digits, no
// letter at all, drawn in a ring.
func CheckMark(mark string) error {
	if mark == "" || len(mark) > 3 {
		return fmt.Errorf("imaging: mark %q is not one to three digits", mark)
	}
	for _, r := range mark {
		if !unicode.IsDigit(r) || r > unicode.MaxASCII {
			return fmt.Errorf("imaging: mark %q is not a number: it could be read as a letter the picture draws", mark)
		}
	}
	return nil
}

// Colours of places: a mark is white on this ink in a ring of MarkRing;
// a changed place is ringed with ChangedRing. Vermillion and dark navy
// are in no seat's colours (palette.go), so a mark or a ring is never read
// as a seat.
var (
	MarkInk     = color.RGBA{0x10, 0x1A, 0x40, 0xff}
	MarkRing    = color.RGBA{0xD5, 0x5E, 0x00, 0xff}
	ChangedRing = color.RGBA{0xD5, 0x5E, 0x00, 0xff}
)

// MarkRadius is the radius of a mark in a picture drawn w px wide, so
// that its number is at least 12 px high when the picture is shown 400
// px wide (above MinEssential).
func MarkRadius(w int) float64 { return max(20, 0.024*float64(w)) }

// DrawMark draws mark centred on x,y with radius r: a dark disc in a
// thick vermillion ring (DrawMarkDisc), the number white and bold inside.
func (c *Canvas) DrawMark(mark string, x, y, r float64) {
	DrawMarkDisc(c.DC, x, y, r)
	c.Text(mark, x, MarkBaseline(mark, y, r), MarkSize(mark, r), true, 0.5, White)
}

// DrawMarkDisc draws the disc of a mark centred on x,y with radius r; its
// number goes on it in white, MarkSize at MarkBaseline, centred on x.
func DrawMarkDisc(dc *gg.Context, x, y, r float64) {
	dc.SetDash()
	dc.DrawCircle(x, y, r)
	dc.SetColor(White)
	dc.Fill()
	dc.DrawCircle(x, y, r*0.86)
	dc.SetColor(MarkInk)
	dc.FillPreserve()
	dc.SetColor(MarkRing)
	dc.SetLineWidth(r * 0.22)
	dc.Stroke()
}

// MarkSize is the font size of mark's number drawn with radius r.
func MarkSize(mark string, r float64) float64 {
	if len(mark) > 1 {
		return r * 0.85
	}
	return r * 1.05
}

// MarkBaseline is the baseline of mark's number on a mark centred at y.
func MarkBaseline(mark string, y, r float64) float64 { return y + MarkSize(mark, r)*0.36 }

// DrawChanged rings the box x,y,w,h (a changed place) in ChangedRing,
// lw wide, with a white line inside it so it shows on any fill.
func DrawChanged(dc *gg.Context, x, y, w, h, lw float64) {
	dc.SetDash()
	dc.DrawRoundedRectangle(x-lw/2, y-lw/2, w+lw, h+lw, lw*1.5)
	dc.SetColor(White)
	dc.SetLineWidth(lw * 1.6)
	dc.Stroke()
	dc.DrawRoundedRectangle(x-lw/2, y-lw/2, w+lw, h+lw, lw*1.5)
	dc.SetColor(ChangedRing)
	dc.SetLineWidth(lw)
	dc.Stroke()
}

// DrawChangedCircle rings the circle x,y,r (a changed place) as
// DrawChanged does a box.
func DrawChangedCircle(dc *gg.Context, x, y, r, lw float64) {
	dc.SetDash()
	dc.DrawCircle(x, y, r+lw/2)
	dc.SetColor(White)
	dc.SetLineWidth(lw * 1.6)
	dc.Stroke()
	dc.DrawCircle(x, y, r+lw/2)
	dc.SetColor(ChangedRing)
	dc.SetLineWidth(lw)
	dc.Stroke()
}

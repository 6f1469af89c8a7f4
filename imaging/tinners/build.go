package tinnersimg

import (
	"image/color"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// builder collects a layout's items. Like a gg context it has a current
// origin: Translate moves it, Push saves it and Pop restores it, so that a
// panel lays itself out in its own units, from its top left corner, and
// its caller places it. add moves an item's points by the origin.
type builder struct {
	o      imaging.Options  // the picture's words (say)
	e      *tinners.Edition // the view's edition: its areas, tables and rewards
	items  []Item
	ox, oy float64
	saved  [][2]float64
}

// Push saves the current origin.
func (b *builder) Push() { b.saved = append(b.saved, [2]float64{b.ox, b.oy}) }

// Pop restores the origin last saved by Push.
func (b *builder) Pop() {
	n := len(b.saved) - 1
	b.ox, b.oy = b.saved[n][0], b.saved[n][1]
	b.saved = b.saved[:n]
}

// Translate moves the origin by x, y.
func (b *builder) Translate(x, y float64) { b.ox, b.oy = b.ox+x, b.oy+y }

// add appends it, its X,Y (and X2,Y2 where the kind has a second point)
// moved by the origin.
func (b *builder) add(it Item) {
	it.X, it.Y = b.ox+it.X, b.oy+it.Y
	switch it.Kind {
	case KindLine, KindLeader, KindCallout, KindAdit:
		it.X2, it.Y2 = b.ox+it.X2, b.oy+it.Y2
	}
	b.items = append(b.items, it)
}

// text adds s with its baseline at x, y (align 0: x is its left end; 1:
// its right end) in the given role ("": the kind's default).
func (b *builder) text(s string, x, y, size float64, bold bool, align float64, c color.RGBA, role string) {
	b.add(Item{Kind: KindText, Seat: -1, Text: s, X: x, Y: y, Size: size, Bold: bold, Align: align, Color: c, Role: role})
}

// marker adds seat's disc of diameter d centred on x, y.
func (b *builder) marker(seat int, x, y, d float64) {
	b.add(Item{Kind: KindMarker, Seat: seat, X: x, Y: y, W: d})
}

// width is the advance of s in pixels (0 when the fonts do not parse:
// nothing is drawn then either).
func (b *builder) width(s string, size float64, bold bool) float64 {
	return textWidth(s, size, bold)
}

// fit is the size, at most size and at least min, at which s fits in
// width (imaging.Measurer.Fit).
func (b *builder) fit(s string, size, min, width float64, bold bool) float64 {
	f, ok := imaging.TextFit(s, size, min, width, bold)
	if !ok {
		return size
	}
	return f
}

// textWidth is the advance of s in pixels (0 when the fonts do not parse).
func textWidth(s string, size float64, bold bool) float64 {
	w, _ := imaging.TextWidth(s, size, bold)
	return w
}

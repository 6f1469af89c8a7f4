package imaging

import "image/color"

// TextSpec is one text a title's layout item draws: the string, its anchor
// (X is the anchor's x, Align the fraction of the text's width left of it:
// 0 left, 0.5 centred, 1 right; Y the baseline), size and weight, ink and
// legibility role (RoleEssential, …). A title's painter and its layout data
// read the same specs, so what is drawn and what is measured never drift.
type TextSpec struct {
	Text       string
	X, Y, Size float64
	Bold       bool
	Align      float64
	Color      color.RGBA
	Role       string
}

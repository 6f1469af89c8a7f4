package tinnersimg

import (
	"fmt"
	"image"
	"image/color"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// BoardLayout returns the texts of the full board Render draws for v. It
// reads only the public view.
func BoardLayout(v tinners.PublicView, o imaging.Options) imaging.Layout {
	w, h := CanvasSize(v)
	return layoutOf(Items(v, o), w, h)
}

func layoutOf(items []Item, w, h int) imaging.Layout {
	out := imaging.Layout{Width: w, Height: h, Texts: []imaging.LayoutText{}}
	m, err := imaging.NewMeasurer()
	if err != nil { // the embedded fonts do not parse: nothing is drawn either
		return out
	}
	for _, it := range items {
		for _, t := range itemTexts(it, m) {
			x := t.X - m.Width(t.Text, t.Size, t.Bold)*t.Align
			out.Texts = append(out.Texts, imaging.LayoutText{Text: t.Text, X: imaging.Round1(x), Y: imaging.Round1(t.Y), SizePx: imaging.Round1(t.Size), Role: t.Role})
		}
	}
	return out
}

// seatLetter is the letter on seat it.Seat's pieces: it.Letter in the
// picture's language (withLetters), else the English.
func seatLetter(it Item) string {
	if it.Letter != "" {
		return it.Letter
	}
	_, l, _ := imaging.Seat(it.Seat)
	return l
}

// withLetters gives every item of a seat the seat's letter in the
// picture's language; a legend's icon is seat 0's. English pictures keep
// their items as they were.
func withLetters(items []Item, o imaging.Options) []Item {
	if o.Words == nil {
		return items
	}
	for k, it := range items {
		seat := it.Seat
		if it.Kind == KindLegend {
			seat = 0
		}
		if seat >= 0 && seat < imaging.NumSeatColours {
			items[k].Letter = o.SeatLetter(seat)
		}
	}
	return items
}

// itemTexts returns the texts item it draws, in drawing order: the one
// source for both the painter and the layout data.
func itemTexts(it Item, m *imaging.Measurer) []imaging.TextSpec {
	switch it.Kind {
	case KindLabel:
		return labelTexts(it, m)
	case KindLegend:
		return legendTexts(it, m)
	}
	if t, ok := pieceText(it); ok {
		return []imaging.TextSpec{t}
	}
	return nil
}

// spec is one text: s at (x, y) in the given size, weight, alignment, ink
// and role.
func spec(s string, x, y, size float64, bold bool, align float64, c color.RGBA, r string) imaging.TextSpec {
	return imaging.TextSpec{Text: s, X: x, Y: y, Size: size, Bold: bold, Align: align, Color: c, Role: r}
}

// itemRole is the item's own legibility role, else def.
func itemRole(it Item, def string) string {
	if it.Role != "" {
		return it.Role
	}
	return def
}

// labelTexts is an area's label: "A4" in bold and the name after it,
// centred on X.
func labelTexts(it Item, m *imaging.Measurer) []imaging.TextSpec {
	w1 := m.Width(it.Text+" ", it.Size, true)
	w2 := m.Width(it.Sub, it.Size*0.78, false)
	x0 := it.X - (w1+w2)/2
	return []imaging.TextSpec{
		spec(it.Text, x0, it.Y, it.Size, true, 0, it.Color, itemRole(it, imaging.RoleEssential)),
		spec(it.Sub, x0+w1, it.Y, it.Size*0.78, false, 0, it.Color, itemRole(it, imaging.RoleSecondary)),
	}
}

// legendTexts is a legend row: its icon's texts as decoration, then the
// explanation.
func legendTexts(it Item, m *imaging.Measurer) []imaging.TextSpec {
	x, y, h := it.X, it.Y, it.H
	if it.Icon == KindRemoved {
		return []imaging.TextSpec{
			spec("—", x+10, y+h*0.72, 20, true, 0, colOutText, imaging.RoleDecor),
			spec(it.Word, x+40, y+h*0.72, 19, false, 0, colInk, imaging.RoleDecor),
		}
	}
	var out []imaging.TextSpec
	if icon, ok := legendIcon(it); ok {
		for _, t := range itemTexts(icon, m) {
			t.Role = imaging.RoleDecor
			out = append(out, t)
		}
	}
	return append(out, spec(it.Text, x+46, y+h*0.72, 19, false, 0, colInk, imaging.RoleDecor))
}

// pieceText is the one text a mark, a free text or a piece draws; false
// when it draws none.
func pieceText(it Item) (imaging.TextSpec, bool) {
	x, y, w, h := it.X, it.Y, it.W, it.H
	role := func(def string) string { return itemRole(it, def) }
	one := func(s string, x, y, size float64, bold bool, align float64, c color.RGBA, r string) (imaging.TextSpec, bool) {
		return spec(s, x, y, size, bold, align, c, r), true
	}
	switch it.Kind {
	case KindMark:
		r := it.W / 2
		return one(it.Text, x, imaging.MarkBaseline(it.Text, y, r), imaging.MarkSize(it.Text, r), true, 0.5, colWhite, imaging.RoleEssential)
	case KindText:
		return one(it.Text, x, y, it.Size, it.Bold, it.Align, it.Color, role(imaging.RoleSecondary))
	case KindCube:
		if it.N < 0 {
			return imaging.TextSpec{}, false
		}
		ink := colInk
		if it.Text == "copper" || it.Text == "water" {
			ink = colWhite
		}
		return one(fmt.Sprint(it.N), x+w/2, y+h*0.76, h*0.72, true, 0.5, ink, role(imaging.RoleEssential))
	case KindTileDown:
		return one("?", x+w/2, y+h*0.78, h*0.8, true, 0.5, colWhite, role(imaging.RoleDecor))
	case KindRemoved:
		return one(it.Word, x+w/2, y+h*0.7, h*0.6, true, 0.5, colOutText, role(imaging.RoleSecondary))
	case KindPeek:
		return one(seatLetter(it), x+w/2, y+h/2+w*0.25, w*0.66, true, 0.5, imaging.SeatInk(it.Seat), role(imaging.RoleSecondary))
	case KindMarker:
		return one(seatLetter(it), x, y+w*0.25, w*0.66, true, 0.5, imaging.SeatInk(it.Seat), role(imaging.RoleSecondary))
	case KindMine:
		return one(seatLetter(it), x+w/2, y+h*0.92, h*0.56, true, 0.5, imaging.SeatInk(it.Seat), role(imaging.RoleSecondary))
	case KindCalciner:
		return one(seatLetter(it), x+w*0.42, y+h*0.94, h*0.56, true, 0.5, colWhite, role(imaging.RoleSecondary))
	case KindLimiter:
		return one(seatLetter(it), x+w/2, y+h*0.88, h*0.6, true, 0.5, colWhite, role(imaging.RoleSecondary))
	case KindDrain:
		if it.N == 0 { // the legend's icon
			return imaging.TextSpec{}, false
		}
		return one(fmt.Sprintf("−%d", it.N), x+h, y+h*0.78, h*0.72, true, 0, colWaterEdge, role(imaging.RoleEssential))
	case KindMiner:
		return one("M", x+w/2, y+h*0.78, h*0.72, true, 0.5, colWhite, role(imaging.RoleSecondary))
	case KindOwnMiner:
		return one(seatLetter(it), x+w/2, y+h*0.78, h*0.72, true, 0.5, imaging.SeatInk(it.Seat), role(imaging.RoleSecondary))
	case KindPort:
		return one("P", x+w/2, y+h*0.78, h*0.72, true, 0.5, colWhite, role(imaging.RoleSecondary))
	case KindTrain:
		return one("T", x+w/2, y+h*0.78, h*0.72, true, 0.5, colWhite, role(imaging.RoleSecondary))
	case KindPump:
		if it.Text == "taken" {
			return imaging.TextSpec{}, false
		}
		if it.N > 1 {
			return one(fmt.Sprintf("S%d", it.N), x+w/2, y+h*0.75, h*0.7, true, 0.5, colWhite, role(imaging.RoleEssential))
		}
		return one("S", x+w/2, y+h*0.75, h*0.62, true, 0.5, colWhite, role(imaging.RoleSecondary))
	case KindCapacity:
		return one(fmt.Sprintf("×%d", it.N), x+w/2, y+h*0.76, h*0.72, true, 0.5, colInk, role(imaging.RoleEssential))
	case KindDevPiece:
		letter := map[Kind]string{KindMiner: "M", KindPort: "P", KindTrain: "T"}[it.Icon]
		if letter == "" {
			return imaging.TextSpec{}, false
		}
		return one(letter, x+w/2, y+h*0.78, h*0.72, true, 0.5, colWhite, role(imaging.RoleSecondary))
	}
	return imaging.TextSpec{}, false
}

// legendIcon is the icon a legend row explains.
func legendIcon(it Item) (Item, bool) {
	x, y, w, h := it.X, it.Y, it.W, it.H
	icon := Item{Kind: it.Icon, Text: it.Area, Seat: 0, Letter: it.Letter, N: 2, X: x, Y: y, W: w, H: h}
	switch it.Icon {
	case KindCube:
		icon.N, icon.W, icon.H = 3, h, h
	case KindPeek, KindMine, KindCalciner:
		icon.W, icon.H = h, h
	case KindDrain:
		icon.N, icon.W = 0, 40
	case KindPump:
		icon.N = 1
	case KindCapacity:
		icon.N, icon.W = 3, 36
	case KindAdit:
		icon.Y, icon.X2, icon.Y2 = y+h-4, x+w, y+4
	case KindAuction:
		icon.Y, icon.W, icon.H, icon.Size = y+2, 34, h-4, 3
	case KindRemoved:
		return Item{}, false
	}
	return withColours(nil, icon), true // a legend icon shows no area
}

// mapView maps map units to picture pixels, and limits drawing to frame
// (when not empty).
type mapView struct {
	s, minX, maxY, ox, oy float64
	frame                 image.Rectangle
	mask                  *image.Alpha // frame as a clip mask, made by the painter
}

func (m *mapView) px(p pt) (float64, float64) {
	return (p.X-m.minX)*m.s + m.ox, (m.maxY-p.Y)*m.s + m.oy
}

// orFull returns m, or the full board's view when m is nil.
func (m *mapView) orFull(g *mapGeometry) *mapView {
	if m != nil {
		return m
	}
	return g.full
}

// plural returns "1 port", "2 ports".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

package coalbaronimg

import (
	"fmt"
	"image/color"
	"strings"
	"sync"

	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Shapes a glyph is drawn as. Each crest, destination and engine type has a
// shape and a letter of its own within its family, so that no one has to
// tell colours apart; the families differ too (crests light with dark
// letters, engines dark with white letters, destinations framed tags).
const (
	ShapeCircle    = "circle"
	ShapeClover    = "clover"
	ShapeTriangle  = "triangle"
	ShapeDiamond   = "diamond"
	ShapeStar      = "star"
	ShapeSquare    = "square"
	ShapeHexagon   = "hexagon"
	ShapeTriDown   = "triangle-down"
	ShapePentagon  = "pentagon"
	ShapeHouse     = "house"
	ShapeChimney   = "chimney"
	ShapeSawtooth  = "sawtooth"
	ShapeBoat      = "boat"
	ShapeCardBack  = "card-back"
	ShapeRectangle = "rectangle"
)

// Glyph is how one symbol is drawn: a shape, the letter on it and its fill.
type Glyph struct {
	Shape  string
	Letter string
	Fill   color.RGBA
	Ink    color.RGBA
}

// Palette of the Coal Baron pictures.
var (
	colInk       = imaging.Ink
	colMuted     = imaging.Muted
	colPanel     = imaging.Panel
	colPanelEdge = imaging.PanelEdge
	colHighlight = imaging.Highlight
	colWhite     = imaging.White
	colBoard     = color.RGBA{0xEE, 0xE9, 0xDE, 0xff} // a player's board
	colCoal      = color.RGBA{0x2B, 0x2B, 0x2B, 0xff} // engines, card backs
	colDock      = color.RGBA{0xDD, 0xD5, 0xC4, 0xff}
	colRail      = color.RGBA{0x6B, 0x5E, 0x4C, 0xff}
	colDest      = color.RGBA{0xD9, 0xE6, 0xF2, 0xff} // destination tags
	colDestEdge  = color.RGBA{0x2E, 0x4A, 0x66, 0xff}
	colObjective = color.RGBA{0xF3, 0xE3, 0xB5, 0xff}
	colInno      = color.RGBA{0xDA, 0xD6, 0xEC, 0xff}
	colOff       = color.RGBA{0xBD, 0xBD, 0xBD, 0xff} // unusable zone
)

// Crest fills: light and distinct from the seat colours; the shape and the
// letter carry the meaning.
var crestGlyphs = [coalbaron.NumCrests + 1]Glyph{
	coalbaron.Wheel:     {ShapeCircle, "W", color.RGBA{0xC9, 0xCE, 0xD6, 0xff}, colInk},
	coalbaron.Clover:    {ShapeClover, "C", color.RGBA{0xCD, 0xE5, 0xB8, 0xff}, colInk},
	coalbaron.Tower:     {ShapeTriangle, "T", color.RGBA{0xF1, 0xD3, 0xC6, 0xff}, colInk},
	coalbaron.Fox:       {ShapeDiamond, "F", color.RGBA{0xF6, 0xD8, 0x9A, 0xff}, colInk},
	coalbaron.CrestWild: {ShapeStar, "*", colWhite, colInk},
}

var engineGlyphs = [coalbaron.NumEngineTypes]Glyph{
	{ShapeSquare, "A", colCoal, colWhite},
	{ShapeHexagon, "B", colCoal, colWhite},
	{ShapeTriDown, "C", colCoal, colWhite},
	{ShapePentagon, "D", colCoal, colWhite},
}

var destGlyphs = [coalbaron.NumDests]Glyph{
	coalbaron.Barracks:   {ShapeHouse, "Ba", colDest, colDestEdge},
	coalbaron.Furnaces:   {ShapeChimney, "Fu", colDest, colDestEdge},
	coalbaron.Factories:  {ShapeSawtooth, "Fa", colDest, colDestEdge},
	coalbaron.Steamboats: {ShapeBoat, "St", colDest, colDestEdge},
}

// Glyph families, as in Item.Kind.
const (
	FamilyCrest  = "crest"
	FamilyEngine = "engine"
	FamilyDest   = "dest"
)

// Glyphs returns the glyph of each crest (wild last), engine type and
// destination, by family: what the legend shows and the tests check.
func Glyphs() map[string][]Glyph {
	return map[string][]Glyph{
		FamilyCrest:  append([]Glyph(nil), crestGlyphs[:]...),
		FamilyEngine: append([]Glyph(nil), engineGlyphs[:]...),
		FamilyDest:   append([]Glyph(nil), destGlyphs[:]...),
	}
}

func crestGlyph(c coalbaron.Crest) Glyph {
	if c < 0 || int(c) >= len(crestGlyphs) {
		return Glyph{ShapeRectangle, "?", colWhite, colInk}
	}
	return crestGlyphs[c]
}

func engineGlyph(t coalbaron.EngineType) Glyph {
	if t < 0 || int(t) >= len(engineGlyphs) {
		return Glyph{ShapeRectangle, "?", colCoal, colWhite}
	}
	return engineGlyphs[t]
}

func destGlyph(d coalbaron.Dest) Glyph {
	if d < 0 || int(d) >= len(destGlyphs) {
		return Glyph{ShapeRectangle, "?", colDest, colDestEdge}
	}
	return destGlyphs[d]
}

// palette is the turn picture's palette: the colours above, the seats',
// and blends for anti-aliased edges and text.
var palette = sync.OnceValue(func() *imaging.Palette {
	solid := []color.RGBA{colInk, colMuted, colPanel, colPanelEdge, colHighlight, colWhite, colBoard, colCoal,
		colDock, colRail, colDest, colDestEdge, colObjective, colInno, colOff, {0, 0, 0, 0xff}}
	var seats []color.RGBA
	for s := 0; s < imaging.NumSeatColours; s++ {
		_, _, c := imaging.Seat(s)
		seats = append(seats, c)
	}
	for _, g := range crestGlyphs {
		solid = append(solid, g.Fill)
	}
	solid = append(solid, seats...)
	solid = append(solid, imaging.MarkInk, imaging.MarkRing)
	grounds := []color.RGBA{colPanel, colWhite, colBoard, colHighlight, colDock, colDest, colObjective, colInno, colOff}
	for _, g := range crestGlyphs {
		grounds = append(grounds, g.Fill)
	}
	inks := []color.RGBA{colInk, colMuted, colDestEdge}
	pieces := append([]color.RGBA{colCoal, colRail, colDestEdge, colPanelEdge}, seats...)
	return imaging.NewPalette(solid, grounds, inks, pieces)
})

// lorryText is a lorry card's label under its crest: "2L" for two lorries,
// "1L+2" for one lorry and 2 VP above it (Polish "2 w.", "1 w.+2").
func (b *builder) lorryText(c coalbaron.Card) string {
	if c.Lorries == 2 {
		return b.t("2L", "img_cb_lorry_two")
	}
	return b.t(fmt.Sprintf("1L+%d", c.VP), "img_cb_lorry_one", "VP", c.VP)
}

// crestGlyph is crest c's glyph in the picture's language: its letter is
// drawn only where it is the initial of the crest's name there (wheel W,
// clover C, tower T, fox F); elsewhere — in Polish (koło, koniczyna,
// wieża, lis) — the crest is its shape alone, which is distinct already
// (circle, clover, triangle, diamond; the wild star keeps its "*"), and
// the legend names it. docs/glossary-pl.md records the choice.
func (b *builder) crestGlyph(c coalbaron.Crest) Glyph {
	g := crestGlyph(c)
	if b.o.Words != nil && c >= 0 && c < coalbaron.CrestWild &&
		!strings.HasPrefix(strings.ToUpper(b.crestName(c)), g.Letter) {
		g.Letter = ""
	}
	return g
}

// destGlyph is destination d's glyph with its tag in the picture's
// language (English Ba, Fu, Fa, St; Polish Ko, Hu, Fa, Pa).
func (b *builder) destGlyph(d coalbaron.Dest) Glyph {
	g := destGlyph(d)
	if b.o.Words != nil && d >= 0 && d < coalbaron.NumDests {
		g.Letter = b.t(g.Letter, "img_cb_dest_tag_"+d.String())
	}
	return g
}

// objectiveText is an objective's task in at most two short lines.
func (b *builder) objectiveText(c coalbaron.Card) (string, string) {
	per := b.t(fmt.Sprintf("%d VP per", c.VP), "img_cb_vp_per", "VP", c.VP)
	switch c.Objective {
	case coalbaron.ObjTokens:
		return per, b.t(fmt.Sprintf("%d tokens", c.Per), "img_cb_obj_tokens", "Count", c.Per)
	case coalbaron.ObjObjectives:
		return per, b.t("objective", "img_cb_obj_objective")
	case coalbaron.ObjEngines:
		return per, b.t("engine "+c.Engine.String(), "img_cb_obj_engine", "Type", c.Engine.String())
	case coalbaron.ObjShares:
		return per, b.t("share "+b.destGlyph(c.Dest).Letter, "img_cb_obj_share", "Dest", b.destGlyph(c.Dest).Letter)
	case coalbaron.ObjOrders:
		return per, b.t("order "+b.destGlyph(c.Dest).Letter, "img_cb_obj_order", "Dest", b.destGlyph(c.Dest).Letter)
	case coalbaron.ObjLorries:
		return b.t(fmt.Sprintf("%d VP: %d+ L", c.VP, c.Threshold), "img_cb_obj_lorries", "VP", c.VP, "N", c.Threshold),
			b.t("to "+b.destGlyph(c.Dest).Letter, "img_cb_obj_to", "Dest", b.destGlyph(c.Dest).Letter)
	}
	return "?", ""
}

// innovationText is an innovation's effect, short.
func (b *builder) innovationText(c coalbaron.Card) string {
	switch c.Innovation {
	case coalbaron.InnoWorkers:
		return b.t(fmt.Sprintf("1–%d workers", c.Max), "img_cb_inno_workers", "Max", c.Max)
	case coalbaron.InnoLorry:
		return b.t("take lorry", "img_cb_inno_lorry")
	case coalbaron.InnoWagon:
		return b.t("take wagon", "img_cb_inno_wagon")
	case coalbaron.InnoEngine:
		return b.t("take engine", "img_cb_inno_engine")
	case coalbaron.InnoOrder:
		return b.t("take order", "img_cb_inno_order")
	case coalbaron.InnoShare:
		return b.t("take share", "img_cb_inno_share")
	case coalbaron.InnoMining:
		return b.t("mine 0–4", "img_cb_inno_mining")
	case coalbaron.InnoDelivery:
		return b.t("deliver", "img_cb_inno_delivery")
	}
	return "?"
}

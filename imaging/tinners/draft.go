package tinnersimg

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// DraftSet is one way to end seat's survey draft: the drawn cards it keeps
// and the one card of each region it discards, in region order.
type DraftSet struct {
	Keep, Discard []int
}

// DraftLetter is the letter of the k-th set (0-based): A, B, C…
func DraftLetter(k int) string {
	if k < 0 || k >= 26 {
		return "?"
	}
	return string(rune('A' + k))
}

// DraftSets lists the kept sets seat v.Seat may choose from in the survey
// draft, in the order the picture letters them: every way to discard one
// legal card of each region, two sets that keep equal cards (two copies of
// a card) counted once. None when the seat has chosen already.
func DraftSets(v tinners.SeatView) []DraftSet {
	e := v.Edition()
	byDeck := map[tinners.Deck][]int{}
	var decks []tinners.Deck
	for _, a := range v.Legal {
		if a.Kind != tinners.ActDraftDiscard {
			continue
		}
		d := e.Cards[a.Card].Deck
		if len(byDeck[d]) == 0 {
			decks = append(decks, d)
		}
		if !slices.Contains(byDeck[d], a.Card) {
			byDeck[d] = append(byDeck[d], a.Card)
		}
	}
	if len(decks) == 0 {
		return nil
	}
	slices.Sort(decks)
	combos := [][]int{nil}
	for _, d := range decks {
		var next [][]int
		for _, c := range combos {
			for _, card := range byDeck[d] {
				next = append(next, append(slices.Clone(c), card))
			}
		}
		combos = next
	}
	var drawn []int
	for _, d := range decks {
		drawn = append(drawn, byDeck[d]...)
	}
	var out []DraftSet
	seen := map[string]bool{}
	for _, discard := range combos {
		set := DraftSet{Discard: discard}
		var key strings.Builder
		for _, id := range drawn {
			if !slices.Contains(discard, id) {
				set.Keep = append(set.Keep, id)
				c := e.Cards[id]
				fmt.Fprintf(&key, "%d/%d/%d/%d/%d;", c.Deck, c.Regions, c.Benefit, c.Amount, c.Value)
			}
		}
		if seen[key.String()] {
			continue // two equal cards: the same choice
		}
		seen[key.String()] = true
		out = append(out, set)
	}
	return out
}

// Draft picture geometry in pixels: essential texts are at least 24 px,
// 9.6 px once the picture is shown 400 px wide.
const (
	draftW      = 1000
	draftLetter = 100 // the letters' column
	draftRowH   = 62
	draftChipH  = 54
)

// RenderDraft draws seat v.Seat's survey draft for its private step: one
// row per kept set of DraftSets, lettered A, B, C…, with each region's two
// drawn cards, the kept one bright and the discarded one faded and crossed
// out; the cards kept in every set (the wild card) above. The error
// reports an unusable font or a seat with nothing to choose.
func RenderDraft(v tinners.SeatView, o imaging.Options) (image.Image, error) {
	img, _, err := draftPicture(v, o)
	return img, err
}

// draftPicture is RenderDraft with the layout of its texts, for the
// legibility measure.
func draftPicture(v tinners.SeatView, o imaging.Options) (image.Image, imaging.Layout, error) {
	e := v.Edition()
	sets := DraftSets(v)
	if len(sets) == 0 {
		return nil, imaging.Layout{}, fmt.Errorf("render draft: seat %d has no draft to choose", v.Seat)
	}
	cols := draftColumns(e, sets)

	h := 80
	if len(v.Hand) > 0 {
		h += 70
	}
	top := h + 44
	h = top + len(sets)*draftRowH + 44
	p, err := newPainter(geometryOf(e), draftW, h)
	if err != nil {
		return nil, imaging.Layout{}, err
	}
	lay := imaging.Layout{Width: draftW, Height: h}
	text := func(s string, x, y, size float64, bold bool, align float64, col color.Color, role string) {
		p.Text(s, x, y, size, bold, align, col)
		w := p.Width(s, size, bold)
		lay.Texts = append(lay.Texts, imaging.LayoutText{Text: s, X: x - w*align, Y: y, SizePx: size, Role: role})
	}
	dc := p.dc
	dc.SetColor(colPanel)
	dc.Clear()

	name, english, _ := imaging.Seat(v.Seat)
	p.item(withColours(e, Item{Kind: KindMarker, Seat: v.Seat, X: 40, Y: 40, W: 44}))
	text(o.Say(fmt.Sprintf("Your survey draft · only for %s (%s)", name, english), "img_draft_title",
		"Colour", o.Say(name, "colour_"+name), "Letter", o.SeatLetter(v.Seat)), 78, 52, 32, true, 0, colInk, imaging.RoleSecondary)
	y := 80.0
	if len(v.Hand) > 0 {
		label := o.Say("Kept in every set:", "img_draft_always")
		text(label, 30, y+42, 26, true, 0, colInk, imaging.RoleSecondary)
		x := 40 + p.Width(label, 26, true)
		for _, c := range v.Hand {
			l := regionLabel(o, c)
			text(l, x, y+42, 24, true, 0, colInk, imaging.RoleEssential)
			x += p.Width(l, 24, true) + 8
			p.draftChip(c, x, y+8, 170, draftChipH, true, text)
			x += 190
		}
		y += 70
	}
	// The columns' headings: the regions.
	colW := float64(draftW-draftLetter-20) / float64(len(cols))
	for k, col := range cols {
		x := draftLetter + float64(k)*colW
		c := e.Cards[col[0]]
		dc.DrawRoundedRectangle(x+4, y+6, colW-8, 34, 8)
		dc.SetColor(cardFill(c))
		dc.Fill()
		text(o.Say("region "+regionLabel(o, c), "img_card_region", "Region", regionLabel(o, c)), x+colW/2, y+32, 24, true, 0.5, colInk, imaging.RoleSecondary)
	}
	y = float64(top)
	p.draftRows(e, sets, cols, y, colW, text)
	y += float64(len(sets)*draftRowH) + 32
	text(o.Say("Bright: kept · faded and crossed out: discarded", "img_draft_legend"), 30, y, 22, false, 0, colMuted, imaging.RoleSecondary)
	return quantize(p.img), lay, nil
}

// draftColumns are the regions' columns of sets, in region order, each
// with the region's drawn cards in a fixed order.
func draftColumns(e *tinners.Edition, sets []DraftSet) [][]int {
	var cols [][]int
	for _, id := range append(slices.Clone(sets[0].Discard), sets[0].Keep...) {
		d := e.Cards[id].Deck
		k := slices.IndexFunc(cols, func(c []int) bool { return e.Cards[c[0]].Deck == d })
		if k < 0 {
			cols = append(cols, []int{id})
		} else if !slices.Contains(cols[k], id) {
			cols[k] = append(cols[k], id)
		}
	}
	for _, s := range sets[1:] {
		for _, id := range s.Discard {
			d := e.Cards[id].Deck
			for k := range cols {
				if e.Cards[cols[k][0]].Deck == d && !slices.Contains(cols[k], id) {
					cols[k] = append(cols[k], id)
				}
			}
		}
	}
	slices.SortFunc(cols, func(a, b []int) int { return int(e.Cards[a[0]].Deck) - int(e.Cards[b[0]].Deck) })
	for k := range cols {
		slices.Sort(cols[k])
	}
	return cols
}

// draftRows draws one row per set from y: its letter, and in each region's
// column of width colW the kept card bright and the discarded faded.
func (p *painter) draftRows(e *tinners.Edition, sets []DraftSet, cols [][]int, y, colW float64, text func(string, float64, float64, float64, bool, float64, color.Color, string)) {
	dc := p.dc
	keptW := colW * 0.6
	for n, s := range sets {
		ry := y + float64(n)*draftRowH
		if n%2 == 1 {
			dc.DrawRectangle(10, ry, draftW-20, draftRowH)
			dc.SetColor(color.RGBA{0xEC, 0xE8, 0xDF, 0xff})
			dc.Fill()
		}
		p.disc(colInk, colInk, draftLetter/2, ry+draftRowH/2, 50)
		text(DraftLetter(n), draftLetter/2, ry+draftRowH/2+12, 34, true, 0.5, colWhite, imaging.RoleEssential)
		for k, col := range cols {
			x := draftLetter + float64(k)*colW + 4
			var kept, gone []int
			for _, id := range col {
				if slices.Contains(s.Discard, id) {
					gone = append(gone, id)
				} else {
					kept = append(kept, id)
				}
			}
			cy := ry + (draftRowH-draftChipH)/2
			for _, id := range kept {
				p.draftChip(e.Cards[id], x, cy, keptW-8, draftChipH, true, text)
			}
			for _, id := range gone {
				p.draftChip(e.Cards[id], x+keptW, cy, colW-keptW-8, draftChipH, false, text)
			}
		}
	}
}

// cardFill is the colour of c's region band (mainland grey for a wild
// card, the first region's for a dual-region card).
func cardFill(c tinners.Card) color.Color {
	if c.Deck != tinners.DeckWild {
		for r := tinners.RegionA; r < tinners.NumRegions; r++ {
			if c.Matches(r) {
				return regionFill[r]
			}
		}
	}
	return colMainland
}

// draftChip draws survey card c small, as the hand picture's card reads
// in one line: its region band, its benefit's icon and amount, its value.
// A discarded card (kept false) is faded and crossed out; its texts are
// secondary.
func (p *painter) draftChip(c tinners.Card, x, y, w, h float64, kept bool, text func(string, float64, float64, float64, bool, float64, color.Color, string)) {
	dc := p.dc
	dc.DrawRoundedRectangle(x, y, w, h, 8)
	dc.SetColor(colWhite)
	dc.FillPreserve()
	dc.SetColor(colPanelEdge)
	dc.SetLineWidth(2)
	if kept {
		dc.SetColor(colInk)
		dc.SetLineWidth(3)
	}
	dc.Stroke()
	dc.DrawRoundedRectangle(x+3, y+3, 10, h-6, 4)
	dc.SetColor(cardFill(c))
	dc.Fill()
	size, role := 26.0, imaging.RoleEssential
	if !kept {
		size, role = 20, imaging.RoleSecondary
	}
	is := h - 22
	ix, iy := x+18, y+(h-is)/2
	switch c.Benefit {
	case tinners.BenefitTin, tinners.BenefitCopper:
		kind := "tin"
		if c.Benefit == tinners.BenefitCopper {
			kind = "copper"
		}
		p.item(withColours(p.g.e, Item{Kind: KindCube, Text: kind, N: -1, X: ix, Y: iy, W: is, H: is}))
	case tinners.BenefitWater:
		p.drop(ix+is/2, iy+is*0.55, is*0.42)
	case tinners.BenefitMiner:
		p.item(withColours(p.g.e, Item{Kind: KindMiner, X: ix, Y: iy, W: is, H: is}))
	case tinners.BenefitPort:
		p.item(withColours(p.g.e, Item{Kind: KindPort, X: ix, Y: iy, W: is, H: is}))
	case tinners.BenefitSteamPump:
		p.item(withColours(p.g.e, Item{Kind: KindPump, N: 1, X: ix, Y: iy, W: is, H: is}))
	}
	base := y + h/2 + size*0.36
	if kept {
		switch c.Benefit {
		case tinners.BenefitTin, tinners.BenefitCopper:
			text(fmt.Sprintf("+%d", c.Amount), ix+is+6, base, size-2, true, 0, colInk, role)
		case tinners.BenefitWater:
			text(fmt.Sprintf("−%d", c.Amount), ix+is+6, base, size-2, true, 0, colInk, role)
		}
	}
	text(fmt.Sprintf("£%d", c.Value), x+w-8, base, size, true, 1, colCopperEdge, role)
	if !kept {
		dc.DrawRoundedRectangle(x, y, w, h, 8)
		dc.SetColor(color.NRGBA{0xF4, 0xF1, 0xEA, 0x99})
		dc.Fill()
		dc.SetColor(colAuction)
		dc.SetLineWidth(3)
		dc.DrawLine(x+6, y+6, x+w-6, y+h-6)
		dc.DrawLine(x+6, y+h-6, x+w-6, y+6)
		dc.Stroke()
	}
}

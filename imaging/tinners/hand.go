package tinnersimg

import (
	"fmt"
	"image"
	"image/color"
	"strconv"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Hand picture geometry in pixels.
const (
	handW      = 1100
	cardW      = 190
	cardH      = 240
	cardGap    = 20
	handPerRow = 5
)

// RenderHand draws what only seat v.Seat may see, for an ephemeral message:
// its survey cards (region, benefit, value), cards still to discard in the
// draft, and the face-down tiles it has peeked at. The error reports an
// unusable font.
func RenderHand(v tinners.SeatView, o imaging.Options) (image.Image, error) {
	e := v.Edition()
	type section struct {
		title string
		cards []tinners.Card
	}
	sections := []section{{o.Say("Your survey cards", "img_hand_cards"), v.Hand}}
	if len(v.Draft) > 0 {
		sections = append(sections, section{o.Say("Drawn in the draft (discard one per region)", "img_hand_draft"), v.Draft})
	}
	rows := func(n int) int {
		if n == 0 {
			return 1
		}
		return (n + handPerRow - 1) / handPerRow
	}
	h := 90
	for _, s := range sections {
		h += 50 + rows(len(s.cards))*(cardH+cardGap)
	}
	if len(v.Peeked) > 0 {
		h += 50 + len(v.Peeked)*56 + 20
	}
	p, err := newPainter(geometryOf(e), handW, h)
	if err != nil {
		return nil, err
	}
	dc := p.dc
	dc.SetColor(colPanel)
	dc.Clear()
	name, letter, _ := imaging.Seat(v.Seat)
	english := letter
	letter = o.SeatLetter(v.Seat)
	p.item(withColours(e, Item{Kind: KindMarker, Seat: v.Seat, X: 44, Y: 44, W: 48}))
	p.Text(o.Say(fmt.Sprintf("Only for %s (%s) · round %d", name, english, v.Round), "img_hand_only_for",
		"Colour", o.Say(name, "colour_"+name), "Letter", letter, "Round", v.Round), 84, 56, 34, true, 0, colInk)
	y := 90.0
	for _, s := range sections {
		p.Text(s.title, 30, y+36, 26, true, 0, colInk)
		y += 50
		if len(s.cards) == 0 {
			p.Text(o.Say("none", "img_none"), 30, y+40, 24, false, 0, colMuted)
		}
		for k, c := range s.cards {
			x := 30 + float64(k%handPerRow)*(cardW+cardGap)
			cy := y + float64(k/handPerRow)*(cardH+cardGap)
			p.card(o, c, x, cy)
		}
		y += float64(rows(len(s.cards))) * (cardH + cardGap)
	}
	if len(v.Peeked) > 0 {
		p.Text(o.Say("Face-down tiles you have seen", "img_hand_peeked"), 30, y+36, 26, true, 0, colInk)
		y += 50
		for _, pk := range v.Peeked {
			if pk.Area < 0 || pk.Area >= len(e.Areas) {
				continue
			}
			a := e.Areas[pk.Area]
			p.Text(fmt.Sprintf("%s %s", a.ID, a.Name), 30, y+36, 26, true, 0, colInk)
			x := 330.0
			for _, c := range []struct {
				kind string
				n    int
			}{{"tin", pk.Tile.Tin}, {"copper", pk.Tile.Copper}, {"water", pk.Tile.Water}} {
				// The number on the cube, as on the tile: 32 px is 11.6 px at
				// 400 px wide, an essential text.
				cube := withColours(e, Item{Kind: KindCube, Text: c.kind, N: c.n, X: x, Y: y + 6, W: 44, H: 44})
				p.icon(cube)
				p.Text(strconv.Itoa(c.n), x+22, y+40, 32, true, 0.5, digitOn(cube.Fill))
				p.Text(o.Say(c.kind, "img_"+c.kind), x+52, y+36, 22, false, 0, colMuted)
				x += 150
			}
			switch pk.Tile.Kind {
			case tinners.TileBonus:
				p.Text(o.Say("bonus: winner gains £3", "img_tile_bonus"), x, y+36, 22, false, 0, colInk)
			case tinners.TileLight:
				p.Text(o.Say("light: build for 1 WP", "img_tile_light"), x, y+36, 22, false, 0, colInk)
			}
			y += 56
		}
	}
	return dc.Image(), nil
}

// card draws one survey card: region band, benefit and value.
func (p *painter) card(o imaging.Options, c tinners.Card, x, y float64) {
	dc := p.dc
	dc.DrawRoundedRectangle(x, y, cardW, cardH, 14)
	dc.SetColor(colWhite)
	dc.FillPreserve()
	dc.SetColor(colPanelEdge)
	dc.SetLineWidth(3)
	dc.Stroke()
	// The band in the colour of each region the card matches (mainland
	// grey for a wild card): a dual-region card's band is split in two.
	var regions []tinners.Region
	for r := tinners.RegionA; r < tinners.NumRegions; r++ {
		if c.Deck != tinners.DeckWild && c.Matches(r) {
			regions = append(regions, r)
		}
	}
	dc.DrawRoundedRectangle(x+6, y+6, cardW-12, 62, 10)
	dc.SetColor(colMainland)
	if len(regions) > 0 {
		dc.SetColor(regionFill[regions[0]])
	}
	dc.Fill()
	if len(regions) == 2 {
		dc.DrawRoundedRectangle(x+cardW/2, y+6, cardW/2-6, 62, 10)
		dc.SetColor(regionFill[regions[1]])
		dc.Fill()
		dc.DrawRectangle(x+cardW/2, y+6, 10, 62)
		dc.Fill()
	}
	label := regionLabel(o, c)
	switch {
	case len(regions) == 2:
		label = o.Say(regions[0].String()+" or "+regions[1].String(), "img_card_two_regions", "A", regions[0].String(), "B", regions[1].String())
	case c.Deck != tinners.DeckWild:
		label = o.Say("region "+label, "img_card_region", "Region", label)
	}
	p.Text(label, x+cardW/2, y+50, 30, true, 0.5, colInk)
	// benefit
	bx, by := x+cardW/2, y+130.0
	switch c.Benefit {
	case tinners.BenefitTin, tinners.BenefitCopper:
		kind := "tin"
		if c.Benefit == tinners.BenefitCopper {
			kind = "copper"
		}
		p.item(withColours(p.g.e, Item{Kind: KindCube, Text: kind, N: -1, X: bx - 22, Y: by - 30, W: 44, H: 44}))
	case tinners.BenefitWater:
		p.drop(bx, by-6, 20)
	case tinners.BenefitMiner:
		p.item(withColours(p.g.e, Item{Kind: KindMiner, X: bx - 22, Y: by - 30, W: 44, H: 44}))
	case tinners.BenefitPort:
		p.item(withColours(p.g.e, Item{Kind: KindPort, X: bx - 22, Y: by - 30, W: 44, H: 44}))
	case tinners.BenefitSteamPump:
		p.item(withColours(p.g.e, Item{Kind: KindPump, N: 1, X: bx - 22, Y: by - 30, W: 44, H: 44}))
	}
	p.Text(benefitText(o, c), bx, y+180, 26, true, 0.5, colInk)
	p.Text(fmt.Sprintf("£%d", c.Value), bx, y+224, 30, true, 0.5, colCopperEdge)
}

// digitOn is the colour of a number drawn on fill: ink on a light fill,
// white on a dark one.
func digitOn(fill color.Color) color.Color {
	r, g, b, _ := fill.RGBA()
	if 299*r+587*g+114*b > 1000*0x8000 {
		return colInk
	}
	return colWhite
}

package brassimg

import (
	"fmt"
	"image"
	"image/color"

	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Hand picture geometry in units (pixels).
const (
	// HandW is the hand picture's width.
	HandW     = 800
	handCardW = 182.0
	handCardH = 104.0
	handGap   = 10.0
	handPer   = 4
	handTop   = 56.0
)

// bannerColours are the towns' banner colours on a location card.
var bannerColours = map[brass.Banner]color.RGBA{
	brass.Teal: {0x2A, 0x9D, 0x8F, 0xff}, brass.Blue: {0x3A, 0x6E, 0xA5, 0xff}, brass.Red: {0xB0, 0x3A, 0x2E, 0xff},
	brass.Brown: {0x8A, 0x5A, 0x3B, 0xff}, brass.Purple: {0x6D, 0x4C, 0x8E, 0xff},
}

// hand lays out (and draws, with draw) the cards of seat v.Seat.
func hand(v brass.SeatView, o imaging.Options, draw bool) (*pic, error) {
	rows := max(1, (len(v.Hand)+handPer-1)/handPer)
	h := handTop + float64(rows)*(handCardH+handGap) + 8
	p, err := newPic(o, HandW, h, 1, draw)
	if err != nil {
		return nil, err
	}
	name, letter, _ := imaging.Seat(v.Seat)
	colour := o.Say(name, "colour_"+name)
	title := p.say(fmt.Sprintf("Only for %s (%s) · your hand, %d cards", colour, letter, len(v.Hand)), "img_bb_hand_title",
		"Colour", colour, "Letter", letter, "Count", len(v.Hand))
	p.disc(30, 28, 14, seatFill(v.Seat), colInk, 1.5)
	p.text(letter, 30, 34, 16, true, 0.5, seatInk(v.Seat), imaging.RoleSecondary)
	p.text(title, 52, 36, p.fit(title, 22, 18, HandW-68, true), true, 0, colInk, imaging.RoleEssential)
	if len(v.Hand) == 0 {
		p.text(p.say("none", "img_bb_none"), 16, handTop+30, 20, false, 0, colMuted, imaging.RoleSecondary)
	}
	for k, id := range v.Hand {
		r := rect{16 + float64(k%handPer)*(handCardW+handGap), handTop + float64(k/handPer)*(handCardH+handGap), handCardW, handCardH}
		p.card(id, r)
	}
	return p, nil
}

// card draws card id in r: a location card with its town's banner colour
// and name, an industry card with its symbols and names, a wild card.
func (p *pic) card(id int, r rect) {
	e := brass.Standard
	p.box(r, 8, colWhite, colEdge, 1.5)
	if id < 0 || id >= len(e.Cards) {
		return
	}
	c := e.Cards[id]
	w := r.W - 16
	switch c.Kind {
	case brass.LocationCard:
		l := e.Locations[c.Loc]
		p.box(rect{r.X + 1, r.Y + 1, r.W - 2, 16}, 7, bannerColours[l.Banner], nil, 0)
		name := p.locName(c.Loc)
		p.text(name, r.cx(), r.Y+56, p.fit(name, 22, 18, w, true), true, 0.5, colInk, imaging.RoleEssential)
		kind := p.say("location", "img_bb_card_location")
		p.text(kind, r.cx(), r.Y+86, 16, false, 0.5, colMuted, imaging.RoleSecondary)
	case brass.IndustryCard:
		for k, i := range c.Ind {
			x := r.cx() + (float64(k)-float64(len(c.Ind)-1)/2)*40
			p.glyph(i, x, r.Y+28, 32)
		}
		for k, i := range c.Ind {
			name := p.indName(i)
			y := r.Y + 70 + float64(k)*24
			if len(c.Ind) == 1 {
				y = r.Y + 76
			}
			p.text(name, r.cx(), y, p.fit(name, 19, 18, w, true), true, 0.5, colInk, imaging.RoleEssential)
		}
	default:
		name := p.cardName(id)
		p.box(rect{r.X + 6, r.Y + 6, r.W - 12, r.H - 12}, 6, nil, colBeer, 2)
		p.text(name, r.cx(), r.Y+60, p.fit(name, 20, 18, w, true), true, 0.5, colInk, imaging.RoleEssential)
	}
}

// RenderHand draws the cards of seat v.Seat, for an ephemeral message
// only that seat sees. The error reports an unusable font.
func RenderHand(v brass.SeatView, o imaging.Options) (image.Image, error) {
	p, err := hand(v, o, true)
	if err != nil {
		return nil, err
	}
	return palette().Quantize(p.c.Img), nil
}

// HandLayout returns the texts RenderHand draws for v.
func HandLayout(v brass.SeatView, o imaging.Options) imaging.Layout {
	p, err := hand(v, o, false)
	if err != nil {
		return imaging.Layout{}
	}
	return p.layout()
}

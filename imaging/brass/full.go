package brassimg

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The full board's further sections: points by category, the player
// mats and discard piles, the markets' price tracks and the legend.

const (
	secTitle = 34.0
	lineH    = 25.0
	tracksH  = secTitle + 2*40 + 8
	legendH  = secTitle + 2*30 + 8
)

func scoresH(v brass.PublicView) float64 {
	n := len(brass.Categories) + 3
	if v.Result != nil {
		n--
	}
	return secTitle + lineH*float64(n) + 8 + 6
}

// playerCols is the x of the right end of seat k's column in a table of
// n players whose first column (the row names) is 300 wide.
func playerCol(k, n int) float64 { return 240 + float64(k+1)*(TurnW-256)/float64(n) }

// section draws a section's rule and title; it returns the y below it.
func (p *pic) section(title string, y float64) float64 {
	p.line(0, y, TurnW, y, 1.5, colEdge, 0)
	p.text(title, 16, y+25, p.fit(title, 18, 14, TurnW-32, true), true, 0, colInk, imaging.RoleSecondary)
	return y + secTitle
}

// seatHeads draws the players' names over their columns.
func (p *pic) seatHeads(v brass.PublicView, y float64) {
	n := len(v.Players)
	for k := range v.Players {
		name := p.o.Name(k)
		x := playerCol(k, n)
		w := (TurnW-256)/float64(n) - 10
		p.text(name, x, y, p.fit(name, 16, 14, w, true), true, 1, colInk, imaging.RoleSecondary)
	}
}

// scores draws the points by category (the running score), the total and
// the projected score.
func (p *pic) scores(v brass.PublicView, y float64) float64 {
	y = p.section(p.say("Points by category (VP so far; projected: if the era ended now)", "img_bb_scores"), y)
	p.seatHeads(v, y+16)
	y += lineH
	n := len(v.Players)
	row := func(name string, f func(pv brass.PlayerView) int, bold bool) {
		y += lineH
		p.text(name, 16, y, p.fit(name, 16, 14, 220, bold), bold, 0, colInk, imaging.RoleSecondary)
		for k, pv := range v.Players {
			p.text(fmt.Sprint(f(pv)), playerCol(k, n), y, 17, bold, 1, colInk, imaging.RoleEssential)
		}
	}
	for _, c := range brass.Categories {
		row(p.word(c.Message), func(pv brass.PlayerView) int { return c.Points(pv.Score) }, false)
	}
	row(p.say("VP", "img_bb_col_vp"), func(pv brass.PlayerView) int { return pv.VP }, true)
	if v.Result == nil {
		row(p.say("projected", "img_bb_projected"), func(pv brass.PlayerView) int { return pv.Projected }, true)
	}
	return y + 14
}

func matsH(v brass.PublicView) float64 {
	return secTitle + lineH + 6 + float64(len(v.Players))*lineH + float64(len(v.Players))*lineH + 10
}

// mats draws each player's mat (the level of its next tile of each
// industry and how many are left) and discard pile (its size and top card).
func (p *pic) mats(v brass.PublicView, y float64) float64 {
	y = p.section(p.say("Player mats: level of the next tile × tiles left", "img_bb_mats"), y)
	xs := func(i int) float64 { return 250 + float64(i)*88 }
	for i := brass.Industry(0); i < brass.NumIndustries; i++ {
		p.glyph(i, xs(int(i))-20, y+8, 22)
	}
	y += lineH + 6
	for k, pv := range v.Players {
		y += lineH
		p.disc(26, y-6, 10, seatFill(k), colInk, 1)
		p.text(seatLetter(k), 26, y-1.5, 13, true, 0.5, seatInk(k), imaging.RoleSecondary)
		name := p.o.Name(k)
		p.text(name, 42, y, p.fit(name, 16, 14, 150, true), true, 0, colInk, imaging.RoleSecondary)
		for i := 0; i < int(brass.NumIndustries); i++ {
			s := "—"
			if pv.Mat[i] > 0 {
				s = fmt.Sprintf("%d × %d", pv.Mat[i], pv.MatLeft[i])
			}
			p.text(s, xs(i), y, 17, false, 1, colInk, imaging.RoleEssential)
		}
	}
	for k, pv := range v.Players {
		y += lineH
		top := p.say("none", "img_bb_none")
		if pv.DiscardTop >= 0 {
			top = p.cardName(pv.DiscardTop)
		}
		s := p.say(fmt.Sprintf("%s: discard pile %d, on top: %s", p.o.Name(k), pv.Discard, top), "img_bb_discard",
			"Name", p.o.Name(k), "Count", pv.Discard, "Top", top)
		p.text(s, 16, y, p.fit(s, 16, 14, TurnW-32, false), false, 0, colInk, imaging.RoleSecondary)
	}
	return y + 10
}

// tracks draws the coal and iron markets' price spaces, the cubes on them.
func (p *pic) tracks(v brass.PublicView, e *brass.Edition, y float64) float64 {
	y = p.section(p.say("Markets: a cube is bought from the cheapest full space, sold to the dearest empty one", "img_bb_tracks"), y)
	for k, mk := range []struct {
		ind   brass.Industry
		cubes int
		m     brass.Market
	}{{brass.Coal, v.Coal, e.CoalMarket}, {brass.Iron, v.Iron, e.IronMarket}} {
		top := y + float64(k)*40
		p.cube(mk.ind, 30, top+18, 18)
		n := len(mk.m.Prices)
		for i, price := range mk.m.Prices {
			r := rect{56 + float64(i)*48, top + 2, 44, 34}
			full := i >= n-mk.cubes
			p.box(r, 4, colWhite, colEdge, 1)
			if full {
				p.cube(mk.ind, r.X+10, r.cy(), 12)
			}
			p.text(fmt.Sprintf("£%d", price), r.X+r.W-3, r.Y+24, 16, false, 1, colInk, imaging.RoleEssential)
		}
	}
	return y + 2*40 + 8
}

// legend explains the symbols.
func (p *pic) legend(y float64) {
	y = p.section(p.say("Legend", "img_bb_legend"), y)
	x := 16.0
	for i := brass.Industry(0); i < brass.NumIndustries; i++ {
		name := p.indName(i)
		p.glyph(i, x+10, y+10, 20)
		p.text(name, x+24, y+16, 15, false, 0, colInk, imaging.RoleSecondary)
		x += 34 + p.width(name, 15, false)
	}
	y += 30
	r := rect{16, y - 4, 28, 28}
	p.box(r, 4, seatFill(0), colInk, 3.5)
	p.text(p.say("flipped tile: dark frame and corner; the number is its level", "img_bb_legend_flipped"), 52, y+15, 15, false, 0, colInk, imaging.RoleSecondary)
}

// cardName is card id's name in the picture's language.
func (p *pic) cardName(id int) string {
	if id < 0 || id >= len(brass.Standard.Cards) {
		return "?"
	}
	return p.word(brass.CardMessage(id))
}

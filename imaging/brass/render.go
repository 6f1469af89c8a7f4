package brassimg

import (
	"fmt"
	"image"
	"math"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Renderer draws Brass: Birmingham for the platform: imaging.Renderer over
// RenderTurn, RenderBoard and RenderHand. Its views are brass.PublicView
// and brass.SeatView (or pointers to them).
var Renderer = imaging.WithPlaces(imaging.Views[brass.PublicView, brass.SeatView]("Brass: Birmingham", RenderTurn, RenderBoard, RenderHand), TurnPlaces)

// BoardScale is how much larger the full board is drawn than the turn
// picture (1200 px wide).
const BoardScale = 1.5

// Section heights in units.
const (
	headerH  = 66.0
	marketsH = 44.0
	rowH     = 32.0
	tableTop = 30.0
	// miniLegendH is the turn picture's one-line legend of the symbols.
	miniLegendH = 24.0
)

// edition is the edition v is played under (only one so far).
func edition(v brass.PublicView) *brass.Edition { return brass.Standard }

// RenderTurn draws the turn picture of v, 800 px wide: the whole map, the
// markets and the players' table. It reads only the public view; the
// error reports an unusable font.
func RenderTurn(v brass.PublicView, o imaging.Options) (image.Image, error) {
	p, err := board(v, o, false, true)
	if err != nil {
		return nil, err
	}
	return palette().Quantize(p.c.Img), nil
}

// RenderBoard draws the full board of v (/tt board full:true): the turn
// picture at BoardScale with the points by category, the player mats and
// discard piles, the markets' price tracks and a legend.
func RenderBoard(v brass.PublicView, o imaging.Options) (image.Image, error) {
	p, err := board(v, o, true, true)
	if err != nil {
		return nil, err
	}
	return palette().Quantize(p.c.Img), nil
}

// TurnLayout returns the texts RenderTurn draws for v.
func TurnLayout(v brass.PublicView, o imaging.Options) imaging.Layout {
	p, err := board(v, o, false, false)
	if err != nil {
		return imaging.Layout{}
	}
	return p.layout()
}

// BoardLayout returns the texts RenderBoard draws for v, in its pixels.
func BoardLayout(v brass.PublicView, o imaging.Options) imaging.Layout {
	p, err := board(v, o, true, false)
	if err != nil {
		return imaging.Layout{}
	}
	return p.layout()
}

// boardHeight is the height in units of the turn picture (or the full
// board) of v.
func boardHeight(v brass.PublicView, full bool) float64 {
	n := float64(len(v.Players))
	h := headerH + mapH + marketsH + tableTop + n*rowH + 12
	if full {
		h += scoresH(v) + matsH(v) + tracksH + legendH
	} else {
		h += miniLegendH
	}
	return h
}

// board lays out (and draws, with draw) the turn picture or the full board.
func board(v brass.PublicView, o imaging.Options, full, draw bool) (*pic, error) {
	e := edition(v)
	s := 1.0
	if full {
		s = BoardScale
	}
	p, err := newPic(o, TurnW, boardHeight(v, full), s, draw)
	if err != nil {
		return nil, err
	}
	places := map[int]rect{}
	y := p.header(v)
	p.drawMap(v, e, y, places)
	y += mapH
	y = p.markets(v, e, y, places)
	y = p.players(v, y)
	if full {
		y = p.scores(v, y)
		y = p.mats(v, y)
		y = p.tracks(v, e, y)
		p.legend(y)
	} else {
		p.miniLegend(y)
	}
	p.highlights(places)
	p.places = places
	return p, nil
}

// TurnPlaces lists the places RenderTurn draws for v, on which it draws
// marks: every build space, line, merchant space, town and both markets.
func TurnPlaces(v brass.PublicView, o imaging.Options) []int {
	p, err := board(v, o, false, false)
	if err != nil {
		return nil
	}
	out := make([]int, 0, len(p.places))
	for pl := range p.places {
		out = append(out, pl)
	}
	slices.Sort(out)
	return out
}

// header draws the era, round and deck, and who acts; it returns the y
// below it.
func (p *pic) header(v brass.PublicView) float64 {
	era := capital(p.word(v.Era.Message()))
	line := p.say(fmt.Sprintf("%s · round %d of %d · %d cards in the deck", era, v.Round, v.Rounds, v.Deck),
		"img_bb_header", "Era", era, "Round", v.Round, "Rounds", v.Rounds, "Deck", v.Deck)
	p.text(line, 16, 27, p.fit(line, 21, 18, TurnW-32, true), true, 0, colInk, imaging.RoleEssential)
	st := p.status(v)
	p.text(st, 16, 55, p.fit(st, 20, 18, TurnW-32, false), false, 0, colInk, imaging.RoleEssential)
	p.line(0, headerH-4, TurnW, headerH-4, 1.5, colEdge, 0)
	return headerH
}

// status says who acts and on what, or who won.
func (p *pic) status(v brass.PublicView) string {
	if v.Result != nil && len(v.Result.Ranking) > 0 {
		w := v.Result.Ranking[0]
		s := p.say(fmt.Sprintf("Game over: %s wins with %d VP", p.o.Name(w), v.Result.Scores[w]), "img_bb_wins", "Name", p.o.Name(w), "VP", v.Result.Scores[w])
		if !v.Result.TieBreakMessage.IsZero() {
			why := p.o.T(v.Result.TieBreakMessage, v.Result.TieBreak)
			s = p.say(s+" ("+why+")", "img_bb_wins_tie", "Status", s, "Why", why)
		}
		return s
	}
	if v.Step == "shortfall" {
		var names []string
		for _, k := range v.ToAct {
			names = append(names, fmt.Sprintf("%s £%d", p.o.Name(k), v.Players[k].Owe))
		}
		list := strings.Join(names, ", ")
		return p.say("Short of money, to cover: "+list, "img_bb_shortfall", "List", list)
	}
	if v.Turn < 0 {
		return ""
	}
	step := p.say(stepEnglish[v.Step], "img_bb_step_"+strings.ReplaceAll(v.Step, "-", "_"))
	return p.say(fmt.Sprintf("%s to play: %s", p.o.Name(v.Turn), step), "img_bb_to_play", "Name", p.o.Name(v.Turn), "Step", step)
}

// stepEnglish names each step (brass.PublicView.Step) in the status line.
var stepEnglish = map[string]string{
	"action": "an action", "end-turn": "end the turn", "scout": "scout", "develop": "develop",
	"rail": "a second rail link", "sell": "sell", "gloucester": "the Gloucester bonus",
	"coal": "where the coal comes from", "iron": "where the iron comes from",
}

// capital is s with its first letter upper-case.
func capital(s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	return strings.ToUpper(string(r[:1])) + string(r[1:])
}

// word is one of the engine's own words (a town, an industry, an era, a
// card, a scoring category), given by the engine as a catalogue message,
// in the picture's language: the catalogue's (bot/i18n/brass.*.toml), so
// that it is written once. A picture drawn without the catalogue (Words
// nil) draws its English as recorded from the catalogue in words_en.go.
func (p *pic) word(m engine.Message) string {
	key := m.String()
	en, ok := englishWords[key]
	if !ok {
		en = key
	}
	return p.o.T(m, en)
}

// locName is location loc's name in the picture's language.
func (p *pic) locName(loc int) string {
	if brass.Standard.Locations[loc].Kind == brass.Farm {
		return p.say("farm brewery", "img_bb_farm")
	}
	return p.word(brass.LocMessage(loc))
}

// indName is industry i's name in the picture's language.
func (p *pic) indName(i brass.Industry) string { return p.word(i.Message()) }

// drawMap draws the lines, then the locations, from the map's top y0,
// noting where each place is drawn.
func (p *pic) drawMap(v brass.PublicView, e *brass.Edition, y0 float64, places map[int]rect) {
	boxes := make([]rect, len(e.Locations))
	for loc := range e.Locations {
		boxes[loc] = locBox(e, loc, y0)
	}
	for l, ln := range e.Lines {
		owner := -1
		if l < len(v.Links) {
			owner = v.Links[l]
		}
		usable := (v.Era == brass.Canal && ln.Canal) || (v.Era == brass.Rail && ln.Rail)
		ax, ay := lineAnchor(boxes, ln.Ends)
		var segs [][4]float64
		if len(ln.Ends) == 2 {
			a, b := boxes[ln.Ends[0]], boxes[ln.Ends[1]]
			segs = append(segs, [4]float64{a.cx(), a.cy(), b.cx(), b.cy()})
		} else {
			for _, end := range ln.Ends {
				segs = append(segs, [4]float64{ax, ay, boxes[end].cx(), boxes[end].cy()})
			}
		}
		for _, sg := range segs {
			switch {
			case owner >= 0:
				p.line(sg[0], sg[1], sg[2], sg[3], 9, colInk, 0)
				p.line(sg[0], sg[1], sg[2], sg[3], 6, seatFill(owner), 0)
			case usable:
				p.line(sg[0], sg[1], sg[2], sg[3], 3, colLine, 0)
			default:
				p.line(sg[0], sg[1], sg[2], sg[3], 2, colOffLine, 5)
			}
		}
		if owner >= 0 {
			p.disc(ax, ay, 9.5, seatFill(owner), colInk, 1.2)
			p.text(seatLetter(owner), ax, ay+5, 14, true, 0.5, seatInk(owner), imaging.RoleSecondary)
		}
		places[brass.PlaceLine(l)] = rect{ax - 13, ay - 13, 26, 26}
	}
	for loc, l := range e.Locations {
		b := boxes[loc]
		name := p.locName(loc)
		p.text(name, b.cx(), b.Y-5, p.fit(name, 15, 14, max(b.W+40, 96), true), true, 0.5, colInk, imaging.RoleSecondary)
		fill := colWhite
		if l.Kind == brass.MerchantLoc {
			fill = colMerch
		}
		p.box(b, 6, fill, colEdge, 1.5)
		places[brass.PlaceLoc(loc)] = b
		for k, si := range l.Spaces {
			r := slotBox(b, k)
			p.space(e.Spaces[si], v.Spaces[si], r)
			places[brass.PlaceSpace(si)] = r
		}
		for k, mk := range l.Merchants {
			r := slotBox(b, k)
			if mk < len(v.Merchants) {
				p.merchant(v.Merchants[mk], r)
			}
			places[brass.PlaceMerchant(mk)] = r
		}
		if l.Kind == brass.MerchantLoc {
			bonus := p.bonus(l)
			p.text(bonus, b.cx(), b.Y+b.H+19, p.fit(bonus, 18, 18, 150, true), true, 0.5, colInk, imaging.RoleEssential)
		}
	}
}

// lineAnchor is where a line's owner letter, mark and highlight go: the
// middle of the part of the line between its two boxes, or the junction
// of a three-ended line.
func lineAnchor(boxes []rect, ends []int) (float64, float64) {
	if len(ends) != 2 {
		var x, y float64
		for _, e := range ends {
			x += boxes[e].cx()
			y += boxes[e].cy()
		}
		n := float64(len(ends))
		return x / n, y / n
	}
	a, b := boxes[ends[0]], boxes[ends[1]]
	x1, y1, x2, y2 := a.cx(), a.cy(), b.cx(), b.cy()
	t1 := exitT(a, x1, y1, x2, y2)
	t2 := 1 - exitT(b, x2, y2, x1, y1)
	t := (t1 + t2) / 2
	if t1 >= t2 {
		t = 0.5
	}
	return x1 + (x2-x1)*t, y1 + (y2-y1)*t
}

// exitT is the fraction of the way from x1,y1 (inside r) to x2,y2 at
// which the segment leaves r (its box with the name line above).
func exitT(r rect, x1, y1, x2, y2 float64) float64 {
	r.Y -= nameH
	r.H += nameH
	dx, dy := x2-x1, y2-y1
	t := math.Inf(1)
	if dx > 0 {
		t = min(t, (r.X+r.W-x1)/dx)
	} else if dx < 0 {
		t = min(t, (r.X-x1)/dx)
	}
	if dy > 0 {
		t = min(t, (r.Y+r.H-y1)/dy)
	} else if dy < 0 {
		t = min(t, (r.Y-y1)/dy)
	}
	return max(0, min(1, t))
}

// space draws a build space: empty, its icons; built, its tile in the
// owner's colour with the owner's letter, the industry symbol, the level,
// the cubes or barrels on it and, flipped, a dark corner and frame.
func (p *pic) space(sp brass.Space, sv brass.SpaceView, r rect) {
	if sv.Owner < 0 {
		p.box(r, 5, colEmpty, colEdge, 1.2)
		if sp.Single() {
			p.glyph(sp.Icons[0], r.cx(), r.cy(), 26)
		} else {
			p.glyph(sp.Icons[0], r.cx()-11, r.cy()-6, 22)
			p.glyph(sp.Icons[1], r.cx()+11, r.cy()+6, 22)
		}
		return
	}
	fill, ink := seatFill(sv.Owner), seatInk(sv.Owner)
	lw := 1.5
	if sv.Flipped {
		lw = 3.5
	}
	p.box(r, 5, fill, colInk, lw)
	p.glyph(sv.Ind, r.X+12, r.Y+12, 20)
	p.text(fmt.Sprint(sv.Level), r.X+r.W-5, r.Y+21, 19, true, 1, ink, imaging.RoleEssential)
	p.text(seatLetter(sv.Owner), r.X+5, r.Y+r.H-6, 15, true, 0, ink, imaging.RoleSecondary)
	if sv.Flipped && p.c != nil {
		dc, s := p.c.DC, p.s
		dc.NewSubPath()
		dc.LineTo((r.X+r.W)*s, (r.Y+r.H-18)*s)
		dc.LineTo((r.X+r.W)*s, (r.Y+r.H)*s)
		dc.LineTo((r.X+r.W-18)*s, (r.Y+r.H)*s)
		dc.ClosePath()
		dc.SetColor(colInk)
		dc.Fill()
	}
	if sv.Cubes > 0 {
		p.cube(sv.Ind, r.X+r.W-21, r.Y+r.H-11, 9)
		p.text(fmt.Sprint(sv.Cubes), r.X+r.W-4, r.Y+r.H-4, 18, true, 1, ink, imaging.RoleEssential)
	}
}

// merchant draws a merchant slot: the wares its tile buys and its barrel;
// grey when no tile is there at this player count, crossed when the tile
// buys nothing.
func (p *pic) merchant(mv brass.MerchantView, r rect) {
	if !mv.InPlay {
		p.box(r, 5, colOff, colEdge, 1.2)
		return
	}
	p.box(r, 5, colWhite, colEdge, 1.2)
	if len(mv.Buys) == 0 {
		p.line(r.X+10, r.Y+10, r.X+r.W-10, r.Y+r.H-10, 2, colMuted, 0)
		p.line(r.X+r.W-10, r.Y+10, r.X+10, r.Y+r.H-10, 2, colMuted, 0)
	} else {
		d := 16.0
		x0 := r.cx() - float64(len(mv.Buys)-1)*d/2
		for k, i := range mv.Buys {
			p.glyph(i, x0+float64(k)*d, r.Y+12, d)
		}
	}
	if mv.Barrel {
		p.barrel(r.cx(), r.Y+34, 20)
	}
}

// bonus is a merchant location's beer bonus, short.
func (p *pic) bonus(l brass.Location) string {
	n := l.BonusValue
	switch l.Bonus {
	case brass.BonusVP:
		return p.say(fmt.Sprintf("+%d VP", n), "img_bb_bonus_vp", "N", n)
	case brass.BonusMoney:
		return p.say(fmt.Sprintf("+£%d", n), "img_bb_bonus_money", "N", n)
	case brass.BonusIncome:
		return p.say(fmt.Sprintf("+%d income", n), "img_bb_bonus_income", "N", n)
	case brass.BonusDevelop:
		return p.say("develop", "img_bb_bonus_develop")
	}
	return ""
}

// markets draws the coal and iron markets: cubes, buying and selling
// prices; it returns the y below.
func (p *pic) markets(v brass.PublicView, e *brass.Edition, y float64, places map[int]rect) float64 {
	p.line(0, y+2, TurnW, y+2, 1.5, colEdge, 0)
	for k, mk := range []struct {
		ind   brass.Industry
		cubes int
		m     brass.Market
		place int
		en    string
		id    string
	}{
		{brass.Coal, v.Coal, e.CoalMarket, brass.PlaceCoalMarket, "Coal", "img_bb_coal_market"},
		{brass.Iron, v.Iron, e.IronMarket, brass.PlaceIronMarket, "Iron", "img_bb_iron_market"},
	} {
		x := 16 + float64(k)*TurnW/2
		p.cube(mk.ind, x+9, y+24, 16)
		buy, sell := mk.m.BuyPrice(mk.cubes), mk.m.SellPrice(mk.cubes)
		var s string
		if sell > 0 {
			s = p.say(fmt.Sprintf("%s %d · buy £%d · sell £%d", mk.en, mk.cubes, buy, sell), mk.id, "Cubes", mk.cubes, "Buy", buy, "Sell", sell)
		} else {
			s = p.say(fmt.Sprintf("%s %d · buy £%d · full", mk.en, mk.cubes, buy), mk.id+"_full", "Cubes", mk.cubes, "Buy", buy)
		}
		p.text(s, x+24, y+31, p.fit(s, 19, 18, TurnW/2-48, true), true, 0, colInk, imaging.RoleEssential)
		places[mk.place] = rect{x - 6, y + 6, TurnW/2 - 20, marketsH - 8}
	}
	return y + marketsH
}

// columns of the players' table: the right end of each number.
var (
	colX     = []float64{262, 336, 404, 478, 552, 616, 680, 748}
	colIDs   = []string{"img_bb_col_money", "img_bb_col_spent", "img_bb_col_vp", "img_bb_col_proj", "img_bb_col_income", "img_bb_col_track", "img_bb_col_cards", "img_bb_col_links"}
	colNames = []string{"money", "spent", "VP", "proj.", "income", "track", "cards", "links"}
)

// players draws the players' table in turn order: money and money spent
// (which set the next turn order), VP and projected VP, income level and
// track space, cards in hand, link tiles left. It returns the y below.
func (p *pic) players(v brass.PublicView, y float64) float64 {
	p.line(0, y, TurnW, y, 1.5, colEdge, 0)
	order := p.say("turn order", "img_bb_col_order")
	p.text(order, 16, y+21, p.fit(order, 15, 14, 180, true), true, 0, colMuted, imaging.RoleSecondary)
	for k, id := range colIDs {
		h := p.say(colNames[k], id)
		p.text(h, colX[k], y+21, p.fit(h, 15, 14, 68, true), true, 1, colMuted, imaging.RoleSecondary)
	}
	y += tableTop
	order2 := v.Order
	if len(order2) != len(v.Players) {
		order2 = nil
		for k := range v.Players {
			order2 = append(order2, k)
		}
	}
	for k, seat := range order2 {
		pv := v.Players[seat]
		top := y + float64(k)*rowH
		if seat == v.Turn || (v.Step == "shortfall" && slices.Contains(v.ToAct, seat)) {
			p.box(rect{4, top, TurnW - 8, rowH - 2}, 5, colRow, colInk, 1.5)
		}
		base := top + 23
		p.text(fmt.Sprintf("%d.", k+1), 12, base, 18, true, 0, colInk, imaging.RoleEssential)
		p.disc(50, top+15, 12, seatFill(seat), colInk, 1.2)
		p.text(seatLetter(seat), 50, top+20.5, 15, true, 0.5, seatInk(seat), imaging.RoleSecondary)
		name := p.o.Name(seat)
		p.text(name, 68, base, p.fit(name, 18, 14, 140, true), true, 0, colInk, imaging.RoleSecondary)
		vals := []string{fmt.Sprintf("£%d", pv.Money), fmt.Sprintf("£%d", pv.Spent), fmt.Sprint(pv.VP), fmt.Sprint(pv.Projected),
			signed(pv.Level), fmt.Sprint(pv.Income), fmt.Sprint(pv.Hand), fmt.Sprint(pv.LinksLeft)}
		if v.Result != nil {
			vals[3] = "—" // nothing is left to project
		}
		for c, s := range vals {
			p.text(s, colX[c], base, 18, c == 2 || c == 0, 1, colInk, imaging.RoleEssential)
		}
	}
	return y + float64(len(order2))*rowH + 12
}

// signed is n with its sign, "+5", "0", "-3".
func signed(n int) string {
	if n > 0 {
		return fmt.Sprintf("+%d", n)
	}
	return fmt.Sprint(n)
}

// highlights rings the changed places and draws the marks on theirs,
// over everything else.
func (p *pic) highlights(places map[int]rect) {
	for _, pl := range p.o.Changed {
		if r, ok := places[pl]; ok {
			p.changed(r)
		}
	}
	keys := make([]int, 0, len(p.o.Marks))
	for pl := range p.o.Marks {
		keys = append(keys, pl)
	}
	slices.Sort(keys)
	for _, pl := range keys {
		r, ok := places[pl]
		if !ok {
			continue
		}
		x, y := r.cx(), r.cy()
		if pl >= brass.PlaceLoc(0) && pl < brass.PlaceCoalMarket {
			x, y = r.X, r.Y // a town: its box's corner, clear of its spaces' marks
		}
		if pl == brass.PlaceCoalMarket || pl == brass.PlaceIronMarket {
			x = r.X + r.W - 24
		}
		p.mark(p.o.Marks[pl], x, y)
	}
}

// miniLegend names the industry symbols on one line at the turn
// picture's foot (the full board has the whole legend).
func (p *pic) miniLegend(y float64) {
	const size, gap = 14.0, 30.0
	total := 0.0
	for i := brass.Industry(0); i < brass.NumIndustries; i++ {
		total += gap + p.width(p.indName(i), size, false)
	}
	x := 16 + max(0, (TurnW-32-total)/2)
	for i := brass.Industry(0); i < brass.NumIndustries; i++ {
		name := p.indName(i)
		p.glyph(i, x+9, y+5, 17)
		p.text(name, x+21, y+10, size, false, 0, colMuted, imaging.RoleSecondary)
		x += gap + p.width(name, size, false)
	}
}

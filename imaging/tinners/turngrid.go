package tinnersimg

import (
	"math"
	"slices"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The turn picture's areas are a grid of cards, one column per region in
// play (A to D, west to east) and one card per area in play, in id order:
// a card is the area's id and its pieces at the phone measure, flowed in
// rows. A geographic map of all four regions at 1,000 px wide leaves the
// middle of Cornwall a few pixels per area, and its pieces then spread
// over the sea (issue 25: a 5-player picture was 2,100–2,500 px tall, in
// two halves); the full board (/tt board full) keeps the map.
const (
	gridGap   = 6.0  // between columns and between cards
	gridPad   = 10.0 // the grid's margins
	cardPad   = 6.0  // inside a card
	cardRowH  = 36.0 // a row of pieces
	cardIDPx  = 27.0 // the area's id
	cardPiece = 3.0  // between pieces
)

// gridStyle sizes the pieces of the cards: cubes of 32.5 px, whose digits
// are 23.4 px (9.4 px at 400 px wide).
var gridStyle = areaStyle{u: turnU, devH: turnDevH}

// turnAreaGrid lays out the cards of the areas in play from y = 0 and
// returns the grid's height. changed are the areas to highlight.
func turnAreaGrid(b *builder, v tinners.PublicView, o imaging.Options, changed map[int]bool) float64 {
	const W = float64(TurnW)
	e := v.Edition()
	var cols [][]int
	for r := tinners.RegionA; r <= tinners.RegionD; r++ {
		var col []int
		for i, a := range e.Areas {
			if a.Region == r && i < len(v.Areas) && v.Areas[i].InPlay {
				col = append(col, i)
			}
		}
		if len(col) > 0 {
			cols = append(cols, col)
		}
	}
	if len(cols) == 0 {
		return 0
	}
	cw := (W - 2*gridPad - gridGap*float64(len(cols)-1)) / float64(len(cols))
	bottom := 0.0
	for c, col := range cols {
		x := gridPad + float64(c)*(cw+gridGap)
		y := 0.0
		for _, i := range col {
			y += areaCard(b, v, o, i, x, y, cw, changed[i]) + gridGap
		}
		bottom = math.Max(bottom, y)
	}
	return bottom + borderMarks(b, v, o, bottom)
}

// areaCard lays out area i's card at x, y, w wide, and returns its
// height: the mark of a private step (if any), the id, then the pieces,
// flowed left to right in rows.
func areaCard(b *builder, v tinners.PublicView, o imaging.Options, i int, x, y, w float64, lit bool) float64 {
	a := v.Edition().Areas[i]
	pieces, head := cardPieces(b, v, o, i)
	out, rowN := flowCard(pieces, head, w-2*cardPad)
	h := 2*cardPad + float64(rowN+1)*cardRowH
	if v.Auction != nil && v.Auction.Area == i {
		b.add(Item{Kind: KindAuction, Seat: -1, Area: a.ID, X: x - 3, Y: y - 3, W: w + 6, H: h + 6, Size: 5})
	}
	b.add(Item{Kind: KindCard, Seat: -1, Area: a.ID, N: b2i(lit), X: x, Y: y, W: w, H: h})
	for _, p := range out {
		it := p.it
		if it.Kind != KindMine && it.Kind != KindPeek && it.Kind != KindCalciner && it.Kind != KindOwnMiner {
			it.Seat = -1
		}
		it.Area = a.ID
		top := y + cardPad + float64(p.row)*cardRowH
		it.X = x + cardPad + p.x
		switch it.Kind {
		case KindText:
			it.Y = top + cardRowH/2 + it.Size*0.36
		case KindMark:
			it.X += it.W / 2
			it.Y = top + cardRowH/2
		default:
			it.Y = top + (cardRowH-it.H)/2
		}
		if p.back {
			it.H = gridStyle.u*26 + 8
			it.Y = top + (cardRowH-it.H)/2
		}
		b.add(it)
	}
	return h
}

// cardPieces are the items of area i's card in order: the mark of a
// private step (if any) and the id (the first head items), then the
// area's state and developments, sized for the grid. A face-up tile's
// backing goes behind its cubes: it is placed with the first cube after
// it.
func cardPieces(b *builder, v tinners.PublicView, o imaging.Options, i int) (pieces []Item, head int) {
	a := v.Edition().Areas[i]
	av := v.Areas[i]
	state, devs := areaPieces(gridStyle, av, v, o)
	// Narrower than the map's pieces: a cube's digit needs its height,
	// not its width.
	for k := range state {
		switch it := &state[k]; it.Kind {
		case KindMine:
			it.W, it.H = 34, 34
		case KindCube:
			it.W = 28
		case KindTileDown:
			it.W, it.H = 44, 34
		}
	}
	for k := range devs {
		switch it := &devs[k]; it.Kind {
		case KindCapacity:
			it.W = 38
		case KindPump:
			it.H = 33 // "S2" at 23 px
		}
	}
	var row []Item
	if mark := o.Marks[i]; mark != "" {
		r := imaging.MarkRadius(TurnW)
		row = append(row, Item{Kind: KindMark, Seat: -1, Text: mark, W: 2 * r, H: 2 * r})
	}
	idW := b.width(a.ID, cardIDPx, true)
	row = append(row, Item{Kind: KindText, Seat: -1, Text: a.ID, W: idW, H: cardIDPx, Size: cardIDPx, Bold: true, Color: colInk, Role: imaging.RoleEssential})
	pieces = append(row, state...)
	return append(pieces, devs...), len(row)
}

// cardPlaced is a piece placed on a card: its row, its x from the card's
// inner left edge, and whether it is a face-up tile's backing.
type cardPlaced struct {
	it   Item
	row  int
	x    float64
	back bool // a face-up tile's backing
}

// flowCard flows a card's pieces left to right in rows inner wide (the
// head items, the mark and the id, stand apart from the pieces) and
// returns where each goes and the last row's index.
func flowCard(pieces []Item, head int, inner float64) ([]cardPlaced, int) {
	var out []cardPlaced
	rowN, cx := 0, 0.0
	for k := 0; k < len(pieces); k++ {
		it := pieces[k]
		if it.Kind == KindTileUp {
			// The backing spans the cubes (and bonus) that follow it.
			span, n := 0.0, 0
			for _, nx := range pieces[k+1:] {
				if nx.Kind != KindCube && nx.Kind != KindText || nx.Kind == KindCube && nx.Text == "arsenic" {
					break
				}
				if n > 0 {
					span += cardPiece
				}
				span += nx.W
				n++
			}
			it.W = span + 8
			if cx > 0 && cx+it.W > inner {
				rowN, cx = rowN+1, 0
			}
			out = append(out, cardPlaced{it: it, row: rowN, x: cx, back: true})
			cx += 4
			continue
		}
		if cx > 0 && cx+it.W > inner {
			rowN, cx = rowN+1, 0
		}
		out = append(out, cardPlaced{it: it, row: rowN, x: cx})
		cx += it.W + cardPiece
		if k == head-1 {
			cx += 2 // the id stands apart from the pieces
		}
	}
	return out, rowN
}

// borderMarks lays out, under the grid at y, the borders a private step
// marks (an adit's choice): each mark with the border's two areas, in
// rows. It returns their height (0 for none).
func borderMarks(b *builder, v tinners.PublicView, o imaging.Options, y float64) float64 {
	e := v.Edition()
	var ks []int
	for p := range o.Marks {
		if k, ok := tinners.PlaceBorder(p); ok && k < len(e.Borders) {
			ks = append(ks, k)
		}
	}
	if len(ks) == 0 {
		return 0
	}
	slices.Sort(ks)
	r := imaging.MarkRadius(TurnW)
	x, rows := turnPad, 0
	for _, k := range ks {
		br := e.Borders[k]
		s := e.Areas[br[0]].ID + "–" + e.Areas[br[1]].ID
		w := 2*r + 6 + b.width(s, 24, true) + 18
		if x+w > TurnW-turnPad {
			x, rows = turnPad, rows+1
		}
		cy := y + 4 + r + float64(rows)*(2*r+8)
		b.add(Item{Kind: KindMark, Seat: -1, Text: o.Marks[tinners.BorderPlace(k)], X: x + r, Y: cy, W: 2 * r})
		b.text(s, x+2*r+6, cy+8, 24, true, 0, colInk, imaging.RoleEssential)
		x += w
	}
	return 8 + float64(rows+1)*(2*r+8)
}

// keyEntry is a symbol the legend strip explains: an item of kind (and,
// for a cube, of ore) and its words.
type keyEntry struct {
	kind Kind
	ore  string
	id   string
	en   string
}

// keyEntries are the symbols of the cards, in the legend's order.
var keyEntries = []keyEntry{
	{KindTileDown, "", "img_key_face_down", "face-down tile"},
	{KindPeek, "", "img_key_peeked", "seen by"},
	{KindMine, "", "img_key_mine", "mine"},
	{KindDrain, "", "img_key_drain", "water drained"},
	{KindCapacity, "", "img_key_capacity", "extracts up to"},
	{KindMiner, "", "img_key_miner", "miner"},
	{KindOwnMiner, "", "img_key_own_miner", "own miner"},
	{KindPort, "", "img_key_port", "port"},
	{KindTrain, "", "img_key_train", "train"},
	{KindPump, "", "img_key_pump", "steam pump"},
	{KindCalciner, "", "img_key_calciner", "calciner"},
	{KindCube, "arsenic", "img_key_arsenic", "arsenic"},
	{KindLimiter, "", "img_key_limiter", "last column"},
	{KindCard, "", "img_key_changed", "changed"},
}

// turnLegend lays out, from y = 0, a strip explaining the symbols the
// cards of items show (a touched card too), each symbol with its words,
// in rows; it returns its height (0 when there is none to explain).
func turnLegend(b *builder, items []Item) float64 {
	const W = float64(TurnW)
	shown := map[keyEntry]bool{}
	for _, it := range items {
		if it.Area == "" && it.Kind != KindLimiter {
			continue
		}
		for _, k := range keyEntries {
			if it.Kind == k.kind && (k.ore == "" || it.Text == k.ore) && (k.kind != KindCard || it.N == 1) {
				shown[k] = true
			}
		}
	}
	const size, ih, rowH = 19.0, 26.0, 33.0
	x, rows := turnPad, 0
	for _, k := range keyEntries {
		if !shown[k] {
			continue
		}
		word := b.o.Say(k.en, k.id)
		iw := ih
		switch k.kind {
		case KindDrain:
			iw = ih * 0.9
		case KindCapacity:
			iw = ih * 1.3
		case KindTileDown:
			iw = ih * 1.25
		case KindCard:
			iw = ih * 1.4
		}
		w := iw + 6 + b.width(word, size, false) + 18
		if x > turnPad && x+w > W-turnPad {
			x, rows = turnPad, rows+1
		}
		y := 4 + float64(rows)*rowH
		icon := Item{Kind: k.kind, Seat: -1, Text: k.ore, N: -1, X: x, Y: y + (rowH-ih)/2, W: iw, H: ih, Role: imaging.RoleDecor}
		switch k.kind {
		case KindLimiter:
			iw = ih * 0.8
			icon.Seat = 0
		case KindPeek, KindMine, KindCalciner, KindOwnMiner:
			icon.Seat = 0
		case KindDrain:
			icon.N = 0 // the drop alone
		case KindCapacity:
			icon.N = 3
			icon.H = 32 // its "×3" at the counts' size
			icon.Y = y + 1
		case KindPump:
			icon.N = 1
		case KindCard:
			icon.N = 1
			icon.Area = b.e.Areas[0].ID
		}
		b.add(icon)
		b.text(word, x+iw+6, y+rowH*0.68, size, false, 0, colInk, imaging.RoleSecondary)
		x += w
	}
	if len(shown) == 0 {
		return 0
	}
	return 8 + float64(rows+1)*rowH
}

package mineshaftimg

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Item kinds: what a layout item draws. Coordinates are in picture units
// (Scale pixels each); X,Y,W,H is a box unless said otherwise.
const (
	KindText    = "text"    // Text with its baseline at Y, anchored at X by Align
	KindRect    = "rect"    // a box filled with Fill, edged with Color (N=1: dashed, N=2: no edge)
	KindTile    = "tile"    // a tile of the mine: Tracks, Colour, Special, Start, Collapsed; N=1 a ghost (not laid yet)
	KindSymbol  = "symbol"  // a tile colour's symbol (Colour) in the box, its letter Text beside it
	KindIcon    = "icon"    // a special tile's icon (Special) in the box
	KindPickaxe = "pickaxe" // die A's pickaxe face in the box
	KindChip    = "chip"    // a marker of resource N (a rounded square), its letter Text; centre X,Y, side W
	KindPawn    = "pawn"    // Seat's pawn with its letter (Text); centre X,Y, diameter W
	KindMark    = "mark"    // a private step's mark (imaging.Options.Marks) Text; centre X,Y, diameter W
	KindChanged = "changed" // a ring round a place changed since the last post
)

// Item is one thing drawn: the layout as data, in drawing order.
type Item struct {
	Kind       string
	X, Y, W, H float64
	Text       string
	Size       float64 // font size of a text
	Bold       bool
	Align      float64 // 0 left, 0.5 centre, 1 right
	Color      color.RGBA
	Fill       color.RGBA
	Role       string // a text's role (imaging.RoleEssential...)
	Seat       int
	N          int
	Tracks     mineshaft.Tracks
	Colour     mineshaft.Colour
	Special    mineshaft.Special
	Start      bool
	Collapsed  bool
}

// Geometry, in picture units. The turn picture is TurnW units wide, drawn
// at Scale pixels a unit: a unit is a pixel once the picture is shown 400
// px wide, so sizes here are the phone sizes the pictures suite measures.
const (
	// Scale is the pixels per unit of every picture.
	Scale = 2.0
	// TurnW is the turn picture's width in units (800 px).
	TurnW = 400.0
	// MaxTurnH is the tallest a turn picture may be, 1.3 × its width.
	MaxTurnH = 1.3 * TurnW
	pad      = 8.0
	// MinCell and MaxCell bound a cell of the turn picture's mine: at
	// MinCell a tile still holds three marker chips with legible letters.
	MinCell = 46.0
	MaxCell = 76.0
	// BoardCell is a cell of the whole mine (/tt board full:true).
	BoardCell  = 58.0
	headerH    = 48.0
	playerRowH = 19.0
	markR      = 10.0 // a mark's radius: imaging.MarkRadius at 800 px
	stripTile  = 38.0
	stripSlot  = 48.0
	// rulerW and rulerH hold the rulers left of and above the mine: the
	// numbers of its columns and rows, the coordinates the log writes
	// ("(2, −1)" is column 2, row −1).
	rulerW = 16.0
	rulerH = 12.0
)

// rect is a box in units.
type rect struct{ X, Y, W, H float64 }

// window is the part of the grid drawn: cells X0..X1, Y0..Y1 inclusive.
type window struct{ X0, Y0, X1, Y1 int }

func (w window) cols() int         { return w.X1 - w.X0 + 1 }
func (w window) rows() int         { return w.Y1 - w.Y0 + 1 }
func (w window) has(x, y int) bool { return x >= w.X0 && x <= w.X1 && y >= w.Y0 && y <= w.Y1 }
func (w *window) add(x, y int) {
	w.X0, w.X1, w.Y0, w.Y1 = min(w.X0, x), max(w.X1, x), min(w.Y0, y), max(w.Y1, y)
}
func point(x, y int) window { return window{x, y, x, y} }

// builder collects items.
type builder struct {
	o      imaging.Options
	v      mineshaft.PublicView
	m      *imaging.Measurer
	items  []Item
	places map[int]rect // where each place is drawn, for rings
	// grid geometry: the window, its top-left corner and cell size.
	win        window
	gx, gy, cs float64
	tiles      map[[2]int]int // cell → index in v.Tiles
}

func (b *builder) add(it Item) { b.items = append(b.items, it) }

func (b *builder) text(s string, x, y, size float64, bold bool, align float64, c color.RGBA, role string) {
	b.add(Item{Kind: KindText, Text: s, X: x, Y: y, Size: size, Bold: bold, Align: align, Color: c, Role: role, Seat: -1})
}

// fitText adds s shrunk (down to least) to fit in width.
func (b *builder) fitText(s string, x, y, size, least, width float64, bold bool, align float64, c color.RGBA, role string) {
	if b.m != nil {
		size = b.m.Fit(s, size, least, width, bold)
	}
	b.text(s, x, y, size, bold, align, c, role)
}

func (b *builder) rectItem(r rect, fill, edge color.RGBA, n int) {
	b.add(Item{Kind: KindRect, X: r.X, Y: r.Y, W: r.W, H: r.H, Fill: fill, Color: edge, N: n, Seat: -1})
}

func (b *builder) width(s string, size float64, bold bool) float64 {
	if b.m == nil {
		return 0.55 * size * float64(len([]rune(s)))
	}
	return b.m.Width(s, size, bold)
}

func (b *builder) place(p int, r rect) {
	if b.places == nil {
		b.places = map[int]rect{}
	}
	b.places[p] = r
}

// ed is the edition of v (one so far).
func ed(mineshaft.PublicView) *mineshaft.Edition { return mineshaft.Standard }

// tileOf returns the tile id's printed face, or false for an id outside
// the edition.
func (b *builder) tileOf(id int) (mineshaft.Tile, bool) {
	e := ed(b.v)
	if id < 0 || id >= len(e.Tiles) {
		return mineshaft.Tile{}, false
	}
	return e.Tile(id), true
}

// markedCells are the marks of o by kind: marks on cells by cell, and the
// placement options (cell and rotation) in mark order.
type placement struct {
	X, Y, Rot int
	Mark      string
	Place     int
}

func (b *builder) marks() (cells map[[2]int]string, places []placement) {
	cells = map[[2]int]string{}
	for p, m := range b.o.Marks {
		in := mineshaft.DecodePlace(p)
		switch in.Kind {
		case mineshaft.KindCell:
			cells[[2]int{in.X, in.Y}] = m
		case mineshaft.KindPlacement:
			places = append(places, placement{in.X, in.Y, in.Rot, m, p})
		}
	}
	slices.SortFunc(places, func(a, c placement) int {
		if d := markNum(a.Mark) - markNum(c.Mark); d != 0 {
			return d
		}
		return a.Place - c.Place
	})
	return cells, places
}

// sortedCells are the cells of marks in row order.
func sortedCells(marks map[[2]int]string) [][2]int {
	out := make([][2]int, 0, len(marks))
	for c := range marks {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, c [2]int) int {
		if a[1] != c[1] {
			return a[1] - c[1]
		}
		return a[0] - c[0]
	})
	return out
}

func markNum(m string) int {
	n := 0
	fmt.Sscanf(m, "%d", &n)
	return n
}

// turnItems lays out the turn picture of v (full: the whole mine, for
// /tt board full:true) and returns its items and its size in units.
func turnItems(v mineshaft.PublicView, o imaging.Options, full bool) ([]Item, float64, float64) {
	b, w, h := turnBuild(v, o, full)
	return b.items, w, h
}

// turnBuild lays out the turn picture (or the whole mine, full) of v and
// returns its builder (items and places) and size in units.
func turnBuild(v mineshaft.PublicView, o imaging.Options, full bool) (*builder, float64, float64) {
	m, _ := imaging.NewMeasurer()
	b := &builder{o: o, v: v, m: m, tiles: map[[2]int]int{}}
	for i, t := range v.Tiles {
		b.tiles[[2]int{t.X, t.Y}] = i
	}
	cellMarks, placements := b.marks()

	// The whole mine: tiles, open ends and marked cells.
	all := point(0, 0)
	for _, t := range v.Tiles {
		all.add(t.X, t.Y)
	}
	for _, e := range v.OpenEnds {
		all.add(e.CellX, e.CellY)
	}
	for c := range cellMarks {
		all.add(c[0], c[1])
	}
	for _, p := range placements {
		all.add(p.X, p.Y)
	}

	W := TurnW
	stripH := 0.0
	if len(placements) > 0 {
		perRow := int((W - 2*pad) / stripSlot)
		stripH = 18 + float64((len(placements)+perRow-1)/perRow)*(stripTile+22)
	}
	below := 6 + float64(len(v.Players))*playerRowH + 6 + 20 + 30 + stripH
	win := all
	cs := BoardCell
	if full {
		W = max(TurnW, float64(all.cols())*cs+2*pad+rulerW)
	} else {
		budget := MaxTurnH - headerH - below - 2*pad - rulerH
		maxCols := int((W - 2*pad - rulerW) / MinCell)
		maxRows := max(3, int(budget/MinCell))
		if all.cols() > maxCols || all.rows() > maxRows {
			budget -= 16 // the line saying so
			maxRows = max(3, int(budget/MinCell))
			win = b.crop(all, cellMarks, placements, maxCols, maxRows)
		}
		cs = min(MaxCell, (W-2*pad-rulerW)/float64(win.cols()), budget/float64(win.rows()))
	}
	b.win, b.cs = win, cs

	b.header(W)
	y := headerH
	off := 0
	for _, t := range v.Tiles {
		if !win.has(t.X, t.Y) {
			off++
		}
	}
	if off > 0 { // only open ends' empty cells cut: nothing to say
		b.fitText(b.cropped(off), pad, y+11, 9, 9, W-2*pad, false, 0, colMuted, imaging.RoleEssential)
		y += 16
	}
	y += rulerH
	b.gx, b.gy = (W-float64(win.cols())*cs+rulerW)/2, y
	b.grid(cellMarks, placements)
	b.rulers()
	y += float64(win.rows())*cs + 4
	y = b.elsewhere(cellMarks, placements, y, W)
	if len(placements) > 0 {
		y = b.strip(placements, y, W)
	}
	y = b.players(y+4, W)
	y = b.bag(y, W)
	y = b.legend(y, W)
	b.changes()
	return b, W, math.Ceil(y + pad)
}

// crop picks the window of at most cols × rows cells shown of the mine
// all: round the marked cells if any, else the pawns and open ends,
// centred on the seat to act when even those do not fit.
func (b *builder) crop(all window, cellMarks map[[2]int]string, placements []placement, cols, rows int) window {
	v := b.v
	var focus window
	have := false
	put := func(x, y int) {
		if !have {
			focus, have = point(x, y), true
			return
		}
		focus.add(x, y)
	}
	for c := range cellMarks {
		put(c[0], c[1])
	}
	for _, p := range placements {
		put(p.X, p.Y)
	}
	centre := [2]int{0, 0}
	if v.Turn >= 0 && v.Turn < len(v.Players) {
		p := v.Players[v.Turn]
		centre = [2]int{p.X, p.Y}
		put(p.X, p.Y)
	}
	if len(cellMarks)+len(placements) == 0 {
		for _, p := range v.Players {
			put(p.X, p.Y)
		}
		for _, e := range v.OpenEnds {
			put(e.CellX, e.CellY)
		}
	}
	span := func(lo, hi, alo, ahi, n, c int) (int, int) {
		if hi-lo+1 > n { // the focus does not fit: centre on the seat to act
			lo, hi = c-n/2, c-n/2+n-1
		}
		for hi-lo+1 < n && (lo > alo || hi < ahi) { // grow towards the rest of the mine
			if lo > alo {
				lo--
			}
			if hi-lo+1 < n && hi < ahi {
				hi++
			}
		}
		if lo < alo && hi-lo+1 <= ahi-alo+1 { // keep within the mine
			hi += alo - lo
			lo = alo
		}
		if hi > ahi && hi-lo+1 <= ahi-alo+1 {
			lo -= hi - ahi
			hi = ahi
		}
		return lo, hi
	}
	var w window
	w.X0, w.X1 = span(focus.X0, focus.X1, all.X0, all.X1, cols, centre[0])
	w.Y0, w.Y1 = span(focus.Y0, focus.Y1, all.Y0, all.Y1, rows, centre[1])
	return w
}

// cellBox is the box of cell (x, y) in the window.
func (b *builder) cellBox(x, y int) rect {
	return rect{b.gx + float64(x-b.win.X0)*b.cs, b.gy + float64(y-b.win.Y0)*b.cs, b.cs, b.cs}
}

// header lays out the status line, the round and the pile, and at the
// right the last roll of this round and the tile under way.
func (b *builder) header(W float64) {
	v := b.v
	right := W - pad
	boxW := 44.0
	// The tile under way (to lay, swapped, or Fire / Timed Explosion drawn).
	tile := v.Step.Tile
	caption := b.t("To lay", "img_ms_to_lay")
	if tile == mineshaft.NoTile && v.Drawn != mineshaft.NoTile && v.DrawnSeat == v.Turn {
		tile, caption = v.Drawn, b.t("Drawn", "img_ms_drawn")
	}
	if v.Step.Kind == mineshaft.StepOver {
		tile = mineshaft.NoTile
	}
	if t, ok := b.tileOf(tile); ok && tile != mineshaft.NoTile {
		r := rect{right - boxW, 4, boxW, 44}
		b.fitText(caption, r.X+r.W/2, r.Y+8, 8, 7, boxW, false, 0.5, colMuted, imaging.RoleSecondary)
		b.miniTile(t, t.Tracks, r.X+(boxW-36)/2, r.Y+10, 36, true)
		b.place(mineshaft.PlaceDrawn, r)
		right -= boxW + 4
	}
	if d := v.Dice; d.Rolled && d.Round == v.Round && d.Seat == v.Turn && v.Step.Kind != mineshaft.StepOver {
		dw := 58.0
		r := rect{right - dw, 4, dw, 44}
		b.fitText(b.t("Dice", "img_ms_dice"), r.X+r.W/2, r.Y+8, 8, 7, dw, false, 0.5, colMuted, imaging.RoleSecondary)
		if d.A.IsColour() {
			b.symbol(mineshaft.Colour(d.A), r.X+4, r.Y+16, 15)
		} else {
			b.add(Item{Kind: KindPickaxe, X: r.X + 3, Y: r.Y + 15, W: 18, H: 18, Seat: -1})
		}
		// Die B as a die of its own, apart from die A's letter.
		b.rectItem(rect{r.X + r.W - 19, r.Y + 14, 18, 20}, colWhite, colInk, 0)
		b.text(fmt.Sprint(d.B), r.X+r.W-10, r.Y+29, 14, true, 0.5, colInk, imaging.RoleEssential)
		b.place(mineshaft.PlaceDice, r)
		right -= dw + 4
	}
	if v.Step.Seat >= 0 && v.Step.Kind != mineshaft.StepOver {
		b.pawn(v.Step.Seat, pad+8, 16, 16)
		b.fitText(b.status(v), pad+20, 21, 13, 9, right-pad-20, true, 0, colInk, imaging.RoleEssential)
	} else {
		b.fitText(b.status(v), pad, 21, 13, 9, right-pad, true, 0, colInk, imaging.RoleEssential)
	}
	// Inset from the pile's place, whose highlight frame would cross the
	// first letter.
	b.fitText(b.roundLine(v), pad+4, 40, 10, 9, right-pad-8, false, 0, colInk, imaging.RoleEssential)
	b.place(mineshaft.PlacePile, rect{pad, 29, right - 2*pad, 14})
}

// grid lays out the window of the mine: the rock, every tile, the open
// ends' empty cells, the placement options and the marks.
func (b *builder) grid(cellMarks map[[2]int]string, placements []placement) {
	v := b.v
	cs := b.cs
	b.rectItem(rect{b.gx, b.gy, float64(b.win.cols()) * cs, float64(b.win.rows()) * cs}, colRock, colRock, 2)
	open := map[[2]int]bool{}
	for _, e := range v.OpenEnds {
		open[[2]int{e.CellX, e.CellY}] = true
	}
	for y := b.win.Y0; y <= b.win.Y1; y++ {
		for x := b.win.X0; x <= b.win.X1; x++ {
			r := b.cellBox(x, y)
			b.place(mineshaft.PlaceCell(x, y), r)
			if i, ok := b.tiles[[2]int{x, y}]; ok {
				_, marked := cellMarks[[2]int{x, y}]
				b.tile(v.Tiles[i], r, marked)
			} else if open[[2]int{x, y}] {
				b.rectItem(rect{r.X + 3, r.Y + 3, r.W - 6, r.H - 6}, colOpen, colMuted, 1)
			}
		}
	}
	// Placement options: in their cell, the tile as it would lie when it
	// is the cell's only option, and the marks.
	byCell := map[[2]int][]placement{}
	var order [][2]int
	for _, p := range placements {
		c := [2]int{p.X, p.Y}
		if byCell[c] == nil {
			order = append(order, c)
		}
		byCell[c] = append(byCell[c], p)
	}
	t, tok := b.tileOf(v.Step.Tile)
	for _, c := range order {
		if !b.win.has(c[0], c[1]) {
			continue
		}
		r := b.cellBox(c[0], c[1])
		ps := byCell[c]
		if len(ps) == 1 && tok {
			b.add(Item{Kind: KindTile, X: r.X + 2, Y: r.Y + 2, W: r.W - 4, H: r.H - 4, Tracks: t.Tracks.Turn(ps[0].Rot),
				Colour: t.Colour, Special: t.Special, N: 1, Seat: -1})
		}
		for k, p := range ps {
			x, y := markSpot(r, k, len(ps))
			b.mark(p.Mark, x, y)
		}
	}
	for _, c := range sortedCells(cellMarks) {
		m := cellMarks[c]
		if b.win.has(c[0], c[1]) {
			r := b.cellBox(c[0], c[1])
			b.mark(m, r.X+r.W-markR-2, r.Y+r.H/2)
		}
	}
}

// rulers number the window's columns above it and its rows left of it,
// as the log's coordinates count them.
func (b *builder) rulers() {
	for x := b.win.X0; x <= b.win.X1; x++ {
		r := b.cellBox(x, b.win.Y0)
		b.fitText(coord(x), r.X+r.W/2, b.gy-3, 9, 8, r.W, false, 0.5, colMuted, imaging.RoleSecondary)
	}
	for y := b.win.Y0; y <= b.win.Y1; y++ {
		r := b.cellBox(b.win.X0, y)
		b.fitText(coord(y), b.gx-2, r.Y+r.H/2+3, 9, 8, rulerW-3, false, 1, colMuted, imaging.RoleSecondary)
	}
}

// coord writes a column or row number as the log does: "−1".
func coord(v int) string {
	if v < 0 {
		return fmt.Sprintf("−%d", -v)
	}
	return fmt.Sprint(v)
}

// markSpot is where the k-th of n marks goes in cell r.
func markSpot(r rect, k, n int) (float64, float64) {
	cx, cy := r.X+r.W/2, r.Y+r.H/2
	d := markR + 1
	switch n {
	case 1:
		return cx, cy
	case 2:
		return cx + float64(2*k-1)*d, cy
	case 3:
		return [3]float64{cx - d, cx + d, cx}[k], [3]float64{cy - d, cy - d, cy + d}[k]
	}
	return cx + float64(2*(k%2)-1)*d, cy + float64(2*(k/2%2)-1)*d
}

// mark lays out mark m centred on x,y; a number of two digits gets a
// larger ring, so that its digits stay essential-sized.
func (b *builder) mark(m string, x, y float64) {
	r := markR
	if len(m) > 1 {
		r = 11
	}
	b.add(Item{Kind: KindMark, Text: m, X: x, Y: y, W: 2 * r, Seat: -1})
}

// tile lays out a tile of the mine in cell r: its face (tracks, tint,
// colour symbol and letter, special icon), its markers and its pawns.
// A marked tile's pawns move left, clear of the mark at its right.
func (b *builder) tile(t mineshaft.TileView, r rect, marked bool) {
	b.add(Item{Kind: KindTile, X: r.X, Y: r.Y, W: r.W, H: r.H, Tracks: t.Tracks, Colour: t.Colour, Special: t.Special,
		Start: t.Start, Collapsed: t.Collapsed, Seat: -1})
	s := r.W
	if t.Colour >= 0 && t.Colour < mineshaft.NumColours {
		b.symbol(t.Colour, r.X+3, r.Y+3, max(10, s*0.2))
	}
	if t.Special != mineshaft.NoSpecial {
		sz := max(12, s*0.24)
		b.add(Item{Kind: KindIcon, X: r.X + s - sz - 3, Y: r.Y + 3, W: sz, H: sz, Special: t.Special, Seat: -1})
	}
	// Markers along the bottom.
	n := t.Markers[0] + t.Markers[1] + t.Markers[2]
	d := max(13, s*0.26)
	x := r.X + s/2 - float64(n)*d/2 + d/2
	for res, k := range t.Markers {
		for range k {
			b.add(Item{Kind: KindChip, X: x, Y: r.Y + s - d/2 - 2, W: d, N: res, Text: b.resLetter(res), Seat: -1})
			x += d
		}
	}
	// Pawns in the middle.
	pd := max(16, s*0.32)
	if len(t.Pawns) > 2 {
		pd = max(15, s*0.3)
	}
	cy := r.Y + s*0.48
	cx := r.X + s/2
	if marked {
		cx = r.X + (s-2*markR-2)/2
	}
	for k, seat := range t.Pawns {
		px, py := cx, cy
		switch len(t.Pawns) {
		case 1:
		case 2:
			px += float64(2*k-1) * pd * 0.55
		default:
			px += float64(2*(k%2)-1) * pd * 0.55
			py += float64(2*(k/2)-1) * pd * 0.5
		}
		b.pawn(seat, px, py, pd)
	}
}

// symbol lays out colour c's symbol in a box of side sz at x,y with its
// letter beside it.
func (b *builder) symbol(c mineshaft.Colour, x, y, sz float64) {
	b.add(Item{Kind: KindSymbol, X: x, Y: y, W: sz, H: sz, Colour: c, Text: ColourLetters[c], Size: max(9, sz*0.95), Seat: -1})
}

func (b *builder) pawn(seat int, cx, cy, d float64) {
	b.add(Item{Kind: KindPawn, X: cx, Y: cy, W: d, Seat: seat, Text: b.o.SeatLetter(seat)})
}

// miniTile lays out a tile's face (tracks as given) in a box of side s,
// with its colour's symbol and letter when badge.
func (b *builder) miniTile(t mineshaft.Tile, tr mineshaft.Tracks, x, y, s float64, badge bool) {
	b.add(Item{Kind: KindTile, X: x, Y: y, W: s, H: s, Tracks: tr, Colour: t.Colour, Special: t.Special, Start: t.ID == 0, Seat: -1})
	if badge && t.Colour >= 0 && t.Colour < mineshaft.NumColours {
		b.symbol(t.Colour, x+2, y+2, 10)
	}
	if t.Special != mineshaft.NoSpecial {
		sz := min(12, s*0.28)
		if !t.Special.Placed() {
			sz = s * 0.6
			b.add(Item{Kind: KindIcon, X: x + (s-sz)/2, Y: y + (s-sz)/2, W: sz, H: sz, Special: t.Special, Seat: -1})
			return
		}
		b.add(Item{Kind: KindIcon, X: x + s - sz - 2, Y: y + 2, W: sz, H: sz, Special: t.Special, Seat: -1})
	}
}

// elsewhere lists the marks of cells the cropped picture does not show,
// with their cells, so that every option of the menu is on the picture.
func (b *builder) elsewhere(cellMarks map[[2]int]string, placements []placement, y, W float64) float64 {
	type off struct {
		mark string
		x, y int
	}
	var offs []off
	for _, c := range sortedCells(cellMarks) {
		m := cellMarks[c]
		if !b.win.has(c[0], c[1]) {
			offs = append(offs, off{m, c[0], c[1]})
		}
	}
	for _, p := range placements {
		if !b.win.has(p.X, p.Y) {
			offs = append(offs, off{p.Mark, p.X, p.Y})
		}
	}
	if len(offs) == 0 {
		return y
	}
	slices.SortFunc(offs, func(a, c off) int { return markNum(a.mark) - markNum(c.mark) })
	b.fitText(b.t("Off the picture:", "img_ms_off_picture"), pad, y+16, 10, 9, 110, false, 0, colInk, imaging.RoleEssential)
	x := pad + b.width(b.t("Off the picture:", "img_ms_off_picture"), 10, false) + 4
	x = min(x, pad+114)
	for _, o := range offs {
		lbl := b.cellText(o.x, o.y)
		w := 2*markR + 4 + b.width(lbl, 10, false) + 8
		if x+w > W-pad {
			x, y = pad+114, y+24
		}
		b.mark(o.mark, x+markR, y+12)
		b.text(lbl, x+2*markR+3, y+16, 10, false, 0, colInk, imaging.RoleEssential)
		x += w
	}
	return y + 26
}

// cellText writes where cell (x, y) lies from the pawn of the seat
// deciding, as the menus do: "↑1 →2", north up; "·" for the pawn's own
// tile. Coordinates would mean nothing to a player.
func (b *builder) cellText(x, y int) string {
	seat := b.v.Step.Seat
	if seat < 0 || seat >= len(b.v.Players) {
		seat = b.v.Turn
	}
	if seat < 0 || seat >= len(b.v.Players) {
		return ""
	}
	dx, dy := x-b.v.Players[seat].X, y-b.v.Players[seat].Y
	var parts []string
	switch {
	case dy < 0:
		parts = append(parts, fmt.Sprintf("↑%d", -dy))
	case dy > 0:
		parts = append(parts, fmt.Sprintf("↓%d", dy))
	}
	switch {
	case dx < 0:
		parts = append(parts, fmt.Sprintf("←%d", -dx))
	case dx > 0:
		parts = append(parts, fmt.Sprintf("→%d", dx))
	}
	if len(parts) == 0 {
		return "·"
	}
	return strings.Join(parts, " ")
}

// strip lays out the tile under way as each placement option lays it,
// numbered with the option's mark, with where its cell lies from the
// pawn under it.
func (b *builder) strip(placements []placement, y, W float64) float64 {
	t, ok := b.tileOf(b.v.Step.Tile)
	if !ok {
		return y
	}
	b.fitText(b.t("The tile as each option lays it:", "img_ms_options"), pad, y+12, 10, 9, W-2*pad, true, 0, colInk, imaging.RoleEssential)
	y += 18
	perRow := int((W - 2*pad) / stripSlot)
	x0 := pad + ((W-2*pad)-float64(min(perRow, len(placements)))*stripSlot)/2
	for k, p := range placements {
		x := x0 + float64(k%perRow)*stripSlot
		yy := y + float64(k/perRow)*(stripTile+22)
		tx := x + (stripSlot-stripTile)/2
		b.miniTile(t, t.Tracks.Turn(p.Rot), tx, yy+4, stripTile, false)
		b.mark(p.Mark, tx+2, yy+6)
		b.text(b.cellText(p.X, p.Y), x+stripSlot/2, yy+stripTile+16, 9, false, 0.5, colInk, imaging.RoleEssential)
		b.place(p.Place, rect{tx, yy + 4, stripTile, stripTile})
	}
	rows := (len(placements) + perRow - 1) / perRow
	return y + float64(rows)*(stripTile+22)
}

// players lays out a row per player: pawn, name, markers collected and
// points; at the end, the ranking with the points of each resource.
func (b *builder) players(y, W float64) float64 {
	v := b.v
	order := make([]int, len(v.Players))
	for k := range order {
		order[k] = k
	}
	over := v.Step.Kind == mineshaft.StepOver && v.Result != nil && len(v.Result.Ranking) == len(v.Players)
	if over {
		order = v.Result.Ranking
	}
	e := ed(v)
	for k, seat := range order {
		p := v.Players[seat]
		r := rect{pad, y, W - 2*pad, playerRowH - 1}
		if seat == v.Turn && !over {
			b.rectItem(r, colHighlight, colPanelEdge, 0)
		}
		b.place(mineshaft.PlacePlayer(seat), r)
		cy := y + playerRowH/2
		x := pad + 2
		if over {
			b.text(fmt.Sprintf("%d.", k+1), x+12, cy+4, 11, true, 1, colInk, imaging.RoleEssential)
			x += 15
		}
		b.pawn(seat, x+7, cy, 14)
		x += 17
		name := b.o.Name(seat)
		nameW := 98.0
		b.fitText(name, x, cy+4, 11, 7, nameW, seat == v.Turn, 0, colInk, imaging.RoleSecondary)
		x += nameW + 6
		for res := range mineshaft.NumResources {
			b.add(Item{Kind: KindChip, X: x + 6, Y: cy, W: 13, N: res, Text: b.resLetter(res), Seat: -1})
			s := fmt.Sprint(p.Markers[res])
			if over {
				s = fmt.Sprintf("%d = %d", p.Markers[res], p.Markers[res]*e.Points[res])
			}
			b.text(s, x+15, cy+4, 11, true, 0, colInk, imaging.RoleEssential)
			x += 15 + b.width(s, 11, true) + 8
		}
		b.text(b.points(p.Points), W-pad-3, cy+4, 12, true, 1, colInk, imaging.RoleEssential)
		y += playerRowH
	}
	return y + 4
}

// bag lays out the bag's contents by resource.
func (b *builder) bag(y, W float64) float64 {
	v := b.v
	cy := y + 9
	label := b.t("Bag", "img_ms_bag")
	b.text(label, pad+2, cy+4, 11, true, 0, colInk, imaging.RoleEssential)
	x := pad + 2 + max(40, b.width(label, 11, true)+8)
	for res := range mineshaft.NumResources {
		b.add(Item{Kind: KindChip, X: x + 6, Y: cy, W: 13, N: res, Text: b.resLetter(res), Seat: -1})
		s := fmt.Sprint(v.Bag[res])
		b.text(s, x+15, cy+4, 11, true, 0, colInk, imaging.RoleEssential)
		x += 15 + b.width(s, 11, true) + 10
	}
	b.text(fmt.Sprintf("= %d", v.BagCount), x, cy+4, 11, true, 0, colInk, imaging.RoleEssential)
	b.place(mineshaft.PlaceBag, rect{pad, y, x + 40 - pad, 18})
	return y + 20
}

// legend explains the symbols: colours, markers, collapsed and open
// cells, and the special tiles on the picture.
func (b *builder) legend(y, W float64) float64 {
	const size = 8.0
	x := pad
	line := func(w float64) {
		if x+w > W-pad {
			x, y = pad, y+13
		}
	}
	y += 4
	for c := mineshaft.Colour(0); c < mineshaft.NumColours; c++ {
		s := b.colourWord(c)
		w := 22 + b.width(s, size, false) + 8
		line(w)
		b.symbol(c, x, y, 9)
		b.text(s, x+22, y+8, size, false, 0, colMuted, imaging.RoleSecondary)
		x += w
	}
	for res := range mineshaft.NumResources {
		s := b.resWord(res)
		w := 13 + b.width(s, size, false) + 8
		line(w)
		b.add(Item{Kind: KindChip, X: x + 5, Y: y + 5, W: 11, N: res, Text: b.resLetter(res), Seat: -1})
		b.text(s, x+13, y+8, size, false, 0, colMuted, imaging.RoleSecondary)
		x += w
	}
	swatch := func(kind string, s string) {
		w := 14 + b.width(s, size, false) + 8
		line(w)
		switch kind {
		case "collapsed":
			b.add(Item{Kind: KindTile, X: x, Y: y, W: 11, H: 11, Collapsed: true, Colour: mineshaft.NoColour, Seat: -1})
		case "open":
			b.rectItem(rect{x, y, 11, 11}, colOpen, colMuted, 1)
		}
		b.text(s, x+14, y+8, size, false, 0, colMuted, imaging.RoleSecondary)
		x += w
	}
	swatch("collapsed", b.t("collapsed", "img_ms_legend_collapsed"))
	swatch("open", b.t("open end", "img_ms_legend_open"))
	seen := map[mineshaft.Special]bool{}
	for _, t := range b.v.Tiles {
		seen[t.Special] = true
	}
	if t, ok := b.tileOf(b.v.Step.Tile); ok {
		seen[t.Special] = true
	}
	for x2 := mineshaft.Special(1); x2 < mineshaft.NumSpecials; x2++ {
		if !seen[x2] {
			continue
		}
		s := b.specialWord(x2)
		w := 14 + b.width(s, size, false) + 8
		line(w)
		b.add(Item{Kind: KindIcon, X: x, Y: y - 1, W: 12, H: 12, Special: x2, Seat: -1})
		b.text(s, x+14, y+8, size, false, 0, colMuted, imaging.RoleSecondary)
		x += w
	}
	return y + 14
}

// changes rings the places changed since the last post that the picture
// shows.
func (b *builder) changes() {
	for _, p := range b.o.Changed {
		if r, ok := b.places[p]; ok {
			b.add(Item{Kind: KindChanged, X: r.X, Y: r.Y, W: r.W, H: r.H, Seat: -1})
		}
	}
}

// itemTexts are the texts item it draws, in units.
func itemTexts(it Item) []imaging.TextSpec {
	switch it.Kind {
	case KindText:
		return []imaging.TextSpec{{Text: it.Text, X: it.X, Y: it.Y, Size: it.Size, Bold: it.Bold, Align: it.Align, Color: it.Color, Role: it.Role}}
	case KindMark:
		r := it.W / 2
		return []imaging.TextSpec{{Text: it.Text, X: it.X, Y: imaging.MarkBaseline(it.Text, it.Y, r), Size: imaging.MarkSize(it.Text, r), Bold: true, Align: 0.5, Color: imaging.White, Role: imaging.RoleEssential}}
	case KindPawn:
		// The seat's letter as the text names the seat ("N" for the
		// Polish niebieski).
		l := it.Text
		if l == "" {
			_, l, _ = imaging.Seat(it.Seat)
		}
		return []imaging.TextSpec{{Text: l, X: it.X, Y: it.Y + it.W*0.24, Size: max(9, it.W*0.66), Bold: true, Align: 0.5, Color: imaging.SeatInk(it.Seat), Role: imaging.RoleSecondary}}
	case KindChip:
		size := max(8, it.W*0.7)
		role := imaging.RoleEssential
		if size < 9 {
			role = imaging.RoleSecondary // the legend's chips
		}
		return []imaging.TextSpec{{Text: it.Text, X: it.X, Y: it.Y + size*0.36, Size: size, Bold: true, Align: 0.5, Color: resInk[it.N], Role: role}}
	case KindSymbol:
		return []imaging.TextSpec{{Text: it.Text, X: it.X + it.W + 1, Y: it.Y + it.H/2 + it.Size*0.36, Size: it.Size, Bold: true, Align: 0, Color: colInk, Role: imaging.RoleEssential}}
	}
	return nil
}

// layoutOf measures the texts of items, in pixels of a picture of w × h
// units.
func layoutOf(items []Item, w, h float64) imaging.Layout {
	out := imaging.Layout{Width: int(math.Round(w * Scale)), Height: int(math.Round(h * Scale)), Texts: []imaging.LayoutText{}}
	m, err := imaging.NewMeasurer()
	if err != nil {
		return out
	}
	for _, it := range items {
		for _, t := range itemTexts(it) {
			x := (t.X - m.Width(t.Text, t.Size, t.Bold)*t.Align) * Scale
			out.Texts = append(out.Texts, imaging.LayoutText{Text: t.Text, X: imaging.Round1(x), Y: imaging.Round1(t.Y * Scale),
				SizePx: imaging.Round1(t.Size * Scale), Role: t.Role})
		}
	}
	return out
}

// TurnLayout returns the texts RenderTurn draws for v, in pixels.
func TurnLayout(v mineshaft.PublicView, o imaging.Options) imaging.Layout {
	items, w, h := turnItems(v, o, false)
	return layoutOf(items, w, h)
}

// BoardLayout returns the texts RenderBoard draws for v, in pixels.
func BoardLayout(v mineshaft.PublicView, o imaging.Options) imaging.Layout {
	items, w, h := turnItems(v, o, true)
	return layoutOf(items, w, h)
}

// TurnItems returns everything RenderTurn draws for v, in drawing order,
// and the picture's size in units (Scale pixels each).
func TurnItems(v mineshaft.PublicView, o imaging.Options) ([]Item, float64, float64) {
	return turnItems(v, o, false)
}

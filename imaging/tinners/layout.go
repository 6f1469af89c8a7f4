package tinnersimg

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Kind is what a layout item draws. Items and imaging.Layout list them in
// drawing order; String names a kind in the layout goldens.
type Kind int

// The kinds of items.
const (
	KindCell        Kind = iota + 1 // an area's land cell; N=1 in play, 0 out of play
	KindLabel                       // an area's id (Text) and name (Sub)
	KindCallout                     // a plate for an area's contents placed off the cell, pointing at X2,Y2
	KindTileDown                    // a face-down area tile
	KindTileUp                      // a face-up area tile (backing of its cubes)
	KindLeader                      // a line from an area's moved contents X,Y,W,H to its cell's anchor X2,Y2
	KindRemoved                     // 2p: the tile was removed, no mine can be built
	KindPeek                        // a peek token of Seat
	KindCube                        // a cube of the ore in Text ("tin", "copper", "water", "arsenic"); N the count, -1 none shown
	KindDrain                       // N drainage tokens
	KindMine                        // a mine of Seat
	KindMiner                       // a miner
	KindPort                        // a port
	KindTrain                       // a train
	KindPump                        // N permanent steam pumps (or, in the panel, a group of N; Text "taken")
	KindAdit                        // an adit across the border from X,Y to X2,Y2
	KindAuction                     // the auction frame around an area's label and contents X,Y,W,H
	KindAuctionIcon                 // the auction sign centred on X,Y, diameter W
	KindMapFrame                    // a map's frame X,Y,W,H: sea and land off the board; N=1 outlined
	KindChanged                     // an area a move touched since the previous post; W the outline width
	KindPanel                       // a panel background X,Y,W,H
	KindBox                         // a track box X,Y,W,H; N=1 highlighted, 2 closed
	KindText                        // Text at X,Y (baseline centre/left/right by Align)
	KindMarker                      // a disc of Seat with its letter, diameter W
	KindLine                        // a thin rule from X,Y to X2,Y2
	KindCapacity                    // a mine's extraction capacity N
	KindDevPiece                    // a development piece: the icon of Icon with a count N
	KindLegend                      // legend: Text explains the icon of Icon (a cube of the ore in Area)
	KindCalciner                    // Arsenic: the calciner of Seat (a kiln with the owner's letter)
	KindOwnMiner                    // Emigration: Seat's own miner (a badge in its colour with its letter)
	KindLimiter                     // Arsenic: the work-track limiter of Seat (a dark tab with its letter)
	KindMark                        // a private step's mark (imaging.Options.Marks): the ringed number Text centred on X,Y, diameter W
	KindCard                        // the turn picture's card of Area X,Y,W,H in its region's tint; N=1 a move touched it
)

// kindNames are the kinds' names in the layout goldens.
var kindNames = [...]string{
	KindCell:        "cell",
	KindLabel:       "label",
	KindCallout:     "callout",
	KindTileDown:    "tile-down",
	KindTileUp:      "tile-up",
	KindLeader:      "leader",
	KindRemoved:     "removed",
	KindPeek:        "peek",
	KindCube:        "cube",
	KindDrain:       "drain",
	KindMine:        "mine",
	KindMiner:       "miner",
	KindPort:        "port",
	KindTrain:       "train",
	KindPump:        "pump",
	KindAdit:        "adit",
	KindAuction:     "auction",
	KindAuctionIcon: "auction-icon",
	KindMapFrame:    "map-frame",
	KindChanged:     "changed",
	KindPanel:       "panel",
	KindBox:         "box",
	KindText:        "text",
	KindMarker:      "marker",
	KindLine:        "line",
	KindCapacity:    "capacity",
	KindDevPiece:    "dev",
	KindLegend:      "legend-row",
	KindCalciner:    "calciner",
	KindOwnMiner:    "ownminer",
	KindLimiter:     "limiter",
	KindMark:        "mark",
	KindCard:        "card",
}

// String returns the kind's name as the layout goldens record it
// ("cell", "tile-down"…), or "Kind(n)" for a value that is no kind.
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Item is one thing drawn: the layout as data. Coordinates are pixels of
// the output image.
type Item struct {
	Kind Kind
	Area string // area id for map items
	// Letter is a seat's letter in the picture's language (withLetters);
	// "": the English letter.
	Letter string
	Seat   int // -1: none
	N      int
	Text   string
	Sub    string
	// Word is a fixed word the kind draws (KindRemoved's "removed", the
	// removed tile's legend), in the picture's language.
	Word   string
	X, Y   float64
	W, H   float64
	X2, Y2 float64
	Size   float64 // font size in px for text
	Bold   bool
	Align  float64    // 0 left, 0.5 centre, 1 right
	Color  color.RGBA // a text's colour
	// Icon is the piece a legend row explains or a development piece shows.
	Icon Kind
	// Fill and Edge are the colours of the item's shape, resolved by the
	// layout (withColours).
	Fill, Edge color.RGBA
	// Base marks items that depend on the player count only (the map and
	// the legend): Render draws them once per set of areas in play and
	// reuses the picture.
	Base bool
	// Role is a text's role in the imaging.Layout (imaging.RoleEssential...); empty: the
	// kind's default.
	Role string
	// mv places map items (cells) in the picture; nil: the full board.
	mv *mapView
}

// Canvas geometry in pixels.
const (
	CanvasW = 2000
	mapTop  = 0
	stripH  = 330 // the panel strip under the map
)

// mapScale is pixels per map unit.
func mapScale(g *mapGeometry) float64 { return CanvasW / (g.Max.X - g.Min.X) }

func mapH(g *mapGeometry) float64 { return math.Round((g.Max.Y - g.Min.Y) * mapScale(g)) }

// CanvasSize returns the size of v's board picture in pixels.
func CanvasSize(v tinners.PublicView) (w, h int) { return canvasSize(geometryOf(v.Edition())) }

func canvasSize(g *mapGeometry) (w, h int) { return CanvasW, int(mapH(g)) + stripH }

func toPx(g *mapGeometry, p pt) (float64, float64) {
	s := mapScale(g)
	return (p.X - g.Min.X) * s, mapTop + (g.Max.Y-p.Y)*s
}

// callout moves the contents of cramped coastal areas into the sea next to
// them (pixel offsets from the cell's anchor), with a leader line.
var callout = map[string][2]float64{
	"A1": {-40, 165},
	"A2": {-20, -230},
	"A3": {-15, -140},
	"A5": {40, 200},
	"A6": {62, -92},
	"A7": {75, 130},
	"B4": {-110, -100},
	"B2": {30, 170},
}

// Items returns everything Render draws for v, in drawing order. It reads
// only the public view and the edition's static geometry.
func Items(v tinners.PublicView, o imaging.Options) []Item {
	v, o = soloPrep(v, o)
	e := v.Edition()
	g := geometryOf(e)
	var items []Item
	add := func(it Item) { items = append(items, it) }
	area := func(i int) tinners.AreaView {
		if i < len(v.Areas) {
			return v.Areas[i]
		}
		return tinners.AreaView{ID: e.Areas[i].ID, Mine: -1}
	}

	add(Item{Kind: KindMapFrame, Seat: -1, W: CanvasW, H: mapH(g), Base: true})
	// Cells.
	for i, a := range e.Areas {
		av := area(i)
		n := 0
		if av.InPlay {
			n = 1
		}
		x, y := toPx(g, g.Anchor[i])
		add(Item{Kind: KindCell, Area: a.ID, Seat: -1, N: n, X: x, Y: y, Text: a.Region.String(), Base: true})
	}
	// Sea and region names.
	for _, t := range []Item{
		{Text: "ENGLISH CHANNEL", X: 1450, Y: 820, Size: 30, Color: colSeaText, Align: 0.5},
		{Text: "DEVON", X: 1960, Y: 560, Size: 24, Color: colMuted, Align: 1},
	} {
		t.Kind, t.Seat, t.Base = KindText, -1, true
		add(t)
	}
	// Area contents.
	for i, a := range e.Areas {
		items = append(items, areaItems(g, fullBoardArea, i, a, area(i), v, o)...)
	}
	// Adits go above the areas' contents, so no piece hides one.
	items = append(items, aditItems(g, nil, v, 17, 7, items)...)
	b := &builder{o: o, e: v.Edition(), items: items}
	boardPanels(b, v, o, g)
	return withLetters(resolveColours(v.Edition(), soloColours(v, b.items)), o)
}

// areaStyle is how big a map draws area contents and where it moves
// those of cramped areas.
type areaStyle struct {
	mv      *mapView // nil: the full board
	u       float64  // piece size relative to the full board's
	callout map[string][2]float64
	changed map[int]bool
	devH    float64 // the developments row's height; 0: 22·u
	noNames bool    // label areas by id only
}

var fullBoardArea = areaStyle{u: 1, callout: callout}

// areaItems lays out one area's id, name and contents.
func areaItems(g *mapGeometry, st areaStyle, i int, a tinners.AreaDef, av tinners.AreaView, v tinners.PublicView, o imaging.Options) []Item {
	var items []Item
	u := st.u
	add := func(it Item) {
		it.Area = a.ID
		if it.Kind != KindMine && it.Kind != KindPeek && it.Kind != KindCalciner && it.Kind != KindOwnMiner {
			it.Seat = -1
		}
		items = append(items, it)
	}
	ax, ay := st.mv.orFull(g).px(g.Anchor[i])
	cx, cy := ax, ay
	// rows: label, state, developments
	state, devs := areaPieces(st, av, v, o)
	dh := 22 * u
	if st.devH > 0 {
		dh = st.devH
	}
	gap := 3 * u
	rowW := func(row []Item) float64 { return rowWidth(row, gap) }
	labelSize := 21 * u
	labelH, rgap, stateH := 22*u, 5*u, 32*u
	h := labelH
	if len(state) > 0 {
		h += rgap + stateH
	}
	if len(devs) > 0 {
		h += rgap + dh
	}
	col := colInk
	if !av.InPlay {
		col = colOutText
	}
	// The label's width, estimated from the font's average advance.
	name := a.Name
	if st.noNames {
		name = ""
	}
	labelW := 0.6*labelSize*float64(len(a.ID)+1) + 0.5*0.78*labelSize*float64(len([]rune(name)))
	blockW := math.Max(labelW, math.Max(rowW(state), rowW(devs)))
	off, isCallout := st.callout[a.ID]
	frame := [4]float64{cx - blockW/2 - 6*u, cy - h/2 - 4*u, blockW + 12*u, h + 10*u}
	if isCallout && av.InPlay {
		cx, cy = ax+off[0], ay+off[1]
		w := math.Max(rowW(state), rowW(devs))
		w = math.Max(w, math.Max(120*u, labelW)) + 16*u
		n := 0
		if st.changed[i] {
			n = 1
		}
		add(Item{Kind: KindCallout, N: n, X: cx - w/2, Y: cy - h/2 - 8*u, W: w, H: h + 16*u, X2: ax, Y2: ay})
		frame = [4]float64{cx - w/2 - 5*u, cy - h/2 - 13*u, w + 10*u, h + 26*u}
	}
	y := cy - h/2
	if v.Auction != nil && v.Auction.Area == i {
		add(Item{Kind: KindAuction, X: frame[0], Y: frame[1], W: frame[2], H: frame[3], Size: 5 * u})
	}
	label := Item{Kind: KindLabel, Text: a.ID, Sub: name, X: cx, Y: y + 17*u, Size: labelSize, Color: col}
	if !av.InPlay {
		label.Role = imaging.RoleDecor
	}
	add(label)
	y += labelH
	if len(state) > 0 {
		y += rgap
		placeRow(state, cx, y, stateH, gap, add)
		y += stateH
	}
	if len(devs) > 0 {
		y += rgap
		placeRow(devs, cx, y, dh, gap, add)
	}
	return items
}

// rowWidth is the width of a row of pieces gap apart; a face-up tile's
// backing, behind the cubes, takes none.
func rowWidth(row []Item, gap float64) float64 {
	w := 0.0
	for k, it := range row {
		if it.Kind == KindTileUp {
			continue
		}
		if k > 0 {
			w += gap
		}
		w += it.W
	}
	return w
}

// placeRow places a row of pieces gap apart, centred on cx, in the band
// from y rh high, and adds each; a face-up tile's backing is centred
// behind the cubes.
func placeRow(row []Item, cx, y, rh, gap float64, add func(Item)) {
	x := cx - rowWidth(row, gap)/2
	for _, it := range row {
		if it.Kind == KindTileUp {
			it.X, it.Y = cx-it.W/2, y+rh/2-it.H/2
			add(it)
			continue
		}
		it.X, it.Y = x, y+rh/2-it.H/2
		if it.Kind == KindText {
			it.Y = y + rh*0.72
		}
		x += it.W + gap
		add(it)
	}
}

// areaPieces are the pieces an area shows in style st, unplaced: its
// state (tile, mine, cubes, peek tokens) and its developments (drainage,
// miners, port, train, pumps, calciner, capacity).
func areaPieces(st areaStyle, av tinners.AreaView, v tinners.PublicView, o imaging.Options) (state, devs []Item) {
	u := st.u
	cube := 26 * u
	cubes := func(tin, cop, wat int) {
		for _, c := range []struct {
			kind string
			n    int
		}{{"tin", tin}, {"copper", cop}, {"water", wat}} {
			state = append(state, Item{Kind: KindCube, Text: c.kind, N: c.n, W: cube, H: cube})
		}
	}
	switch {
	case !av.InPlay:
	case av.Removed:
		word := o.Say("removed", "img_removed")
		w := 70 * u
		if tw := textWidth(word, 28*u*0.6, true); tw > 72*u { // a longer word than "removed"
			w = tw + 8*u
		}
		state = append(state, Item{Kind: KindRemoved, Word: word, W: w, H: 28 * u})
	case av.FaceDown:
		state = append(state, Item{Kind: KindTileDown, W: 40 * u, H: 32 * u})
		for _, p := range av.Peekers {
			state = append(state, Item{Kind: KindPeek, Seat: p, W: 22 * u, H: 22 * u})
		}
	case av.Tile != nil && av.Mine < 0:
		state = append(state, Item{Kind: KindTileUp, W: 3*cube + 14*u, H: cube + 8*u})
		if av.Tile.Kind != tinners.TilePlain {
			state[len(state)-1].W += 40 * u
		}
		cubes(av.Tile.Tin, av.Tile.Copper, av.Tile.Water)
		if av.Tile.Kind == tinners.TileBonus {
			state = append(state, Item{Kind: KindText, Text: "+£3", W: 34 * u, H: cube, Size: 0.7 * cube, Bold: true, Color: colInk, Role: imaging.RoleEssential})
		} else if av.Tile.Kind == tinners.TileLight {
			state = append(state, Item{Kind: KindText, Text: o.Say("1WP", "img_one_wp"), W: 34 * u, H: cube, Size: 0.7 * cube, Bold: true, Color: colInk, Role: imaging.RoleEssential})
		}
	default:
		if av.Mine >= 0 {
			state = append(state, Item{Kind: KindMine, Seat: av.Mine, W: 30 * u, H: 30 * u})
		}
		if av.Mine >= 0 || av.Tin+av.Copper+av.Water > 0 {
			cubes(av.Tin, av.Copper, av.Water)
		}
	}
	if av.InPlay && av.Arsenic > 0 {
		// Arsenic: its cubes, on any area in play (mine or not).
		state = append(state, Item{Kind: KindCube, Text: "arsenic", N: av.Arsenic, W: cube, H: cube})
	}
	dh := 22 * u
	if st.devH > 0 {
		dh = st.devH
	}
	if av.Drain > 0 {
		// the drop, then "×N" at 0.72·dh
		devs = append(devs, Item{Kind: KindDrain, N: av.Drain, W: dh * (1 + 0.45*float64(len(fmt.Sprint(av.Drain))+1)), H: dh})
	}
	switch {
	case av.Miner && v.Emigration && av.OwnMiner >= 0:
		devs = append(devs, Item{Kind: KindOwnMiner, Seat: av.OwnMiner, W: dh, H: dh})
	case av.Miner:
		devs = append(devs, Item{Kind: KindMiner, W: dh, H: dh})
	}
	for k := 0; k < av.Extra; k++ {
		// Emigration: Michigan's miners, beside the area's one miner.
		devs = append(devs, Item{Kind: KindMiner, W: dh, H: dh})
	}
	if av.Port {
		devs = append(devs, Item{Kind: KindPort, W: dh, H: dh})
	}
	if av.Train {
		devs = append(devs, Item{Kind: KindTrain, W: 28 * u, H: dh})
	}
	if av.Pumps > 0 {
		w := dh
		if av.Pumps > 1 {
			w = 38 * u
		}
		devs = append(devs, Item{Kind: KindPump, N: av.Pumps, W: w, H: dh})
	}
	if av.Calciner && av.Mine >= 0 {
		devs = append(devs, Item{Kind: KindCalciner, Seat: av.Mine, W: dh, H: dh})
	}
	if av.Mine >= 0 && av.Capacity > 0 {
		devs = append(devs, Item{Kind: KindCapacity, N: av.Capacity, W: 34 * u, H: dh})
	}
	return state, devs
}

// aditItems lays out the adits: a bar across each border, at the first
// place along the shared edge where it covers none of the pieces and
// labels in obstacles (the middle if there is none).
func aditItems(g *mapGeometry, mv *mapView, v tinners.PublicView, half, lineW float64, obstacles []Item) []Item {
	e := v.Edition()
	m := mv.orFull(g)
	type box struct{ x0, y0, x1, y1 float64 }
	var boxes []box
	for _, it := range obstacles {
		switch it.Kind {
		case KindLabel:
			w := 0.6*it.Size*float64(len(it.Text)+1) + 0.5*0.78*it.Size*float64(len([]rune(it.Sub)))
			boxes = append(boxes, box{it.X - w/2, it.Y - it.Size, it.X + w/2, it.Y + 0.2*it.Size})
		case KindCube, KindMine, KindTileDown, KindTileUp, KindPeek, KindDrain, KindMiner, KindOwnMiner, KindPort, KindTrain,
			KindPump, KindCapacity, KindCallout, KindRemoved:
			boxes = append(boxes, box{it.X, it.Y, it.X + it.W, it.Y + it.H})
		}
	}
	free := func(x1, y1, x2, y2 float64) bool {
		pad := lineW
		bx := box{math.Min(x1, x2) - pad, math.Min(y1, y2) - pad, math.Max(x1, x2) + pad, math.Max(y1, y2) + pad}
		for _, b := range boxes {
			if bx.x0 < b.x1 && b.x0 < bx.x1 && bx.y0 < b.y1 && b.y0 < bx.y1 {
				return false
			}
		}
		return true
	}
	var items []Item
	for b, on := range v.Adits {
		if !on || b >= len(e.Borders) {
			continue
		}
		br := e.Borders[b]
		ed := g.Edge[br[0]][br[1]]
		if g.Shared[br[0]][br[1]] == 0 {
			ed = g.Edge[br[1]][br[0]]
		}
		// across the border: from one site's side to the other's
		ax, ay := m.px(g.Anchor[br[0]])
		bx, by := m.px(g.Anchor[br[1]])
		dx, dy := bx-ax, by-ay
		l := math.Hypot(dx, dy)
		dx, dy = dx/l*half, dy/l*half
		var it Item
		for k, t := range []float64{0.5, 0.35, 0.65, 0.25, 0.75, 0.15, 0.85} {
			mx, my := m.px(pt{ed[0].X + t*(ed[1].X-ed[0].X), ed[0].Y + t*(ed[1].Y-ed[0].Y)})
			c := Item{Kind: KindAdit, Area: e.Areas[br[0]].ID + "-" + e.Areas[br[1]].ID, Seat: -1, Size: lineW,
				X: mx - dx, Y: my - dy, X2: mx + dx, Y2: my + dy}
			if k == 0 {
				it = c
			}
			if free(c.X, c.Y, c.X2, c.Y2) {
				it = c
				break
			}
		}
		items = append(items, it)
	}
	return items
}

func clamp(x, lo, hi int) int {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// statusLine says whose turn it is and what they are doing, and names the
// seat whose marker goes in front (or -1). It reads the view's fields only.
func statusLine(v tinners.PublicView, o imaging.Options) (string, int) {
	e := v.Edition()
	first := -1
	if len(v.ToAct) > 0 {
		first = v.ToAct[0]
	}
	areaName := func(i int) string {
		if i < 0 || i >= len(e.Areas) {
			return "?"
		}
		return e.Areas[i].ID + " " + e.Areas[i].Name
	}
	switch v.Phase {
	case tinners.PhaseOver:
		if r := v.Result; r != nil && v.Solo != nil && len(r.Ranking) > 0 {
			// A tie is Lord Wallace's.
			me, lw := r.Ranking[0], v.Solo.Seat
			if r.Won {
				return o.Say(fmt.Sprintf("%s beats %s, %d to %d", o.Name(me), lordName, v.Seats[me].Points, r.Wallace),
					"img_status_solo_won", "Name", o.Name(me), "Points", v.Seats[me].Points, "Wallace", r.Wallace), me
			}
			return o.Say(fmt.Sprintf("%s wins, %d to %d", lordName, r.Wallace, v.Seats[me].Points),
				"img_status_solo_lost", "Points", v.Seats[me].Points, "Wallace", r.Wallace), lw
		}
		if v.Result != nil && len(v.Result.Ranking) > 0 {
			w := v.Result.Ranking[0]
			pts := v.Seats[w].Points
			s := o.T(engine.Say("img_status_wins", "Name", o.Name(w), "Count", pts), o.Name(w)+" wins with "+plural(pts, "point", "points"))
			if tb, ok := tieBreakIDs[v.Result.TieBreak]; ok {
				why := o.Say(tb.english, tb.id)
				s = o.Say(s+" ("+tb.english+")", "img_status_tie_break", "Status", s, "Why", why)
			}
			return s, w
		}
		return o.Say("game over", "img_status_over"), -1
	case tinners.PhaseDraft:
		var names []string
		for _, s := range v.ToAct {
			names = append(names, o.Name(s))
		}
		return o.Say("discarding survey cards: "+strings.Join(names, ", "), "img_status_draft", "Names", strings.Join(names, ", ")), -1
	case tinners.PhaseAuction:
		if a := v.Auction; a != nil && a.Turn >= 0 {
			return o.Say(fmt.Sprintf("%s to bid or drop (%s)", o.Name(a.Turn), areaName(a.Area)), "img_status_bid", "Name", o.Name(a.Turn), "Area", areaName(a.Area)), a.Turn
		}
	case tinners.PhaseAfterAuction:
		if a := v.Auction; a != nil && a.Winner >= 0 {
			return o.Say(fmt.Sprintf("%s won %s: may play a survey card", o.Name(a.Winner), areaName(a.Area)), "img_status_after_auction", "Name", o.Name(a.Winner), "Area", areaName(a.Area)), a.Winner
		}
	case tinners.PhaseCalciner:
		if first >= 0 {
			return o.Say(fmt.Sprintf("%s may build a calciner (%s)", o.Name(first), areaName(v.CalcinerArea)), "img_status_calciner", "Name", o.Name(first), "Area", areaName(v.CalcinerArea)), first
		}
	case tinners.PhasePumps:
		if first >= 0 {
			return o.Say(fmt.Sprintf("%s places steam pumps (%d left)", o.Name(first), v.PumpsLeft), "img_status_pumps", "Name", o.Name(first), "Left", v.PumpsLeft), first
		}
	case tinners.PhaseInvest:
		if v.InvestTurn >= 0 {
			return o.Say(fmt.Sprintf("%s to invest", o.Name(v.InvestTurn)), "img_status_invest", "Name", o.Name(v.InvestTurn)), v.InvestTurn
		}
	case tinners.PhasePeek:
		if first >= 0 {
			return o.Say(fmt.Sprintf("%s may peek at a face-down tile", o.Name(first)), "img_status_peek", "Name", o.Name(first)), first
		}
	case tinners.PhaseActions:
		if first >= 0 {
			return o.Say(fmt.Sprintf("%s to choose an action", o.Name(first)), "img_status_actions", "Name", o.Name(first)), first
		}
	}
	if first >= 0 {
		return o.Say(o.Name(first)+" to act", "img_status_act", "Name", o.Name(first)), first
	}
	return "", -1
}

// soloPrep readies a solo game's view for drawing: Lord Wallace's public
// seat joins the seats at his own index (so that every seat index in the
// view finds its seat), and he is named "Lord Wallace". Other views are
// returned as they are.
func soloPrep(v tinners.PublicView, o imaging.Options) (tinners.PublicView, imaging.Options) {
	if v.Solo == nil || v.Solo.Seat != len(v.Seats) {
		return v, o
	}
	v.Seats = append(append([]tinners.SeatPublic(nil), v.Seats...), v.Solo.Lord)
	names := append([]string(nil), o.Names...)
	for len(names) <= v.Solo.Seat {
		names = append(names, "")
	}
	names[v.Solo.Seat] = lordName
	o.Names = names
	return v, o
}

// lordName is how the pictures name Lord Wallace.
const lordName = "Lord Wallace"

// soloColours gives Lord Wallace's pieces his own colour: the items of his
// seat index are drawn as imaging.LordSeat.
func soloColours(v tinners.PublicView, items []Item) []Item {
	if v.Solo == nil {
		return items
	}
	for k := range items {
		if items[k].Seat == v.Solo.Seat {
			items[k].Seat = imaging.LordSeat
		}
	}
	return items
}

// isLord reports whether seat is Lord Wallace in v.
func isLord(v tinners.PublicView, seat int) bool { return v.Solo != nil && seat == v.Solo.Seat }

// soloLines are the solo game's lines of the pictures: Lord Wallace's
// name, what he has earned this round, his decks (sizes only), his last
// card, and the difficulty options (what he owes is on his seat's chip).
func soloLines(v tinners.PublicView, w imaging.Options) []string {
	o := v.Solo
	if o == nil {
		return nil
	}
	// The parts of the first line, joined by " · ".
	parts := []string{lordName}
	if o.Income > 0 {
		parts = append(parts, w.Say(fmt.Sprintf("income £%d", o.Income), "img_solo_income", "Money", o.Income))
	}
	parts = append(parts, w.Say(fmt.Sprintf("action deck %d · survey deck %d", o.ActionDeck, o.SurveyDeck), "img_solo_decks", "Actions", o.ActionDeck, "Survey", o.SurveyDeck))
	if o.Card > 0 {
		parts = append(parts, w.Say(fmt.Sprintf("card %d: %s", o.Card, o.Act), "img_solo_card", "Card", o.Card, "Act", soloAct(w, o.Act)))
	}
	diff := w.Say("Difficulty: none", "img_solo_difficulty_none")
	if len(o.Difficulty) > 0 {
		var ks []string
		for _, k := range o.Difficulty {
			ks = append(ks, w.Say(difficultyShort[k], "img_difficulty_"+strings.NewReplacer("-", "_", "=", "_").Replace(k)))
		}
		diff = w.Say("Difficulty: "+strings.Join(ks, ", "), "img_solo_difficulty", "List", strings.Join(ks, ", "))
	}
	return []string{strings.Join(parts, " · "), diff}
}

// difficultyShort are the difficulty options' short names in pictures.
var difficultyShort = map[string]string{
	"better-mines": "better mines", "cheap-labour": "cheap labour", "more-mines": "more mines +1",
	"more-mines=2": "more mines +2", "deep-pockets": "deep pockets", "friends-in-high-places": "friends",
	"financial-sabotage": "sabotage", "bailing-out": "bailing out", "shady-land-purchases": "shady land",
}

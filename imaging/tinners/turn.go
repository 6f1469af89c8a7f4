package tinnersimg

import (
	"fmt"
	"image"
	"math"
	"strings"
	"sync"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The turn picture is made for Discord's chat column, where it is shown
// about 400 px wide: every number a player decides by is at least 9 px
// there (22.5 px of 1,000), and the picture is at most 1.3 × as tall as
// wide. It shows the areas in play as cards by region (turngrid.go), the
// auction, prices, the work track, investment rows, the development
// supply, each seat's money and points, and a legend of the symbols
// shown. The rest of the players' table (mines left, cards in hand, ore
// out, names) and the log are the message text's. The map panels below
// (mapPanel) are no longer drawn by it: the full board keeps the map.
const (
	// TurnW is the turn picture's width in pixels.
	TurnW    = 1000
	turnPad  = 16.0
	turnU    = 1.25 // piece size relative to the full board's
	turnDevH = 32.0
)

// turnCallout moves the contents of cramped areas off their cells in the
// turn picture (pixel offsets from the cell's anchor).
var turnCallout = map[string][2]float64{
	"A1": {-10, 160},
	"A2": {20, -250},
	"A3": {-60, -150},
	"A4": {-30, 0},
	"A5": {-20, 175},
	"A6": {90, -140},
	"A7": {85, 160},
	"B4": {-150, -120},
	"B2": {170, 210},
	"C6": {-190, -30},
}

// RenderTurn draws the turn picture of v: what a player needs to decide,
// readable at 400 px wide. It returns a paletted image (a PNG of it stays
// small). It reads only the public view; the error reports an unusable font.
func RenderTurn(v tinners.PublicView, o imaging.Options) (image.Image, error) {
	items, w, h := turnItems(v, o)
	p, err := newPainter(geometryOf(v.Edition()), w, h)
	if err != nil {
		return nil, err
	}
	p.dc.SetColor(colPanel)
	p.dc.Clear()
	// A map's frame and cells come from the cached map layer.
	cells := map[*mapView][]Item{}
	for _, it := range items {
		if it.Kind == KindCell && it.mv != nil {
			cells[it.mv] = append(cells[it.mv], it)
		}
	}
	for _, it := range items {
		switch {
		case it.Kind == KindCell && it.mv != nil:
		case it.Kind == KindMapFrame && it.mv != nil:
			if err := p.mapLayer(it, cells[it.mv]); err != nil {
				return nil, err
			}
		default:
			p.item(it)
		}
	}
	return quantize(p.img), nil
}

// The turn picture's map layers (sea, land, cells, hatching, region
// edges) by map view and cells: a few per player count. A layer covers
// the rows lo..lo+height relative to the view's origin; it grows when a
// frame reaches beyond it. Stored images are never written.
type mapLayerImg struct {
	img *image.RGBA
	lo  int
}

var (
	layerMu    sync.Mutex
	layerCache = map[string]mapLayerImg{}
)

const maxLayerCache = 24

// mapLayer draws a map frame item and its cells: it copies the frame's
// rows from the cached layer of its view and cells, drawing the layer
// first when it is not cached or too short. The view's origin is on a
// whole pixel (mapPanel puts it there), so the copy is the drawing.
func (p *painter) mapLayer(frame Item, cells []Item) error {
	mv := frame.mv
	fr := mv.frame.Intersect(p.img.Rect)
	if mv.oy != math.Round(mv.oy) || frame.X != 0 || int(frame.W) != p.img.Rect.Dx() || fr.Empty() {
		p.item(frame) // not on whole pixels: draw it
		for _, c := range cells {
			p.item(c)
		}
		return nil
	}
	oy := int(mv.oy)
	var kb strings.Builder
	fmt.Fprintf(&kb, "%p;%d;%g,%g,%g,%g;", p.g, p.img.Rect.Dx(), mv.s, mv.minX, mv.maxY, mv.ox)
	for _, c := range cells {
		fmt.Fprintf(&kb, "%s%d,", c.Area, c.N)
	}
	key := kb.String()
	r0, r1 := fr.Min.Y-oy, fr.Max.Y-oy
	layerMu.Lock()
	l, ok := layerCache[key]
	layerMu.Unlock()
	if !ok || r0 < l.lo || r1 > l.lo+l.img.Rect.Dy() {
		lo, hi := r0-64, r1+64
		if ok {
			lo, hi = min(lo, l.lo), max(hi, l.lo+l.img.Rect.Dy())
		}
		img, err := drawMapLayer(p.g, mv, cells, p.img.Rect.Dx(), lo, hi)
		if err != nil {
			return err
		}
		l = mapLayerImg{img: img, lo: lo}
		layerMu.Lock()
		if _, had := layerCache[key]; had || len(layerCache) < maxLayerCache {
			layerCache[key] = l
		}
		layerMu.Unlock()
	}
	n := 4 * fr.Dx()
	for y := fr.Min.Y; y < fr.Max.Y; y++ {
		copy(p.img.Pix[p.img.PixOffset(fr.Min.X, y):][:n], l.img.Pix[l.img.PixOffset(fr.Min.X, y-oy-l.lo):])
	}
	if frame.N == 1 {
		p.dc.SetColor(colPanelEdge)
		p.dc.SetLineWidth(2)
		p.dc.DrawRectangle(frame.X+1, frame.Y+1, frame.W-2, frame.H-2)
		p.dc.Stroke()
	}
	return nil
}

// drawMapLayer draws the map of mv and its cells over the rows lo..hi
// relative to the view's origin, w pixels wide.
func drawMapLayer(g *mapGeometry, mv *mapView, cells []Item, w, lo, hi int) (*image.RGBA, error) {
	p, err := newPainter(g, w, hi-lo)
	if err != nil {
		return nil, err
	}
	lv := &mapView{s: mv.s, minX: mv.minX, maxY: mv.maxY, ox: mv.ox, oy: float64(-lo), frame: p.img.Rect}
	p.item(Item{Kind: KindMapFrame, Seat: -1, W: float64(w), H: float64(hi - lo), mv: lv})
	for _, c := range cells {
		c.mv = lv
		p.item(c)
	}
	return p.img, nil
}

// TurnLayout returns the texts RenderTurn draws for v, with their sizes and
// roles.
func TurnLayout(v tinners.PublicView, o imaging.Options) imaging.Layout {
	items, w, h := turnItems(v, o)
	return layoutOf(items, w, h)
}

// nextArsenicSpace returns the section and space the next arsenic cube
// would go on this round ({-1, -1} when none: never, the last space takes
// any number).
func nextArsenicSpace(v tinners.PublicView) [2]int {
	e := v.Edition()
	last := len(e.Arsenic) - 1
	for k := max(v.ArsenicOpen, 0); k <= last && k < len(v.ArsenicMarket); k++ {
		if v.ArsenicMarket[k] < len(e.Arsenic[k]) {
			return [2]int{k, v.ArsenicMarket[k]}
		}
	}
	return [2]int{last, len(e.Arsenic[last]) - 1}
}

// mapPanel lays out the areas of set (all in play) on a map cropped to
// them, from top down, at most maxW wide and centred; it returns the
// items and the panel's height.
func mapPanel(v tinners.PublicView, o imaging.Options, set []int, top, maxW float64, changed map[int]bool) ([]Item, float64) {
	e := v.Edition()
	g := geometryOf(e)
	in := map[int]bool{}
	minP, maxP := pt{math.Inf(1), math.Inf(1)}, pt{math.Inf(-1), math.Inf(-1)}
	for _, i := range set {
		in[i] = true
		for _, q := range g.Cells[i] {
			minP.X, minP.Y = math.Min(minP.X, q.X), math.Min(minP.Y, q.Y)
			maxP.X, maxP.Y = math.Max(maxP.X, q.X), math.Max(maxP.Y, q.Y)
		}
	}
	s := maxW / (maxP.X - minP.X)
	W := float64(TurnW)
	mw := (maxP.X - minP.X) * s
	mv := &mapView{s: s, minX: minP.X, maxY: maxP.Y, ox: (W - mw) / 2, oy: top + 10}
	// The panel reaches 10 px around the cells, and further where a
	// callout lies beyond them.
	st := areaStyle{mv: mv, u: turnU, callout: turnCallout, changed: changed, devH: turnDevH, noNames: true}
	var contents []Item
	region := func(i int) tinners.Region { return e.Areas[i].Region }
	inPanel := func(i int) bool { return (region(i) == tinners.RegionD) == (region(set[0]) == tinners.RegionD) }
	for i, a := range e.Areas {
		av := tinners.AreaView{ID: a.ID, Mine: -1}
		if i < len(v.Areas) {
			av = v.Areas[i]
		}
		if !inPanel(i) {
			continue
		}
		// Out-of-play areas inside the crop keep their grey label.
		if !av.InPlay {
			x, y := mv.px(g.Anchor[i])
			if x < 0 || x > W || y < top || y > top+10+(maxP.Y-minP.Y)*s {
				continue
			}
		}
		contents = append(contents, areaItems(g, st, i, a, av, v, o)...)
	}
	anchors := map[string][2]float64{}
	for _, i := range set {
		x, y := mv.px(g.Anchor[i])
		anchors[e.Areas[i].ID] = [2]float64{x, y}
	}
	contents = spreadAreas(contents, W, anchors)
	adits := aditItems(g, mv, v, 22, 9, contents)
	y0, y1 := top, top+20+(maxP.Y-minP.Y)*s
	for _, it := range contents {
		y0, y1 = math.Min(y0, it.Y-4), math.Max(y1, it.Y+it.H+6)
	}
	// The map's origin on a whole pixel, and the panel a whole number of
	// pixels high: the painter then copies the map layer (sea, land, cells)
	// from its cache, which depends only on the areas in play.
	oy := math.Ceil(mv.oy + top - y0)
	shift := oy - mv.oy
	h := math.Ceil(y1 + shift - top)
	mv.oy = oy
	frame := image.Rect(0, int(top), TurnW, int(math.Ceil(top+h)))
	mv.frame = frame
	items := []Item{{Kind: KindMapFrame, Seat: -1, Y: top, W: W, H: h, mv: mv}}
	for i, a := range e.Areas {
		n := 0
		switch {
		case in[i]:
			n = 1
		case i < len(v.Areas) && v.Areas[i].InPlay:
			n = 2 // in play, drawn in the other panel
		}
		items = append(items, Item{Kind: KindCell, Area: a.ID, Seat: -1, N: n, mv: mv})
	}
	for i := range e.Areas {
		if changed[i] && in[i] {
			items = append(items, Item{Kind: KindChanged, Area: e.Areas[i].ID, Seat: -1, W: 6, mv: mv})
		}
	}
	for _, it := range append(contents, adits...) {
		it.Y += shift
		it.Y2 += shift
		items = append(items, it)
	}
	// Adits outside the panel's areas are drawn by the other panel.
	out := items[:0]
	for _, it := range items {
		if it.Kind == KindAdit && !aditTouches(e, it.Area, in) {
			continue
		}
		out = append(out, it)
	}
	return append(out, panelMarks(v, o, g, mv, in, out)...), h
}

// panelMarks are the marks of a private step (o.Marks) on the areas of
// one map panel (in), each beside its area's label (labels: the panel's
// items), and on the borders it holds, between the two areas' anchors.
func panelMarks(v tinners.PublicView, o imaging.Options, g *mapGeometry, mv *mapView, in map[int]bool, labels []Item) []Item {
	if len(o.Marks) == 0 {
		return nil
	}
	e := v.Edition()
	m, _ := imaging.NewMeasurer()
	r := imaging.MarkRadius(TurnW)
	clampX := func(x float64) float64 { return math.Max(r+2, math.Min(TurnW-r-2, x)) }
	var out []Item
	for _, it := range labels {
		if it.Kind != KindLabel {
			continue
		}
		mark := o.Marks[e.AreaIndex(it.Area)]
		if mark == "" {
			continue
		}
		w := 0.6 * it.Size * float64(len(it.Text))
		if m != nil {
			w = m.Width(it.Text+" ", it.Size, true) + m.Width(it.Sub, it.Size*0.78, false)
		}
		out = append(out, Item{Kind: KindMark, Seat: -1, Area: it.Area, Text: mark, X: clampX(it.X - w/2 - r - 1), Y: it.Y - it.Size*0.35, W: 2 * r})
	}
	for p, mark := range o.Marks {
		k, ok := tinners.PlaceBorder(p)
		if !ok || k >= len(e.Borders) {
			continue
		}
		br := e.Borders[k]
		// Drawn once: in the panel of its first area, else of its second
		// when the first is not on the map.
		if !in[br[0]] && (!in[br[1]] || br[0] < len(v.Areas) && v.Areas[br[0]].InPlay) {
			continue
		}
		x0, y0 := mv.px(g.Anchor[br[0]])
		x1, y1 := mv.px(g.Anchor[br[1]])
		out = append(out, Item{Kind: KindMark, Seat: -1, Area: e.Areas[br[0]].ID + "-" + e.Areas[br[1]].ID, Text: mark,
			X: clampX((x0 + x1) / 2), Y: (y0 + y1) / 2, W: 2 * r})
	}
	return out
}

// aditTouches reports whether the adit between areas ids ("A4-A5") of
// edition e touches an area of in.
func aditTouches(e *tinners.Edition, ids string, in map[int]bool) bool {
	a, b, _ := strings.Cut(ids, "-")
	return in[e.AreaIndex(a)] || in[e.AreaIndex(b)]
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// spreadAreas moves the areas' contents apart until no two areas' items
// overlap (the middle of the map is too small for the contents of its
// busy areas). Callout plates move first; when two areas on their cells
// overlap both give way, and an area moved off its anchor gets a leader
// line to it (the anchors are ids of areas' cells: anchor[id]). All stay
// within the picture's width. It returns items with the leaders added.
func spreadAreas(items []Item, W float64, anchor map[string][2]float64) []Item {
	type group struct {
		area           string
		x0, y0, x1, y1 float64
		plate          bool
		dx, dy         float64
	}
	var groups []*group
	byArea := map[string]*group{}
	for _, it := range items {
		if it.Area == "" || it.Role == imaging.RoleDecor || it.Kind == KindAdit {
			continue
		}
		x0, y0, x1, y1 := it.X, it.Y, it.X+it.W, it.Y+it.H
		switch it.Kind {
		case KindLabel:
			w := 0.6 * it.Size * float64(len(it.Text)+1)
			if it.Sub != "" {
				w += 0.5 * 0.78 * it.Size * float64(len([]rune(it.Sub)))
			}
			x0, y0, x1, y1 = it.X-w/2, it.Y-0.8*it.Size, it.X+w/2, it.Y+0.2*it.Size
		case KindText:
			x0, y0, x1, y1 = it.X, it.Y-0.8*it.H, it.X+it.W, it.Y+0.2*it.H
		}
		gr, ok := byArea[it.Area]
		if !ok {
			gr = &group{area: it.Area, x0: x0, y0: y0, x1: x1, y1: y1}
			byArea[it.Area] = gr
			groups = append(groups, gr)
		}
		gr.x0, gr.y0 = math.Min(gr.x0, x0), math.Min(gr.y0, y0)
		gr.x1, gr.y1 = math.Max(gr.x1, x1), math.Max(gr.y1, y1)
		if it.Kind == KindCallout {
			gr.plate = true
		}
	}
	shift := func(gr *group, dx, dy float64) {
		gr.x0, gr.x1, gr.y0, gr.y1 = gr.x0+dx, gr.x1+dx, gr.y0+dy, gr.y1+dy
		gr.dx, gr.dy = gr.dx+dx, gr.dy+dy
	}
	const gap = 4.0
	for iter := 0; iter < 200; iter++ {
		moved := false
		for _, a := range groups {
			if a.x0 < gap {
				shift(a, gap-a.x0, 0)
				moved = true
			}
			if a.x1 > W-gap {
				shift(a, W-gap-a.x1, 0)
				moved = true
			}
		}
		for i, a := range groups {
			for _, b := range groups[i+1:] {
				if a.x0 >= b.x1+gap || b.x0 >= a.x1+gap || a.y0 >= b.y1+gap || b.y0 >= a.y1+gap {
					continue
				}
				// Push apart along the axis of least overlap: a plate gives
				// way to an area on its cell; two of a kind share the move.
				ox := math.Min(a.x1, b.x1) - math.Max(a.x0, b.x0) + gap
				oy := math.Min(a.y1, b.y1) - math.Max(a.y0, b.y0) + gap
				ka, kb := 0.5, 0.5
				if a.plate != b.plate {
					ka, kb = b2f(a.plate), b2f(b.plate)
				}
				// a little more than needed, so that pushes settle
				ox, oy = ox+0.5, oy+0.5
				// not sideways into the picture's edge
				fits := func(g *group, dx float64) bool { return g.x0+dx >= gap-0.01 && g.x1+dx <= W-gap+0.01 }
				sx := ox
				if a.x0+a.x1 < b.x0+b.x1 {
					sx = -sx
				}
				if ox < oy && (!fits(a, sx*ka) || !fits(b, -sx*kb)) && oy < 3*ox {
					ox = math.Inf(1)
				}
				if ox < oy {
					d := ox
					if a.x0+a.x1 < b.x0+b.x1 {
						d = -d
					}
					shift(a, d*ka, 0)
					shift(b, -d*kb, 0)
				} else {
					d := oy
					if a.y0+a.y1 < b.y0+b.y1 {
						d = -d
					}
					shift(a, 0, d*ka)
					shift(b, 0, -d*kb)
				}
				moved = true
			}
		}
		if !moved {
			break
		}
	}
	var leaders []Item
	for _, gr := range groups {
		if gr.dx == 0 && gr.dy == 0 {
			continue
		}
		for k := range items {
			if items[k].Area == gr.area && items[k].Kind != KindAdit && items[k].Role != imaging.RoleDecor {
				items[k].X += gr.dx
				items[k].Y += gr.dy
			}
		}
		// An area's contents moved off their cell's anchor point at it.
		if an, ok := anchor[gr.area]; ok && !gr.plate && math.Hypot(gr.dx, gr.dy) > 6 {
			leaders = append(leaders, Item{Kind: KindLeader, Area: gr.area, Seat: -1,
				X: gr.x0, Y: gr.y0, W: gr.x1 - gr.x0, H: gr.y1 - gr.y0, X2: an[0], Y2: an[1]})
		}
	}
	// Leaders go under every area's contents.
	return append(leaders, items...)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// piecesShort is a seat's pending Michigan pieces: "+train", "+2 miners",
// or "+A +T" when several kinds wait ("" for none).
func piecesShort(o imaging.Options, p tinners.Pieces) string {
	type k struct {
		n           int
		word, short string
		id          string
	}
	var ks []k
	for _, x := range []k{{p.Adits, "adit", "A", "adit"}, {p.Trains, "train", "T", "train"}, {p.Ports, "port", "P", "port"}, {p.Miners, "miner", "M", "miner"}} {
		if x.n > 0 {
			ks = append(ks, x)
		}
	}
	switch {
	case len(ks) == 0:
		return ""
	case len(ks) == 1 && ks[0].n == 1:
		return o.Say("+"+ks[0].word, "img_plus_"+ks[0].id)
	case len(ks) == 1:
		return o.T(engine.Say("img_plus_n_"+ks[0].id+"s", "Count", ks[0].n), fmt.Sprintf("+%d %ss", ks[0].n, ks[0].word))
	}
	var parts []string
	for _, x := range ks {
		short := o.Say(x.short, "img_short_"+x.id)
		s := "+" + short
		if x.n > 1 {
			s = fmt.Sprintf("+%d%s", x.n, short)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// emigrationReward is a location's reward in round r (1-based) on edition
// e's board, short.
func emigrationReward(o imaging.Options, e *tinners.Edition, l, r int) string {
	switch l {
	case tinners.Michigan:
		return michiganReward(o, e, r)
	case tinners.SierraMadre:
		return o.Say(fmt.Sprintf("%d pts", e.SierraPoints[r-1]), "img_points_short", "Points", e.SierraPoints[r-1])
	case tinners.Kimberly:
		return o.Say(fmt.Sprintf("£%d a round", e.KimberlyMoney[r-1]), "img_money_a_round", "Money", e.KimberlyMoney[r-1])
	case tinners.Adelaide:
		b := e.AdelaideBonus[r-1]
		switch {
		case b[1] == 0:
			return o.Say(fmt.Sprintf("+£%d one ore", b[0]), "img_bonus_one_ore", "Money", b[0])
		case b[0] == b[1]:
			return o.Say(fmt.Sprintf("+£%d all ore", b[0]), "img_bonus_all_ore", "Money", b[0])
		}
		return fmt.Sprintf("+£%d / +£%d", b[0], b[1])
	}
	return ""
}

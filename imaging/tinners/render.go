package tinnersimg

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"github.com/fogleman/gg"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// painter draws items on one fresh canvas.
type painter struct {
	*imaging.Canvas
	dc  *gg.Context
	img *image.RGBA
	g   *mapGeometry
}

func newPainter(g *mapGeometry, w, h int) (*painter, error) {
	return newPainterOn(g, image.NewRGBA(image.Rect(0, 0, w, h)))
}

func newPainterOn(g *mapGeometry, img *image.RGBA) (*painter, error) {
	c, err := imaging.NewCanvasOn(img)
	if err != nil {
		return nil, err
	}
	return &painter{Canvas: c, dc: c.DC, img: c.Img, g: g}, nil
}

// Render draws the whole table as everyone sees it. It reads only the
// public view (the type holds no hidden information) and computes no game
// logic. The error reports an unusable font.
func Render(v tinners.PublicView, o imaging.Options) (image.Image, error) {
	g := geometryOf(v.Edition())
	w, h := canvasSize(g)
	items := Items(v, o)
	base, err := baseImage(g, items, w, h)
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(base.Rect)
	copy(img.Pix, base.Pix)
	p, err := newPainterOn(g, img)
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		if !it.Base {
			p.item(it)
		}
	}
	return img, nil
}

// The base pictures (sea, land, cells, legend) by the set of areas in
// play: one per player count in practice. Images in it are never written
// after they are stored.
var (
	baseMu    sync.Mutex
	baseCache = map[string]*image.RGBA{}
)

const maxBaseCache = 16

func baseImage(g *mapGeometry, items []Item, w, h int) (*image.RGBA, error) {
	var kb strings.Builder
	fmt.Fprintf(&kb, "%p;%dx%d;", g, w, h)
	for _, it := range items {
		if it.Base {
			fmt.Fprintf(&kb, "%s|%s|%d|%s|%s|%.0f,%.0f,%.0f,%.0f,%.0f,%.0f;", it.Kind, it.Area, it.N, it.Text, it.Word, it.X, it.Y, it.W, it.H, it.X2, it.Y2)
			if it.mv != nil {
				fmt.Fprintf(&kb, "%v;", *it.mv)
			}
		}
	}
	key := kb.String()
	baseMu.Lock()
	img, ok := baseCache[key]
	baseMu.Unlock()
	if ok {
		return img, nil
	}
	p, err := newPainter(g, w, h)
	if err != nil {
		return nil, err
	}
	p.dc.SetColor(colSea)
	p.dc.Clear()
	for _, it := range items {
		if it.Base {
			p.item(it)
		}
	}
	img = p.dc.Image().(*image.RGBA)
	baseMu.Lock()
	if len(baseCache) < maxBaseCache {
		baseCache[key] = img
	}
	baseMu.Unlock()
	return img, nil
}

func (p *painter) poly(mv *mapView, ps []pt) { polyOn(p.dc, mv, ps) }

func polyOn(dc *gg.Context, mv *mapView, ps []pt) {
	dc.NewSubPath()
	for _, q := range ps {
		dc.LineTo(mv.px(q))
	}
	dc.ClosePath()
}

// background draws the land off the board inside the map view's frame.
func (p *painter) background(mv *mapView) {
	dc := p.dc
	p.clip(mv)
	p.poly(mv, p.g.Mainland)
	dc.SetColor(colMainland)
	dc.FillPreserve()
	dc.SetColor(colCoast)
	dc.SetLineWidth(2)
	dc.Stroke()
	dc.ResetClip()
}

// clip limits drawing to the map view's frame (none for the full board).
func (p *painter) clip(mv *mapView) {
	if mv == nil || mv.frame.Empty() {
		return
	}
	// One mask per view and render: gg's Clip would rasterise a new one
	// for every cell.
	if mv.mask == nil || mv.mask.Rect != p.img.Rect {
		mv.mask = image.NewAlpha(p.img.Rect)
		f := mv.frame.Intersect(p.img.Rect)
		for y := f.Min.Y; y < f.Max.Y; y++ {
			row := mv.mask.Pix[mv.mask.PixOffset(f.Min.X, y):mv.mask.PixOffset(f.Max.X, y)]
			for x := range row {
				row[x] = 0xff
			}
		}
	}
	_ = p.dc.SetMask(mv.mask)
}

func (p *painter) item(it Item) {
	dc := p.dc
	mv := it.mv.orFull(p.g)
	switch it.Kind {
	case KindMapFrame:
		dc.DrawRectangle(it.X, it.Y, it.W, it.H)
		dc.SetColor(colSea)
		dc.Fill()
		p.background(mv)
		if it.N == 1 {
			dc.SetColor(colPanelEdge)
			dc.SetLineWidth(2)
			dc.DrawRectangle(it.X+1, it.Y+1, it.W-2, it.H-2)
			dc.Stroke()
		}
	case KindCell:
		i := p.g.e.AreaIndex(it.Area)
		if i < 0 {
			return
		}
		p.clip(mv)
		p.poly(mv, p.g.Cells[i])
		dc.SetColor(it.Fill)
		dc.FillPreserve()
		dc.SetColor(it.Edge)
		dc.SetLineWidth(1.5)
		dc.Stroke()
		if it.N == 0 {
			p.hatch(mv, p.g.Cells[i])
		}
		if i == len(p.g.Cells)-1 {
			p.regionEdges(mv)
		}
		dc.ResetClip()
	case KindChanged:
		if i := p.g.e.AreaIndex(it.Area); i >= 0 {
			p.changed(mv, p.g.Cells[i], it.W)
		}
	case KindText, KindLabel:
	case KindMark:
		imaging.DrawMarkDisc(dc, it.X, it.Y, it.W/2)
	case KindLeader:
		// From the contents' nearest edge to a dot on the cell.
		ex := math.Max(it.X, math.Min(it.X2, it.X+it.W))
		ey := math.Max(it.Y, math.Min(it.Y2, it.Y+it.H))
		if ex != it.X2 || ey != it.Y2 {
			dc.SetColor(colCoast)
			dc.SetLineWidth(2)
			dc.DrawLine(ex, ey, it.X2, it.Y2)
			dc.Stroke()
		}
		dc.DrawCircle(it.X2, it.Y2, 4)
		dc.SetColor(colCoast)
		dc.Fill()
	case KindCallout:
		dc.SetColor(colCoast)
		dc.SetLineWidth(2)
		ex, ey := it.X+it.W/2, it.Y+it.H/2
		if it.Y2 < it.Y {
			ey = it.Y
		} else if it.Y2 > it.Y+it.H {
			ey = it.Y + it.H
		}
		dc.DrawLine(ex, ey, it.X2, it.Y2)
		dc.Stroke()
		dc.DrawCircle(it.X2, it.Y2, 4)
		dc.Fill()
		dc.DrawRoundedRectangle(it.X, it.Y, it.W, it.H, 8)
		dc.SetColor(it.Fill)
		dc.FillPreserve()
		dc.SetColor(it.Edge)
		dc.SetLineWidth(2)
		dc.Stroke()
	default:
		p.icon(it)
	}
	for _, t := range itemTexts(it, p.Measurer) {
		p.Text(t.Text, t.X, t.Y, t.Size, t.Bold, t.Align, t.Color)
	}
}

// changed fills an area a move touched and outlines it dashed inside its
// border, on a context over the cell's pixels only (a clip mask there
// costs the cell's area, not the picture's).
func (p *painter) changed(mv *mapView, cell []pt, w float64) {
	p.local(mv, cell, 2, func(dc *gg.Context) {
		polyOn(dc, mv, cell)
		dc.SetColor(colChangedFill)
		dc.Fill()
		dc.Push()
		polyOn(dc, mv, cell)
		dc.Clip()
		polyOn(dc, mv, cell)
		dc.SetColor(colChanged)
		dc.SetLineWidth(w)
		dc.SetDash(3*w, 1.5*w)
		dc.Stroke()
		dc.SetDash()
		dc.ResetClip()
		dc.Pop()
		polyOn(dc, mv, cell)
		dc.SetColor(colBorder)
		dc.SetLineWidth(1.5)
		dc.Stroke()
	})
}

// hatch draws the diagonal hatching of an out-of-play cell, clipped to the
// cell on a context over its pixels only.
func (p *painter) hatch(mv *mapView, cell []pt) {
	p.local(mv, cell, 0, func(dc *gg.Context) {
		polyOn(dc, mv, cell)
		dc.Clip()
		dc.SetColor(color.RGBA{0xA0, 0xA0, 0xA0, 0xff})
		dc.SetLineWidth(1.5)
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, q := range cell {
			x, y := mv.px(q)
			minX, minY, maxX, maxY = math.Min(minX, x), math.Min(minY, y), math.Max(maxX, x), math.Max(maxY, y)
		}
		for x := minX - (maxY - minY); x < maxX; x += 14 {
			dc.DrawLine(x, maxY, x+(maxY-minY), minY)
		}
		dc.Stroke()
		dc.ResetClip()
	})
}

// local runs draw on a fresh context over a copy of the pixels around
// cell (its bounding box grown by pad, within the view's frame and the
// picture), then copies them back: gg's clip masks and fills then cost the
// cell's area rather than the whole picture's. draw works in the picture's
// coordinates.
func (p *painter) local(mv *mapView, cell []pt, pad float64, draw func(dc *gg.Context)) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range cell {
		x, y := mv.px(q)
		minX, minY, maxX, maxY = math.Min(minX, x), math.Min(minY, y), math.Max(maxX, x), math.Max(maxY, y)
	}
	r := image.Rect(int(math.Floor(minX-pad))-1, int(math.Floor(minY-pad))-1, int(math.Ceil(maxX+pad))+1, int(math.Ceil(maxY+pad))+1)
	r = r.Intersect(p.img.Rect)
	if !mv.frame.Empty() {
		r = r.Intersect(mv.frame)
	}
	if r.Empty() {
		return
	}
	sub := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	n := 4 * r.Dx()
	for y := 0; y < r.Dy(); y++ {
		copy(sub.Pix[y*sub.Stride:y*sub.Stride+n], p.img.Pix[p.img.PixOffset(r.Min.X, r.Min.Y+y):])
	}
	dc := gg.NewContextForRGBA(sub)
	dc.Translate(-float64(r.Min.X), -float64(r.Min.Y))
	draw(dc)
	for y := 0; y < r.Dy(); y++ {
		copy(p.img.Pix[p.img.PixOffset(r.Min.X, r.Min.Y+y):], sub.Pix[y*sub.Stride:y*sub.Stride+n])
	}
}

// regionEdges draws the borders between regions thick, and the coast.
func (p *painter) regionEdges(mv *mapView) {
	dc := p.dc
	e := p.g.e
	dc.SetColor(colRegionEdge)
	dc.SetLineWidth(4)
	for i := range e.Areas {
		for j := i + 1; j < len(e.Areas); j++ {
			if e.Areas[i].Region == e.Areas[j].Region || p.g.Shared[i][j] == 0 {
				continue
			}
			ed := p.g.Edge[i][j]
			x1, y1 := mv.px(ed[0])
			x2, y2 := mv.px(ed[1])
			dc.DrawLine(x1, y1, x2, y2)
			dc.Stroke()
		}
	}
	p.poly(mv, p.g.Coast)
	dc.SetColor(colCoast)
	dc.SetLineWidth(3)
	dc.Stroke()
}

// icon draws the shapes of the small pieces: cubes, tiles, markers,
// developments. Their letters and numbers come from itemTexts.
func (p *painter) icon(it Item) {
	switch it.Kind {
	case KindCard, KindPanel, KindLine, KindBox, KindAdit, KindAuction, KindAuctionIcon:
		p.frame(it)
	case KindLegend:
		if icon, ok := legendIcon(it); ok {
			p.item(icon)
		}
	default:
		p.piece(it)
	}
}

// frame draws the cards, panels, boxes and rules the board is built of,
// and the marks over it: adits and the auction's frame and icon.
func (p *painter) frame(it Item) {
	dc := p.dc
	x, y, w, h := it.X, it.Y, it.W, it.H
	switch it.Kind {
	case KindCard:
		dc.DrawRoundedRectangle(x, y, w, h, 8)
		dc.SetColor(it.Fill)
		dc.FillPreserve()
		dc.SetColor(it.Edge)
		dc.SetLineWidth(1.5)
		if it.N == 1 {
			// A touched area: yellow, in a dashed dark outline.
			dc.SetLineWidth(3)
			dc.SetDash(8, 5)
		}
		dc.Stroke()
		dc.SetDash()
	case KindPanel:
		dc.DrawRoundedRectangle(x, y, w, h, 12)
		dc.SetColor(colPanel)
		dc.FillPreserve()
		dc.SetColor(colPanelEdge)
		dc.SetLineWidth(2)
		dc.Stroke()
	case KindLine:
		dc.SetColor(colPanelEdge)
		dc.SetLineWidth(1.5)
		dc.DrawLine(x, y, it.X2, it.Y2)
		dc.Stroke()
	case KindBox:
		dc.DrawRoundedRectangle(x, y, w, h, 6)
		dc.SetColor(it.Fill)
		dc.FillPreserve()
		dc.SetColor(it.Edge)
		dc.SetLineWidth(1.5)
		if it.N == 1 {
			dc.SetLineWidth(3)
		}
		dc.Stroke()
	case KindAdit:
		// A white-haloed black bar across the border, drawn above the
		// areas' contents, with a dot at each end inside each area.
		lw := math.Max(it.Size, 7)
		dc.SetLineCap(gg.LineCapRound)
		dc.SetColor(colWhite)
		dc.SetLineWidth(lw + 5)
		dc.DrawLine(x, y, it.X2, it.Y2)
		dc.Stroke()
		dc.SetColor(colAdit)
		dc.SetLineWidth(lw)
		dc.DrawLine(x, y, it.X2, it.Y2)
		dc.Stroke()
		dc.SetLineCap(gg.LineCapButt)
	case KindAuction:
		// A red frame around the area's label and contents (X,Y,W,H),
		// never over them.
		dc.SetColor(colAuction)
		dc.SetLineWidth(math.Max(3, it.Size))
		dc.DrawRoundedRectangle(x, y, w, h, 10)
		dc.Stroke()
	case KindAuctionIcon:
		dc.SetColor(colAuction)
		dc.SetLineWidth(w / 8)
		dc.DrawCircle(x, y, w/2)
		dc.Stroke()
		dc.SetLineWidth(2)
		dc.DrawCircle(x, y, w/2+5)
		dc.Stroke()
	}
}

// piece draws the shape of a small piece: cubes, tiles, markers, mines,
// developments.
func (p *painter) piece(it Item) {
	dc := p.dc
	x, y, w, h := it.X, it.Y, it.W, it.H
	switch it.Kind {
	case KindCube:
		dc.DrawRoundedRectangle(x, y, w, h, 4)
		dc.SetColor(it.Fill)
		dc.FillPreserve()
		dc.SetColor(it.Edge)
		dc.SetLineWidth(2)
		dc.Stroke()
	case KindTileDown:
		dc.DrawRoundedRectangle(x, y, w, h, 5)
		dc.SetColor(colTileDown)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(2)
		dc.Stroke()
	case KindTileUp:
		dc.DrawRoundedRectangle(x, y, w, h, 5)
		dc.SetColor(colTileUp)
		dc.FillPreserve()
		dc.SetColor(colTileDown)
		dc.SetLineWidth(2)
		dc.Stroke()
	case KindPeek:
		p.disc(it.Fill, it.Edge, x+w/2, y+h/2, w)
	case KindMarker:
		p.disc(it.Fill, it.Edge, x, y, w)
	case KindMine:
		p.mine(it.Fill, it.Edge, x, y, w, h)
	case KindCalciner:
		p.calciner(it.Fill, it.Edge, x, y, w, h)
	case KindLimiter:
		// A dark tab (Edge) with a band of the seat's colour (Fill) along
		// its top.
		dc.DrawRoundedRectangle(x, y, w, h, 4)
		dc.SetColor(it.Edge)
		dc.Fill()
		dc.DrawRectangle(x+3, y+3, w-6, h*0.2)
		dc.SetColor(it.Fill)
		dc.Fill()
	case KindDrain:
		p.drop(x+h/2, y+h/2, h*0.45)
	case KindMiner, KindOwnMiner, KindPort, KindTrain:
		p.badge(x, y, w, h, it.Fill)
	case KindPump:
		p.pump(x, y, w, h, it.Text == "taken")
	case KindCapacity:
		dc.DrawRoundedRectangle(x, y, w, h, h/2)
		dc.SetColor(colWhite)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(1.5)
		dc.Stroke()
	case KindDevPiece:
		switch it.Icon {
		case KindMiner, KindPort, KindTrain:
			p.badge(x, y, w, h, it.Fill)
		case KindAdit:
			dc.SetColor(it.Fill)
			dc.SetLineWidth(8)
			dc.DrawLine(x+4, y+h-4, x+w-4, y+4)
			dc.Stroke()
		}
	}
}

// disc draws a seat's marker: its colour and a dark rim (its letter comes
// from itemTexts).
func (p *painter) disc(fill, rim color.Color, cx, cy, d float64) {
	dc := p.dc
	dc.DrawCircle(cx, cy, d/2)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(rim)
	dc.SetLineWidth(2)
	dc.Stroke()
}

// mine draws an engine house in the owner's colour (fill).
func (p *painter) mine(fill, edge color.Color, x, y, w, h float64) {
	dc := p.dc
	dc.NewSubPath()
	dc.MoveTo(x, y+h)
	dc.LineTo(x, y+h*0.38)
	dc.LineTo(x+w*0.5, y)
	dc.LineTo(x+w, y+h*0.38)
	dc.LineTo(x+w, y+h)
	dc.ClosePath()
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(edge)
	dc.SetLineWidth(2)
	dc.Stroke()
}

// calciner draws a kiln: a dark domed oven, unlike the owner-coloured
// engine house of a mine, with a chimney in the owner's colour (fill)
// and the owner's letter in white on the oven (from itemTexts).
func (p *painter) calciner(fill, edge color.Color, x, y, w, h float64) {
	dc := p.dc
	// chimney, with a puff of smoke
	dc.DrawRectangle(x+w*0.66, y+h*0.08, w*0.26, h*0.5)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(edge)
	dc.SetLineWidth(2)
	dc.Stroke()
	// oven: a dome over a box
	dc.NewSubPath()
	dc.MoveTo(x, y+h)
	dc.LineTo(x, y+h*0.6)
	dc.DrawArc(x+w*0.42, y+h*0.6, w*0.42, math.Pi, 2*math.Pi)
	dc.LineTo(x+w*0.84, y+h)
	dc.ClosePath()
	dc.SetColor(colKiln)
	dc.FillPreserve()
	dc.SetColor(edge)
	dc.Stroke()
}

func (p *painter) badge(x, y, w, h float64, c color.Color) {
	dc := p.dc
	dc.DrawRoundedRectangle(x, y, w, h, 4)
	dc.SetColor(c)
	dc.Fill()
}

func (p *painter) drop(cx, cy, r float64) {
	dc := p.dc
	dc.NewSubPath()
	dc.MoveTo(cx, cy-r*1.5)
	dc.LineTo(cx+r*0.85, cy-r*0.1)
	dc.DrawArc(cx, cy+r*0.25, r*0.92, -0.35, math.Pi+0.35)
	dc.ClosePath()
	dc.SetColor(colWhite)
	dc.FillPreserve()
	dc.SetColor(colWaterEdge)
	dc.SetLineWidth(2.5)
	dc.Stroke()
}

// pump draws a steam pump piece: a grey cylinder (its count comes from
// itemTexts), or a dashed outline where a group was taken.
func (p *painter) pump(x, y, w, h float64, taken bool) {
	dc := p.dc
	dc.DrawRoundedRectangle(x, y, w, h, h/3)
	if taken {
		dc.SetColor(colWhite)
		dc.FillPreserve()
		dc.SetDash(4, 3)
		dc.SetColor(colMuted)
		dc.SetLineWidth(1.5)
		dc.Stroke()
		dc.SetDash()
		return
	}
	dc.SetColor(colPump)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(1.5)
	dc.Stroke()
}

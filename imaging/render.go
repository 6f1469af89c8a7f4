package imaging

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"github.com/tinnersbot/tinnersbot/engine"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// fonts are the embedded Go fonts, parsed once.
type fonts struct {
	regular, bold *truetype.Font
}

var (
	fontOnce sync.Once
	fontSet  fonts
	fontErr  error
)

func loadFonts() (fonts, error) {
	fontOnce.Do(func() {
		var err error
		if fontSet.regular, err = truetype.Parse(goregular.TTF); err != nil {
			fontErr = fmt.Errorf("imaging: parse Go Regular: %w", err)
			return
		}
		if fontSet.bold, err = truetype.Parse(gobold.TTF); err != nil {
			fontErr = fmt.Errorf("imaging: parse Go Bold: %w", err)
		}
	})
	return fontSet, fontErr
}

// painter draws items on one fresh context; its font faces (which cache
// glyphs and are not safe for concurrent use) belong to this render only.
type painter struct {
	dc    *gg.Context
	img   *image.RGBA
	face  font.Face
	fonts fonts
	faces map[[2]int]font.Face
	g     *mapGeometry
}

func newPainter(w, h int) (*painter, error) {
	return newPainterOn(image.NewRGBA(image.Rect(0, 0, w, h)))
}

func newPainterOn(img *image.RGBA) (*painter, error) {
	f, err := loadFonts()
	if err != nil {
		return nil, err
	}
	return &painter{dc: gg.NewContextForRGBA(img), img: img, fonts: f, faces: map[[2]int]font.Face{}, g: geometry()}, nil
}

func (p *painter) font(size float64, bold bool) {
	k := [2]int{int(math.Round(size * 4)), 0}
	if bold {
		k[1] = 1
	}
	f, ok := p.faces[k]
	if !ok {
		tt := p.fonts.regular
		if bold {
			tt = p.fonts.bold
		}
		f = truetype.NewFace(tt, &truetype.Options{Size: size, DPI: 72, Hinting: font.HintingNone})
		p.faces[k] = f
	}
	p.dc.SetFontFace(f)
	p.face = f
}

// text draws s with its baseline at y; align 0 puts x at its left end, 1
// at its right end. It draws glyphs straight onto the image (gg's
// DrawString resamples every glyph for its transform, which we never use).
func (p *painter) text(s string, x, y, size float64, bold bool, align float64, c color.Color) {
	p.font(size, bold)
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(c), Face: p.face}
	if align != 0 {
		x -= float64(d.MeasureString(s)) / 64 * align
	}
	d.Dot.X, d.Dot.Y = fixed.Int26_6(math.Round(x*64)), fixed.Int26_6(math.Round(y*64))
	d.DrawString(s)
}

// Render draws the whole table as everyone sees it. It reads only the
// public view (the type holds no hidden information) and computes no game
// logic. The error reports an unusable font.
func Render(v engine.PublicView, o Options) (image.Image, error) {
	w, h := CanvasSize()
	items := Layout(v, o)
	base, err := baseImage(items, w, h)
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(base.Rect)
	copy(img.Pix, base.Pix)
	p, err := newPainterOn(img)
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

func baseImage(items []Item, w, h int) (*image.RGBA, error) {
	var kb strings.Builder
	for _, it := range items {
		if it.Base {
			fmt.Fprintf(&kb, "%s|%s|%d|%s|%.0f,%.0f,%.0f,%.0f;", it.Kind, it.Area, it.N, it.Text, it.X, it.Y, it.W, it.H)
		}
	}
	key := kb.String()
	baseMu.Lock()
	img, ok := baseCache[string(key)]
	baseMu.Unlock()
	if ok {
		return img, nil
	}
	p, err := newPainter(w, h)
	if err != nil {
		return nil, err
	}
	p.background()
	for _, it := range items {
		if it.Base {
			p.item(it)
		}
	}
	img = p.dc.Image().(*image.RGBA)
	baseMu.Lock()
	if len(baseCache) < maxBaseCache {
		baseCache[string(key)] = img
	}
	baseMu.Unlock()
	return img, nil
}

func (p *painter) poly(ps []pt) {
	p.dc.NewSubPath()
	for _, q := range ps {
		p.dc.LineTo(toPx(p.g, q))
	}
	p.dc.ClosePath()
}

// background draws the sea and the land off the board.
func (p *painter) background() {
	dc := p.dc
	dc.SetColor(colSea)
	dc.Clear()
	p.poly(p.g.Mainland)
	dc.SetColor(colMainland)
	dc.FillPreserve()
	dc.SetColor(colCoast)
	dc.SetLineWidth(2)
	dc.Stroke()
}

func (p *painter) item(it Item) {
	dc := p.dc
	switch it.Kind {
	case KindCell:
		i := engine.Standard.AreaIndex(it.Area)
		if i < 0 {
			return
		}
		p.poly(p.g.Cells[i])
		c := colOutOfPlay
		if it.N == 1 {
			c = regionFill[engine.Standard.Areas[i].Region]
		}
		dc.SetColor(c)
		dc.FillPreserve()
		dc.SetColor(colBorder)
		dc.SetLineWidth(1.5)
		dc.Stroke()
		if it.N == 0 {
			p.hatch(p.g.Cells[i])
		}
		if i == len(p.g.Cells)-1 {
			p.regionEdges()
		}
	case KindText:
		p.text(it.Text, it.X, it.Y, it.Size, it.Bold, it.Align, it.Color)
	case KindLabel:
		p.label(it)
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
		c := regionFill[engine.Standard.Areas[engine.Standard.AreaIndex(it.Area)].Region]
		dc.SetColor(c)
		dc.FillPreserve()
		dc.SetColor(colCoast)
		dc.SetLineWidth(2)
		dc.Stroke()
	default:
		p.icon(it)
	}
}

// label draws "A4" in bold and the name after it, centred on X.
func (p *painter) label(it Item) {
	dc := p.dc
	p.font(it.Size, true)
	w1, _ := dc.MeasureString(it.Text + " ")
	p.font(it.Size*0.78, false)
	w2, _ := dc.MeasureString(it.Sub)
	x := it.X - (w1+w2)/2
	// a light halo keeps the label readable over borders
	p.text(it.Text, x, it.Y, it.Size, true, 0, it.Color)
	p.text(it.Sub, x+w1, it.Y, it.Size*0.78, false, 0, it.Color)
}

func (p *painter) hatch(cell []pt) {
	dc := p.dc
	dc.Push()
	p.poly(cell)
	dc.Clip()
	dc.SetColor(color.RGBA{0xA0, 0xA0, 0xA0, 0xff})
	dc.SetLineWidth(1.5)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range cell {
		x, y := toPx(p.g, q)
		minX, minY, maxX, maxY = math.Min(minX, x), math.Min(minY, y), math.Max(maxX, x), math.Max(maxY, y)
	}
	for x := minX - (maxY - minY); x < maxX; x += 14 {
		dc.DrawLine(x, maxY, x+(maxY-minY), minY)
	}
	dc.Stroke()
	dc.ResetClip()
	dc.Pop()
}

// regionEdges draws the borders between regions thick, and the coast.
func (p *painter) regionEdges() {
	dc := p.dc
	e := engine.Standard
	dc.SetColor(colRegionEdge)
	dc.SetLineWidth(4)
	for i := range e.Areas {
		for j := i + 1; j < len(e.Areas); j++ {
			if e.Areas[i].Region == e.Areas[j].Region || p.g.Shared[i][j] == 0 {
				continue
			}
			ed := p.g.Edge[i][j]
			x1, y1 := toPx(p.g, ed[0])
			x2, y2 := toPx(p.g, ed[1])
			dc.DrawLine(x1, y1, x2, y2)
			dc.Stroke()
		}
	}
	p.poly(p.g.Coast)
	dc.SetColor(colCoast)
	dc.SetLineWidth(3)
	dc.Stroke()
}

// icon draws the small pieces: cubes, tiles, markers, developments.
func (p *painter) icon(it Item) {
	dc := p.dc
	x, y, w, h := it.X, it.Y, it.W, it.H
	switch it.Kind {
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
		if it.N == 1 {
			dc.SetColor(colHighlight)
		} else {
			dc.SetColor(colWhite)
		}
		dc.FillPreserve()
		dc.SetColor(colPanelEdge)
		dc.SetLineWidth(1.5)
		if it.N == 1 {
			dc.SetLineWidth(3)
		}
		dc.Stroke()
	case KindCube:
		fill, edge, ink := colTin, colTinEdge, colInk
		switch it.Text {
		case "copper":
			fill, edge, ink = colCopper, colCopperEdge, colWhite
		case "water":
			fill, edge, ink = colWater, colWaterEdge, colWhite
		}
		dc.DrawRoundedRectangle(x, y, w, h, 4)
		dc.SetColor(fill)
		dc.FillPreserve()
		dc.SetColor(edge)
		dc.SetLineWidth(2)
		dc.Stroke()
		if it.N >= 0 {
			p.text(fmt.Sprint(it.N), x+w/2, y+h*0.76, h*0.72, true, 0.5, ink)
		}
	case KindTileDown:
		dc.DrawRoundedRectangle(x, y, w, h, 5)
		dc.SetColor(colTileDown)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(2)
		dc.Stroke()
		p.text("?", x+w/2, y+h*0.78, h*0.8, true, 0.5, colWhite)
	case KindTileUp:
		dc.DrawRoundedRectangle(x, y, w, h, 5)
		dc.SetColor(colTileUp)
		dc.FillPreserve()
		dc.SetColor(colTileDown)
		dc.SetLineWidth(2)
		dc.Stroke()
	case KindRemoved:
		p.text("removed", x+w/2, y+h*0.7, 17, true, 0.5, colOutText)
	case KindPeek:
		p.disc(it.Seat, x+w/2, y+h/2, w, false)
	case KindMarker:
		p.disc(it.Seat, x, y, w, true)
	case KindMine:
		p.mine(it.Seat, x, y, w, h)
	case KindDrain:
		p.drop(x+h/2, y+h/2, h*0.45)
		if it.N == 0 { // the legend's icon
			return
		}
		p.text(fmt.Sprintf("×%d", it.N), x+h, y+h*0.78, 16, true, 0, colWaterEdge)
	case KindMiner:
		p.badge(x, y, w, h, "M", colDev)
	case KindPort:
		p.badge(x, y, w, h, "P", color.RGBA{0x1F, 0x3A, 0x6B, 0xff})
	case KindTrain:
		p.badge(x, y, w, h, "T", color.RGBA{0x5A, 0x1E, 0x1E, 0xff})
	case KindPump:
		p.pump(x, y, w, h, it.N, it.Text == "taken")
	case KindCapacity:
		dc.DrawRoundedRectangle(x, y, w, h, h/2)
		dc.SetColor(colWhite)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(1.5)
		dc.Stroke()
		p.text(fmt.Sprintf("×%d", it.N), x+w/2, y+h*0.76, 16, true, 0.5, colInk)
	case KindAdit:
		dc.SetLineCap(gg.LineCapRound)
		dc.SetColor(colWhite)
		dc.SetLineWidth(11)
		dc.DrawLine(x, y, it.X2, it.Y2)
		dc.Stroke()
		dc.SetColor(colAdit)
		dc.SetLineWidth(7)
		dc.DrawLine(x, y, it.X2, it.Y2)
		dc.Stroke()
		dc.SetLineCap(gg.LineCapButt)
	case KindAuction:
		dc.SetColor(colAuction)
		dc.SetLineWidth(5)
		dc.DrawCircle(x, y, w/2)
		dc.Stroke()
		dc.SetLineWidth(2)
		dc.DrawCircle(x, y, w/2+5)
		dc.Stroke()
	case KindDevPiece:
		switch it.Text {
		case KindMiner:
			p.badge(x, y, w, h, "M", colDev)
		case KindPort:
			p.badge(x, y, w, h, "P", color.RGBA{0x1F, 0x3A, 0x6B, 0xff})
		case KindTrain:
			p.badge(x, y, w, h, "T", color.RGBA{0x5A, 0x1E, 0x1E, 0xff})
		case KindAdit:
			dc.SetColor(colAdit)
			dc.SetLineWidth(8)
			dc.DrawLine(x+4, y+h-4, x+w-4, y+4)
			dc.Stroke()
		}
	case KindLegend:
		p.legend(it)
	}
}

func (p *painter) legend(it Item) {
	x, y, w, h := it.X, it.Y, it.W, it.H
	icon := Item{Kind: it.Sub, Text: it.Area, Seat: 0, N: 2, X: x, Y: y, W: w, H: h}
	switch it.Sub {
	case KindCube:
		icon.N, icon.W, icon.H = 3, h, h
	case KindPeek, KindMine:
		icon.W, icon.H = h, h
	case KindDrain:
		icon.N, icon.W = 0, 40
	case KindPump:
		icon.N = 1
	case KindCapacity:
		icon.N, icon.W = 3, 36
	case KindAdit:
		icon.Y, icon.X2, icon.Y2 = y+h-4, x+w, y+4
	case KindAuction:
		icon.X, icon.Y, icon.W = x+h/2, y+h/2, h-4
	case KindRemoved:
		p.text("—", x+10, y+h*0.72, 20, true, 0, colOutText)
		p.text("tile removed (2p)", x+40, y+h*0.72, 19, false, 0, colInk)
		return
	}
	p.icon(icon)
	p.text(it.Text, x+46, y+h*0.72, 19, false, 0, colInk)
}

// disc draws a seat's marker: its colour, a dark rim and its letter.
func (p *painter) disc(seat int, cx, cy, d float64, big bool) {
	dc := p.dc
	_, letter, c := Seat(seat)
	dc.DrawCircle(cx, cy, d/2)
	dc.SetColor(c)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(2)
	dc.Stroke()
	p.text(letter, cx, cy+d*0.25, d*0.66, true, 0.5, seatInk(seat))
}

// mine draws an engine house in the owner's colour with their letter.
func (p *painter) mine(seat int, x, y, w, h float64) {
	dc := p.dc
	_, letter, c := Seat(seat)
	dc.NewSubPath()
	dc.MoveTo(x, y+h)
	dc.LineTo(x, y+h*0.38)
	dc.LineTo(x+w*0.5, y)
	dc.LineTo(x+w, y+h*0.38)
	dc.LineTo(x+w, y+h)
	dc.ClosePath()
	dc.SetColor(c)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(2)
	dc.Stroke()
	p.text(letter, x+w/2, y+h*0.92, h*0.56, true, 0.5, seatInk(seat))
}

func (p *painter) badge(x, y, w, h float64, s string, c color.Color) {
	dc := p.dc
	dc.DrawRoundedRectangle(x, y, w, h, 4)
	dc.SetColor(c)
	dc.Fill()
	p.text(s, x+w/2, y+h*0.78, h*0.72, true, 0.5, colWhite)
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

// pump draws a steam pump piece: a grey cylinder with its count.
func (p *painter) pump(x, y, w, h float64, n int, taken bool) {
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
	dc.SetColor(color.RGBA{0x60, 0x6A, 0x74, 0xff})
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(1.5)
	dc.Stroke()
	s := "S"
	if n > 1 {
		s = fmt.Sprintf("S%d", n)
	}
	p.text(s, x+w/2, y+h*0.75, h*0.62, true, 0.5, colWhite)
}

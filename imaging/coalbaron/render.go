package coalbaronimg

import (
	"image"
	"math"

	"github.com/fogleman/gg"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// RenderTurn draws the turn picture of v: the display and every player's
// board, readable at 400 px wide. It returns a paletted image (its PNG
// stays small). It reads only the public view; the error reports an
// unusable font.
func RenderTurn(v coalbaron.PublicView, o imaging.Options) (image.Image, error) {
	items, w, h := turnItems(v, o, false)
	img, err := paint(items, w, h, 1)
	if err != nil {
		return nil, err
	}
	return palette().Quantize(img), nil
}

// BoardScale is how much larger the full board is drawn than the turn
// picture.
const BoardScale = 1.6

// RenderBoard draws the full board of v: the turn picture's layout with
// every player's delivered trains, at BoardScale (1600 px wide). It reads
// only the public view; the error reports an unusable font.
func RenderBoard(v coalbaron.PublicView, o imaging.Options) (image.Image, error) {
	items, w, h := turnItems(v, o, true)
	img, err := paint(items, int(math.Round(float64(w)*BoardScale)), int(math.Round(float64(h)*BoardScale)), BoardScale)
	if err != nil {
		return nil, err
	}
	return palette().Quantize(img), nil
}

// BoardLayout returns the texts RenderBoard draws for v, in the turn
// picture's units (multiply by BoardScale for the picture's pixels).
func BoardLayout(v coalbaron.PublicView, o imaging.Options) imaging.Layout {
	items, w, h := turnItems(v, o, true)
	return layoutOf(items, w, h)
}

// paint draws items on a fresh w×h canvas, scaled by s.
func paint(items []Item, w, h int, s float64) (*image.RGBA, error) {
	c, err := imaging.NewCanvas(w, h)
	if err != nil {
		return nil, err
	}
	c.DC.SetColor(colPanel)
	c.DC.Clear()
	p := &painter{c, s}
	for _, it := range items {
		p.item(it)
	}
	return c.Img, nil
}

type painter struct {
	*imaging.Canvas
	s float64 // scale
}

// item draws it: its shape, then its texts.
func (p *painter) item(it Item) {
	dc := p.DC
	s := p.s
	x, y, w, h := it.X*s, it.Y*s, it.W*s, it.H*s
	switch it.Kind {
	case KindChanged:
		imaging.DrawChanged(dc, x, y, w, h, 5*s)
	case KindMark:
		imaging.DrawMarkDisc(dc, x, y, w/2)
	case KindMarker:
		_, _, c := imaging.Seat(it.Seat)
		dc.DrawCircle(x, y, w/2)
		dc.SetColor(c)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(1.5 * s)
		dc.Stroke()
	case KindCrest, KindEngine, KindDest:
		p.glyph(it, x, y, w, h)
	default:
		p.box(it, x, y, w, h)
	}
	for _, t := range itemTexts(it) {
		p.Text(t.Text, t.X*s, t.Y*s, t.Size*s, t.Bold, t.Align, t.Color)
	}
}

// box draws a panel, box, card or slot item at x,y,w,h (pixels).
func (p *painter) box(it Item, x, y, w, h float64) {
	dc := p.DC
	s := p.s
	switch it.Kind {
	case KindPanel:
		dc.DrawRoundedRectangle(x, y, w, h, 10*s)
		dc.SetColor(colBoard)
		dc.FillPreserve()
		dc.SetColor(colPanelEdge)
		dc.SetLineWidth(2 * s)
		dc.Stroke()
	case KindBox:
		fill, edge, lw := colWhite, colPanelEdge, 1.5
		switch it.N {
		case 1:
			fill, edge, lw = colHighlight, colInk, 3
		case 2:
			fill = colOff
		case 3:
			fill, edge = colDock, colRail
		}
		dc.DrawRoundedRectangle(x, y, w, h, 8*s)
		dc.SetColor(fill)
		dc.FillPreserve()
		dc.SetColor(edge)
		dc.SetLineWidth(lw * s)
		dc.Stroke()
	case KindInno, KindObjective:
		fill := colInno
		if it.Kind == KindObjective {
			fill = colObjective
		}
		dc.DrawRoundedRectangle(x, y, w, h, 6*s)
		dc.SetColor(fill)
		dc.FillPreserve()
		dc.SetColor(colPanelEdge)
		dc.SetLineWidth(1.5 * s)
		dc.Stroke()
	case KindSlot:
		dc.SetDash(5*s, 4*s)
		dc.DrawRoundedRectangle(x+1, y+1, w-2, h-2, 4*s)
		dc.SetColor(colMuted)
		dc.SetLineWidth(1.5 * s)
		dc.Stroke()
		dc.SetDash()
	case KindNext:
		dc.DrawRoundedRectangle(x, y, w, h, 6*s)
		dc.SetColor(colHighlight)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(2.5 * s)
		dc.Stroke()
	case KindCardBack:
		for k := min(it.N, 3) - 1; k >= 0; k-- {
			off := float64(k) * 3 * s
			dc.DrawRoundedRectangle(x+off, y-off+2*s, w, h, 3*s)
			dc.SetColor(colCoal)
			if it.N == 0 {
				dc.SetColor(colOff)
			}
			dc.FillPreserve()
			dc.SetColor(colWhite)
			dc.SetLineWidth(1 * s)
			dc.Stroke()
		}
		if it.N == 0 {
			dc.DrawRoundedRectangle(x, y+2*s, w, h, 3*s)
			dc.SetColor(colMuted)
			dc.SetLineWidth(1.5 * s)
			dc.Stroke()
		}
	case KindLoaded:
		dc.DrawRoundedRectangle(x, y, w, h, 2*s)
		dc.SetColor(colInk)
		dc.Fill()
	}
}

// glyph draws a crest, engine or destination glyph's shape at x,y,w,h
// (pixels), filled with its colour and edged.
func (p *painter) glyph(it Item, x, y, w, h float64) {
	dc := p.DC
	s := p.s
	if it.Shape == ShapeClover {
		// The leaves' outline without their overlaps: the edge colour
		// a little wider, the fill over it.
		clover(dc, x, y, w, h, 1.8*s)
		dc.SetColor(colInk)
		dc.Fill()
		clover(dc, x, y, w, h, 0)
		dc.SetColor(it.Fill)
		dc.Fill()
		return
	}
	shape(dc, it.Shape, x, y, w, h)
	dc.SetColor(it.Fill)
	dc.FillPreserve()
	edge := colInk
	if it.Kind == KindDest {
		edge = colDestEdge
	}
	dc.SetColor(edge)
	dc.SetLineWidth(1.8 * s)
	dc.Stroke()
}

// shape adds the path of a glyph's shape in the box x,y,w,h.
func shape(dc *gg.Context, name string, x, y, w, h float64) {
	cx, cy := x+w/2, y+h/2
	r := math.Min(w, h) / 2
	poly := func(pts ...[2]float64) {
		dc.NewSubPath()
		for _, q := range pts {
			dc.LineTo(x+q[0]*w, y+q[1]*h)
		}
		dc.ClosePath()
	}
	regular := func(n int, rot float64) {
		dc.NewSubPath()
		for k := 0; k < n; k++ {
			a := rot + 2*math.Pi*float64(k)/float64(n)
			dc.LineTo(cx+r*math.Cos(a), cy+r*math.Sin(a))
		}
		dc.ClosePath()
	}
	switch name {
	case ShapeCircle:
		dc.DrawCircle(cx, cy, r)
	case ShapeClover:
		clover(dc, x, y, w, h, 0)
	case ShapeTriangle:
		poly([2]float64{0.5, 0}, [2]float64{1, 1}, [2]float64{0, 1})
	case ShapeDiamond:
		poly([2]float64{0.5, 0}, [2]float64{1, 0.5}, [2]float64{0.5, 1}, [2]float64{0, 0.5})
	case ShapeStar:
		dc.NewSubPath()
		for k := 0; k < 16; k++ {
			a := -math.Pi/2 + math.Pi*float64(k)/8
			rr := r
			if k%2 == 1 {
				rr = 0.72 * r
			}
			dc.LineTo(cx+rr*math.Cos(a), cy+rr*math.Sin(a))
		}
		dc.ClosePath()
	case ShapeSquare:
		dc.DrawRectangle(x+1, y+1, w-2, h-2)
	case ShapeHexagon:
		regular(6, 0)
	case ShapeTriDown:
		poly([2]float64{0, 0}, [2]float64{1, 0}, [2]float64{0.5, 1})
	case ShapePentagon:
		regular(5, -math.Pi/2)
	case ShapeHouse:
		poly([2]float64{0.5, 0}, [2]float64{1, 0.36}, [2]float64{1, 1}, [2]float64{0, 1}, [2]float64{0, 0.36})
	case ShapeChimney:
		poly([2]float64{0, 0.3}, [2]float64{0.7, 0.3}, [2]float64{0.7, 0}, [2]float64{0.92, 0}, [2]float64{0.92, 0.3},
			[2]float64{1, 0.3}, [2]float64{1, 1}, [2]float64{0, 1})
	case ShapeSawtooth:
		poly([2]float64{0, 0.3}, [2]float64{0.33, 0}, [2]float64{0.33, 0.3}, [2]float64{0.66, 0}, [2]float64{0.66, 0.3},
			[2]float64{1, 0}, [2]float64{1, 1}, [2]float64{0, 1})
	case ShapeBoat:
		poly([2]float64{0, 0.1}, [2]float64{1, 0.1}, [2]float64{0.82, 0.9}, [2]float64{0.18, 0.9})
	default:
		dc.DrawRoundedRectangle(x, y, w, h, 4)
	}
}

// Renderer draws Coal Baron for the platform: imaging.Renderer over
// RenderTurn, RenderBoard and RenderHand. Its views are
// coalbaron.PublicView and coalbaron.SeatView (or pointers to them).
// It is an imaging.Placer: TurnPlaces lists the stacks, rows and docks
// its turn picture draws.
var Renderer = imaging.WithPlaces(imaging.Views[coalbaron.PublicView, coalbaron.SeatView]("Coal Baron", RenderTurn, RenderBoard, RenderHand), TurnPlaces)

// clover adds three leaves round the centre of x,y,w,h, each grown by out.
func clover(dc *gg.Context, x, y, w, h, out float64) {
	cx, cy := x+w/2, y+h/2
	r := math.Min(w, h) / 2
	for k := 0; k < 3; k++ {
		a := -math.Pi/2 + 2*math.Pi*float64(k)/3
		dc.DrawCircle(cx+0.42*r*math.Cos(a), cy+0.42*r*math.Sin(a), 0.58*r+out)
	}
	dc.DrawCircle(cx, cy, 0.5*r+out)
}

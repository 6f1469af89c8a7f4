package brassimg

import (
	"image/color"
	"math"

	"github.com/tinnersbot/tinnersbot/imaging"
)

// pic is one picture being laid out, and drawn when it has a canvas: the
// same code gives the picture and its layout (the texts as data), so the
// two cannot drift apart. Coordinates are in units; the canvas is s
// pixels per unit.
type pic struct {
	o     imaging.Options
	c     *imaging.Canvas // nil: layout only
	m     *imaging.Measurer
	s     float64
	w, h  float64 // units
	texts []imaging.LayoutText
	// places are where each place of the picture is (board fills it).
	places map[int]rect
}

// newPic returns a picture w×h units drawn at scale s, with a canvas when
// draw is set. The error reports an unusable font.
func newPic(o imaging.Options, w, h, s float64, draw bool) (*pic, error) {
	p := &pic{o: o, s: s, w: w, h: h}
	if draw {
		c, err := imaging.NewCanvas(int(math.Round(w*s)), int(math.Round(h*s)))
		if err != nil {
			return nil, err
		}
		p.c, p.m = c, c.Measurer
		c.DC.SetColor(colPaper)
		c.DC.Clear()
		return p, nil
	}
	m, err := imaging.NewMeasurer()
	if err != nil {
		return nil, err
	}
	p.m = m
	return p, nil
}

// layout is the picture's texts as data.
func (p *pic) layout() imaging.Layout {
	return imaging.Layout{Width: int(math.Round(p.w * p.s)), Height: int(math.Round(p.h * p.s)), Texts: p.texts}
}

// say is the picture's text for catalogue message id, whose English is en.
func (p *pic) say(en, id string, kv ...any) string { return p.o.Say(en, id, kv...) }

// width is the advance of s in units.
func (p *pic) width(s string, size float64, bold bool) float64 { return p.m.Width(s, size, bold) }

// fit is the size, at most size and at least least, at which s fits in w.
func (p *pic) fit(s string, size, least, w float64, bold bool) float64 {
	return p.m.Fit(s, size, least, w, bold)
}

// text draws s with its baseline at y (align 0 left, 0.5 centred, 1
// right) and records it with role.
func (p *pic) text(s string, x, y, size float64, bold bool, align float64, col color.Color, role string) {
	if s == "" {
		return
	}
	left := x - p.width(s, size, bold)*align
	p.texts = append(p.texts, imaging.LayoutText{Text: s, X: imaging.Round1(left * p.s), Y: imaging.Round1(y * p.s),
		SizePx: imaging.Round1(size * p.s), Role: role})
	if p.c != nil {
		p.c.Text(s, left*p.s, y*p.s, size*p.s, bold, 0, col)
	}
}

// box fills a rounded box and strokes its edge (lw 0: none).
func (p *pic) box(r rect, radius float64, fill, edge color.Color, lw float64) {
	if p.c == nil {
		return
	}
	dc, s := p.c.DC, p.s
	dc.SetDash()
	dc.DrawRoundedRectangle(r.X*s, r.Y*s, r.W*s, r.H*s, radius*s)
	if fill != nil {
		dc.SetColor(fill)
		if lw > 0 {
			dc.FillPreserve()
		} else {
			dc.Fill()
		}
	}
	if lw > 0 {
		dc.SetColor(edge)
		dc.SetLineWidth(lw * s)
		dc.Stroke()
	}
}

// line draws a line from x1,y1 to x2,y2, dashed when dash > 0.
func (p *pic) line(x1, y1, x2, y2, lw float64, col color.Color, dash float64) {
	if p.c == nil {
		return
	}
	dc, s := p.c.DC, p.s
	if dash > 0 {
		dc.SetDash(dash*s, dash*s)
	} else {
		dc.SetDash()
	}
	dc.SetLineCapRound()
	dc.DrawLine(x1*s, y1*s, x2*s, y2*s)
	dc.SetColor(col)
	dc.SetLineWidth(lw * s)
	dc.Stroke()
	dc.SetDash()
}

// disc fills a circle with an edge.
func (p *pic) disc(x, y, r float64, fill, edge color.Color, lw float64) {
	if p.c == nil {
		return
	}
	dc, s := p.c.DC, p.s
	dc.SetDash()
	dc.DrawCircle(x*s, y*s, r*s)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(edge)
	dc.SetLineWidth(lw * s)
	dc.Stroke()
}

// changed rings box r as a place changed since the last post.
func (p *pic) changed(r rect) {
	if p.c == nil {
		return
	}
	imaging.DrawChanged(p.c.DC, r.X*p.s, r.Y*p.s, r.W*p.s, r.H*p.s, 4*p.s)
}

// mark draws mark centred on x,y: a ringed number (imaging.DrawMark),
// its number recorded as an essential text.
func (p *pic) mark(mark string, x, y float64) {
	r := imaging.MarkRadius(TurnW)
	size := imaging.MarkSize(mark, r)
	base := imaging.MarkBaseline(mark, y, r)
	left := x - p.width(mark, size, true)/2
	p.texts = append(p.texts, imaging.LayoutText{Text: mark, X: imaging.Round1(left * p.s), Y: imaging.Round1(base * p.s),
		SizePx: imaging.Round1(size * p.s), Role: imaging.RoleEssential})
	if p.c != nil {
		imaging.DrawMarkDisc(p.c.DC, x*p.s, y*p.s, r*p.s)
		p.c.Text(mark, left*p.s, base*p.s, size*p.s, true, 0, imaging.White)
	}
}

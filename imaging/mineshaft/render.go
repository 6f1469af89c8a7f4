package mineshaftimg

import (
	"image"
	"math"

	"github.com/fogleman/gg"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// RenderTurn draws the turn picture of v: 800 px wide, at most 1.3 times
// as tall, the mine cropped round the pawns and open ends when it
// sprawls. It returns a paletted image (its PNG stays small). It reads
// only the public view; the error reports an unusable font.
func RenderTurn(v mineshaft.PublicView, o imaging.Options) (image.Image, error) {
	return render(turnItems(v, o, false))
}

// RenderBoard draws the whole mine of v (/tt board full:true) with the
// turn picture's panels, as wide as the mine needs.
func RenderBoard(v mineshaft.PublicView, o imaging.Options) (image.Image, error) {
	return render(turnItems(v, o, true))
}

// RenderHand draws seat v's picture: nothing in the game is secret but
// the order of the pile (MS-V1), so it is the turn picture.
func RenderHand(v mineshaft.SeatView, o imaging.Options) (image.Image, error) {
	return RenderTurn(v.PublicView, o)
}

// Renderer draws the mine-shaft game for the platform: imaging.Renderer
// over RenderTurn, RenderBoard and RenderHand. Its views are
// mineshaft.PublicView and mineshaft.SeatView (or pointers to them).
var Renderer = imaging.WithPlaces(imaging.Views[mineshaft.PublicView, mineshaft.SeatView]("Mine Shaft", RenderTurn, RenderBoard, RenderHand), TurnPlaces)

func render(items []Item, w, h float64) (image.Image, error) {
	c, err := imaging.NewCanvas(int(math.Round(w*Scale)), int(math.Round(h*Scale)))
	if err != nil {
		return nil, err
	}
	c.DC.SetColor(colPanel)
	c.DC.Clear()
	p := &painter{c}
	for _, it := range items {
		p.item(it)
	}
	return palette().Quantize(c.Img), nil
}

type painter struct{ *imaging.Canvas }

func (p *painter) item(it Item) {
	const s = Scale
	dc := p.DC
	x, y, w, h := it.X*s, it.Y*s, it.W*s, it.H*s
	switch it.Kind {
	case KindRect:
		dc.DrawRoundedRectangle(x, y, w, h, 3*s)
		dc.SetColor(it.Fill)
		if it.N == 2 {
			dc.Fill()
			break
		}
		dc.FillPreserve()
		if it.N == 1 {
			dc.SetDash(4*s, 3*s)
		}
		dc.SetColor(it.Color)
		dc.SetLineWidth(1.2 * s)
		dc.Stroke()
		dc.SetDash()
	case KindTile:
		p.tile(it, x, y, w)
	case KindSymbol:
		// A light badge under the symbol and its letter, so that both read
		// on any ground (a collapsed tile, a track).
		lw := p.Width(it.Text, it.Size*s, true)
		dc.DrawRoundedRectangle(x-1*s, y-1*s, w+lw+3*s, h+2*s, 2*s)
		dc.SetColor(colWhite)
		dc.Fill()
		symbol(dc, it.Colour, x, y, w)
	case KindIcon:
		icon(dc, it.Special, x, y, w)
	case KindPickaxe:
		pickaxe(dc, x, y, w)
	case KindChip:
		// A rounded square: nothing round on the picture is a marker
		// (pawns and marks are discs).
		dc.DrawRoundedRectangle(x-w/2+0.5*s, y-w/2+0.5*s, w-1*s, w-1*s, w*0.22)
		dc.SetColor(resFill[it.N])
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(1 * s)
		dc.Stroke()
	case KindPawn:
		_, _, c := imaging.Seat(it.Seat)
		dc.DrawCircle(x, y, w/2)
		dc.SetColor(colWhite)
		dc.Fill()
		dc.DrawCircle(x, y, w/2-0.8*s)
		dc.SetColor(c)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(1.4 * s)
		dc.Stroke()
	case KindMark:
		imaging.DrawMarkDisc(dc, x, y, w/2)
	case KindChanged:
		imaging.DrawChanged(dc, x+1.5*s, y+1.5*s, w-3*s, h-3*s, 2.5*s)
	}
	for _, t := range itemTexts(it) {
		p.Text(t.Text, t.X*s, t.Y*s, t.Size*s, t.Bold, t.Align, t.Color)
	}
}

// tile draws a tile's face in the square x,y,w: its ground (the colour's
// tint, the start tile's, or the collapse side), its tracks, and a ghost's
// dashed edge.
func (p *painter) tile(it Item, x, y, w float64) {
	dc := p.DC
	const s = Scale
	ground, rail := colStart, colRail
	switch {
	case it.Collapsed:
		ground, rail = colCollapsed, colCollRail
	case it.Colour >= 0 && it.Colour < mineshaft.NumColours:
		ground = tileTint[it.Colour]
	}
	in := 1.0 * s
	dc.DrawRoundedRectangle(x+in, y+in, w-2*in, w-2*in, 3*s)
	dc.SetColor(ground)
	dc.FillPreserve()
	if it.N == 1 {
		dc.SetDash(4*s, 3*s)
		dc.SetColor(colWhite)
		dc.SetLineWidth(2 * s)
	} else {
		dc.SetColor(colRock)
		dc.SetLineWidth(1 * s)
	}
	dc.Stroke()
	dc.SetDash()
	cx, cy := x+w/2, y+w/2
	lw := math.Max(3*s, w*0.12)
	dc.SetLineCap(gg.LineCapButt)
	for d := mineshaft.N; d < mineshaft.NumDirs; d++ {
		if !it.Tracks.Has(d) {
			continue
		}
		ex, ey := cx, cy
		switch d {
		case mineshaft.N:
			ey = y + in
		case mineshaft.E:
			ex = x + w - in
		case mineshaft.S:
			ey = y + w - in
		case mineshaft.W:
			ex = x + in
		}
		dc.DrawLine(cx, cy, ex, ey)
		dc.SetColor(rail)
		dc.SetLineWidth(lw)
		dc.Stroke()
	}
	if it.Tracks != 0 {
		dc.DrawCircle(cx, cy, lw/2)
		dc.SetColor(rail)
		dc.Fill()
		if it.Tracks.Count() == 1 { // End of Shaft: a buffer across the end
			dc.DrawRectangle(cx-lw*1.2, cy-lw*1.2, lw*2.4, lw*2.4)
			dc.Fill()
		}
	}
	if it.Collapsed && w > 20*s { // the collapse side: rubble across the tile
		dc.SetColor(colCoal)
		dc.SetLineWidth(1.5 * s)
		for k := 1; k <= 3; k++ {
			f := float64(k) / 4
			dc.DrawLine(x+f*w-w*0.12, y+w*0.86, x+f*w+w*0.12, y+w*0.14)
			dc.Stroke()
		}
	}
}

// symbol draws colour c's symbol (● ■ ▲ ◆) in the square x,y,w.
func symbol(dc *gg.Context, c mineshaft.Colour, x, y, w float64) {
	if c < 0 || c >= mineshaft.NumColours {
		return
	}
	cx, cy, r := x+w/2, y+w/2, w/2
	switch ColourSymbols[c] {
	case SymCircle:
		dc.DrawCircle(cx, cy, r*0.92)
	case SymSquare:
		dc.DrawRectangle(x+w*0.1, y+w*0.1, w*0.8, w*0.8)
	case SymTriangle:
		dc.MoveTo(cx, y)
		dc.LineTo(x+w, y+w*0.92)
		dc.LineTo(x, y+w*0.92)
		dc.ClosePath()
	case SymDiamond:
		dc.MoveTo(cx, y)
		dc.LineTo(x+w, cy)
		dc.LineTo(cx, y+w)
		dc.LineTo(x, cy)
		dc.ClosePath()
	}
	dc.SetColor(tileSymbol[c])
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(math.Max(1, w*0.08))
	dc.Stroke()
}

// icon draws special tile x's icon in the square x0,y0,w: a dark disc with
// a white pictogram (a Swap's two arrows, a rock, a cart, an alarm, an
// arch, a flame, a burst).
func icon(dc *gg.Context, x mineshaft.Special, x0, y0, w float64) {
	cx, cy, r := x0+w/2, y0+w/2, w/2
	bg := colSpecial
	if x == mineshaft.Fire || x == mineshaft.Explosion {
		bg = colWhite
	}
	dc.DrawCircle(cx, cy, r)
	dc.SetColor(bg)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(math.Max(1, w*0.05))
	dc.Stroke()
	dc.SetColor(colWhite)
	lw := math.Max(1, w*0.1)
	dc.SetLineWidth(lw)
	switch x {
	case mineshaft.Swap: // ⇄
		dc.DrawLine(cx-r*0.5, cy-r*0.25, cx+r*0.5, cy-r*0.25)
		dc.DrawLine(cx+r*0.5, cy-r*0.25, cx+r*0.25, cy-r*0.5)
		dc.DrawLine(cx+r*0.5, cy+r*0.25, cx-r*0.5, cy+r*0.25)
		dc.DrawLine(cx-r*0.5, cy+r*0.25, cx-r*0.25, cy+r*0.5)
		dc.Stroke()
	case mineshaft.LooseRock: // a rock
		pts := [][2]float64{{-0.55, 0.35}, {-0.45, -0.15}, {-0.1, -0.5}, {0.35, -0.35}, {0.6, 0.1}, {0.45, 0.4}}
		for _, q := range pts {
			dc.LineTo(cx+q[0]*r, cy+q[1]*r)
		}
		dc.ClosePath()
		dc.Fill()
	case mineshaft.Minecart: // a cart on two wheels
		dc.MoveTo(cx-r*0.6, cy-r*0.4)
		dc.LineTo(cx+r*0.6, cy-r*0.4)
		dc.LineTo(cx+r*0.4, cy+r*0.2)
		dc.LineTo(cx-r*0.4, cy+r*0.2)
		dc.ClosePath()
		dc.Fill()
		dc.DrawCircle(cx-r*0.28, cy+r*0.42, r*0.16)
		dc.DrawCircle(cx+r*0.28, cy+r*0.42, r*0.16)
		dc.Fill()
	case mineshaft.CallForHelp: // an alarm: "!"
		dc.MoveTo(cx-r*0.14, cy-r*0.6)
		dc.LineTo(cx+r*0.14, cy-r*0.6)
		dc.LineTo(cx+r*0.07, cy+r*0.15)
		dc.LineTo(cx-r*0.07, cy+r*0.15)
		dc.ClosePath()
		dc.Fill()
		dc.DrawCircle(cx, cy+r*0.42, r*0.13)
		dc.Fill()
	case mineshaft.Tunnel: // an arch
		dc.MoveTo(cx-r*0.55, cy+r*0.5)
		dc.LineTo(cx-r*0.55, cy)
		dc.DrawArc(cx, cy, r*0.55, math.Pi, 2*math.Pi)
		dc.LineTo(cx+r*0.55, cy+r*0.5)
		dc.ClosePath()
		dc.Fill()
	case mineshaft.Fire: // a flame
		dc.SetColor(imaging.MarkRing)
		dc.MoveTo(cx, cy-r*0.7)
		dc.CubicTo(cx+r*0.7, cy-r*0.1, cx+r*0.5, cy+r*0.6, cx, cy+r*0.6)
		dc.CubicTo(cx-r*0.5, cy+r*0.6, cx-r*0.7, cy-r*0.1, cx, cy-r*0.7)
		dc.Fill()
	case mineshaft.Explosion: // a burst
		dc.SetColor(colCoal)
		for k := 0; k < 16; k++ {
			a := -math.Pi/2 + math.Pi*float64(k)/8
			rr := r * 0.75
			if k%2 == 1 {
				rr = r * 0.35
			}
			dc.LineTo(cx+rr*math.Cos(a), cy+rr*math.Sin(a))
		}
		dc.ClosePath()
		dc.Fill()
	}
}

// pickaxe draws die A's pickaxe face in the square x,y,w.
func pickaxe(dc *gg.Context, x, y, w float64) {
	dc.DrawRoundedRectangle(x, y, w, w, w*0.15)
	dc.SetColor(colWhite)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(math.Max(1, w*0.06))
	dc.Stroke()
	dc.SetLineWidth(math.Max(1.5, w*0.12))
	dc.DrawLine(x+w*0.25, y+w*0.8, x+w*0.65, y+w*0.35) // the handle
	dc.Stroke()
	dc.MoveTo(x+w*0.3, y+w*0.2) // the head
	dc.QuadraticTo(x+w*0.7, y+w*0.05, x+w*0.85, y+w*0.55)
	dc.Stroke()
}

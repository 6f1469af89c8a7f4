package brassimg

import (
	"image/color"
	"math"
	"sync"

	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Colours of the pictures. No seat has them (imaging's seat colours are
// Okabe–Ito orange, blue, green, yellow and purple).
var (
	colPaper   = color.RGBA{0xF4, 0xEF, 0xE4, 0xff}
	colInk     = imaging.Ink
	colMuted   = imaging.Muted
	colEdge    = imaging.PanelEdge
	colWhite   = imaging.White
	colLine    = color.RGBA{0x9A, 0x92, 0x84, 0xff}
	colOffLine = color.RGBA{0xCF, 0xC8, 0xBA, 0xff}
	colEmpty   = color.RGBA{0xFF, 0xFD, 0xF7, 0xff}
	colOff     = color.RGBA{0xDD, 0xD8, 0xCE, 0xff}
	colCoal    = color.RGBA{0x1A, 0x1A, 0x1A, 0xff}
	colIron    = color.RGBA{0x8E, 0x93, 0x99, 0xff}
	colBeer    = color.RGBA{0x8B, 0x5A, 0x2B, 0xff}
	colPottery = color.RGBA{0xA8, 0x4B, 0x32, 0xff}
	colManuf   = color.RGBA{0x3E, 0x4E, 0x6A, 0xff}
	colRow     = imaging.Highlight
	colMerch   = color.RGBA{0xE9, 0xE2, 0xF2, 0xff}
)

// glyph draws industry i's symbol centred on x,y, size d across: cotton a
// ring (a bobbin), manufacturer a dark hexagon (a nut), pottery a red
// triangle (a kiln), coal a black square (a cube), iron a grey diamond,
// brewery a brown barrel, each on a white disc so it shows on any
// owner's colour.
func (p *pic) glyph(i brass.Industry, x, y, d float64) {
	if p.c == nil {
		return
	}
	dc, s := p.c.DC, p.s
	r := d / 2
	dc.SetDash()
	dc.DrawCircle(x*s, y*s, r*s)
	dc.SetColor(colWhite)
	dc.FillPreserve()
	dc.SetColor(colInk)
	dc.SetLineWidth(1 * s)
	dc.Stroke()
	k := r * 0.62
	switch i {
	case brass.Cotton:
		dc.DrawCircle(x*s, y*s, k*s)
		dc.SetColor(colInk)
		dc.SetLineWidth(k * 0.45 * s)
		dc.Stroke()
	case brass.Manuf:
		dc.NewSubPath()
		for n := 0; n < 6; n++ {
			a := math.Pi / 6 * float64(2*n)
			dc.LineTo((x+k*math.Cos(a))*s, (y+k*math.Sin(a))*s)
		}
		dc.ClosePath()
		dc.SetColor(colManuf)
		dc.Fill()
	case brass.Pottery:
		dc.NewSubPath()
		dc.LineTo(x*s, (y-k)*s)
		dc.LineTo((x+k)*s, (y+k*0.8)*s)
		dc.LineTo((x-k)*s, (y+k*0.8)*s)
		dc.ClosePath()
		dc.SetColor(colPottery)
		dc.Fill()
	case brass.Coal:
		dc.DrawRectangle((x-k*0.8)*s, (y-k*0.8)*s, k*1.6*s, k*1.6*s)
		dc.SetColor(colCoal)
		dc.Fill()
	case brass.Iron:
		dc.NewSubPath()
		dc.LineTo(x*s, (y-k)*s)
		dc.LineTo((x+k)*s, y*s)
		dc.LineTo(x*s, (y+k)*s)
		dc.LineTo((x-k)*s, y*s)
		dc.ClosePath()
		dc.SetColor(colIron)
		dc.FillPreserve()
		dc.SetColor(colInk)
		dc.SetLineWidth(1 * s)
		dc.Stroke()
	case brass.Brewery:
		p.barrel(x, y, k*1.7)
	}
}

// barrel draws a beer barrel d high centred on x,y.
func (p *pic) barrel(x, y, d float64) {
	if p.c == nil {
		return
	}
	dc, s := p.c.DC, p.s
	w := d * 0.8
	dc.DrawRoundedRectangle((x-w/2)*s, (y-d/2)*s, w*s, d*s, w*0.35*s)
	dc.SetColor(colBeer)
	dc.Fill()
	dc.SetColor(color.RGBA{0xE8, 0xC8, 0x8A, 0xff})
	dc.SetLineWidth(math.Max(1, d*0.1) * s)
	for _, f := range []float64{-0.22, 0.22} {
		dc.DrawLine((x-w/2)*s, (y+f*d)*s, (x+w/2)*s, (y+f*d)*s)
		dc.Stroke()
	}
}

// cube draws a cube of coal or iron, d across, centred on x,y.
func (p *pic) cube(i brass.Industry, x, y, d float64) {
	if i == brass.Brewery {
		p.barrel(x, y, d*1.1)
		return
	}
	fill := colCoal
	if i == brass.Iron {
		fill = colIron
	}
	p.box(rect{x - d/2, y - d/2, d, d}, d*0.15, fill, colWhite, 1)
}

// seatFill is seat's colour; seatInk the colour of text on it.
func seatFill(seat int) color.RGBA { _, _, c := imaging.Seat(seat); return c }
func seatInk(seat int) color.RGBA  { return imaging.SeatInk(seat) }
func seatLetter(seat int) string   { _, l, _ := imaging.Seat(seat); return l }

// palette is the pictures' palette: the colours above, the seats', the
// banners', and blends for anti-aliased edges and text.
var palette = sync.OnceValue(func() *imaging.Palette {
	solid := []color.RGBA{colInk, colMuted, colEdge, colWhite, colPaper, colLine, colOffLine, colEmpty, colOff, colCoal,
		colIron, colBeer, colPottery, colManuf, colRow, colMerch, {0xE8, 0xC8, 0x8A, 0xff}, imaging.MarkInk, imaging.MarkRing}
	var seats []color.RGBA
	for s := 0; s < imaging.NumSeatColours; s++ {
		seats = append(seats, seatFill(s))
	}
	solid = append(solid, seats...)
	for _, b := range []brass.Banner{brass.Teal, brass.Blue, brass.Red, brass.Brown, brass.Purple} {
		solid = append(solid, bannerColours[b])
	}
	grounds := append([]color.RGBA{colPaper, colWhite, colEmpty, colRow, colMerch, colOff}, seats...)
	inks := []color.RGBA{colInk, colMuted, colWhite}
	pieces := append([]color.RGBA{colCoal, colIron, colBeer, colPottery, colManuf, colLine, colEdge, imaging.MarkRing}, seats...)
	return imaging.NewPalette(solid, grounds, inks, pieces)
})

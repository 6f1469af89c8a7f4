package imaging

import (
	"image"
	"image/color"
)

// Turn pictures are stored paletted: their art is flat colours and the
// anti-aliased edges between them, so a fixed palette of the picture's
// colours and blends of the common pairs keeps them sharp, and a PNG of
// one is a third the size of an RGB one.

// Palette maps opaque pictures to a fixed palette of at most 256 colours.
// It is immutable once made and safe for concurrent use.
type Palette struct {
	colors color.Palette
	// lut maps a colour with 5 bits per channel to its nearest entry.
	lut []uint8
}

// NewPalette returns the palette of the solid colours, then for blends of
// 50%, 25% and 75% each ground with each ink (anti-aliased text) and each
// piece with white and with Ink (anti-aliased edges of pieces), in that
// order, without repeats and cut at 256 entries. Building one costs a few
// milliseconds: make it once per title.
func NewPalette(solid, grounds, inks, pieces []color.RGBA) *Palette {
	seen := map[color.RGBA]bool{}
	var pal color.Palette
	put := func(c color.RGBA) {
		if !seen[c] && len(pal) < 256 {
			seen[c] = true
			pal = append(pal, c)
		}
	}
	for _, c := range solid {
		put(c)
	}
	mix := func(a, b color.RGBA, t float64) color.RGBA {
		f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
		return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 0xff}
	}
	for _, t := range []float64{0.5, 0.25, 0.75} {
		for _, gr := range grounds {
			for _, in := range inks {
				put(mix(gr, in, t))
			}
		}
		for _, pc := range pieces {
			put(mix(pc, White, t))
			put(mix(pc, Ink, t))
		}
	}
	lut := make([]uint8, 1<<15)
	for k := range lut {
		r, g, b := (k>>10)&31, (k>>5)&31, k&31
		c := color.RGBA{uint8(r<<3 | r>>2), uint8(g<<3 | g>>2), uint8(b<<3 | b>>2), 0xff}
		best, bd := 0, 1<<30
		for i, p := range pal {
			q := p.(color.RGBA)
			dr, dg, db := int(c.R)-int(q.R), int(c.G)-int(q.G), int(c.B)-int(q.B)
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bd {
				best, bd = i, d
			}
		}
		lut[k] = uint8(best)
	}
	return &Palette{colors: pal, lut: lut}
}

// Colors returns the palette's entries (a copy).
func (p *Palette) Colors() color.Palette { return append(color.Palette(nil), p.colors...) }

// Quantize maps an opaque picture to the palette, each pixel to the
// nearest entry.
func (p *Palette) Quantize(m *image.RGBA) *image.Paletted {
	b := m.Bounds()
	out := image.NewPaletted(b, p.colors)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		src := m.Pix[m.PixOffset(b.Min.X, y):]
		dst := out.Pix[out.PixOffset(b.Min.X, y):]
		for x := 0; x < b.Dx(); x++ {
			r, g, bl := src[4*x], src[4*x+1], src[4*x+2]
			dst[x] = p.lut[int(r>>3)<<10|int(g>>3)<<5|int(bl>>3)]
		}
	}
	return out
}

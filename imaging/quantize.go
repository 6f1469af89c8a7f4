package imaging

import (
	"image"
	"image/color"
	"sync"
)

// The turn picture is stored paletted: its art is flat colours and the
// anti-aliased edges between them, so a fixed palette of the board's
// colours and blends of the common pairs keeps it sharp, and its PNG is a
// third the size of an RGB one.

var (
	paletteOnce sync.Once
	turnPalette color.Palette
	// paletteLUT maps a colour with 5 bits per channel to its nearest
	// palette entry.
	paletteLUT []uint8
)

func buildPalette() {
	solid := []color.RGBA{
		colSea, colSeaText, colMainland, colCoast, colBorder, colRegionEdge, colOutOfPlay, colOutText, colInk,
		colMuted, colPanel, colPanelEdge, colHighlight, colTin, colTinEdge, colCopper, colCopperEdge, colWater,
		colWaterEdge, colTileDown, colTileUp, colDev, colAdit, colAuction, colWhite, colPort, colTrain, colPump,
		colChanged, colChangedFill, {0xA0, 0xA0, 0xA0, 0xff}, {0, 0, 0, 0xff},
	}
	solid = append(solid, regionFill[:]...)
	for _, s := range seatStyles {
		solid = append(solid, s.fill)
	}
	grounds := append([]color.RGBA{colPanel, colWhite, colSea, colHighlight, colChangedFill, colMainland, colOutOfPlay,
		colTileUp, colTin}, regionFill[:]...)
	inks := []color.RGBA{colInk, colMuted, colBorder}
	// pieces with white or dark letters on them
	pieces := []color.RGBA{colCopper, colWater, colTileDown, colDev, colPort, colTrain, colPump}
	for _, s := range seatStyles {
		pieces = append(pieces, s.fill)
	}
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
			put(mix(pc, colWhite, t))
			put(mix(pc, colInk, t))
		}
	}
	turnPalette = pal
	paletteLUT = make([]uint8, 1<<15)
	for k := range paletteLUT {
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
		paletteLUT[k] = uint8(best)
	}
}

// quantize maps an opaque picture to the turn palette, each pixel to the
// nearest entry.
func quantize(m *image.RGBA) *image.Paletted {
	paletteOnce.Do(buildPalette)
	b := m.Bounds()
	out := image.NewPaletted(b, turnPalette)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		src := m.Pix[m.PixOffset(b.Min.X, y):]
		dst := out.Pix[out.PixOffset(b.Min.X, y):]
		for x := 0; x < b.Dx(); x++ {
			r, g, bl := src[4*x], src[4*x+1], src[4*x+2]
			dst[x] = paletteLUT[int(r>>3)<<10|int(g>>3)<<5|int(bl>>3)]
		}
	}
	return out
}

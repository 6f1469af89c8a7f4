package tinnersimg

import (
	"image"
	"image/color"
	"sync"

	"github.com/tinnersbot/tinnersbot/imaging"
)

// turnPalette is the turn picture's palette: the board's colours and
// blends of the common pairs (see imaging.NewPalette).
var turnPalette = sync.OnceValue(func() *imaging.Palette {
	solid := []color.RGBA{
		colSea, colSeaText, colMainland, colCoast, colBorder, colRegionEdge, colOutOfPlay, colOutText, colInk,
		colMuted, colPanel, colPanelEdge, colHighlight, colTin, colTinEdge, colCopper, colCopperEdge, colWater,
		colWaterEdge, colTileDown, colTileUp, colDev, colAdit, colAuction, colWhite, colPort, colTrain, colPump,
		colChanged, colChangedFill, {0xA0, 0xA0, 0xA0, 0xff}, {0, 0, 0, 0xff},
	}
	solid = append(solid, regionFill[:]...)
	var seats []color.RGBA
	for s := 0; s <= imaging.LordSeat; s++ {
		_, _, c := imaging.Seat(s)
		seats = append(seats, c)
	}
	solid = append(solid, seats...)
	solid = append(solid, imaging.MarkInk, imaging.MarkRing)
	grounds := append([]color.RGBA{colPanel, colWhite, colSea, colHighlight, colChangedFill, colMainland, colOutOfPlay,
		colTileUp, colTin}, regionFill[:]...)
	inks := []color.RGBA{colInk, colMuted, colBorder}
	// pieces with white or dark letters on them
	pieces := append([]color.RGBA{colCopper, colWater, colTileDown, colDev, colPort, colTrain, colPump}, seats...)
	return imaging.NewPalette(solid, grounds, inks, pieces)
})

// quantize maps an opaque picture to the turn palette, each pixel to the
// nearest entry.
func quantize(m *image.RGBA) *image.Paletted { return turnPalette().Quantize(m) }

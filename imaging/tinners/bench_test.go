package tinnersimg

import (
	"image"
	"image/draw"
	"testing"

	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

// BenchmarkRenderEncode is the bot's cost per posted board: render the full
// 5-player fixture and encode it as PNG.
func BenchmarkRenderEncode(b *testing.B) {
	imagingtest.BenchBoard(b, Renderer, fixtureViews()["5p-invest"], imaging.Options{Names: []string{"Alice", "Bob", "Chen", "Dee", "Eve"}})
}

// BenchmarkEncodePlain is the floor: encoding a plain image of the same
// size and type through the same encoder.
func BenchmarkEncodePlain(b *testing.B) {
	w, h := canvasSize(geometry())
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(colSea), image.Point{}, draw.Src)
	for i := 0; i < b.N; i++ {
		if _, err := imaging.EncodePNG(img); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRender(b *testing.B) {
	v := fixtureViews()["5p-invest"]
	for i := 0; i < b.N; i++ {
		if _, err := Render(v, imaging.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTurnRenderEncode is the bot's cost per posted turn picture:
// render the 5-player fixture's turn picture and encode it as PNG.
func BenchmarkTurnRenderEncode(b *testing.B) {
	o := imaging.Options{Names: []string{"Alice", "Bob", "Chen", "Dee", "Eve"}, Changed: []int{0, 8}}
	imagingtest.BenchTurn(b, Renderer, fixtureViews()["5p-invest"], o)
}

// BenchmarkTurnEncodePlain is the floor for the turn picture: encoding a
// plain RGB image of the same size through the same encoder.
func BenchmarkTurnEncodePlain(b *testing.B) {
	items, w, h := turnItems(fixtureViews()["5p-invest"], imaging.Options{})
	_ = items
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(colSea), image.Point{}, draw.Src)
	for i := 0; i < b.N; i++ {
		if _, err := imaging.EncodePNG(img); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQuantize maps a rendered turn picture to the palette.
func BenchmarkQuantize(b *testing.B) {
	m := renderTurnDirect(b, fixtureViews()["5p-invest"], imaging.Options{})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		quantize(m)
	}
}

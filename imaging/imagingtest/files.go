package imagingtest

import (
	"image"
	"image/draw"
	"image/png"
	"os"
	"testing"

	"github.com/tinnersbot/tinnersbot/imaging"
)

// ReadPNG reads the PNG at path (a pixel golden) as RGBA; a missing file
// fails t with a hint to record it.
func ReadPNG(t testing.TB, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run with -update to record)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba
}

// BenchTurn is the bot's cost per posted turn picture of view: rendered
// by r and encoded; it reports the PNG's bytes.
func BenchTurn(b *testing.B, r imaging.Renderer, view any, o imaging.Options) {
	bench(b, r.Turn, view, o)
}

// BenchBoard is the cost of /board full of view.
func BenchBoard(b *testing.B, r imaging.Renderer, view any, o imaging.Options) {
	bench(b, r.Board, view, o)
}

func bench(b *testing.B, draw func(any, imaging.Options) (image.Image, error), view any, o imaging.Options) {
	b.Helper()
	size := 0
	for i := 0; i < b.N; i++ {
		img, err := draw(view, o)
		if err != nil {
			b.Fatal(err)
		}
		png, err := imaging.EncodePNG(img)
		if err != nil {
			b.Fatal(err)
		}
		size = len(png)
	}
	b.ReportMetric(float64(size), "png-bytes")
}

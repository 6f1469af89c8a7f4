package imagingtest

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
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

// GoldenTolerance is the fraction of pixels a picture may differ by from
// its pixel golden (font rasterising differs a little across machines).
const GoldenTolerance = 0.002

// Golden compares a picture with its goldens: its layout (JSON) with the
// file at layoutPath, byte for byte, and its pixels with the PNG at
// pngPath, within GoldenTolerance. With update it records both instead and
// returns true, so that the caller checks nothing more.
func Golden(t testing.TB, update bool, layoutPath string, layout []byte, pngPath string, img image.Image) (recorded bool) {
	t.Helper()
	if update {
		b, err := imaging.EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(layoutPath), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(layoutPath, layout, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(pngPath, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return true
	}
	want, err := os.ReadFile(layoutPath)
	if err != nil {
		t.Fatalf("%v (run with -update to record)", err)
	}
	if !bytes.Equal(layout, want) {
		t.Errorf("%s differs; run with -update if intended", layoutPath)
	}
	if frac := PixelDiff(img, ReadPNG(t, pngPath)); frac > GoldenTolerance {
		t.Errorf("%.3f%% of pixels differ from %s (tolerance %.1f%%); look at both and run -update if intended", 100*frac, pngPath, 100*GoldenTolerance)
	}
	return false
}

package coalbaronimg

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// BenchmarkTurnRenderEncode is the bot's cost per posted turn picture:
// the end of a random 4-player game (the tallest picture), rendered,
// quantised and encoded.
func BenchmarkTurnRenderEncode(b *testing.B) {
	v := randomMatch(b, 4, 4, 100000).Public().(coalbaron.PublicView)
	o := imaging.Options{Names: fixtureNames}
	size := 0
	for i := 0; i < b.N; i++ {
		img, err := RenderTurn(v, o)
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

// BenchmarkBoardRenderEncode is /board full of the same state.
func BenchmarkBoardRenderEncode(b *testing.B) {
	v := randomMatch(b, 4, 4, 100000).Public().(coalbaron.PublicView)
	o := imaging.Options{Names: fixtureNames}
	size := 0
	for i := 0; i < b.N; i++ {
		img, err := RenderBoard(v, o)
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

package brassimg

import (
	"image"
	"testing"

	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

// BenchmarkTurnRenderEncode is the bot's cost per posted turn picture: a
// 4-player Rail-era position, rendered, quantised and encoded.
func BenchmarkTurnRenderEncode(b *testing.B) {
	imagingtest.BenchTurn(b, Renderer, randomMatch(b, 4, 4, 400, "").Public(), imaging.Options{Names: fixtureNames})
}

// BenchmarkPlainEncode encodes a plain picture of the turn picture's size
// (flat paper colour): the floor BenchmarkTurnRenderEncode is compared to.
func BenchmarkPlainEncode(b *testing.B) {
	v := randomMatch(b, 4, 4, 400, "").Public()
	img, err := Renderer.Turn(v, imaging.Options{Names: fixtureNames})
	if err != nil {
		b.Fatal(err)
	}
	plain := image.NewRGBA(img.Bounds())
	for i := 0; i < len(plain.Pix); i += 4 {
		plain.Pix[i], plain.Pix[i+1], plain.Pix[i+2], plain.Pix[i+3] = colPaper.R, colPaper.G, colPaper.B, 0xff
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := imaging.EncodePNG(plain); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBoardRenderEncode is /tt board full:true of the same position.
func BenchmarkBoardRenderEncode(b *testing.B) {
	imagingtest.BenchBoard(b, Renderer, randomMatch(b, 4, 4, 400, "").Public(), imaging.Options{Names: fixtureNames})
}

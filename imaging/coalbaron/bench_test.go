package coalbaronimg

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

// BenchmarkTurnRenderEncode is the bot's cost per posted turn picture:
// the end of a random 4-player game (the tallest picture), rendered,
// quantised and encoded.
func BenchmarkTurnRenderEncode(b *testing.B) {
	imagingtest.BenchTurn(b, Renderer, randomMatch(b, 4, 4, 100000).Public(), imaging.Options{Names: fixtureNames})
}

// BenchmarkBoardRenderEncode is /board full of the same state.
func BenchmarkBoardRenderEncode(b *testing.B) {
	imagingtest.BenchBoard(b, Renderer, randomMatch(b, 4, 4, 100000).Public(), imaging.Options{Names: fixtureNames})
}

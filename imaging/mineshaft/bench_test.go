package mineshaftimg

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

// benchView is a late state of a random 4-player game: a sprawling mine,
// cropped on the turn picture.
func benchView(b *testing.B) mineshaft.PublicView {
	return randomMatch(b, 4, 4, 250).Public().(mineshaft.PublicView)
}

// BenchmarkTurnRenderEncode is the bot's cost per posted turn picture:
// rendered, quantised and encoded.
func BenchmarkTurnRenderEncode(b *testing.B) {
	v := benchView(b)
	imagingtest.BenchTurn(b, Renderer, v, imaging.Options{Names: fixtureNames, Changed: []int{v.Tiles[len(v.Tiles)-1].Place, mineshaft.PlaceBag}})
}

// BenchmarkStepRenderEncode is a private step's picture: a placement with
// its marks, the tile drawn as each option lays it.
func BenchmarkStepRenderEncode(b *testing.B) {
	m := randomMatch(b, 2, 2, 0)
	for k := 0; m.Public().(mineshaft.PublicView).Step.Kind != mineshaft.StepPlace; k++ {
		legal := m.Legal(m.ToAct()[0])
		var err error
		if m, _, err = m.Apply(legal[0]); err != nil || k > 50 {
			b.Fatal("no placement step", err)
		}
	}
	imagingtest.BenchTurn(b, Renderer, m.Public(), imaging.Options{Names: fixtureNames, Marks: marksOf(m)})
}

// BenchmarkBoardRenderEncode is /tt board full:true of the same state as
// the turn picture's: the whole mine.
func BenchmarkBoardRenderEncode(b *testing.B) {
	imagingtest.BenchBoard(b, Renderer, benchView(b), imaging.Options{Names: fixtureNames})
}

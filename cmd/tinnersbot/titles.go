package main

import (
	"image"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/ttui"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	brassimg "github.com/tinnersbot/tinnersbot/imaging/brass"
	coalbaronimg "github.com/tinnersbot/tinnersbot/imaging/coalbaron"
	mineshaftimg "github.com/tinnersbot/tinnersbot/imaging/mineshaft"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// titles is every game this program hosts, in the order lobbies list them.
// Adding a title means adding it here, its pictures to renderers, and its
// own UI to uis if it has one.
func titles() *engine.Registry {
	return engine.NewRegistry(tinners.Title, coalbaron.Title, brass.Title, mineshaft.Title)
}

// renderers are the pictures of every title in titles.
func renderers() *imaging.Renderers {
	return imaging.NewRenderers(map[string]imaging.Renderer{
		tinners.ID:   tinnersimg.Renderer,
		coalbaron.ID: coalbaronimg.Renderer,
		brass.ID:     brassimg.Renderer,
		mineshaft.ID: mineshaftimg.Renderer,
	})
}

// uis are the own UIs of the titles that have one; every other title is
// played through the generic UI (genericui.UI, Config.Generic).
func uis() []kit.UI {
	return []kit.UI{ttui.TinnersTrailUI()}
}

// invariants are the titles' own consistency checks, run by sim after
// every action.
var invariants = map[string]func(engine.Match) error{
	tinners.ID:   func(m engine.Match) error { return tinners.CheckInvariants(tinners.StateOf(m)) },
	coalbaron.ID: coalbaron.CheckInvariants,
	brass.ID:     brass.CheckInvariants,
	mineshaft.ID: mineshaft.CheckInvariants,
}

// fakeRenderers draw every title as a 1×1 picture (playtest --fake-render:
// fast, image sizes meaningless).
func fakeRenderers() *imaging.Renderers {
	byID := map[string]imaging.Renderer{}
	for _, t := range titles().All() {
		byID[t.Meta().ID] = blankRenderer{}
	}
	return imaging.NewRenderers(byID)
}

type blankRenderer struct{}

func blank() image.Image { return image.NewGray(image.Rect(0, 0, 1, 1)) }

func (blankRenderer) Turn(any, imaging.Options) (image.Image, error)  { return blank(), nil }
func (blankRenderer) Board(any, imaging.Options) (image.Image, error) { return blank(), nil }
func (blankRenderer) Hand(any, imaging.Options) (image.Image, error)  { return blank(), nil }

package bot

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// defaultRender draws the public board as a PNG: the phone-sized turn
// picture, or the full board on request.
func defaultRender(view any, o RenderOptions) ([]byte, error) {
	v, ok := view.(tinners.PublicView)
	if !ok {
		return nil, fmt.Errorf("render board: not a Tinners' Trail view: %T", view)
	}
	render := tinnersimg.RenderTurn
	if o.Full {
		render = tinnersimg.Render
	}
	img, err := render(v, imaging.Options{Names: o.Names, Changed: o.Changed, Words: pictureWords(o.Loc)})
	if err != nil {
		return nil, fmt.Errorf("render board: %w", err)
	}
	return imaging.EncodePNG(img)
}

// defaultRenderHand draws a seat's survey cards and peeked tiles as a PNG,
// in o.Loc's language.
func defaultRenderHand(view any, o RenderOptions) ([]byte, error) {
	v, ok := view.(tinners.SeatView)
	if !ok {
		return nil, fmt.Errorf("render hand: not a Tinners' Trail seat view: %T", view)
	}
	img, err := tinnersimg.RenderHand(v, imaging.Options{Words: pictureWords(o.Loc)})
	if err != nil {
		return nil, fmt.Errorf("render hand: %w", err)
	}
	return imaging.EncodePNG(img)
}

// defaultTitles are the titles of a bot configured with none: Tinners'
// Trail, the default title (engine.DefaultTitle).
func defaultTitles() *engine.Registry { return tinners.Titles() }

// defaultRenderers draw the default titles' pictures.
func defaultRenderers() *imaging.Renderers {
	return imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: tinnersimg.Renderer})
}

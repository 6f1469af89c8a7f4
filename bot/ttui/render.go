package ttui

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// defaultRender draws the public board as a PNG: the phone-sized turn
// picture, or the full board on request.
func defaultRender(view any, o kit.RenderOptions) ([]byte, error) {
	v, ok := view.(tinners.PublicView)
	if !ok {
		return nil, fmt.Errorf("render board: not a Tinners' Trail view: %T", view)
	}
	render := tinnersimg.RenderTurn
	if o.Full {
		render = tinnersimg.Render
	}
	img, err := render(v, imaging.Options{Names: o.Names, Changed: o.Changed, Words: kit.PictureWords(o.Loc)})
	if err != nil {
		return nil, fmt.Errorf("render board: %w", err)
	}
	return imaging.EncodePNG(img)
}

// defaultRenderHand draws a seat's survey cards and peeked tiles as a PNG
// (with o.Draft, its survey draft's kept sets), in o.Loc's language.
func defaultRenderHand(view any, o kit.RenderOptions) ([]byte, error) {
	v, ok := view.(tinners.SeatView)
	if !ok {
		return nil, fmt.Errorf("render hand: not a Tinners' Trail seat view: %T", view)
	}
	render := tinnersimg.RenderHand
	if o.Draft {
		render = tinnersimg.RenderDraft
	}
	img, err := render(v, imaging.Options{Words: kit.PictureWords(o.Loc)})
	if err != nil {
		return nil, fmt.Errorf("render hand: %w", err)
	}
	return imaging.EncodePNG(img)
}

// ttRender draws Tinners' Trail's public view with Config.Render, else
// with defaultRender; ttRenderHand a seat's view likewise.
func (m *host) ttRender(view any, o kit.RenderOptions) ([]byte, error) {
	if render, _ := m.Renders(); render != nil {
		return render(view, o)
	}
	return defaultRender(view, o)
}

func (m *host) ttRenderHand(view any, o kit.RenderOptions) ([]byte, error) {
	if _, hand := m.Renders(); hand != nil {
		return hand(view, o)
	}
	return defaultRenderHand(view, o)
}

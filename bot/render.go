package bot

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// RenderOptions are what a board picture needs besides the public view.
type RenderOptions struct {
	Names   []string // the seats' display names
	Changed []int    // areas touched since the previous post (highlighted)
	Full    bool     // the full desktop board instead of the phone-sized turn picture
}

// defaultRender draws the public board as a PNG: the phone-sized turn
// picture, or the full board on request.
func defaultRender(v tinners.PublicView, o RenderOptions) ([]byte, error) {
	render := tinnersimg.RenderTurn
	if o.Full {
		render = tinnersimg.Render
	}
	img, err := render(v, imaging.Options{Names: o.Names, Changed: o.Changed})
	if err != nil {
		return nil, fmt.Errorf("render board: %w", err)
	}
	return imaging.EncodePNG(img)
}

// defaultRenderHand draws a seat's survey cards and peeked tiles as a PNG.
func defaultRenderHand(v tinners.SeatView) ([]byte, error) {
	img, err := tinnersimg.RenderHand(v)
	if err != nil {
		return nil, fmt.Errorf("render hand: %w", err)
	}
	return imaging.EncodePNG(img)
}

package bot

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// defaultRender draws the public board as a PNG with the seats' names.
func defaultRender(v engine.PublicView, names []string) ([]byte, error) {
	img, err := imaging.Render(v, imaging.Options{Names: names})
	if err != nil {
		return nil, fmt.Errorf("render board: %w", err)
	}
	return imaging.EncodePNG(img)
}

// defaultRenderHand draws a seat's survey cards and peeked tiles as a PNG.
func defaultRenderHand(v engine.SeatView) ([]byte, error) {
	img, err := imaging.RenderHand(v)
	if err != nil {
		return nil, fmt.Errorf("render hand: %w", err)
	}
	return imaging.EncodePNG(img)
}

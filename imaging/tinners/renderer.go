package tinnersimg

import (
	"image"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Renderer draws Tinners' Trail for the platform: imaging.Renderer over
// RenderTurn, Render and RenderHand. Its views are tinners.PublicView and
// tinners.SeatView (or pointers to them), as tinners.Match gives them.
type Renderer struct{}

var _ imaging.Renderer = Renderer{}

// Turn draws RenderTurn of public, a tinners.PublicView.
func (Renderer) Turn(public any, o imaging.Options) (image.Image, error) {
	v, err := publicView(public)
	if err != nil {
		return nil, err
	}
	return RenderTurn(v, o)
}

// Board draws Render of public, a tinners.PublicView.
func (Renderer) Board(public any, o imaging.Options) (image.Image, error) {
	v, err := publicView(public)
	if err != nil {
		return nil, err
	}
	return Render(v, o)
}

// Hand draws RenderHand of seat, a tinners.SeatView.
func (Renderer) Hand(seat any) (image.Image, error) {
	switch v := seat.(type) {
	case tinners.SeatView:
		return RenderHand(v)
	case *tinners.SeatView:
		if v != nil {
			return RenderHand(*v)
		}
	}
	return nil, imaging.ViewError("Tinners' Trail", "tinners.SeatView", seat)
}

func publicView(public any) (tinners.PublicView, error) {
	switch v := public.(type) {
	case tinners.PublicView:
		return v, nil
	case *tinners.PublicView:
		if v != nil {
			return *v, nil
		}
	}
	return tinners.PublicView{}, imaging.ViewError("Tinners' Trail", "tinners.PublicView", public)
}

package tinnersimg

import (
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Renderer draws Tinners' Trail for the platform: imaging.Renderer over
// RenderTurn, Render and RenderHand. Its views are tinners.PublicView and
// tinners.SeatView (or pointers to them), as tinners.Match gives them.
var Renderer = imaging.Views[tinners.PublicView, tinners.SeatView]("Tinners' Trail", RenderTurn, Render, RenderHand)

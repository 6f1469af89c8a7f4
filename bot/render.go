package bot

import "github.com/tinnersbot/tinnersbot/engine"

// defaultRender draws the board. Until the renderer is wired in, boards go
// out as text only (a nil picture).
func defaultRender(v engine.PublicView) ([]byte, error) { return nil, nil }

// defaultRenderHand draws a seat's hand; nil: text only.
func defaultRenderHand(v engine.SeatView) ([]byte, error) { return nil, nil }

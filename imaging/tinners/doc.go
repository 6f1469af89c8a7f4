// Package tinnersimg draws Tinners' Trail: the phone-sized turn picture
// (RenderTurn), the full board (Render), a seat's private hand (RenderHand)
// and their layouts as data (TurnLayout, BoardLayout, Items). It reads only
// the views of engine/tinners.
//
// The directory is imaging/tinners; the package is named tinnersimg so that
// importers can use it beside engine/tinners without renaming either. Import
// it as
//
//	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
package tinnersimg

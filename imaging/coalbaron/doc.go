// Package coalbaronimg draws Coal Baron: The Great Card Game: the phone
// picture posted on a hand-off (RenderTurn: the display and a strip per
// player), the display and every player's whole board at desktop size
// with every delivered train (RenderBoard), a seat's private "My board"
// (RenderHand: its whole board, then its hidden cards),
// and their layouts as data (TurnLayout, BoardLayout, HandLayout). It reads
// only the views of engine/coalbaron.
//
// Crests, destinations and engine types are told apart by shape and letter,
// never by colour alone: see Glyphs. The directory is imaging/coalbaron; the
// package is named coalbaronimg so that it sits beside engine/coalbaron
// without renaming either. Import it as
//
//	coalbaronimg "github.com/tinnersbot/tinnersbot/imaging/coalbaron"
package coalbaronimg

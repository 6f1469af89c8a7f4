// Package mineshaftimg draws the mine-shaft tile game: the phone picture
// posted on a hand-off (RenderTurn: the mine, cropped round the pawns and
// open ends when it sprawls, the step under way, the dice, the tile
// drawn, every player's markers and points, the bag), the whole mine
// (RenderBoard, /tt board full:true), and their layouts as data
// (TurnLayout, BoardLayout, TurnItems). It reads only the public view of
// engine/mineshaft; nothing in the game is secret but the order of the
// pile, so the hand picture is the turn picture.
//
// Tiles are told apart by colour, symbol and letter together (yellow ● Y,
// blue ■ B, red ▲ R, green ◆ G), markers by shade and letter (gold,
// silver, coal: letters from the catalogue), pawns by seat colour and
// letter, special tiles by an icon the legend names. The directory is
// imaging/mineshaft; the package is named mineshaftimg so that it sits
// beside engine/mineshaft. Import it as
//
//	mineshaftimg "github.com/tinnersbot/tinnersbot/imaging/mineshaft"
package mineshaftimg

package mineshaft

import "github.com/tinnersbot/tinnersbot/engine"

// Tiles appear in views as ids; Standard.Tile(id) (or the edition named by
// PublicView.Edition) gives what is printed on them, and the views repeat
// what a renderer needs (shape, tracks as laid, colour, special). ID 0 is
// the start tile; NoTile marks none.

// NoTile is the id of no tile.
const NoTile = -1

// StepKind says what the seat to act is deciding. Persisted: only grow at
// the end.
type StepKind int8

// The steps of a turn (MS-T1, MS-R1, the specials MS-X*).
const (
	// StepDraw: draw a tile (forced; the platform plays it): Step A, the
	// first round's tile, or a Loose Rock's extra tile (Step.From is the
	// Loose Rock then).
	StepDraw StepKind = iota
	// StepSwap: a Swap was drawn (Step.Tile): choose the tile X to lay in
	// its stead, or none.
	StepSwap
	// StepPlace: lay Step.Tile from the tile at Step.From (or from the
	// pawn's tile, any open end): one option per open end × rotation.
	StepPlace
	// StepFire: Fire was drawn: choose the mine tile it burns.
	StepFire
	// StepExplosion: Timed Explosion was drawn: choose the face-up mine
	// tile it collapses.
	StepExplosion
	// StepRide: a Minecart was laid: ride to a tile and take all its
	// markers, or not.
	StepRide
	// StepRockStep: a Loose Rock's extra tile was laid behind it: step onto
	// it (a Tunnel there may be used), or not.
	StepRockStep
	// StepClear: the pawn stands on a collapsed tile at the start of the
	// turn: flip it back and fill it (forced; the platform plays it).
	StepClear
	// StepRoll: roll both dice (forced; the platform plays it).
	StepRoll
	// StepColour: die A showed a colour (Step.Face): fill a free tile of it.
	StepColour
	// StepPickaxe: die A showed the pickaxe: collapse an adjacent tile.
	StepPickaxe
	// StepMove: move up to Step.Steps along the tracks (or by a Tunnel).
	StepMove
	// StepCollect: take one kind of marker from the pawn's tile, or none.
	StepCollect
	// StepOver: the game is over.
	StepOver
)

var stepNames = [...]string{"draw", "swap", "place", "fire", "explosion", "ride", "rock-step", "clear", "roll", "colour", "pickaxe", "move", "collect", "over"}

// String returns the step's name, e.g. "place".
func (k StepKind) String() string {
	if k < 0 || int(k) >= len(stepNames) {
		return "?"
	}
	return stepNames[k]
}

// PublicView is everything every player may see (MS-V1): the whole mine,
// every marker, the bag's contents, the players' markers, dice and draws,
// the step under way. It holds neither the order of the draw pile nor the
// seed. Everything posted publicly is built from it.
type PublicView struct {
	Edition  string // edition version, e.g. "ms-1"
	NumSeats int
	Version  int // actions applied since setup
	// Round is the current round (1-based); FirstRound is true during
	// round 1 (no dice, MS-R1).
	Round      int
	FirstRound bool
	// StartSeat starts every round; Turn is the seat whose turn it is (-1
	// when the game is over).
	StartSeat, Turn int
	ToAct           []int
	Step            StepView
	// Tiles are the tiles of the mine in the order they were laid, the
	// start tile first.
	Tiles []TileView
	// OpenEnds are the track edges facing an empty cell, of every tile
	// (collapsed ones included), in the order of Tiles then N, E, S, W.
	OpenEnds []OpenEndView
	// Pile is the number of tiles left to draw; Box the tiles out of play
	// (unused marked tiles, spent Fire and Timed Explosion), sorted.
	Pile int
	Box  []int
	// Bag is the bag's contents by resource (gold, silver, coal); BagCount
	// their sum.
	Bag      [NumResources]int
	BagCount int
	Players  []PlayerView // by seat
	// Drawn is the tile drawn last this turn (NoTile before the turn's
	// first draw), drawn by DrawnSeat; for Fire and Timed Explosion this
	// is the only place they show.
	Drawn     int
	DrawnSeat int
	// Dice is the last roll of the game.
	Dice DiceView
	// Ending says whether the end has been triggered and by what (MS-E1,
	// MS-E3).
	Ending EndingView
	// Scores are the final scores by seat (nil until the game is over).
	Scores []ScoreView
	Result *engine.Result
}

// StepView is the step under way.
type StepView struct {
	Kind StepKind
	Seat int // the seat deciding, -1 when over
	// Tile is the tile being laid (StepPlace: the drawn tile, or the tile
	// a Swap moves), the Swap drawn (StepSwap), or the Fire / Timed
	// Explosion drawn; NoTile otherwise.
	Tile int
	// SwapTile is the Swap that goes to the old cell of the tile being laid
	// (StepPlace after a swap); NoTile otherwise.
	SwapTile int
	// FromX, FromY is the tile the tile is laid from when it is fixed (a
	// Loose Rock's extra tile: the Loose Rock); HasFrom tells. Otherwise
	// any open end of the pawn's tile may be extended.
	HasFrom      bool
	FromX, FromY int
	// Face is die A's face (StepColour, StepPickaxe); Steps is how far the
	// pawn may move (StepMove).
	Face  Face
	Steps int
	// Extra is true while a Loose Rock's extra tile is being resolved.
	Extra bool
}

// TileView is one tile of the mine as it lies.
type TileView struct {
	ID    int // 0: the start tile
	X, Y  int
	Place int // PlaceCell(X, Y)
	Shape Shape
	// Rot is the quarter turns clockwise it was laid at; Tracks its tracks
	// as laid (Tile.Tracks turned Rot times).
	Rot     int
	Tracks  Tracks
	Colour  Colour // NoColour for the start tile
	Special Special
	Start   bool
	// Collapsed: the tile shows its collapse side (its tracks still
	// count, MS-G6).
	Collapsed bool
	// Markers on it by resource (gold, silver, coal), at most
	// Edition.Capacity in all.
	Markers [NumResources]int
	// Pawns are the seats whose pawns stand on it, in seat order.
	Pawns []int
}

// OpenEndView is an open end (MS-G6): the track on edge Dir of the tile at
// (X, Y) faces the empty cell (CellX, CellY).
type OpenEndView struct {
	X, Y         int
	Dir          Dir
	CellX, CellY int
	Place        int // PlaceCell(CellX, CellY)
}

// PlayerView is one player as everyone sees them.
type PlayerView struct {
	Seat int
	// X, Y is the cell the pawn stands on.
	X, Y int
	// Markers collected, by resource (gold, silver, coal), and the points
	// they are worth.
	Markers [NumResources]int
	Points  int
	// Turns counts the turns the player has begun.
	Turns int
	// OnCollapsed: the pawn stands on a collapsed tile (its next turn is a
	// clearing turn, MS-T6).
	OnCollapsed bool
}

// DiceView is the last roll.
type DiceView struct {
	Rolled bool // false until the first roll
	Seat   int  // who rolled, -1 before
	Round  int
	A      Face // die A
	B      int  // die B
}

// EndingView is the state of the end of the game.
type EndingView struct {
	// Triggered: a condition held at the end of a turn; the round is being
	// finished (MS-E3). LastSeat plays the round's last turn.
	Triggered bool
	LastSeat  int
	// The conditions that held when it was triggered.
	Blocked, NoTiles, NoResources bool
}

// ScoreView is one player's final score by resource.
type ScoreView struct {
	Seat               int
	Gold, Silver, Coal int // markers held
	GoldPts, SilverPts int
	CoalPts            int
	Total              int
}

// SeatView is what one seat may see: everything is public (MS-V1), so it
// is the public view and the seat.
type SeatView struct {
	PublicView
	Seat int
}

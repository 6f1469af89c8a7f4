package coalbaron

import "github.com/tinnersbot/tinnersbot/engine"

// Cards appear in views as ids; Standard.Card(id) (or the edition named by
// PublicView.Edition) gives what is printed on them. NoCard marks an empty
// place.

// NoCard is the id of no card (an empty wagon's lorry, a dock without engine,
// an empty stack's top).
const NoCard = -1

// StepKind says what the seat to act is deciding. Persisted: only grow at
// the end.
type StepKind int8

// The steps of a turn.
const (
	// StepMain: the start of a turn. Place workers on a zone (the worker
	// action), play an action innovation first, or pass.
	StepMain StepKind = iota
	// StepDock: choose the loading dock for the wagon or engine just taken
	// (Step.Card).
	StepDock
	// StepMine: move lorries, one mining step action at a time
	// (Step.StepsLeft, Step.StepsMin), or stop once the minimum is spent.
	StepMine
	// StepDeliver: choose a dock and an order for a departing train, or
	// stop after at least one (Step.Engine: the engine type every further
	// train must have, once one has departed).
	StepDeliver
	// StepWildStack: the wild action: choose the stack to look at.
	StepWildStack
	// StepWildKeep: the wild action: keep one of the cards looked at
	// (secret: SeatView.Looked).
	StepWildKeep
	// StepWildReturn: the wild action: choose the order in which the other
	// cards go to the bottom of their stack (secret).
	StepWildReturn
	// StepAfter: the worker action is done; play action innovations or end
	// the turn.
	StepAfter
	// StepOver: the game is over.
	StepOver
)

var stepNames = [...]string{"main", "dock", "mine", "deliver", "wild-stack", "wild-keep", "wild-return", "after", "over"}

// String returns the step's name, e.g. "mine".
func (k StepKind) String() string {
	if k < 0 || int(k) >= len(stepNames) {
		return "?"
	}
	return stepNames[k]
}

// PublicView is everything every player may see: the display, every
// player's board, hand sizes, the current step and, at the end, the scores.
// It holds no card below the top of a stack, no card in a hand, nothing the
// wild action showed to one player, and no seed. Everything posted publicly
// is built from it.
type PublicView struct {
	Edition  string // edition version, e.g. "cb-1"
	NumSeats int
	Version  int // actions applied since setup
	// Shift is the current shift (1-based); Shifts the number of shifts.
	Shift, Shifts int
	// TokensLeft are the shift tokens still on mining card "0/1", top
	// first (the next one awarded is TokensLeft[0]).
	TokensLeft []int
	// StartSeat started this shift; Turn is the seat whose turn it is (-1
	// when the game is over).
	StartSeat, Turn int
	ToAct           []int
	Step            StepView
	Stacks          [NumStacks]StackView // by Zone (stacks only)
	Zones           []ZoneView           // the zones in play, display order
	Players         []PlayerView         // by seat
	// Scores are the final scores by seat (nil until the game is over).
	Scores []ScoreView
	Result *engine.Result
}

// StepView is the step under way.
type StepView struct {
	Kind StepKind
	Seat int // the seat deciding, -1 when over
	// Placed: the seat has done its worker action this turn. Innovation:
	// the action innovation being carried out (NoCard: none, it is the
	// worker action). Zone: the zone of this turn's worker action (-1 none).
	Placed     bool
	Innovation int
	Zone       Zone
	// Card is the wagon or engine awaiting a dock (StepDock).
	Card int
	// StepsLeft is how many mining steps may still be spent; StepsMin how
	// many must still be spent before stopping; StepsSpent how many were.
	StepsLeft, StepsMin, StepsSpent int
	// Engine is the engine type trains must share in this delivery (-1:
	// none departed yet); Departed counts trains departed in it.
	Engine   EngineType
	Departed int
	// WildStack is the stack the wild action looks at (-1 none) and
	// WildCount how many of its cards are being looked at or still to be
	// returned. Which cards they are is secret.
	WildStack Zone
	WildCount int
}

// StackView is one card stack of the display: face up, so its top card is
// public; the rest is not.
type StackView struct {
	Zone Zone
	Kind Kind
	Size int
	Top  int // card id, NoCard when empty
}

// ZoneView is one worker zone.
type ZoneView struct {
	Zone Zone
	// NameMessage is the zone's name as a catalogue message (the view
	// carries no English: Zone.Name is the rules' and tests' own).
	NameMessage engine.Message `json:",omitzero"`
	// Required is the number of workers the next user must place exactly.
	Required int
	// Printed is the worker printed on the card (1 on the wild action).
	Printed int
	// Placements are the workers placed this shift, oldest first.
	Placements []PlacementView
	// Usable reports whether the zone's action can still be taken by
	// someone with enough workers (false for an empty stack).
	Usable bool
}

// PlacementView is one player's workers on a zone.
type PlacementView struct {
	Seat    int
	Workers int   // the count they stand for
	Cards   []int // worker cards and worker innovations (ids)
}

// PlayerView is one player's board as everyone sees it.
type PlayerView struct {
	Seat int
	// Workers are the worker cards (ids) in hand; WorkersInHand their total.
	Workers       []int
	WorkersInHand int
	// Orders and Innovations count the cards in hand (which ones is secret).
	Orders, Innovations int
	Passed              bool
	// Row is the mining row from left to right (the rightmost card, last,
	// is the next to move).
	Row     []int
	Storage []int // lorry storage
	Docks   [3]DockView
	Shares  []int
	// Objectives are face up in front of the player.
	Objectives []int
	Tokens     []int // shift numbers of the tokens held
	Delivered  []TrainView
}

// DockView is one loading dock: its wagons left to right, then the engine.
type DockView struct {
	Wagons  []WagonView
	Engine  int // card id or NoCard
	Lorries int // lorries loaded in all
}

// WagonView is a wagon and the lorry card in it (NoCard: empty).
type WagonView struct {
	Wagon, Lorry int
}

// TrainView is a departed train in a player's delivered stack.
type TrainView struct {
	Order  int
	Engine int
	Wagons []WagonView
}

// ScoreView is one player's final score by category.
type ScoreView struct {
	Seat int
	A    int // VP above delivered 1-lorry cards
	B    int // fulfilled orders
	C    int // assigned shares
	D    int // shift tokens
	E    int // objectives
	// Total is A+B+C+D+E.
	Total int
	// SharesAssigned counts the shares assigned to orders, by destination.
	SharesAssigned [NumDests]int
}

// SeatView is what one seat may see: the public view plus its hand and
// what it learned privately.
type SeatView struct {
	PublicView
	Seat        int
	Orders      []int // order cards in hand
	Innovations []int // innovation cards in hand
	// Looked are the cards the wild action shows this seat (StepWildKeep)
	// or still to return to the bottom (StepWildReturn), top first.
	Looked []int
	// Kept is the card this seat kept from the wild action under way (NoCard
	// otherwise).
	Kept int
}

package bot

import (
	"context"
	"errors"
	"time"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Status is where a table is in its life.
type Status int

// Table statuses.
const (
	StatusLobby Status = iota
	StatusRunning
	StatusFinished
	StatusAborted
)

func (s Status) String() string {
	return [...]string{"lobby", "running", "finished", "aborted"}[s]
}

// Seat is one player at a table.
type Seat struct {
	UserID string
	Name   string // display name when they joined
}

// Table is what the bot keeps about one game besides the engine state:
// where it is played, who sits where, and the bot's own bookkeeping.
type Table struct {
	ID          string
	GuildID     string
	ChannelID   string
	Host        string // user ID
	Status      Status
	MaxPlayers  int
	Seats       []Seat
	BoardMsg    string // the newest board (or lobby) message: the only one with buttons
	RemindEvery time.Duration
	NextRemind  time.Time // zero: no reminder due
}

// SeatOf returns the seat of userID, or -1.
func (t *Table) SeatOf(userID string) int {
	for i, s := range t.Seats {
		if s.UserID == userID {
			return i
		}
	}
	return -1
}

// Store is what the bot needs from storage. The production implementation
// adapts package storage (storeadapter.go); tests may use a memory one.
type Store interface {
	// CreateTable opens a lobby in t.ChannelID and returns it with its ID.
	// It returns ErrChannelBusy when a lobby or running game is there.
	CreateTable(ctx context.Context, t Table) (Table, error)
	// TableInChannel returns the lobby or running table of a channel, or ErrNotFound.
	TableInChannel(ctx context.Context, channelID string) (Table, error)
	// Table returns a table by ID, or ErrNotFound.
	Table(ctx context.Context, id string) (Table, error)
	// UpdateTable changes a table's bookkeeping (seats in the lobby, board
	// message, reminders, status) through fn.
	UpdateTable(ctx context.Context, id string, fn func(*Table) error) (Table, error)
	// Start turns a lobby into a running game set up with setup.
	Start(ctx context.Context, id string, setup engine.Setup) (*engine.State, error)
	// State returns the current engine state of a started game.
	State(ctx context.Context, id string) (*engine.State, error)
	// Apply applies a to the game if its version is still seen; otherwise
	// it returns ErrStale. Rule errors are *engine.RuleError.
	Apply(ctx context.Context, id string, seen int, a engine.Action) (*engine.State, []engine.Event, error)
	// Record returns the game as a record.
	Record(ctx context.Context, id string) (*engine.Record, error)
	// DueReminders lists running tables whose NextRemind is not after now.
	DueReminders(ctx context.Context, now time.Time) ([]Table, error)
}

// Store errors.
var (
	ErrNotFound    = errors.New("no such table")
	ErrChannelBusy = errors.New("a table is already open in this channel")
	ErrStale       = errors.New("the game has moved on")
)

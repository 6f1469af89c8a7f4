package storage

import (
	"bytes"
	"encoding/json"
	"time"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Status is where a table is in its life. Persisted as its string.
type Status string

// Statuses.
const (
	StatusLobby    Status = "lobby"    // seats are being taken; no engine game yet
	StatusRunning  Status = "running"  // being played; holds its channel
	StatusFinished Status = "finished" // the engine reached game over (or the game was closed as finished)
	StatusAborted  Status = "aborted"  // abandoned before the end
	StatusArchived Status = "archived" // imported unfinished record; read-only
)

// holdsChannel reports whether a game in this status occupies its channel.
func (s Status) holdsChannel() bool { return s == StatusLobby || s == StatusRunning }

// DefaultReminderEvery is the reminder interval CreateLobby gives a header
// that sets none.
const DefaultReminderEvery = 12 * time.Hour

// Seat is one player at the table.
type Seat struct {
	UserID string `json:"userId,omitempty"` // Discord user id; empty for imported games
	Name   string `json:"name"`             // display name when the seat was taken
	Colour int    `json:"colour"`           // index into the bot's palette
	// Bot marks a seat played by the program (a bot seat): no member
	// holds it, so stats and ratings skip it.
	Bot bool `json:"bot,omitempty"`
}

// Header is everything about a game except its state and log.
type Header struct {
	ID        string `json:"id"`
	GuildID   string `json:"guildId,omitempty"`
	ChannelID string `json:"channelId,omitempty"` // channel or thread
	HostID    string `json:"hostId,omitempty"`    // Discord user id of the lobby's host
	// MaxPlayers caps the lobby's seats (the bot enforces it; storage keeps it).
	MaxPlayers int    `json:"maxPlayers,omitempty"`
	Seats      []Seat `json:"seats"`

	// Title is the game's title id ("" in databases written before there
	// were several titles; the start-up migration sets it to
	// engine.DefaultTitle). It is fixed when the lobby opens.
	Title string `json:"title,omitempty"`

	// Set by Start from the engine.Setup. The seed is private to storage and
	// must never be shown or logged. Options and Overrides are the title's
	// own JSON, kept as given.
	Options   json.RawMessage `json:"options,omitempty"`
	Seed      uint64          `json:"seed"`
	Overrides json.RawMessage `json:"overrides,omitempty"`
	Edition   string          `json:"edition,omitempty"`

	Status   Status `json:"status"`
	Version  int    `json:"version"` // state version = number of actions in the log
	Imported bool   `json:"imported,omitempty"`
	// Undone counts the Undo calls that took actions back. With Version it
	// names exactly one state of the game (the same version can be reached
	// again after an undo), which is what the snapshot cache keys on.
	Undone  int       `json:"undone,omitempty"`
	Created time.Time `json:"created"`
	Updated time.Time `json:"updated"`

	// BoardMessageID is the latest board message the bot posted.
	BoardMessageID string `json:"boardMessageId,omitempty"`
	// ReminderEvery is the reminder interval (0: no reminders); NextReminder
	// is when the next one is due (zero: none). Apply moves NextReminder to
	// now+ReminderEvery after every action.
	ReminderEvery time.Duration `json:"reminderEvery,omitempty"`
	NextReminder  time.Time     `json:"nextReminder,omitzero"`

	// Notes is opaque bookkeeping owned by the bot (its JSON: pending log
	// lines, an undo point, a title's own notes such as Tinners' Trail's
	// standing orders). Storage keeps it as given; it may be changed in
	// any status, through UpdateHeader, a Batch's Header or Undo's header.
	Notes json.RawMessage `json:"notes,omitempty"`
}

// Clone returns a copy sharing nothing mutable with h.
func (h Header) Clone() Header {
	h.Seats = append([]Seat(nil), h.Seats...)
	h.Options = bytes.Clone(h.Options)
	h.Overrides = bytes.Clone(h.Overrides)
	if h.Notes != nil {
		h.Notes = bytes.Clone(h.Notes)
	}
	return h
}

// setup returns the engine setup the header describes.
func (h *Header) setup() engine.Setup {
	// The edition too: a game started under an older edition version
	// replays under the rules it was played with.
	return engine.Setup{Edition: h.Edition, Options: h.Options, NumSeats: len(h.Seats), Seed: h.Seed, Overrides: h.Overrides}
}

// TitleID returns the game's title id, engine.DefaultTitle when it names none.
func (h *Header) TitleID() string {
	if h.Title == "" {
		return engine.DefaultTitle
	}
	return h.Title
}

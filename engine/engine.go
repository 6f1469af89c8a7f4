// Package engine is the contract every game title implements, and the
// generic tools built on it: records, replay, random play-outs and a
// registry. It imports the standard library only; each title lives in its
// own package under engine/ and depends on this one alone.
//
// A title is pure rules: no Discord, no pictures, no storage. The bot,
// storage and renderers reach a game only through Title and Match, so a new
// title plugs in without changing them.
package engine

import (
	"encoding/json"
	"fmt"
	"slices"
)

// Title is one game the bot can host.
type Title interface {
	// Meta describes the title; it never changes while the program runs.
	Meta() Meta
	// ParseOptions turns a comma-separated list of option keys (as typed
	// in --options or chosen in a lobby) into the title's options as JSON.
	// An empty list gives the default options.
	ParseOptions(list string) (json.RawMessage, error)
	// New sets up a game. Every random choice comes from Setup.Seed.
	New(Setup) (Match, error)
	// ParseAction reads an action's compact form (Action.String).
	ParseAction(s string) (Action, error)
	// Restore rebuilds a match from Match.Snapshot.
	Restore(snapshot []byte) (Match, error)
}

// Meta is what the lobby and the registry need to know about a title.
type Meta struct {
	ID       string // stable id, in records and custom IDs: "tinners", "coalbaron"
	Name     string // shown to players
	Credits  string // designer and publisher, shown in the lobby
	MinSeats int
	MaxSeats int
	// Edition is the edition version new games are played under. Older
	// versions a title still accepts keep their rules, so a table started
	// before a rule change plays on as it began.
	Edition string
	Options []Option // what a lobby may switch on
	// Rules is a short summary of the rules for /tt rules (a few lines,
	// Discord markdown, at most MaxRulesLen characters); "" when the title
	// offers none.
	Rules string
}

// MaxRulesLen bounds Meta.Rules, so that it fits one Discord message with
// the bot's own lines around it.
const MaxRulesLen = 1700

// Option is one switch a lobby offers.
type Option struct {
	Key   string // as in ParseOptions and --options: "arsenic"
	Label string // short, for a menu
	Help  string // one line: what it changes
}

// Setup is what Title.New needs. Options and Overrides are the title's own
// JSON; an empty value means the defaults.
type Setup struct {
	Edition   string // "" means the title's current edition
	Options   json.RawMessage
	NumSeats  int
	Seed      uint64
	Overrides json.RawMessage // fixed parts of the random setup, for tests
}

// Action is one move by one seat. Its String form is compact (at most
// MaxActionLen bytes, so it rides in a Discord custom ID) and
// Title.ParseAction reads it back.
type Action interface {
	fmt.Stringer
	Actor() int // the seat that takes it
}

// MaxActionLen bounds an action's compact form.
const MaxActionLen = 90

// Match is one game at one moment. It is immutable: Apply returns a new
// match and leaves its receiver as it was. It holds hidden information, so
// it never reaches a player except through its views.
type Match interface {
	// Version counts the actions applied since setup.
	Version() int
	// ToAct lists the seats that must act now, in seat order. Several
	// seats when the step is simultaneous; empty when the game is over.
	ToAct() []int
	// Simultaneous reports whether the seats in ToAct act independently,
	// in any order (a draft). A click made on an older version is then
	// still good while its action is in the seat's Legal list.
	Simultaneous() bool
	// Legal lists every action seat may take now; nil for a seat not in
	// ToAct. Each applies, and each round-trips through its String form.
	Legal(seat int) []Action
	// Apply plays a. A move the rules forbid returns a *RuleError and no
	// match; otherwise the new match and what happened.
	Apply(a Action) (Match, []Event, error)
	// Public is what everyone may see. Seat is what one seat may see:
	// the public view plus its own secrets. Both are the title's own
	// types; they marshal to JSON.
	Public() any
	Seat(seat int) any
	// Label describes an action to the seat taking it: where it sits in a
	// menu and a one-line text with its cost and effect.
	Label(a Action) Label
	// Result is nil until the game is over.
	Result() *Result
	// Snapshot is the match as bytes, for storage; Title.Restore reads it.
	Snapshot() ([]byte, error)
}

// Label places an action in a menu of at most three levels and says what it
// costs and does, e.g. Path ["Build a mine", "A4 Ding Dong"], Line "Build in
// A4 Ding Dong: 1 work point, opens an auction".
//
// Path and Line are English; PathMessages and LineMessage, when set, are
// the same words as catalogue messages for a reader of another language
// (PathMessages parallel to Path).
type Label struct {
	Path []string
	Line string

	PathMessages []Message `json:",omitempty"`
	LineMessage  Message   `json:",omitzero"`

	// Ask is true when the seat must be asked to take this action even
	// when it is the seat's only legal one. The platform otherwise plays a
	// seat's only action for it, which everyone sees; a title sets Ask
	// where the action's being the only one depends on what the seat
	// holds (an "end turn" beside cards that may or may not be playable),
	// so that the turn flow shows nothing hidden.
	Ask bool `json:",omitempty"`

	// Where are the places the action is about, as the title numbers them
	// (an area, a town, a link, a grid cell, a tile slot; docs/platform.md,
	// "Places and marks").
	// When the options of a private step have places, the platform shows
	// the title's turn picture with a mark on each option's place and the
	// same mark beside the option; the first place carries the mark. Nil:
	// the action is about no place on the picture.
	Where []int `json:",omitempty"`
}

// Event is one public thing that happened. Text may name seats as
// {P0}..{P9}; FormatLine replaces them with names. Events carry nothing
// hidden.
type Event struct {
	Seat int // the seat it is mostly about, or -1
	Text string
	// Reveal is true when the event made hidden information known to
	// anyone or consumed randomness (a card drawn, a tile turned, dice).
	// An action whose events reveal cannot be taken back: undo stops there.
	Reveal bool `json:",omitempty"`
	// Message is Text as a catalogue message, when the title gives one.
	Message Message `json:",omitzero"`
	// Where are the places on the board the event changed (title-defined
	// ids, as Label.Where). The platform highlights them on the next
	// public picture, and a change on the board asks for a picture as a
	// reveal does.
	Where []int `json:",omitempty"`
}

// Places returns the places events changed, each once, in the order
// first named.
func Places(events []Event) []int {
	var out []int
	for _, e := range events {
		for _, p := range e.Where {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// Reveals reports whether any of events has Reveal set.
func Reveals(events []Event) bool {
	for _, e := range events {
		if e.Reveal {
			return true
		}
	}
	return false
}

// Result is the end of a game.
type Result struct {
	Ranking  []int  // seats, winner first
	Scores   []int  // by seat
	TieBreak string // "" or the tie-break that decided first place (English)
	// TieBreakMessage is TieBreak as a catalogue message, when set.
	TieBreakMessage Message `json:",omitzero"`
}

// RuleError is a move the rules forbid. Code is stable for programs; Msg is
// one English sentence for the player (and for logs and tests); Message,
// when set, is the same sentence as a catalogue message.
type RuleError struct {
	Code    string
	Msg     string
	Message Message
}

func (e *RuleError) Error() string { return e.Msg }

// Rule error codes every title uses for the contract's own failures.
const (
	ErrNotYourTurn     = "not_your_turn"
	ErrGameOver        = "game_over"
	ErrMalformedAction = "malformed"
	ErrNotAvailable    = "not_available"
)

// RuleErrorf returns a *RuleError with a formatted message.
func RuleErrorf(code, format string, args ...any) error {
	return &RuleError{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// Message is a sentence for a reader in any language: the id of a message
// in the bot's catalogue (bot/i18n, never imported by an engine) and its
// named arguments. The engine stays free of the catalogue; whoever shows
// the sentence renders it in the reader's language.
//
// Argument values are strings (proper names, seat placeholders {P0}..{P9},
// which FormatLine fills after rendering), integers, or Messages (a term
// the renderer translates first: a resource, a phase). An argument named
// Count chooses the plural form. Messages marshal to JSON and come back
// with the same meaning: a nested Message then reads back as a map with
// "id" and "args", which renderers accept too.
type Message struct {
	ID   string         `json:"id"`
	Args map[string]any `json:"args,omitempty"`
}

// IsZero reports whether m is unset.
func (m Message) IsZero() bool { return m.ID == "" }

// Say builds a Message from an id and name, value pairs:
// Say("cb_delivered", "P", "{P0}", "Count", 3).
func Say(id string, kv ...any) Message {
	m := Message{ID: id}
	if len(kv) > 0 {
		m.Args = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			m.Args[kv[i].(string)] = kv[i+1]
		}
	}
	return m
}

// Refuse returns a *RuleError with code, its English sentence and the
// same sentence as message (see Message).
func Refuse(code string, m Message, english string) error {
	return &RuleError{Code: code, Msg: english, Message: m}
}

// Secrets is implemented by a Match whose seats hold hidden things: one
// line per thing only seat knows (its hand, a card it looked at), in the
// title's own words as catalogue messages (the English comes from the
// catalogue too), for the seat's private "my hand" message. The bot shows
// the title's hand picture either way.
type Secrets interface {
	Secrets(seat int) []Message
}

// Defaults is implemented by a Match that can name a seat's default move:
// what the bot plays for an absent player when the host asks or a deadline
// passes. It must be one of Legal(seat), chosen to do the least (end the
// turn, stop, pass) rather than to play well; nil when seat has nothing to
// decide.
type Defaults interface {
	Default(seat int) Action
}

// Rounds is implemented by a Match whose game is played in rounds (Coal
// Baron's shifts): Round is the round the game is in, 1 for the first; 0
// before the first begins, for a title with such a setup step. It never
// goes down from one version to the next, and a finished game stays in
// its last round. The bot shows the board as a round began and the log of
// one round by it (/tt board round:, /tt log round:).
type Rounds interface {
	Round() int
}

// Breakdown is implemented by a Match that can show how its final scores
// were made up: the points of each seat in each of the title's scoring
// categories, for the final post. Breakdown returns nil until the game is
// over, so that nothing hidden (a hand scored at the end) shows mid-game.
type Breakdown interface {
	Breakdown() *ScoreTable
}

// ScoreTable is a finished game's final scores split by category: one row
// per category, in the order the title scores them, and one column per
// seat. Each seat's points over all rows add up to its total, and Totals
// equals the Scores of Match.Result.
type ScoreTable struct {
	Rows   []ScoreRow
	Totals []int // by seat
}

// ScoreRow is one scoring category of a ScoreTable.
type ScoreRow struct {
	// Name is the category in English, short and capitalised ("Orders");
	// NameMessage, when set, is the same word as a catalogue message.
	Name        string
	NameMessage Message `json:",omitzero"`
	Points      []int   // by seat
}

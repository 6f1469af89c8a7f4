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
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
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
	ID   string // stable id, in records and custom IDs: "tinners", "coalbaron"
	Name string // shown to players
	// NameMessage is the name in the reader's language when the title's
	// name is translated ("Szyb kopalni"); zero: Name in every language
	// (a published game's own name).
	NameMessage Message
	Credits     string // designer and publisher, shown in the lobby
	MinSeats    int
	MaxSeats    int
	// Edition is the edition version new games are played under. Older
	// versions a title still accepts keep their rules, so a table started
	// before a rule change plays on as it began.
	Edition string
	Options []Option // what a lobby may switch on or choose
	// MaxRounds is the most rounds a game of the title has (its Rounds;
	// a round-by-round log and past boards by round go up to it); 0 for a
	// title not played in rounds.
	MaxRounds int
	// Rules is a short summary of the rules for /tt rules (a few lines,
	// Discord markdown, at most MaxRulesLen characters); "" when the title
	// offers none.
	Rules string
}

// MaxRulesLen bounds Meta.Rules, so that it fits one Discord message with
// the bot's own lines around it.
const MaxRulesLen = 1700

// Option is one switch or choice a lobby offers. The bot offers it in its
// command for opening a table under the name Key, so a key is at most 32
// characters of lower-case letters, digits and '-'.
type Option struct {
	Key string // as in ParseOptions and --options: "arsenic"
	// Label (short, for a menu) and Help (one line: what it changes) are
	// English words for a title whose catalogue has none for its options.
	// A title's words are catalogue messages, <title id>_option_<key> and
	// …_help (the key's non-alphanumerics as '_'), in every language; its
	// Meta then leaves these empty, so that the words exist once.
	Label string
	Help  string
	// Values, when set, make the option a choice of one of them, written
	// key=value in ParseOptions; without them it is a switch, on when its
	// key is listed.
	Values []string
	// Solo marks an option of the one-seat game only (a difficulty), which
	// the title's solo lobby offers once the table is open.
	Solo bool
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
// costs and does, as catalogue messages (see Message): PathMessages, e.g.
// ["Build a mine", "A4 Ding Dong"], the levels, and LineMessage, e.g.
// "Build in A4 Ding Dong: 1 work point, opens an auction", the line. The
// bot renders them in the reader's language and groups a menu level by its
// messages (id and arguments).
type Label struct {
	PathMessages []Message `json:",omitempty"`
	LineMessage  Message   `json:",omitzero"`
	// NoteMessage says the action of the seat to others, in the third
	// person or as a noun phrase ("a pass for the rest of shift 3"), for
	// a note about a move the seat did not click itself (its only option,
	// a default move). Path and line speak to the player who chooses
	// ("Pass: you sit out…"); a public note never pastes them. Zero: the
	// platform falls back to the line.
	NoteMessage Message `json:",omitzero"`

	// Deliberate is true when the seat must be asked to take this action
	// even when it is the seat's only legal one: it waits for the player's
	// click. The platform otherwise plays a seat's only action for it, and
	// says so to everyone; a title sets Deliberate where the action's being
	// the only one depends on what the seat holds (an "end turn" beside
	// cards that may or may not be playable), so that the turn flow shows
	// nothing hidden, or where the player should see the moment pass (an
	// "end turn" that draws cards and so ends the undo window).
	Deliberate bool `json:",omitempty"`

	// Pick, when its Group is set, makes the action one pick of a group
	// the seat chooses several of at once (see Pick).
	Pick Pick `json:",omitzero"`

	// Where are the places the action is about, as the title numbers them
	// (an area, a town, a link, a grid cell, a tile slot; docs/platform.md,
	// "Places and marks").
	// When the options of a private step have places, the platform shows
	// the title's turn picture with a mark on each option's place and the
	// same mark beside the option; the first place carries the mark. Nil:
	// the action is about no place on the picture.
	Where []int `json:",omitempty"`
}

// Pick groups single picks of one step into one choice of several ("discard
// two cards", "place up to three pumps"): the menu shows the legal actions
// whose labels name one Group as one multi-select and plays the chosen ones
// as one batch, in the order of Legal (one undo unit). After each pick the
// picks still to come must stay legal; the title's step counts them.
//
// An action labelled End (Group set, End true) stops picking ("place no
// more pumps"): it is offered on its own, and it is played after the picks
// when it is still legal then, so one choice closes the step.
type Pick struct {
	// Group is the group's name as a catalogue message; every pick of it
	// carries the same.
	Group Message
	// Min and Max bound how many picks the seat makes in the one choice
	// (1 <= Min <= Max); every pick of a group carries the same.
	Min, Max int
	// Times is how often this one action may be picked in one choice (two
	// copies of one card in a hand, both discarded by the same action):
	// the menu offers it that many times, each copy labelled apart. 0
	// means once.
	Times int `json:",omitempty"`
	// End marks the action that stops picking (above).
	End bool `json:",omitempty"`
}

// Event is one public thing that happened, as a catalogue message
// (Message). It may name seats as the arguments {P0}..{P9}; FormatLine
// replaces them with names after rendering. Events carry nothing hidden.
type Event struct {
	Seat int // the seat it is mostly about, or -1
	// Reveal is true when the event made hidden information known to
	// anyone or consumed randomness (a card drawn, a tile turned, dice).
	// An action whose events reveal cannot be taken back: undo stops there.
	Reveal bool `json:",omitempty"`
	// Message is what happened, for a reader of any language.
	Message Message `json:",omitzero"`
	// Where are the places on the board the event changed (title-defined
	// ids, as Label.Where). The platform highlights them on the next
	// public picture, and a change on the board asks for a picture as a
	// reveal does.
	Where []int `json:",omitempty"`
	// Kind says how a turn's account tells the event (EventKind): what
	// the seat did, what followed from it, or bookkeeping.
	Kind EventKind `json:",omitempty"`
	// Turn is whose turn the event belongs to, as seat+1. Zero means the
	// turn of the seat whose action made it happen, which the platform
	// fills in as it applies the action (Stamp); a title sets it only for
	// a turn that is not the actor's (Tinners' Trail's Lord Wallace, who
	// plays inside the player's move).
	Turn int `json:",omitempty"`
	// TurnStart marks an event that begins a turn of its own even after
	// another turn of the same seat (Coal Baron: each placing of workers
	// is a turn, and a seat plays several in a row once the others have
	// passed). Without it, a seat's events in a row are one turn.
	TurnStart bool `json:",omitempty"`
}

// EventKind sorts events for the account of a turn. A hand-off post tells
// each seat's turn in one line: the actions and their consequences in the
// order they happened; bookkeeping is left to the picture and the log.
type EventKind uint8

const (
	// Acted is what the seat chose to do ("builds a coal mine in Leek");
	// the zero value, so an event a title does not sort is shown.
	Acted EventKind = iota
	// Followed is what followed from the seat's action: coal taken from
	// a mine, a tile flipping, a card turned up, an auction's winner.
	Followed
	// Kept is bookkeeping a post need not say: the end of a turn, a new
	// round, income paid, the scores the final post shows anyway.
	Kept
)

// Stamp marks events with the turn they belong to: a's actor's, unless a
// title said otherwise (Event.Turn). The platform stamps every event of an
// action it applies; events is changed in place and returned.
func Stamp(events []Event, a Action) []Event {
	for k := range events {
		if events[k].Turn == 0 {
			events[k].Turn = a.Actor() + 1
		}
	}
	return events
}

// TurnSeat is the seat whose turn e belongs to, or -1 when not known.
func (e Event) TurnSeat() int { return e.Turn - 1 }

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
	Ranking []int // seats, winner first
	Scores  []int // by seat
	// TieBreakMessage is the tie-break that decided first place, unset
	// when none did. TieBreak is the same in English as a result stored
	// before titles spoke in messages may hold it (a title keeps it in its
	// snapshot); no title writes it any more.
	TieBreak        string
	TieBreakMessage Message `json:",omitzero"`
	// Shared is how many seats at the head of Ranking share first place
	// when the tie-breaks leave a tie for the win (0 or 1: one winner).
	Shared int `json:",omitempty"`
}

// Place is the place (1 = first) of the seat at index i of Ranking: the
// seats that share the win (Shared) are all first.
func (r *Result) Place(i int) int {
	if i < r.Shared {
		return 1
	}
	return i + 1
}

// RuleError is a move the rules forbid. Code is stable for programs;
// Message is one sentence for the player, as a catalogue message, which
// the bot renders in the player's language.
type RuleError struct {
	Code    string
	Message Message
}

// Error is the code and the message's id and arguments, for logs and
// tests: a player reads the message rendered by the bot.
func (e *RuleError) Error() string { return e.Code + ": " + e.Message.String() }

// Rule error codes every title uses for the contract's own failures.
const (
	ErrNotYourTurn     = "not_your_turn"
	ErrGameOver        = "game_over"
	ErrMalformedAction = "malformed"
	ErrNotAvailable    = "not_available"
)

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

// Refuse returns a *RuleError with code and the sentence m.
func Refuse(code string, m Message) error {
	return &RuleError{Code: code, Message: m}
}

// String is m's id and arguments, the arguments sorted by name and nested
// messages alike: `cb_log_take{Card:cb_card_order_acc{Dest:…},P:{P0}}`.
// Two messages with the same String say the same thing in every language;
// tests and logs use it where they cannot render.
func (m Message) String() string {
	var b strings.Builder
	m.write(&b)
	return b.String()
}

func (m Message) write(b *strings.Builder) {
	b.WriteString(m.ID)
	if len(m.Args) == 0 {
		return
	}
	b.WriteByte('{')
	for k, name := range slices.Sorted(maps.Keys(m.Args)) {
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteString(name + ":")
		switch v := m.Args[name].(type) {
		case Message:
			v.write(b)
		case map[string]any: // a nested Message read back from JSON
			id, _ := v["id"].(string)
			args, _ := v["args"].(map[string]any)
			Message{ID: id, Args: args}.write(b)
		case float64: // a number read back from JSON
			if v == float64(int(v)) {
				fmt.Fprint(b, int(v))
			} else {
				fmt.Fprint(b, v)
			}
		default:
			fmt.Fprint(b, v)
		}
	}
	b.WriteByte('}')
}

// Secrets is implemented by a Match whose seats hold hidden things: one
// line per thing only seat knows (its hand, a card it looked at), in the
// title's own words as catalogue messages (the English comes from the
// catalogue too), for the seat's private "my hand" message, beside the
// title's hand picture. The board offers "My hand" only for a match that
// implements Secrets.
type Secrets interface {
	Secrets(seat int) []Message
}

// Determinizer is implemented by a Match with hidden information that can
// re-deal what one seat cannot see: Determinize returns a match in which
// everything hidden from seat (other hands, face-down stacks, the order of
// decks, the generator) is dealt again at random from r, consistently with
// what seat knows, and seat's own view (Seat) and the public view (Public)
// are byte-identical to m's. The result depends only on what seat sees and
// on r, never on how the hidden things lay: a search that determinizes
// first cannot read them. The match it returns plays on by the rules.
type Determinizer interface {
	Determinize(seat int, r *rand.Rand) Match
}

// NonPlayers is implemented by a Match with seats that no player holds (an
// automated opponent: Tinners' Trail's Lord Wallace in the solo game).
// NonPlayers names them as catalogue messages, in order from the engine
// seat after the players' (a game's Setup.NumSeats); nil when the game
// has none. The bot names such a seat by it wherever a seat is named.
type NonPlayers interface {
	NonPlayers() []Message
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

// RoundNames is implemented by a Rounds match whose rounds have names of
// their own ("Canal era, round 3"): RoundName is round r's name (any round
// from 0 up to the current one) as a catalogue message. Without it a round
// is named by its number.
type RoundNames interface {
	RoundName(round int) Message
}

// Standings is implemented by a Match whose seats score points during the
// game (Brass's VP, Tinners' Trail's points): Points are each seat's now,
// by seat, public. A picture's alt text says them.
type Standings interface {
	Points() []int
}

// Breakdown is implemented by a Match that can show how its final scores
// were made up: the points of each seat in each of the title's scoring
// categories, for the final post. Breakdown returns nil until the game is
// over, so that nothing hidden (a hand scored at the end) shows mid-game.
type Breakdown interface {
	Breakdown() *ScoreTable
}

// Stages is implemented by a Match whose game is scored at the end of
// stages before its own end (Brass: Birmingham's Canal era). StageEnd
// returns, for the events of one move, the stage they ended (its name, a
// catalogue message: "Canal era") and every seat's points by category so
// far; ok is false when they end none. The bot posts it on its own, before
// the board that follows. Like Breakdown it shows only what is public.
type Stages interface {
	StageEnd(events []Event) (name Message, scores *ScoreTable, ok bool)
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
	// NameMessage is the category, short and capitalised ("Orders"), as
	// a catalogue message.
	NameMessage Message `json:",omitzero"`
	Points      []int   // by seat
}

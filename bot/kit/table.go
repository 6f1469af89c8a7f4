package kit

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/storage"
)

// Reminders. A decision that waits is nudged after the table's interval,
// then after twice that, and so on (capped at remindCap); each nudge pings
// only the waiting seats (outside their quiet hours, not away, and not
// before their own interval: players.go) with a link to the board. After Settings.Nudges unanswered nudges the host is pinged once
// with what they can do, and the reminders stop. When the table has a
// deadline, the default move is played once the decision has waited that
// long. All of it is kept in Notes.Wait and NextRemind, so it survives a
// restart. A failing post is retried after 5 minutes, doubling, and the
// reminders pause after maxRemindFails failures in a row, or at once when
// the failure lasts (a permission, the channel): see remindFailed.
const (
	RemindCap     = 48 * time.Hour
	DefaultNudges = 3
)

// NudgeLimit is how many reminders the table sends (DefaultNudges unless set).
func (s Settings) NudgeLimit() int {
	if s.Nudges <= 0 {
		return DefaultNudges
	}
	return s.Nudges
}

// Status is where a table is in its life: storage's, as stored. A table
// never reads as storage.StatusArchived (an imported unfinished record):
// the store reads it as finished.
type Status = storage.Status

// Table statuses.
const (
	StatusLobby    = storage.StatusLobby
	StatusRunning  = storage.StatusRunning
	StatusFinished = storage.StatusFinished
	StatusAborted  = storage.StatusAborted
)

// Seat is one player at a table.
type Seat struct {
	UserID string
	Name   string // display name when they joined
	// Bot: the program plays the seat (bots.go); UserID is empty.
	Bot bool
}

// Table is what the bot keeps about one game besides the engine state:
// where it is played, who sits where, and the bot's own bookkeeping.
type Table struct {
	ID string
	// Title is the game's title id (engine.Meta.ID); "" is Tinners' Trail
	// (engine.DefaultTitle), as in every table opened before there were
	// several titles. It is fixed when the lobby opens.
	Title       string
	GuildID     string
	ChannelID   string
	Host        string // user ID
	Status      Status
	MaxPlayers  int
	Options     json.RawMessage // the title's options chosen in the lobby (its own JSON), for engine.Setup at start
	Seats       []Seat
	BoardMsg    string // the newest board (or lobby) message: the only one with buttons
	RemindEvery time.Duration
	NextRemind  time.Time // zero: no reminder due
	Notes       Notes     // the bot's bookkeeping of a running game
	// Updated is when the store last wrote the table (read only). For a
	// finished table it is about when the game ended: the ratings take
	// finished games in this order (docs/ratings.md).
	Updated time.Time
}

// Notes is what the bot remembers about a running game besides the engine
// state, persisted with the table (storage keeps it as an opaque blob).
// A title's own bookkeeping (Tinners' Trail: its standing orders) is in
// Title, private to the seats unless the title says otherwise: nothing
// here may be shown publicly except Pending, which holds public log lines
// only.
type Notes struct {
	// Pending are the engine's log lines (with {P} placeholders) since the
	// last public post; the next hand-off post carries them.
	Pending []LogLine `json:"pending,omitempty"`
	// Shown are the lines the newest board was posted with: an edit in
	// place (its buttons brought up to date as the seat to act goes on)
	// keeps telling them before Pending, so that every board, as last
	// edited, tells the turns it was posted for.
	Shown []LogLine `json:"shown,omitempty"`
	// PicPx is the height of the newest board's picture shown 400 px wide
	// (0: it has none), for the phone model of its edits.
	PicPx int `json:"picPx,omitempty"`
	// Changed are the places (engine.Event.Where; Tinners' Trail: areas)
	// changed since the last public post: its picture rings them.
	Changed []int `json:"changed,omitempty"`
	// Title is the title UI's own bookkeeping, its own JSON, read and
	// written only by that UI through TitleNotes and SetTitleNotes.
	Title json.RawMessage `json:"title,omitempty"`
	// Old are the fields of notes written by an earlier build that this
	// one no longer names (Tinners' Trail's bookkeeping before it moved
	// into Title): TitleNotes reads them while Title is empty, and they
	// are written back as they were until SetTitleNotes drops them.
	Old map[string]json.RawMessage `json:"-"`
	// Undo is where the last interaction's actions started, for /tt undo.
	Undo *UndoPoint `json:"undo,omitempty"`
	// Epoch counts undos; it is part of every button's token, so a button
	// built on an undone state is stale even when the version comes back.
	Epoch int `json:"epoch,omitempty"`
	// PicAt says which round and phase the newest board picture showed
	// ("2/actions"); TextPosts counts the boards posted without a picture
	// since it.
	PicAt     string `json:"picAt,omitempty"`
	TextPosts int    `json:"textPosts,omitempty"`
	// Revealed: at a table of another title, something hidden became
	// public since the newest picture (gneedsPicture); cleared by a post
	// with a picture.
	Revealed bool `json:"revealed,omitempty"`
	// Seen is, per seat, the log length right after that seat's last move.
	Seen []int `json:"seen,omitempty"`
	// Settings are the table's rules for slow and absent players; they are
	// set in the lobby or during the game and kept at the start.
	Settings Settings `json:"settings,omitzero"`
	// Wait is the reminder state of the decision the game waits for.
	Wait Wait `json:"wait,omitzero"`
	// Subs lists the seats handed to another member, in order.
	Subs []Sub `json:"subs,omitempty"`
	// Told are private notices by user ID (a default move played for
	// them), shown at the top of their next private reply.
	Told map[string][]string `json:"told,omitempty"`
	// Paused, when set, says why the table's reminders are paused: the
	// bot could not post in its channel (docs/discord-failures.md).
	Paused string `json:"paused,omitempty"`
	// RemindFails counts reminder posts that failed in a row.
	RemindFails int `json:"remind_fails,omitempty"`
	// DMRefused are the players whose last turn notice Discord refused
	// (50007: DMs closed); they were told once, and are told again only
	// after a notice got through.
	DMRefused map[string]bool `json:"dmRefused,omitempty"`
	// Ended is when the game reached its end (/tt history).
	Ended time.Time `json:"ended,omitzero"`
}

// Settings are a table's rules for slow and absent players.
type Settings struct {
	// Deadline: after a decision has waited this long, its default move is
	// played on the next reminder tick (0: never).
	Deadline time.Duration `json:"deadline,omitempty"`
	// Nudges is how many unanswered reminders are sent before the host is
	// told the seat is stalled (0: defaultNudges).
	Nudges int `json:"nudges,omitempty"`
	// Quiet are players' quiet hours by user ID, in UTC.
	Quiet map[string]Quiet `json:"quiet,omitempty"`
	// DM are the players (by user ID) who asked for a direct message
	// when it becomes their turn (/tt settings notify:dm).
	DM map[string]bool `json:"dm,omitempty"`
	// Away are the players (by user ID) away until the time given
	// (/tt away, set on every table of theirs in the server): reminders
	// skip them meanwhile; a deadline still applies.
	Away map[string]time.Time `json:"away,omitempty"`
	// Lang is the table's language ("en", "pl"): its public posts and
	// pictures are in it. Set when the lobby opens (Polish when the
	// server's locale is), changed by the host with /tt settings
	// language:; "" (tables from before) is English.
	Lang string `json:"lang,omitempty"`
	// Langs are the players' languages (by user ID) as their Discord was
	// set on their last interaction at this table: DMs and notices kept
	// for them are in it (else in Lang).
	Langs map[string]string `json:"langs,omitempty"`
}

// Quiet hours [From, To) in UTC, wrapping past midnight when From > To.
type Quiet struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// Wait is what has been done about the decision the game waits for.
type Wait struct {
	Seats      []int     `json:"seats,omitempty"` // the seats waited for
	Since      time.Time `json:"since,omitzero"`  // when the wait began
	Last       time.Time `json:"last,omitzero"`   // the last reminder sent
	Nudges     int       `json:"nudges,omitempty"`
	HostPinged bool      `json:"hostPinged,omitempty"`
	Failures   int       `json:"failures,omitempty"` // reminder posts that failed in a row
	// Posting names the reminder being posted ("n2": the second nudge,
	// "host": the host's ping), noted before the post and cleared after
	// it: found set, the post may have been made by a process that died
	// (or a request that failed) before it could say so.
	Posting string `json:"posting,omitempty"`
}

// Sub is one hand-over of a seat.
type Sub struct {
	Seat    int       `json:"seat"`
	From    string    `json:"from"` // user IDs
	To      string    `json:"to"`
	By      string    `json:"by"`
	Version int       `json:"version"` // the game's version at the hand-over
	At      time.Time `json:"at"`
}

// LogLine is one public log line: the engine's English, with {P}
// placeholders, and the same line as a catalogue message when the title
// gives one (then the table's language is shown). In JSON a line without a
// message is a plain string, as every line was before there were
// messages, so notes written by either build read in the other.
type LogLine struct {
	Text    string
	Message engine.Message
	// Turn and Kind are the event's (engine.Event): whose turn the line
	// belongs to (seat+1; 0: none, or a line kept before turns were
	// told) and how a turn's account tells it.
	Turn  int
	Kind  engine.EventKind
	Start bool // engine.Event.TurnStart
}

// EventLine is an engine event's log line.
func EventLine(e engine.Event) LogLine {
	return LogLine{Message: e.Message, Turn: e.Turn, Kind: e.Kind, Start: e.TurnStart}
}

// BotLine is a log line the bot itself writes: message id with args, and
// its English.
func BotLine(english string, id string, kv ...any) LogLine {
	return LogLine{Text: english, Message: engine.Say(id, kv...)}
}

func (l LogLine) MarshalJSON() ([]byte, error) {
	if l.Message.IsZero() && l.Turn == 0 && l.Kind == 0 && !l.Start {
		return json.Marshal(l.Text)
	}
	return json.Marshal(struct {
		Text    string           `json:"text"`
		Message engine.Message   `json:"msg"`
		Turn    int              `json:"turn,omitempty"`
		Kind    engine.EventKind `json:"kind,omitempty"`
		Start   bool             `json:"start,omitempty"`
	}{l.Text, l.Message, l.Turn, l.Kind, l.Start})
}

func (l *LogLine) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		*l = LogLine{}
		return json.Unmarshal(b, &l.Text)
	}
	var v struct {
		Text    string           `json:"text"`
		Message engine.Message   `json:"msg"`
		Turn    int              `json:"turn"`
		Kind    engine.EventKind `json:"kind"`
		Start   bool             `json:"start"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*l = LogLine{Text: v.Text, Message: v.Message, Turn: v.Turn, Kind: v.Kind, Start: v.Start}
	return nil
}

// Say renders the line in l's language, placeholders still in.
func (line LogLine) Say(l *i18n.Loc) string { return l.Message(line.Message, line.Text) }

// SayTurn is the line as a turn's line tells it: its message's short form
// "<id>_turn" when the catalogue has one (what the seat did, without the
// bookkeeping the picture shows: "extracts 2 tin from C4 (Truro)"), else
// Say. /tt log keeps the whole line.
func (line LogLine) SayTurn(l *i18n.Loc) string {
	if id := line.Message.ID; id != "" && i18n.Has(id+"_turn") {
		return l.Message(engine.Message{ID: id + "_turn", Args: line.Message.Args}, line.Text)
	}
	return line.Say(l)
}

// UndoPoint is one interaction that may still be taken back: Seat's
// actions from version From to version To, and the notes before it.
type UndoPoint struct {
	Seat    int       `json:"seat"`
	From    int       `json:"from"`
	To      int       `json:"to"`
	Pending []LogLine `json:"pending,omitempty"`
	Changed []int     `json:"changed,omitempty"`
	Posted  bool      `json:"posted,omitempty"` // a public post showed these moves
	// Title is the title UI's own bookkeeping before it, as in Notes.
	Title json.RawMessage `json:"title,omitempty"`
	// Old: fields an earlier build wrote here, as in Notes.
	Old map[string]json.RawMessage `json:"-"`
}

// Clone returns a deep copy.
func (n Notes) Clone() Notes {
	c := n
	c.Pending = append([]LogLine(nil), n.Pending...)
	c.Shown = append([]LogLine(nil), n.Shown...)
	c.Changed = append([]int(nil), n.Changed...)
	c.Seen = append([]int(nil), n.Seen...)
	c.Title = slices.Clone(n.Title)
	c.Old = maps.Clone(n.Old)
	c.Subs = append([]Sub(nil), n.Subs...)
	c.Wait.Seats = append([]int(nil), n.Wait.Seats...)
	if n.Settings.Quiet != nil {
		c.Settings.Quiet = make(map[string]Quiet, len(n.Settings.Quiet))
		for k, v := range n.Settings.Quiet {
			c.Settings.Quiet[k] = v
		}
	}
	c.Settings.DM = CloneSet(n.Settings.DM)
	c.Settings.Away = CloneAway(n.Settings.Away)
	c.Settings.Langs = maps.Clone(n.Settings.Langs)
	c.DMRefused = CloneSet(n.DMRefused)
	if n.Told != nil {
		c.Told = make(map[string][]string, len(n.Told))
		for k, v := range n.Told {
			c.Told[k] = append([]string(nil), v...)
		}
	}
	if n.Undo != nil {
		u := *n.Undo
		u.Pending = append([]LogLine(nil), n.Undo.Pending...)
		u.Changed = append([]int(nil), n.Undo.Changed...)
		u.Title = slices.Clone(n.Undo.Title)
		u.Old = maps.Clone(n.Undo.Old)
		c.Undo = &u
	}
	return c
}

func CloneAway(m map[string]time.Time) map[string]time.Time {
	if m == nil {
		return nil
	}
	c := make(map[string]time.Time, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func CloneSet(m map[string]bool) map[string]bool {
	if m == nil {
		return nil
	}
	c := make(map[string]bool, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// TitleID returns the table's title id, engine.DefaultTitle when it names none.
func (t *Table) TitleID() string {
	if t.Title == "" {
		return engine.DefaultTitle
	}
	return t.Title
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

// Store is what the bot needs from storage: package storage under the
// bot's Table (bot/storeadapter.go; tests use it on a temporary file).
// Its errors are storage's (below), but for a damaged record, which
// comes back as the bot's DamagedError.
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
	// StartMatch turns a lobby into a running game of its title.
	StartMatch(ctx context.Context, id string, setup engine.Setup) (engine.Match, error)
	// Match returns the current match of a started game.
	Match(ctx context.Context, id string) (engine.Match, error)
	// ApplyMatch applies b if the game's version is still seen (else
	// ErrStale); a rule error (*engine.RuleError) leaves everything unchanged.
	ApplyMatch(ctx context.Context, id string, seen int, b MatchBatch) (engine.Match, []engine.Event, Table, error)
	// UndoMatch takes back the actions from version to up to seen, which
	// must all be seat's and reveal nothing (else an error wrapping
	// ErrCannotUndo), and runs update on the table in the same transaction.
	UndoMatch(ctx context.Context, id string, seen, seat, to int, update func(*Table, engine.Match) error) (engine.Match, Table, error)
	// MatchRecord returns the game as a record of its title.
	MatchRecord(ctx context.Context, id string) (*engine.Record, error)
	// DueReminders lists running tables whose NextRemind is not after now.
	DueReminders(ctx context.Context, now time.Time) ([]Table, error)
	// LastFinished returns the most recently finished table of a channel,
	// or ErrNotFound.
	LastFinished(ctx context.Context, channelID string) (Table, error)
	// Tables returns every table keep accepts, in no particular order
	// (/tt games, /tt history, stats). keep must not call the Store.
	Tables(ctx context.Context, keep func(*Table) bool) ([]Table, error)
	// AbandonTable frees the channel of a table whose header cannot be
	// read (a *DamagedError without Table), keeping its record as it is.
	AbandonTable(ctx context.Context, id string) error
	// SalvageRecord returns what remains readable of a damaged table, as
	// a record marked damaged (engine.Record.Damaged; import refuses it).
	SalvageRecord(ctx context.Context, id string) (*engine.Record, error)
	// PlayerSettings returns a member's settings in a server (the zero
	// value when none are stored); PutPlayerSettings replaces them (the
	// zero value deletes them). players.go.
	PlayerSettings(ctx context.Context, guildID, userID string) (PlayerSettings, error)
	PutPlayerSettings(ctx context.Context, guildID, userID string, p PlayerSettings) error
}

// MatchBatch is Batch for any title: one interaction's actions, the
// automatic follow-ups Then returns, and the bookkeeping, all or nothing.
type MatchBatch struct {
	Actions []engine.Action
	Then    func(engine.Match) (engine.Action, bool)
	// Update sees the new match and the events of the whole batch.
	Update func(*Table, engine.Match, []engine.Event) error
	// Outbox, after Update, says what post the table now owes given what
	// it owed (nil: nothing), stored in the same transaction (outbox.go).
	Outbox func(pending *storage.Outbox, t Table, next engine.Match, events []engine.Event) *storage.Outbox
}

// The store's errors are storage's own, named here so that a UI need
// import only the kit; test them with errors.Is. Players never see their
// text: a UI answers each with a catalogue message (ErrReply, UndoSentence).
var (
	ErrNotFound    = storage.ErrNotFound
	ErrChannelBusy = storage.ErrChannelBusy
	ErrStale       = storage.ErrStale
	ErrCannotUndo  = storage.ErrCannotUndo
	// Why an undo was refused; each wraps ErrCannotUndo.
	ErrUndoNothing  = storage.ErrUndoNothing
	ErrUndoOther    = storage.ErrUndoOther
	ErrUndoRevealed = storage.ErrUndoRevealed
)

// ErrOtherTitle: a Tinners' Trail-only path reached a table of another title.
var ErrOtherTitle = errors.New("the table plays another title")

package kit

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// OptFn reads a slash-command option by name (nil when not given).
type OptFn func(string) *discordgo.ApplicationCommandInteractionDataOption

// KeyList joins option keys as Title.ParseOptions reads them.
func KeyList(keys []string) string { return strings.Join(keys, ",") }

// TitleUI is what the bot does its own way for one title.
type TitleUI interface {
	TurnUI

	// NewOptions are the title's options (its JSON) for a table of
	// players seats opened with the lobby options keys switched on;
	// refusal is a message id (with args Title) when it cannot be opened
	// so.
	NewOptions(keys []string, players int) (opts json.RawMessage, refusal string, err error)
	// Opened is the reply to the host who opened lobby t.
	Opened(l *i18n.Loc, t Table) string
	// Lobby is t's lobby message when the title draws its own (nil: the
	// standard one); modules is the standard lobby's line of options.
	Lobby(l *i18n.Loc, t Table, started bool) *Message
	Modules(l *i18n.Loc, t Table) string
	// JoinRefusal says why nobody else may join lobby t ("": they may).
	JoinRefusal(l *i18n.Loc, t Table) string
	// RematchNotes are the notes a rematch of old starts its lobby with.
	RematchNotes(old Table, n *Notes)
	// ForgetSeat drops from n's title notes what seat's holder set up
	// privately there (a standing order) when the seat is handed over.
	ForgetSeat(n *Notes, seat int)
	// Start starts lobby t's game and posts its first board.
	Start(ctx context.Context, i *discordgo.Interaction, t Table, uid string, fromButton bool) Response

	// BoardMessage is the public board of mt at t (edited in place).
	BoardMessage(t Table, mt engine.Match) Message
	// Command answers /tt board, hand, undo and log at t: the channel's
	// running table, or for board and log its last finished one.
	Command(ctx context.Context, i *discordgo.Interaction, t Table, name string, opt OptFn) Response
	// History opens finished table t's board (kind "board") or log.
	History(ctx context.Context, i *discordgo.Interaction, t Table, kind string) Response
	// What is what the game asks of the waiting seats, for a reminder.
	What(l *i18n.Loc, mt engine.Match) string
	// HasDefaults says whether the bot can play a stalled seat's move.
	HasDefaults() bool
	// Deadline plays the default move of every seat mt waits for; played
	// is false when the title has none for them (reminders go on).
	Deadline(ctx context.Context, t Table, mt engine.Match, now time.Time) (played bool, err error)
	// AskDefault asks the host to confirm seatArg's default move;
	// confirmDefault plays it (tk: the game the question was asked on).
	AskDefault(ctx context.Context, i *discordgo.Interaction, t Table, seatArg string) Response
	ConfirmDefault(ctx context.Context, i *discordgo.Interaction, t Table, tk Token, seat int) Response
	// Result is finished table t's result for /tt history (nil when the
	// game did not reach its end); behind is how many places every player
	// of finished match mt is set back by seats that are no players' (a
	// solo game lost to the automated opponent: 1).
	Result(ctx context.Context, t Table) (*engine.Result, error)
	Behind(t Table, mt engine.Match) int
	// Export is finished table t's record as a file.
	Export(ctx context.Context, t Table) ([]byte, error)
	// Rules is the quick reference of /tt rules.
	Rules(l *i18n.Loc, t Table) string
	// GamesRow is t's line in /tt games for the player at seat: where the
	// game is and who it waits for, or what is asked of them.
	GamesRow(l *i18n.Loc, t Table, mt engine.Match, seat int) string
}

// A UI is what the bot does its own way for a title, and the kinds of
// custom ID its messages carry: a title's own (ttui.TinnersTrailUI, for
// Config.UIs) or the generic one every other title is played through
// (genericui.UI, Config.Generic). A program lists those it hosts beside
// its titles and renderers.
type UI struct {
	ID string // the title's id ("" for the generic UI)
	// New is the UI of titleID's tables at the bot h.
	New    func(h Host, titleID string) TitleUI
	Routes map[string]Route
}

// TurnUI is the part of a title's UI the table flow asks.
type TurnUI interface {
	// Follow returns the follow-up moves of one interaction: after each
	// action, the next move the bot takes for a seat (ok false: none),
	// and how to tell the actor about it (nil: nothing to tell).
	// seat is the actor's.
	Follow(t Table, seat int) func(engine.Match) (a engine.Action, tell func(l *i18n.Loc, names []string) string, ok bool)
	// NoteMove adds a move from prev to next (events: the whole batch's)
	// to the table's notes: the lines for the next post, what the seat
	// has seen, and the title's own bookkeeping. n.Undo is already set.
	NoteMove(n *Notes, t Table, seat int, prev, next engine.Match, events []engine.Event)
	// NoteUndo restores the title's own bookkeeping when u is taken back
	// to back.
	NoteUndo(n *Notes, u UndoPoint, back engine.Match)
	// Step is seat's private next step in l's language (nil: none).
	Step(l *i18n.Loc, t Table, mt engine.Match, seat int) *Message
	// Post is a new public board of mt pinging the seats ping, and the
	// turn notices by DM that go with it.
	Post(ctx context.Context, t Table, mt engine.Match, ping []int) (Post, []Dm, error)
	// HandsOff says whether a move that produced events is a hand-off even
	// when nobody new must act (an automated opponent moved).
	HandsOff(t Table, events []engine.Event) bool
	// Learned are the lines telling seat, privately, what it alone learned
	// between prev and next.
	Learned(l *i18n.Loc, t Table, prev, next engine.Match, seat int) []string
	// ReplyLine replaces the actor's usual closing line (their next step,
	// or whom the game waits for): the end of the game, a simultaneous
	// step the seat is done with. "": the usual one.
	ReplyLine(l *i18n.Loc, t Table, prev, next engine.Match, seat int) string
	// UndoID is the custom ID of the title's undo button on mt at t;
	// undoRevealed the message saying what counts as revealed.
	UndoID(t Table, mt engine.Match) string
	UndoRevealed() string
}

// StepOpener is implemented by a turn UI whose private step opens from a
// button: StepID is that button's custom ID on mt at t (a reply that took
// the step's place offers it to go back).
type StepOpener interface {
	StepID(t Table, mt engine.Match) string
}

package kit

import (
	"context"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// RenderFunc draws a view as a PNG.
type RenderFunc func(view any, o RenderOptions) ([]byte, error)

// Host is what the bot offers a title's own UI: its store, clock, log and
// custom IDs, and the core's turn, lobby and default-move machinery. The
// bot (Main) is the one host; a UI holds it and reaches nothing else of the
// core.
type Host interface {
	Store() Store
	Log() *slog.Logger
	Now() time.Time
	// Seed is the seed of a new game.
	Seed() uint64
	// Renders are the pictures' replacements tests give (nil: none).
	Renders() (board, hand RenderFunc)
	// Titles are the installed games; Renderers draw their pictures.
	Titles() *engine.Registry
	Renderers() *imaging.Renderers
	// Meta is t's title's facts (seats: at least 2 unless t is a solo table).
	Meta(t Table) engine.Meta
	// OwnUI says whether t's title has a UI of its own (the generic UI
	// refuses its custom IDs); TitleHasDefaults whether the bot can play
	// a stalled seat's move at title id's tables.
	OwnUI(t Table) bool
	TitleHasDefaults(id string) bool
	// Routes are every custom-ID kind the bot reads.
	Routes() RouteTable

	// Dispatch parses custom ID s and runs its route (inSelect: the value
	// picked in a menu).
	Dispatch(ctx context.Context, i *discordgo.Interaction, s string, inSelect bool) Response
	// ErrReply turns an error into the player's reply (logging the details).
	ErrReply(i *discordgo.Interaction, what string, err error) Response
	// LoadMatch is the running table id and its game, or the reply why not.
	LoadMatch(ctx context.Context, i *discordgo.Interaction, id string) (Table, engine.Match, *Response)
	// TableHere is table id (or the channel's), or the reply why not.
	TableHere(ctx context.Context, i *discordgo.Interaction, id string) (Table, *Response)
	// LobbyMessage and StartedLobby are lobby t's message, open or started.
	LobbyMessage(t Table) Message
	StartedLobby(t Table) Message
	// NextDue is when t's next reminder is due.
	NextDue(t Table) time.Time
	// CommitMoves plays acts for seat at t and posts what follows; UndoMove
	// takes seat's last move back.
	CommitMoves(ctx context.Context, i *discordgo.Interaction, t Table, mt engine.Match, seat int, acts []engine.Action, onBehalf bool) Response
	UndoMove(ctx context.Context, i *discordgo.Interaction, t Table, mt engine.Match, seat int, tk *Token) Response
	// MayRescue is nil when the interacting member may play seat's default.
	MayRescue(i *discordgo.Interaction, t Table, toAct []int, seat int, hostOnly string) *Response
	// AnnounceDefaultIn tells the table a default move was played.
	AnnounceDefaultIn(ctx context.Context, i *discordgo.Interaction, t Table, seat int, why string, words func(*i18n.Loc) string, resp Response) Response
	// PlayDeadline plays the default of every seat in toAct whose time ran out.
	PlayDeadline(ctx context.Context, t Table, toAct []int, now time.Time,
		play func(i *discordgo.Interaction, t Table, seat int, why string) (Response, bool, error)) error
}

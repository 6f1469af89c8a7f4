package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// The bot's core (lobby, seats, posting, pings, reminders, undo, stalled
// seats, export, settings, stats) knows no title: it reaches a game only
// through engine.Match and, for what it shows and how a turn is played,
// through the table's titleUI. Every title gets the generic one
// (genericUI: menus built from the engine's labels, pictures from its
// imaging.Renderer). A title may have its own, written in files named after
// it (Tinners' Trail's richer controls live in tt_*.go) and given to the
// bot by its program (Config.UIs, a UI value with the UI's custom-ID
// kinds); TestCoreKnowsNoTitle keeps every other file free of any title's
// package.

// titleUI is what the bot does its own way for one title.
type titleUI interface {
	turnUI

	// newOptions are the title's options (its JSON) for a table of
	// players seats opened with the lobby options keys switched on;
	// refusal is a message id (with args Title) when it cannot be opened
	// so.
	newOptions(keys []string, players int) (opts json.RawMessage, refusal string, err error)
	// opened is the reply to the host who opened lobby t.
	opened(l *i18n.Loc, t kit.Table) string
	// lobby is t's lobby message when the title draws its own (nil: the
	// standard one); modules is the standard lobby's line of options.
	lobby(l *i18n.Loc, t kit.Table, started bool) *kit.Message
	modules(l *i18n.Loc, t kit.Table) string
	// joinRefusal says why nobody else may join lobby t ("": they may).
	joinRefusal(l *i18n.Loc, t kit.Table) string
	// rematchNotes are the notes a rematch of old starts its lobby with.
	rematchNotes(old kit.Table, n *kit.Notes)
	// start starts lobby t's game and posts its first board.
	start(ctx context.Context, i *discordgo.Interaction, t kit.Table, uid string, fromButton bool) kit.Response

	// boardMessage is the public board of mt at t (edited in place).
	boardMessage(t kit.Table, mt engine.Match) kit.Message
	// command answers /tt board, hand, undo and log at t: the channel's
	// running table, or for board and log its last finished one.
	command(ctx context.Context, i *discordgo.Interaction, t kit.Table, name string, opt kit.OptFn) kit.Response
	// history opens finished table t's board (kind "board") or log.
	history(ctx context.Context, i *discordgo.Interaction, t kit.Table, kind string) kit.Response
	// what is what the game asks of the waiting seats, for a reminder.
	what(l *i18n.Loc, mt engine.Match) string
	// hasDefaults says whether the bot can play a stalled seat's move.
	hasDefaults() bool
	// deadline plays the default move of every seat mt waits for; played
	// is false when the title has none for them (reminders go on).
	deadline(ctx context.Context, t kit.Table, mt engine.Match, now time.Time) (played bool, err error)
	// askDefault asks the host to confirm seatArg's default move;
	// confirmDefault plays it (tk: the game the question was asked on).
	askDefault(ctx context.Context, i *discordgo.Interaction, t kit.Table, seatArg string) kit.Response
	confirmDefault(ctx context.Context, i *discordgo.Interaction, t kit.Table, tk kit.Token, seat int) kit.Response
	// result is finished table t's result for /tt history (nil when the
	// game did not reach its end); behind is how many places every player
	// of finished match mt is set back by seats that are no players' (a
	// solo game lost to the automated opponent: 1).
	result(ctx context.Context, t kit.Table) (*engine.Result, error)
	behind(t kit.Table, mt engine.Match) int
	// export is finished table t's record as a file.
	export(ctx context.Context, t kit.Table) ([]byte, error)
	// rules is the quick reference of /tt rules.
	rules(l *i18n.Loc, t kit.Table) string
	// gamesRow is t's line in /tt games for the player at seat: where the
	// game is and who it waits for, or what is asked of them.
	gamesRow(l *i18n.Loc, t kit.Table, mt engine.Match, seat int) string
}

// A UI is one title's own UI, for Config.UIs: what the bot does its own
// way for the title, and the kinds of custom ID its messages carry. The
// package offers one per title that has one (TinnersTrailUI); a program
// lists those it hosts beside its titles and renderers.
type UI struct {
	id     string // the title's id
	new    func(*Main) titleUI
	routes map[string]kit.Route
}

// uiSet is the title UIs one bot was given, by title id.
type uiSet map[string]func(*Main) titleUI

// newUISet checks uis (one per title) and indexes them.
func newUISet(uis []UI) (uiSet, error) {
	set := uiSet{}
	for _, u := range uis {
		if u.id == "" || u.new == nil {
			return nil, errors.New("a zero bot.UI: use the UI's constructor")
		}
		if set[u.id] != nil {
			return nil, fmt.Errorf("two UIs for title %q", u.id)
		}
		set[u.id] = u.new
	}
	return set, nil
}

// ui returns the UI of t's title.
func (m *Main) ui(t kit.Table) titleUI {
	if f := m.uis[t.TitleID()]; f != nil {
		return f(m)
	}
	return genericUI{m: m, id: t.TitleID()}
}

// ownUI reports whether t's title has a UI of its own (its custom IDs are
// its own; the generic ones refuse its tables).
func (m *Main) ownUI(t kit.Table) bool { return m.uis[t.TitleID()] != nil }

// gameCommand answers /tt board, hand, undo and log: at the channel's
// running table through its title's UI; board and log also at the
// channel's last finished table. A lobby whose message is missing (or
// with no finished game to show) is posted again by /tt board.
func (m *Main) gameCommand(ctx context.Context, i *discordgo.Interaction, name string, opt kit.OptFn) kit.Response {
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	switch {
	case err == nil && t.Status == kit.StatusRunning:
		return m.ui(t).command(ctx, i, t, name, opt)
	case err != nil && !errors.Is(err, kit.ErrNotFound):
		return m.ErrReply(i, "load table", err)
	}
	l, lobby := kit.UserLoc(i), err == nil
	if name == "board" || name == "log" {
		f, ferr := m.store.LastFinished(ctx, i.ChannelID)
		if ferr != nil && !errors.Is(ferr, kit.ErrNotFound) {
			return m.ErrReply(i, "load table", ferr)
		}
		if lobby && name == "board" && (t.BoardMsg == "" || ferr != nil) {
			return kit.Response{Posts: []kit.Post{{TableID: t.ID, ChannelID: t.ChannelID, Message: m.LobbyMessage(t), Retire: t.BoardMsg}},
				Reply: &kit.Message{Content: l.T("adm_lobby_posted", nil)}, Failed: l.T("adm_board_post_failed", nil)}
		}
		if ferr == nil {
			return m.ui(f).command(ctx, i, f, name, opt)
		}
	}
	if lobby {
		return kit.Say(l, "adm_not_started", nil)
	}
	return m.ErrReply(i, "load table", err)
}

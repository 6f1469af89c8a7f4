package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
)

// The bot's core (lobby, seats, posting, pings, reminders, undo, stalled
// seats, export, settings, stats) knows no title: it reaches a game only
// through engine.Match and, for what it shows and how a turn is played,
// through the table's kit.TitleUI. Every title gets the generic one
// (bot/genericui: menus built from the engine's labels, pictures from its
// imaging.Renderer). A title may have its own, in a package of its own
// (Tinners' Trail's richer controls live in bot/ttui) given to the
// bot by its program (Config.UIs, a UI value with the UI's custom-ID
// kinds); TestHouseRules keeps the core free of any title's package and
// of the UIs, and TestCoreSpeaksNoTitle its schema and catalogue free of
// Tinners' Trail's words.

// uiSet is the title UIs one bot was given, by title id.
type uiSet map[string]func(kit.Host, string) kit.TitleUI

// newUISet checks uis (one per title) and indexes them.
func newUISet(uis []kit.UI) (uiSet, error) {
	set := uiSet{}
	for _, u := range uis {
		if u.ID == "" || u.New == nil {
			return nil, errors.New("a zero kit.UI: use the UI's constructor")
		}
		if set[u.ID] != nil {
			return nil, fmt.Errorf("two UIs for title %q", u.ID)
		}
		set[u.ID] = u.New
	}
	return set, nil
}

// ui returns the UI of t's title.
func (m *Main) ui(t kit.Table) kit.TitleUI {
	if f := m.uis[t.TitleID()]; f != nil {
		return f(m, t.TitleID())
	}
	return m.cfg.Generic.New(m, t.TitleID())
}

// OwnUI reports whether t's title has a UI of its own (its custom IDs are
// its own; the generic ones refuse its tables).
func (m *Main) OwnUI(t kit.Table) bool { return m.uis[t.TitleID()] != nil }

// gameCommand answers /tt board, hand, undo and log: at the channel's
// running table through its title's UI; board and log also at the
// channel's last finished table. A lobby whose message is missing (or
// with no finished game to show) is posted again by /tt board.
func (m *Main) gameCommand(ctx context.Context, i *discordgo.Interaction, name string, opt kit.OptFn) kit.Response {
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	switch {
	case err == nil && t.Status == kit.StatusRunning:
		return m.ui(t).Command(ctx, i, t, name, opt)
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
			return m.ui(f).Command(ctx, i, f, name, opt)
		}
	}
	if lobby {
		return kit.Say(l, "adm_not_started", nil)
	}
	return m.ErrReply(i, "load table", err)
}

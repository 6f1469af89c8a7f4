package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
)

// After the game: the score breakdown on the final post, the Rematch
// button (custom ID tre:<game>), and /tt history with its two selects
// (thist:board, thist:log; each value a table ID) that open a listed
// table's board or log in the history's own private message, for tables
// of every title (another title's board is its past board, bot/genericui/past.go).

// rematch opens a new lobby in the channel with the finished table's
// players seated, in the same order, the clicker (one of them) as host,
// and the table's modules and settings.
func (m *Main) rematch(ctx context.Context, i *discordgo.Interaction, id string) kit.Response {
	old, err := m.store.Table(ctx, id)
	if errors.Is(err, kit.ErrNotFound) {
		return kit.Forged(i)
	}
	if err != nil {
		return m.ErrReply(i, "load table", err)
	}
	if old.ChannelID != i.ChannelID {
		return kit.Forged(i)
	}
	l := kit.UserLoc(i)
	if old.Status != kit.StatusFinished {
		return kit.Say(l, "flow_not_over", nil)
	}
	uid, _ := kit.User(i)
	if old.SeatOf(uid) < 0 {
		return kit.Say(l, "flow_rematch_players_only", kit.Args{"Table": old.ID})
	}
	st := old.Notes.Settings
	st.Quiet, st.DM, st.Away = nil, kit.CloneSet(st.DM), kit.CloneAway(st.Away)
	if q := old.Notes.Settings.Quiet; q != nil {
		st.Quiet = map[string]kit.Quiet{}
		for k, v := range q {
			st.Quiet[k] = v
		}
	}
	t, err := m.store.CreateTable(ctx, kit.Table{Title: old.Title, GuildID: old.GuildID, ChannelID: old.ChannelID, Host: uid, Status: kit.StatusLobby,
		MaxPlayers: max(old.MaxPlayers, len(old.Seats)), Options: old.Options, Seats: append([]kit.Seat(nil), old.Seats...), RemindEvery: old.RemindEvery,
		Notes: m.rematchNotes(old, st)})
	if errors.Is(err, kit.ErrChannelBusy) {
		return kit.Say(l, "flow_rematch_busy", nil)
	}
	if err != nil {
		return m.ErrReply(i, "create rematch", err)
	}
	msg := m.LobbyMessage(t)
	var seated []string
	for _, s := range t.Seats {
		if s.UserID != uid && !s.Bot {
			seated = append(seated, s.UserID)
		}
	}
	msg.Content = kit.TableLoc(t).T("flow_rematch_of", kit.Args{"Table": old.ID}) + "\n" + msg.Content
	msg.Mentions = seated
	return kit.Response{
		Posts:  []kit.Post{{TableID: t.ID, ChannelID: t.ChannelID, Message: msg, Lobby: true}},
		Reply:  &kit.Message{Content: l.T("flow_rematch_open", kit.Args{"Table": t.ID})},
		Failed: l.T("flow_rematch_failed", nil),
	}
}

// cmdHistory lists the channel's finished tables of every title, newest
// first, each with its game and final ranking with scores.
func (m *Main) cmdHistory(ctx context.Context, i *discordgo.Interaction) kit.Response {
	ts, err := m.tablesIn(ctx, i.ChannelID, func(t *kit.Table) bool { return t.Status == kit.StatusFinished })
	if err != nil {
		return m.ErrReply(i, "list tables", err)
	}
	l := kit.UserLoc(i)
	if len(ts) == 0 {
		return kit.Say(l, "flow_history_none", nil)
	}
	slices.SortFunc(ts, func(a, b kit.Table) int {
		if c := b.Notes.Ended.Compare(a.Notes.Ended); c != 0 {
			return c
		}
		return cmp.Compare(b.ID, a.ID)
	})
	const most = 15
	var b strings.Builder
	var opts []discordgo.SelectMenuOption
	b.WriteString(l.N("flow_history_head", len(ts), nil) + "\n")
	for k, t := range ts {
		if k == most {
			b.WriteString(l.N("flow_history_older", len(ts)-most, nil) + "\n")
			break
		}
		res, err := m.finalResult(ctx, t)
		if err != nil {
			m.log.Error("history: load game", "table", t.ID, "err", err)
			continue
		}
		game := kit.TitleNameIn(l, m.Meta(t))
		label := l.T("flow_history_label", kit.Args{"Table": t.ID, "Game": game})
		b.WriteString(l.T("flow_history_entry", kit.Args{"Table": t.ID, "Game": game}))
		if t.HasBots() {
			b.WriteString(" " + l.T("bots_history_mark", nil)) // a game with bot seats
			label += " · " + l.T("bots_history_mark", nil)
		}
		if !t.Notes.Ended.IsZero() {
			day := t.Notes.Ended.UTC().Format(time.DateOnly)
			fmt.Fprintf(&b, " (%s)", day)
			label += " · " + day
		}
		var rs []string
		if res != nil {
			for place, seat := range res.Ranking {
				name := kit.SeatLabel(l, seat)
				if seat < len(t.Seats) {
					name = kit.Sanitize(t.Seats[seat].Name)
				}
				score := 0
				if seat >= 0 && seat < len(res.Scores) {
					score = res.Scores[seat]
				}
				rs = append(rs, fmt.Sprintf("%d. %s %d", res.Place(place), name, score))
			}
			b.WriteString(": " + strings.Join(rs, " · "))
		}
		b.WriteString(l.T("flow_history_export", kit.Args{"Table": t.ID}) + "\n")
		opts = append(opts, discordgo.SelectMenuOption{Label: kit.Trunc(label, 100), Value: t.ID, Description: kit.Trunc(strings.Join(rs, " · "), 100)})
	}
	msg := &kit.Message{Content: kit.Clip(b.String())}
	if len(opts) > 0 {
		b.WriteString(l.T("flow_history_pick", nil) + "\n")
		msg.Content = kit.Clip(b.String())
		sel := func(kind, placeholder string) discordgo.MessageComponent {
			return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{
				CustomID: kit.PlainID("thist", "", kind), Placeholder: placeholder, Options: opts}}}
		}
		msg.Components = []discordgo.MessageComponent{sel("board", l.T("flow_history_board", nil)), sel("log", l.T("flow_history_log", nil))}
	}
	return kit.Response{Reply: msg}
}

// finalResult is the result of finished table t of any title (nil if its
// game has none).
func (m *Main) finalResult(ctx context.Context, t kit.Table) (*engine.Result, error) {
	res, err := m.ui(t).Result(ctx, t)
	return res, err
}

// rematchNotes are the notes a rematch of old opens with: its settings,
// and what its title keeps (a solo lobby's difficulty stays, to change).
func (m *Main) rematchNotes(old kit.Table, st kit.Settings) kit.Notes {
	n := kit.Notes{Settings: st}
	m.ui(old).RematchNotes(old, &n)
	return n
}

// historyPick opens the board (at its last move) or the log (its last
// round) of a finished table of this channel, picked in /tt history.
func (m *Main) historyPick(ctx context.Context, i *discordgo.Interaction, kind string, values []string) kit.Response {
	if (kind != "board" && kind != "log") || len(values) != 1 {
		return kit.Forged(i)
	}
	t, err := m.store.Table(ctx, values[0])
	if errors.Is(err, kit.ErrNotFound) {
		return kit.Forged(i)
	}
	if err != nil {
		return m.ErrReply(i, "load table", err)
	}
	// Only this channel's finished tables are offered; anything else was
	// not one of our options.
	if t.ChannelID != i.ChannelID || t.Status != kit.StatusFinished {
		return kit.Forged(i)
	}
	return m.ui(t).History(ctx, i, t, kind)
}

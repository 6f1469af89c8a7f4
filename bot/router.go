package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// Custom IDs, all under Discord's 100 characters, built and parsed as an
// ID and routed by the bot's route table (customid.go): the core's kinds
// and those of the UIs the program gives it. <tok> is the game's version,
// with the undo epoch after an undo ("12e3"). The core's kinds:
//
//	tdef:<game>:<tok>:<seat>        play a seat's default move (rescue.go)
//	tsub:<game>:<seat>:<holder>:<new>:<name>  hand a seat over (rescue.go)
//	tl:<game>:join|leave|start      lobby buttons
//	ta:<game>:yes|no                abort confirmation
//	tre:<game>                      rematch (final.go)
//	thist:board|log                 /tt history's selects: a finished table (final.go)
//	gfull:<game>:<from>:<to>[:<page>]  a non-player's long run in full (npcturn.go)
//
// The generic UI's (gp gh gu gm gi gs glog gpast gscore) are listed in
// bot/genericui/ui.go, Tinners' Trail's (tt tm tsel tmul tdd tinv tq tb
// to tob toc tu tlog th tdiff tpast) in bot/ttui/customid.go.
//
// Nothing secret goes into an ID on a public message: card choices only
// appear on ephemeral messages.

// handle routes an interaction to its handler and returns the response.
func (m *Main) handle(ctx context.Context, i *discordgo.Interaction) kit.Response {
	ctx = notingWrites(ctx) // withNotices keeps the language only alongside a write
	if r := refuseUnnamed(i); r != nil {
		return *r // forged.go
	}
	if i.Type == discordgo.InteractionApplicationCommand {
		if r := checkCommand(m.cmds, i); r != nil {
			return *r
		}
	}
	if why := preflight(ctx, i, m.routes); why != "" {
		return kit.ReplyText("%s", why)
	}
	l := kit.UserLoc(i)
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return m.withNotices(ctx, i, m.command(ctx, i, i.ApplicationCommandData().Options[0]))
	case discordgo.InteractionMessageComponent:
		id := i.MessageComponentData().CustomID
		resp := m.Dispatch(ctx, i, id, false)
		if m.routes[kit.KindOf(id)].Quiet {
			return resp
		}
		return m.withNotices(ctx, i, resp)
	case discordgo.InteractionModalSubmit:
		return m.withNotices(ctx, i, m.Dispatch(ctx, i, i.ModalSubmitData().CustomID, false))
	}
	return kit.Say(l, "adm_unsupported_interaction", nil)
}

func (m *Main) command(ctx context.Context, i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) kit.Response {
	opt := func(name string) *discordgo.ApplicationCommandInteractionDataOption {
		for _, o := range sub.Options {
			if o.Name == name {
				return o
			}
		}
		return nil
	}
	switch sub.Name {
	case "board", "hand", "undo", "log":
		return m.gameCommand(ctx, i, sub.Name, opt)
	case "new":
		return m.cmdNew(ctx, i, optString(opt, "game"), optInt(opt, "players", -1), optInt(opt, "hours", 0), optInt(opt, "deadline", 0), pickedOptions(sub))
	case "settings":
		return m.cmdSettings(ctx, i, optInt(opt, "deadline", -1), optInt(opt, "nudges", -1), optStringOf(opt, "quiet"), optStringOf(opt, "notify"), optStringOf(opt, "language"))
	case "default":
		return m.cmdDefault(ctx, i, optString(opt, "seat"))
	case "substitute":
		newID, name, isBot := "", "", false
		if o := opt("user"); o != nil {
			newID, name, isBot = optionUser(i, o)
		}
		return m.cmdSubstitute(ctx, i, optString(opt, "seat"), newID, name, isBot)
	case "join", "leave", "start":
		return m.lobbyOp(ctx, i, "", sub.Name, false)
	case "rules":
		return m.cmdRules(ctx, i)
	case "games":
		return m.cmdGames(ctx, i)
	case "history":
		return m.cmdHistory(ctx, i)
	case "stats":
		who := ""
		if o := opt("user"); o != nil {
			who, _, _ = optionUser(i, o)
		}
		return m.cmdStats(ctx, i, who)
	case "leaderboard":
		return m.cmdLeaderboard(ctx, i, optString(opt, "game"))
	case "away":
		return m.cmdAway(ctx, i, optInt(opt, "hours", -1))
	case "me":
		var remind *int
		if o := opt("remind"); o != nil {
			v := int(o.IntValue())
			remind = &v
		}
		return m.cmdMe(ctx, i, optStringOf(opt, "zone"), optStringOf(opt, "quiet"), optStringOf(opt, "notify"), remind)
	case "abort":
		return m.cmdAbort(ctx, i)
	case "export":
		return m.cmdExport(ctx, i, optString(opt, "game"))
	case "remind":
		return m.cmdRemind(ctx, i, optInt(opt, "hours", 12))
	}
	return kit.Say(kit.UserLoc(i), "adm_unknown_subcommand", nil)
}

// optInt is option name's integer, or def when it was not given.
func optInt(opt kit.OptFn, name string, def int) int {
	if o := opt(name); o != nil {
		return int(o.IntValue())
	}
	return def
}

// optString is option name's string, "" when it was not given; optStringOf
// the same, nil when it was not given.
func optString(opt kit.OptFn, name string) string {
	if o := opt(name); o != nil {
		return o.StringValue()
	}
	return ""
}

func optStringOf(opt kit.OptFn, name string) *string {
	if o := opt(name); o != nil {
		v := o.StringValue()
		return &v
	}
	return nil
}

// ErrReply turns an error into the player's reply: a rule error's own
// sentence, or "something went wrong" with the details logged.
func (m *Main) ErrReply(i *discordgo.Interaction, what string, err error) kit.Response {
	var re *engine.RuleError
	if d := damagedOf(err); d != nil {
		return m.damagedReply(i, what, d)
	}
	switch {
	case errors.As(err, &re):
		return kit.ReplyText("%s", kit.RuleErrorIn(kit.UserLoc(i), re))
	case errors.Is(err, kit.ErrStale):
		return kit.MovedOn(i)
	case errors.Is(err, kit.ErrNotFound):
		return kit.Say(kit.UserLoc(i), "no_table_here", nil)
	case errors.Is(err, kit.ErrOtherTitle):
		return kit.Say(kit.UserLoc(i), "adm_other_title", nil)
	}
	m.log.Error(what, "interaction", i.ID, "channel", i.ChannelID, "guild", i.GuildID, "custom_id", m.routes.LogID(i), "err", err)
	return kit.SomethingWrong(i)
}

// --- lobby -------------------------------------------------------------

func (m *Main) cmdNew(ctx context.Context, i *discordgo.Interaction, game string, players, hours, deadline int, picked []pickedOption) kit.Response {
	uid, name := kit.User(i)
	l := kit.UserLoc(i)
	title, err := m.cfg.Titles.Get(game)
	if err != nil {
		return kit.Say(l, "new_no_such_game", kit.Args{"Game": strconv.Quote(game), "Choices": fmt.Sprint(m.cfg.Titles.IDs())})
	}
	mt := title.Meta()
	if game = mt.ID; game == engine.DefaultTitle {
		game = "" // as every table of the first title before there were several
	}
	keys, refused := newOptionKeys(l, m.cfg.Titles, mt, picked)
	if refused != nil {
		return *refused
	}
	ui := m.ui(kit.Table{Title: game})
	if deadline > 0 && !ui.HasDefaults() {
		return kit.Say(l, "new_deadline_no_defaults", kit.Args{"Title": kit.TitleNameIn(l, mt)})
	}
	if players < 0 {
		players = mt.MaxSeats
	}
	if players < mt.MinSeats || players > mt.MaxSeats {
		return kit.SayN(l, "new_seats_range", mt.MaxSeats, kit.Args{"Title": kit.TitleNameIn(l, mt), "Min": mt.MinSeats})
	}
	opts, refusal, err := ui.NewOptions(keys, players)
	if err != nil {
		return m.ErrReply(i, "create table", err)
	}
	if refusal != "" {
		return kit.Say(l, refusal, kit.Args{"Title": kit.TitleNameIn(l, mt)})
	}
	every := m.cfg.DefaultRemind
	if hours > 0 {
		every = time.Duration(hours) * time.Hour
	}
	t, err := m.store.CreateTable(ctx, kit.Table{Title: game, GuildID: i.GuildID, ChannelID: i.ChannelID, Host: uid,
		Status: kit.StatusLobby, MaxPlayers: players, Options: opts, Seats: []kit.Seat{{UserID: uid, Name: name}}, RemindEvery: every,
		Notes: kit.Notes{Settings: kit.Settings{Deadline: time.Duration(max(deadline, 0)) * time.Hour, Lang: kit.GuildLang(i)}}})
	if errors.Is(err, kit.ErrChannelBusy) {
		return kit.Say(l, "new_channel_busy", nil)
	}
	if err != nil {
		return m.ErrReply(i, "create table", err)
	}
	reply := m.ui(t).Opened(l, t)
	return kit.Response{
		Posts:  []kit.Post{{TableID: t.ID, ChannelID: t.ChannelID, Message: m.LobbyMessage(t), Lobby: true}},
		Reply:  &kit.Message{Content: reply},
		Failed: l.T("new_post_failed", nil),
	}
}

// LobbyMessage is the lobby of t in the table's language: the game it
// plays, its seats and buttons.
func (m *Main) LobbyMessage(t kit.Table) kit.Message {
	return m.lobbyIn(kit.TableLoc(t), t, false)
}

// StartedLobby is t's lobby message once the game has started: no
// buttons, "Started." instead of who may start.
func (m *Main) StartedLobby(t kit.Table) kit.Message {
	return m.lobbyIn(kit.TableLoc(t), t, true)
}

func (m *Main) lobbyIn(l *i18n.Loc, t kit.Table, started bool) kit.Message {
	if own := m.ui(t).Lobby(l, t, started); own != nil {
		return *own
	}
	var b strings.Builder
	meta := m.Meta(t)
	modules := m.ui(t).Modules(l, t)
	players := l.N("lobby_players_range", t.MaxPlayers, kit.Args{"Min": meta.MinSeats})
	if meta.MinSeats == t.MaxPlayers { // "2 players", not "2–2 players"
		players = l.N("lobby_players_exact", t.MaxPlayers, nil)
	}
	b.WriteString(l.T("lobby_header", kit.Args{"Title": kit.TitleNameIn(l, meta), "Table": t.ID, "Host": t.Host,
		"Players": players, "Modules": modules}))
	b.WriteByte('\n')
	for k := range t.Seats {
		fmt.Fprintf(&b, "%d. %s %s\n", k+1, kit.SeatLabel(l, k), kit.MentionOf(t, k))
	}
	switch {
	case started:
		b.WriteString(l.T("lobby_started", nil))
	case len(t.Seats) < meta.MinSeats:
		b.WriteString(l.N("lobby_waiting_for", meta.MinSeats, nil))
	default:
		b.WriteString(l.T("lobby_can_start", nil))
	}
	if started {
		return kit.Message{Content: b.String()}
	}
	return kit.Message{Content: b.String(), Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("button_join", nil), Style: discordgo.SuccessButton, CustomID: kit.PlainID("tl", t.ID, "join")},
		discordgo.Button{Label: l.T("button_leave", nil), Style: discordgo.SecondaryButton, CustomID: kit.PlainID("tl", t.ID, "leave")},
		discordgo.Button{Label: l.T("button_start", nil), Style: discordgo.PrimaryButton, CustomID: kit.PlainID("tl", t.ID, "start"), Disabled: len(t.Seats) < meta.MinSeats},
	}}, discordgo.ActionsRow{Components: lobbyBotButtons(l, t)}}}
}

// lobbyOp joins, leaves or starts the table id (or this channel's table).
// fromButton: the click was on the lobby message itself.
func (m *Main) lobbyOp(ctx context.Context, i *discordgo.Interaction, id, op string, fromButton bool) kit.Response {
	t, err := m.tableFor(ctx, id, i.ChannelID)
	if err != nil {
		return m.ErrReply(i, "load table", err)
	}
	if t.ChannelID != i.ChannelID {
		return kit.Forged(i)
	}
	l := kit.UserLoc(i)
	if t.Status != kit.StatusLobby {
		if t.Status == kit.StatusRunning && op != "start" {
			return kit.Say(l, "lobby_already_started_seats", nil)
		}
		if t.Status == kit.StatusRunning {
			return kit.Say(l, "lobby_already_started", nil)
		}
		return kit.Say(l, "lobby_ended", nil)
	}
	uid, name := kit.User(i)
	var refusal string
	switch op {
	case "join", "leave":
		t, err = m.store.UpdateTable(ctx, t.ID, func(t *kit.Table) error {
			k := t.SeatOf(uid)
			switch {
			case op == "join" && k >= 0:
				refusal = l.T("lobby_already_seated", nil)
			case op == "join" && m.ui(*t).JoinRefusal(l, *t) != "":
				refusal = m.ui(*t).JoinRefusal(l, *t)
			case op == "join" && len(t.Seats) >= t.MaxPlayers:
				refusal = l.N("lobby_full", t.MaxPlayers, nil)
			case op == "join":
				t.Seats = append(t.Seats, kit.Seat{UserID: uid, Name: name})
			case k < 0:
				refusal = l.T("lobby_not_seated", nil)
			default:
				t.Seats = append(t.Seats[:k], t.Seats[k+1:]...)
				if humans := t.Humans(seatsOf(*t)); t.Host == uid && len(humans) > 0 {
					t.Host = t.Seats[humans[0]].UserID
				}
			}
			if refusal != "" {
				return kit.ErrLobby
			}
			return nil
		})
		if refusal != "" {
			return kit.ReplyText("%s", refusal)
		}
		if err != nil {
			return m.ErrReply(i, "update lobby", err)
		}
		if len(t.Humans(seatsOf(t))) == 0 {
			// Nobody left but bots: the lobby closes.
			t, err = m.store.UpdateTable(ctx, t.ID, func(t *kit.Table) error { t.Status = kit.StatusAborted; return nil })
			if err != nil {
				return m.ErrReply(i, "close empty lobby", err)
			}
			return kit.Response{Edits: []kit.Edit{{ChannelID: t.ChannelID, MessageID: t.BoardMsg, Message: kit.Message{Content: kit.TableLoc(t).T("lobby_closed_empty", kit.Args{"Table": t.ID})}}},
				Reply: &kit.Message{Content: l.T("lobby_left_closed", nil)}}
		}
		resp := kit.Response{Edits: []kit.Edit{{ChannelID: t.ChannelID, MessageID: t.BoardMsg, TableID: t.ID, Message: m.LobbyMessage(t)}}}
		if !fromButton {
			resp.Reply = &kit.Message{Content: l.T(map[string]string{"join": "lobby_joined", "leave": "lobby_left"}[op], nil)}
		}
		return resp
	case "addbot", "dropbot":
		return m.lobbyBots(ctx, i, t, op)
	case "start":
		if t.Host != uid && !kit.IsAdmin(i) {
			return kit.Say(l, "start_host_only", kit.Args{"Host": t.Host})
		}
		if min := m.Meta(t).MinSeats; len(t.Seats) < min {
			return kit.SayN(l, "start_too_few", min, nil)
		}
		return m.ui(t).Start(ctx, i, t, uid, fromButton)
	}
	return kit.Forged(i)
}

// --- commands during the game -------------------------------------------

// tableFor loads the table id, or the table in channelID when id is empty.
func (m *Main) tableFor(ctx context.Context, id, channelID string) (kit.Table, error) {
	if id == "" {
		return m.store.TableInChannel(ctx, channelID)
	}
	return m.store.Table(ctx, id)
}

// TableHere loads table id named by a button, refusing one that does not
// exist or belongs to another channel as forged.
func (m *Main) TableHere(ctx context.Context, i *discordgo.Interaction, id string) (kit.Table, *kit.Response) {
	t, err := m.store.Table(ctx, id)
	if errors.Is(err, kit.ErrNotFound) || err == nil && t.ChannelID != i.ChannelID {
		r := kit.Forged(i)
		return t, &r
	}
	if err != nil {
		r := m.ErrReply(i, "load table", err)
		return t, &r
	}
	return t, nil
}

func (m *Main) cmdRemind(ctx context.Context, i *discordgo.Interaction, hours int) kit.Response {
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	if err != nil {
		return m.ErrReply(i, "load table", err)
	}
	uid, _ := kit.User(i)
	if t.Host != uid && !kit.IsAdmin(i) {
		return kit.Say(kit.UserLoc(i), "adm_remind_host_only", nil)
	}
	if hours < 1 || hours > 168 {
		return kit.Say(kit.UserLoc(i), "adm_remind_range", kit.Args{"Min": 1, "Max": 168})
	}
	every := time.Duration(hours) * time.Hour
	_, err = m.store.UpdateTable(ctx, t.ID, func(t *kit.Table) error {
		t.RemindEvery = every
		if t.Status == kit.StatusRunning {
			// A new interval starts the reminders of this decision afresh.
			now := m.cfg.Now()
			w := &t.Notes.Wait
			w.Nudges, w.HostPinged, w.Failures, w.Last = 0, false, 0, now
			if w.Since.IsZero() {
				w.Since = now
			}
			t.NextRemind = nextDue(*t)
		}
		return nil
	})
	if err != nil {
		return m.ErrReply(i, "set reminder", err)
	}
	return kit.Say(kit.UserLoc(i), "adm_remind_set", kit.Args{"Hours": hours})
}

func (m *Main) cmdAbort(ctx context.Context, i *discordgo.Interaction) kit.Response {
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	l := kit.UserLoc(i)
	if errors.Is(err, kit.ErrNotFound) && !kit.IsAdmin(i) {
		return kit.Say(l, "adm_abort_host_only_any", nil)
	}
	if d := damagedOf(err); d != nil {
		return m.abortDamaged(i, d)
	}
	if err != nil {
		return m.ErrReply(i, "load table", err)
	}
	if !kit.HostOrAdmin(i, t) {
		return kit.Say(l, "adm_abort_host_only", kit.Args{"Host": t.Host})
	}
	return kit.Response{Reply: &kit.Message{
		Content: l.T("adm_abort_confirm", kit.Args{"Table": t.ID}),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("adm_abort_button_end", nil), Style: discordgo.DangerButton, CustomID: kit.PlainID("ta", t.ID, "yes")},
			discordgo.Button{Label: l.T("adm_abort_button_keep", nil), Style: discordgo.SecondaryButton, CustomID: kit.PlainID("ta", t.ID, "no")},
		}}}}}
}

func (m *Main) abortConfirm(ctx context.Context, i *discordgo.Interaction, id string, yes bool) kit.Response {
	t, err := m.store.Table(ctx, id)
	if errors.Is(err, kit.ErrNotFound) {
		return kit.Forged(i)
	}
	if d := damagedOf(err); d != nil && d.Table == nil {
		return m.abortDamagedConfirmed(ctx, i, d, yes)
	}
	if err != nil {
		return m.ErrReply(i, "load table", err)
	}
	l := kit.UserLoc(i)
	if !kit.HostOrAdmin(i, t) {
		return kit.Say(l, "adm_abort_host_only", kit.Args{"Host": t.Host})
	}
	if !yes {
		return kit.Say(l, "adm_abort_kept", nil)
	}
	if t.ChannelID != i.ChannelID {
		return kit.Forged(i)
	}
	if t.Status != kit.StatusLobby && t.Status != kit.StatusRunning {
		return kit.Say(l, "adm_abort_already_ended", nil)
	}
	t, err = m.store.UpdateTable(ctx, id, func(t *kit.Table) error {
		t.Status = kit.StatusAborted
		t.NextRemind = time.Time{}
		return nil
	})
	if err != nil {
		return m.ErrReply(i, "abort table", err)
	}
	uid, _ := kit.User(i)
	return kit.Response{
		Posts: []kit.Post{{TableID: t.ID, ChannelID: t.ChannelID, Retire: t.BoardMsg,
			Message: kit.Message{Content: kit.TableLoc(t).T("adm_abort_announce", kit.Args{"Table": t.ID, "User": uid})}}},
		Reply:  &kit.Message{Content: l.T("adm_abort_done", nil)},
		Failed: l.T("adm_abort_post_failed", nil),
	}
}

func (m *Main) cmdExport(ctx context.Context, i *discordgo.Interaction, id string) kit.Response {
	t, err := m.tableFor(ctx, id, i.ChannelID)
	if id == "" && (errors.Is(err, kit.ErrNotFound) || (err == nil && t.Status == kit.StatusLobby)) {
		// No game running here: the channel's last finished one.
		if f, ferr := m.store.LastFinished(ctx, i.ChannelID); ferr == nil {
			t, err = f, nil
		}
	}
	if d := damagedOf(err); d != nil {
		return m.exportDamaged(ctx, i, d)
	}
	if err != nil {
		return m.ErrReply(i, "load table", err)
	}
	l := kit.UserLoc(i)
	if t.GuildID != i.GuildID {
		return kit.Say(l, "adm_export_no_such_game", nil)
	}
	if t.Status == kit.StatusLobby {
		return kit.Say(l, "adm_export_not_started", nil)
	}
	if uid, _ := kit.User(i); t.Status == kit.StatusRunning && (!kit.IsAdmin(i) || t.SeatOf(uid) >= 0) {
		// A running game's record (seed, discards) would show every
		// face-down tile and hand; players get it once the game is over,
		// and an admin who plays at the table is a player here.
		return kit.Say(l, "adm_export_running", nil)
	}
	if t.Status == kit.StatusRunning && t.ChannelID != i.ChannelID {
		// Discord computed the admin's permissions for the channel the
		// command came from: an admin there is not one at the table's.
		return kit.Say(l, "adm_export_running_elsewhere", kit.Args{"Channel": t.ChannelID})
	}
	b, err := m.ui(t).Export(ctx, t)
	if d := damagedOf(err); d != nil {
		return m.exportDamaged(ctx, i, d)
	}
	if err != nil {
		return m.ErrReply(i, "export record", err)
	}
	note := l.T("adm_export_note", kit.Args{"Table": t.ID})
	return kit.Response{Reply: &kit.Message{Content: note, Files: []kit.File{{Name: t.TitleID() + "-" + t.ID + ".json", Data: b}}}}
}

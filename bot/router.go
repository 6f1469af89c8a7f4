package bot

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// Custom IDs, all under Discord's 100 characters, built and parsed as an
// ID and routed by the table routes (customid.go). <tok> is the game's
// version, with the undo epoch after an undo ("12e3"):
//
//	tt:<game>:<tok>:<action>        apply an action (engine compact form)
//	tm:<game>:<tok>:<step>[:<arg>]  open the next private step of a choice
//	tsel:<game>:<tok>:<n>           a select whose values are tt:/tm:/tdd:/tinv: IDs (only those)
//	tmul:<game>:<tok>:pw            a multi-select of steam pump placements
//	tdd:<game>:<tok>:<seat>:<card>,…  the survey draft: the cards to discard
//	tinv:<game>:<tok>:<seat>:<tens>:<fives>:more|fin  one investing turn
//	tq:<game>:<tok>:<seat>:<min>:<max>  open the bid-amount modal
//	tb:<game>:<tok>:<seat>:<min>:<max>  the bid-amount modal (tb:<game>:<tok>:<seat>: an older one)
//	to:<game>:<tok>                 open the standing-order modal; tob: the modal
//	toc:<game>:<tok>                cancel my standing order
//	tu:<game>:<tok>                 undo my last move
//	tdef:<game>:<tok>:<seat>        play a seat's default move (rescue.go; gdefault.go)
//	tsub:<game>:<seat>:<holder>:<new>:<name>  hand a seat over (rescue.go)
//	tlog:<game>:<round>             a page of the log
//	th:<game>                       show my hand
//	tl:<game>:join|leave|start      lobby buttons
//	tdiff:<game>                    a solo lobby's difficulty multi-select (solo.go)
//	ta:<game>:yes|no                abort confirmation
//	tre:<game>                      rematch (final.go)
//	tpast:<game>:<move>[:<tag>]     a past moment of the game (past.go)
//	thist:board|log                 /tt history's selects: a finished table (final.go)
//	gp: gh: gu: gm: gi: gs:         the generic flow of other titles (generic.go)
//	gpast:<game>:<move>:<tag>       a past moment of another title's game (gpast.go)
//	glog:<game>:<round>             a round of another title's log (grounds.go)
//
// Nothing secret goes into an ID on a public message: card choices only
// appear on ephemeral messages.

// user returns the interacting user's ID and display name.
func user(i *discordgo.Interaction) (id, name string) {
	u := i.User
	if i.Member != nil && i.Member.User != nil {
		u = i.Member.User
		if i.Member.Nick != "" {
			return u.ID, i.Member.Nick
		}
	}
	if u == nil {
		return "", ""
	}
	if u.GlobalName != "" {
		return u.ID, u.GlobalName
	}
	return u.ID, u.Username
}

// isAdmin reports whether the member may manage the server or the channel.
// Discord sends the member's computed permissions in the channel with each
// interaction; we check them here rather than trusting the command's
// default permissions, which a server can override.
func isAdmin(i *discordgo.Interaction) bool {
	if i.Member == nil {
		return false
	}
	p := i.Member.Permissions
	return p&(discordgo.PermissionManageGuild|discordgo.PermissionManageChannels|discordgo.PermissionAdministrator) != 0
}

// handle routes an interaction to its handler and returns the response.
func (m *Main) handle(ctx context.Context, i *discordgo.Interaction) response {
	ctx = noteWrites(ctx) // withNotices keeps the language only alongside a write
	if r := refuseUnnamed(i); r != nil {
		return *r // forged.go
	}
	if i.Type == discordgo.InteractionApplicationCommand {
		if r := checkCommand(m.cmds, i); r != nil {
			return *r
		}
	}
	if why := preflight(ctx, i, m.routes); why != "" {
		return replyText("%s", why)
	}
	l := userLoc(i)
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return m.withNotices(ctx, i, m.command(ctx, i, i.ApplicationCommandData().Options[0]))
	case discordgo.InteractionMessageComponent:
		id := i.MessageComponentData().CustomID
		resp := m.dispatch(ctx, i, id, false)
		if m.routes[kindOf(id)].quiet {
			return resp
		}
		return m.withNotices(ctx, i, resp)
	case discordgo.InteractionModalSubmit:
		return m.withNotices(ctx, i, m.dispatch(ctx, i, i.ModalSubmitData().CustomID, false))
	}
	return say(l, "adm_unsupported_interaction", nil)
}

func (m *Main) command(ctx context.Context, i *discordgo.Interaction, sub *discordgo.ApplicationCommandInteractionDataOption) response {
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
		players, hours := -1, 0
		if o := opt("players"); o != nil {
			players = int(o.IntValue())
		}
		if o := opt("hours"); o != nil {
			hours = int(o.IntValue())
		}
		deadline := 0
		if o := opt("deadline"); o != nil {
			deadline = int(o.IntValue())
		}
		game := ""
		if o := opt("game"); o != nil {
			game = o.StringValue()
		}
		return m.cmdNew(ctx, i, game, players, hours, deadline, pickedOptions(sub))
	case "settings":
		deadline, nudges := -1, -1
		var quiet, notify, lang *string
		if o := opt("notify"); o != nil {
			n := o.StringValue()
			notify = &n
		}
		if o := opt("language"); o != nil {
			v := o.StringValue()
			lang = &v
		}
		if o := opt("deadline"); o != nil {
			deadline = int(o.IntValue())
		}
		if o := opt("nudges"); o != nil {
			nudges = int(o.IntValue())
		}
		if o := opt("quiet"); o != nil {
			q := o.StringValue()
			quiet = &q
		}
		return m.cmdSettings(ctx, i, deadline, nudges, quiet, notify, lang)
	case "default":
		seat := ""
		if o := opt("seat"); o != nil {
			seat = o.StringValue()
		}
		return m.cmdDefault(ctx, i, seat)
	case "substitute":
		seat, newID, name, isBot := "", "", "", false
		if o := opt("seat"); o != nil {
			seat = o.StringValue()
		}
		if o := opt("user"); o != nil {
			newID, name, isBot = optionUser(i, o)
		}
		return m.cmdSubstitute(ctx, i, seat, newID, name, isBot)
	case "join":
		return m.lobbyOp(ctx, i, "", "join", false)
	case "leave":
		return m.lobbyOp(ctx, i, "", "leave", false)
	case "start":
		return m.lobbyOp(ctx, i, "", "start", false)
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
		game := ""
		if o := opt("game"); o != nil {
			game = o.StringValue()
		}
		return m.cmdLeaderboard(ctx, i, game)
	case "away":
		hours := -1
		if o := opt("hours"); o != nil {
			hours = int(o.IntValue())
		}
		return m.cmdAway(ctx, i, hours)
	case "me":
		var zone, quiet, notify *string
		var remind *int
		if o := opt("zone"); o != nil {
			v := o.StringValue()
			zone = &v
		}
		if o := opt("quiet"); o != nil {
			v := o.StringValue()
			quiet = &v
		}
		if o := opt("notify"); o != nil {
			v := o.StringValue()
			notify = &v
		}
		if o := opt("remind"); o != nil {
			v := int(o.IntValue())
			remind = &v
		}
		return m.cmdMe(ctx, i, zone, quiet, notify, remind)
	case "abort":
		return m.cmdAbort(ctx, i)
	case "export":
		id := ""
		if o := opt("game"); o != nil {
			id = o.StringValue()
		}
		return m.cmdExport(ctx, i, id)
	case "remind":
		hours := 12
		if o := opt("hours"); o != nil {
			hours = int(o.IntValue())
		}
		return m.cmdRemind(ctx, i, hours)
	}
	return say(userLoc(i), "adm_unknown_subcommand", nil)
}

// forged is the reply to a custom ID we did not build, or one that names
// another channel's table.
func forged(i *discordgo.Interaction) response {
	return say(userLoc(i), "forged", nil)
}

// errReply turns an error into the player's reply: a rule error's own
// sentence, or "something went wrong" with the details logged.
func (m *Main) errReply(i *discordgo.Interaction, what string, err error) response {
	var re *engine.RuleError
	if d := damagedOf(err); d != nil {
		return m.damagedReply(i, what, d)
	}
	switch {
	case errors.As(err, &re):
		return replyText("%s", ruleErrorIn(userLoc(i), re))
	case errors.Is(err, ErrStale):
		return movedOn(i)
	case errors.Is(err, ErrNotFound):
		return say(userLoc(i), "no_table_here", nil)
	case errors.Is(err, errOtherTitle):
		return say(userLoc(i), "adm_other_title", nil)
	}
	m.log.Error(what, "interaction", i.ID, "channel", i.ChannelID, "guild", i.GuildID, "custom_id", m.routes.logID(i), "err", err)
	return somethingWrong(i)
}

// --- lobby -------------------------------------------------------------

func (m *Main) cmdNew(ctx context.Context, i *discordgo.Interaction, game string, players, hours, deadline int, picked []pickedOption) response {
	uid, name := user(i)
	l := userLoc(i)
	title, err := m.cfg.Titles.Get(game)
	if err != nil {
		return say(l, "new_no_such_game", args{"Game": strconv.Quote(game), "Choices": fmt.Sprint(m.cfg.Titles.IDs())})
	}
	mt := title.Meta()
	if game = mt.ID; game == engine.DefaultTitle {
		game = "" // as every table of the first title before there were several
	}
	keys, refused := newOptionKeys(l, m.cfg.Titles, mt, picked)
	if refused != nil {
		return *refused
	}
	ui := m.ui(Table{Title: game})
	if deadline > 0 && !ui.hasDefaults() {
		return say(l, "new_deadline_no_defaults", args{"Title": titleNameIn(l, mt)})
	}
	if players < 0 {
		players = mt.MaxSeats
	}
	if players < mt.MinSeats || players > mt.MaxSeats {
		return sayN(l, "new_seats_range", mt.MaxSeats, args{"Title": titleNameIn(l, mt), "Min": mt.MinSeats})
	}
	opts, refusal, err := ui.newOptions(keys, players)
	if err != nil {
		return m.errReply(i, "create table", err)
	}
	if refusal != "" {
		return say(l, refusal, args{"Title": titleNameIn(l, mt)})
	}
	every := m.cfg.DefaultRemind
	if hours > 0 {
		every = time.Duration(hours) * time.Hour
	}
	t, err := m.store.CreateTable(ctx, Table{Title: game, GuildID: i.GuildID, ChannelID: i.ChannelID, Host: uid,
		Status: StatusLobby, MaxPlayers: players, Options: opts, Seats: []Seat{{UserID: uid, Name: name}}, RemindEvery: every,
		Notes: Notes{Settings: Settings{Deadline: time.Duration(max(deadline, 0)) * time.Hour, Lang: guildLang(i)}}})
	if errors.Is(err, ErrChannelBusy) {
		return say(l, "new_channel_busy", nil)
	}
	if err != nil {
		return m.errReply(i, "create table", err)
	}
	reply := m.ui(t).opened(l, t)
	return response{
		Posts:  []post{{TableID: t.ID, ChannelID: t.ChannelID, Message: m.lobbyMessage(t), Lobby: true}},
		Reply:  &message{Content: reply},
		Failed: l.T("new_post_failed", nil),
	}
}

// lobbyMessage is the lobby of t in the table's language: the game it
// plays, its seats and buttons.
func (m *Main) lobbyMessage(t Table) message {
	return m.lobbyIn(tableLoc(t), t, false)
}

// startedLobby is t's lobby message once the game has started: no
// buttons, "Started." instead of who may start.
func (m *Main) startedLobby(t Table) message {
	return m.lobbyIn(tableLoc(t), t, true)
}

func (m *Main) lobbyIn(l *i18n.Loc, t Table, started bool) message {
	if own := m.ui(t).lobby(l, t, started); own != nil {
		return *own
	}
	var b strings.Builder
	meta := m.meta(t)
	modules := m.ui(t).modules(l, t)
	players := l.N("lobby_players_range", t.MaxPlayers, args{"Min": meta.MinSeats})
	if meta.MinSeats == t.MaxPlayers { // "2 players", not "2–2 players"
		players = l.N("lobby_players_exact", t.MaxPlayers, nil)
	}
	b.WriteString(l.T("lobby_header", args{"Title": titleNameIn(l, meta), "Table": t.ID, "Host": t.Host,
		"Players": players, "Modules": modules}))
	b.WriteByte('\n')
	for k := range t.Seats {
		fmt.Fprintf(&b, "%d. %s %s\n", k+1, seatLabel(l, k), mentionOf(t, k))
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
		return message{Content: b.String()}
	}
	return message{Content: b.String(), Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("button_join", nil), Style: discordgo.SuccessButton, CustomID: plainID("tl", t.ID, "join")},
		discordgo.Button{Label: l.T("button_leave", nil), Style: discordgo.SecondaryButton, CustomID: plainID("tl", t.ID, "leave")},
		discordgo.Button{Label: l.T("button_start", nil), Style: discordgo.PrimaryButton, CustomID: plainID("tl", t.ID, "start"), Disabled: len(t.Seats) < meta.MinSeats},
	}}, discordgo.ActionsRow{Components: lobbyBotButtons(l, t)}}}
}

var errLobby = errors.New("lobby refusal")

// lobbyOp joins, leaves or starts the table id (or this channel's table).
// fromButton: the click was on the lobby message itself.
func (m *Main) lobbyOp(ctx context.Context, i *discordgo.Interaction, id, op string, fromButton bool) response {
	t, err := m.tableFor(ctx, id, i.ChannelID)
	if err != nil {
		return m.errReply(i, "load table", err)
	}
	if t.ChannelID != i.ChannelID {
		return forged(i)
	}
	l := userLoc(i)
	if t.Status != StatusLobby {
		if t.Status == StatusRunning && op != "start" {
			return say(l, "lobby_already_started_seats", nil)
		}
		if t.Status == StatusRunning {
			return say(l, "lobby_already_started", nil)
		}
		return say(l, "lobby_ended", nil)
	}
	uid, name := user(i)
	var refusal string
	switch op {
	case "join", "leave":
		t, err = m.store.UpdateTable(ctx, t.ID, func(t *Table) error {
			k := t.SeatOf(uid)
			switch {
			case op == "join" && k >= 0:
				refusal = l.T("lobby_already_seated", nil)
			case op == "join" && m.ui(*t).joinRefusal(l, *t) != "":
				refusal = m.ui(*t).joinRefusal(l, *t)
			case op == "join" && len(t.Seats) >= t.MaxPlayers:
				refusal = l.N("lobby_full", t.MaxPlayers, nil)
			case op == "join":
				t.Seats = append(t.Seats, Seat{UserID: uid, Name: name})
			case k < 0:
				refusal = l.T("lobby_not_seated", nil)
			default:
				t.Seats = append(t.Seats[:k], t.Seats[k+1:]...)
				if humans := t.humans(seatsOf(*t)); t.Host == uid && len(humans) > 0 {
					t.Host = t.Seats[humans[0]].UserID
				}
			}
			if refusal != "" {
				return errLobby
			}
			return nil
		})
		if refusal != "" {
			return replyText("%s", refusal)
		}
		if err != nil {
			return m.errReply(i, "update lobby", err)
		}
		if len(t.humans(seatsOf(t))) == 0 {
			// Nobody left but bots: the lobby closes.
			t, err = m.store.UpdateTable(ctx, t.ID, func(t *Table) error { t.Status = StatusAborted; return nil })
			if err != nil {
				return m.errReply(i, "close empty lobby", err)
			}
			return response{Edits: []edit{{ChannelID: t.ChannelID, MessageID: t.BoardMsg, Message: message{Content: tableLoc(t).T("lobby_closed_empty", args{"Table": t.ID})}}},
				Reply: &message{Content: l.T("lobby_left_closed", nil)}}
		}
		resp := response{Edits: []edit{{ChannelID: t.ChannelID, MessageID: t.BoardMsg, TableID: t.ID, Message: m.lobbyMessage(t)}}}
		if !fromButton {
			resp.Reply = &message{Content: l.T(map[string]string{"join": "lobby_joined", "leave": "lobby_left"}[op], nil)}
		}
		return resp
	case "addbot", "dropbot":
		return m.lobbyBots(ctx, i, t, op)
	case "start":
		if t.Host != uid && !isAdmin(i) {
			return say(l, "start_host_only", args{"Host": t.Host})
		}
		if min := m.meta(t).MinSeats; len(t.Seats) < min {
			return sayN(l, "start_too_few", min, nil)
		}
		return m.ui(t).start(ctx, i, t, uid, fromButton)
	}
	return forged(i)
}

// --- commands during the game -------------------------------------------

// tableFor loads the table id, or the table in channelID when id is empty.
func (m *Main) tableFor(ctx context.Context, id, channelID string) (Table, error) {
	if id == "" {
		return m.store.TableInChannel(ctx, channelID)
	}
	return m.store.Table(ctx, id)
}

// tableHere loads table id named by a button, refusing one that does not
// exist or belongs to another channel as forged.
func (m *Main) tableHere(ctx context.Context, i *discordgo.Interaction, id string) (Table, *response) {
	t, err := m.store.Table(ctx, id)
	if errors.Is(err, ErrNotFound) || err == nil && t.ChannelID != i.ChannelID {
		r := forged(i)
		return t, &r
	}
	if err != nil {
		r := m.errReply(i, "load table", err)
		return t, &r
	}
	return t, nil
}

func (m *Main) cmdRemind(ctx context.Context, i *discordgo.Interaction, hours int) response {
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	if err != nil {
		return m.errReply(i, "load table", err)
	}
	uid, _ := user(i)
	if t.Host != uid && !isAdmin(i) {
		return say(userLoc(i), "adm_remind_host_only", nil)
	}
	if hours < 1 || hours > 168 {
		return say(userLoc(i), "adm_remind_range", args{"Min": 1, "Max": 168})
	}
	every := time.Duration(hours) * time.Hour
	_, err = m.store.UpdateTable(ctx, t.ID, func(t *Table) error {
		t.RemindEvery = every
		if t.Status == StatusRunning {
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
		return m.errReply(i, "set reminder", err)
	}
	return say(userLoc(i), "adm_remind_set", args{"Hours": hours})
}

func (m *Main) cmdAbort(ctx context.Context, i *discordgo.Interaction) response {
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	l := userLoc(i)
	if errors.Is(err, ErrNotFound) && !isAdmin(i) {
		return say(l, "adm_abort_host_only_any", nil)
	}
	if d := damagedOf(err); d != nil {
		return m.abortDamaged(i, d)
	}
	if err != nil {
		return m.errReply(i, "load table", err)
	}
	if !hostOrAdmin(i, t) {
		return say(l, "adm_abort_host_only", args{"Host": t.Host})
	}
	return response{Reply: &message{
		Content: l.T("adm_abort_confirm", args{"Table": t.ID}),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("adm_abort_button_end", nil), Style: discordgo.DangerButton, CustomID: plainID("ta", t.ID, "yes")},
			discordgo.Button{Label: l.T("adm_abort_button_keep", nil), Style: discordgo.SecondaryButton, CustomID: plainID("ta", t.ID, "no")},
		}}}}}
}

func (m *Main) abortConfirm(ctx context.Context, i *discordgo.Interaction, id string, yes bool) response {
	t, err := m.store.Table(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return forged(i)
	}
	if d := damagedOf(err); d != nil && d.Table == nil {
		return m.abortDamagedConfirmed(ctx, i, d, yes)
	}
	if err != nil {
		return m.errReply(i, "load table", err)
	}
	l := userLoc(i)
	if !hostOrAdmin(i, t) {
		return say(l, "adm_abort_host_only", args{"Host": t.Host})
	}
	if !yes {
		return say(l, "adm_abort_kept", nil)
	}
	if t.ChannelID != i.ChannelID {
		return forged(i)
	}
	if t.Status != StatusLobby && t.Status != StatusRunning {
		return say(l, "adm_abort_already_ended", nil)
	}
	t, err = m.store.UpdateTable(ctx, id, func(t *Table) error {
		t.Status = StatusAborted
		t.NextRemind = time.Time{}
		return nil
	})
	if err != nil {
		return m.errReply(i, "abort table", err)
	}
	uid, _ := user(i)
	return response{
		Posts: []post{{TableID: t.ID, ChannelID: t.ChannelID, Retire: t.BoardMsg,
			Message: message{Content: tableLoc(t).T("adm_abort_announce", args{"Table": t.ID, "User": uid})}}},
		Reply:  &message{Content: l.T("adm_abort_done", nil)},
		Failed: l.T("adm_abort_post_failed", nil),
	}
}

func (m *Main) cmdExport(ctx context.Context, i *discordgo.Interaction, id string) response {
	t, err := m.tableFor(ctx, id, i.ChannelID)
	if id == "" && (errors.Is(err, ErrNotFound) || (err == nil && t.Status == StatusLobby)) {
		// No game running here: the channel's last finished one.
		if f, ferr := m.store.LastFinished(ctx, i.ChannelID); ferr == nil {
			t, err = f, nil
		}
	}
	if d := damagedOf(err); d != nil {
		return m.exportDamaged(ctx, i, d)
	}
	if err != nil {
		return m.errReply(i, "load table", err)
	}
	l := userLoc(i)
	if t.GuildID != i.GuildID {
		return say(l, "adm_export_no_such_game", nil)
	}
	if t.Status == StatusLobby {
		return say(l, "adm_export_not_started", nil)
	}
	if uid, _ := user(i); t.Status == StatusRunning && (!isAdmin(i) || t.SeatOf(uid) >= 0) {
		// A running game's record (seed, discards) would show every
		// face-down tile and hand; players get it once the game is over,
		// and an admin who plays at the table is a player here.
		return say(l, "adm_export_running", nil)
	}
	if t.Status == StatusRunning && t.ChannelID != i.ChannelID {
		// Discord computed the admin's permissions for the channel the
		// command came from: an admin there is not one at the table's.
		return say(l, "adm_export_running_elsewhere", args{"Channel": t.ChannelID})
	}
	b, err := m.ui(t).export(ctx, t)
	if d := damagedOf(err); d != nil {
		return m.exportDamaged(ctx, i, d)
	}
	if err != nil {
		return m.errReply(i, "export record", err)
	}
	note := l.T("adm_export_note", args{"Table": t.ID})
	return response{Reply: &message{Content: note, Files: []file{{Name: t.TitleID() + "-" + t.ID + ".json", Data: b}}}}
}

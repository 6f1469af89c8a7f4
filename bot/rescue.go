package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// Rescuing a stalled table: /tt settings, /tt default, /tt substitute.
// Custom IDs:
//
//	tdef:<game>:<tok>:<seat>            confirm a default move for seat
//	tsub:<game>:<seat>:<holder>:<user>[:<name>]  confirm handing seat (now holder's) to user

// botHolder stands for a bot seat in a tsub ID (as holder or new player):
// a member's ID is a number.
const botHolder = "bot"

// holderOf is who holds seat k of t in a tsub ID: the member's ID, or
// botHolder.
func holderOf(t kit.Table, k int) string {
	if t.IsBot(k) {
		return botHolder
	}
	return t.Seats[k].UserID
}

// ownUserID is the bot's own user ID (a hand-over to a bot names it).
func (m *Main) ownUserID() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.botUser != "" {
		return m.botUser
	}
	return m.appID
}

// cmdSettings changes the table's deadline and nudges (host or admin) and
// the caller's own quiet hours (any seated player).
func (m *Main) cmdSettings(ctx context.Context, i *discordgo.Interaction, deadline, nudges int, quiet, notify, lang *string) kit.Response {
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	if err != nil {
		return m.ErrReply(i, "load table", err)
	}
	uid, _ := kit.User(i)
	l := kit.UserLoc(i)
	if deadline > 0 && !m.ui(t).HasDefaults() {
		return kit.Say(l, "settings_no_defaults", kit.Args{"Title": kit.TitleNameIn(l, m.Meta(t))})
	}
	if (deadline >= 0 || nudges >= 0) && !kit.HostOrAdmin(i, t) {
		return kit.Say(l, "settings_host_only", kit.Args{"Host": t.Host})
	}
	if lang != nil {
		if !kit.HostOrAdmin(i, t) {
			return kit.Say(l, "settings_language_host_only", kit.Args{"Host": t.Host})
		}
		if !i18n.IsSupported(*lang) {
			return kit.Say(l, "settings_language_unknown", nil)
		}
	}
	var q kit.Quiet
	var qOn bool
	if quiet != nil {
		if t.SeatOf(uid) < 0 {
			return kit.Say(l, "settings_quiet_players_only", nil)
		}
		if q, qOn, err = parseQuiet(*quiet); err != nil {
			return kit.Say(l, "settings_quiet_format", nil)
		}
	}
	if notify != nil {
		if t.SeatOf(uid) < 0 {
			return kit.Say(l, "settings_notify_players_only", nil)
		}
		if *notify != "dm" && *notify != "channel" {
			return kit.Say(l, "settings_notify_choices", nil)
		}
	}
	if deadline < 0 && nudges < 0 && quiet == nil && notify == nil && lang == nil {
		// Only a look: it writes nothing, whoever asks.
		return kit.Response{Reply: &kit.Message{Content: settingsText(l, t, uid, m.playerSettings(ctx, i.GuildID, uid)[uid])}}
	}
	relang := lang != nil && *lang != i18n.Supported(t.Notes.Settings.Lang)
	t, err = m.store.UpdateTable(ctx, t.ID, func(t *kit.Table) error {
		n := t.Notes.Clone()
		if lang != nil {
			n.Settings.Lang = *lang
		}
		if notify != nil {
			if n.Settings.DM == nil {
				n.Settings.DM = map[string]bool{}
			}
			delete(n.DMRefused, uid)
			// This table's own choice, which wins over /tt me's here.
			n.Settings.DM[uid] = *notify == "dm"
		}
		if deadline >= 0 {
			n.Settings.Deadline = time.Duration(deadline) * time.Hour
		}
		if nudges >= 0 {
			n.Settings.Nudges = nudges
		}
		if quiet != nil {
			if n.Settings.Quiet == nil {
				n.Settings.Quiet = map[string]kit.Quiet{}
			}
			// This table's own quiet hours, which win over /tt me's here;
			// "off" is none here (From == To).
			n.Settings.Quiet[uid] = kit.Quiet{}
			if qOn {
				n.Settings.Quiet[uid] = q
			}
		}
		t.Notes = n
		if t.Status == kit.StatusRunning {
			t.NextRemind = nextDue(*t)
		}
		return nil
	})
	if err != nil {
		return m.ErrReply(i, "change settings", err)
	}
	resp := kit.Response{Reply: &kit.Message{Content: settingsText(l, t, uid, m.playerSettings(ctx, i.GuildID, uid)[uid])}}
	if relang && t.Status == kit.StatusLobby && t.BoardMsg != "" {
		// The lobby is shown again in the table's new language.
		resp.Edits = []kit.Edit{{ChannelID: t.ChannelID, MessageID: t.BoardMsg, TableID: t.ID, Message: m.LobbyMessage(t)}}
	}
	return resp
}

// settingsText lists t's settings and uid's own there (this table's, else
// their player settings p), in l's language.
func settingsText(l *i18n.Loc, t kit.Table, uid string, p kit.PlayerSettings) string {
	st := t.Notes.Settings
	var b strings.Builder
	b.WriteString(l.T("settings_title", kit.Args{"Table": t.ID}) + "\n")
	if t.RemindEvery > 0 {
		b.WriteString(l.T("settings_reminders", kit.Args{"Every": kit.HoursAfterIn(l, t.RemindEvery), "Cap": kit.HoursIn(l, kit.RemindCap), "Nudges": st.NudgeLimit()}) + "\n")
	} else {
		b.WriteString(l.T("settings_reminders_off", nil) + "\n")
	}
	if st.Deadline > 0 {
		b.WriteString(l.T("settings_deadline", kit.Args{"Hours": kit.HoursIn(l, st.Deadline)}) + "\n")
	} else {
		b.WriteString(l.T("settings_deadline_none", nil) + "\n")
	}
	if every := personalEvery(t, p); every != t.RemindEvery {
		b.WriteString(l.T("settings_remind_own", kit.Args{"Every": kit.HoursAfterIn(l, every)}) + "\n")
	}
	q, own := st.Quiet[uid]
	switch {
	case own && q.From != q.To:
		b.WriteString(l.T("settings_quiet", kit.Args{"From": fmt.Sprintf("%02d", q.From), "To": fmt.Sprintf("%02d", q.To)}))
	case own:
		b.WriteString(l.T("settings_quiet_none_here", nil))
	case p.Quiet != nil:
		b.WriteString(l.T("settings_quiet_player", kit.Args{"From": fmt.Sprintf("%02d", p.Quiet.From), "To": fmt.Sprintf("%02d", p.Quiet.To), "Zone": p.Location().String()}))
	default:
		b.WriteString(l.T("settings_quiet_none", nil))
	}
	if wantsDM(t, uid, p) {
		b.WriteString("\n" + l.T("settings_notify_dm", nil))
	} else {
		b.WriteString("\n" + l.T("settings_notify_channel", nil))
	}
	b.WriteString("\n" + l.T("settings_language", kit.Args{"Language": l.T("language_"+i18n.Supported(st.Lang), nil)}))
	return b.String()
}

// cmdDefault asks the host or an admin to confirm the default move of the
// seat the game waits for (seatArg when several wait).
func (m *Main) cmdDefault(ctx context.Context, i *discordgo.Interaction, seatArg string) kit.Response {
	t, r := m.runningTable(ctx, i)
	if r != nil {
		return *r
	}
	return m.ui(t).AskDefault(ctx, i, t, seatArg)
}

// defaultConfirm plays the confirmed default move.
func (m *Main) defaultConfirm(ctx context.Context, i *discordgo.Interaction, gameID string, tk kit.Token, seatS string) kit.Response {
	seat, err := strconv.Atoi(seatS)
	if err != nil {
		return kit.Forged(i)
	}
	t, err := m.store.Table(ctx, gameID)
	if errors.Is(err, kit.ErrNotFound) || err == nil && t.ChannelID != i.ChannelID {
		return kit.Forged(i)
	}
	if err != nil {
		return m.ErrReply(i, "load table", err)
	}
	return m.ui(t).ConfirmDefault(ctx, i, t, tk, seat)
}

// optionUser reads a user option (its value is the user ID) and the
// member's name from the resolved data.
func optionUser(i *discordgo.Interaction, o *discordgo.ApplicationCommandInteractionDataOption) (id, name string, bot bool) {
	id, _ = o.Value.(string)
	name = "player"
	if i.Type != discordgo.InteractionApplicationCommand {
		return id, name, false
	}
	res := i.ApplicationCommandData().Resolved
	if res == nil {
		return id, name, false
	}
	if u, ok := res.Users[id]; ok && u != nil {
		bot = u.Bot
		name = u.Username
		if u.GlobalName != "" {
			name = u.GlobalName
		}
	}
	if mb, ok := res.Members[id]; ok && mb != nil && mb.Nick != "" {
		name = mb.Nick
	}
	return id, name, bot
}

// cmdSubstitute asks the seat's player, or the host or an admin once the
// table has waited for the seat long enough (mayRescue), to confirm
// handing the seat to another member.
func (m *Main) cmdSubstitute(ctx context.Context, i *discordgo.Interaction, seatArg, newID, newName string, isBot bool) kit.Response {
	t, r := m.runningTable(ctx, i)
	if r != nil {
		return *r
	}
	l := kit.UserLoc(i)
	if uid, _ := kit.User(i); !kit.HostOrAdmin(i, t) && t.SeatOf(uid) < 0 {
		return kit.Say(l, "adm_sub_host_only", kit.Args{"Host": t.Host})
	}
	seat, ok := kit.ParseSeat(seatArg, len(t.Seats))
	if !ok {
		return kit.Say(l, "adm_no_such_seat", kit.Args{"Seat": strconv.Quote(seatArg)})
	}
	// Naming the bot itself hands the seat to a bot seat (bots.go).
	toBot := isBot && newID != "" && newID == m.ownUserID()
	if newID == "" || isBot && !toBot {
		return kit.Say(l, "adm_sub_choose_member", nil)
	}
	if toBot && t.IsBot(seat) {
		return kit.Say(l, "bots_sub_already_bot", kit.Args{"Seat": kit.SeatLabelGen(l, seat)})
	}
	if k := t.SeatOf(newID); k >= 0 && !toBot {
		return kit.Say(l, "adm_sub_already_plays", kit.Args{"User": newID, "Seat": kit.SeatLabel(l, k)})
	}
	mt, err := m.store.Match(ctx, t.ID)
	if err != nil {
		return m.ErrReply(i, "load game", err)
	}
	// A bot's seat goes to a member at once (the host, an admin or a
	// seated player asks: checked above); a person's by the rule of
	// any hand-over.
	if !t.IsBot(seat) {
		if r := m.MayRescue(i, t, mt.ToAct(), seat, "adm_sub_host_only"); r != nil {
			return *r
		}
	}
	holder, to := holderOf(t, seat), newID
	content := l.T("adm_sub_confirm", kit.Args{"Seat": kit.SeatLabelGen(l, seat), "From": holder, "To": newID})
	switch {
	case toBot:
		to = botHolder
		content = l.T("bots_sub_confirm_to", kit.Args{"Seat": kit.SeatLabelGen(l, seat), "From": holder})
	case t.IsBot(seat):
		content = l.T("bots_sub_confirm_from", kit.Args{"Seat": kit.SeatLabelGen(l, seat), "Bot": kit.Sanitize(t.Seats[seat].Name), "To": newID})
	}
	id := kit.PlainID("tsub", t.ID, strconv.Itoa(seat), holder, to, "")
	name := kit.Trunc(strings.ReplaceAll(kit.Sanitize(newName), ":", " "), max(1, 100-len(id)))
	if toBot {
		name = ""
	}
	return kit.Response{Reply: &kit.Message{
		Content: content,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("adm_sub_button", nil), Style: discordgo.DangerButton, CustomID: kit.PlainID("tsub", t.ID, strconv.Itoa(seat), holder, to, name)},
		}}}}}
}

var errSubRefused = errors.New("substitution refused")

// subConfirm hands the seat over: rest is a tsub ID after its kind.
func (m *Main) subConfirm(ctx context.Context, i *discordgo.Interaction, rest string) kit.Response {
	return m.component(ctx, i, "tsub:"+rest)
}

// subAnnouncement is the table's announcement of seat's hand-over (by
// uid, from old to newID) and the reply to whoever confirmed it, in l.
func subAnnouncement(l *i18n.Loc, t kit.Table, seat int, uid, old, newID string, toBot, fromBot bool) (announce kit.Message, done string) {
	tl := kit.TableLoc(t)
	announce, done = kit.Message{
		Content:  tl.T("adm_sub_announce", kit.Args{"Table": t.ID, "By": uid, "Seat": kit.SeatLabelGen(tl, seat), "From": old, "To": newID}),
		Mentions: []string{newID},
	}, l.T("adm_sub_done", kit.Args{"Seat": kit.SeatLabelGen(l, seat), "To": newID})
	switch {
	case toBot:
		// No board: the bot moves in the background (bots.go), and nobody is pinged.
		announce = kit.Message{Content: tl.T("bots_sub_announce_to", kit.Args{"Table": t.ID, "By": uid, "Seat": kit.SeatLabelGen(tl, seat), "From": old,
			"Bot": kit.Sanitize(t.Seats[seat].Name)})}
		done = l.T("bots_sub_done_to", kit.Args{"Seat": kit.SeatLabelGen(l, seat), "Bot": kit.Sanitize(t.Seats[seat].Name)})
	case fromBot:
		announce.Content = tl.T("bots_sub_announce_from", kit.Args{"Table": t.ID, "By": uid, "Seat": kit.SeatLabelGen(tl, seat), "To": newID})
	}
	return announce, done
}

// forgetHolder drops from n what seat's old holder (user old) set up
// privately: it is theirs, and goes with them (what the title's UI kept
// for the seat, such as a standing order; an undo; quiet hours, DM and
// language settings; notices told or refused).
func forgetHolder(ui kit.TitleUI, n *kit.Notes, seat int, old string) {
	ui.ForgetSeat(n, seat)
	if n.Undo != nil && n.Undo.Seat == seat {
		n.Undo = nil
	}
	if n.Settings.Quiet != nil {
		delete(n.Settings.Quiet, old)
	}
	delete(n.Told, old)
	delete(n.Settings.DM, old)
	delete(n.Settings.Langs, old)
	delete(n.DMRefused, old)
}

// subConfirmID hands the seat over (Rest: seat, holder, new player, name).
func (m *Main) subConfirmID(ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
	f := id.Rest
	gameID, holder, newID := id.Game, f[1], f[2]
	seat, err := strconv.Atoi(f[0])
	if err != nil || newID == "" || holder == "" {
		return kit.Forged(i)
	}
	name := "player"
	if len(f) == 4 && f[3] != "" {
		name = f[3]
	}
	t, mt, r := m.LoadMatch(ctx, i, gameID)
	if r != nil {
		return *r
	}
	version, toAct := mt.Version(), mt.ToAct()
	board := func(t kit.Table) kit.Message { return m.ui(t).BoardMessage(t, mt) }
	l := kit.UserLoc(i)
	if seat < 0 || seat >= len(t.Seats) {
		return kit.Forged(i)
	}
	if holderOf(t, seat) != holder {
		// A confirmation from before another hand-over of this seat.
		return kit.Say(l, "adm_sub_changed_hands", kit.Args{"Seat": kit.SeatLabelGen(l, seat)})
	}
	uid, _ := kit.User(i)
	toBot, fromBot := newID == botHolder, holder == botHolder
	switch {
	case fromBot && toBot:
		return kit.Forged(i)
	case fromBot:
		// At once, asked by the host, an admin or a seated player.
		if !kit.HostOrAdmin(i, t) && t.SeatOf(uid) < 0 {
			return kit.Say(l, "adm_sub_host_only", kit.Args{"Host": t.Host})
		}
	default:
		if r := m.MayRescue(i, t, toAct, seat, "adm_sub_host_only"); r != nil {
			return *r
		}
	}
	var refusal, old string
	t, err = m.store.UpdateTable(ctx, t.ID, func(nt *kit.Table) error {
		if holderOf(*nt, seat) != holder {
			// A confirmation from before another hand-over of this seat.
			refusal = l.T("adm_sub_changed_hands", kit.Args{"Seat": kit.SeatLabelGen(l, seat)})
			return errSubRefused
		}
		if k := nt.SeatOf(newID); k >= 0 && !toBot {
			refusal = l.T("adm_sub_already_plays", kit.Args{"User": newID, "Seat": kit.SeatLabel(l, k)})
			return errSubRefused
		}
		n := nt.Notes.Clone()
		old = nt.Seats[seat].UserID
		n.Subs = append(n.Subs, kit.Sub{Seat: seat, From: holder, To: newID, By: uid, Version: version, At: m.cfg.Now()})
		forgetHolder(m.ui(*nt), &n, seat, old)
		if slices.Contains(toAct, seat) {
			// A new player answers a fresh set of reminders.
			n.Wait = kit.Wait{Seats: toAct, Since: m.cfg.Now()}
		}
		nt.Notes = n
		switch {
		case toBot:
			nt.Seats[seat] = kit.Seat{Name: nextBotName(*nt), Bot: true} // the host stays host
		default:
			nt.Seats[seat] = kit.Seat{UserID: newID, Name: name}
			if nt.Host == old && !fromBot {
				nt.Host = newID
			}
		}
		nt.NextRemind = nextDue(*nt)
		return nil
	})
	if refusal != "" {
		return kit.ReplyText("%s", refusal)
	}
	if err != nil {
		return m.ErrReply(i, "substitute", err)
	}
	announce, done := subAnnouncement(l, t, seat, uid, old, newID, toBot, fromBot)
	resp := kit.Response{
		Posts: []kit.Post{{ChannelID: t.ChannelID, Message: announce}},
		Reply: &kit.Message{Content: done},
	}
	if t.BoardMsg != "" {
		// The board names the players: show the new one.
		resp.Edits = []kit.Edit{{TableID: t.ID, ChannelID: t.ChannelID, MessageID: t.BoardMsg, Message: board(t)}}
	}
	return resp
}

// withNotices puts the interacting user's pending private notices (a
// default move played for them) at the top of their private reply, once.
// It also keeps the language of a seated user's Discord (Settings.Langs),
// the language of their DMs and notices from this table, when the
// interaction wrote the table anyway (wroteIn): a refusal writes nothing.
func (m *Main) withNotices(ctx context.Context, i *discordgo.Interaction, resp kit.Response) kit.Response {
	if i.ChannelID == "" {
		return resp
	}
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	if errors.Is(err, kit.ErrNotFound) {
		t, err = m.store.LastFinished(ctx, i.ChannelID)
	}
	uid, _ := kit.User(i)
	if err != nil {
		return resp
	}
	lang, seated := i18n.FromDiscord(string(i.Locale)), t.SeatOf(uid) >= 0
	if cur, ok := t.Notes.Settings.Langs[uid]; seated && i.Locale != "" && (!ok || cur != lang) && wroteIn(ctx) {
		if _, err := m.store.UpdateTable(ctx, t.ID, func(nt *kit.Table) error {
			if nt.SeatOf(uid) < 0 {
				return nil
			}
			n := nt.Notes.Clone()
			if n.Settings.Langs == nil {
				n.Settings.Langs = map[string]string{}
			}
			n.Settings.Langs[uid] = lang
			nt.Notes = n
			return nil
		}); err != nil {
			m.log.Error("keep the player's language", "table", t.ID, "err", err)
		}
	}
	if resp.Reply == nil || len(t.Notes.Told[uid]) == 0 {
		return resp
	}
	told := t.Notes.Told[uid]
	if _, err := m.store.UpdateTable(ctx, t.ID, func(nt *kit.Table) error {
		n := nt.Notes.Clone()
		delete(n.Told, uid)
		nt.Notes = n
		return nil
	}); err != nil {
		m.log.Error("clear notices", "table", t.ID, "err", err)
		return resp
	}
	r := *resp.Reply
	r.Content = kit.Clip("📌 " + strings.Join(told, "\n📌 ") + "\n\n" + r.Content)
	resp.Reply = &r
	return resp
}

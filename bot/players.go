package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	_ "time/tzdata" // IANA zones without the system's files: the binary carries them

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// Player settings: what a member chose for every table of theirs in a
// server (/tt me) — quiet hours in their own time zone, their own
// reminder interval, turn notices by DM. They are stored once per server
// and member (Store.PlayerSettings), so they follow the player to every
// table, running or not yet opened.
//
// A table may still hold the player's own settings for that table alone
// (/tt settings quiet: and notify:, and every such setting stored before
// player settings existed): those win at that table. Setting a field with
// /tt me removes the player's per-table value of that field at their open
// tables in the server, so the new one applies everywhere.
// docs/player-settings.md has the decisions.

// The player settings through storage: a JSON blob per guild and user.

func (a storeAdapter) PlayerSettings(ctx context.Context, guildID, userID string) (kit.PlayerSettings, error) {
	var p kit.PlayerSettings
	b, err := a.s.PlayerSettings(ctx, guildID, userID)
	if err != nil || b == nil {
		return p, err
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return kit.PlayerSettings{}, fmt.Errorf("player settings of %s: %w", userID, err)
	}
	return p, nil
}

func (a storeAdapter) PutPlayerSettings(ctx context.Context, guildID, userID string, p kit.PlayerSettings) error {
	var b []byte
	if p != (kit.PlayerSettings{}) || p.Quiet != nil {
		var err error
		if b, err = json.Marshal(p); err != nil {
			return err
		}
	}
	return a.s.PutPlayerSettings(ctx, guildID, userID, b)
}

// playerSettings returns the settings of uids in guild, by user id; one
// that cannot be read counts as nothing chosen, and is logged.
func (m *Main) playerSettings(ctx context.Context, guild string, uids ...string) map[string]kit.PlayerSettings {
	out := map[string]kit.PlayerSettings{}
	if guild == "" {
		return out
	}
	for _, u := range uids {
		if _, done := out[u]; done || u == "" {
			continue
		}
		p, err := m.store.PlayerSettings(ctx, guild, u)
		if err != nil {
			m.log.Error("player settings: read", "guild", guild, "user", u, "err", err)
		}
		out[u] = p
	}
	return out
}

// quietFor is the quiet hours that apply to uid at t, and the zone they
// are in: the table's own for them (UTC; From == To is "none here") when
// set, else their player settings' in their zone. ok is false when none
// apply.
func quietFor(t kit.Table, uid string, p kit.PlayerSettings) (q kit.Quiet, loc *time.Location, ok bool) {
	if q, set := t.Notes.Settings.Quiet[uid]; set {
		return q, time.UTC, q.From != q.To
	}
	if p.Quiet == nil || p.Quiet.From == p.Quiet.To {
		return kit.Quiet{}, nil, false
	}
	return *p.Quiet, p.Location(), true
}

// wantsDM reports whether uid gets turn notices by DM at t: the table's
// own setting for them when set, else their player settings'.
func wantsDM(t kit.Table, uid string, p kit.PlayerSettings) bool {
	if v, set := t.Notes.Settings.DM[uid]; set {
		return v
	}
	return p.DM
}

// personalEvery is the interval between reminders to a player with
// settings p at t: the table's own, or theirs kept within the table's
// bounds — never more often than the table reminds (its interval), never
// less often than remindCap or, with a deadline, than the deadline. 0
// when the table sends no reminders.
func personalEvery(t kit.Table, p kit.PlayerSettings) time.Duration {
	every := t.RemindEvery
	if every <= 0 || p.Remind <= 0 {
		return every
	}
	hi := kit.RemindCap
	if d := t.Notes.Settings.Deadline; d > 0 && d < hi {
		hi = d
	}
	hi = max(hi, every)
	return min(max(time.Duration(p.Remind)*time.Hour, every), hi)
}

// inQuietAt reports whether now falls in quiet hours q of zone loc.
func inQuietAt(q kit.Quiet, loc *time.Location, now time.Time) bool {
	return quietHour(q, now.In(loc).Hour())
}

func quietHour(q kit.Quiet, h int) bool {
	switch {
	case q.From == q.To:
		return false
	case q.From < q.To:
		return h >= q.From && h < q.To
	}
	return h >= q.From || h < q.To
}

// quietEndAt is the first full hour of zone loc after now at which quiet
// hours q are over (a day of a clock change included); now plus an hour
// when they never end.
func quietEndAt(q kit.Quiet, loc *time.Location, now time.Time) time.Time {
	l := now.In(loc)
	u := time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), 0, 0, 0, loc)
	for range 27 {
		u = u.Add(time.Hour)
		if !quietHour(q, u.Hour()) {
			return u
		}
	}
	return now.Add(time.Hour)
}

// cmdMe answers /tt me: with no option it shows the caller's settings in
// this server; otherwise it sets the ones given (zone, quiet, remind,
// notify), replaces their per-table values of those at their open tables
// here, and shows the result. Private.
func (m *Main) cmdMe(ctx context.Context, i *discordgo.Interaction, zone, quiet, notify *string, remind *int) kit.Response {
	uid, _ := kit.User(i)
	l := kit.UserLoc(i)
	if i.GuildID == "" {
		return kit.Say(l, "me_guild_only", nil)
	}
	p, err := m.store.PlayerSettings(ctx, i.GuildID, uid)
	if err != nil {
		m.log.Error("player settings: read", "guild", i.GuildID, "user", uid, "err", err)
	}
	if zone == nil && quiet == nil && notify == nil && remind == nil {
		return kit.Response{Reply: &kit.Message{Content: m.meText(ctx, l, i.GuildID, uid, p)}}
	}
	next := p
	if zone != nil {
		z := strings.TrimSpace(*zone)
		if strings.EqualFold(z, "utc") || strings.EqualFold(z, "off") {
			next.Zone = ""
		} else if loc, err := kit.LoadZone(z); err != nil {
			return kit.Say(l, "me_zone_unknown", kit.Args{"Zone": kit.Sanitize(z)})
		} else {
			next.Zone = loc.String()
		}
	}
	if quiet != nil {
		q, on, err := parseQuiet(*quiet)
		if err != nil {
			return kit.Say(l, "me_quiet_format", nil)
		}
		next.Quiet = nil
		if on {
			next.Quiet = &q
		}
	}
	if remind != nil {
		if *remind < 0 || *remind > int(kit.RemindCap.Hours()) {
			return kit.Say(l, "me_remind_range", kit.Args{"Max": int(kit.RemindCap.Hours())})
		}
		next.Remind = *remind
	}
	if notify != nil {
		if *notify != "dm" && *notify != "channel" {
			return kit.Say(l, "settings_notify_choices", nil)
		}
		next.DM = *notify == "dm"
	}
	if err := m.store.PutPlayerSettings(ctx, i.GuildID, uid, next); err != nil {
		return m.ErrReply(i, "save player settings", err)
	}
	// The per-table values of what was just set give way, so that it
	// applies at every table; a DM refusal is forgotten with notify.
	ts, err := m.store.Tables(ctx, func(t *kit.Table) bool {
		return t.GuildID == i.GuildID && (t.Status == kit.StatusLobby || t.Status == kit.StatusRunning) && t.SeatOf(uid) >= 0
	})
	if err != nil {
		m.log.Error("player settings: list tables", "guild", i.GuildID, "err", err)
	}
	for _, t := range ts {
		st := t.Notes.Settings
		_, hasQ := st.Quiet[uid]
		_, hasDM := st.DM[uid]
		if !(quiet != nil && hasQ || notify != nil && (hasDM || t.Notes.DMRefused[uid])) {
			continue
		}
		// One transaction on the fresh table: no channel lock needed (as
		// /tt away; taking other channels' locks here could deadlock).
		_, err := m.store.UpdateTable(ctx, t.ID, func(nt *kit.Table) error {
			n := nt.Notes.Clone()
			if quiet != nil {
				delete(n.Settings.Quiet, uid)
			}
			if notify != nil {
				delete(n.Settings.DM, uid)
				delete(n.DMRefused, uid)
			}
			nt.Notes = n
			if nt.Status == kit.StatusRunning {
				nt.NextRemind = nextDue(*nt)
			}
			return nil
		})
		if err != nil {
			m.log.Error("player settings: clear a table's own", "table", t.ID, "err", err)
		}
	}
	return kit.Response{Reply: &kit.Message{Content: m.meText(ctx, l, i.GuildID, uid, next)}}
}

// meText lists p, uid's settings in guild, in l's language, and the
// tables of theirs that keep their own quiet hours or notices.
func (m *Main) meText(ctx context.Context, l *i18n.Loc, guild, uid string, p kit.PlayerSettings) string {
	var b strings.Builder
	b.WriteString(l.T("me_title", nil) + "\n")
	zone := p.Zone
	if zone == "" {
		zone = "UTC"
	}
	b.WriteString(l.T("me_zone", kit.Args{"Zone": zone}) + "\n")
	if p.Quiet != nil {
		b.WriteString(l.T("me_quiet", kit.Args{"From": fmt.Sprintf("%02d", p.Quiet.From), "To": fmt.Sprintf("%02d", p.Quiet.To), "Zone": zone}) + "\n")
	} else {
		b.WriteString(l.T("me_quiet_none", nil) + "\n")
	}
	if p.Remind > 0 {
		b.WriteString(l.T("me_remind", kit.Args{"Every": kit.HoursIn(l, time.Duration(p.Remind)*time.Hour), "Cap": kit.HoursIn(l, kit.RemindCap)}) + "\n")
	} else {
		b.WriteString(l.T("me_remind_table", nil) + "\n")
	}
	if p.DM {
		b.WriteString(l.T("me_notify_dm", nil))
	} else {
		b.WriteString(l.T("me_notify_channel", nil))
	}
	ts, err := m.store.Tables(ctx, func(t *kit.Table) bool {
		if t.GuildID != guild || t.Status != kit.StatusLobby && t.Status != kit.StatusRunning || t.SeatOf(uid) < 0 {
			return false
		}
		_, q := t.Notes.Settings.Quiet[uid]
		_, d := t.Notes.Settings.DM[uid]
		return q || d
	})
	if err != nil {
		m.log.Error("player settings: list tables", "guild", guild, "err", err)
	}
	for _, t := range ts {
		b.WriteString("\n" + l.T("me_table_own", kit.Args{"Table": t.ID, "Channel": t.ChannelID}))
	}
	return b.String()
}

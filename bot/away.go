package bot

import (
	"context"
	"strings"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
)

// /tt away hours:<n>: a player declares themselves away for n hours (0:
// back now) on every lobby and running table of this server where they
// sit. It is kept per table (Settings.Away), like quiet hours, so it
// travels with the table's notes and survives a restart; a table joined
// later is not covered (run /tt away again). While away, reminders skip
// the player (the nudge count of the decision does not grow, so the host
// is not told they stalled) and are postponed to the player's return when
// nobody else is to be pinged; a table's deadline still plays their
// default move, as for anyone.

// maxAway is the longest absence one command declares.
const maxAway = 720 * time.Hour

// cmdAway sets or ends the caller's absence on their tables in this
// server. Private.
func (m *Main) cmdAway(ctx context.Context, i *discordgo.Interaction, hours int) kit.Response {
	uid, _ := kit.User(i)
	l := kit.UserLoc(i)
	if hours < 0 || hours > int(maxAway/time.Hour) { // compared in hours: hours*time.Hour may overflow
		return kit.Say(l, "adm_away_range", kit.Args{"Max": int(maxAway.Hours())})
	}
	ts, err := m.tablesOf(ctx, uid, func(t *kit.Table) bool {
		return t.GuildID == i.GuildID && (t.Status == kit.StatusLobby || t.Status == kit.StatusRunning)
	})
	if err != nil {
		return m.ErrReply(i, "list tables", err)
	}
	if len(ts) == 0 {
		return kit.Say(l, "adm_away_none", nil)
	}
	now := m.cfg.Now()
	until := now.Add(time.Duration(hours) * time.Hour)
	var (
		done    []string
		damaged *DamagedError
	)
	// Each update is one transaction on the fresh table, so it needs no
	// channel lock (and taking other channels' locks here could deadlock
	// with another /tt away holding theirs).
	for _, t := range ts {
		_, err := m.store.UpdateTable(ctx, t.ID, func(t *kit.Table) error {
			if t.SeatOf(uid) < 0 || (t.Status != kit.StatusLobby && t.Status != kit.StatusRunning) {
				return nil
			}
			n := t.Notes.Clone()
			delete(n.Settings.Away, uid)
			if hours > 0 {
				if n.Settings.Away == nil {
					n.Settings.Away = map[string]time.Time{}
				}
				n.Settings.Away[uid] = until
			}
			t.Notes = n
			if hours == 0 && t.Status == kit.StatusRunning && t.Notes.Paused == "" {
				// Back: a reminder postponed for the absence is due now.
				t.NextRemind = nextDue(*t)
			}
			return nil
		})
		if d := damagedOf(err); d != nil {
			// A table whose record cannot be read keeps no absence; the
			// others do, and the reply names the damaged one.
			damaged = d
			continue
		}
		if err != nil {
			m.log.Error("away: update table", "table", t.ID, "err", err)
			continue
		}
		done = append(done, l.T("adm_away_table", kit.Args{"Table": t.ID, "Channel": t.ChannelID}))
	}
	if len(done) == 0 {
		if damaged != nil {
			return m.damagedReply(i, "away", damaged)
		}
		return kit.SomethingWrong(i)
	}
	where := strings.Join(done, l.T("list_sep", nil))
	r := kit.Say(l, "adm_away_set", kit.Args{"Until": stamp(until), "Where": where})
	if hours == 0 {
		r = kit.Say(l, "adm_away_back", kit.Args{"Where": where})
	}
	if damaged != nil {
		r.Reply.Content += "\n" + m.damagedReply(i, "away", damaged).Reply.Content
	}
	return r
}

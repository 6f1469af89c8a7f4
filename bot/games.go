package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// /tt games: the running tables of this server where the caller sits, with
// who is away (Settings.Away, /tt away) at each and the caller's own
// absence.

// awayUntil is when uid's absence at t ends, if they are away at now.
func awayUntil(t Table, uid string, now time.Time) (time.Time, bool) {
	until, ok := t.Notes.Settings.Away[uid]
	return until, ok && until.After(now)
}

// stamp is a moment as /tt games and /tt away write it.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04") + " UTC" }

// sinceText is how long ago a wait began, in the largest sensible unit.
func sinceText(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return plural(int(d.Minutes()), "minute", "minutes")
	case d < 48*time.Hour:
		return plural(int(d.Hours()), "hour", "hours")
	}
	return plural(int(d.Hours()/24), "day", "days")
}

// boardLink is the jump link to t's board, or to its channel when no board
// message is known.
func boardLink(t Table) string {
	if l := jumpLink(t); l != "" {
		return l
	}
	return fmt.Sprintf("https://discord.com/channels/%s/%s", t.GuildID, t.ChannelID)
}

// cmdGames lists the running tables of this server where the caller sits,
// those waiting for them first, then the longest waiting. Private.
func (m *Main) cmdGames(ctx context.Context, i *discordgo.Interaction) response {
	uid, _ := user(i)
	ts, err := m.store.Tables(ctx, func(t *Table) bool {
		return t.GuildID == i.GuildID && t.Status == StatusRunning && t.SeatOf(uid) >= 0
	})
	if err != nil {
		return m.errReply(i, "list tables", err)
	}
	if len(ts) == 0 {
		return replyText("You sit at no running table in this server. `/tt new` opens one in a channel.")
	}
	type row struct {
		t     Table
		what  string // where the game is and who it waits for
		mine  bool
		since time.Time
	}
	var rs []row
	for _, t := range ts {
		r := row{t: t, since: t.Notes.Wait.Since}
		if t.generic() {
			ms := m.mstore()
			if ms == nil {
				continue
			}
			mt, err := ms.Match(ctx, t.ID)
			if err != nil {
				m.log.Error("games: load game", "table", t.ID, "err", err)
				continue
			}
			r.mine = slices.Contains(mt.ToAct(), t.SeatOf(uid))
			r.what = fmt.Sprintf("%s, move %d, waiting for %s", m.meta(t).Name, mt.Version(), gwaiting(t, mt))
			if r.mine {
				r.what = fmt.Sprintf("%s, move %d, **your turn**", m.meta(t).Name, mt.Version())
			}
		} else {
			s, err := m.store.State(ctx, t.ID)
			if err != nil {
				m.log.Error("games: load game", "table", t.ID, "err", err)
				continue
			}
			r.mine = slices.Contains(s.ToAct(), t.SeatOf(uid))
			v := s.PublicView()
			who := "waiting for " + waitingFor(t, s)
			if r.mine {
				who = "**your turn**: " + askTextIn(userLoc(i), t, v, t.SeatOf(uid))
			}
			r.what = fmt.Sprintf("round %d, %s", v.Round, who)
		}
		rs = append(rs, r)
	}
	slices.SortFunc(rs, func(a, b row) int {
		if a.mine != b.mine {
			if a.mine {
				return -1
			}
			return 1
		}
		// The longest waiting first; a wait not recorded last.
		if a.since.IsZero() != b.since.IsZero() {
			if a.since.IsZero() {
				return 1
			}
			return -1
		}
		if c := a.since.Compare(b.since); c != 0 {
			return c
		}
		return cmp.Compare(a.t.ID, b.t.ID)
	})
	now := m.cfg.Now()
	var b strings.Builder
	fmt.Fprintf(&b, "**Your tables in this server** (%d)\n", len(rs))
	// The caller's own absence, over these tables.
	var awayAt int
	var latest time.Time
	for _, r := range rs {
		if until, ok := awayUntil(r.t, uid, now); ok {
			awayAt++
			if until.After(latest) {
				latest = until
			}
		}
	}
	switch {
	case awayAt == 0:
		b.WriteString("You are not away (`/tt away hours:` pauses your reminders).\n")
	case awayAt == len(rs):
		fmt.Fprintf(&b, "You are **away** until %s: reminders skip you (`/tt away hours:0` when you are back).\n", stamp(latest))
	default:
		fmt.Fprintf(&b, "You are **away** at %d of these tables (marked), until %s at the latest; a table joined later is not covered (`/tt away` again).\n", awayAt, stamp(latest))
	}
	for _, r := range rs {
		fmt.Fprintf(&b, "• Table %s in <#%s> — %s", r.t.ID, r.t.ChannelID, r.what)
		if !r.since.IsZero() {
			fmt.Fprintf(&b, " · waiting %s", sinceText(now.Sub(r.since)))
		}
		var away []string
		for k, st := range r.t.Seats {
			until, ok := awayUntil(r.t, st.UserID, now)
			switch {
			case !ok:
			case st.UserID == uid:
				if awayAt < len(rs) {
					away = append(away, "**you** until "+stamp(until))
				}
			default:
				away = append(away, seatRef(r.t, k)+" until "+stamp(until))
			}
		}
		if len(away) > 0 {
			b.WriteString(" · away: " + strings.Join(away, ", "))
		}
		fmt.Fprintf(&b, "\n  %s\n", boardLink(r.t))
	}
	return response{Reply: &message{Content: clip(b.String())}}
}

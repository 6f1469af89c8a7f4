package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// /tt games: the running tables of this server where the caller sits, with
// who is away (Settings.Away, /tt away) at each and the caller's own
// absence.

// awayUntil is when uid's absence at t ends, if they are away at now.
func awayUntil(t kit.Table, uid string, now time.Time) (time.Time, bool) {
	until, ok := t.Notes.Settings.Away[uid]
	return until, ok && until.After(now)
}

// stamp is a moment as /tt games and /tt away write it.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02 15:04") + " UTC" }

// waitingIn is how long a wait has lasted, in the largest sensible unit,
// as /tt games appends it to a table's line, in l's language.
func waitingIn(l *i18n.Loc, d time.Duration) string {
	switch {
	case d < time.Minute:
		return l.T("adm_games_waiting_now", nil)
	case d < time.Hour:
		return l.T("adm_games_waiting", kit.Args{"Since": l.N("adm_minutes", int(d.Minutes()), nil)})
	case d < 48*time.Hour:
		return l.T("adm_games_waiting", kit.Args{"Since": l.N("hours", int(d.Hours()), nil)})
	}
	return l.T("adm_games_waiting", kit.Args{"Since": l.N("days", int(d.Hours()/24), nil)})
}

// boardLink is the jump link to t's board, or to its channel when no board
// message is known.
func boardLink(t kit.Table) string {
	if l := jumpLink(t); l != "" {
		return l
	}
	return fmt.Sprintf("https://discord.com/channels/%s/%s", t.GuildID, t.ChannelID)
}

// cmdGames lists the running tables of this server where the caller sits,
// those waiting for them first, then the longest waiting. Private.
func (m *Main) cmdGames(ctx context.Context, i *discordgo.Interaction) kit.Response {
	uid, _ := kit.User(i)
	l := kit.UserLoc(i)
	ts, err := m.tablesOf(ctx, uid, func(t *kit.Table) bool {
		return t.GuildID == i.GuildID && t.Status == kit.StatusRunning
	})
	if err != nil {
		return m.ErrReply(i, "list tables", err)
	}
	if len(ts) == 0 {
		return kit.Say(l, "adm_games_none", nil)
	}
	type row struct {
		t     kit.Table
		what  string // where the game is and who it waits for
		mine  bool
		since time.Time
	}
	var rs []row
	for _, t := range ts {
		r := row{t: t, since: t.Notes.Wait.Since}
		mt, err := m.store.Match(ctx, t.ID)
		if err != nil {
			m.log.Error("games: load game", "table", t.ID, "err", err)
			continue
		}
		r.mine = slices.Contains(mt.ToAct(), t.SeatOf(uid))
		r.what = m.ui(t).GamesRow(l, t, mt, t.SeatOf(uid))
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
	b.WriteString(l.T("adm_games_title", kit.Args{"N": len(rs)}) + "\n")
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
		b.WriteString(l.T("adm_games_not_away", nil) + "\n")
	case awayAt == len(rs):
		b.WriteString(l.T("adm_games_away_all", kit.Args{"Until": stamp(latest)}) + "\n")
	default:
		b.WriteString(l.T("adm_games_away_some", kit.Args{"N": awayAt, "Until": stamp(latest)}) + "\n")
	}
	for _, r := range rs {
		b.WriteString(l.T("adm_games_row", kit.Args{"Table": r.t.ID, "Channel": r.t.ChannelID, "What": r.what}))
		if !r.since.IsZero() {
			b.WriteString(waitingIn(l, now.Sub(r.since)))
		}
		var away []string
		for k, st := range r.t.Seats {
			until, ok := awayUntil(r.t, st.UserID, now)
			switch {
			case !ok:
			case st.UserID == uid:
				if awayAt < len(rs) {
					away = append(away, l.T("adm_games_away_you", kit.Args{"Until": stamp(until)}))
				}
			default:
				away = append(away, l.T("adm_games_away_seat", kit.Args{"Seat": kit.WhoIn(l, r.t, []int{k}), "Until": stamp(until)}))
			}
		}
		if len(away) > 0 {
			b.WriteString(l.T("adm_games_away_list", kit.Args{"List": strings.Join(away, l.T("list_sep", nil))}))
		}
		fmt.Fprintf(&b, "\n  %s\n", boardLink(r.t))
	}
	return kit.Response{Reply: &kit.Message{Content: kit.Clip(b.String())}}
}

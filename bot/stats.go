package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// /tt stats and /tt leaderboard: what the finished tables of this server
// say about its players. A finished table's result is its final state's
// Result (the ranking, winner first, and the scores), of any title; a seat counts for
// the member who held it at the end (after any substitute). Aborted tables
// do not count.

// tally is one player's games at one player count.
type tally struct {
	games, wins int
	score       int // points, summed
	ranks       int // places (1 = first), summed
	bots        int // games with bot seats (bots.go), counted in games too
}

func (t *tally) add(o tally) {
	t.games += o.games
	t.wins += o.wins
	t.score += o.score
	t.ranks += o.ranks
	t.bots += o.bots
}

// statKey is a title and a player count.
type statKey struct {
	Title string
	N     int
}

// playerStats are one member's finished games in a server, by title and
// player count.
type playerStats struct {
	UserID string
	ByN    map[statKey]*tally
}

func (p *playerStats) total() tally {
	var t tally
	for _, x := range p.ByN {
		t.add(*x)
	}
	return t
}

// serverStats reads every finished table of guild into per-member stats.
func (m *Main) serverStats(ctx context.Context, guild string) (map[string]*playerStats, error) {
	ts, err := m.store.Tables(ctx, func(t *Table) bool {
		return t.GuildID == guild && t.Status == StatusFinished
	})
	if err != nil {
		return nil, err
	}
	out := map[string]*playerStats{}
	for _, t := range ts {
		mt, err := m.store.Match(ctx, t.ID)
		if err != nil {
			m.log.Error("stats: load game", "table", t.ID, "err", err)
			continue
		}
		res := mt.Result()
		if res == nil {
			continue // closed as finished without reaching the end
		}
		n := len(res.Scores)
		// A game lost to seats that are no players' (a solo game lost to
		// its automated opponent) puts everyone places behind.
		behind := m.ui(t).behind(t, mt)
		for i, seat := range res.Ranking {
			place := res.Place(i) - 1 + behind // a shared win is everyone's win
			if seat >= len(t.Seats) || seat >= len(res.Scores) {
				continue
			}
			if t.Seats[seat].Bot {
				continue // bots have no stats (storage.Seat.Bot)
			}
			uid := t.Seats[seat].UserID
			p := out[uid]
			if p == nil {
				p = &playerStats{UserID: uid, ByN: map[statKey]*tally{}}
				out[uid] = p
			}
			k := statKey{t.TitleID(), n}
			x := p.ByN[k]
			if x == nil {
				x = &tally{}
				p.ByN[k] = x
			}
			g := tally{games: 1, score: res.Scores[seat], ranks: place + 1}
			if t.hasBots() {
				g.bots = 1
			}
			x.add(g)
			if place == 0 {
				x.wins++
			}
		}
	}
	return out, nil
}

// tallyText is "4 games, 2 won (50%), average score 41.3, average rank 1.8"
// in l's language.
func tallyText(l *i18n.Loc, x tally) string {
	return l.N("adm_stats_tally", x.games, args{"Wins": x.wins, "Rate": (x.wins*200 + x.games) / (2 * x.games),
		"Score": decimal(l, float64(x.score)/float64(x.games)), "Rank": decimal(l, float64(x.ranks)/float64(x.games))})
}

// decimal writes x with one decimal, with l's decimal separator ("41.3",
// Polish "41,3").
func decimal(l *i18n.Loc, x float64) string {
	return strings.Replace(fmt.Sprintf("%.1f", x), ".", l.T("adm_decimal_sep", nil), 1)
}

// cmdStats answers /tt stats [user]: that member's (default: the caller's)
// finished games in this server, in all and per player count. Private.
func (m *Main) cmdStats(ctx context.Context, i *discordgo.Interaction, who string) response {
	if who == "" {
		who, _ = user(i)
	}
	l := userLoc(i)
	all, err := m.serverStats(ctx, i.GuildID)
	if err != nil {
		return m.errReply(i, "stats", err)
	}
	p := all[who]
	if p == nil {
		return say(l, "adm_stats_none", args{"User": who})
	}
	var b strings.Builder
	b.WriteString(l.T("adm_stats_title", args{"User": who}) + "\n")
	b.WriteString(l.T("adm_stats_all", args{"Tally": tallyText(l, p.total())}) + "\n")
	if n := p.total().bots; n > 0 {
		b.WriteString(l.N("bots_stats_with_bots", n, nil) + "\n")
	}
	ks := make([]statKey, 0, len(p.ByN))
	titles := map[string]bool{}
	for k := range p.ByN {
		ks = append(ks, k)
		titles[k.Title] = true
	}
	slices.SortFunc(ks, func(a, b statKey) int {
		return cmp.Or(cmp.Compare(a.Title, b.Title), cmp.Compare(a.N, b.N))
	})
	for _, k := range ks {
		a := args{"N": k.N, "Tally": tallyText(l, *p.ByN[k])}
		if len(titles) > 1 {
			// Several games: each line names its game (scores are per game).
			a["Game"] = titleNameIn(l, m.meta(Table{Title: k.Title}))
			b.WriteString(l.T("adm_stats_line_game", a) + "\n")
		} else {
			b.WriteString(l.T("adm_stats_line", a) + "\n")
		}
	}
	b.WriteString(l.T("adm_stats_footer", nil))
	return response{Reply: &message{Content: clip(b.String())}}
}

// Leaderboard: at least leaderMin finished games to be ranked; ranked by
// wins, then win rate, then average rank (lower first), then games; the
// first leaderTop are shown.
const (
	leaderMin = 3
	leaderTop = 10
)

// leaderCmp orders two players' totals for the leaderboard.
func leaderCmp(a, b tally) int {
	if c := cmp.Compare(b.wins, a.wins); c != 0 {
		return c
	}
	// Win rates a.wins/a.games vs b.wins/b.games, without rounding.
	if c := cmp.Compare(b.wins*a.games, a.wins*b.games); c != 0 {
		return c
	}
	if c := cmp.Compare(a.ranks*b.games, b.ranks*a.games); c != 0 {
		return c
	}
	return cmp.Compare(b.games, a.games)
}

// cmdLeaderboard answers /tt leaderboard: the server's players with at
// least leaderMin finished games, best first, the top leaderTop, and the
// caller's own place when they are further down. Private (no channel noise).
func (m *Main) cmdLeaderboard(ctx context.Context, i *discordgo.Interaction) response {
	all, err := m.serverStats(ctx, i.GuildID)
	if err != nil {
		return m.errReply(i, "leaderboard", err)
	}
	l := userLoc(i)
	type row struct {
		id string
		t  tally
	}
	var rs []row
	short := 0
	for id, p := range all {
		t := p.total()
		if t.games < leaderMin {
			short++
			continue
		}
		rs = append(rs, row{id, t})
	}
	slices.SortFunc(rs, func(a, b row) int {
		if c := leaderCmp(a.t, b.t); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	if len(rs) == 0 {
		return sayN(l, "adm_leader_none", short, args{"Min": leaderMin})
	}
	uid, _ := user(i)
	var b strings.Builder
	b.WriteString(l.N("adm_leader_title", leaderMin, nil) + "\n")
	place := 0
	for k, r := range rs {
		// Equal rows share a place.
		if k == 0 || leaderCmp(rs[k-1].t, r.t) != 0 {
			place = k + 1
		}
		if k >= leaderTop && r.id != uid {
			continue
		}
		if k >= leaderTop {
			b.WriteString("…\n")
		}
		fmt.Fprintf(&b, "%d. <@%s> — %s\n", place, r.id, tallyText(l, r.t))
	}
	if short > 0 {
		b.WriteString(l.N("adm_leader_short", short, args{"Min": leaderMin}) + "\n")
	}
	return response{Reply: &message{Content: clip(b.String())}}
}

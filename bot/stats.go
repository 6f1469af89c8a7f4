package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// /tt stats and /tt leaderboard: what the finished tables of this server
// say about its players. A finished table's result is its final state's
// Result (the ranking, winner first) and public points; a seat counts for
// the member who held it at the end (after any substitute). Aborted tables
// do not count.

// tally is one player's games at one player count.
type tally struct {
	games, wins int
	score       int // points, summed
	ranks       int // places (1 = first), summed
}

func (t *tally) add(o tally) {
	t.games += o.games
	t.wins += o.wins
	t.score += o.score
	t.ranks += o.ranks
}

// playerStats are one member's finished games in a server, by player count.
type playerStats struct {
	UserID string
	ByN    map[int]*tally
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
	ts, err := m.store.Tables(ctx, func(t *Table) bool { return t.GuildID == guild && t.Status == StatusFinished && !t.generic() })
	if err != nil {
		return nil, err
	}
	out := map[string]*playerStats{}
	for _, t := range ts {
		s, err := m.store.State(ctx, t.ID)
		if err != nil {
			m.log.Error("stats: load game", "table", t.ID, "err", err)
			continue
		}
		v := s.PublicView()
		if v.Result == nil {
			continue // closed as finished without reaching the end
		}
		n := s.NumSeats
		for place, seat := range v.Result.Ranking {
			if seat >= len(t.Seats) || seat >= len(v.Seats) {
				continue
			}
			uid := t.Seats[seat].UserID
			p := out[uid]
			if p == nil {
				p = &playerStats{UserID: uid, ByN: map[int]*tally{}}
				out[uid] = p
			}
			x := p.ByN[n]
			if x == nil {
				x = &tally{}
				p.ByN[n] = x
			}
			x.add(tally{games: 1, score: v.Seats[seat].Points, ranks: place + 1})
			if place == 0 {
				x.wins++
			}
		}
	}
	return out, nil
}

// tallyText is "4 games, 2 won (50%), average score 41.3, average rank 1.8".
func tallyText(x tally) string {
	return fmt.Sprintf("%s, %d won (%d%%), average score %.1f, average rank %.1f",
		plural(x.games, "game", "games"), x.wins, (x.wins*200+x.games)/(2*x.games),
		float64(x.score)/float64(x.games), float64(x.ranks)/float64(x.games))
}

// cmdStats answers /tt stats [user]: that member's (default: the caller's)
// finished games in this server, in all and per player count. Private.
func (m *Main) cmdStats(ctx context.Context, i *discordgo.Interaction, who string) response {
	if who == "" {
		who, _ = user(i)
	}
	all, err := m.serverStats(ctx, i.GuildID)
	if err != nil {
		return m.errReply(i, "stats", err)
	}
	p := all[who]
	if p == nil {
		return replyText("<@%s> has not finished a game in this server yet.", who)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Stats of <@%s> in this server**\n", who)
	fmt.Fprintf(&b, "All games: %s\n", tallyText(p.total()))
	ns := make([]int, 0, len(p.ByN))
	for n := range p.ByN {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	for _, n := range ns {
		fmt.Fprintf(&b, "• %d players: %s\n", n, tallyText(*p.ByN[n]))
	}
	b.WriteString("Rank 1 is first place; a seat counts for whoever held it at the end. `/tt leaderboard` ranks the server.")
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
		return replyText("Nobody in this server has finished %d games yet (%s played at least one). `/tt stats` shows anyone's games so far.",
			leaderMin, plural(short, "player has", "players have"))
	}
	uid, _ := user(i)
	var b strings.Builder
	fmt.Fprintf(&b, "**Leaderboard of this server** (by wins, then win rate, then average rank; at least %d finished games)\n", leaderMin)
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
		fmt.Fprintf(&b, "%d. <@%s> — %s\n", place, r.id, tallyText(r.t))
	}
	if short > 0 {
		fmt.Fprintf(&b, "(%s fewer than %d games: not ranked yet.)\n", plural(short, "player with", "players with"), leaderMin)
	}
	return response{Reply: &message{Content: clip(b.String())}}
}

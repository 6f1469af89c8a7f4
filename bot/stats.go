package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/rating"
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

// serverStats reads every finished table of guild into per-member stats,
// and rates them in the order they ended (ratings.go).
func (m *Main) serverStats(ctx context.Context, guild string) (map[string]*playerStats, *rating.Ledger, error) {
	ts, err := m.store.Tables(ctx, func(t *kit.Table) bool {
		return t.GuildID == guild && t.Status == kit.StatusFinished
	})
	if err != nil {
		return nil, nil, err
	}
	endOrder(ts)
	out := map[string]*playerStats{}
	ratings := rating.NewLedger(rating.Tau)
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
		ratings.Add(ratedGame(t, res))
		// A game lost to seats that are no players' (a solo game lost to
		// its automated opponent) puts everyone places behind.
		behind := m.ui(t).Behind(t, mt)
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
			if t.HasBots() {
				g.bots = 1
			}
			x.add(g)
			if place == 0 {
				x.wins++
			}
		}
	}
	return out, ratings, nil
}

// tallyNoScore is tallyText without the average score, for games of
// several titles, whose scores do not add up.
func tallyNoScore(l *i18n.Loc, x tally) string {
	return l.N("adm_stats_tally_noscore", x.games, kit.Args{"Wins": x.wins, "Rate": (x.wins*200 + x.games) / (2 * x.games),
		"Rank": decimal(l, float64(x.ranks)/float64(x.games))})
}

// tallyText is "4 games, 2 won (50%), average score 41.3, average rank 1.8"
// in l's language.
func tallyText(l *i18n.Loc, x tally) string {
	return l.N("adm_stats_tally", x.games, kit.Args{"Wins": x.wins, "Rate": (x.wins*200 + x.games) / (2 * x.games),
		"Score": decimal(l, float64(x.score)/float64(x.games)), "Rank": decimal(l, float64(x.ranks)/float64(x.games))})
}

// decimal writes x with one decimal, with l's decimal separator ("41.3",
// Polish "41,3").
func decimal(l *i18n.Loc, x float64) string {
	return strings.Replace(fmt.Sprintf("%.1f", x), ".", l.T("adm_decimal_sep", nil), 1)
}

// cmdStats answers /tt stats [user]: that member's (default: the caller's)
// finished games in this server, in all and per player count. Private.
func (m *Main) cmdStats(ctx context.Context, i *discordgo.Interaction, who string) kit.Response {
	if who == "" {
		who, _ = kit.User(i)
	}
	l := kit.UserLoc(i)
	all, ratings, err := m.serverStats(ctx, i.GuildID)
	if err != nil {
		return m.ErrReply(i, "stats", err)
	}
	p := all[who]
	if p == nil {
		return kit.Say(l, "adm_stats_none", kit.Args{"User": who})
	}
	ks := make([]statKey, 0, len(p.ByN))
	titles := map[string]bool{}
	for k := range p.ByN {
		ks = append(ks, k)
		titles[k.Title] = true
	}
	var b strings.Builder
	b.WriteString(l.T("adm_stats_title", kit.Args{"User": who}) + "\n")
	if len(titles) > 1 {
		// Scores of different games do not average: the line leaves them out.
		b.WriteString(l.T("adm_stats_all", kit.Args{"Tally": tallyNoScore(l, p.total())}) + "\n")
	} else {
		b.WriteString(l.T("adm_stats_all", kit.Args{"Tally": tallyText(l, p.total())}) + "\n")
	}
	if n := p.total().bots; n > 0 {
		b.WriteString(l.N("bots_stats_with_bots", n, nil) + "\n")
	}
	b.WriteString(m.ratingLines(l, ratings, who))
	slices.SortFunc(ks, func(a, b statKey) int {
		return cmp.Or(cmp.Compare(a.Title, b.Title), cmp.Compare(a.N, b.N))
	})
	for _, k := range ks {
		a := kit.Args{"Tally": tallyText(l, *p.ByN[k])} // Count: the players
		if len(titles) > 1 {
			// Several games: each line names its game (scores are per game).
			a["Game"] = kit.TitleNameIn(l, m.Meta(kit.Table{Title: k.Title}))
			b.WriteString(l.N("adm_stats_line_game", k.N, a) + "\n")
		} else {
			b.WriteString(l.N("adm_stats_line", k.N, a) + "\n")
		}
	}
	b.WriteString(l.T("adm_stats_footer", nil))
	return kit.Response{Reply: &kit.Message{Content: kit.Clip(b.String())}}
}

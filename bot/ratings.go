package bot

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/rating"
	"github.com/tinnersbot/tinnersbot/engine"
)

// Ratings: a Glicko-2 rating per title and server (bot/rating), computed
// afresh from the finished tables whenever /tt stats or /tt leaderboard
// asks, in the order the games ended; nothing is stored
// (docs/ratings.md says why and what counts).

// endOrder sorts finished tables in the order their games ended: by the
// store's last write of each (the move that ended the game, or the final
// post's bookkeeping right after it), then by id.
func endOrder(ts []kit.Table) {
	slices.SortStableFunc(ts, func(a, b kit.Table) int {
		return cmp.Or(a.Updated.Compare(b.Updated), cmp.Compare(a.ID, b.ID))
	})
}

// ratedGame is table t's finished game res as the ratings see it: each
// seat's person and place (seats sharing the win share first place). A
// seat no person holds — an automated opponent after the players' seats
// (engine.NonPlayers) — or that seatUnrated marks is unrated.
func ratedGame(t kit.Table, res *engine.Result) rating.Game {
	g := rating.Game{Key: t.TitleID()}
	for i, seat := range res.Ranking {
		s := rating.Seat{Place: res.Place(i)}
		if seat < len(t.Seats) {
			s.Player = t.Seats[seat].UserID
		}
		s.Unrated = seatUnrated(t, seat)
		g.Seats = append(g.Seats, s)
	}
	return g
}

// seatUnrated reports whether seat of t takes no part in the ratings: a
// bot seat (bots.go), and any seat no member holds (ratedGame).
func seatUnrated(t kit.Table, seat int) bool {
	return seat >= len(t.Seats) || t.Seats[seat].Bot || t.Seats[seat].UserID == ""
}

// ratingText is "1620 ± 170": the rating and twice its deviation (the
// player's strength lies in that range with about 95 % confidence).
func ratingText(e rating.Entry) string {
	return fmt.Sprintf("%d ± %d", int(math.Round(e.R)), int(math.Round(2*e.RD)))
}

// ratingLines are who's ratings, one line per title they have a rated
// game of, in l's language ("" when none).
func (m *Main) ratingLines(l *i18n.Loc, ratings *rating.Ledger, who string) string {
	keys := ratings.Keys()
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		if !ratings.Has(k, who) {
			continue
		}
		e := ratings.Get(k, who)
		b.WriteString(l.N("adm_stats_rating", e.Games, kit.Args{"Game": kit.TitleNameIn(l, m.Meta(kit.Table{Title: k})), "Rating": ratingText(e)}) + "\n")
	}
	return b.String()
}

// leaderTitle is the title /tt leaderboard ranks: the one asked for, else
// the channel's table's (running or last finished), else the one with the
// most rated players in the server, else the default title.
func (m *Main) leaderTitle(ctx context.Context, i *discordgo.Interaction, asked string, ratings *rating.Ledger) string {
	if asked != "" {
		return asked
	}
	if t, err := m.store.TableInChannel(ctx, i.ChannelID); err == nil {
		return t.TitleID()
	}
	if t, err := m.store.LastFinished(ctx, i.ChannelID); err == nil {
		return t.TitleID()
	}
	keys := ratings.Keys()
	slices.SortFunc(keys, func(a, b string) int {
		return cmp.Or(cmp.Compare(len(ratings.Players(b)), len(ratings.Players(a))), cmp.Compare(a, b))
	})
	if len(keys) > 0 {
		return keys[0]
	}
	return (&kit.Table{}).TitleID()
}

// Leaderboard: at least leaderMin rated games of the title to be ranked;
// ranked by rating, then the smaller deviation, then more games; the
// first leaderTop are shown.
const (
	leaderMin = 3
	leaderTop = 10
)

// leaderCmp orders two players' entries for the leaderboard (0: they
// share a place).
func leaderCmp(a, b rating.Entry) int {
	return cmp.Or(cmp.Compare(b.R, a.R), cmp.Compare(a.RD, b.RD), cmp.Compare(b.Games, a.Games))
}

// cmdLeaderboard answers /tt leaderboard [game]: the server's players with
// at least leaderMin rated games of that title (leaderTitle), best rating
// first, the top leaderTop, and the caller's own place when they are
// further down; other titles with rated players are named. Private (no
// channel noise).
func (m *Main) cmdLeaderboard(ctx context.Context, i *discordgo.Interaction, asked string) kit.Response {
	all, ratings, err := m.serverStats(ctx, i.GuildID)
	if err != nil {
		return m.ErrReply(i, "leaderboard", err)
	}
	l := kit.UserLoc(i)
	key := m.leaderTitle(ctx, i, asked, ratings)
	game := kit.TitleNameIn(l, m.Meta(kit.Table{Title: key}))
	type row struct {
		id string
		e  rating.Entry
	}
	var rs []row
	short := 0
	for id, e := range ratings.Players(key) {
		if e.Games < leaderMin {
			short++
			continue
		}
		rs = append(rs, row{id, e})
	}
	slices.SortFunc(rs, func(a, b row) int { return cmp.Or(leaderCmp(a.e, b.e), cmp.Compare(a.id, b.id)) })
	var b strings.Builder
	if len(rs) == 0 {
		b.WriteString(l.N("adm_leader_none_game", short, kit.Args{"Min": leaderMin, "Game": game}) + "\n")
	} else {
		b.WriteString(l.N("adm_leader_title_game", leaderMin, kit.Args{"Game": game}) + "\n")
	}
	uid, _ := kit.User(i)
	place := 0
	for k, r := range rs {
		// Equal rows share a place.
		if k == 0 || leaderCmp(rs[k-1].e, r.e) != 0 {
			place = k + 1
		}
		if k >= leaderTop && r.id != uid {
			continue
		}
		if k >= leaderTop {
			b.WriteString("…\n")
		}
		var x tally
		if p := all[r.id]; p != nil {
			for sk, t := range p.ByN {
				if sk.Title == key {
					x.add(*t)
				}
			}
		}
		line := fmt.Sprintf("%d. <@%s> — %s", place, r.id, ratingText(r.e))
		if x.games > 0 {
			line += " · " + tallyText(l, x)
		}
		b.WriteString(line + "\n")
	}
	if short > 0 && len(rs) > 0 {
		b.WriteString(l.N("adm_leader_short", short, kit.Args{"Min": leaderMin}) + "\n")
	}
	var others []string
	for _, k := range ratings.Keys() {
		if k != key {
			others = append(others, kit.TitleNameIn(l, m.Meta(kit.Table{Title: k})))
		}
	}
	if len(others) > 0 {
		slices.Sort(others)
		b.WriteString(l.T("adm_leader_others", kit.Args{"Games": strings.Join(others, l.T("list_sep", nil))}) + "\n")
	}
	return kit.Response{Reply: &kit.Message{Content: kit.Clip(strings.TrimRight(b.String(), "\n"))}}
}

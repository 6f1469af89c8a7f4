package bot

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/rating"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// openVia is tableVia with /tt new's options opts (a title, say).
func openVia(t *testing.T, h *harness, ch string, opts map[string]any, host string, others ...string) string {
	t.Helper()
	run := func(u, sub string, o map[string]any) []fakeCall {
		i := commandInteraction(u, 0, sub, o)
		i["channel_id"], i["channel"], i["guild_id"] = ch, map[string]any{"id": ch, "type": 0}, testGuild
		return h.send(i)
	}
	o := map[string]any{"players": 1 + len(others)}
	for k, v := range opts {
		o[k] = v
	}
	lobby := boardPosts(t, run(host, "new", o))[0]
	join, _ := lobby.button("Join")
	start, _ := lobby.button("Start")
	id := strings.Split(cmpOr(join.CustomID, start.CustomID), ":")[1]
	for _, u := range others {
		run(u, "join", nil)
	}
	run(host, "start", nil)
	if tb := h.table(id); tb.Status != kit.StatusRunning {
		t.Fatalf("table %s did not start: %+v", id, tb)
	}
	return id
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// finishMatch plays random legal actions at table id, of any title, until
// its game is over, and returns its result. The actions go in batches
// (one transaction each): a whole game costs a few writes, cheap under
// -race.
func finishMatch(t *testing.T, m *Main, id string, seed uint64) *engine.Result {
	t.Helper()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(seed, 3))
	pick := func(mt engine.Match) engine.Action {
		who := mt.ToAct()
		legal := mt.Legal(who[r.IntN(len(who))])
		return legal[r.IntN(len(legal))]
	}
	for range 100 {
		mt, err := m.store.Match(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if res := mt.Result(); res != nil {
			return res
		}
		b := kit.MatchBatch{Actions: []engine.Action{pick(mt)}, Then: func(next engine.Match) (engine.Action, bool) { return pick(next), true }}
		if _, _, _, err := m.store.ApplyMatch(ctx, id, mt.Version(), b); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game did not end")
	return nil
}

// TestRatingsInStatsAndLeaderboard: finished games are rated per title in
// the order they ended, each multi-player game as the pairwise results of
// its seats; a solo game is not rated. /tt stats shows each title's
// rating (and an "All games" line without an average of unlike scores);
// /tt leaderboard ranks a title's players by rating, defaulting to the
// title with the most rated players, and names the other rated titles.
func TestRatingsInStatsAndLeaderboard(t *testing.T) {
	h := newHarnessWith(t, func(c *Config) {
		c.Titles = engine.NewRegistry(tinners.Title, coalbaron.Title)
		c.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: tinnersimg.Renderer, coalbaron.ID: &recRenderer{}})
	})
	p0, p1, p2 := players[0], players[1], players[2]
	games := []struct {
		title string
		seats []string
	}{
		{tinners.ID, []string{p0, p1, p2}},
		{tinners.ID, []string{p0, p1}},
		{tinners.ID, []string{p2}}, // solo: unrated
		{tinners.ID, []string{p2, p0}},
		{coalbaron.ID, []string{p0, p1}},
		{tinners.ID, []string{p1, p2}},
	}
	want := rating.NewLedger(rating.Tau)
	for k, g := range games {
		ch := fmt.Sprintf("7000000000000001%02d", k)
		id := openVia(t, h, ch, map[string]any{"game": g.title}, g.seats[0], g.seats[1:]...)
		res := finishMatch(t, h.m, id, uint64(k+1))
		h.clock.Add(time.Hour) // the games end an hour apart, in this order
		if _, err := h.m.store.UpdateTable(context.Background(), id, func(*kit.Table) error { return nil }); err != nil {
			t.Fatal(err)
		}
		// The expected ratings, by the rule: pairwise places, in order.
		rg := rating.Game{Key: g.title}
		for i, seat := range res.Ranking {
			s := rating.Seat{Place: res.Place(i)}
			if seat < len(g.seats) {
				s.Player = g.seats[seat]
			}
			rg.Seats = append(rg.Seats, s)
		}
		if rated := want.Add(rg); rated != (len(g.seats) > 1) {
			t.Fatalf("game %d (%d seats) rated: %v", k, len(g.seats), rated)
		}
	}
	tt := func(u string) rating.Entry { return want.Get(tinners.ID, u) }
	if tt(p0).Games != 3 || tt(p1).Games != 3 || tt(p2).Games != 3 {
		t.Fatalf("the test's own games: %+v %+v %+v", tt(p0), tt(p1), tt(p2))
	}

	r := mustPrivate(t, h.command(p0, 0, "stats", nil))
	for _, line := range []string{
		"Tinners' Trail: rating " + ratingText(tt(p0)) + " after 3 rated games",
		"Coal Baron: The Great Card Game: rating " + ratingText(want.Get(coalbaron.ID, p0)) + " after 1 rated game",
	} {
		if !strings.Contains(r.Content, line) {
			t.Errorf("stats lack %q:\n%s", line, r.Content)
		}
	}
	all := strings.Split(r.Content[strings.Index(r.Content, "All games: "):], "\n")[0]
	if strings.Contains(all, "score") || !strings.Contains(all, "4 games") {
		t.Errorf("the All games line of two titles averages their scores, or miscounts: %q", all)
	}
	// The solo game counts in p2's games but not in the rating.
	if r := mustPrivate(t, h.command(p2, 0, "stats", nil)); !strings.Contains(r.Content, "rating "+ratingText(tt(p2))+" after 3 rated games") ||
		!strings.Contains(r.Content, "All games: 4 games") || strings.Contains(r.Content, "Coal Baron: The Great Card Game: rating") {
		t.Errorf("p2's stats:\n%s", r.Content)
	}

	// The leaderboard here (no table in this channel): Tinners' Trail has
	// the most rated players; ordered by rating.
	r = mustPrivate(t, h.command(p1, 0, "leaderboard", nil))
	order := []string{p0, p1, p2}
	slices.SortFunc(order, func(a, b string) int { return leaderCmp(tt(a), tt(b)) })
	last := -1
	for _, u := range order {
		n := 3 // games of Tinners' Trail: p2's solo game is one, unrated
		if u == p2 {
			n = 4
		}
		at := strings.Index(r.Content, fmt.Sprintf("<@%s> — %s · %d games", u, ratingText(tt(u)), n))
		if at < last {
			t.Errorf("leaderboard not by rating (%s at %d, after %d):\n%s", u, at, last, r.Content)
		}
		last = at
	}
	if !strings.Contains(r.Content, "Leaderboard of this server — Tinners' Trail") || !strings.Contains(r.Content, "Ratings of other games here: Coal Baron") {
		t.Errorf("leaderboard:\n%s", r.Content)
	}
	r = mustPrivate(t, h.command(p1, 0, "leaderboard", map[string]any{"game": coalbaron.ID}))
	if !strings.Contains(r.Content, "Nobody in this server has 3 rated games of Coal Baron: The Great Card Game yet (2 players have fewer)") {
		t.Errorf("Coal Baron's leaderboard:\n%s", r.Content)
	}
}

// TestEndOrder: finished tables are rated in the order they were last
// written, whatever their ids; the same time falls back to the id.
func TestEndOrder(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ts := []kit.Table{{ID: "a", Updated: t0.Add(2 * time.Hour)}, {ID: "c", Updated: t0}, {ID: "b", Updated: t0}, {ID: "d", Updated: t0.Add(time.Hour)}}
	endOrder(ts)
	var got []string
	for _, x := range ts {
		got = append(got, x.ID)
	}
	if want := []string{"b", "c", "d", "a"}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

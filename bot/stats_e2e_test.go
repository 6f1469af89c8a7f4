package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// tableVia opens a table in channel ch of guild with host and the others
// seated, starts it, and returns its ID; all through /tt commands.
func tableVia(t *testing.T, h *harness, guild, ch, host string, others ...string) string {
	t.Helper()
	run := func(u, sub string, opts map[string]any) []fakeCall {
		i := commandInteraction(u, 0, sub, opts)
		i["channel_id"], i["channel"], i["guild_id"] = ch, map[string]any{"id": ch, "type": 0}, guild
		return h.send(i)
	}
	lobby := boardPosts(t, run(host, "new", map[string]any{"players": 1 + len(others)}))[0]
	join, _ := lobby.button("Join")
	id := strings.Split(join.CustomID, ":")[1]
	for _, u := range others {
		run(u, "join", nil)
	}
	run(host, "start", nil)
	if tb := h.table(id); tb.Status != kit.StatusRunning {
		t.Fatalf("table %s did not start: %+v", id, tb)
	}
	return id
}

// wantTally is the stats line expected from finished states, computed
// here from the states themselves.
type wantTally struct{ games, wins, score, ranks int }

func (w wantTally) text() string {
	return fmt.Sprintf("%d game%s, %d won (%d%%), average score %.1f, average rank %.1f", w.games, map[bool]string{true: "", false: "s"}[w.games == 1],
		w.wins, int(float64(w.wins)*100/float64(w.games)+0.5), float64(w.score)/float64(w.games), float64(w.ranks)/float64(w.games))
}

// TestStatsAndLeaderboard: after several finished games (one played
// through the buttons, others by random legal moves) /tt stats gives each
// player's games, wins, average score and rank, in all and per player
// count, counting only this server's finished tables; /tt leaderboard
// ranks those with enough rated games. Both are private.
func TestStatsAndLeaderboard(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h := newHarness(t)
	id1, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id1}, board: board, acted: map[string]int{}}
	d.playUntil("the end", func(b uiMsg) bool { return strings.Contains(b.Content, "Game over") })

	over := func(s *tinners.State) bool { return s.Phase == tinners.PhaseOver }
	id2 := tableVia(t, h, testGuild, otherChannel, players[1], players[0])
	advance(t, h.m, id2, over)
	id3 := tableVia(t, h, testGuild, "700000000000000004", players[2], players[0], players[1])
	advance(t, h.m, id3, over)
	// Not counted: a running table, and a finished one of another server.
	tableVia(t, h, testGuild, "700000000000000005", players[0], players[1])
	id5 := tableVia(t, h, "700000000000000099", "700000000000000006", players[0], players[1])
	advance(t, h.m, id5, over)

	want := map[string]map[int]*wantTally{}
	for _, id := range []string{id1, id2, id3} {
		tb, s := h.table(id), h.state(id)
		if tb.Status != kit.StatusFinished || s.PublicView().Result == nil {
			t.Fatalf("table %s is not finished: %v", id, tb.Status)
		}
		for place, seat := range s.PublicView().Result.Ranking {
			u := tb.Seats[seat].UserID
			if want[u] == nil {
				want[u] = map[int]*wantTally{}
			}
			w := want[u][s.NumSeats]
			if w == nil {
				w = &wantTally{}
				want[u][s.NumSeats] = w
			}
			w.games++
			w.score += s.Players[seat].Points
			w.ranks += place + 1
			if place == 0 {
				w.wins++
			}
		}
	}
	total := func(u string) wantTally {
		var x wantTally
		for _, w := range want[u] {
			x.games, x.wins, x.score, x.ranks = x.games+w.games, x.wins+w.wins, x.score+w.score, x.ranks+w.ranks
		}
		return x
	}

	r := mustPrivate(t, h.command(players[0], 0, "stats", nil))
	if !strings.Contains(r.Content, "All games: "+total(players[0]).text()) || total(players[0]).games != 3 {
		t.Errorf("own stats, want all games %q:\n%s", total(players[0]).text(), r.Content)
	}
	for n, w := range want[players[0]] {
		if line := fmt.Sprintf("• %d players: %s", n, w.text()); !strings.Contains(r.Content, line) {
			t.Errorf("own stats: no line %q:\n%s", line, r.Content)
		}
	}
	r = mustPrivate(t, h.command(players[0], 0, "stats", map[string]any{"user": userOpt(players[2])}))
	if tw := total(players[2]); tw.games != 2 || !strings.Contains(r.Content, "<@"+players[2]+">") || !strings.Contains(r.Content, "All games: "+tw.text()) {
		t.Errorf("stats of %s, want %q:\n%s", players[2], tw.text(), r.Content)
	}
	if r := mustPrivate(t, h.command("500000000000000009", 0, "stats", nil)); !strings.Contains(r.Content, "has not finished a game") {
		t.Errorf("stats of a newcomer: %q", r.Content)
	}

	// The leaderboard: players[0] and [1] have 3 games, players[2] only 2.
	r = mustPrivate(t, h.command(players[2], 0, "leaderboard", nil))
	a, b := strings.Index(r.Content, "<@"+players[0]+">"), strings.Index(r.Content, "<@"+players[1]+">")
	if a < 0 || b < 0 || strings.Contains(r.Content, "<@"+players[2]+">") || !strings.Contains(r.Content, "1 player with fewer than 3 games") {
		t.Fatalf("leaderboard:\n%s", r.Content)
	}
	// The order is by rating (TestRatingsInStatsAndLeaderboard).
	w0, w1 := total(players[0]), total(players[1])
	if !strings.Contains(r.Content, w0.text()) || !strings.Contains(r.Content, w1.text()) {
		t.Errorf("leaderboard lines, want %q and %q:\n%s", w0.text(), w1.text(), r.Content)
	}
	// Another server has no ranked player.
	i := commandInteraction(players[0], 0, "leaderboard", nil)
	i["guild_id"] = "700000000000000099"
	if r := mustPrivate(t, h.send(i)); !strings.Contains(r.Content, "Nobody in this server") {
		t.Errorf("leaderboard of the other server: %q", r.Content)
	}
}

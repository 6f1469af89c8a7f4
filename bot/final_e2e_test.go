package bot

import (
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

var breakdownRE = regexp.MustCompile(`(?m)^(.+?): (R1 -?\d+(?:, R\d -?\d+)*) · £(\d+) · (\d+) cubes?$`)

// TestAfterTheGame: the final post carries a score breakdown whose rounds
// add up to the final points, and a Rematch button that opens a lobby with
// the same players, the clicker as host; /tt history lists the game and
// /tt board at: still shows it.
func TestAfterTheGame(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	d.playUntil("the end", func(b uiMsg) bool { return strings.Contains(b.Content, "Game over") })
	final := d.board
	s := h.state(id)
	ms := breakdownRE.FindAllStringSubmatch(final.Content, -1)
	if !strings.Contains(final.Content, "Score breakdown") || len(ms) != s.NumSeats {
		t.Fatalf("final post has no breakdown for every seat:\n%s", final.Content)
	}
	for _, m := range ms {
		k := -1
		for seat := range s.NumSeats {
			if kit.SeatName(seat) == m[1] {
				k = seat
			}
		}
		if k < 0 {
			t.Fatalf("breakdown names no seat: %q", m[0])
		}
		sum, rounds := 0, strings.Split(m[2], ", ")
		for _, r := range rounds {
			n, _ := strconv.Atoi(strings.Fields(r)[1])
			sum += n
		}
		if len(rounds) != 4 || sum != s.Players[k].Points {
			t.Errorf("%s: rounds %v add to %d, final points %d", m[1], rounds, sum, s.Players[k].Points)
		}
		if money, _ := strconv.Atoi(m[3]); money != s.Players[k].Money {
			t.Errorf("%s: money %d, final %d", m[1], money, s.Players[k].Money)
		}
	}
	checkFinishedBoardCommand(t, h, id, final.ID)
	re, ok := final.button("Rematch")
	if !ok {
		t.Fatal("no Rematch button")
	}
	if r := mustPrivate(t, h.click("500000000000000009", final.ID, false, re.CustomID)); !strings.Contains(r.Content, "Only the players") {
		t.Fatalf("an onlooker's rematch: %q", r.Content)
	}
	calls := h.click(players[2], final.ID, false, re.CustomID)
	posts := boardPosts(t, calls)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "Rematch of table "+id) {
		t.Fatalf("rematch posted %+v", posts)
	}
	lobby, err := h.m.store.TableInChannel(t.Context(), testChannel)
	if err != nil || lobby.Status != kit.StatusLobby || lobby.Host != players[2] || len(lobby.Seats) != 3 {
		t.Fatalf("rematch lobby %+v, %v", lobby, err)
	}
	for k, st := range h.table(id).Seats {
		if lobby.Seats[k].UserID != st.UserID {
			t.Fatalf("rematch seats %+v, want the old ones", lobby.Seats)
		}
	}
	if r := mustPrivate(t, h.click(players[0], final.ID, false, re.CustomID)); !strings.Contains(r.Content, "already open") {
		t.Fatalf("a second rematch: %q", r.Content)
	}
	// History and a past board of the finished game, with the lobby open.
	r := mustPrivate(t, h.command(players[0], 0, "history", nil))
	if !strings.Contains(r.Content, "Table "+id) || !strings.Contains(r.Content, "1. ") || !strings.Contains(r.Content, "2026-") {
		t.Fatalf("history: %q", r.Content)
	}
	if v, _ := pastView(t, h.command(players[0], 0, "board", map[string]any{"at": 10})); v.Version != 10 {
		t.Fatalf("past board of the finished game at version %d", v.Version)
	}
}

// TestHistoryOpensPastTables: /tt history offers this channel's finished
// tables in two selects; picking one shows, in that private message, its
// final public board (whose buttons step back through it) or its log.
// Another channel's table, a running one, an unknown ID or kind are refused.
func TestHistoryOpensPastTables(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h := newHarness(t)
	over := func(s *tinners.State) bool { return s.Phase == tinners.PhaseOver }
	old := tableVia(t, h, testGuild, testChannel, players[0], players[1])
	advance(t, h.m, old, over)
	newer := tableVia(t, h, testGuild, testChannel, players[1], players[2], players[0])
	advance(t, h.m, newer, over)
	elsewhere := tableVia(t, h, testGuild, otherChannel, players[0], players[2])
	advance(t, h.m, elsewhere, over)
	running := tableVia(t, h, testGuild, testChannel, players[2], players[0])
	// Games ended by advance (straight in the store) have no end time;
	// give them one, the newer an hour later.
	for k, id := range []string{old, newer} {
		if _, err := h.m.store.UpdateTable(t.Context(), id, func(tb *kit.Table) error {
			tb.Notes.Ended = h.clock.Now().Add(time.Duration(k) * time.Hour)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}

	hist := mustPrivate(t, h.command(players[2], 0, "history", nil))
	var values []string
	for _, c := range hist.all() {
		if c.CustomID == "thist:board" {
			for _, o := range c.Options {
				values = append(values, o.Value)
			}
		}
	}
	if len(values) != 2 || values[0] != newer || values[1] != old {
		t.Fatalf("history options %v, want [%s %s]:\n%s", values, newer, old, hist.Content)
	}
	// The old table's final board: exactly its public view, at its last move.
	s := h.state(old)
	v, r := pastView(t, h.click(players[2], hist.ID, true, "thist:board", old))
	if !reflect.DeepEqual(v, s.PublicView()) || !strings.Contains(r.Content, fmt.Sprintf("Table %s after move %d of %d", old, s.Version, s.Version)) {
		t.Fatalf("history board of %s: %q", old, r.Content)
	}
	prev, _ := r.button("◀ previous")
	if v, _ := pastView(t, h.click(players[2], r.ID, true, prev.CustomID)); v.Version != s.Version-1 {
		t.Fatalf("◀ previous on a history board drew version %d", v.Version)
	}
	r = mustPrivate(t, h.click(players[2], hist.ID, true, "thist:log", newer))
	if !strings.Contains(r.Content, "Table "+newer+" — round 4") || !strings.Contains(r.Content, "Game over.") {
		t.Fatalf("history log of %s: %q", newer, r.Content)
	}
	// Forged picks: nothing of another table is shown.
	for _, c := range [][2]string{{"thist:board", elsewhere}, {"thist:log", elsewhere}, {"thist:board", running},
		{"thist:log", running}, {"thist:board", "nosuch"}, {"thist:peek", old}} {
		r := mustPrivate(t, h.clickForged(players[2], hist.ID, true, c[0], c[1]))
		if !strings.Contains(r.Content, "not one of ours") {
			t.Errorf("%s %s: %q", c[0], c[1], r.Content)
		}
	}
	// The other channel's history has its own table only.
	i := commandInteraction(players[0], 0, "history", nil)
	i["channel_id"], i["channel"] = otherChannel, map[string]any{"id": otherChannel, "type": 0}
	if r := mustPrivate(t, h.send(i)); !strings.Contains(r.Content, "Table "+elsewhere) || strings.Contains(r.Content, "Table "+old) {
		t.Fatalf("the other channel's history: %q", r.Content)
	}
}

// TestRematchKeepsTheTable: a rematch of an Arsenic game keeps the modules,
// the reminder interval and every setting (deadline, nudges, a player's
// quiet hours and DM notices, another's absence); it starts and plays with
// the same seats, and /tt history then lists the first game.
func TestRematchKeepsTheTable(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h := newHarness(t)
	lobby := boardPosts(t, h.command(players[0], 0, "new", map[string]any{"players": 3, "hours": 6, "arsenic": true, "deadline": 24}))[0]
	join, _ := lobby.button("Join")
	id := strings.Split(join.CustomID, ":")[1]
	h.command(players[1], 0, "join", nil)
	h.command(players[2], 0, "join", nil)
	h.command(players[0], 0, "start", nil)
	mustPrivate(t, h.command(players[0], 0, "settings", map[string]any{"nudges": 5}))
	mustPrivate(t, h.command(players[1], 0, "settings", map[string]any{"quiet": "22-07", "notify": "dm"}))
	mustPrivate(t, h.command(players[2], 0, "away", map[string]any{"hours": 200}))
	final := finishThroughBot(t, h, id)
	old := h.table(id)
	if old.Status != kit.StatusFinished || !tt.Options(old).Arsenic {
		t.Fatalf("first table %+v", old)
	}

	posts := boardPosts(t, h.click(players[1], final.ID, false, rematchID(t, final)))
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "Rematch of table "+id) {
		t.Fatalf("rematch posted %+v", posts)
	}
	re, err := h.m.store.TableInChannel(t.Context(), testChannel)
	if err != nil || re.ID == id || re.Status != kit.StatusLobby || re.Host != players[1] {
		t.Fatalf("rematch lobby %+v, %v", re, err)
	}
	if string(re.Options) != string(old.Options) || re.RemindEvery != 6*time.Hour || re.MaxPlayers != 3 {
		t.Errorf("rematch options %+v every %v max %d, want %+v every 6h max 3", re.Options, re.RemindEvery, re.MaxPlayers, old.Options)
	}
	st := re.Notes.Settings
	if st.Deadline != 24*time.Hour || st.Nudges != 5 || st.Quiet[players[1]] != (kit.Quiet{From: 22, To: 7}) || !st.DM[players[1]] ||
		!st.Away[players[2]].Equal(old.Notes.Settings.Away[players[2]]) {
		t.Errorf("rematch settings %+v, want those of %+v", st, old.Notes.Settings)
	}
	// It starts with the same seats, in the same order, with Arsenic.
	h.command(players[1], 0, "start", nil)
	re = h.table(re.ID)
	s := h.state(re.ID)
	if re.Status != kit.StatusRunning || s.NumSeats != 3 || !s.Options.Arsenic {
		t.Fatalf("rematch %v, %d seats, options %+v", re.Status, s.NumSeats, s.Options)
	}
	for k := range old.Seats {
		if re.Seats[k].UserID != old.Seats[k].UserID {
			t.Fatalf("rematch seats %+v, want %+v", re.Seats, old.Seats)
		}
	}
	advance(t, h.m, re.ID, func(s *tinners.State) bool { return s.Round == 2 })
	if r := mustPrivate(t, h.command(players[2], 0, "history", nil)); !strings.Contains(r.Content, "Table "+id) || strings.Contains(r.Content, "Table "+re.ID) {
		t.Fatalf("history during the rematch: %q", r.Content)
	}
}

package bot

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var breakdownRE = regexp.MustCompile(`(?m)^(.+?): (R1 -?\d+(?:, R\d -?\d+)*) · £(\d+) · (\d+) cubes?$`)

// TestAfterTheGame: the final post carries a score breakdown whose rounds
// add up to the final points, and a Rematch button that opens a lobby with
// the same players, the clicker as host; /tt history lists the game and
// /tt board at: still shows it.
func TestAfterTheGame(t *testing.T) {
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
			if seatName(seat) == m[1] {
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
	if err != nil || lobby.Status != StatusLobby || lobby.Host != players[2] || len(lobby.Seats) != 3 {
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

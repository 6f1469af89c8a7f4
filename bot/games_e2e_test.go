package bot

import (
	"strings"
	"testing"
	"time"
)

const otherChannel = "700000000000000003"

// commandIn runs /tt <sub> in channel ch.
func (h *harness) commandIn(ch, userID string, sub string, opts map[string]any) []fakeCall {
	h.t.Helper()
	i := commandInteraction(userID, 0, sub, opts)
	i["channel_id"], i["channel"] = ch, map[string]any{"id": ch, "type": 0}
	return h.send(i)
}

// TestGamesLists: /tt games lists the caller's running tables in the
// server, the ones waiting for them first, with whose turn, how long it
// has waited and a link; privately.
func TestGamesLists(t *testing.T) {
	h := newHarness(t)
	id1, d := toActionTurn(t, h)
	x := d.actor()
	y := players[0]
	if y == x {
		y = players[1]
	}
	// A second table, in another channel, where y must choose cards.
	calls := h.commandIn(otherChannel, y, "new", map[string]any{"players": 2})
	lobby := boardPosts(t, calls)[0]
	join, _ := lobby.button("Join")
	id2 := strings.Split(join.CustomID, ":")[1]
	h.commandIn(otherChannel, "500000000000000007", "join", nil)
	h.commandIn(otherChannel, y, "start", nil)
	h.clock.Add(3 * time.Hour)

	r := mustPrivate(t, h.command(y, 0, "games", nil))
	first := strings.Index(r.Content, "Table "+id2)
	second := strings.Index(r.Content, "Table "+id1)
	if first < 0 || second < 0 || first > second {
		t.Fatalf("games: want %s (your turn) before %s:\n%s", id2, id1, r.Content)
	}
	lines := strings.Split(r.Content, "\n")
	var mine, theirs string
	for _, l := range lines {
		if strings.Contains(l, "Table "+id2) {
			mine = l
		}
		if strings.Contains(l, "Table "+id1) {
			theirs = l
		}
	}
	if !strings.Contains(mine, "your turn") || !strings.Contains(mine, "<#"+otherChannel+">") || !strings.Contains(mine, "waiting 3 hours") {
		t.Errorf("own-turn line: %q", mine)
	}
	if !strings.Contains(theirs, "waiting for") || !strings.Contains(theirs, x) || strings.Contains(theirs, "your turn") {
		t.Errorf("other's-turn line: %q", theirs)
	}
	if !strings.Contains(r.Content, "https://discord.com/channels/"+testGuild+"/"+testChannel+"/"+d.board.ID) {
		t.Errorf("no jump link to the board:\n%s", r.Content)
	}
	// Someone with no table hears so.
	if r := mustPrivate(t, h.command("500000000000000009", 0, "games", nil)); !strings.Contains(r.Content, "no running table") {
		t.Errorf("games of a non-player: %q", r.Content)
	}
}

// lineOf is the line of text that names table id.
func lineOf(text, id string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "Table "+id) {
			return l
		}
	}
	return ""
}

// TestGamesShowsAway: /tt games says who is away at each table and until
// when, and the caller's own absence: none, at all their tables, or at some
// (a table joined after /tt away), each marked.
func TestGamesShowsAway(t *testing.T) {
	h := newHarness(t)
	id1, d := toActionTurn(t, h)
	x := d.actor()
	y := players[0]
	if y == x {
		y = players[1]
	}
	id2 := tableVia(t, h, testGuild, otherChannel, y, "500000000000000007")

	r := mustPrivate(t, h.command(y, 0, "games", nil))
	if !strings.Contains(r.Content, "You are not away") || strings.Contains(r.Content, "away:") {
		t.Fatalf("games, nobody away:\n%s", r.Content)
	}
	mustPrivate(t, h.command(x, 0, "away", map[string]any{"hours": 48}))
	h.clock.Add(time.Hour)
	r = mustPrivate(t, h.command(y, 0, "games", nil))
	tb1 := h.table(id1)
	if l := lineOf(r.Content, id1); !strings.Contains(l, "away: "+seatRef(tb1, tb1.SeatOf(x))+" until 2026-03-03 12:00 UTC") {
		t.Fatalf("games: %s's absence not shown at %s: %q", x, id1, l)
	}
	if l := lineOf(r.Content, id2); strings.Contains(l, "away") {
		t.Fatalf("games: an absence at %s, where nobody is away: %q", id2, l)
	}
	// The caller away at every table.
	mustPrivate(t, h.command(y, 0, "away", map[string]any{"hours": 10}))
	r = mustPrivate(t, h.command(y, 0, "games", nil))
	if !strings.Contains(r.Content, "You are **away** until 2026-03-01 23:00 UTC") || strings.Contains(r.Content, "**you** until") {
		t.Fatalf("games of an away player:\n%s", r.Content)
	}
	// A table joined later is not covered: the others are marked.
	id3 := tableVia(t, h, testGuild, "700000000000000004", "500000000000000008", y)
	r = mustPrivate(t, h.command(y, 0, "games", nil))
	if !strings.Contains(r.Content, "away** at 2 of these tables") {
		t.Fatalf("games, away at some tables:\n%s", r.Content)
	}
	for _, id := range []string{id1, id2} {
		if l := lineOf(r.Content, id); !strings.Contains(l, "**you** until 2026-03-01 23:00 UTC") {
			t.Errorf("games: own absence not marked at %s: %q", id, l)
		}
	}
	if l := lineOf(r.Content, id3); strings.Contains(l, "away") {
		t.Errorf("games: an absence at %s, joined later: %q", id3, l)
	}
	// Absences end by themselves.
	h.clock.Add(48 * time.Hour)
	r = mustPrivate(t, h.command(y, 0, "games", nil))
	if !strings.Contains(r.Content, "You are not away") || strings.Contains(r.Content, "away:") {
		t.Fatalf("games after every absence ended:\n%s", r.Content)
	}
}

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

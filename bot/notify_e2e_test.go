package bot

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// dmsTo returns the DM texts sent to user among calls, and whether a DM
// channel was opened for anyone else.
func dmsTo(t *testing.T, calls []fakeCall, user string) (texts []string, others []string) {
	t.Helper()
	for _, c := range calls {
		if c.Method == "POST" && c.Path == "/users/@me/channels" {
			var b struct {
				RecipientID string `json:"recipient_id"`
			}
			json.Unmarshal(c.Body, &b)
			if b.RecipientID != user {
				others = append(others, b.RecipientID)
			}
		}
		if c.Method == "POST" && c.Path == "/channels/"+fakediscord.DMChannelID(user)+"/messages" && c.Status < 300 {
			u := decode(t, c, false)
			if u.AllowedMentions == nil || len(u.AllowedMentions.Parse) != 0 || len(u.AllowedMentions.Users) != 0 {
				t.Fatalf("a DM may ping: %s", c.Body)
			}
			texts = append(texts, u.Content)
		}
	}
	return texts, others
}

// TestTurnNoticeByDM: a player who asks for DMs gets one with a link to the
// new board when a hand-off makes it their turn (besides the channel
// ping); nobody else gets DMs. When Discord refuses (50007, DMs closed)
// the ping still went out, and the player is told once, privately, at
// their next interaction; no DM is tried again (nor told) until the player
// sets /tt settings notify again.
func TestTurnNoticeByDM(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	x := players[1]
	if r := mustPrivate(t, h.command(x, 0, "settings", map[string]any{"notify": "dm"})); !strings.Contains(r.Content, "direct message with a link") {
		t.Fatalf("settings notify:dm: %q", r.Content)
	}
	if r := mustPrivate(t, h.command("500000000000000009", 0, "settings", map[string]any{"notify": "dm"})); !strings.Contains(r.Content, "seated") {
		t.Fatalf("a non-player set notices: %q", r.Content)
	}
	pingsX := func(b uiMsg) bool {
		return d.posted && b.AllowedMentions != nil && slices.Contains(b.AllowedMentions.Users, x)
	}
	untilHandoff := func() []fakeCall {
		t.Helper()
		n := h.fd.numCalls()
		d.turn()
		d.playUntil("a hand-off to "+x, pingsX)
		return h.fd.callsSince(n)
	}

	calls := untilHandoff()
	texts, others := dmsTo(t, calls, x)
	if len(others) > 0 {
		t.Fatalf("DMs opened for players who did not ask: %v", others)
	}
	if len(texts) == 0 {
		t.Fatal("no DM at the hand-off")
	}
	link := "https://discord.com/channels/" + testGuild + "/" + testChannel + "/" + d.board.ID
	last := texts[len(texts)-1]
	if !strings.Contains(last, "Your turn") || !strings.Contains(last, link) || !strings.Contains(last, id) {
		t.Fatalf("DM %q lacks the turn, the table or the link %s", last, link)
	}
	// Only the public ask line and the link: one line of words, one link.
	if lines := strings.Split(last, "\n"); len(lines) != 2 || strings.Count(last, "<@") != 0 {
		t.Fatalf("DM says more than the ask line and the link: %q", last)
	}

	// DMs closed: the ping is there, and the player hears of it once.
	fault := fakediscord.CannotMessageUser("POST", "/channels/"+fakediscord.DMChannelID(x)+"/messages", 1)
	h.fd.Inject(fault)
	calls = untilHandoff()
	if h.fd.PendingFaults() != 0 {
		t.Fatal("no DM was tried at the second hand-off")
	}
	if texts, _ := dmsTo(t, calls, x); len(texts) != 0 {
		t.Fatalf("a refused DM counted as sent: %v", texts)
	}
	if !pingsX(d.board) {
		t.Fatal("the board did not ping the player whose DM was refused")
	}
	if !h.table(id).Notes.DMRefused[x] {
		t.Fatal("the refusal was not kept")
	}
	r := mustPrivate(t, h.command(x, 0, "rules", nil))
	if !strings.Contains(r.Content, "📌") || !strings.Contains(r.Content, "did not let me send you a direct message") {
		t.Fatalf("the player was not told of the refused DM: %q", r.Content)
	}
	if r := mustPrivate(t, h.command(x, 0, "rules", nil)); strings.Contains(r.Content, "📌") {
		t.Fatalf("told twice: %q", r.Content)
	}
	// Refused once is enough: no DM is tried at the next hand-offs (each
	// would be refused again), and nothing more is told.
	for range 2 {
		calls = untilHandoff()
		if texts, others := dmsTo(t, calls, x); len(texts) != 0 || len(others) != 0 || tried(calls, x) {
			t.Fatalf("a DM was tried after the refusal: %v %v", texts, others)
		}
	}
	if r := mustPrivate(t, h.command(x, 0, "rules", nil)); strings.Contains(r.Content, "📌") {
		t.Fatalf("a refusal was told again: %q", r.Content)
	}
	// The player opens their DMs and says so with /tt settings notify: the
	// next notice arrives.
	mustPrivate(t, h.command(x, 0, "settings", map[string]any{"notify": "dm"}))
	if h.table(id).Notes.DMRefused[x] {
		t.Fatal("the refusal outlived /tt settings notify")
	}
	if texts, _ := dmsTo(t, untilHandoff(), x); len(texts) == 0 {
		t.Fatal("no DM once the player asked for them again")
	}
}

// tried reports whether calls opened a DM channel with user or posted in
// it.
func tried(calls []fakeCall, user string) bool {
	return slices.ContainsFunc(calls, func(c fakeCall) bool {
		return c.Method == "POST" && (c.Path == "/users/@me/channels" && strings.Contains(string(c.Body), user) ||
			c.Path == "/channels/"+fakediscord.DMChannelID(user)+"/messages")
	})
}

package bot

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// The outbox: a hand-off board is owed with the move and posted once,
// whatever Discord or the process does meanwhile (outbox.go).

const tableMessages = "/channels/" + testChannel + "/messages"

// passReady plays a fresh 3-player table up to an action turn and returns
// the table, the driver and the Pass button: passing hands off.
func passReady(t *testing.T, h *harness) (string, *driver, uiComp) {
	t.Helper()
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	d.playUntil("an action turn", func(b uiMsg) bool { return has(b, "Pass") })
	b, _ := d.board.button("Pass")
	return id, d, b
}

// liveBoards are the table channel's messages, as the fake keeps them,
// that still carry components (buttons or menus), oldest first.
func liveBoards(t *testing.T, h *harness) []uiMsg {
	t.Helper()
	var out []uiMsg
	for _, raw := range h.fd.Messages(testChannel) {
		var u uiMsg
		if err := json.Unmarshal(raw, &u); err != nil {
			t.Fatal(err)
		}
		if len(u.all()) > 0 {
			out = append(out, u)
		}
	}
	return out
}

// toPing are the users who must act at table id, but actor.
func toPing(h *harness, id, actor string) []string {
	tb := h.table(id)
	var out []string
	for _, k := range h.state(id).ToAct() {
		if u := tb.Seats[k].UserID; u != actor {
			out = append(out, u)
		}
	}
	return out
}

// owedPost reports whether table id owes a post.
func owedPost(h *harness, id string) bool {
	h.t.Helper()
	_, ok, err := h.m.outbox().PendingPost(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return ok
}

// waitPosted waits until table id owes nothing.
func waitPosted(t *testing.T, h *harness, id string, within time.Duration) {
	t.Helper()
	for end := time.Now().Add(within); owedPost(h, id); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("the owed board was not posted within %v; log:\n%s", within, h.logBuf.String())
		}
	}
}

// checkOneBoard checks that the channel has exactly the live boards it had
// before the hand-off (the new one replacing the old), that the newest is
// the table's board, and that it pings want.
func checkOneBoard(t *testing.T, h *harness, id string, before int, want []string) uiMsg {
	t.Helper()
	live := liveBoards(t, h)
	if len(live) != before {
		var ids []string
		for _, u := range live {
			ids = append(ids, u.ID)
		}
		t.Fatalf("%d live boards %v, want %d", len(live), ids, before)
	}
	b := live[len(live)-1]
	if tb := h.table(id); tb.BoardMsg != b.ID {
		t.Fatalf("the table's board is %s, the newest live board %s", tb.BoardMsg, b.ID)
	}
	if len(want) == 0 {
		t.Fatal("nobody to ping: the test did not hand off")
	}
	for _, u := range want {
		if b.AllowedMentions == nil || !slices.Contains(b.AllowedMentions.Users, u) || !strings.Contains(b.Content, "<@"+u+">") {
			t.Fatalf("the board does not ping %s: %q, %+v", u, b.Content, b.AllowedMentions)
		}
	}
	return b
}

// countPosts counts the POSTs to the table's channel among calls, by
// whether Discord accepted them.
func countPosts(calls []fakeCall) (ok, failed int) {
	for _, c := range calls {
		if c.Method == "POST" && c.Path == tableMessages {
			if c.Status == 200 {
				ok++
			} else {
				failed++
			}
		}
	}
	return ok, failed
}

// TestOutboxCreatedThen500: Discord creates the hand-off board but answers
// 500; the retry finds it in the channel instead of posting a second live
// board, and the player is told plainly "Done.".
func TestOutboxCreatedThen500(t *testing.T) {
	h := newHarness(t)
	id, d, b := passReady(t, h)
	before := len(liveBoards(t, h))
	actor := d.actor()
	h.inject(fakediscord.ServerErrorAfter("POST", tableMessages, 1, 500))
	calls := h.click(actor, d.board.ID, false, b.CustomID)
	checkOneBoard(t, h, id, before, toPing(h, id, actor))
	if ok, failed := countPosts(calls); ok != 0 || failed != 1 {
		t.Errorf("%d accepted and %d failed posts; want the one that failed (and was carried out)", ok, failed)
	}
	if r := mustPrivate(t, calls); !strings.HasPrefix(r.Content, "**Done.**") || strings.Contains(r.Content, "⚠️") || strings.Contains(r.Content, "shortly") {
		t.Errorf("reply %q", r.Content)
	}
	if owedPost(h, id) {
		t.Error("the board is still owed")
	}
}

// TestOutboxLasting503: a hand-off board Discord refuses for longer than
// the retry budget is owed: the reply says it will come, and the sender
// posts it, with the ping, once Discord takes it.
func TestOutboxLasting503(t *testing.T) {
	h := newHarnessWith(t, func(c *Config) { c.OutboxRetry = 50 * time.Millisecond })
	id, d, b := passReady(t, h)
	before := len(liveBoards(t, h))
	actor := d.actor()
	h.inject(fakediscord.ServerError("POST", tableMessages, 1000, 503))
	start := time.Now()
	calls := h.click(actor, d.board.ID, false, b.CustomID)
	if took := time.Since(start); took > 2*h.m.cfg.RetryBudget+time.Second {
		t.Errorf("the click took %v", took)
	}
	r := mustPrivate(t, calls)
	if !strings.Contains(r.Content, "I will post it here shortly") || strings.Contains(r.Content, "could not update") {
		t.Errorf("reply %q", r.Content)
	}
	if !owedPost(h, id) {
		t.Fatal("the board is not owed")
	}
	time.Sleep(300 * time.Millisecond) // the sender tries, and fails, meanwhile
	n := h.fd.NumCalls()
	h.fd.ClearFaults()
	waitPosted(t, h, id, 10*time.Second)
	checkOneBoard(t, h, id, before, toPing(h, id, actor))
	if ok, _ := countPosts(h.fd.CallsSince(n)); ok != 1 {
		t.Errorf("%d boards posted by the sender", ok)
	}
	// The sender logs the post just after it clears the entry.
	for end := time.Now().Add(5 * time.Second); !strings.Contains(h.logBuf.String(), "owed board posted"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("the sender's post was not logged:\n%s", h.logBuf.String())
		}
	}
}

// TestOutboxRestart: the process stops after the move is saved and before
// its board is posted (or after it was posted, the answer lost); the next
// process posts it once, with the ping.
func TestOutboxRestart(t *testing.T) {
	t.Run("not posted", func(t *testing.T) {
		h := newHarness(t)
		id, d, b := passReady(t, h)
		before := len(liveBoards(t, h))
		actor := d.actor()
		h.inject(fakediscord.ServerError("POST", tableMessages, 1000, 503))
		h.click(actor, d.board.ID, false, b.CustomID)
		h.stop()
		h.fd.ClearFaults()
		n := h.fd.NumCalls()
		h.start()
		waitPosted(t, h, id, 10*time.Second)
		checkOneBoard(t, h, id, before, toPing(h, id, actor))
		if ok, _ := countPosts(h.fd.CallsSince(n)); ok != 1 {
			t.Errorf("%d boards posted after the restart", ok)
		}
	})
	t.Run("posted, answer lost", func(t *testing.T) {
		h := newHarness(t)
		id, d, b := passReady(t, h)
		before := len(liveBoards(t, h))
		actor := d.actor()
		// Created but answered 500; the channel then cannot be read, so
		// whether it was created stays unknown: nothing is posted blindly.
		h.inject(fakediscord.ServerErrorAfter("POST", tableMessages, 1, 500))
		h.inject(fakediscord.ServerError("GET", tableMessages, 1000, 503))
		calls := h.click(actor, d.board.ID, false, b.CustomID)
		if ok, failed := countPosts(calls); ok+failed != 1 {
			t.Fatalf("%d posts sent while unsure", ok+failed)
		}
		if r := mustPrivate(t, calls); !strings.Contains(r.Content, "shortly") {
			t.Errorf("reply %q", r.Content)
		}
		h.stop()
		h.fd.ClearFaults()
		n := h.fd.NumCalls()
		h.start()
		waitPosted(t, h, id, 10*time.Second)
		checkOneBoard(t, h, id, before, toPing(h, id, actor))
		if ok, failed := countPosts(h.fd.CallsSince(n)); ok+failed != 0 {
			t.Errorf("%d posts after the restart; the board was there already", ok+failed)
		}
	})
}

// TestOutbox429: twenty 429s in a row on the table's channel: the click is
// done within the budget (bounded attempts), the table's lock is let go so
// that a /tt log at the same table is answered within Discord's 3 s, and
// the board follows with its ping once Discord takes it.
func TestOutbox429(t *testing.T) {
	h := newHarnessWith(t, func(c *Config) { c.OutboxRetry = 50 * time.Millisecond })
	id, d, b := passReady(t, h)
	before := len(liveBoards(t, h))
	actor := d.actor()
	h.inject(fakediscord.RateLimited("POST", tableMessages, 20, 500*time.Millisecond, false))
	type result struct {
		calls []fakeCall
		took  time.Duration
	}
	clicked := make(chan result, 1)
	go func() {
		start := time.Now()
		calls := h.click(actor, d.board.ID, false, b.CustomID)
		clicked <- result{calls, time.Since(start)}
	}()
	time.Sleep(200 * time.Millisecond)
	other := players[0]
	if other == actor {
		other = players[1]
	}
	start := time.Now()
	logCalls := h.command(other, 0, "log", nil)
	logTook := time.Since(start)
	r := <-clicked
	if logTook > 3*time.Second {
		t.Errorf("/tt log at the same table answered after %v", logTook)
	}
	if r.took > 3*time.Second {
		t.Errorf("the click took %v", r.took)
	}
	if ok, limited := countPosts(r.calls); ok != 0 || limited < 1 || limited > 5 {
		t.Errorf("during the click: %d posts accepted, %d rate-limited", ok, limited)
	}
	if rep := mustPrivate(t, r.calls); !strings.Contains(rep.Content, "shortly") {
		t.Errorf("reply %q", rep.Content)
	}
	if rep := mustPrivate(t, logCalls); rep.Content == "" {
		t.Error("/tt log: empty reply")
	}
	h.fd.ClearFaults()
	waitPosted(t, h, id, 10*time.Second)
	checkOneBoard(t, h, id, before, toPing(h, id, actor))
}

// TestCreatedThen500AnyPost: every post of a table, not only a hand-off
// (here the lobby and the first board), is looked for before it is sent
// again after a 5xx that may hide a created message.
func TestCreatedThen500AnyPost(t *testing.T) {
	h := newHarness(t)
	h.inject(fakediscord.ServerErrorAfter("POST", tableMessages, 1, 500))
	calls := h.command(players[0], 0, "new", map[string]any{"players": 3})
	if ok, failed := countPosts(calls); ok != 0 || failed != 1 {
		t.Fatalf("/tt new: %d accepted and %d failed posts", ok, failed)
	}
	msgs := h.fd.Messages(testChannel)
	tb, err := h.m.store.TableInChannel(context.Background(), testChannel)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 1 || idOfRaw(msgs[0]) != tb.BoardMsg {
		t.Fatalf("%d lobby messages; the table knows %q", len(msgs), tb.BoardMsg)
	}
	if r := mustPrivate(t, calls); !strings.Contains(r.Content, "You opened") {
		t.Errorf("reply %q", r.Content)
	}
	h.command(players[1], 0, "join", nil)
	h.command(players[2], 0, "join", nil)
	h.inject(fakediscord.ServerErrorAfter("POST", tableMessages, 1, 500))
	calls = h.command(players[0], 0, "start", nil)
	if ok, failed := countPosts(calls); ok != 0 || failed != 1 {
		t.Fatalf("/tt start: %d accepted and %d failed posts", ok, failed)
	}
	if live := liveBoards(t, h); len(live) != 1 || live[0].ID != h.table(tb.ID).BoardMsg {
		t.Fatalf("%d live boards after the start", len(live))
	}
}

func idOfRaw(m json.RawMessage) string {
	var v struct {
		ID string `json:"id"`
	}
	json.Unmarshal(m, &v)
	return v.ID
}

// TestOutboxLong429: a 429 asking for longer than the budget is not waited
// out with the table's lock held (three of 2 s made a move take 6 s): the
// click is answered at once and the sender posts the board when Discord
// allows.
func TestOutboxLong429(t *testing.T) {
	h := newHarnessWith(t, func(c *Config) { c.OutboxRetry = 50 * time.Millisecond })
	id, d, b := passReady(t, h)
	before := len(liveBoards(t, h))
	actor := d.actor()
	h.inject(fakediscord.RateLimited("POST", tableMessages, 3, 2500*time.Millisecond, false))
	start := time.Now()
	calls := h.click(actor, d.board.ID, false, b.CustomID)
	if took := time.Since(start); took > time.Second {
		t.Errorf("the click took %v", took)
	}
	if ok, limited := countPosts(calls); ok != 0 || limited != 1 {
		t.Errorf("during the click: %d posts accepted, %d rate-limited", ok, limited)
	}
	if rep := mustPrivate(t, calls); !strings.Contains(rep.Content, "shortly") {
		t.Errorf("reply %q", rep.Content)
	}
	waitPosted(t, h, id, 15*time.Second)
	checkOneBoard(t, h, id, before, toPing(h, id, actor))
	var at []time.Time
	for _, c := range h.fd.Calls() {
		if c.Method == "POST" && c.Path == tableMessages && c.Status == 429 || c.Method == "POST" && c.Path == tableMessages && c.Status == 200 && len(at) > 0 {
			at = append(at, c.At)
		}
	}
	for k := 1; k < len(at); k++ {
		if gap := at[k].Sub(at[k-1]); gap < 2400*time.Millisecond {
			t.Errorf("attempt %d came %v after a 429 asking for 2.5 s", k+1, gap)
		}
	}
}

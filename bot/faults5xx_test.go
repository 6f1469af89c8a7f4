package bot

import (
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// channelWrites are the calls that post or edit a message in the test
// channel, with their answers.
func channelWrites(calls []fakeCall) (ok, failed int) {
	for _, c := range calls {
		if strings.HasPrefix(c.Path, "/channels/"+testChannel+"/messages") && (c.Method == "POST" || c.Method == "PATCH") {
			if c.Status >= 500 {
				failed++
			} else if c.Status < 300 {
				ok++
			}
		}
	}
	return ok, failed
}

// TestFaultServerError: a post or edit answered 500/502/503 is retried
// with backoff: a passing error leaves no trace for the players (the move
// is applied once, its board shown, no warning); a lasting one is given
// up within the retry budget and reported as a failed post, with the move
// saved once and /tt board recovering. A 500 on the acknowledgement is
// retried too.
func TestFaultServerError(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	toPass := func() {
		t.Helper()
		d.playUntil("an action turn", func(b uiMsg) bool { return has(b, "Pass") })
	}
	pass := func() ([]fakeCall, time.Duration) {
		t.Helper()
		toPass() // reached before any fault is injected, which the turns before would meet
		b, _ := d.board.button("Pass")
		start := time.Now()
		calls := h.click(d.actor(), d.board.ID, false, b.CustomID)
		return calls, time.Since(start)
	}

	for _, status := range []int{500, 502} {
		before := len(h.actions(id))
		times := 2
		if status == 502 {
			times = 5 // discordgo tries a 502 four times at once before we see it
		}
		toPass()
		h.inject(fakediscord.ServerError("POST", "/channels/*/messages", times, status))
		h.inject(fakediscord.ServerError("PATCH", "/channels/*/messages/*", times, status))
		calls, _ := pass()
		h.fd.ClearFaults()
		ok, failed := channelWrites(calls)
		if failed == 0 || ok == 0 {
			t.Fatalf("%d: %d failed and %d accepted writes", status, failed, ok)
		}
		for _, c := range calls {
			if strings.HasPrefix(c.Path, "/webhooks/") && strings.Contains(string(c.Body), "could not") {
				t.Errorf("%d: a retried write was reported as failed: %s", status, c.Body)
			}
		}
		if after := h.actions(id); len(after) <= before || after[before] == "" {
			t.Fatalf("%d: the pass was not stored", status)
		} else if n := countSame(after[before:], after[before]); n != 1 {
			t.Fatalf("%d: the move was stored %d times: %v", status, n, after[before:])
		}
		if tb := h.table(id); tb.BoardMsg == "" || tb.Notes.Paused != "" {
			t.Fatalf("%d: table after the retries: board %q, paused %q", status, tb.BoardMsg, tb.Notes.Paused)
		}
		// Follow the board the click left.
		for _, c := range calls {
			if c.Status < 300 && c.Method == "PATCH" && c.Path == "/channels/"+testChannel+"/messages/"+d.board.ID && strings.Contains(string(c.Body), `"content"`) {
				u := decode(t, c, false)
				u.ID = d.board.ID
				d.board = u
			}
		}
		if posts := boardPosts(t, calls); len(posts) > 0 {
			d.board = posts[len(posts)-1]
		}
	}
	if !strings.Contains(h.logBuf.String(), "discord server error; retrying") {
		t.Error("the retries were not logged")
	}

	// A lasting 503: given up within the budget, told, recoverable.
	toPass()
	before := len(h.actions(id))
	h.inject(fakediscord.ServerError("POST", "/channels/*/messages", 1000, 503))
	h.inject(fakediscord.ServerError("PATCH", "/channels/*/messages/*", 1000, 503))
	calls, took := pass()
	h.fd.ClearFaults()
	_, failed := channelWrites(calls)
	t.Logf("a lasting 503: %d attempts, click handled in %v", failed, took)
	if took > 2*h.m.cfg.RetryBudget+time.Second {
		t.Errorf("a lasting 503 held the table for %v (budget %v)", took, h.m.cfg.RetryBudget)
	}
	if failed < 2 || failed > 12 {
		t.Errorf("%d attempts at a lasting 503", failed)
	}
	// The board is owed: the sender posts it once Discord takes it
	// (TestOutboxLasting503).
	if r := mustPrivate(t, calls); !strings.Contains(r.Content, "I will post it here shortly") {
		t.Errorf("reply after a lasting 503: %q", r.Content)
	}
	if after := h.actions(id); len(after) <= before || countSame(after[before:], after[before]) != 1 {
		t.Fatalf("the move under a lasting 503 was not stored once: %v", after[before:])
	}
	if !strings.Contains(h.logBuf.String(), "discord server error; giving up") {
		t.Error("giving up was not logged")
	}
	waitPosted(t, h, id, 10*time.Second)
	// The acknowledgement itself answered 500 once: it is sent again.
	h.inject(fakediscord.ServerError("POST", "/interactions/*/*/callback", 1, 500))
	calls = h.command(players[0], 0, "board", nil)
	if calls[0].Status != 500 || calls[1].Status != 204 || !strings.HasSuffix(calls[1].Path, "/callback") {
		t.Errorf("acknowledgement after a 500: %s %d, then %s %d", calls[0].Path, calls[0].Status, calls[1].Path, calls[1].Status)
	}
	if r := mustPrivate(t, calls); !strings.Contains(r.Content, "Board posted") || len(boardPosts(t, calls)) != 1 {
		t.Errorf("/tt board after a lasting 503: %q", r.Content)
	}
}

// countSame counts the actions in as equal to a.
func countSame(as []string, a string) int {
	n := 0
	for _, x := range as {
		if x == a {
			n++
		}
	}
	return n
}

// TestFaultServerErrorModalAck: a click that answers with a form (or, when
// refused, with a direct private answer) has no deferral before it; that
// first answer is retried on a 5xx like the acknowledgement. (Found by
// the load test: such a click went unanswered.)
func TestFaultServerErrorModalAck(t *testing.T) {
	h := newHarness(t)
	lobby := boardPosts(t, h.command(players[0], 0, "new", map[string]any{"players": 2}))[0]
	h.inject(fakediscord.ServerError("POST", "/interactions/*/*/callback", 1, 500))
	calls := h.clickForged(players[0], lobby.ID, false, "tq:nosuchtable/1") // forged: there is no such table
	var statuses []int
	for _, c := range calls {
		if strings.HasSuffix(c.Path, "/callback") {
			statuses = append(statuses, c.Status)
		}
	}
	if len(statuses) != 2 || statuses[0] != 500 || statuses[1] != 204 {
		t.Fatalf("callbacks answered %v; calls %+v", statuses, calls)
	}
}

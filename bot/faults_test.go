package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// TestFaultPreflight: without a permission it needs in the channel, the
// bot refuses /tt new (and the other posting commands and clicks) with a
// sentence naming what is missing, and creates or changes nothing.
func TestFaultPreflight(t *testing.T) {
	h := newHarness(t)
	noFiles := allPerms &^ discordgo.PermissionAttachFiles
	i := commandInteraction(players[0], 0, "new", map[string]any{"players": 3})
	i["app_permissions"] = fmt.Sprint(noFiles)
	calls := h.send(i)
	r := mustPrivate(t, calls)
	if !strings.Contains(r.Content, "**Attach Files**") || strings.Contains(r.Content, "Embed") ||
		!strings.Contains(r.Content, "Edit Channel → Permissions") {
		t.Errorf("refusal: %q", r.Content)
	}
	if len(boardPosts(t, calls)) != 0 {
		t.Error("a refused /tt new posted")
	}
	if _, err := h.m.store.TableInChannel(context.Background(), testChannel); !errors.Is(err, kit.ErrNotFound) {
		t.Fatalf("a refused /tt new left a table: %v", err)
	}

	// In a thread, Send Messages in Threads is what counts.
	i = commandInteraction(players[0], 0, "new", nil)
	i["app_permissions"] = fmt.Sprint(allPerms &^ discordgo.PermissionSendMessagesInThreads)
	i["channel"] = map[string]any{"id": testChannel, "type": 11}
	if r := mustPrivate(t, h.send(i)); !strings.Contains(r.Content, "**Send Messages in Threads**") || !strings.Contains(r.Content, "thread") {
		t.Errorf("thread refusal: %q", r.Content)
	}

	// With the permissions a table opens; then a join click and /tt start
	// without them are refused and change nothing.
	id, board := openTable(t, h)
	defer unchanged(t, h, id)()
	i = commandInteraction(players[0], 0, "board", nil)
	i["app_permissions"] = fmt.Sprint(allPerms &^ discordgo.PermissionViewChannel &^ discordgo.PermissionEmbedLinks)
	calls = h.send(i)
	if r := mustPrivate(t, calls); !strings.Contains(r.Content, "**View Channel** and **Embed Links**") || len(boardPosts(t, calls)) != 0 {
		t.Errorf("board refusal: %q", r.Content)
	}
	click := map[string]any{"type": 3, "member": member("500000000000000009", 0), "app_permissions": fmt.Sprint(noFiles),
		"message": map[string]any{"id": board.ID, "channel_id": testChannel, "flags": 0, "content": ""},
		"data":    map[string]any{"custom_id": "tl:" + id + ":join", "component_type": 2}}
	// A lobby button on the board: forged, but refused before anything is read.
	if r := mustPrivate(t, h.sendForged(click)); !strings.Contains(r.Content, "**Attach Files**") {
		t.Errorf("click refusal: %q", r.Content)
	}
}

func (h *harness) inject(fl fakediscord.Fault) { h.fd.Inject(fl) }

func noEmptyEdits(t *testing.T, calls []fakeCall) {
	t.Helper()
	for _, c := range calls {
		if c.Method == "PATCH" && strings.HasSuffix(c.Path, "/messages/") {
			t.Fatalf("edit sent with an empty message ID: %s", c.Path)
		}
	}
}

// TestFaultLobbyPostRefused: when Discord refuses the lobby message, the
// host is told, no table is left blocking the channel, and /tt new works
// once the channel is fixed.
func TestFaultLobbyPostRefused(t *testing.T) {
	h := newHarness(t)
	for _, fl := range []fakediscord.Fault{
		fakediscord.MissingPermissions("POST", "/channels/*/messages", 1),
		fakediscord.MissingAccess("POST", "/channels/*/messages", 1),
		fakediscord.UnknownChannel("POST", "/channels/*/messages", 1),
	} {
		h.inject(fl)
		r := mustPrivate(t, h.command(players[0], 0, "new", nil))
		if strings.Contains(r.Content, "You opened") || !strings.Contains(r.Content, "could not post the table") || !strings.Contains(r.Content, "Nothing was opened") {
			t.Errorf("reply after a refused lobby post: %q", r.Content)
		}
		if _, err := h.m.store.TableInChannel(context.Background(), testChannel); !errors.Is(err, kit.ErrNotFound) {
			t.Fatalf("a table blocks the channel after a failed lobby post: %v", err)
		}
	}
	if !strings.Contains(h.logBuf.String(), "trouble=forbidden") {
		t.Error("the refusal was not logged")
	}
	openTable(t, h)
}

// TestFaultBoardRefused: a lost permission makes /tt board say it failed
// (not "Board posted."), pauses the reminders and says so; once posting
// works, /tt board posts and the reminders come back.
func TestFaultBoardRefused(t *testing.T) {
	h := newHarness(t)
	id, _ := openTable(t, h)
	if h.table(id).NextRemind.IsZero() {
		t.Fatal("a running table has no reminder")
	}
	h.inject(fakediscord.MissingPermissions("POST", "/channels/*/messages", 1))
	calls := h.command(players[1], 0, "board", nil)
	r := mustPrivate(t, calls)
	if strings.Contains(r.Content, "Board posted") || !strings.Contains(r.Content, "could not post the board") || !strings.Contains(r.Content, "paused") {
		t.Errorf("reply: %q", r.Content)
	}
	tb := h.table(id)
	if !tb.NextRemind.IsZero() || tb.Notes.Paused == "" || tb.BoardMsg != "" {
		t.Errorf("after the failure: next reminder %v, paused %q, board %q", tb.NextRemind, tb.Notes.Paused, tb.BoardMsg)
	}
	// Whoever uses the table next hears about it.
	if r := mustPrivate(t, h.command(players[2], 0, "log", nil)); !strings.Contains(r.Content, "reminders are paused") {
		t.Errorf("next user not told: %q", r.Content)
	}
	calls = h.command(players[1], 0, "board", nil)
	noEmptyEdits(t, calls)
	r = mustPrivate(t, calls)
	if !strings.Contains(r.Content, "Board posted") || !strings.Contains(r.Content, "back on") || len(boardPosts(t, calls)) != 1 {
		t.Errorf("recovery reply: %q", r.Content)
	}
	if tb := h.table(id); tb.NextRemind.IsZero() || tb.Notes.Paused != "" || tb.BoardMsg == "" {
		t.Errorf("after recovery: %+v", tb)
	}
}

// TestFaultStartBoardRefused: the game starts (that is stored) but its
// board cannot be posted: the host is told so, no edit goes out with an
// empty message ID, and /tt board posts the board with the account.
func TestFaultStartBoardRefused(t *testing.T) {
	h := newHarness(t)
	calls := h.command(players[0], 0, "new", map[string]any{"players": 3})
	lobby := boardPosts(t, calls)[0]
	h.command(players[1], 0, "join", nil)
	h.command(players[2], 0, "join", nil)
	h.inject(fakediscord.MissingPermissions("POST", "/channels/*/messages", 1))
	calls = h.command(players[0], 0, "start", nil)
	r := mustPrivate(t, calls)
	if !strings.Contains(r.Content, "could not post its board") || !strings.Contains(r.Content, "/tt board") {
		t.Errorf("start reply: %q", r.Content)
	}
	tb, err := h.m.store.TableInChannel(context.Background(), testChannel)
	if err != nil || tb.Status != kit.StatusRunning || tb.BoardMsg != "" || len(tb.Notes.Pending) == 0 {
		t.Fatalf("after a failed start post: %+v, %v", tb, err)
	}
	_ = lobby
	calls = h.command(players[0], 0, "board", nil)
	noEmptyEdits(t, calls)
	posts := boardPosts(t, calls)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "The game begins") {
		t.Fatalf("recovery post: %+v", posts)
	}
	if tb := h.table(tb.ID); tb.BoardMsg != posts[0].ID || len(tb.Notes.Pending) != 0 {
		t.Errorf("board not remembered: %+v", tb)
	}
}

// TestFaultDeletedLobbyMessage: an edit of a deleted table message (404
// 10008) is followed by a new post, which becomes the table's message.
func TestFaultDeletedLobbyMessage(t *testing.T) {
	h := newHarness(t)
	lobby := boardPosts(t, h.command(players[0], 0, "new", map[string]any{"players": 3}))[0]
	h.inject(fakediscord.UnknownMessage("PATCH", "/channels/*/messages/*", 1))
	calls := h.command(players[1], 0, "join", nil)
	posts := boardPosts(t, calls)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, players[1]) || !posts[0].hasButton("Join") {
		t.Fatalf("deleted lobby not re-posted: %+v", posts)
	}
	if r := mustPrivate(t, calls); !strings.Contains(r.Content, "You joined") || strings.Contains(r.Content, "could not") {
		t.Errorf("reply: %q", r.Content)
	}
	tb, _ := h.m.store.TableInChannel(context.Background(), testChannel)
	if tb.BoardMsg != posts[0].ID || tb.BoardMsg == lobby.ID {
		t.Errorf("table message %s, want the new post %s", tb.BoardMsg, posts[0].ID)
	}
}

// TestFaultArchivedThread: a post into an archived thread unarchives it
// and goes through; when the bot may not unarchive it, the user is told.
func TestFaultArchivedThread(t *testing.T) {
	h := newHarness(t)
	h.inject(fakediscord.ArchivedThread("POST", "/channels/*/messages", 1))
	calls := h.command(players[0], 0, "new", nil)
	var unarchived bool
	for _, c := range calls {
		unarchived = unarchived || c.Method == "PATCH" && c.Path == "/channels/"+testChannel && strings.Contains(string(c.Body), `"archived":false`)
	}
	if r := mustPrivate(t, calls); !unarchived || len(boardPosts(t, calls)) != 2 || !strings.Contains(r.Content, "You opened") {
		t.Fatalf("unarchive %v, reply %q", unarchived, r.Content)
	}
	h.inject(fakediscord.ArchivedThread("POST", "/channels/*/messages", 1))
	h.inject(fakediscord.MissingPermissions("PATCH", "/channels/*", 1))
	if r := mustPrivate(t, h.command(players[0], 0, "board", nil)); !strings.Contains(r.Content, "archived") || strings.Contains(r.Content, "posted.") {
		t.Errorf("reply: %q", r.Content)
	}
}

// TestFaultRateLimited: a 429 (per route, then global) delays the post,
// which then goes out once; the interaction is answered normally.
func TestFaultRateLimited(t *testing.T) {
	h := newHarness(t)
	h.inject(fakediscord.RateLimited("POST", "/channels/*/messages", 1, 100*time.Millisecond, false))
	calls := h.command(players[0], 0, "new", map[string]any{"players": 3})
	var limited, ok int
	for _, c := range calls {
		if c.Method == "POST" && strings.HasPrefix(c.Path, "/channels/") {
			if c.Status == 429 {
				limited++
			} else if c.Status == 200 {
				ok++
			}
		}
	}
	if limited != 1 || ok != 1 || !strings.Contains(mustPrivate(t, calls).Content, "You opened") {
		t.Fatalf("429: %d limited, %d posted", limited, ok)
	}
	h.inject(fakediscord.RateLimited("PATCH", "/channels/*/messages/*", 1, 100*time.Millisecond, true))
	calls = h.command(players[1], 0, "join", nil)
	if r := mustPrivate(t, calls); !strings.Contains(r.Content, "You joined") {
		t.Errorf("join after a global 429: %q", r.Content)
	}
	if tb, _ := h.m.store.TableInChannel(context.Background(), testChannel); len(tb.Seats) != 2 {
		t.Errorf("seats: %+v", tb.Seats)
	}
}

// TestFaultReminderBackoff: a failing reminder is retried later and later,
// then given up (paused) after maxRemindFails, with a log line each time.
func TestFaultReminderBackoff(t *testing.T) {
	h := newHarness(t)
	id, _ := openTable(t, h)
	h.clock.Add(13 * time.Hour)
	h.inject(fakediscord.ServerError("POST", "/channels/*/messages", 100, 500))
	var prev time.Duration
	for n := 1; n <= maxRemindFails; n++ {
		before := h.fd.numCalls()
		h.m.remindDue(context.Background())
		// The first attempt posts; each later one first looks among the
		// channel's messages for the post a 500 may have made after all.
		calls := h.fd.callsSince(before)
		if want := min(n, 2); len(calls) != want || calls[len(calls)-1].Method != "POST" || n > 1 && calls[0].Method != "GET" {
			t.Fatalf("attempt %d: %d calls, want %d", n, len(calls), want)
		}
		tb := h.table(id)
		if tb.Notes.RemindFails != n {
			t.Fatalf("fails %d, want %d", tb.Notes.RemindFails, n)
		}
		if n == maxRemindFails {
			if !tb.NextRemind.IsZero() || tb.Notes.Paused == "" {
				t.Fatalf("not given up: %+v", tb)
			}
			break
		}
		wait := tb.NextRemind.Sub(h.clock.Now())
		if wait <= prev || wait > 12*time.Hour {
			t.Fatalf("attempt %d: next in %v after %v", n, wait, prev)
		}
		prev = wait
		// Not due before then.
		before = h.fd.numCalls()
		h.m.remindDue(context.Background())
		if h.fd.numCalls() != before {
			t.Fatal("retried before its time")
		}
		h.clock.Add(wait)
	}
	if !strings.Contains(h.logBuf.String(), "reminders paused") {
		t.Error("giving up was not logged")
	}
	before := h.fd.numCalls()
	h.clock.Add(48 * time.Hour)
	h.m.remindDue(context.Background())
	if h.fd.numCalls() != before {
		t.Error("a paused table was reminded")
	}
}

// TestFaultReminderCreatedThen500: a reminder Discord made but answered
// with a 500 is found among the channel's messages when it is tried
// again, and not posted a second time; the next nudge comes as usual.
func TestFaultReminderCreatedThen500(t *testing.T) {
	h := newHarness(t)
	id, _ := openTable(t, h)
	h.clock.Add(13 * time.Hour)
	nudges := func() (n int) {
		for _, c := range h.fd.Calls() {
			if c.Method == "POST" && c.Path == "/channels/"+testChannel+"/messages" && c.Status == 200 && strings.Contains(string(c.Body), "⏰") {
				n++
			}
		}
		return n
	}
	h.inject(fakediscord.ServerErrorAfter("POST", "/channels/*/messages", 1, 500))
	h.m.remindDue(context.Background())
	if tb := h.table(id); tb.Notes.RemindFails != 1 || tb.Notes.Wait.Posting != "n1" {
		t.Fatalf("after the 500: fails %d, posting %q", tb.Notes.RemindFails, tb.Notes.Wait.Posting)
	}
	h.clock.Add(time.Hour)
	before := h.fd.numCalls()
	h.m.remindDue(context.Background())
	for _, c := range h.fd.callsSince(before) {
		if c.Method == "POST" {
			t.Fatalf("the reminder made before the 500 was posted again: %s", c.Body)
		}
	}
	tb := h.table(id)
	if tb.Notes.Wait.Nudges != 1 || tb.Notes.Wait.Posting != "" || tb.Notes.RemindFails != 0 {
		t.Fatalf("after the look: %+v, fails %d", tb.Notes.Wait, tb.Notes.RemindFails)
	}
	h.clock.Add(48 * time.Hour)
	h.m.remindDue(context.Background())
	if tb := h.table(id); tb.Notes.Wait.Nudges != 2 {
		t.Fatalf("the second nudge: %+v", tb.Notes.Wait)
	}
	if n := nudges(); n != 1 {
		// The 500's post is not in the calls as a 200: only the second.
		t.Fatalf("%d reminders answered 200, want the second nudge only", n)
	}
}

// TestFaultGatewayDrop: after the gateway connection drops (abruptly, or
// with a resumable close code), discordgo resumes and a click dispatched
// after the reconnect is handled and applied once.
func TestFaultGatewayDrop(t *testing.T) {
	h := newHarness(t)
	id, _ := openTable(t, h)
	for n, code := range []int{0, 4000} {
		if h.fd.DropGateway(code) != 1 {
			t.Fatal("no gateway connection to drop")
		}
		if err := h.fd.WaitUntil("resume", 0, func(_ []fakeCall, conns int) bool { return conns > 0 }); err != nil {
			t.Fatal(err)
		}
		if _, res := h.fd.Sessions(); res != n+1 {
			t.Fatalf("drop %d: %d resumes", code, res)
		}
		ver := h.state(id).Version
		calls := h.command(players[1], 0, "board", nil)
		if len(boardPosts(t, calls)) != 1 || h.state(id).Version != ver {
			t.Fatalf("after drop %d: %d posts, version %d → %d", code, len(boardPosts(t, calls)), ver, h.state(id).Version)
		}
	}
	if id, _ := h.fd.Sessions(); id != 1 {
		t.Errorf("identified %d times; a resume should do", id)
	}
}

// TestFaultGatewayFatal: a fatal close code (4004: the token was reset)
// ends Run with an error naming it, and a clear log line.
func TestFaultGatewayFatal(t *testing.T) {
	h := newHarness(t)
	h.fd.DropGateway(4004)
	select {
	case err := <-h.done:
		if err == nil || !strings.Contains(err.Error(), "4004") {
			t.Fatalf("Run returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop after close code 4004")
	}
	if err := h.m.Close(); err != nil {
		t.Error(err)
	}
	h.m = nil
	if !strings.Contains(h.logBuf.String(), "not reconnecting") || !strings.Contains(h.logBuf.String(), "close_code=4004") {
		t.Errorf("log: %s", h.logBuf.String())
	}
}

// TestFaultGatewayOps: Discord's op 7 (reconnect) makes discordgo close
// and resume on a new connection; op 9 (invalid session, not resumable)
// makes it identify afresh on the same one (a resumable op 9 too). After each, a click is handled
// and applied once, and nothing is handled twice or logged as an error.
func TestFaultGatewayOps(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	move := func(after string) {
		t.Helper()
		before, steps := len(h.actions(id)), d.steps
		n := h.fd.numCalls()
		d.turn()
		acks := 0
		for _, c := range h.fd.callsSince(n) {
			if strings.HasSuffix(c.Path, "/callback") {
				acks++
			}
		}
		added := h.actions(id)[before:]
		if len(added) == 0 || countSame(added, added[0]) != 1 {
			t.Fatalf("after %s: actions added %v", after, added)
		}
		if acks != d.steps-steps {
			t.Fatalf("after %s: %d acknowledgements for %d interactions", after, acks, d.steps-steps)
		}
	}
	id0, res0 := h.fd.Sessions()
	logged := len(h.logBuf.String())

	if h.fd.Reconnect() != 1 {
		t.Fatal("no gateway connection for op 7")
	}
	if err := h.fd.WaitSessions("resume after op 7", 0, func(i, r, conns int) bool { return r == res0+1 && conns == 1 }); err != nil {
		t.Fatal(err)
	}
	move("op 7")
	if i, r := h.fd.Sessions(); i != id0 || r != res0+1 {
		t.Errorf("op 7: identified %d→%d, resumed %d→%d; want one resume", id0, i, res0, r)
	}

	if h.fd.InvalidSession(false) != 1 {
		t.Fatal("no gateway connection for op 9")
	}
	if err := h.fd.WaitSessions("identify after op 9", 0, func(i, r, conns int) bool { return i == id0+1 && conns == 1 }); err != nil {
		t.Fatal(err)
	}
	move("op 9")
	if i, r := h.fd.Sessions(); i != id0+1 || r != res0+1 {
		t.Errorf("op 9: identified %d→%d, resumed %d→%d; want one identify", id0, i, res0, r)
	}
	// Op 9 with d=true (resumable): discordgo identifies anyway.
	h.fd.InvalidSession(true)
	if err := h.fd.WaitSessions("identify after op 9 (resumable)", 0, func(i, r, conns int) bool { return i == id0+2 && conns == 1 }); err != nil {
		t.Fatal(err)
	}
	move("op 9, resumable")
	// discordgo's log is shared by every Main in the process (an earlier
	// test's session may still be dialling a closed fake): only the bot's
	// own errors count.
	for _, l := range strings.Split(h.logBuf.String()[logged:], "\n") {
		if strings.Contains(l, "level=ERROR") && !strings.Contains(l, "msg=discordgo") {
			t.Errorf("error logged across op 7 and op 9: %s", l)
		}
	}
}

// TestFaultRateLimitedAck: a 429 on the acknowledgement is waited out
// while the answer can still reach Discord within its 3 s (the wait is
// 1.5 s, more than half the retry budget): /tt join is acknowledged and
// applied once. One whose retry_after runs past the window is given up
// before anything is handled: nothing is applied, and the same command
// again (the player's only recourse) applies it once.
func TestFaultRateLimitedAck(t *testing.T) {
	if harnessViaHTTP() {
		t.Skip("HTTP mode: the acknowledgement is the answer to Discord's POST, not a REST call")
	}
	h := newHarness(t)
	h.command(players[0], 0, "new", map[string]any{"players": 3})
	seats := func() int {
		t.Helper()
		tb, err := h.m.store.TableInChannel(context.Background(), testChannel)
		if err != nil {
			t.Fatal(err)
		}
		return len(tb.Seats)
	}
	callbacks := func(calls []fakeCall) []int {
		var st []int
		for _, c := range calls {
			if strings.HasSuffix(c.Path, "/callback") {
				st = append(st, c.Status)
			}
		}
		return st
	}

	h.inject(fakediscord.RateLimited("POST", "/interactions/*/*/callback", 1, 1500*time.Millisecond, false))
	start := time.Now()
	calls := h.command(players[1], 0, "join", nil)
	if st := callbacks(calls); len(st) != 2 || st[0] != 429 || st[1] != 204 {
		t.Fatalf("acknowledgement after a 1.5 s 429: callbacks answered %v", st)
	}
	if took := time.Since(start); took < 1500*time.Millisecond {
		t.Errorf("the 429's retry_after was not waited out: acknowledged after %v", took)
	}
	if r := mustPrivate(t, calls); !strings.Contains(r.Content, "You joined") {
		t.Errorf("reply after a waited-out 429: %q", r.Content)
	}
	if n := seats(); n != 2 {
		t.Fatalf("after a join acknowledged late: %d seats, want 2", n)
	}

	h.inject(fakediscord.RateLimited("POST", "/interactions/*/*/callback", 1, 3*time.Second, false))
	calls = h.command(players[2], 0, "join", nil)
	if st := callbacks(calls); len(st) != 1 || st[0] != 429 {
		t.Fatalf("acknowledgement after a 3 s 429: callbacks answered %v", st)
	}
	if len(calls) != 1 {
		t.Errorf("an interaction given up sent more: %+v", calls)
	}
	if n := seats(); n != 2 {
		t.Fatalf("a join given up was applied: %d seats, want 2", n)
	}
	if !strings.Contains(h.logBuf.String(), "discord rate limit; giving up") {
		t.Error("giving up was not logged")
	}
	if r := mustPrivate(t, h.command(players[2], 0, "join", nil)); !strings.Contains(r.Content, "You joined") {
		t.Errorf("the join clicked again: %q", r.Content)
	}
	if n := seats(); n != 3 {
		t.Fatalf("the join clicked again: %d seats, want 3", n)
	}
}

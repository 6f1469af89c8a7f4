package bot

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/storage"
	"github.com/tinnersbot/tinnersbot/storage/pgtest"
)

// The package's PostgreSQL tests share one throwaway cluster, started on
// first use and removed at the end (storage/pgtest).
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// twoProcesses starts two bots ("processes": two Mains, each with its own
// interactions endpoint, game cache and owner) in HTTP mode on one fresh
// PostgreSQL database, talking to one fake Discord, with one clock.
// Interactions go to whichever was named last by here. idle is how often
// each sender looks for owed posts (0: the default, a minute).
func twoProcesses(t *testing.T, idle time.Duration) (a, b *harness) {
	t.Helper()
	a = firstProcess(t, idle)
	b = a.another(idle)
	return a, b
}

// firstProcess starts one bot in HTTP mode on a fresh PostgreSQL database.
func firstProcess(t *testing.T, idle time.Duration) *harness {
	t.Helper()
	t.Setenv(harnessHTTPEnv, "1")
	return process(t, newFakeDiscord(t), &testClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}, pgtest.URL(t), 0, idle)
}

// another starts a second process on h's database, fake Discord and clock.
func (h *harness) another(idle time.Duration) *harness {
	h.t.Helper()
	o := process(h.t, h.fd, h.clock, h.dbPath, 1_000_000, idle) // interaction IDs of its own
	if o.m.leases() == nil || h.m != nil && o.m.cfg.Owner == h.m.cfg.Owner {
		h.t.Fatalf("a second process on PostgreSQL without leases of its own (owner %q)", o.m.cfg.Owner)
	}
	return o
}

func process(t *testing.T, fd *fakeDiscord, clock *testClock, url string, n int, idle time.Duration) *harness {
	t.Helper()
	h := &harness{t: t, fd: fd, clock: clock, dbPath: url, viaHTTP: true, n: n,
		handled: map[string]chan struct{}{}, users: map[string]string{}, logBuf: &syncBuf{},
		tweak: func(c *Config) {
			c.BackupSocket = "" // PostgreSQL: backups are pg_dump's
			c.OutboxIdle, c.OutboxRetry = idle, 20*time.Millisecond
		}}
	h.start()
	t.Cleanup(h.stop)
	return h
}

// here points the fake Discord's deliveries at h's endpoint.
func (h *harness) here() *harness { h.fd.DeliverTo(h.endpoint); return h }

// TestTwoProcessesOneClickApplies: a board's button clicked twice, once
// through each process, is applied once; the second click is refused as
// stale with the usual answer. Then the game is played on with every step
// sent to the other process than the last: each process's cached game is
// used only when it is the stored version, so no move is refused or
// played on a state the other process has moved past.
func TestTwoProcessesOneClickApplies(t *testing.T) {
	a, b := twoProcesses(t, 0)
	id, d, pass := passReady(t, a.here())
	actor := d.actor()
	v := a.state(id).Version
	// b reads the game first (/tt board, which posts the board anew), so
	// that its cache holds version v.
	if posts := boardPosts(t, b.here().command(actor, 0, "board", nil)); len(posts) == 1 {
		d.board = posts[0]
		pass, _ = d.board.button("Pass")
	} else {
		t.Fatalf("/tt board through b: %d boards posted", len(posts))
	}
	calls := a.here().click(actor, d.board.ID, false, pass.CustomID)
	if got := b.state(id).Version; got <= v {
		r, _ := privateReply(t, calls)
		t.Fatalf("the click through a was not applied: version %d, was %d; reply %q", got, v, r.Content)
	}
	after := a.state(id).Version
	r := mustPrivate(t, b.here().click(actor, d.board.ID, false, pass.CustomID))
	if !strings.Contains(r.Content, "This board has moved on") {
		t.Errorf("the second click, through b: %q", r.Content)
	}
	if got := a.state(id).Version; got != after {
		t.Fatalf("the second click changed the game: version %d, want %d", got, after)
	}

	// Play on, alternating processes, from the board now current.
	d.board = liveBoards(t, a)[len(liveBoards(t, a))-1]
	hs := []*harness{a, b}
	for k := 0; k < 12; k++ {
		h := hs[k%2].here()
		d.h, d.c.h = h, h
		before := h.state(id).Version
		d.turn()
		if got := hs[(k+1)%2].state(id).Version; got <= before {
			t.Fatalf("step %d through process %d applied nothing (version %d); log:\n%s", k, k%2, got, h.logBuf.String())
		}
	}
}

// TestTwoProcessesOneReminder: a reminder falls due while both processes
// run, and both tick at once: it is sent once.
func TestTwoProcessesOneReminder(t *testing.T) {
	a, b := twoProcesses(t, 0)
	id, d := toActionTurn(t, a.here())
	waiting := d.actor()
	a.clock.Add(12 * time.Hour)
	// Discord answers the post slowly: without the lease, both would have
	// read the reminder as due before either noted it sent.
	a.inject(fakediscord.Slow("POST", tableMessages, 2, 300*time.Millisecond))
	n := a.fd.numCalls()
	var wg sync.WaitGroup
	for _, h := range []*harness{a, b} {
		wg.Add(1)
		go func() { defer wg.Done(); h.m.remindDue(context.Background()) }()
	}
	wg.Wait()
	wantPost(t, boardPosts(t, a.fd.callsSince(n)), []string{waiting}, "reminder 1 of 3")
	if tb := b.table(id); tb.Notes.Wait.Nudges != 1 {
		t.Errorf("nudges %d after one reminder", tb.Notes.Wait.Nudges)
	}
}

// TestTwoProcessesTakeOver: a process dies holding the lease of an owed
// hand-off post (stopped without releasing, as a crash leaves it): the
// other process does not post it while the lease lasts, and posts it, once,
// when the lease has expired.
func TestTwoProcessesTakeOver(t *testing.T) {
	a := firstProcess(t, 50*time.Millisecond)
	id, d, pass := passReady(t, a.here())
	before := len(liveBoards(t, a))
	actor := d.actor()
	a.inject(fakediscord.ServerError("POST", tableMessages, 1000, 503))
	a.click(actor, d.board.ID, false, pass.CustomID)
	if !owedPost(a, id) {
		t.Fatal("the hand-off is not owed")
	}
	owner, ttl := a.m.cfg.Owner, a.m.cfg.LeaseTTL
	a.stop()
	// What a crash mid-post leaves: a's live lease on the post.
	st, err := storage.Open(a.dbPath, storage.Options{Now: a.clock.Now, Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if ok, err := st.Claim(context.Background(), leaseOutbox, id, owner, a.clock.Now().Add(ttl)); err != nil || !ok {
		t.Fatalf("claim as the dead process: %v %v", ok, err)
	}
	a.fd.ClearFaults()
	n := a.fd.NumCalls()
	b := a.another(50 * time.Millisecond)
	time.Sleep(300 * time.Millisecond) // b's sender looks every 50 ms
	if ok, failed := countPosts(a.fd.CallsSince(n)); ok+failed != 0 || !owedPost(b, id) {
		t.Fatalf("b posted (%d, %d failed) while the dead process's lease lasted", ok, failed)
	}
	a.clock.Add(ttl + time.Second)
	waitPosted(t, b, id, 10*time.Second)
	checkOneBoard(t, b, id, before, toPing(b, id, actor))
	if ok, _ := countPosts(a.fd.CallsSince(n)); ok != 1 {
		t.Errorf("%d boards posted after the take-over", ok)
	}
}

// TestUnderLeaseCancelledKeepsLease: work cut off by its context's end
// (a process stopping mid-way) leaves its lease to expire rather than
// releasing it; finished work releases it at once.
func TestUnderLeaseCancelledKeepsLease(t *testing.T) {
	a, b := twoProcesses(t, 0)
	bg := context.Background()
	ran, err := a.m.underLease(bg, leaseRemind, "g1", func(context.Context) error { return nil })
	if !ran || err != nil {
		t.Fatalf("first lease: %v %v", ran, err)
	}
	if ran, _ := b.m.underLease(bg, leaseRemind, "g1", func(context.Context) error { return nil }); !ran {
		t.Fatal("a finished lease was not released")
	}
	ctx, cancel := context.WithCancel(bg)
	ran, _ = a.m.underLease(ctx, leaseRemind, "g2", func(context.Context) error {
		cancel()
		// Meanwhile the other process finds the work taken.
		if ran, _ := b.m.underLease(bg, leaseRemind, "g2", func(context.Context) error { return nil }); ran {
			t.Error("two processes held one lease")
		}
		return nil
	})
	if !ran {
		t.Fatal("second lease not taken")
	}
	if ran, _ := b.m.underLease(bg, leaseRemind, "g2", func(context.Context) error { return nil }); ran {
		t.Fatal("a lease cut off mid-way was released")
	}
	a.clock.Add(a.m.cfg.LeaseTTL + time.Second)
	if ran, _ := b.m.underLease(bg, leaseRemind, "g2", func(context.Context) error { return nil }); !ran {
		t.Fatal("an expired lease was not taken over")
	}
}

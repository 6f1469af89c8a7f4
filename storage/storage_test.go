package storage

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

func TestLobbyLifecycle(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)

	h := lobby(t, s, "chan1", 1)
	if h.ID != "g1" || h.Status != StatusLobby || h.ReminderEvery != DefaultReminderEvery || !h.NextReminder.IsZero() {
		t.Fatalf("lobby header = %+v", h)
	}

	t.Run("channel busy", func(t *testing.T) {
		_, err := s.CreateLobby(ctx, Header{ChannelID: "chan1"})
		var busy *ChannelBusyError
		if !errors.Is(err, ErrChannelBusy) || !errors.As(err, &busy) || busy.GameID != h.ID {
			t.Fatalf("second lobby: %v", err)
		}
	})

	t.Run("join", func(t *testing.T) {
		h2, err := s.UpdateHeader(ctx, h.ID, func(h *Header) error {
			h.Seats = append(h.Seats, Seat{UserID: "u9", Name: "Nine", Colour: 3})
			return nil
		})
		if err != nil || len(h2.Seats) != 2 {
			t.Fatalf("join: %v %+v", err, h2)
		}
	})

	t.Run("fn error changes nothing", func(t *testing.T) {
		boom := errors.New("boom")
		_, err := s.UpdateHeader(ctx, h.ID, func(h *Header) error { h.Seats = nil; return boom })
		got, _ := s.Header(ctx, h.ID)
		if err != boom || len(got.Seats) != 2 {
			t.Fatalf("err %v, seats %d", err, len(got.Seats))
		}
	})

	t.Run("fixed fields", func(t *testing.T) {
		for name, f := range map[string]func(*Header){
			"status":  func(h *Header) { h.Status = StatusRunning },
			"channel": func(h *Header) { h.ChannelID = "x" },
			"seed":    func(h *Header) { h.Seed = 7 },
			"version": func(h *Header) { h.Version = 3 },
		} {
			if _, err := s.UpdateHeader(ctx, h.ID, func(h *Header) error { f(h); return nil }); err == nil {
				t.Errorf("%s: UpdateHeader accepted the change", name)
			}
		}
	})

	t.Run("apply to lobby", func(t *testing.T) {
		_, _, _, err := applyT(s, ctx, h.ID, 0, tinners.Action{Kind: tinners.ActPass})
		if !errors.Is(err, ErrWrongStatus) {
			t.Fatalf("apply to lobby: %v", err)
		}
	})

	t.Run("start", func(t *testing.T) {
		st, h2, err := startT(s, ctx, h.ID, tinners.Setup{Seed: 42})
		if err != nil {
			t.Fatal(err)
		}
		if st.NumSeats != 2 || h2.Status != StatusRunning || h2.Seed != 42 || h2.Edition != tinners.Standard.Version {
			t.Fatalf("started: %+v", h2)
		}
		if want := h2.Updated.Add(DefaultReminderEvery); !h2.NextReminder.Equal(want) {
			t.Fatalf("next reminder %v, want %v", h2.NextReminder, want)
		}
		if _, _, err := startT(s, ctx, h.ID, tinners.Setup{Seed: 42}); !errors.Is(err, ErrWrongStatus) {
			t.Fatalf("second start: %v", err)
		}
		if _, err := s.UpdateHeader(ctx, h.ID, func(h *Header) error { h.Seats = h.Seats[:1]; return nil }); err == nil {
			t.Fatal("seat removed from a running game")
		}
		got, err := s.ByChannel(ctx, "chan1")
		if err != nil || got.ID != h.ID {
			t.Fatalf("ByChannel: %v %+v", err, got)
		}
	})

	t.Run("abort frees channel", func(t *testing.T) {
		if _, err := s.SetStatus(ctx, h.ID, StatusAborted); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ByChannel(ctx, "chan1"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("ByChannel after abort: %v", err)
		}
		if _, err := s.SetStatus(ctx, h.ID, StatusFinished); !errors.Is(err, ErrWrongStatus) {
			t.Fatalf("finish aborted game: %v", err)
		}
		got, st, err := loadT(s, ctx, h.ID)
		if err != nil || got.Status != StatusAborted || st == nil {
			t.Fatalf("aborted game unreadable: %v", err)
		}
		h3 := lobby(t, s, "chan1", 2)
		if h3.ID == h.ID {
			t.Fatal("id reused")
		}
	})

	t.Run("not found", func(t *testing.T) {
		if _, _, err := loadT(s, ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Load: %v", err)
		}
		if _, _, _, err := applyT(s, ctx, "nope", 0, tinners.Action{Kind: tinners.ActPass}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Apply: %v", err)
		}
		if _, err := s.ByChannel(ctx, "nowhere"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("ByChannel: %v", err)
		}
	})
}

// TestPlayWholeGame plays 2-, 3- and 5-seat games to the end through Apply
// and checks, along the way and at the end, that replaying the log gives
// exactly the snapshot.
func TestPlayWholeGame(t *testing.T) {
	for _, n := range []int{2, 3, 5} {
		t.Run(string(rune('0'+n))+"p", func(t *testing.T) {
			ctx := context.Background()
			s, _ := openTest(t)
			h, st := running(t, s, "c", n, uint64(100+n))
			r := rand.New(rand.NewPCG(uint64(n), 1))
			for i := 0; st.Phase != tinners.PhaseOver; i++ {
				a := pick(st, r)
				next, _, h2, err := applyT(s, ctx, h.ID, st.Version, a)
				if err != nil {
					t.Fatalf("action %d %s: %v", i, a, err)
				}
				if next.Version != st.Version+1 || h2.Version != next.Version {
					t.Fatalf("versions: state %d→%d, header %d", st.Version, next.Version, h2.Version)
				}
				st, h = next, h2
				if i%50 == 0 {
					checkReplay(t, s, h.ID)
				}
			}
			if h.Status != StatusFinished || !h.NextReminder.IsZero() {
				t.Fatalf("game over but header %+v", h)
			}
			if _, err := s.ByChannel(ctx, "c"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("finished game still holds the channel: %v", err)
			}
			checkReplay(t, s, h.ID)

			// The record replays with the engine's own Replay to the same state.
			rec, err := s.Record(ctx, h.ID)
			if err != nil {
				t.Fatal(err)
			}
			end, err := tinners.Replay(recordT(rec))
			if err != nil {
				t.Fatal(err)
			}
			if stateJSON(t, end) != stateJSON(t, st) {
				t.Fatal("tinners.Replay(Record) differs from the last state")
			}
			// A finished game stays readable and refuses more actions.
			if _, _, _, err := applyT(s, ctx, h.ID, st.Version, tinners.Action{Kind: tinners.ActPass}); !errors.Is(err, ErrWrongStatus) {
				t.Fatalf("apply after the end: %v", err)
			}
			lobby(t, s, "c", 2) // the channel is free for a new table
		})
	}
}

// checkReplay asserts that the snapshot stored in the file, the state Load
// returns (possibly from the cache) and the replayed log are all the same.
func checkReplay(t *testing.T, s *Store, id string) {
	t.Helper()
	_, loaded, err := loadT(s, context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	h, err := s.Header(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := decodeSnapshot(tinners.Title, rawSnapshot(t, s, id), h.Version)
	if err != nil {
		t.Fatalf("stored snapshot: %v", err)
	}
	rep, err := replayT(s, context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	want := stateJSON(t, rep)
	for name, got := range map[string]string{"stored snapshot": stateJSON(t, ts(stored)), "loaded state": stateJSON(t, loaded)} {
		if got != want {
			t.Fatalf("game %s: %s at version %d differs from the replayed log:\n%s", id, name, rep.Version, firstDiff(got, want))
		}
	}
}

// firstDiff shows where two strings first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(i-150, 0)
	return "got:  …" + a[lo:min(i+150, len(a))] + "\nwant: …" + b[lo:min(i+150, len(b))]
}

func TestApplyErrorsChangeNothing(t *testing.T) {
	ctx := context.Background()
	s, c := openTest(t)
	h, st := running(t, s, "c", 2, 9)
	h, st = play(t, s, h.ID, 10, rand.New(rand.NewPCG(1, 2)))
	c.Advance(time.Hour)

	before, err := s.Export(ctx, h.ID)
	if err != nil {
		t.Fatal(err)
	}
	hdrBefore, _ := s.Header(ctx, h.ID)

	t.Run("stale", func(t *testing.T) {
		_, _, _, err := applyT(s, ctx, h.ID, st.Version-1, pick(st, rand.New(rand.NewPCG(3, 3))))
		var stale *StaleError
		if !errors.Is(err, ErrStale) || !errors.As(err, &stale) || stale.Current != st.Version || stale.Seen != st.Version-1 {
			t.Fatalf("stale apply: %v", err)
		}
	})
	t.Run("rule error", func(t *testing.T) {
		// A seat the game is not waiting for.
		waiting := map[int]bool{}
		for _, seat := range st.ToAct() {
			waiting[seat] = true
		}
		a := tinners.Action{Kind: tinners.ActPasties, Card: tinners.NoCard}
		for waiting[a.Seat] {
			a.Seat++
		}
		_, _, _, err := applyT(s, ctx, h.ID, st.Version, a)
		var re *tinners.RuleError
		if !errors.As(err, &re) || re.Code == "" {
			t.Fatalf("rule error: %T %v", err, err)
		}
	})
	t.Run("engine panic", func(t *testing.T) {
		defer func(r rules) { s.rules = r }(s.rules)
		s.rules.apply = func(engine.Match, engine.Action) (engine.Match, []engine.Event, error) { panic("bug") }
		if _, _, _, err := applyT(s, ctx, h.ID, st.Version, pick(st, rand.New(rand.NewPCG(3, 3)))); err == nil {
			t.Fatal("no error from a panicking engine")
		}
	})
	t.Run("version jump", func(t *testing.T) {
		defer func(r rules) { s.rules = r }(s.rules)
		s.rules.apply = func(m engine.Match, a engine.Action) (engine.Match, []engine.Event, error) {
			n := ts(m).Clone()
			n.Version += 2
			return tinners.Match{S: n}, nil, nil
		}
		if _, _, _, err := applyT(s, ctx, h.ID, st.Version, pick(st, rand.New(rand.NewPCG(3, 3)))); err == nil {
			t.Fatal("no error when the engine skips a version")
		}
	})

	after, _ := s.Export(ctx, h.ID)
	hdrAfter, _ := s.Header(ctx, h.ID)
	if !bytes.Equal(before, after) || hdrAfter.Version != hdrBefore.Version || !hdrAfter.Updated.Equal(hdrBefore.Updated) {
		t.Fatal("a refused action changed the game")
	}
	checkReplay(t, s, h.ID)
}

// TestConcurrentSameAction: 50 goroutines submit the same action at the same
// version; exactly one is applied, the others are told the game moved on.
func TestConcurrentSameAction(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	h, st := running(t, s, "c", 2, 5)
	h, st = play(t, s, h.ID, 5, rand.New(rand.NewPCG(4, 4)))
	a := pick(st, rand.New(rand.NewPCG(5, 5)))

	const n = 50
	var (
		wg             sync.WaitGroup
		start          = make(chan struct{})
		applied, stale int
		mu             sync.Mutex
		other          []error
	)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, _, _, err := applyT(s, ctx, h.ID, st.Version, a)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				applied++
			case errors.Is(err, ErrStale):
				stale++
			default:
				other = append(other, err)
			}
		}()
	}
	close(start)
	wg.Wait()
	if applied != 1 || stale != n-1 || len(other) > 0 {
		t.Fatalf("applied %d, stale %d, other %v", applied, stale, other)
	}
	if got := logLen(t, s, h.ID); got != st.Version+1 {
		t.Fatalf("log has %d actions, want %d", got, st.Version+1)
	}
	checkReplay(t, s, h.ID)
}

func TestDamagedSnapshotIsRebuilt(t *testing.T) {
	ctx := context.Background()
	for name, damage := range map[string]func(b *bolt.Bucket) error{
		"missing": func(b *bolt.Bucket) error { return b.Delete(keySnapshot) },
		"bit flip": func(b *bolt.Bucket) error {
			v := bytes.Clone(b.Get(keySnapshot))
			v[len(v)/2] ^= 1
			return b.Put(keySnapshot, v)
		},
		"truncated": func(b *bolt.Bucket) error { return b.Put(keySnapshot, bytes.Clone(b.Get(keySnapshot)[:40])) },
		"garbage":   func(b *bolt.Bucket) error { return b.Put(keySnapshot, []byte("xx")) },
		"old version": func(b *bolt.Bucket) error {
			// A well-formed snapshot of an earlier state.
			var h Header
			h, _ = readHeader(b, "g1")
			m, err := tinners.Title.New(h.setup())
			if err != nil {
				return err
			}
			return putSnapshot(b, m)
		},
	} {
		t.Run(name, func(t *testing.T) {
			s, _ := openTest(t)
			h, _ := running(t, s, "c", 3, 11)
			_, want := play(t, s, h.ID, 40, rand.New(rand.NewPCG(6, 6)))
			if err := s.db.Update(func(tx *bolt.Tx) error {
				return damage(tx.Bucket(bucketGames).Bucket([]byte(h.ID)))
			}); err != nil {
				t.Fatal(err)
			}
			s.cache.clear() // as after a restart
			_, got, err := loadT(s, ctx, h.ID)
			if err != nil {
				t.Fatal(err)
			}
			if stateJSON(t, got) != stateJSON(t, want) {
				t.Fatal("rebuilt state differs")
			}
			// Load wrote the snapshot back.
			if err := s.db.View(func(tx *bolt.Tx) error {
				_, err := decodeSnapshot(tinners.Title, tx.Bucket(bucketGames).Bucket([]byte(h.ID)).Get(keySnapshot), want.Version)
				return err
			}); err != nil {
				t.Fatalf("snapshot not repaired: %v", err)
			}
			// Apply also works on top of a damaged snapshot.
			if err := s.db.Update(func(tx *bolt.Tx) error {
				return tx.Bucket(bucketGames).Bucket([]byte(h.ID)).Delete(keySnapshot)
			}); err != nil {
				t.Fatal(err)
			}
			s.cache.clear()
			play(t, s, h.ID, 3, rand.New(rand.NewPCG(7, 7)))
			checkReplay(t, s, h.ID)
		})
	}
}

func TestDatabaseInUse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s, err := Open(path, Options{Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, ro := range []bool{false, true} {
		start := time.Now()
		_, err := Open(path, Options{Titles: tinners.Titles(), Timeout: 100 * time.Millisecond, ReadOnly: ro})
		if !errors.Is(err, ErrDatabaseInUse) {
			t.Fatalf("second open (read-only %v): %v", ro, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("second open took %v", d)
		}
	}
}

func TestMigrations(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	boom := errors.New("boom")
	extra := append(append([]migration(nil), migrations...),
		migration{name: "add x", fn: func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("x")); return err }},
		migration{name: "fail", fn: func(tx *bolt.Tx) error { return boom }},
	)

	s, err := open(path, Options{Titles: tinners.Titles()}, migrations)
	if err != nil {
		t.Fatal(err)
	}
	lobby(t, s, "c", 2)
	s.Close()

	t.Run("failure rolls back all", func(t *testing.T) {
		if _, err := open(path, Options{Titles: tinners.Titles()}, extra); !errors.Is(err, boom) {
			t.Fatalf("open: %v", err)
		}
		s, err := Open(path, Options{Titles: tinners.Titles()})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		s.db.View(func(tx *bolt.Tx) error {
			if v := schemaOf(tx); v != SchemaVersion() || tx.Bucket([]byte("x")) != nil {
				t.Errorf("schema %d, bucket x present %v", v, tx.Bucket([]byte("x")) != nil)
			}
			return nil
		})
	})
	t.Run("applied in order", func(t *testing.T) {
		s, err := open(path, Options{Titles: tinners.Titles()}, extra[:len(extra)-1])
		if err != nil {
			t.Fatal(err)
		}
		s.db.View(func(tx *bolt.Tx) error {
			if v := schemaOf(tx); v != len(extra)-1 || tx.Bucket([]byte("x")) == nil {
				t.Errorf("schema %d", v)
			}
			return nil
		})
		if _, err := s.ByChannel(context.Background(), "c"); err != nil {
			t.Errorf("data lost in migration: %v", err)
		}
		s.Close()
	})
	t.Run("newer file refused", func(t *testing.T) {
		if _, err := Open(path, Options{Titles: tinners.Titles()}); !errors.Is(err, ErrSchemaTooNew) {
			t.Fatalf("open newer file: %v", err)
		}
	})
	t.Run("read-only needs no migration", func(t *testing.T) {
		p := filepath.Join(t.TempDir(), "old.db")
		db, err := bolt.Open(p, 0o600, nil)
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
		if _, err := Open(p, Options{Titles: tinners.Titles(), ReadOnly: true}); err == nil {
			t.Fatal("read-only open of an unmigrated file succeeded")
		}
	})
}

func TestReminders(t *testing.T) {
	ctx := context.Background()
	s, c := openTest(t)
	a, _ := running(t, s, "a", 2, 1)
	b := lobby(t, s, "b", 2)
	if _, err := s.UpdateHeader(ctx, b.ID, func(h *Header) error { h.ReminderEvery = time.Hour; return nil }); err != nil {
		t.Fatal(err)
	}
	bh, _, err := startT(s, ctx, b.ID, tinners.Setup{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	_ = bh
	due := func(d time.Duration) []string {
		t.Helper()
		hs, err := s.DueReminders(ctx, c.Now().Add(d))
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, h := range hs {
			ids = append(ids, h.ID)
		}
		return ids
	}
	if got := due(0); len(got) != 0 {
		t.Fatalf("due now: %v", got)
	}
	if got := due(time.Hour); len(got) != 1 || got[0] != b.ID {
		t.Fatalf("due in 1h: %v", got)
	}
	if got := due(12 * time.Hour); len(got) != 2 || got[0] != b.ID || got[1] != a.ID {
		t.Fatalf("due in 12h: %v", got)
	}
	// An action moves the reminder on.
	c.Advance(30 * time.Minute)
	play(t, s, b.ID, 1, rand.New(rand.NewPCG(1, 1)))
	if got := due(59 * time.Minute); len(got) != 0 {
		t.Fatalf("due after an action: %v", got)
	}
	// SetNextReminder, then abort clears it.
	if _, err := s.SetNextReminder(ctx, a.ID, c.Now()); err != nil {
		t.Fatal(err)
	}
	if got := due(0); len(got) != 1 || got[0] != a.ID {
		t.Fatalf("due after SetNextReminder: %v", got)
	}
	if _, err := s.SetStatus(ctx, a.ID, StatusAborted); err != nil {
		t.Fatal(err)
	}
	if got := due(24 * time.Hour); len(got) != 1 || got[0] != b.ID {
		t.Fatalf("due after abort: %v", got)
	}
	// Exactly one index entry per game.
	if n := reminderEntries(t, s); n != 1 {
		t.Errorf("reminder index has %d entries", n)
	}
}

func TestExportImport(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	for _, whole := range []bool{true, false} {
		h, _ := running(t, s, "src", 2, 77)
		_, st := play(t, s, h.ID, map[bool]int{true: 1 << 20, false: 30}[whole], rand.New(rand.NewPCG(8, 8)))
		js, err := s.Export(ctx, h.ID)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.UnmarshalRecord(js)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Seed != 77 || len(rec.Actions) != st.Version || rec.Seats[0] != "Player 1" {
			t.Fatalf("record: seed %d, %d actions", rec.Seed, len(rec.Actions))
		}
		if !whole {
			if _, err := s.SetStatus(ctx, h.ID, StatusAborted); err != nil {
				t.Fatal(err)
			}
		}
		lobby(t, s, "dst", 2) // the destination channel is busy: import must not care
		ih, err := s.Import(ctx, rec, "g2", "dst")
		if err != nil {
			t.Fatal(err)
		}
		want := map[bool]Status{true: StatusFinished, false: StatusArchived}[whole]
		if ih.Status != want || !ih.Imported || ih.Version != st.Version || ih.ID == h.ID {
			t.Fatalf("imported header %+v", ih)
		}
		_, got, err := loadT(s, ctx, ih.ID)
		if err != nil || stateJSON(t, got) != stateJSON(t, st) {
			t.Fatalf("imported state differs (%v)", err)
		}
		checkReplay(t, s, ih.ID)
		js2, _ := s.Export(ctx, ih.ID)
		if !bytes.Equal(js, js2) {
			t.Fatalf("re-export differs:\n%s\n%s", js, js2)
		}
		cur, err := s.ByChannel(ctx, "dst")
		if err != nil || cur.ID == ih.ID {
			t.Fatalf("import took the channel: %v", err)
		}
		if _, err := s.SetStatus(ctx, cur.ID, StatusAborted); err != nil {
			t.Fatal(err)
		}
	}
	t.Run("bad record stores nothing", func(t *testing.T) {
		before, _ := s.Games(ctx, nil)
		rec := &engine.Record{Seats: []string{"a", "b"}, Seed: 1, Actions: []string{"0/pass"}}
		if _, err := s.Import(ctx, rec, "", ""); err == nil {
			t.Fatal("import of an illegal record succeeded")
		}
		after, _ := s.Games(ctx, nil)
		if len(after) != len(before) {
			t.Fatal("a failed import stored a game")
		}
	})
	t.Run("lobby has no record", func(t *testing.T) {
		h := lobby(t, s, "lob", 2)
		if _, err := s.Export(ctx, h.ID); !errors.Is(err, ErrWrongStatus) {
			t.Fatalf("export lobby: %v", err)
		}
	})
}

func TestBackup(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	h, _ := running(t, s, "c", 2, 3)
	_, st := play(t, s, h.ID, 20, rand.New(rand.NewPCG(9, 9)))

	// Writers keep going while the backup runs.
	h2, st2 := running(t, s, "d", 2, 4)
	done := make(chan error)
	go func() {
		r := rand.New(rand.NewPCG(9, 10))
		for range 20 {
			var err error
			if st2, _, _, err = applyT(s, ctx, h2.ID, st2.Version, pick(st2, r)); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	out := filepath.Join(t.TempDir(), "backup.db")
	n, err := s.BackupFile(ctx, out)
	if werr := <-done; werr != nil {
		t.Fatal(werr)
	}
	if err != nil || n == 0 {
		t.Fatalf("backup: %d bytes, %v", n, err)
	}
	b, err := Open(out, Options{Titles: tinners.Titles(), ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Check(ctx); err != nil {
		t.Fatal(err)
	}
	_, got, err := loadT(b, ctx, h.ID)
	if err != nil || stateJSON(t, got) != stateJSON(t, st) {
		t.Fatalf("backup state differs (%v)", err)
	}
}

func TestIDs(t *testing.T) {
	id := randomID()
	if len(id) != 8 || len(id) > MaxIDLen {
		t.Fatalf("id %q", id)
	}
	c := newClock()
	s, err := Open(filepath.Join(t.TempDir(), "t.db"), Options{Titles: tinners.Titles(), Now: c.Now, NewID: func() string { return "toolongforadiscordid" }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.CreateLobby(context.Background(), Header{ChannelID: "c"}); err == nil {
		t.Fatal("long id accepted")
	}
	s.newID = func() string { return "same" }
	lobby(t, s, "a", 2)
	if _, err := s.CreateLobby(context.Background(), Header{ChannelID: "b"}); err == nil {
		t.Fatal("colliding ids accepted")
	}
}

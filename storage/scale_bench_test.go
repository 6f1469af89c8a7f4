package storage

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/storage/pgtest"
)

// The storage work of an interaction on a database of 10,000 tables, on
// both backends (go test -run '^$' -bench Scale ./storage/). The fixture:
// 10,000 running 3-seat tables, each in its own channel; member "m1" is
// seated at 1,000 of them. Figures: README ("Storage") and docs/scale.md.

const (
	scaleTables = 10000
	scaleMember = 1000 // tables member m1 sits at
)

type scaleFixture struct {
	s    *Store
	busy []string // channels with a running table, in the order BenchmarkScaleClick plays them
}

var (
	scaleOnce = map[string]*sync.Once{"bolt": {}, "postgres": {}}
	scaleFix  = map[string]*scaleFixture{}
)

// scaleStore returns the 10,000-table fixture of a backend, built once per
// process (about 10 s on BoltDB, 20 s on PostgreSQL).
func scaleStore(b *testing.B, backend string) *scaleFixture {
	b.Helper()
	scaleOnce[backend].Do(func() {
		path := filepath.Join(fixtureDir(), "scale.db")
		fixtureUsed = true
		if backend == "postgres" {
			path = pgtest.URL(b)
		}
		s, err := Open(path, Options{Titles: tinners.Titles(), NewID: seqIDs()})
		if err != nil {
			b.Fatal(err)
		}
		st, err := tinners.Title.New(engine.Setup{NumSeats: 3, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		now := time.Now()
		hs := make([]Header, scaleTables)
		for i := range hs {
			h := Header{ID: fmt.Sprintf("t%05d", i), GuildID: "g", ChannelID: fmt.Sprintf("ch%05d", i), Title: tinners.ID,
				Status: StatusRunning, Created: now, Updated: now, ReminderEvery: DefaultReminderEvery, NextReminder: now.Add(time.Duration(i) * time.Second)}
			for k := range 3 {
				h.Seats = append(h.Seats, Seat{UserID: fmt.Sprintf("u%d", (i*3+k)%997+10), Name: "P", Colour: k})
			}
			if i%(scaleTables/scaleMember) == 0 {
				h.Seats[0].UserID = "m1"
			}
			hs[i] = h
		}
		ctx := context.Background()
		if s.pg != nil {
			err = s.pgTx(ctx, func(tx pgx.Tx) error {
				for i := range hs {
					if err := s.pgInsertGameTx(ctx, tx, &hs[i], nil, st); err != nil {
						return err
					}
				}
				return nil
			})
			if err == nil {
				_, err = s.pg.pool.Exec(ctx, `ANALYZE`)
			}
		} else {
			err = s.db.Update(func(tx *bolt.Tx) error {
				for i := range hs {
					if err := insertGameTx(tx, &hs[i], nil, st); err != nil {
						return err
					}
				}
				return nil
			})
		}
		if err != nil {
			b.Fatal(err)
		}
		f := &scaleFixture{s: s}
		for i := 4321; i < scaleTables; i += 97 {
			f.busy = append(f.busy, hs[i].ChannelID)
		}
		scaleFix[backend] = f
	})
	f := scaleFix[backend]
	if f == nil {
		b.Fatal("no fixture")
	}
	return f
}

// scaleBackends runs fn on both fixtures. Besides the wall time it reports
// this process's CPU time per operation (cpu-µs/op, getrusage): on a
// shared, loaded machine the wall time is mostly waiting for a core, the
// CPU time is not (PostgreSQL's own CPU is not in it).
func scaleBackends(b *testing.B, fn func(b *testing.B, f *scaleFixture)) {
	for _, backend := range []string{"bolt", "postgres"} {
		b.Run(backend, func(b *testing.B) {
			f := scaleStore(b, backend)
			b.ResetTimer()
			before := cpuTime()
			fn(b, f)
			b.ReportMetric(float64((cpuTime()-before).Microseconds())/float64(b.N), "cpu-µs/op")
		})
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkScaleQuietChannel: an interaction in a channel without a table
// (ByChannel, then the channel's last finished table).
func BenchmarkScaleQuietChannel(b *testing.B) {
	scaleBackends(b, func(b *testing.B, f *scaleFixture) {
		ctx := context.Background()
		for b.Loop() {
			if _, err := f.s.ByChannel(ctx, "quiet"); err == nil {
				b.Fatal("a table in the quiet channel")
			}
			if _, err := f.s.GamesIn(ctx, "quiet"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkScaleClick: a click on a board: the channel's table, its state,
// and one move applied and committed (fsync on BoltDB; on the test
// cluster PostgreSQL runs with fsync off, so its figure is the database's
// work without the disk).
func BenchmarkScaleClick(b *testing.B) {
	scaleBackends(b, func(b *testing.B, f *scaleFixture) {
		ctx := context.Background()
		r := rand.New(rand.NewPCG(3, 3))
		for b.Loop() {
			h, err := f.s.ByChannel(ctx, f.busy[0])
			if errors.Is(err, ErrNotFound) { // that game ended: the next
				f.busy = f.busy[1:]
				h, err = f.s.ByChannel(ctx, f.busy[0])
			}
			if err != nil {
				b.Fatal(err)
			}
			_, m, err := f.s.Load(ctx, h.ID)
			if err != nil {
				b.Fatal(err)
			}
			if _, _, _, err := f.s.Apply(ctx, h.ID, h.Version, pick(tinners.StateOf(m), r)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkScaleGamesOf: /tt games for a member seated at 1,000 of the
// 10,000 tables, through the seat index.
func BenchmarkScaleGamesOf(b *testing.B) {
	scaleBackends(b, func(b *testing.B, f *scaleFixture) {
		ctx := context.Background()
		for b.Loop() {
			hs, err := f.s.GamesOf(ctx, "m1")
			if err != nil || len(hs) != scaleMember {
				b.Fatalf("%d games, %v", len(hs), err)
			}
		}
	})
}

// BenchmarkScaleGamesScan: the same list by reading every header, as
// /tt games did before the seat index: the figure the index replaces.
func BenchmarkScaleGamesScan(b *testing.B) {
	scaleBackends(b, func(b *testing.B, f *scaleFixture) {
		ctx := context.Background()
		for b.Loop() {
			hs, err := f.s.Games(ctx, func(h *Header) bool { return h.Seats[0].UserID == "m1" })
			if err != nil || len(hs) != scaleMember {
				b.Fatalf("%d games, %v", len(hs), err)
			}
		}
	})
}

// BenchmarkScaleDueReminders: the reminder tick with 10 reminders due
// among 10,000 tables.
func BenchmarkScaleDueReminders(b *testing.B) {
	scaleBackends(b, func(b *testing.B, f *scaleFixture) {
		ctx := context.Background()
		// The fixture's reminders are one a second from its build time.
		h, err := f.s.Header(ctx, "t00000")
		if err != nil {
			b.Fatal(err)
		}
		at := h.NextReminder.Add(9500 * time.Millisecond)
		for b.Loop() {
			if hs, err := f.s.DueReminders(ctx, at); err != nil || len(hs) < 9 || len(hs) > 10 {
				b.Fatalf("%d due, %v", len(hs), err)
			}
		}
	})
}

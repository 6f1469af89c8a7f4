package storage

import (
	"github.com/tinnersbot/tinnersbot/storage/pgtest"

	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// fixtureDir holds benchmark fixtures shared by the runs of one benchmark
// (the framework calls a benchmark several times with growing b.N).
var fixtureDir = sync.OnceValue(func() string {
	d, err := os.MkdirTemp("", "tinners-storage-bench")
	if err != nil {
		panic(err)
	}
	return d
})

var fixtureUsed bool

func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	if fixtureUsed {
		os.RemoveAll(fixtureDir())
	}
	os.Exit(code)
}

// midGame returns a 2-seat game played to its middle, and the action that
// comes next: the typical commit.
func midGame(tb testing.TB) (*tinners.State, tinners.Action) {
	tb.Helper()
	st, err := tinners.NewGame(tinners.Setup{NumSeats: 2, Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	for range 60 {
		if st, _, err = tinners.Apply(st, pick(st, r)); err != nil {
			tb.Fatal(err)
		}
	}
	return st, pick(st, r)
}

// commitBytes is what one applied action makes storage write: the snapshot,
// the header and the log entry.
func commitBytes(tb testing.TB) int {
	tb.Helper()
	st, a := midGame(tb)
	snap, err := encodeSnapshot(tinners.Match{S: st})
	if err != nil {
		tb.Fatal(err)
	}
	h := Header{ID: "abcdefgh", GuildID: "123456789012345678", ChannelID: "123456789012345678", Status: StatusRunning,
		Seats:   []Seat{{UserID: "123456789012345678", Name: "Player one"}, {UserID: "123456789012345678", Name: "Player two", Colour: 1}},
		Created: time.Now(), Updated: time.Now(), NextReminder: time.Now(), ReminderEvery: DefaultReminderEvery}
	hb, _ := json.Marshal(h)
	return len(snap) + len(hb) + len(a.String())
}

// BenchmarkApplyCommit is one Apply: version check, engine, log append,
// snapshot and header, committed and fsynced. New games are started outside
// the timer when one ends.
func BenchmarkApplyCommit(b *testing.B) {
	ctx := context.Background()
	s, err := Open(filepath.Join(b.TempDir(), "bench.db"), Options{Titles: tinners.Titles()})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	r := rand.New(rand.NewPCG(2, 2))
	var h Header
	var st *tinners.State
	newGame := func() {
		h = lobby(b, s, "c", 2)
		if st, h, err = startT(s, ctx, h.ID, tinners.Setup{Seed: r.Uint64()}); err != nil {
			b.Fatal(err)
		}
	}
	newGame()
	size := commitBytes(b)
	for b.Loop() {
		if st.Phase == tinners.PhaseOver {
			b.StopTimer()
			newGame()
			b.StartTimer()
		}
		if st, _, _, err = applyT(s, ctx, h.ID, st.Version, pick(st, r)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(size), "B/commit")
}

// BenchmarkPlainWriteFsync writes the same number of bytes as one commit of
// BenchmarkApplyCommit to a plain file in the same kind of directory and
// fsyncs it: the floor any durable commit pays.
func BenchmarkPlainWriteFsync(b *testing.B) {
	size := commitBytes(b)
	buf := make([]byte, size)
	for i := range buf {
		buf[i] = byte(i)
	}
	b.Run("overwrite", func(b *testing.B) {
		f, err := os.Create(filepath.Join(b.TempDir(), "plain"))
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		if _, err := f.Write(buf); err != nil {
			b.Fatal(err)
		}
		f.Sync()
		b.SetBytes(int64(size))
		for b.Loop() {
			if _, err := f.WriteAt(buf, 0); err != nil {
				b.Fatal(err)
			}
			if err := f.Sync(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("append", func(b *testing.B) {
		f, err := os.Create(filepath.Join(b.TempDir(), "plain"))
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		b.SetBytes(int64(size))
		for b.Loop() {
			if _, err := f.Write(buf); err != nil {
				b.Fatal(err)
			}
			if err := f.Sync(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkLoad500 loads a game from its snapshot (Load never reads the
// log). Random play-outs of the base game end after 110 to 320 actions, so
// "real-5p" is the longest kind of real game, played to the end; "500" is a
// game of 500 logged actions whose snapshot is that final state with its
// public log padded to the length 500 actions give (1.3 lines per action).
func BenchmarkLoad500(b *testing.B) {
	ctx := context.Background()
	end, actions := longGame(b)
	for _, tc := range []struct {
		name    string
		actions int
	}{{"real-5p", len(actions)}, {"500", 500}} {
		b.Run(tc.name, func(b *testing.B) {
			s, _ := openTest(b)
			h := lobby(b, s, "c", 5)
			st := end.Clone()
			for len(st.Log) < tc.actions*13/10 {
				st.Log = append(st.Log, st.Log[len(st.Log)%len(end.Log)])
			}
			st.Version = tc.actions
			writeGame(b, s, h.ID, st, actions, tc.actions)
			snap, _ := encodeSnapshot(tinners.Match{S: st})
			for b.Loop() {
				s.cache.clear() // measure the load from the snapshot in the file
				_, got, err := loadT(s, ctx, h.ID)
				if err != nil || got.Version != tc.actions {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(snap)), "B/snapshot")
		})
	}
	b.Run("500-cached", func(b *testing.B) {
		// What the bot usually sees: the game's latest state is in the
		// Store's cache, so Load decodes only the header and clones.
		s, _ := openTest(b)
		h := lobby(b, s, "c", 5)
		st := end.Clone()
		st.Version = 500
		writeGame(b, s, h.ID, st, actions, 500)
		for b.Loop() {
			if _, got, err := loadT(s, ctx, h.ID); err != nil || got.Version != 500 {
				b.Fatal(err)
			}
		}
	})
}

// longGame plays a 5-seat game to the end.
func longGame(tb testing.TB) (*tinners.State, []string) {
	tb.Helper()
	st, err := tinners.NewGame(tinners.Setup{NumSeats: 5, Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	var actions []string
	for st.Phase != tinners.PhaseOver {
		a := pick(st, r)
		if st, _, err = tinners.Apply(st, a); err != nil {
			tb.Fatal(err)
		}
		actions = append(actions, a.String())
	}
	return st, actions
}

// writeGame stores st as game id's running state with n log entries (taken
// from actions, cycling) directly, bypassing the engine.
func writeGame(tb testing.TB, s *Store, id string, st *tinners.State, actions []string, n int) {
	tb.Helper()
	err := s.db.Update(func(tx *bolt.Tx) error {
		gb, err := gameBucket(tx, id)
		if err != nil {
			return err
		}
		old, _ := readHeader(gb, id)
		h := old.Clone()
		h.Status, h.Version = StatusRunning, n
		lb, err := gb.CreateBucketIfNotExists(keyLog)
		if err != nil {
			return err
		}
		for i := range n {
			seq, _ := lb.NextSequence()
			if err := putChecked(lb, u64(seq), []byte(actions[i%len(actions)])); err != nil {
				return err
			}
		}
		if err := putSnapshot(gb, tinners.Match{S: st}); err != nil {
			return err
		}
		return writeHeader(tx, gb, &old, &h)
	})
	if err != nil {
		tb.Fatal(err)
	}
}

// tenKGames builds (once per test binary) a database of 10,000 games, each
// a header, a 2-seat initial-state snapshot and a short log, written
// directly in large transactions, and returns its path.
var tenKGames = sync.OnceValues(func() (string, error) {
	fixtureUsed = true
	path := filepath.Join(fixtureDir(), "10k.db")
	s, err := Open(path, Options{Titles: tinners.Titles()})
	if err != nil {
		return "", err
	}
	defer s.Close()
	const games, perTx = 10000, 1000
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for start := 0; start < games; start += perTx {
		err := s.db.Update(func(tx *bolt.Tx) error {
			for i := start; i < start+perTx; i++ {
				st, err := tinners.NewGame(tinners.Setup{NumSeats: 2, Seed: uint64(i)})
				if err != nil {
					return err
				}
				h := Header{ID: fmt.Sprintf("g%06d", i), GuildID: "guild", ChannelID: fmt.Sprintf("ch%06d", i),
					Seats:  []Seat{{UserID: "u1", Name: "One"}, {UserID: "u2", Name: "Two", Colour: 1}},
					Status: StatusFinished, Seed: uint64(i), Edition: st.EditionVersion, Created: now, Updated: now}
				if i%10 == 0 {
					h.Status, h.ReminderEvery, h.NextReminder = StatusRunning, DefaultReminderEvery, now.Add(time.Duration(i)*time.Minute)
					if err := tx.Bucket(bucketChannels).Put([]byte(h.ChannelID), []byte(h.ID)); err != nil {
						return err
					}
				}
				gb, err := tx.Bucket(bucketGames).CreateBucket([]byte(h.ID))
				if err != nil {
					return err
				}
				if _, err := gb.CreateBucket(keyLog); err != nil {
					return err
				}
				if err := putSnapshot(gb, tinners.Match{S: st}); err != nil {
					return err
				}
				if err := writeHeader(tx, gb, nil, &h); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return "", err
		}
	}
	return path, nil
})

// BenchmarkOpen10k opens (and closes) a database holding 10,000 games.
func BenchmarkOpen10k(b *testing.B) {
	path, err := tenKGames()
	if err != nil {
		b.Fatal(err)
	}
	fi, _ := os.Stat(path)
	ctx := context.Background()
	for b.Loop() {
		s, err := Open(path, Options{Titles: tinners.Titles()})
		if err != nil {
			b.Fatal(err)
		}
		// Prove it is usable: one indexed lookup.
		if _, err := s.ByChannel(ctx, "ch000010"); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
	b.ReportMetric(float64(fi.Size())/(1<<20), "MB/file")
}

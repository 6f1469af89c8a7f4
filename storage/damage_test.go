package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// copyDB copies a testdata database into t's temp dir and returns its path.
func copyDB(t *testing.T, name string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, src, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkSealed fails unless every header and log entry passes its checksum.
func checkSealed(t *testing.T, s *Store) {
	t.Helper()
	if err := s.db.View(func(tx *bolt.Tx) error {
		games := tx.Bucket(bucketGames)
		return games.ForEachBucket(func(id []byte) error {
			gb := games.Bucket(id)
			if _, err := unseal(gb.Get(keyHeader)); err != nil {
				t.Errorf("%s: header: %v", id, err)
			}
			if lb := gb.Bucket(keyLog); lb != nil {
				return lb.ForEach(func(k, v []byte) error {
					if _, err := unseal(v); err != nil {
						t.Errorf("%s: log %x: %v", id, k, err)
					}
					return nil
				})
			}
			return nil
		})
	}); err != nil {
		t.Fatal(err)
	}
}

// rawPut writes a value of game id bypassing every check: damage.
func rawPut(t *testing.T, s *Store, id string, put func(gb *bolt.Bucket) error) {
	t.Helper()
	if err := s.db.Update(func(tx *bolt.Tx) error { return put(tx.Bucket(bucketGames).Bucket([]byte(id))) }); err != nil {
		t.Fatal(err)
	}
	s.cache.clear()
}

// flip flips one bit of the value under key in b.
func flip(b *bolt.Bucket, key []byte) error {
	v := bytes.Clone(b.Get(key))
	v[len(v)-1] ^= 1
	return b.Put(key, v)
}

func isDamaged(t *testing.T, err error, id, part string) *DamagedError {
	t.Helper()
	var d *DamagedError
	if !errors.As(err, &d) || !errors.Is(err, ErrDamaged) || d.GameID != id || d.Part != part {
		t.Fatalf("err = %v; want the %s of game %s damaged", err, part, id)
	}
	var re *engine.RuleError
	if errors.As(err, &re) {
		t.Fatalf("a damaged record reads as a rule error: %v", err)
	}
	return d
}

// TestMigrateChecksumsFromSchema2 opens testdata/before-checksums.db,
// written by the build before records carried checksums (commit b688228:
// g1 running, g2 finished, g3 a lobby, g4 aborted): the migration seals
// every header and log entry, and every game loads, replays, verifies and
// the running one keeps playing.
func TestMigrateChecksumsFromSchema2(t *testing.T) {
	s, err := Open(copyDB(t, "before-checksums.db"), Options{Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	if err := s.db.View(func(tx *bolt.Tx) error {
		if v := schemaOf(tx); v != 4 {
			t.Errorf("schema %d, want 4", v)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	checkSealed(t, s)
	want := map[string]Status{"g1": StatusRunning, "g2": StatusFinished, "g3": StatusLobby, "g4": StatusAborted}
	for id, st := range want {
		h, m, err := s.Load(ctx, id)
		if err != nil || h.Status != st {
			t.Fatalf("%s: %s, %v", id, h.Status, err)
		}
		if st == StatusLobby {
			continue
		}
		checkReplay(t, s, id)
		rec, err := s.Record(ctx, id)
		if err != nil || len(rec.Actions) != m.Version() {
			t.Fatalf("%s: record %v", id, err)
		}
	}
	if _, probs, err := s.Verify(ctx); err != nil || len(probs) != 0 {
		t.Fatalf("Verify: %v, %v", probs, err)
	}
	hs, err := s.Games(ctx, nil)
	if err != nil || len(hs) != 4 {
		t.Fatalf("Games: %d, %v", len(hs), err)
	}
	due, err := s.DueReminders(ctx, time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil || len(due) != 1 || due[0].ID != "g1" {
		t.Fatalf("DueReminders: %v, %v", due, err)
	}
	_, m, _ := s.Load(ctx, "g1")
	if _, _, _, err := s.Apply(ctx, "g1", m.Version(), m.Legal(m.ToAct()[0])[0]); err != nil {
		t.Fatalf("a move after the migration: %v", err)
	}
}

// TestMigrationKeepsDamageDamaged: a header that does not decode and a log
// entry that does not parse, found by the migration, are kept byte for
// byte but sealed as damaged, so they are reported from the first read
// on instead of being vouched for by a fresh checksum.
func TestMigrationKeepsDamageDamaged(t *testing.T) {
	path := copyDB(t, "before-checksums.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		games := tx.Bucket(bucketGames)
		if err := games.Bucket([]byte("g4")).Put(keyHeader, []byte(`{"id":"g4","sta`)); err != nil {
			return err
		}
		return games.Bucket([]byte("g1")).Bucket(keyLog).Put(u64(5), []byte("0/garbage"))
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s, err := Open(path, Options{Titles: tinners.Titles()})
	if err != nil {
		t.Fatalf("a damaged record stops the migration: %v", err)
	}
	defer s.Close()
	ctx := context.Background()
	_, err = s.Header(ctx, "g4")
	isDamaged(t, err, "g4", "header")
	_, _, err = s.Load(ctx, "g1")
	if d := isDamaged(t, err, "g1", "log entry 5"); d.Header == nil || d.Header.ID != "g1" {
		t.Fatalf("the readable header is not in the error: %+v", d)
	}
	if err := s.db.View(func(tx *bolt.Tx) error {
		games := tx.Bucket(bucketGames)
		if v := games.Bucket([]byte("g4")).Get(keyHeader); string(v[4:]) != `{"id":"g4","sta` {
			t.Errorf("header kept as %q", v)
		}
		if v := games.Bucket([]byte("g1")).Bucket(keyLog).Get(u64(5)); string(v[4:]) != "0/garbage" {
			t.Errorf("log entry kept as %q", v)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	_, probs, err := s.Verify(ctx)
	if err != nil || len(probs) != 2 || probs[0].GameID != "g1" || probs[1].GameID != "g4" {
		t.Fatalf("Verify: %v, %v", probs, err)
	}
}

// TestDamagedHeaderStaysLocal: one game's damaged header does not stop
// the scans (Games, DueReminders) for the others, is logged once however
// often it is skipped, answers ByChannel and CreateLobby in its channel
// with a *DamagedError naming it, and Abandon frees the channel while
// keeping its record as it is.
func TestDamagedHeaderStaysLocal(t *testing.T) {
	var logged bytes.Buffer
	c := newClock()
	s, err := Open(filepath.Join(t.TempDir(), "t.db"), Options{Titles: tinners.Titles(), Now: c.Now, NewID: seqIDs(),
		Log: slog.New(slog.NewTextHandler(&logged, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	bad, _ := running(t, s, "c-bad", 2, 1)
	good, _ := running(t, s, "c-good", 2, 2)
	c.Advance(48 * time.Hour)
	for name, damage := range map[string]func(gb *bolt.Bucket) error{
		"bit flip": func(gb *bolt.Bucket) error { return flip(gb, keyHeader) },
		"truncated": func(gb *bolt.Bucket) error {
			return gb.Put(keyHeader, bytes.Clone(gb.Get(keyHeader)[:20]))
		},
		"missing": func(gb *bolt.Bucket) error { return gb.Delete(keyHeader) },
	} {
		t.Run(name, func(t *testing.T) {
			var before []byte
			rawPut(t, s, bad.ID, func(gb *bolt.Bucket) error {
				before = bytes.Clone(gb.Get(keyHeader))
				return damage(gb)
			})
			defer rawPut(t, s, bad.ID, func(gb *bolt.Bucket) error { return gb.Put(keyHeader, before) })
			s.reported.Clear()
			logged.Reset()
			for range 3 {
				hs, err := s.Games(ctx, nil)
				if err != nil || len(hs) != 1 || hs[0].ID != good.ID {
					t.Fatalf("Games: %v, %v", hs, err)
				}
				due, err := s.DueReminders(ctx, c.Now())
				if err != nil || len(due) != 1 || due[0].ID != good.ID {
					t.Fatalf("DueReminders: %v, %v", due, err)
				}
			}
			if n := strings.Count(logged.String(), "game="+bad.ID); n != 1 {
				t.Fatalf("logged %d times, want once:\n%s", n, logged.String())
			}
			_, err := s.ByChannel(ctx, "c-bad")
			isDamaged(t, err, bad.ID, "header")
			_, err = s.CreateLobby(ctx, Header{ChannelID: "c-bad", Seats: []Seat{{UserID: "u", Name: "U"}}})
			isDamaged(t, err, bad.ID, "header")
			_, _, err = s.Load(ctx, bad.ID)
			isDamaged(t, err, bad.ID, "header")
			if _, err := s.Record(ctx, bad.ID); !errors.Is(err, ErrDamaged) {
				t.Fatalf("Record: %v", err)
			}
			if _, err := s.SetStatus(ctx, bad.ID, StatusAborted); !errors.Is(err, ErrDamaged) {
				t.Fatalf("SetStatus: %v", err)
			}
		})
	}
	if err := s.Abandon(ctx, good.ID); !errors.Is(err, ErrWrongStatus) {
		t.Fatalf("Abandon of a readable game: %v", err)
	}
	var before []byte
	rawPut(t, s, bad.ID, func(gb *bolt.Bucket) error {
		if err := flip(gb, keyHeader); err != nil {
			return err
		}
		before = bytes.Clone(gb.Get(keyHeader))
		return nil
	})
	if err := s.Abandon(ctx, bad.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ByChannel(ctx, "c-bad"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("ByChannel after Abandon: %v", err)
	}
	if _, err := s.CreateLobby(ctx, Header{ChannelID: "c-bad", Seats: []Seat{{UserID: "u", Name: "U"}}}); err != nil {
		t.Fatalf("a new table in the freed channel: %v", err)
	}
	if err := s.db.View(func(tx *bolt.Tx) error {
		gb := tx.Bucket(bucketGames).Bucket([]byte(bad.ID))
		if gb == nil || !bytes.Equal(gb.Get(keyHeader), before) || gb.Bucket(keyLog) == nil || gb.Get(keySnapshot) == nil {
			t.Error("the abandoned game's records were changed")
		}
		if _, err := getChecked(tx.Bucket(bucketQuarantine), []byte(bad.ID)); err != nil || tx.Bucket(bucketQuarantine).Get([]byte(bad.ID)) == nil {
			t.Errorf("not marked in quarantine: %v", err)
		}
		c := tx.Bucket(bucketReminders).Cursor()
		for k, _ := c.First(); k != nil; k, _ = c.Next() {
			if string(k[8:]) == bad.ID {
				t.Error("its reminder is still indexed")
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// TestDamagedLogUnderGoodSnapshot: a damaged log entry is found when the
// game is loaded, not only on replay; every path that reads the log
// answers a *DamagedError that is never a rule error, nothing changes,
// Salvage gives the readable part marked damaged, and Import refuses it.
func TestDamagedLogUnderGoodSnapshot(t *testing.T) {
	for name, damage := range map[string]func(lb *bolt.Bucket) error{
		"bit flip":    func(lb *bolt.Bucket) error { return flip(lb, u64(7)) },
		"unsealed":    func(lb *bolt.Bucket) error { return lb.Put(u64(7), []byte("0/garbage")) },
		"sealed junk": func(lb *bolt.Bucket) error { return putChecked(lb, u64(7), []byte("0/garbage")) },
		"missing":     func(lb *bolt.Bucket) error { return lb.Delete(u64(7)) },
	} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := openTest(t)
			h, _ := running(t, s, "c", 3, 11)
			h, st := play(t, s, h.ID, 20, rand.New(rand.NewPCG(3, 3)))
			rawPut(t, s, h.ID, func(gb *bolt.Bucket) error { return damage(gb.Bucket(keyLog)) })
			part := "log entry 7"
			if name == "sealed junk" {
				part = "log" // the checksum holds; the replay finds it
			}
			if name != "sealed junk" {
				_, _, err := s.Load(ctx, h.ID)
				isDamaged(t, err, h.ID, part)
				_, err = s.Record(ctx, h.ID)
				isDamaged(t, err, h.ID, part)
				a := pick(st, rand.New(rand.NewPCG(1, 1)))
				_, _, _, err = s.Apply(ctx, h.ID, h.Version, a)
				isDamaged(t, err, h.ID, part)
			}
			_, err := s.Replay(ctx, h.ID)
			isDamaged(t, err, h.ID, part)
			seat := st.ToAct()[0]
			_, _, err = s.Undo(ctx, h.ID, h.Version, seat, h.Version-1, nil)
			if !errors.Is(err, ErrDamaged) && !errors.Is(err, ErrCannotUndo) {
				t.Fatalf("Undo: %v", err)
			}
			var re *engine.RuleError
			if errors.As(err, &re) {
				t.Fatalf("Undo answers a damaged log with a rule error: %v", err)
			}
			if name != "sealed junk" {
				_, err := s.UpdateHeader(ctx, h.ID, func(h *Header) error { h.ReminderEvery = time.Hour; return nil })
				isDamaged(t, err, h.ID, part)
			}
			if after, _ := s.Header(ctx, h.ID); after.Version != h.Version || after.Undone != h.Undone || after.ReminderEvery != h.ReminderEvery {
				t.Fatal("something changed")
			}
			due, err := s.DueReminders(ctx, time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC))
			if err != nil || len(due) != map[bool]int{true: 1, false: 0}[name == "sealed junk"] {
				// Sealed junk loads from its snapshot: its reminder works.
				t.Fatalf("DueReminders lists a table whose log is damaged: %v, %v", due, err)
			}
			_, probs, err := s.Verify(ctx)
			if err != nil || len(probs) != 1 || probs[0].GameID != h.ID {
				t.Fatalf("Verify: %v, %v", probs, err)
			}
			rec, err := s.Salvage(ctx, h.ID)
			if err != nil || !strings.HasPrefix(rec.Damaged, DamagedMark) || len(rec.Seats) != 3 || rec.Seed != 11 {
				t.Fatalf("Salvage: %+v, %v", rec, err)
			}
			if name != "sealed junk" && len(rec.Actions) != 6 {
				t.Fatalf("salvaged %d actions, want the 6 before the damage", len(rec.Actions))
			}
			if _, err := s.Import(ctx, rec, "g", "c2"); err == nil || !strings.Contains(err.Error(), "damaged") {
				t.Fatalf("Import of a salvaged record: %v", err)
			}
			// Ending it works: its header reads.
			if ended, err := s.SetStatus(ctx, h.ID, StatusAborted); err != nil || ended.Status != StatusAborted {
				t.Fatalf("SetStatus: %v", err)
			}
			if _, err := s.ByChannel(ctx, "c"); !errors.Is(err, ErrNotFound) {
				t.Fatalf("the channel is still held: %v", err)
			}
		})
	}
}

// TestSalvageDamagedHeader: the readable part of a game whose header
// fails its checksum.
func TestSalvageDamagedHeader(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	h, _ := running(t, s, "c", 2, 5)
	play(t, s, h.ID, 10, rand.New(rand.NewPCG(4, 4)))
	rawPut(t, s, h.ID, func(gb *bolt.Bucket) error {
		v := bytes.Clone(gb.Get(keyHeader))
		binary.BigEndian.PutUint32(v, 0) // the checksum, not the JSON
		return gb.Put(keyHeader, v)
	})
	rec, err := s.Salvage(ctx, h.ID)
	if err != nil || !strings.HasPrefix(rec.Damaged, DamagedMark) || !strings.Contains(rec.Damaged, "header") || len(rec.Actions) != 10 || rec.Seed != 5 {
		t.Fatalf("Salvage: %+v, %v", rec, err)
	}
}

// TestUnknownEdition: a table of an edition this build does not play (a
// downgrade) is an *UnknownEditionError, whether its snapshot is intact
// or must be rebuilt; the other tables are unaffected.
func TestUnknownEdition(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	h, _ := running(t, s, "c", 2, 5)
	other, _ := running(t, s, "c2", 2, 6)
	play(t, s, h.ID, 5, rand.New(rand.NewPCG(4, 4)))
	for _, snapshot := range []bool{true, false} {
		rawPut(t, s, h.ID, func(gb *bolt.Bucket) error {
			hh, err := readHeader(gb, h.ID)
			if err != nil {
				return err
			}
			hh.Edition = "99"
			if !snapshot {
				gb.Delete(keySnapshot)
			}
			return writeHeader(gb.Tx(), gb, &hh, &hh)
		})
		_, _, err := s.Load(ctx, h.ID)
		var u *UnknownEditionError
		if !errors.As(err, &u) || !errors.Is(err, ErrUnknownEdition) || u.GameID != h.ID || u.Edition != "99" {
			t.Fatalf("snapshot %v: %v", snapshot, err)
		}
		if _, err := s.UndoFloor(ctx, h.ID, 0); err == nil {
			t.Fatal("UndoFloor of an unknown edition")
		}
		if _, _, err := s.Load(ctx, other.ID); err != nil {
			t.Fatal(err)
		}
		due, err := s.DueReminders(ctx, time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC))
		if err != nil || len(due) != 1 || due[0].ID != other.ID {
			t.Fatalf("DueReminders with a table of an unknown edition: %v, %v", due, err)
		}
	}
}

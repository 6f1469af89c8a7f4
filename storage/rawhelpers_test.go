package storage

import (
	"context"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// Backend-neutral access to the stored bytes, for the tests that look
// under the Store or damage a record on purpose.

// openedFrom is what Open was given: the file, or the full URL.
func (s *Store) openedFrom() string {
	if s.pg != nil {
		return s.pg.url
	}
	return s.path
}

// rawSnapshot returns game id's stored snapshot value (sealed).
func rawSnapshot(t testing.TB, s *Store, id string) []byte {
	t.Helper()
	var v []byte
	if s.pg != nil {
		if err := s.pg.pool.QueryRow(context.Background(), `SELECT snapshot FROM games WHERE id = $1`, id).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	if err := s.db.View(func(tx *bolt.Tx) error {
		gb, err := gameBucket(tx, id)
		if err != nil {
			return err
		}
		v = append([]byte(nil), gb.Get(keySnapshot)...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return v
}

// reminderEntries counts the entries of the reminder index.
func reminderEntries(t testing.TB, s *Store) int {
	t.Helper()
	n := 0
	if s.pg != nil {
		if err := s.pg.pool.QueryRow(context.Background(), `SELECT count(*) FROM games WHERE next_reminder IS NOT NULL`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	s.db.View(func(tx *bolt.Tx) error {
		n = tx.Bucket(bucketReminders).Stats().KeyN
		return nil
	})
	return n
}

// flipOutboxBit damages game id's outbox entry.
func flipOutboxBit(t testing.TB, s *Store, id string) {
	t.Helper()
	if s.pg != nil {
		if _, err := s.pg.pool.Exec(context.Background(), `UPDATE outbox SET entry = set_byte(entry, length(entry) - 2, get_byte(entry, length(entry) - 2) # 1) WHERE game_id = $1`, id); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketOutbox)
		v := append([]byte(nil), b.Get([]byte(id))...)
		v[len(v)-2] ^= 1
		return b.Put([]byte(id), v)
	}); err != nil {
		t.Fatal(err)
	}
}

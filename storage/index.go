package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	bolt "go.etcd.io/bbolt"
)

// Indexes that answer the bot's frequent questions without reading every
// header: which games a member is seated at (/tt games), and which games a
// channel has held (the last finished table of a channel). On BoltDB they
// are buckets kept by writeHeader (schema 4); on PostgreSQL, the seats
// table and an index on games (channel_id, status, created).
//
//	seats/<user id>\x00<game id>       empty
//	chgames/<channel id>\x00<game id>  empty

var (
	bucketSeats   = []byte("seats")
	bucketChGames = []byte("chgames")
	bucketLeases  = []byte("leases")
)

func pairKey(a, b string) []byte { return append(append([]byte(a), 0), b...) }

// writeIndexes keeps the seat and channel indexes in step with h (old:
// the header as it was, nil for a new game).
func writeIndexes(tx *bolt.Tx, old, h *Header) error {
	seats, chg := tx.Bucket(bucketSeats), tx.Bucket(bucketChGames)
	if seats == nil || chg == nil {
		return nil // before migration 4 has run (it builds them)
	}
	now := userIDs(h)
	var was []string
	if old != nil {
		was = userIDs(old)
	}
	if !slices.Equal(now, was) {
		for _, u := range was {
			if err := seats.Delete(pairKey(u, h.ID)); err != nil {
				return err
			}
		}
		for _, u := range now {
			if err := seats.Put(pairKey(u, h.ID), nil); err != nil {
				return err
			}
		}
	}
	if old == nil && h.ChannelID != "" {
		return chg.Put(pairKey(h.ChannelID, h.ID), nil)
	}
	return nil
}

// buildIndexes is migration 4: the seat and channel indexes of every game
// whose header reads.
func buildIndexes(tx *bolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketSeats); err != nil {
		return err
	}
	if _, err := tx.CreateBucketIfNotExists(bucketChGames); err != nil {
		return err
	}
	games := tx.Bucket(bucketGames)
	return games.ForEachBucket(func(id []byte) error {
		h, err := readHeader(games.Bucket(id), string(id))
		if err != nil {
			return nil // damaged: found by its channel entry, skipped by scans
		}
		return writeIndexes(tx, nil, &h)
	})
}

// indexed returns the readable headers of the game ids under prefix p in
// bucket b, in id order.
func (s *Store) indexed(ctx context.Context, bucket []byte, p string) ([]Header, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []Header
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucket)
		if b == nil {
			return nil
		}
		pre := pairKey(p, "")
		c := b.Cursor()
		for k, _ := c.Seek(pre); k != nil && len(k) > len(pre) && string(k[:len(pre)]) == string(pre); k, _ = c.Next() {
			id := string(k[len(pre):])
			gb, err := gameBucket(tx, id)
			if err != nil {
				continue
			}
			h, err := readHeader(gb, id)
			if err != nil {
				s.report(err)
				continue
			}
			out = append(out, h)
		}
		return nil
	})
	return out, err
}

// GamesOf returns the headers of every game userID holds a seat at, in id
// order, through the seat index. A damaged game is skipped (and logged once).
func (s *Store) GamesOf(ctx context.Context, userID string) ([]Header, error) {
	if s.pg != nil {
		return s.pgHeaders(ctx, nil, `SELECT g.id, g.header FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = $1 ORDER BY g.id COLLATE "C"`, userID)
	}
	return s.indexed(ctx, bucketSeats, userID)
}

// GamesIn returns the headers of every game ever opened in channelID (any
// status), in id order, through the channel index. A damaged game is
// skipped (and logged once).
func (s *Store) GamesIn(ctx context.Context, channelID string) ([]Header, error) {
	if s.pg != nil {
		return s.pgHeaders(ctx, nil, `SELECT id, header FROM games WHERE channel_id = $1 ORDER BY id COLLATE "C"`, channelID)
	}
	return s.indexed(ctx, bucketChGames, channelID)
}

// Leases: a row per piece of background work (kind "reminder", key a game
// id, say) that one process at a time may do. Claim takes the lease for
// owner until the given time when it is free, expired, or already owner's
// (then it is extended); a process that dies mid-way loses it when it
// expires, and another takes over. On PostgreSQL it is one upsert whose
// WHERE clause refuses a live lease of another owner, so two processes
// racing for it cannot both win.

// ErrLeaseOwner: Claim or Release was given an empty owner, kind or key.
var ErrLeaseOwner = errors.New("storage: a lease needs a kind, a key and an owner")

type lease struct {
	Owner string    `json:"owner"`
	Until time.Time `json:"until"`
}

// Claim takes (or extends) the lease (kind, key) for owner until until. It
// reports false when another owner holds it and it has not expired by the
// Store's clock.
func (s *Store) Claim(ctx context.Context, kind, key, owner string, until time.Time) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if kind == "" || key == "" || owner == "" {
		return false, ErrLeaseOwner
	}
	now := s.now()
	if s.pg != nil {
		var got string
		err := s.pg.pool.QueryRow(ctx, `INSERT INTO leases (kind, key, owner, until) VALUES ($1, $2, $3, $4)
			ON CONFLICT (kind, key) DO UPDATE SET owner = excluded.owner, until = excluded.until
			WHERE leases.owner = excluded.owner OR leases.until <= $5
			RETURNING owner`, kind, key, owner, until, now).Scan(&got)
		if errors.Is(err, pgx.ErrNoRows) {
			return false, nil
		}
		return err == nil, err
	}
	ok := false
	err := s.db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketLeases)
		if err != nil {
			return err
		}
		k := pairKey(kind, key)
		if v := b.Get(k); v != nil {
			var l lease
			if p, err := unseal(v); err == nil && json.Unmarshal(p, &l) == nil && l.Owner != owner && l.Until.After(now) {
				return nil
			}
		}
		js, err := json.Marshal(lease{owner, until})
		if err != nil {
			return err
		}
		ok = true
		return putChecked(b, k, js)
	})
	if err != nil {
		return false, fmt.Errorf("storage: claim %s/%s: %w", kind, key, err)
	}
	return ok, nil
}

// Release gives the lease (kind, key) up if owner holds it; it reports
// whether it did.
func (s *Store) Release(ctx context.Context, kind, key, owner string) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if kind == "" || key == "" || owner == "" {
		return false, ErrLeaseOwner
	}
	if s.pg != nil {
		tag, err := s.pg.pool.Exec(ctx, `DELETE FROM leases WHERE kind = $1 AND key = $2 AND owner = $3`, kind, key, owner)
		return err == nil && tag.RowsAffected() == 1, err
	}
	ok := false
	err := s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketLeases)
		if b == nil {
			return nil
		}
		k := pairKey(kind, key)
		var l lease
		if p, err := unseal(b.Get(k)); err != nil || json.Unmarshal(p, &l) != nil || l.Owner != owner {
			return nil
		}
		ok = true
		return b.Delete(k)
	})
	return ok, err
}

package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The outbox: a public post a game owes its channel (a hand-off: a new
// board that pings whoever must act). It is written in the same
// transaction as the move that made it owed (Batch.Outbox), so a process
// killed between the commit and the post, or a post Discord keeps
// refusing, leaves the entry behind for the bot's sender to post.
//
//	outbox/<game id>    4-byte CRC-32C of the JSON, then the JSON Outbox
//
// The bucket is created by the first entry written; a file without it
// simply owes nothing (no schema change).

var bucketOutbox = []byte("outbox")

// Outbox is the post a game owes. Storage keeps it and knows nothing of
// what it means; the bot fills it in.
type Outbox struct {
	GameID  string `json:"game"`
	Channel string `json:"channel"`
	// Version and Epoch are the game state the post shows (the undo
	// epoch is the bot's: its buttons carry both).
	Version int `json:"version"`
	Epoch   int `json:"epoch,omitempty"`
	// Ping are the seats the post pings.
	Ping []int `json:"ping,omitempty"`
	// Since is when the post became owed.
	Since time.Time `json:"since"`
	// Ahead are the texts of posts owed before it, in order (the end of
	// a stage), rendered when they became owed.
	Ahead []string `json:"ahead,omitempty"`
}

// ErrOutboxDamaged: a stored outbox entry fails its checksum or does not
// decode. The error names the game.
var ErrOutboxDamaged = errors.New("storage: outbox entry damaged")

func encodeOutbox(o *Outbox) ([]byte, error) {
	js, err := json.Marshal(o)
	if err != nil {
		return nil, fmt.Errorf("storage: outbox: %w", err)
	}
	return seal(js), nil
}

func decodeOutbox(id string, v []byte) (*Outbox, error) {
	js, err := unseal(v)
	if err != nil {
		return nil, fmt.Errorf("%w: game %s: checksum", ErrOutboxDamaged, id)
	}
	var o Outbox
	if err := json.Unmarshal(js, &o); err != nil {
		return nil, fmt.Errorf("%w: game %s: %v", ErrOutboxDamaged, id, err)
	}
	return &o, nil
}

// pendingIn returns game id's entry inside tx, nil when none. A damaged
// entry is an error: the write that would replace it fails rather than
// guess.
func pendingIn(tx *bolt.Tx, id string) (*Outbox, error) {
	b := tx.Bucket(bucketOutbox)
	if b == nil {
		return nil, nil
	}
	v := b.Get([]byte(id))
	if v == nil {
		return nil, nil
	}
	return decodeOutbox(id, v)
}

// runOutbox asks fn, inside a game's write transaction, what the game
// owes now given what it owed before, and stores the answer (nil: nothing).
// A damaged old entry is passed as nil: the new answer replaces it.
func runOutbox(tx *bolt.Tx, id string, fn func(pending *Outbox) (*Outbox, error)) error {
	pending, err := pendingIn(tx, id)
	if errors.Is(err, ErrOutboxDamaged) {
		pending = nil
	} else if err != nil {
		return err
	}
	o, err := fn(pending)
	if err != nil {
		return err
	}
	if o == nil {
		if b := tx.Bucket(bucketOutbox); b != nil {
			return b.Delete([]byte(id))
		}
		return nil
	}
	o.GameID = id
	v, err := encodeOutbox(o)
	if err != nil {
		return err
	}
	b, err := tx.CreateBucketIfNotExists(bucketOutbox)
	if err != nil {
		return err
	}
	return b.Put([]byte(id), v)
}

// PendingPost returns the post game id owes, ok false when it owes none.
// Errors: ErrOutboxDamaged.
func (s *Store) PendingPost(ctx context.Context, id string) (o Outbox, ok bool, err error) {
	if err := ctx.Err(); err != nil {
		return Outbox{}, false, err
	}
	if s.pg != nil {
		p, err := pgPending(ctx, s.pg.pool, id)
		if p != nil {
			return *p, true, err
		}
		return Outbox{}, false, err
	}
	err = s.db.View(func(tx *bolt.Tx) error {
		p, err := pendingIn(tx, id)
		if p != nil {
			o, ok = *p, true
		}
		return err
	})
	return o, ok, err
}

// PendingPosts returns every owed post, in game id order. Entries that are
// damaged are left out and named in the error (errors.Is ErrOutboxDamaged),
// so one bad entry does not hide the others.
func (s *Store) PendingPosts(ctx context.Context) ([]Outbox, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.pg != nil {
		return s.pgPendingPosts(ctx)
	}
	var (
		out  []Outbox
		errs []error
	)
	err := s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketOutbox)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			o, err := decodeOutbox(string(k), v)
			if err != nil {
				errs = append(errs, err)
				return nil
			}
			out = append(out, *o)
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return out, errors.Join(errs...)
}

// PostDone removes game id's owed post if it still shows version and
// epoch (a newer one, owed meanwhile, stays), or if it is damaged. It
// reports whether an entry was removed.
func (s *Store) PostDone(ctx context.Context, id string, version, epoch int) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	if s.pg != nil {
		return s.pgPostDone(ctx, id, version, epoch)
	}
	done := false
	err := s.db.Update(func(tx *bolt.Tx) error {
		p, err := pendingIn(tx, id)
		if err != nil && !errors.Is(err, ErrOutboxDamaged) {
			return err
		}
		if err == nil && (p == nil || p.Version != version || p.Epoch != epoch) {
			return nil
		}
		done = true
		return tx.Bucket(bucketOutbox).Delete([]byte(id))
	})
	return done, err
}

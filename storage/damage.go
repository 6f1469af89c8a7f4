package storage

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// ErrDamaged: a stored record of the game (its header, a log entry) fails
// its checksum or cannot be read, or its log does not replay. The error is
// a *DamagedError naming the game. The record is kept as it is; scans skip
// the game, and Abandon frees its channel.
var ErrDamaged = errors.New("storage: the game's record is damaged")

// ErrUnknownEdition: the game was played under an edition of its title
// that this build does not know (a downgrade). The error is an
// *UnknownEditionError; the record is intact.
var ErrUnknownEdition = errors.New("storage: the game's edition is unknown to this build")

// DamagedError is a game whose stored record cannot be trusted.
// errors.Is(err, ErrDamaged) holds. It does not unwrap to its cause, so a
// parser's or the engine's error in a damaged log is never taken for a
// rule error of a player's move.
type DamagedError struct {
	GameID string
	// Part names what is damaged: "header", "log entry 7", "log".
	Part string
	// Header is the game's header when it is readable (the damage is in
	// its log), else nil.
	Header *Header
	// Cause says what the check found, for the log.
	Cause string
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("storage: game %s: %s is damaged: %s", e.GameID, e.Part, e.Cause)
}

// Is makes errors.Is(err, ErrDamaged) true.
func (e *DamagedError) Is(target error) bool { return target == ErrDamaged }

// damaged returns the *DamagedError of game id's part; h is its header when readable.
func damaged(id, part string, h *Header, cause error) *DamagedError {
	e := &DamagedError{GameID: id, Part: part, Cause: cause.Error()}
	if h != nil {
		c := h.Clone()
		e.Header = &c
	}
	return e
}

// UnknownEditionError is a game of an edition this build does not play.
// errors.Is(err, ErrUnknownEdition) holds.
type UnknownEditionError struct {
	GameID, Title, Edition string
	Header                 Header
	Cause                  string
}

func (e *UnknownEditionError) Error() string {
	return fmt.Sprintf("storage: game %s is %s edition %q, which this build does not play: %s", e.GameID, e.Title, e.Edition, e.Cause)
}

// Is makes errors.Is(err, ErrUnknownEdition) true.
func (e *UnknownEditionError) Is(target error) bool { return target == ErrUnknownEdition }

// report logs a damaged game once per id for the life of the Store, so a
// scan that skips it every minute does not fill the log.
func (s *Store) report(err error) {
	var id string
	var d *DamagedError
	var u *UnknownEditionError
	switch {
	case errors.As(err, &d):
		id = d.GameID
	case errors.As(err, &u):
		id = u.GameID
	default:
		return
	}
	if _, seen := s.reported.LoadOrStore(id, true); seen {
		return
	}
	s.log.Error("storage: skipping a damaged game; its record is kept as it is (tinnersbot check lists every damaged game)", "game", id, "err", err)
}

// Abandon frees the channel of a game whose header is damaged (an admin's
// abort): the channel index entries naming it and its reminder keys go,
// and the game is marked in the quarantine bucket; its own records are
// kept exactly as they are. A game whose header is readable is ended with
// SetStatus instead: Abandon refuses it with ErrWrongStatus. Errors:
// ErrNotFound.
func (s *Store) Abandon(ctx context.Context, id string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.pg != nil {
		return s.pgAbandon(ctx, id)
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		gb, err := gameBucket(tx, id)
		if err != nil {
			return err
		}
		_, herr := readHeader(gb, id)
		if herr == nil {
			return fmt.Errorf("%w: game %s has a readable header; end it with SetStatus", ErrWrongStatus, id)
		}
		var gone [][]byte
		ch := tx.Bucket(bucketChannels)
		if err := ch.ForEach(func(k, v []byte) error {
			if string(v) == id {
				gone = append(gone, append([]byte{}, k...))
			}
			return nil
		}); err != nil {
			return err
		}
		for _, k := range gone {
			if err := ch.Delete(k); err != nil {
				return err
			}
		}
		gone = gone[:0]
		rem := tx.Bucket(bucketReminders)
		if err := rem.ForEach(func(k, _ []byte) error {
			if len(k) > 8 && string(k[8:]) == id {
				gone = append(gone, append([]byte{}, k...))
			}
			return nil
		}); err != nil {
			return err
		}
		for _, k := range gone {
			if err := rem.Delete(k); err != nil {
				return err
			}
		}
		note, err := json.Marshal(struct {
			At    time.Time `json:"at"`
			Cause string    `json:"cause"`
		}{s.now(), herr.Error()})
		if err != nil {
			return err
		}
		return putChecked(tx.Bucket(bucketQuarantine), []byte(id), note)
	})
}

// DamagedMark is written at the top of a salvaged record (Record.Damaged).
const DamagedMark = "damaged — does not replay"

// Salvage returns what remains readable of a game as a record marked
// damaged (Record.Damaged starts with DamagedMark, and Import refuses it):
// the setup and seats when the header still decodes (even if its checksum
// fails), and the log entries up to the first damaged one. It is for an
// admin to keep what can be kept of a damaged game. Errors: ErrNotFound.
func (s *Store) Salvage(ctx context.Context, id string) (*engine.Record, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.pg != nil {
		return s.pgSalvage(ctx, id)
	}
	var r *engine.Record
	err := s.db.View(func(tx *bolt.Tx) error {
		gb, err := gameBucket(tx, id)
		if err != nil {
			return err
		}
		var why []string
		h, herr := readHeader(gb, id)
		if herr != nil {
			why = append(why, "header unreadable")
			// Its bytes may still decode: a flipped bit in a name.
			if v := gb.Get(keyHeader); len(v) > 4 && json.Unmarshal(v[4:], &h) == nil {
				why[0] = "header fails its checksum; setup read as found"
			} else {
				h = Header{ID: id}
			}
		}
		var actions []string
		if lb := gb.Bucket(keyLog); lb != nil {
			c := lb.Cursor()
			for k, v := c.First(); k != nil; k, v = c.Next() {
				n := len(actions) + 1
				p, err := unseal(v)
				if len(k) != 8 || binary.BigEndian.Uint64(k) != uint64(n) || err != nil {
					w := fmt.Sprintf("log entry %d damaged; the record holds entries 1 to %d", n, n-1)
					if herr == nil {
						w += fmt.Sprintf(" of %d", h.Version)
					}
					why = append(why, w)
					break
				}
				actions = append(actions, string(p))
			}
		}
		if len(why) == 0 {
			why = append(why, "log does not replay")
		}
		r = recordOf(&h, actions)
		r.Damaged = DamagedMark + ": " + strings.Join(why, "; ")
		return nil
	})
	return r, err
}

// Problem is one damaged game found by Verify.
type Problem struct {
	GameID string
	Err    error // a *DamagedError or *UnknownEditionError
}

// Verify checks every record of every game — the header's checksum, and
// for a started game every log entry's checksum, and that the log replays
// to the header's version, which the snapshot is checked to be at when it
// is loaded — and returns one Problem per damaged game, in id order.
// A missing or damaged snapshot alone is no problem (it is a cache,
// rebuilt from the log). It also returns how many games it checked. The
// error is for a file that cannot be read.
func (s *Store) Verify(ctx context.Context) (games int, problems []Problem, err error) {
	if s.pg != nil {
		return s.pgVerify(ctx)
	}
	var out []Problem
	n := 0
	err = s.db.View(func(tx *bolt.Tx) error {
		games := tx.Bucket(bucketGames)
		return games.ForEachBucket(func(k []byte) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			id := string(k)
			n++
			if err := s.verifyGame(games.Bucket(k), id); err != nil {
				out = append(out, Problem{GameID: id, Err: err})
			}
			return nil
		})
	})
	if err != nil {
		return n, out, err
	}
	// An owed post (outbox.go) is sealed like every other record.
	err = s.db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketOutbox)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			if _, err := decodeOutbox(string(k), v); err != nil {
				out = append(out, Problem{GameID: string(k), Err: err})
			}
			return nil
		})
	})
	return n, out, err
}

func (s *Store) verifyGame(gb *bolt.Bucket, id string) error {
	h, err := readHeader(gb, id)
	if err != nil {
		return err
	}
	if !hasState(gb) {
		return nil
	}
	// The replay must reach the version the header and the snapshot are
	// at. The snapshot's bytes are not compared with the replayed state's:
	// a snapshot written by an older build lacks what newer builds add to
	// a state (the log's words in other languages), and is still right.
	_, err = s.replayLog(gb, &h)
	return err
}

package storage

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// This file holds the helpers that run inside a transaction. None of them
// opens a transaction of its own.

// gameBucket returns the bucket of game id, or ErrNotFound.
func gameBucket(tx *bolt.Tx, id string) (*bolt.Bucket, error) {
	games := tx.Bucket(bucketGames)
	if games == nil || id == "" {
		return nil, fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	gb := games.Bucket([]byte(id))
	if gb == nil {
		return nil, fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	return gb, nil
}

// readHeader decodes game id's header; the result shares no memory with
// the transaction. A missing, unsealed or undecodable header is a
// *DamagedError.
func readHeader(gb *bolt.Bucket, id string) (Header, error) {
	var h Header
	v := gb.Get(keyHeader)
	if v == nil {
		return h, damaged(id, "header", nil, errors.New("missing"))
	}
	p, err := unseal(v)
	if err != nil {
		return h, damaged(id, "header", nil, err)
	}
	if err := json.Unmarshal(p, &h); err != nil {
		return Header{}, damaged(id, "header", nil, err)
	}
	return h, nil
}

// writeHeader stores h and keeps the reminder index in step with it; old is
// the header as it was (nil for a new game).
func writeHeader(tx *bolt.Tx, gb *bolt.Bucket, old, h *Header) error {
	b, err := json.Marshal(h)
	if err != nil {
		return fmt.Errorf("storage: header: %w", err)
	}
	if err := putChecked(gb, keyHeader, b); err != nil {
		return err
	}
	if err := writeIndexes(tx, old, h); err != nil {
		return err
	}
	rem := tx.Bucket(bucketReminders)
	if old != nil && !old.NextReminder.IsZero() {
		if err := rem.Delete(reminderKey(old.NextReminder, old.ID)); err != nil {
			return err
		}
	}
	if !h.NextReminder.IsZero() && h.Status.holdsChannel() {
		if err := rem.Put(reminderKey(h.NextReminder, h.ID), nil); err != nil {
			return err
		}
	}
	return nil
}

// reminderKey sorts by time, then id.
func reminderKey(t time.Time, id string) []byte {
	ns := max(t.UnixNano(), 0)
	k := make([]byte, 8, 8+len(id))
	binary.BigEndian.PutUint64(k, uint64(ns))
	return append(k, id...)
}

// freeChannel removes the channel index entry if it points at h's game.
func freeChannel(tx *bolt.Tx, h *Header) error {
	ch := tx.Bucket(bucketChannels)
	if h.ChannelID == "" {
		return nil
	}
	if v := ch.Get([]byte(h.ChannelID)); v != nil && string(v) == h.ID {
		return ch.Delete([]byte(h.ChannelID))
	}
	return nil
}

// encodeSnapshot is the snapshot value: the title's snapshot JSON, sealed.
func encodeSnapshot(st engine.Match) ([]byte, error) {
	js, err := st.Snapshot()
	if err != nil {
		return nil, fmt.Errorf("storage: snapshot: %w", err)
	}
	return seal(js), nil
}

// decodeSnapshot returns the state in a snapshot value, or an error if it is
// damaged or not of the wanted version.
func decodeSnapshot(t engine.Title, v []byte, version int) (engine.Match, error) {
	if len(v) < 4 {
		return nil, errors.New("snapshot missing or truncated")
	}
	js, err := unseal(v)
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	// Restore copies everything it keeps, so the match does not point into
	// the mmap after the transaction ends.
	st, err := t.Restore(js)
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	if st.Version() != version {
		return nil, fmt.Errorf("snapshot at version %d, header at %d", st.Version(), version)
	}
	return st, nil
}

// hasState reports whether the game was started (or imported): it has a log.
func hasState(gb *bolt.Bucket) bool { return gb.Bucket(keyLog) != nil }

// loadState returns the current state: from the cache, else from the
// snapshot, else, if the snapshot is missing or damaged, rebuilt from the
// log (rebuilt is then true and the caller should write the snapshot back).
// The log is checked every time (each entry's checksum, and one entry per
// version), so a damaged log under a good snapshot is found when the game
// is loaded, not when someone replays it: that is a *DamagedError, and a
// game of an edition this build does not play an *UnknownEditionError.
// The result may be shared with the cache: do not modify it.
func (s *Store) loadState(gb *bolt.Bucket, h *Header) (st engine.Match, rebuilt bool, err error) {
	if err := checkLog(gb, h); err != nil {
		return nil, false, err
	}
	if st := s.cache.get(h.ID, h.Undone, h.Version); st != nil {
		return st, false, nil
	}
	t, err := s.playable(h)
	if err != nil {
		return nil, false, err
	}
	st, serr := decodeSnapshot(t, gb.Get(keySnapshot), h.Version)
	if serr == nil {
		return st, false, nil
	}
	st, err = s.replayLog(gb, h)
	if err != nil {
		return nil, false, fmt.Errorf("storage: game %s: %v, and rebuilding from the log failed: %w", h.ID, serr, err)
	}
	return st, true, nil
}

// playable returns the title of h, or an *UnknownEditionError when this
// build does not have the title or cannot set up the edition h was
// played under (a game of the current edition needs no trial set-up).
func (s *Store) playable(h *Header) (engine.Title, error) {
	t, err := s.title(h.TitleID())
	if err == nil && h.Edition != "" && h.Edition != t.Meta().Edition {
		_, err = s.newGame(h.TitleID(), h.setup())
	}
	if err != nil {
		return nil, &UnknownEditionError{GameID: h.ID, Title: h.TitleID(), Edition: h.Edition, Header: h.Clone(), Cause: err.Error()}
	}
	return t, nil
}

// replayLog rebuilds the state from the header's setup and the log. A log
// that fails its checks or does not replay is a *DamagedError.
func (s *Store) replayLog(gb *bolt.Bucket, h *Header) (engine.Match, error) {
	if !hasState(gb) {
		return nil, fmt.Errorf("%w: game %s has not started", ErrWrongStatus, h.ID)
	}
	actions, err := readLog(gb, h)
	if err != nil {
		return nil, err
	}
	if _, err := s.playable(h); err != nil {
		return nil, err
	}
	st, err := s.replayActions(h, actions, nil)
	if err != nil {
		return nil, damaged(h.ID, "log", h, err)
	}
	if st.Version() != h.Version {
		return nil, damaged(h.ID, "log", h, fmt.Errorf("log of %d actions replays to version %d; header says version %d", len(actions), st.Version(), h.Version))
	}
	return st, nil
}

// checkLog is readLog's checks without copying the log out: the cost of
// every load, cached or not (≈1 µs per 10 entries).
func checkLog(gb *bolt.Bucket, h *Header) error {
	lb := gb.Bucket(keyLog)
	if lb == nil {
		return nil
	}
	n := 0
	c := lb.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		n++
		if len(k) != 8 || binary.BigEndian.Uint64(k) != uint64(n) {
			return damaged(h.ID, fmt.Sprintf("log entry %d", n), h, fmt.Errorf("found key %x", k))
		}
		if _, err := unseal(v); err != nil {
			return damaged(h.ID, fmt.Sprintf("log entry %d", n), h, err)
		}
	}
	if n != h.Version {
		return damaged(h.ID, "log", h, fmt.Errorf("log holds %d actions; header says version %d", n, h.Version))
	}
	return nil
}

// intact fails with a *DamagedError or *UnknownEditionError when the
// started game h (of bucket gb) cannot be played on; lobbies always pass.
func (s *Store) intact(gb *bolt.Bucket, h *Header) error {
	if !hasState(gb) {
		return nil
	}
	if err := checkLog(gb, h); err != nil {
		return err
	}
	_, err := s.playable(h)
	return err
}

// readLog returns the log of a started game in order, as strings (nil for a
// lobby). Every entry must pass its checksum and be keyed by its version,
// 1 to h.Version: else a *DamagedError naming the first bad entry.
func readLog(gb *bolt.Bucket, h *Header) ([]string, error) {
	lb := gb.Bucket(keyLog)
	if lb == nil {
		return nil, nil
	}
	out := make([]string, 0, h.Version)
	c := lb.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		n := len(out) + 1
		if len(k) != 8 || binary.BigEndian.Uint64(k) != uint64(n) {
			return nil, damaged(h.ID, fmt.Sprintf("log entry %d", n), h, fmt.Errorf("found key %x", k))
		}
		p, err := unseal(v)
		if err != nil {
			return nil, damaged(h.ID, fmt.Sprintf("log entry %d", n), h, err)
		}
		out = append(out, string(p)) // string() copies out of the mmap
	}
	if len(out) != h.Version {
		return nil, damaged(h.ID, "log", h, fmt.Errorf("log holds %d actions; header says version %d", len(out), h.Version))
	}
	return out, nil
}

// newGame and apply call the engine, turning a panic into an error so that
// a bug in the rules fails one click instead of the whole bot. bbolt rolls
// the transaction back either way.
func (s *Store) newGame(title string, st engine.Setup) (next engine.Match, err error) {
	t, err := s.title(title)
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("storage: engine panicked setting up a game: %v", r)
		}
	}()
	return t.New(st)
}

// title returns an installed title by id.
func (s *Store) title(id string) (engine.Title, error) {
	t, err := s.rules.titles.Get(id)
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	return t, nil
}

// parse reads an action of title in compact form.
func (s *Store) parse(title, str string) (engine.Action, error) {
	t, err := s.title(title)
	if err != nil {
		return nil, err
	}
	return t.ParseAction(str)
}

// edition is the edition version a setup of title plays under.
func (s *Store) edition(title string, st engine.Setup) string {
	if st.Edition != "" {
		return st.Edition
	}
	if t, err := s.title(title); err == nil {
		return t.Meta().Edition
	}
	return ""
}

func (s *Store) apply(st engine.Match, a engine.Action) (next engine.Match, ev []engine.Event, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("storage: engine panicked applying %s: %v", a, r)
		}
	}()
	next, ev, err = s.rules.apply(st, a)
	return next, engine.Stamp(ev, a), err
}

// putLog appends one action to the log and checks it landed at version want.
func putLog(gb *bolt.Bucket, action string, want int) error {
	lb := gb.Bucket(keyLog)
	seq, err := lb.NextSequence()
	if err != nil {
		return err
	}
	if seq != uint64(want) {
		return fmt.Errorf("storage: log sequence %d does not match state version %d", seq, want)
	}
	return putChecked(lb, u64(seq), []byte(action))
}

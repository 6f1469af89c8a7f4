package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// CreateLobby stores a new table in status lobby for h.ChannelID and makes
// it the channel's current game. It fills in ID, Status, Version, Created
// and Updated, Title (engine.DefaultTitle when empty; it must be installed),
// and ReminderEvery (DefaultReminderEvery when zero; negative
// means no reminders). It returns the stored header, or a *ChannelBusyError
// (errors.Is ErrChannelBusy) if the channel already has a lobby or running
// game.
func (s *Store) CreateLobby(ctx context.Context, h Header) (Header, error) {
	if err := ctx.Err(); err != nil {
		return Header{}, err
	}
	if h.ChannelID == "" {
		return Header{}, errors.New("storage: a lobby needs a channel id")
	}
	h = h.Clone()
	h.Title = h.TitleID()
	if _, err := s.title(h.Title); err != nil {
		return Header{}, err
	}
	now := s.now()
	h.Status, h.Version, h.Created, h.Updated = StatusLobby, 0, now, now
	h.Imported, h.Undone, h.NextReminder = false, 0, time.Time{}
	switch {
	case h.ReminderEvery == 0:
		h.ReminderEvery = DefaultReminderEvery
	case h.ReminderEvery < 0:
		h.ReminderEvery = 0
	}
	if s.pg != nil {
		return s.pgCreateLobby(ctx, h)
	}
	err := s.db.Update(func(tx *bolt.Tx) error {
		if err := checkChannelFree(tx, h.ChannelID); err != nil {
			return err
		}
		gb, err := s.createGame(tx, &h)
		if err != nil {
			return err
		}
		if err := writeHeader(tx, gb, nil, &h); err != nil {
			return err
		}
		return tx.Bucket(bucketChannels).Put([]byte(h.ChannelID), []byte(h.ID))
	})
	if err != nil {
		return Header{}, err
	}
	return h, nil
}

// checkChannelFree fails with a *ChannelBusyError if the channel's current
// game holds it. An index entry left pointing at a game that no longer holds
// the channel is ignored (and overwritten by the caller).
func checkChannelFree(tx *bolt.Tx, channelID string) error {
	v := tx.Bucket(bucketChannels).Get([]byte(channelID))
	if v == nil {
		return nil
	}
	gb, err := gameBucket(tx, string(v))
	if err != nil {
		return nil
	}
	oh, err := readHeader(gb, string(v))
	if err != nil {
		// The channel's table is unreadable: it may still hold the
		// channel, and only Abandon (an admin's abort) frees it.
		return err
	}
	if oh.Status.holdsChannel() {
		return &ChannelBusyError{ChannelID: channelID, GameID: oh.ID, Status: oh.Status}
	}
	return nil
}

// createGame picks a fresh id for h and creates its bucket.
func (s *Store) createGame(tx *bolt.Tx, h *Header) (*bolt.Bucket, error) {
	games := tx.Bucket(bucketGames)
	for range 8 {
		id := s.newID()
		if id == "" || len(id) > MaxIDLen {
			return nil, fmt.Errorf("storage: NewID returned %q; ids must be 1 to %d bytes", id, MaxIDLen)
		}
		if games.Bucket([]byte(id)) != nil {
			continue
		}
		h.ID = id
		return games.CreateBucket([]byte(id))
	}
	return nil, errors.New("storage: NewID keeps returning ids already in use")
}

// UpdateHeader runs fn on a copy of the game's header and stores the result,
// all in one write transaction; if fn returns an error nothing is stored and
// the error comes back unchanged. fn may change the seats (only their
// details once the game has started), host, max players, board message,
// reminder settings and notes; status, version, ids, channel and setup are changed
// only by the methods made for them, and trying fails. Updated is set to
// now. Errors: ErrNotFound; a *DamagedError or *UnknownEditionError for a
// started game whose log is damaged or whose edition this build does not
// play (after fn ran: a caller ending such a game uses SetStatus, which
// only ends it).
func (s *Store) UpdateHeader(ctx context.Context, id string, fn func(*Header) error) (Header, error) {
	if err := ctx.Err(); err != nil {
		return Header{}, err
	}
	if s.pg != nil {
		return s.pgUpdateHeader(ctx, id, fn)
	}
	var out Header
	err := s.db.Update(func(tx *bolt.Tx) error {
		gb, err := gameBucket(tx, id)
		if err != nil {
			return err
		}
		old, err := readHeader(gb, id)
		if err != nil {
			return err
		}
		h := old.Clone()
		if err := fn(&h); err != nil {
			return err
		}
		if err := checkFixed(&old, &h); err != nil {
			return err
		}
		if err := s.intact(gb, &old); err != nil {
			return err
		}
		h.Updated = s.now()
		if err := writeHeader(tx, gb, &old, &h); err != nil {
			return err
		}
		out = h.Clone()
		return nil
	})
	return out, err
}

// checkFixed refuses header edits that must go through Start, Apply or SetStatus.
func checkFixed(old, h *Header) error {
	bad := ""
	switch {
	case h.ID != old.ID:
		bad = "ID"
	case h.GuildID != old.GuildID:
		bad = "GuildID"
	case h.ChannelID != old.ChannelID:
		bad = "ChannelID"
	case h.Status != old.Status:
		bad = "Status"
	case h.Version != old.Version:
		bad = "Version"
	case h.Seed != old.Seed || !bytes.Equal(h.Options, old.Options) || h.Edition != old.Edition ||
		!bytes.Equal(h.Overrides, old.Overrides) || h.Title != old.Title:
		bad = "the setup"
	case h.Imported != old.Imported:
		bad = "Imported"
	case h.Undone != old.Undone:
		bad = "Undone"
	case !h.Created.Equal(old.Created):
		bad = "Created"
	case old.Status != StatusLobby && len(h.Seats) != len(old.Seats):
		bad = "the number of seats after the start"
	}
	if bad != "" {
		return fmt.Errorf("storage: UpdateHeader may not change %s of game %s", bad, old.ID)
	}
	return nil
}

// Start turns a lobby into a running game: it creates the initial match with
// its title's New(st) and stores it, with st's options, seed and overrides in
// the header (the seed is never logged). st.NumSeats 0 means one per header
// seat; otherwise it must equal the number of seats. The first reminder is
// set to now+ReminderEvery. Returns the initial state and the header.
// Errors: ErrNotFound, ErrWrongStatus (not a lobby), and the title's errors.
func (s *Store) Start(ctx context.Context, id string, st engine.Setup) (engine.Match, Header, error) {
	if err := ctx.Err(); err != nil {
		return nil, Header{}, err
	}
	if s.pg != nil {
		return s.pgStart(ctx, id, st)
	}
	var (
		state engine.Match
		out   Header
	)
	err := s.db.Update(func(tx *bolt.Tx) error {
		gb, err := gameBucket(tx, id)
		if err != nil {
			return err
		}
		old, err := readHeader(gb, id)
		if err != nil {
			return err
		}
		if old.Status != StatusLobby {
			return fmt.Errorf("%w: game %s is %s, not a lobby", ErrWrongStatus, id, old.Status)
		}
		h := old.Clone()
		if st.NumSeats == 0 {
			st.NumSeats = len(h.Seats)
		}
		if st.NumSeats != len(h.Seats) || st.NumSeats == 0 {
			return fmt.Errorf("storage: game %s has %d seats; setup asks for %d", id, len(h.Seats), st.NumSeats)
		}
		if state, err = s.newGame(h.TitleID(), st); err != nil {
			return err
		}
		if state.Version() != 0 {
			return fmt.Errorf("storage: NewGame returned version %d", state.Version())
		}
		if _, err := gb.CreateBucket(keyLog); err != nil {
			return err
		}
		if err := putSnapshot(gb, state); err != nil {
			return err
		}
		now := s.now()
		h.Status, h.Version, h.Updated = StatusRunning, 0, now
		h.Options, h.Seed, h.Overrides, h.Edition = st.Options, st.Seed, st.Overrides, s.edition(h.TitleID(), st)
		h.NextReminder = time.Time{}
		if h.ReminderEvery > 0 {
			h.NextReminder = now.Add(h.ReminderEvery)
		}
		if err := writeHeader(tx, gb, &old, &h); err != nil {
			return err
		}
		out = h.Clone()
		return nil
	})
	if err != nil {
		return nil, Header{}, err
	}
	s.cache.put(id, out.Undone, state)
	return state, out, nil
}

func putSnapshot(gb *bolt.Bucket, st engine.Match) error {
	b, err := encodeSnapshot(st)
	if err != nil {
		return err
	}
	return gb.Put(keySnapshot, b)
}

// Apply applies one action to a running game in a single write transaction:
// it checks that seen (the version carried by the button) is the current
// version, applies a with the engine, appends a's compact form to the log,
// and stores the new snapshot and header. When the match has a result
// (Match.Result) the game becomes finished and its channel is freed;
// otherwise NextReminder moves to now+ReminderEvery.
//
// On any error nothing changes. Errors: a *StaleError (errors.Is ErrStale)
// when seen is not current, the engine's *engine.RuleError unchanged,
// ErrNotFound, ErrWrongStatus (not running).
//
// The action stored and the action applied are the same: a is turned into
// its compact form and parsed back before it is applied, so replaying the
// log repeats exactly what happened.
func (s *Store) Apply(ctx context.Context, id string, seen int, a engine.Action) (engine.Match, []engine.Event, Header, error) {
	return s.ApplyBatch(ctx, id, seen, Batch{Actions: []engine.Action{a}})
}

// Batch is several actions applied in one transaction: all of them or none.
type Batch struct {
	Actions []engine.Action // applied in order, each checked by the engine
	// Then, when set, is asked after the actions (and after each action it
	// returns) for an automatic follow-up; it returns false to stop. It is
	// not asked once the game is over. At most MaxFollowUps follow-ups:
	// asking for more fails the batch. Then must not modify the state.
	Then func(s engine.Match) (engine.Action, bool)
	// Header, when set, changes the game's bookkeeping in the same
	// transaction, after the actions (it sees the new state, and the header
	// with Version, Status and reminders already updated). It may change
	// what UpdateHeader may change; an error from it aborts the batch and
	// comes back unchanged. events are those of every action of the
	// batch, in order, as ApplyBatch returns them.
	Header func(h *Header, s engine.Match, events []engine.Event) error
	// Outbox, when set, says after Header what post the game owes now
	// (outbox.go), given what it owed before (nil: nothing); its answer
	// (nil: nothing) is stored in the same transaction.
	Outbox func(pending *Outbox, h Header, s engine.Match, events []engine.Event) (*Outbox, error)
}

// MaxFollowUps is how many automatic follow-ups one Batch may apply.
const MaxFollowUps = 500

// ApplyBatch applies b's actions, then its follow-ups, to a running game in
// one write transaction, with Apply's checks and bookkeeping: seen must be
// the current version; every action is checked by the engine and logged;
// the snapshot, the header and the reminder are written once at the end;
// reaching a result finishes the game and frees its channel. It
// returns the final state, the events of every action in order, and the
// header.
//
// On any error nothing changes: a rule error in any action (returned
// unchanged, so errors.As finds the *engine.RuleError) aborts the whole
// batch. A batch that applies no action only runs Header (and sets
// Updated).
func (s *Store) ApplyBatch(ctx context.Context, id string, seen int, b Batch) (engine.Match, []engine.Event, Header, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, Header{}, err
	}
	if s.pg != nil {
		return s.pgApplyBatch(ctx, id, seen, b)
	}
	var (
		next   engine.Match
		events []engine.Event
		out    Header
	)
	err := s.db.Update(func(tx *bolt.Tx) error {
		gb, old, cur, err := s.runningGame(tx, id, seen)
		if err != nil {
			return err
		}
		next, events = cur, nil
		step := func(a engine.Action) error {
			// The action stored and the action applied are the same.
			str := a.String()
			parsed, err := s.parse(old.TitleID(), str)
			if err != nil {
				return fmt.Errorf("storage: action %s cannot be logged: %w", str, err)
			}
			st, ev, err := s.apply(next, parsed)
			if err != nil {
				return err
			}
			if st.Version() != next.Version()+1 {
				return fmt.Errorf("storage: engine went from version %d to %d in one action", next.Version(), st.Version())
			}
			if err := putLog(gb, str, st.Version()); err != nil {
				return err
			}
			next, events = st, append(events, ev...)
			return nil
		}
		for _, a := range b.Actions {
			if err := step(a); err != nil {
				return err
			}
		}
		for n := 0; b.Then != nil && next.Result() == nil; n++ {
			a, ok := b.Then(next)
			if !ok {
				break
			}
			if n == MaxFollowUps {
				return fmt.Errorf("storage: batch asked for more than %d follow-ups", MaxFollowUps)
			}
			if err := step(a); err != nil {
				return err
			}
		}
		h := old.Clone()
		now := s.now()
		h.Updated = now
		if next.Version() != old.Version {
			if err := putSnapshot(gb, next); err != nil {
				return err
			}
			h.Version = next.Version()
			if next.Result() != nil {
				h.Status, h.NextReminder = StatusFinished, time.Time{}
				if err := freeChannel(tx, &h); err != nil {
					return err
				}
			} else if h.ReminderEvery > 0 {
				h.NextReminder = now.Add(h.ReminderEvery)
			}
		}
		if b.Header != nil {
			if err := s.runHeaderFunc(&h, func(h *Header) error { return b.Header(h, next, events) }); err != nil {
				return err
			}
		}
		if b.Outbox != nil {
			if err := runOutbox(tx, id, func(p *Outbox) (*Outbox, error) { return b.Outbox(p, h.Clone(), next, events) }); err != nil {
				return err
			}
		}
		if err := writeHeader(tx, gb, &old, &h); err != nil {
			return err
		}
		out = h.Clone()
		return nil
	})
	if err != nil {
		return nil, nil, Header{}, err
	}
	if next.Version() != seen {
		s.cache.put(id, out.Undone, next) // only now: the version is committed
	}
	return next, events, out, nil
}

// runningGame is the preamble of every change to a running game's state,
// inside tx: the game's bucket and header, the check that seen is the
// current version (else a *StaleError) and that the game is running, and
// the current state (shared with the cache: do not modify it).
func (s *Store) runningGame(tx *bolt.Tx, id string, seen int) (*bolt.Bucket, Header, engine.Match, error) {
	gb, err := gameBucket(tx, id)
	if err != nil {
		return nil, Header{}, nil, err
	}
	old, err := readHeader(gb, id)
	if err != nil {
		return nil, Header{}, nil, err
	}
	if old.Version != seen {
		return nil, Header{}, nil, &StaleError{GameID: id, Seen: seen, Current: old.Version}
	}
	if old.Status != StatusRunning {
		return nil, Header{}, nil, fmt.Errorf("%w: game %s is %s", ErrWrongStatus, id, old.Status)
	}
	cur, _, err := s.loadState(gb, &old)
	if err != nil {
		return nil, Header{}, nil, err
	}
	return gb, old, cur, nil
}

// runHeaderFunc runs a caller's header change on h (already carrying the
// operation's own bookkeeping) and refuses changes to what only storage
// may change, as UpdateHeader does.
func (s *Store) runHeaderFunc(h *Header, fn func(*Header) error) error {
	fixed := h.Clone()
	if err := fn(h); err != nil {
		return err
	}
	return checkFixed(&fixed, h)
}

// Load returns a game's header and current state (nil for a lobby). A
// missing or damaged snapshot is rebuilt from the log and written back.
// Errors: ErrNotFound.
func (s *Store) Load(ctx context.Context, id string) (Header, engine.Match, error) {
	if err := ctx.Err(); err != nil {
		return Header{}, nil, err
	}
	if s.pg != nil {
		return s.pgLoad(ctx, id)
	}
	var (
		h       Header
		st      engine.Match
		rebuilt bool
	)
	err := s.viewGame(id, func(gb *bolt.Bucket, hdr Header) error {
		h = hdr
		if !hasState(gb) {
			return nil
		}
		var err error
		st, rebuilt, err = s.loadState(gb, &h)
		return err
	})
	if err != nil {
		return Header{}, nil, err
	}
	if st == nil {
		return h, nil, nil
	}
	if rebuilt {
		s.log.Warn("storage: snapshot missing or damaged; rebuilt from the log", "game", id)
		// A failed repair only costs another replay next time.
		_ = s.repairSnapshot(id, st)
	}
	s.cache.put(id, h.Undone, st)
	return h, st, nil
}

// repairSnapshot writes st as the snapshot if the game is still at st's version.
func (s *Store) repairSnapshot(id string, st engine.Match) error {
	return s.db.Update(func(tx *bolt.Tx) error {
		gb, err := gameBucket(tx, id)
		if err != nil {
			return err
		}
		h, err := readHeader(gb, id)
		if err != nil {
			return err
		}
		if h.Version != st.Version() {
			return nil // moved on meanwhile; Apply wrote a fresh snapshot
		}
		return putSnapshot(gb, st)
	})
}

// viewGame runs fn in a read transaction with game id's bucket and header.
// Errors: ErrNotFound, a damaged header, or fn's error.
func (s *Store) viewGame(id string, fn func(gb *bolt.Bucket, h Header) error) error {
	return s.db.View(func(tx *bolt.Tx) error {
		gb, err := gameBucket(tx, id)
		if err != nil {
			return err
		}
		h, err := readHeader(gb, id)
		if err != nil {
			return err
		}
		return fn(gb, h)
	})
}

// Replay rebuilds a game's state from its setup and log alone, ignoring the
// snapshot. It is how the snapshot is checked. Errors: ErrNotFound,
// ErrWrongStatus (a lobby has no log), and replay failures.
func (s *Store) Replay(ctx context.Context, id string) (engine.Match, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.pg != nil {
		return s.pgReplay(ctx, id)
	}
	var st engine.Match
	err := s.viewGame(id, func(gb *bolt.Bucket, h Header) error {
		var err error
		st, err = s.replayLog(gb, &h)
		return err
	})
	return st, err
}

// Header returns a game's header without decoding its state. Errors: ErrNotFound.
func (s *Store) Header(ctx context.Context, id string) (Header, error) {
	if err := ctx.Err(); err != nil {
		return Header{}, err
	}
	if s.pg != nil {
		r, err := pgGame(ctx, s.pg.pool, id, false)
		return r.h, err
	}
	var h Header
	err := s.viewGame(id, func(_ *bolt.Bucket, hdr Header) error {
		h = hdr
		return nil
	})
	return h, err
}

// ByChannel returns the header of the lobby or running game in a channel or
// thread. Errors: ErrNotFound if there is none, a *DamagedError (naming the
// game) if the channel's game has a damaged header.
func (s *Store) ByChannel(ctx context.Context, channelID string) (Header, error) {
	if err := ctx.Err(); err != nil {
		return Header{}, err
	}
	if s.pg != nil {
		return s.pgByChannel(ctx, channelID)
	}
	var h Header
	err := s.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucketChannels).Get([]byte(channelID))
		if v == nil {
			return fmt.Errorf("%w: no table in channel %s", ErrNotFound, channelID)
		}
		gb, err := gameBucket(tx, string(v))
		if err != nil {
			return err
		}
		if h, err = readHeader(gb, string(v)); err != nil {
			return err
		}
		if !h.Status.holdsChannel() {
			return fmt.Errorf("%w: no table in channel %s", ErrNotFound, channelID)
		}
		return nil
	})
	return h, err
}

// SetStatus ends a lobby or running game as StatusAborted or StatusFinished,
// freeing its channel and clearing its reminder. Errors: ErrNotFound,
// ErrWrongStatus (the game has already ended, or another target status).
func (s *Store) SetStatus(ctx context.Context, id string, status Status) (Header, error) {
	if err := ctx.Err(); err != nil {
		return Header{}, err
	}
	if status != StatusAborted && status != StatusFinished {
		return Header{}, fmt.Errorf("%w: SetStatus sets aborted or finished, not %q", ErrWrongStatus, status)
	}
	if s.pg != nil {
		return s.pgSetStatus(ctx, id, status)
	}
	var out Header
	err := s.db.Update(func(tx *bolt.Tx) error {
		gb, err := gameBucket(tx, id)
		if err != nil {
			return err
		}
		old, err := readHeader(gb, id)
		if err != nil {
			return err
		}
		if !old.Status.holdsChannel() {
			return fmt.Errorf("%w: game %s is already %s", ErrWrongStatus, id, old.Status)
		}
		h := old.Clone()
		h.Status, h.NextReminder, h.Updated = status, time.Time{}, s.now()
		if err := freeChannel(tx, &h); err != nil {
			return err
		}
		if err := writeHeader(tx, gb, &old, &h); err != nil {
			return err
		}
		out = h.Clone()
		return nil
	})
	return out, err
}

// SetNextReminder sets when the game's next reminder is due (zero: none).
// Errors: ErrNotFound.
func (s *Store) SetNextReminder(ctx context.Context, id string, at time.Time) (Header, error) {
	return s.UpdateHeader(ctx, id, func(h *Header) error {
		h.NextReminder = at
		return nil
	})
}

// DueReminders returns the headers of lobby and running games whose next
// reminder is at or before now, earliest first. A game whose header or
// log is damaged, or whose edition this build does not play, is skipped
// (and logged once). Sending a reminder and
// moving NextReminder on (SetNextReminder) is the caller's job.
func (s *Store) DueReminders(ctx context.Context, now time.Time) ([]Header, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.pg != nil {
		return s.pgDueReminders(ctx, now)
	}
	limit := uint64(max(now.UnixNano(), 0))
	var out []Header
	err := s.db.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketReminders).Cursor()
		for k, _ := c.First(); k != nil && binary.BigEndian.Uint64(k[:8]) <= limit; k, _ = c.Next() {
			gb, err := gameBucket(tx, string(k[8:]))
			if err != nil {
				continue // index entry without a game: ignore
			}
			h, err := readHeader(gb, string(k[8:]))
			if err != nil {
				// One damaged table must not stop every other table's
				// reminders and deadlines: skip it, logged once.
				s.report(err)
				continue
			}
			if !h.Status.holdsChannel() {
				continue
			}
			// Nor a table whose log is damaged or whose edition this build
			// does not play: its reminder could only fail, on every tick.
			if err := s.intact(gb, &h); err != nil {
				s.report(err)
				continue
			}
			out = append(out, h)
		}
		return nil
	})
	return out, err
}

// Games returns the headers of every game keep accepts (nil keep: all), in
// id order. A game whose header is damaged is skipped (and logged once).
// keep runs inside a read transaction and must not call the Store.
func (s *Store) Games(ctx context.Context, keep func(*Header) bool) ([]Header, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.pg != nil {
		return s.pgHeaders(ctx, keep, `SELECT id, header FROM games ORDER BY id COLLATE "C"`)
	}
	var out []Header
	err := s.db.View(func(tx *bolt.Tx) error {
		games := tx.Bucket(bucketGames)
		return games.ForEachBucket(func(k []byte) error {
			h, err := readHeader(games.Bucket(k), string(k))
			if err != nil {
				// A damaged game is skipped (logged once), not the whole list.
				s.report(err)
				return nil
			}
			if keep == nil || keep(&h) {
				out = append(out, h)
			}
			return nil
		})
	})
	return out, err
}

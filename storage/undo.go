package storage

import (
	"context"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// ErrCannotUndo: the undo would cross another seat's action or a reveal,
// or there is nothing to take back. The error returned is one of the three
// refusals below, which wrap it.
var ErrCannotUndo = errors.New("cannot undo")

// cannotUndo is a refused undo: msg says why in English (for logs and
// tests; the bot answers a player from its catalogue), and errors.Is(err,
// ErrCannotUndo) holds.
type cannotUndo struct{ msg string }

func (e *cannotUndo) Error() string { return e.msg }
func (e *cannotUndo) Unwrap() error { return ErrCannotUndo }

// The three refusals of Undo; each wraps ErrCannotUndo. Callers tell them
// apart with errors.Is, never by their text.
var (
	ErrUndoNothing  error = &cannotUndo{"You can't take that back: there is nothing to take back."}
	ErrUndoOther    error = &cannotUndo{"You can't take that back: another player has acted since."}
	ErrUndoRevealed error = &cannotUndo{"You can't take that back: something hidden was revealed since."}
)

// Undo takes back the actions from version to (inclusive) to the current
// version seen, in one transaction with the version check: it truncates the
// log to its first to entries and rebuilds the state by replaying, writing
// the snapshot for version to. The header's Version becomes to, Undone goes
// up by one, Updated is set and the reminder moves on as after an action;
// header, when non-nil, then runs on the new header in the same transaction
// (as a Batch's Header does).
//
// Refused with an error wrapping ErrCannotUndo: ErrUndoNothing when to >=
// seen or to < 0, ErrUndoOther when any action in log[to:seen] is not by
// seat, ErrUndoRevealed when any of those actions revealed something
// (engine.Reveals of its events, replayed from the state at to). Other
// errors: a *StaleError when seen is not current, ErrNotFound,
// ErrWrongStatus (the game is not running: a finished game cannot be
// undone). On any error nothing changes.
func (s *Store) Undo(ctx context.Context, id string, seen, seat, to int, header func(h *Header, s engine.Match) error) (engine.Match, Header, error) {
	if err := ctx.Err(); err != nil {
		return nil, Header{}, err
	}
	if s.pg != nil {
		return s.pgUndo(ctx, id, seen, seat, to, header)
	}
	var (
		back engine.Match
		out  Header
	)
	err := s.db.Update(func(tx *bolt.Tx) error {
		gb, old, _, err := s.runningGame(tx, id, seen)
		if err != nil {
			return err
		}
		if to < 0 || to >= seen {
			return ErrUndoNothing
		}
		log, err := readLog(gb, &old)
		if err != nil {
			return err
		}
		if back, err = s.undoTo(&old, log, seat, to); err != nil {
			return err
		}
		if err := truncateLog(gb, to, seen); err != nil {
			return err
		}
		if err := putSnapshot(gb, back); err != nil {
			return err
		}
		h := old.Clone()
		now := s.now()
		h.Version, h.Undone, h.Updated = to, old.Undone+1, now
		if h.ReminderEvery > 0 {
			h.NextReminder = now.Add(h.ReminderEvery)
		}
		if header != nil {
			if err := s.runHeaderFunc(&h, func(h *Header) error { return header(h, back) }); err != nil {
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
		return nil, Header{}, err
	}
	// Only now, and under the new undo count: a state of the old timeline
	// at the same version can never be taken for this one.
	s.cache.put(id, out.Undone, back)
	return back, out, nil
}

// UndoFloor returns the smallest to that Undo would accept for seat now:
// the start of the run of seat's own actions at the end of the log, moved
// up past the last of them that revealed something. It is the current
// version when nothing can be undone (also when the game is not running).
// Errors: ErrNotFound, a *DamagedError when the log fails its checks or
// does not replay.
func (s *Store) UndoFloor(ctx context.Context, id string, seat int) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.pg != nil {
		return s.pgUndoFloor(ctx, id, seat)
	}
	floor := 0
	err := s.viewGame(id, func(gb *bolt.Bucket, h Header) error {
		floor = h.Version
		if h.Status != StatusRunning {
			return nil
		}
		log, err := readLog(gb, &h)
		if err != nil {
			return err
		}
		floor, err = s.undoFloorOf(&h, log, seat)
		return err
	})
	return floor, err
}

// undoTo checks that seat may take log[to:] back (all its own, nothing
// revealed) and returns the state at to. A stored log that does not replay
// is damaged: its parser's or engine's error is no refusal of the undo.
func (s *Store) undoTo(h *Header, log []string, seat, to int) (engine.Match, error) {
	for _, str := range log[to:] {
		if s.actorOf(h.TitleID(), str) != seat {
			return nil, ErrUndoOther
		}
	}
	back, err := s.replayActions(h, log[:to], nil)
	if err != nil {
		return nil, damaged(h.ID, "log", h, err)
	}
	revealed := false
	if _, err := s.replayActions(h, log[to:], back, func(_ int, ev []engine.Event) {
		revealed = revealed || engine.Reveals(ev)
	}); err != nil {
		return nil, damaged(h.ID, "log", h, err)
	}
	if revealed {
		return nil, ErrUndoRevealed
	}
	return back, nil
}

// undoFloorOf is UndoFloor on a log already read.
func (s *Store) undoFloorOf(h *Header, log []string, seat int) (int, error) {
	k := len(log)
	for k > 0 && s.actorOf(h.TitleID(), log[k-1]) == seat {
		k--
	}
	if k == len(log) {
		return h.Version, nil
	}
	st, err := s.replayActions(h, log[:k], nil)
	if err != nil {
		return 0, damaged(h.ID, "log", h, err)
	}
	floor := k
	if _, err = s.replayActions(h, log[k:], st, func(i int, ev []engine.Event) {
		if engine.Reveals(ev) {
			floor = k + i + 1
		}
	}); err != nil {
		return 0, damaged(h.ID, "log", h, err)
	}
	return floor, nil
}

// actorOf returns the seat of an action of title in compact form, or -1.
func (s *Store) actorOf(title, action string) int {
	a, err := s.parse(title, action)
	if err != nil {
		return -1
	}
	return a.Actor()
}

// replayActions applies actions in compact form to from (nil: a new game
// from h's setup), calling each, if not nil, with every action's index and
// events. It returns the final state.
func (s *Store) replayActions(h *Header, actions []string, from engine.Match, each ...func(i int, ev []engine.Event)) (engine.Match, error) {
	st := from
	if st == nil {
		var err error
		if st, err = s.newGame(h.TitleID(), h.setup()); err != nil {
			return nil, err
		}
	}
	for i, str := range actions {
		a, err := s.parse(h.TitleID(), str)
		if err != nil {
			return nil, fmt.Errorf("log entry %d: %w", st.Version()+1, err)
		}
		v := st.Version()
		var ev []engine.Event
		if st, ev, err = s.apply(st, a); err != nil {
			return nil, fmt.Errorf("log entry %d (%s): %w", v+1, str, err)
		}
		for _, f := range each {
			f(i, ev)
		}
	}
	return st, nil
}

// truncateLog deletes log entries to+1..seen and sets the log's sequence
// back to to, so the next action is logged as entry to+1.
func truncateLog(gb *bolt.Bucket, to, seen int) error {
	lb := gb.Bucket(keyLog)
	for v := to + 1; v <= seen; v++ {
		if err := lb.Delete(u64(uint64(v))); err != nil {
			return err
		}
	}
	return lb.SetSequence(uint64(to))
}

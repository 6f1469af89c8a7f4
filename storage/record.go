package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Record returns a started game as an engine record: its setup (with the
// seed) and its whole log, in the engine's record format. Errors:
// ErrNotFound, ErrWrongStatus (a lobby has no record yet), a *DamagedError
// when the header or a log entry fails its checksum (Salvage gives what
// remains readable).
func (s *Store) Record(ctx context.Context, id string) (*engine.Record, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.pg != nil {
		return s.pgRecord(ctx, id)
	}
	var r *engine.Record
	err := s.viewGame(id, func(gb *bolt.Bucket, h Header) error {
		if !hasState(gb) {
			return fmt.Errorf("%w: game %s is a lobby; it has no record yet", ErrWrongStatus, id)
		}
		actions, err := readLog(gb, &h)
		if err != nil {
			return err
		}
		r = recordOf(&h, actions)
		return nil
	})
	return r, err
}

func recordOf(h *Header, actions []string) *engine.Record {
	r := &engine.Record{
		Title:   h.TitleID(),
		Edition: h.Edition,
		Options: h.Options,
		Seed:    h.Seed,
		Setup:   h.Overrides,
		Actions: actions,
	}
	if r.Actions == nil {
		r.Actions = []string{}
	}
	for _, seat := range h.Seats {
		r.Seats = append(r.Seats, seat.Name)
	}
	return r
}

// Export returns a started game as a JSON record (engine.MarshalRecord).
// Errors: as Record.
func (s *Store) Export(ctx context.Context, id string) ([]byte, error) {
	r, err := s.Record(ctx, id)
	if err != nil {
		return nil, err
	}
	return engine.MarshalRecord(r)
}

// Import replays a record and stores it as a new game in guildID/channelID:
// finished if the record plays to the end, archived otherwise. Imported
// games never take their channel and get no reminders. Actions are stored in
// their normalised compact form. Returns the new header; errors if the
// record does not replay (nothing is stored then).
func (s *Store) Import(ctx context.Context, r *engine.Record, guildID, channelID string) (Header, error) {
	if err := ctx.Err(); err != nil {
		return Header{}, err
	}
	if r == nil || len(r.Seats) == 0 {
		return Header{}, errors.New("storage: import: record has no seats")
	}
	if r.Damaged != "" {
		return Header{}, fmt.Errorf("storage: import: the record is marked damaged (%s); it does not replay", r.Damaged)
	}
	// Replay outside the transaction: it is pure CPU and may be long.
	title := r.TitleID()
	st, err := s.newGame(title, r.SetupOf())
	if err != nil {
		return Header{}, fmt.Errorf("storage: import: %w", err)
	}
	actions := make([]string, len(r.Actions))
	for i, str := range r.Actions {
		a, err := s.parse(title, str)
		if err != nil {
			return Header{}, fmt.Errorf("storage: import: action %d: %w", i, err)
		}
		if st, _, err = s.apply(st, a); err != nil {
			return Header{}, fmt.Errorf("storage: import: action %d (%s): %w", i, str, err)
		}
		if st.Version() != i+1 {
			return Header{}, fmt.Errorf("storage: import: action %d gave version %d", i, st.Version())
		}
		actions[i] = a.String()
	}
	now := s.now()
	h := Header{
		GuildID:   guildID,
		ChannelID: channelID,
		Options:   r.Options,
		Seed:      r.Seed,
		Overrides: r.Setup,
		Title:     title,
		Edition:   s.edition(title, r.SetupOf()),
		Status:    StatusArchived,
		Version:   st.Version(),
		Imported:  true,
		Created:   now,
		Updated:   now,
	}
	if st.Result() != nil {
		h.Status = StatusFinished
	}
	for i, name := range r.Seats {
		h.Seats = append(h.Seats, Seat{Name: name, Colour: i})
	}
	if s.pg != nil {
		if err := s.pgInsertGame(ctx, &h, actions, st); err != nil {
			return Header{}, err
		}
		return h, nil
	}
	err = s.db.Update(func(tx *bolt.Tx) error {
		gb, err := s.createGame(tx, &h)
		if err != nil {
			return err
		}
		lb, err := gb.CreateBucket(keyLog)
		if err != nil {
			return err
		}
		for _, a := range actions {
			seq, err := lb.NextSequence()
			if err != nil {
				return err
			}
			if err := putChecked(lb, u64(seq), []byte(a)); err != nil {
				return err
			}
		}
		if err := putSnapshot(gb, st); err != nil {
			return err
		}
		return writeHeader(tx, gb, nil, &h)
	})
	if err != nil {
		return Header{}, err
	}
	return h, nil
}

// Backup writes a consistent copy of the whole database to w while the bot
// keeps running (a read transaction; writers are not blocked). Returns the
// number of bytes written.
func (s *Store) Backup(ctx context.Context, w io.Writer) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.pg != nil {
		return 0, ErrBackupPostgres
	}
	var n int64
	err := s.db.View(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// BackupFile writes a hot backup to path: to a temporary file in the same
// directory, synced, then renamed over path, so path is never half written.
func (s *Store) BackupFile(ctx context.Context, path string) (int64, error) {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return 0, err
	}
	tmp := f.Name()
	n, err := s.Backup(ctx, f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o600)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return 0, fmt.Errorf("storage: backup to %s: %w", path, err)
	}
	return n, nil
}

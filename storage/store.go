// Package storage keeps every table of the bot in one BoltDB file: per game a
// header, the action log (the truth) and a snapshot of the current state (a
// cache), plus a channel → current game index and a reminder index.
//
// Storage knows no rules. It hands actions to the engine and stores what
// comes back; every change to a game happens in one write transaction, and a
// click made on an old board is refused with a *StaleError.
//
// Layout (schema version 4). Every game record is sealed: a 4-byte
// big-endian CRC-32C of the payload, then the payload (checksum.go); a read
// that finds a record damaged reports a *DamagedError and never deletes it.
//
//	meta/schema                       8-byte big-endian schema version
//	games/<id>/header                 sealed JSON Header
//	games/<id>/snapshot               sealed title's snapshot bytes (Match.Snapshot)
//	games/<id>/log/<seq>              sealed action in compact form; seq from NextSequence, 8-byte big-endian (Undo deletes the tail and sets the sequence back)
//	channels/<channel id>             id of the lobby or running game there
//	reminders/<8-byte unix ns><id>    empty; one key per game with a next reminder time
//	quarantine/<id>                   sealed JSON: a damaged game an admin abandoned (Abandon), kept as it is
//	outbox/<id>                       sealed JSON Outbox: the post the game owes (outbox.go)
//	seats/<user id>\x00<id>           empty; the games a member is seated at (index.go)
//	chgames/<channel id>\x00<id>      empty; the games a channel has held (index.go)
//	leases/<kind>\x00<key>            sealed JSON lease of a piece of background work (index.go)
//	players/<guild id>/<user id>      sealed blob: a member's settings in a server (players.go)
//
// The PostgreSQL backend keeps the same records in tables (pg.go).
package storage

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Errors. Callers test them with errors.Is; rule errors from the engine come
// back unchanged as *engine.RuleError (use errors.As). Their text is for
// logs: the bot answers a player from its catalogue. Undo's refusals are
// in undo.go, a damaged record's in damage.go.
var (
	// ErrNotFound: no game with that id, or no current game in that channel.
	ErrNotFound = errors.New("storage: game not found")
	// ErrStale: the caller acted on a version of the game that is no longer
	// current. The error is a *StaleError carrying the current version.
	ErrStale = errors.New("storage: the game has moved on")
	// ErrChannelBusy: the channel already has a lobby or a running game. The
	// error is a *ChannelBusyError naming it.
	ErrChannelBusy = errors.New("storage: this channel already has a table")
	// ErrDatabaseInUse: another process holds the database file open.
	ErrDatabaseInUse = errors.New("storage: the database is in use by another process")
	// ErrWrongStatus: the game's status does not allow the operation (e.g.
	// applying an action to a lobby, starting a running game).
	ErrWrongStatus = errors.New("storage: not possible in the game's current status")
	// ErrSchemaTooNew: the file was written by a newer build of the bot.
	ErrSchemaTooNew = errors.New("storage: database schema is newer than this program")
	// ErrBackupPostgres: Backup is for a BoltDB file; a PostgreSQL
	// database is backed up with pg_dump (README, "Storage").
	ErrBackupPostgres = errors.New("storage: back a PostgreSQL database up with pg_dump")
	// ErrNeedsMigration: a file opened read-only has an older schema; it
	// must be opened read-write once (by the bot) first.
	ErrNeedsMigration = errors.New("storage: database schema needs migrating")
)

// StaleError is returned by Apply, ApplyBatch and Undo when the version the
// caller saw is not the game's current version. errors.Is(err, ErrStale)
// holds.
type StaleError struct {
	GameID  string
	Seen    int
	Current int
}

func (e *StaleError) Error() string {
	return fmt.Sprintf("storage: game %s has moved on (saw version %d, now %d)", e.GameID, e.Seen, e.Current)
}

// Is makes errors.Is(err, ErrStale) true.
func (e *StaleError) Is(target error) bool { return target == ErrStale }

// ChannelBusyError is returned by CreateLobby when the channel already has a
// lobby or running game. errors.Is(err, ErrChannelBusy) holds.
type ChannelBusyError struct {
	ChannelID string
	GameID    string // the game occupying the channel
	Status    Status
}

func (e *ChannelBusyError) Error() string {
	return fmt.Sprintf("storage: channel %s already has a %s table (game %s)", e.ChannelID, e.Status, e.GameID)
}

// Is makes errors.Is(err, ErrChannelBusy) true.
func (e *ChannelBusyError) Is(target error) bool { return target == ErrChannelBusy }

// Options configure Open. Zero values get defaults.
type Options struct {
	// Timeout is how long Open waits for another process to release the
	// file before failing with ErrDatabaseInUse. Default 1s; never zero,
	// because bbolt would then wait forever.
	Timeout time.Duration
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// NewID returns a fresh game id of 1 to 12 characters (ids ride in
	// Discord custom ids). Default: 8 random lowercase base-32 characters.
	NewID func() string
	// Titles are the installed games (required): storage knows no title's
	// rules, it sets games up, applies, snapshots and replays through them.
	Titles *engine.Registry
	// ReadOnly opens the file for reading only (export, backup); it still
	// waits for, and is refused by, a process holding the file for writing.
	ReadOnly bool
	// Log receives one line per damaged game a scan skips. Default
	// slog.Default().
	Log *slog.Logger
}

// DefaultTimeout is Options.Timeout when none is given.
const DefaultTimeout = time.Second

// MaxIDLen is the longest game id storage accepts.
const MaxIDLen = 12

// Store is an open database. Its methods are safe for concurrent use; write
// transactions are serialised by bbolt (on PostgreSQL, per game by a lock
// on its row: pg.go).
type Store struct {
	db    *bolt.DB // nil on PostgreSQL
	pg    *pgStore // nil on BoltDB
	path  string
	now   func() time.Time
	newID func() string
	rules rules
	cache *stateCache
	log   *slog.Logger
	// reported are the ids of damaged games already logged.
	reported sync.Map
}

// rules is the engine as storage uses it: the installed titles, and the two
// calls into a game. Tests swap apply for a fake to provoke engine bugs.
type rules struct {
	titles *engine.Registry
	apply  func(engine.Match, engine.Action) (engine.Match, []engine.Event, error)
}

func applyMatch(m engine.Match, a engine.Action) (engine.Match, []engine.Event, error) {
	return m.Apply(a)
}

var (
	bucketMeta      = []byte("meta")
	bucketGames     = []byte("games")
	bucketChannels  = []byte("channels")
	bucketReminders = []byte("reminders")
	// bucketQuarantine marks the damaged games an admin abandoned (Abandon).
	bucketQuarantine = []byte("quarantine")

	keySchema   = []byte("schema")
	keyHeader   = []byte("header")
	keySnapshot = []byte("snapshot")
	keyLog      = []byte("log")
)

// migration upgrades the schema by one version inside the start-up
// transaction: fn, or withStore when it needs the installed titles.
type migration struct {
	name      string
	fn        func(tx *bolt.Tx) error
	withStore func(s *Store, tx *bolt.Tx) error
}

// migrations[i] takes the schema from version i to i+1. Only append.
var migrations = []migration{
	{name: "create games, channels and reminders buckets", fn: func(tx *bolt.Tx) error {
		for _, b := range [][]byte{bucketGames, bucketChannels, bucketReminders} {
			if _, err := tx.CreateBucketIfNotExists(b); err != nil {
				return err
			}
		}
		return nil
	}},
	{name: "name the title of every game (all earlier games are Tinners' Trail)", fn: func(tx *bolt.Tx) error {
		return tx.Bucket(bucketGames).ForEachBucket(func(id []byte) error {
			gb := tx.Bucket(bucketGames).Bucket(id)
			var h Header
			if err := json.Unmarshal(gb.Get(keyHeader), &h); err != nil {
				return nil // damaged: the next migration keeps it, marked damaged
			}
			if h.Title != "" {
				return nil
			}
			h.Title = engine.DefaultTitle
			b, err := json.Marshal(h)
			if err != nil {
				return err
			}
			return gb.Put(keyHeader, b)
		})
	}},
	{name: "seal every header and log entry with its CRC-32C; create the quarantine bucket", withStore: sealRecords},
	{name: "index the games by seated member and by channel", fn: buildIndexes},
}

// sealRecords is migration 3: every header and log entry gets its
// checksum, as the snapshot already had. A record that cannot be read now
// (a header that does not decode, a log entry its title cannot parse) is
// kept byte for byte but sealed as damaged, so that it is reported from
// the first read on instead of being vouched for by a fresh checksum.
func sealRecords(s *Store, tx *bolt.Tx) error {
	if _, err := tx.CreateBucketIfNotExists(bucketQuarantine); err != nil {
		return err
	}
	games := tx.Bucket(bucketGames)
	var ids [][]byte
	if err := games.ForEachBucket(func(id []byte) error {
		ids = append(ids, append([]byte{}, id...))
		return nil
	}); err != nil {
		return err
	}
	for _, id := range ids {
		gb := games.Bucket(id)
		var parse func(string) (engine.Action, error)
		if v := gb.Get(keyHeader); v != nil {
			var h Header
			sealed := sealDamaged(v)
			if json.Unmarshal(v, &h) == nil {
				sealed = seal(v)
				if t, err := s.title(h.TitleID()); err == nil {
					parse = t.ParseAction
				}
			}
			if err := gb.Put(keyHeader, sealed); err != nil {
				return err
			}
		}
		lb := gb.Bucket(keyLog)
		if lb == nil {
			continue
		}
		var keys, vals [][]byte
		if err := lb.ForEach(func(k, v []byte) error {
			keys, vals = append(keys, append([]byte{}, k...)), append(vals, append([]byte{}, v...))
			return nil
		}); err != nil {
			return err
		}
		for i, k := range keys {
			sealed := seal(vals[i])
			if parse != nil {
				if _, err := parse(string(vals[i])); err != nil {
					sealed = sealDamaged(vals[i])
				}
			}
			if err := lb.Put(k, sealed); err != nil {
				return err
			}
		}
	}
	return nil
}

// SchemaVersion is the schema this build writes.
func SchemaVersion() int { return len(migrations) }

// Open opens (creating if needed) the database at path and brings its schema
// up to date in one transaction. If another process has the file open it
// fails after opts.Timeout with an error wrapping ErrDatabaseInUse; a file
// from a newer build fails with ErrSchemaTooNew.
func Open(path string, opts Options) (*Store, error) {
	return open(path, opts, migrations)
}

func open(path string, opts Options, migs []migration) (*Store, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.NewID == nil {
		opts.NewID = randomID
	}
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	if opts.Titles == nil {
		return nil, errors.New("storage: no titles installed (Options.Titles is nil)")
	}
	if IsURL(path) {
		return openPG(path, opts)
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: opts.Timeout, ReadOnly: opts.ReadOnly})
	if err != nil {
		if errors.Is(err, bolt.ErrTimeout) {
			return nil, fmt.Errorf("%w: %s (waited %v; is the bot running?)", ErrDatabaseInUse, path, opts.Timeout)
		}
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	s := &Store{db: db, path: path, now: opts.Now, newID: opts.NewID, rules: rules{titles: opts.Titles, apply: applyMatch}, cache: newStateCache(cacheGames), log: opts.Log}
	if err := s.migrate(migs, opts.ReadOnly); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

func schemaOf(tx *bolt.Tx) int {
	b := tx.Bucket(bucketMeta)
	if b == nil {
		return 0
	}
	v := b.Get(keySchema)
	if len(v) != 8 {
		return 0
	}
	return int(binary.BigEndian.Uint64(v))
}

// migrate applies every pending migration in one write transaction, so a
// failure leaves the file exactly as it was.
func (s *Store) migrate(migs []migration, readOnly bool) error {
	var have int
	if err := s.db.View(func(tx *bolt.Tx) error { have = schemaOf(tx); return nil }); err != nil {
		return err
	}
	if have > len(migs) {
		return fmt.Errorf("%w: file has schema %d, this build knows %d", ErrSchemaTooNew, have, len(migs))
	}
	if have == len(migs) {
		return nil // nothing to do: no write transaction, no fsync at start-up
	}
	if readOnly {
		return fmt.Errorf("%w: %s has schema %d and needs migrating to %d; open it read-write first", ErrNeedsMigration, s.path, have, len(migs))
	}
	return s.db.Update(func(tx *bolt.Tx) error {
		have := schemaOf(tx)
		for i := have; i < len(migs); i++ {
			run := migs[i].fn
			if migs[i].withStore != nil {
				run = func(tx *bolt.Tx) error { return migs[i].withStore(s, tx) }
			}
			if err := run(tx); err != nil {
				return fmt.Errorf("storage: migration %d (%s): %w", i+1, migs[i].name, err)
			}
		}
		meta, err := tx.CreateBucketIfNotExists(bucketMeta)
		if err != nil {
			return err
		}
		return meta.Put(keySchema, u64(uint64(len(migs))))
	})
}

// Close closes the database.
func (s *Store) Close() error {
	if s.pg != nil {
		s.pg.pool.Close()
		return nil
	}
	return s.db.Close()
}

// Path returns the file the store was opened from (for PostgreSQL, its
// URL without the password).
func (s *Store) Path() string { return s.path }

// Check runs bbolt's consistency check over the whole file and returns every
// problem found, joined, or nil.
func (s *Store) Check(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.pg != nil {
		return s.pg.pool.Ping(ctx)
	}
	return s.db.View(func(tx *bolt.Tx) error {
		var errs []error
		for err := range tx.Check() {
			errs = append(errs, err)
		}
		return errors.Join(errs...)
	})
}

const idAlphabet = "abcdefghijkmnpqrstuvwxyz23456789" // 32 symbols, no l/o/0/1

func randomID() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	for i := range b {
		b[i] = idAlphabet[b[i]&31]
	}
	return string(b[:])
}

func u64(v uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	return b[:]
}

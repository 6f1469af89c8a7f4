package storage

// The PostgreSQL backend (TINNERS_DATABASE_URL=postgres://…), through
// github.com/jackc/pgx/v5: the most used and best kept PostgreSQL driver
// for Go, with a connection pool, native binary protocol and nothing
// below it but the standard library.
//
// The same Store, the same records, sealed the same way (checksum.go), in
// tables instead of buckets (schema in pgMigrations). Every change to a
// game is one transaction that starts by locking the game's row
// (SELECT … FOR UPDATE), so several processes on one database serialise
// per game, and a move built on a stale version is refused as it is in
// one process. The in-memory state cache is used only when its (undo
// count, version) equals the header just read under that lock.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tinnersbot/tinnersbot/engine"
)

type pgStore struct {
	pool *pgxpool.Pool
	url  string
}

// IsURL reports whether path names a PostgreSQL database rather than a
// file: a postgres:// or postgresql:// URL, or a connection string of
// key=value words ("host=db dbname=tinners user=bot"), the two forms
// PostgreSQL accepts. Anything of the key=value form is taken for
// PostgreSQL, never for a file name (Open refuses a key PostgreSQL does
// not know, naming it).
func IsURL(path string) bool {
	return strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://") || keyValueRE.MatchString(path)
}

var keyValueRE = regexp.MustCompile(`^\s*[A-Za-z_]+\s*=`)

// pgKeywords are the keywords of a key=value connection string: libpq's
// (PostgreSQL 17, "Parameter Key Words") and pgx's own.
var pgKeywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`host hostaddr port dbname user password passfile require_auth
		channel_binding connect_timeout client_encoding options application_name
		fallback_application_name keepalives keepalives_idle keepalives_interval keepalives_count
		tcp_user_timeout replication gssencmode sslmode requiressl sslnegotiation sslcompression
		sslcert sslkey sslpassword sslcertmode sslrootcert sslcrl sslcrldir sslsni requirepeer
		ssl_min_protocol_version ssl_max_protocol_version krbsrvname gsslib gssdelegation service
		target_session_attrs load_balance_hosts
		pool_max_conns pool_min_conns pool_min_idle_conns pool_max_conn_lifetime
		pool_max_conn_lifetime_jitter pool_max_conn_idle_time pool_health_check_period
		statement_cache_capacity description_cache_capacity default_query_exec_mode`) {
		pgKeywords[k] = true
	}
}

// keyValueKeys returns the keys of a key=value connection string, in
// order; values may be quoted ('a b', with \' and \\ inside).
func keyValueKeys(conn string) []string {
	var keys []string
	rest := strings.TrimSpace(conn)
	for rest != "" {
		eq := strings.IndexByte(rest, '=')
		if eq < 0 {
			keys = append(keys, strings.TrimSpace(rest))
			break
		}
		keys = append(keys, strings.TrimSpace(rest[:eq]))
		rest = strings.TrimLeft(rest[eq+1:], " \t\n")
		if strings.HasPrefix(rest, "'") {
			k := 1
			for k < len(rest) && rest[k] != '\'' {
				if rest[k] == '\\' {
					k++
				}
				k++
			}
			rest = rest[min(k+1, len(rest)):]
		} else if sp := strings.IndexAny(rest, " \t\n"); sp >= 0 {
			rest = rest[sp:]
		} else {
			rest = ""
		}
		rest = strings.TrimSpace(rest)
	}
	return keys
}

// OpenURL opens the store at a postgres:// URL or, for anything else, the
// BoltDB file at that path: Open does the same.
func OpenURL(url string, opts Options) (*Store, error) { return Open(url, opts) }

// pgMigrations[i] takes the PostgreSQL schema from version i to i+1, each
// in the start-up transaction, recorded in tinners_schema. Only append.
var pgMigrations = []migrationSQL{
	{"games, log, seats, channel and reminder indexes, outbox, quarantine, leases", `
CREATE TABLE games (
	id            text PRIMARY KEY,
	header        bytea NOT NULL,          -- sealed JSON Header
	status        text NOT NULL,
	channel_id    text NOT NULL DEFAULT '',
	holds_channel boolean NOT NULL,        -- lobby or running, and not abandoned
	created       timestamptz NOT NULL,
	next_reminder timestamptz,             -- NULL: none
	started       boolean NOT NULL DEFAULT false,
	snapshot      bytea                    -- sealed; a cache
);
CREATE UNIQUE INDEX games_live_channel ON games (channel_id) WHERE holds_channel;
CREATE INDEX games_channel_status ON games (channel_id, status, created);
CREATE INDEX games_due ON games (next_reminder) WHERE next_reminder IS NOT NULL;
CREATE TABLE game_log (
	game_id text NOT NULL REFERENCES games (id),
	seq     integer NOT NULL,
	action  bytea NOT NULL,                -- sealed compact action
	PRIMARY KEY (game_id, seq)
);
CREATE TABLE seats (
	user_id text NOT NULL,
	game_id text NOT NULL REFERENCES games (id),
	PRIMARY KEY (user_id, game_id)
);
CREATE TABLE outbox (game_id text PRIMARY KEY, entry bytea NOT NULL);
CREATE TABLE quarantine (game_id text PRIMARY KEY, note bytea NOT NULL);
CREATE TABLE leases (
	kind  text NOT NULL,
	key   text NOT NULL,
	owner text NOT NULL,
	until timestamptz NOT NULL,
	PRIMARY KEY (kind, key)
);`},
	{"player settings", `
CREATE TABLE player_settings (
	guild_id text NOT NULL,
	user_id  text NOT NULL,
	blob     bytea NOT NULL,               -- sealed; the bot's JSON
	PRIMARY KEY (guild_id, user_id)
);`},
}

type migrationSQL struct{ name, sql string }

// PGSchemaVersion is the PostgreSQL schema this build writes.
func PGSchemaVersion() int { return len(pgMigrations) }

func openPG(url string, opts Options) (*Store, error) {
	ctx, cancel := context.WithTimeout(context.Background(), max(opts.Timeout, 10*time.Second))
	defer cancel()
	if !strings.HasPrefix(url, "postgres://") && !strings.HasPrefix(url, "postgresql://") {
		for _, k := range keyValueKeys(url) {
			if !pgKeywords[k] {
				return nil, fmt.Errorf("storage: the database %q reads as a key=value connection string, and PostgreSQL has no keyword %q (a BoltDB file is named without key=value)", redactURL(url), k)
			}
		}
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("storage: database URL: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("storage: connect: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("storage: connect: %w", err)
	}
	s := &Store{pg: &pgStore{pool: pool, url: url}, path: redactURL(url), now: opts.Now, newID: opts.NewID,
		rules: rules{titles: opts.Titles, apply: applyMatch}, cache: newStateCache(cacheGames), log: opts.Log}
	if err := s.pg.migrate(ctx, pgMigrations, opts.ReadOnly); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// Shown is path as it may be shown in messages and logs: a file path as
// it is, a database URL without its password.
func Shown(path string) string {
	if !IsURL(path) {
		return path
	}
	return redactURL(path)
}

// redactURL drops the password from a URL shown in messages.
func redactURL(url string) string {
	cfg, err := pgconn.ParseConfig(url)
	if err != nil {
		return "postgres://…"
	}
	return fmt.Sprintf("postgres://%s@%s/%s", cfg.User, cfg.Host, cfg.Database)
}

func (p *pgStore) migrate(ctx context.Context, migs []migrationSQL, readOnly bool) error {
	return pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		// One process migrates at a time; the others wait and find it done.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(7418880001)`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS tinners_schema (version integer PRIMARY KEY, name text NOT NULL, applied timestamptz NOT NULL DEFAULT now())`); err != nil {
			if readOnly {
				return fmt.Errorf("%w: %v", ErrNeedsMigration, err)
			}
			return err
		}
		var have int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM tinners_schema`).Scan(&have); err != nil {
			return err
		}
		if have > len(migs) {
			return fmt.Errorf("%w: database has schema %d, this build knows %d", ErrSchemaTooNew, have, len(migs))
		}
		if have < len(migs) && readOnly {
			return fmt.Errorf("%w: database has schema %d and needs migrating to %d; open it read-write first", ErrNeedsMigration, have, len(migs))
		}
		for i := have; i < len(migs); i++ {
			if _, err := tx.Exec(ctx, migs[i].sql); err != nil {
				return fmt.Errorf("storage: migration %d (%s): %w", i+1, migs[i].name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO tinners_schema (version, name) VALUES ($1, $2)`, i+1, migs[i].name); err != nil {
				return err
			}
		}
		return nil
	})
}

// pgRow is a game's row as a transaction reads it.
type pgRow struct {
	id      string
	h       Header
	started bool
}

// pgQuerier is a pool or a transaction.
type pgQuerier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// pgGame reads game id's header (locking its row when lock), or ErrNotFound
// or a *DamagedError.
func pgGame(ctx context.Context, q pgQuerier, id string, lock bool) (pgRow, error) {
	sql := `SELECT header, started FROM games WHERE id = $1`
	if lock {
		sql += ` FOR UPDATE`
	}
	var raw []byte
	r := pgRow{id: id}
	if err := q.QueryRow(ctx, sql, id).Scan(&raw, &r.started); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return r, fmt.Errorf("%w: %q", ErrNotFound, id)
		}
		return r, err
	}
	h, err := decodeHeader(id, raw)
	r.h = h
	return r, err
}

// decodeHeader is readHeader on a stored value.
func decodeHeader(id string, v []byte) (Header, error) {
	var h Header
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

// pgGameLog is pgGame and, for a started game, its log checked as
// readLog does, in one statement: one snapshot, so a move committed
// meanwhile is seen whole or not at all. Never read them apart.
func pgGameLog(ctx context.Context, q pgQuerier, id string, lock bool) (pgRow, []string, error) {
	sql := `SELECT header, started, array(SELECT seq FROM game_log WHERE game_id = $1 ORDER BY seq),
		array(SELECT action FROM game_log WHERE game_id = $1 ORDER BY seq) FROM games WHERE id = $1`
	if lock {
		sql += ` FOR UPDATE`
	}
	var (
		raw  []byte
		seqs []int32
		vals [][]byte
	)
	r := pgRow{id: id}
	if err := q.QueryRow(ctx, sql, id).Scan(&raw, &r.started, &seqs, &vals); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return r, nil, fmt.Errorf("%w: %q", ErrNotFound, id)
		}
		return r, nil, err
	}
	h, err := decodeHeader(id, raw)
	r.h = h
	if err != nil || !r.started {
		return r, nil, err
	}
	log, err := checkEntries(&r.h, seqs, vals)
	return r, log, err
}

// checkEntries is readLog's checks on log rows read in order: each entry
// sealed, numbered 1 to h.Version.
func checkEntries(h *Header, seqs []int32, vals [][]byte) ([]string, error) {
	out := make([]string, 0, len(seqs))
	for i, seq := range seqs {
		n := i + 1
		if int(seq) != n {
			return nil, damaged(h.ID, fmt.Sprintf("log entry %d", n), h, fmt.Errorf("found entry %d", seq))
		}
		p, err := unseal(vals[i])
		if err != nil {
			return nil, damaged(h.ID, fmt.Sprintf("log entry %d", n), h, err)
		}
		out = append(out, string(p))
	}
	if len(out) != h.Version {
		return nil, damaged(h.ID, "log", h, fmt.Errorf("log holds %d actions; header says version %d", len(out), h.Version))
	}
	return out, nil
}

// pgLoadState is loadState: the log checked, then the cache, the snapshot,
// or a replay of the log (rebuilt true).
// actions is the game's log, read and checked (pgGameLog).
func (s *Store) pgLoadState(ctx context.Context, q pgQuerier, h *Header, actions []string) (engine.Match, []string, bool, error) {
	if st := s.cache.get(h.ID, h.Undone, h.Version); st != nil {
		return st, actions, false, nil
	}
	t, err := s.playable(h)
	if err != nil {
		return nil, nil, false, err
	}
	var snap []byte
	if err := q.QueryRow(ctx, `SELECT snapshot FROM games WHERE id = $1`, h.ID).Scan(&snap); err != nil {
		return nil, nil, false, err
	}
	st, serr := decodeSnapshot(t, snap, h.Version)
	if serr == nil {
		return st, actions, false, nil
	}
	st, err = s.replayChecked(h, actions)
	if err != nil {
		return nil, nil, false, fmt.Errorf("storage: game %s: %v, and rebuilding from the log failed: %w", h.ID, serr, err)
	}
	return st, actions, true, nil
}

// replayChecked is replayLog's replay and checks on a log already read.
func (s *Store) replayChecked(h *Header, actions []string) (engine.Match, error) {
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

// pgIntact is intact. The header and the log are read again in one
// statement (one snapshot): read apart, a move committed between the two
// reads would look like damage. r becomes what was read.
func (s *Store) pgIntact(ctx context.Context, q pgQuerier, r *pgRow) error {
	if !r.started {
		return nil
	}
	fresh, _, err := pgGameLog(ctx, q, r.id, false)
	if err != nil {
		return err
	}
	*r = fresh
	_, err = s.playable(&r.h)
	return err
}

func reminderArg(h *Header) any {
	if h.NextReminder.IsZero() || !h.Status.holdsChannel() {
		return nil
	}
	return h.NextReminder
}

func userIDs(h *Header) []string {
	var ids []string
	for _, s := range h.Seats {
		if s.UserID != "" && !slices.Contains(ids, s.UserID) {
			ids = append(ids, s.UserID)
		}
	}
	slices.Sort(ids)
	return ids
}

// pgWriteHeader stores h over old (nil: a new row) with the columns and
// the seat index derived from it, and snapshot when not nil.
func pgWriteHeader(ctx context.Context, tx pgx.Tx, old, h *Header, started bool, snapshot []byte) error {
	js, err := json.Marshal(h)
	if err != nil {
		return fmt.Errorf("storage: header: %w", err)
	}
	if old == nil {
		if _, err := tx.Exec(ctx, `INSERT INTO games (id, header, status, channel_id, holds_channel, created, next_reminder, started, snapshot)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			h.ID, seal(js), string(h.Status), h.ChannelID, h.Status.holdsChannel(), h.Created, reminderArg(h), started, snapshot); err != nil {
			return err
		}
	} else {
		if _, err := tx.Exec(ctx, `UPDATE games SET header = $2, status = $3, holds_channel = $4, next_reminder = $5,
			started = $6, snapshot = coalesce($7, snapshot) WHERE id = $1`,
			h.ID, seal(js), string(h.Status), h.Status.holdsChannel(), reminderArg(h), started, snapshot); err != nil {
			return err
		}
	}
	now := userIDs(h)
	var was []string
	if old != nil {
		was = userIDs(old)
	}
	if slices.Equal(now, was) {
		return nil
	}
	if old != nil {
		if _, err := tx.Exec(ctx, `DELETE FROM seats WHERE game_id = $1`, h.ID); err != nil {
			return err
		}
	}
	if len(now) > 0 {
		if _, err := tx.Exec(ctx, `INSERT INTO seats (user_id, game_id) SELECT unnest($1::text[]), $2`, now, h.ID); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) pgTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, s.pg.pool, fn)
}

// pgNewID picks a fresh game id.
func (s *Store) pgNewID(ctx context.Context, tx pgx.Tx) (string, error) {
	for range 8 {
		id := s.newID()
		if id == "" || len(id) > MaxIDLen {
			return "", fmt.Errorf("storage: NewID returned %q; ids must be 1 to %d bytes", id, MaxIDLen)
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM games WHERE id = $1`, id).Scan(&n); err != nil {
			return "", err
		}
		if n == 0 {
			return id, nil
		}
	}
	return "", errors.New("storage: NewID keeps returning ids already in use")
}

// lockChannel serialises the transactions that may take a channel.
func lockChannel(ctx context.Context, tx pgx.Tx, channelID string) error {
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 17))`, channelID)
	return err
}

// pgChannelFree is checkChannelFree.
func pgChannelFree(ctx context.Context, tx pgx.Tx, channelID string) error {
	var (
		id  string
		raw []byte
	)
	err := tx.QueryRow(ctx, `SELECT id, header FROM games WHERE channel_id = $1 AND holds_channel`, channelID).Scan(&id, &raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	oh, err := decodeHeader(id, raw)
	if err != nil {
		return err
	}
	if oh.Status.holdsChannel() {
		return &ChannelBusyError{ChannelID: channelID, GameID: oh.ID, Status: oh.Status}
	}
	return nil
}

func (s *Store) pgCreateLobby(ctx context.Context, h Header) (Header, error) {
	err := s.pgTx(ctx, func(tx pgx.Tx) error {
		if err := lockChannel(ctx, tx, h.ChannelID); err != nil {
			return err
		}
		if err := pgChannelFree(ctx, tx, h.ChannelID); err != nil {
			return err
		}
		id, err := s.pgNewID(ctx, tx)
		if err != nil {
			return err
		}
		h.ID = id
		return pgWriteHeader(ctx, tx, nil, &h, false, nil)
	})
	if err != nil {
		return Header{}, err
	}
	return h, nil
}

func (s *Store) pgUpdateHeader(ctx context.Context, id string, fn func(*Header) error) (Header, error) {
	var out Header
	err := s.pgTx(ctx, func(tx pgx.Tx) error {
		r, err := pgGame(ctx, tx, id, true)
		if err != nil {
			return err
		}
		old := r.h
		h := old.Clone()
		if err := fn(&h); err != nil {
			return err
		}
		if err := checkFixed(&old, &h); err != nil {
			return err
		}
		if err := s.pgIntact(ctx, tx, &r); err != nil {
			return err
		}
		h.Updated = s.now()
		if err := pgWriteHeader(ctx, tx, &old, &h, r.started, nil); err != nil {
			return err
		}
		out = h.Clone()
		return nil
	})
	return out, err
}

func (s *Store) pgStart(ctx context.Context, id string, st engine.Setup) (engine.Match, Header, error) {
	var (
		state engine.Match
		out   Header
	)
	err := s.pgTx(ctx, func(tx pgx.Tx) error {
		r, err := pgGame(ctx, tx, id, true)
		if err != nil {
			return err
		}
		old := r.h
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
		snap, err := encodeSnapshot(state)
		if err != nil {
			return err
		}
		now := s.now()
		h.Status, h.Version, h.Updated = StatusRunning, 0, now
		h.Options, h.Seed, h.Overrides, h.Edition = st.Options, st.Seed, st.Overrides, s.edition(h.TitleID(), st)
		h.NextReminder = time.Time{}
		if h.ReminderEvery > 0 {
			h.NextReminder = now.Add(h.ReminderEvery)
		}
		if err := pgWriteHeader(ctx, tx, &old, &h, true, snap); err != nil {
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

// pgRunningGame is runningGame: the row locked, the version checked.
func (s *Store) pgRunningGame(ctx context.Context, tx pgx.Tx, id string, seen int) (pgRow, engine.Match, []string, error) {
	r, log, err := pgGameLog(ctx, tx, id, true)
	var d *DamagedError
	if err != nil && !(errors.As(err, &d) && d.Part != "header") {
		return r, nil, nil, err
	}
	// A damaged log: the version check and the status come first, as on
	// BoltDB, then the damage.
	if r.h.Version != seen {
		return r, nil, nil, &StaleError{GameID: id, Seen: seen, Current: r.h.Version}
	}
	if r.h.Status != StatusRunning {
		return r, nil, nil, fmt.Errorf("%w: game %s is %s", ErrWrongStatus, id, r.h.Status)
	}
	if err != nil {
		return r, nil, nil, err
	}
	cur, log, _, err := s.pgLoadState(ctx, tx, &r.h, log)
	return r, cur, log, err
}

func (s *Store) pgApplyBatch(ctx context.Context, id string, seen int, b Batch) (engine.Match, []engine.Event, Header, error) {
	var (
		next   engine.Match
		events []engine.Event
		out    Header
	)
	err := s.pgTx(ctx, func(tx pgx.Tx) error {
		r, cur, _, err := s.pgRunningGame(ctx, tx, id, seen)
		if err != nil {
			return err
		}
		old := r.h
		next, events = cur, nil
		var seqs []int32
		var vals [][]byte
		step := func(a engine.Action) error {
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
			seqs, vals = append(seqs, int32(st.Version())), append(vals, seal([]byte(str)))
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
		if len(seqs) > 0 {
			if _, err := tx.Exec(ctx, `INSERT INTO game_log (game_id, seq, action) SELECT $1, unnest($2::integer[]), unnest($3::bytea[])`, id, seqs, vals); err != nil {
				return err
			}
		}
		h := old.Clone()
		now := s.now()
		h.Updated = now
		var snap []byte
		if next.Version() != old.Version {
			if snap, err = encodeSnapshot(next); err != nil {
				return err
			}
			h.Version = next.Version()
			if next.Result() != nil {
				h.Status, h.NextReminder = StatusFinished, time.Time{}
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
			if err := pgRunOutbox(ctx, tx, id, func(p *Outbox) (*Outbox, error) { return b.Outbox(p, h.Clone(), next, events) }); err != nil {
				return err
			}
		}
		if err := pgWriteHeader(ctx, tx, &old, &h, true, snap); err != nil {
			return err
		}
		out = h.Clone()
		return nil
	})
	if err != nil {
		return nil, nil, Header{}, err
	}
	if next.Version() != seen {
		s.cache.put(id, out.Undone, next)
	}
	return next, events, out, nil
}

func (s *Store) pgLoad(ctx context.Context, id string) (Header, engine.Match, error) {
	r, log, err := pgGameLog(ctx, s.pg.pool, id, false)
	if err != nil {
		return Header{}, nil, err
	}
	if !r.started {
		return r.h, nil, nil
	}
	st, _, rebuilt, err := s.pgLoadState(ctx, s.pg.pool, &r.h, log)
	if err != nil {
		return Header{}, nil, err
	}
	if rebuilt {
		s.log.Warn("storage: snapshot missing or damaged; rebuilt from the log", "game", id)
		// A failed repair only costs another replay next time.
		_ = s.pgTx(ctx, func(tx pgx.Tx) error {
			cur, err := pgGame(ctx, tx, id, true)
			if err != nil || cur.h.Version != st.Version() || cur.h.Undone != r.h.Undone {
				return err // moved on meanwhile: a fresh snapshot was written
			}
			snap, err := encodeSnapshot(st)
			if err != nil {
				return err
			}
			_, err = tx.Exec(ctx, `UPDATE games SET snapshot = $2 WHERE id = $1`, id, snap)
			return err
		})
	}
	s.cache.put(id, r.h.Undone, st)
	return r.h, st, nil
}

func (s *Store) pgReplay(ctx context.Context, id string) (engine.Match, error) {
	r, actions, err := pgGameLog(ctx, s.pg.pool, id, false) // one snapshot
	if err != nil {
		return nil, err
	}
	if !r.started {
		return nil, fmt.Errorf("%w: game %s has not started", ErrWrongStatus, id)
	}
	return s.replayChecked(&r.h, actions)
}

func (s *Store) pgByChannel(ctx context.Context, channelID string) (Header, error) {
	var (
		id  string
		raw []byte
	)
	err := s.pg.pool.QueryRow(ctx, `SELECT id, header FROM games WHERE channel_id = $1 AND holds_channel`, channelID).Scan(&id, &raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return Header{}, fmt.Errorf("%w: no table in channel %s", ErrNotFound, channelID)
	}
	if err != nil {
		return Header{}, err
	}
	h, err := decodeHeader(id, raw)
	if err != nil {
		return Header{}, err
	}
	if !h.Status.holdsChannel() {
		return Header{}, fmt.Errorf("%w: no table in channel %s", ErrNotFound, channelID)
	}
	return h, nil
}

func (s *Store) pgSetStatus(ctx context.Context, id string, status Status) (Header, error) {
	var out Header
	err := s.pgTx(ctx, func(tx pgx.Tx) error {
		r, err := pgGame(ctx, tx, id, true)
		if err != nil {
			return err
		}
		old := r.h
		if !old.Status.holdsChannel() {
			return fmt.Errorf("%w: game %s is already %s", ErrWrongStatus, id, old.Status)
		}
		h := old.Clone()
		h.Status, h.NextReminder, h.Updated = status, time.Time{}, s.now()
		if err := pgWriteHeader(ctx, tx, &old, &h, r.started, nil); err != nil {
			return err
		}
		out = h.Clone()
		return nil
	})
	return out, err
}

func (s *Store) pgDueReminders(ctx context.Context, now time.Time) ([]Header, error) {
	rows, err := s.pg.pool.Query(ctx, `SELECT id, header, started FROM games WHERE next_reminder <= $1 ORDER BY next_reminder, id COLLATE "C"`, now)
	if err != nil {
		return nil, err
	}
	type item struct {
		r   pgRow
		err error
	}
	var items []item
	for rows.Next() {
		var (
			id  string
			raw []byte
			st  bool
		)
		if err := rows.Scan(&id, &raw, &st); err != nil {
			rows.Close()
			return nil, err
		}
		h, err := decodeHeader(id, raw)
		items = append(items, item{pgRow{id: id, h: h, started: st}, err})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var out []Header
	for _, it := range items {
		if it.err != nil {
			s.report(it.err)
			continue
		}
		if !it.r.h.Status.holdsChannel() {
			continue
		}
		if err := s.pgIntact(ctx, s.pg.pool, &it.r); err != nil {
			s.report(err)
			continue
		}
		out = append(out, it.r.h)
	}
	return out, nil
}

// pgHeaders returns the decodable headers a query selects (id, header),
// reporting damaged ones.
func (s *Store) pgHeaders(ctx context.Context, keep func(*Header) bool, sql string, args ...any) ([]Header, error) {
	rows, err := s.pg.pool.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Header
	for rows.Next() {
		var (
			id  string
			raw []byte
		)
		if err := rows.Scan(&id, &raw); err != nil {
			return nil, err
		}
		h, err := decodeHeader(id, raw)
		if err != nil {
			s.report(err)
			continue
		}
		if keep == nil || keep(&h) {
			out = append(out, h)
		}
	}
	return out, rows.Err()
}

func (s *Store) pgRecord(ctx context.Context, id string) (*engine.Record, error) {
	r, actions, err := pgGameLog(ctx, s.pg.pool, id, false) // one snapshot
	if err != nil {
		return nil, err
	}
	if !r.started {
		return nil, fmt.Errorf("%w: game %s is a lobby; it has no record yet", ErrWrongStatus, id)
	}
	return recordOf(&r.h, actions), nil
}

// pgInsertGame stores a whole game (header, log, snapshot) under h.ID, or
// a fresh id when h.ID is empty.
func (s *Store) pgInsertGame(ctx context.Context, h *Header, actions []string, st engine.Match) error {
	return s.pgTx(ctx, func(tx pgx.Tx) error { return s.pgInsertGameTx(ctx, tx, h, actions, st) })
}

// pgInsertGameTx is pgInsertGame inside a transaction.
func (s *Store) pgInsertGameTx(ctx context.Context, tx pgx.Tx, h *Header, actions []string, st engine.Match) error {
	if h.ID == "" {
		id, err := s.pgNewID(ctx, tx)
		if err != nil {
			return err
		}
		h.ID = id
	}
	if h.Status.holdsChannel() {
		if err := lockChannel(ctx, tx, h.ChannelID); err != nil {
			return err
		}
		if err := pgChannelFree(ctx, tx, h.ChannelID); err != nil {
			return err
		}
	}
	var snap []byte
	if st != nil {
		var err error
		if snap, err = encodeSnapshot(st); err != nil {
			return err
		}
	}
	if err := pgWriteHeader(ctx, tx, nil, h, st != nil, snap); err != nil {
		return err
	}
	if len(actions) == 0 {
		return nil
	}
	seqs := make([]int32, len(actions))
	vals := make([][]byte, len(actions))
	for i, a := range actions {
		seqs[i], vals[i] = int32(i+1), seal([]byte(a))
	}
	_, err := tx.Exec(ctx, `INSERT INTO game_log (game_id, seq, action) SELECT $1, unnest($2::integer[]), unnest($3::bytea[])`, h.ID, seqs, vals)
	return err
}

func (s *Store) pgUndo(ctx context.Context, id string, seen, seat, to int, header func(h *Header, s engine.Match) error) (engine.Match, Header, error) {
	var (
		back engine.Match
		out  Header
	)
	err := s.pgTx(ctx, func(tx pgx.Tx) error {
		r, _, log, err := s.pgRunningGame(ctx, tx, id, seen)
		if err != nil {
			return err
		}
		old := r.h
		if to < 0 || to >= seen {
			return ErrUndoNothing
		}
		if back, err = s.undoTo(&old, log, seat, to); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM game_log WHERE game_id = $1 AND seq > $2`, id, to); err != nil {
			return err
		}
		snap, err := encodeSnapshot(back)
		if err != nil {
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
		if err := pgWriteHeader(ctx, tx, &old, &h, true, snap); err != nil {
			return err
		}
		out = h.Clone()
		return nil
	})
	if err != nil {
		return nil, Header{}, err
	}
	s.cache.put(id, out.Undone, back)
	return back, out, nil
}

func (s *Store) pgUndoFloor(ctx context.Context, id string, seat int) (int, error) {
	r, log, err := pgGameLog(ctx, s.pg.pool, id, false) // one snapshot
	if err != nil {
		return 0, err
	}
	if r.h.Status != StatusRunning {
		return r.h.Version, nil
	}
	return s.undoFloorOf(&r.h, log, seat)
}

// pgRunOutbox is runOutbox.
func pgRunOutbox(ctx context.Context, tx pgx.Tx, id string, fn func(pending *Outbox) (*Outbox, error)) error {
	pending, err := pgPending(ctx, tx, id)
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
		_, err := tx.Exec(ctx, `DELETE FROM outbox WHERE game_id = $1`, id)
		return err
	}
	o.GameID = id
	v, err := encodeOutbox(o)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO outbox (game_id, entry) VALUES ($1, $2) ON CONFLICT (game_id) DO UPDATE SET entry = excluded.entry`, id, v)
	return err
}

func pgPending(ctx context.Context, q pgQuerier, id string) (*Outbox, error) {
	var v []byte
	err := q.QueryRow(ctx, `SELECT entry FROM outbox WHERE game_id = $1`, id).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return decodeOutbox(id, v)
}

func (s *Store) pgPendingPosts(ctx context.Context) ([]Outbox, error) {
	rows, err := s.pg.pool.Query(ctx, `SELECT game_id, entry FROM outbox ORDER BY game_id COLLATE "C"`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var (
		out  []Outbox
		errs []error
	)
	for rows.Next() {
		var (
			id string
			v  []byte
		)
		if err := rows.Scan(&id, &v); err != nil {
			return nil, err
		}
		o, err := decodeOutbox(id, v)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, *o)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, errors.Join(errs...)
}

func (s *Store) pgPostDone(ctx context.Context, id string, version, epoch int) (bool, error) {
	done := false
	err := s.pgTx(ctx, func(tx pgx.Tx) error {
		var v []byte
		err := tx.QueryRow(ctx, `SELECT entry FROM outbox WHERE game_id = $1 FOR UPDATE`, id).Scan(&v)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		p, err := decodeOutbox(id, v)
		if err == nil && (p.Version != version || p.Epoch != epoch) {
			return nil
		}
		done = true
		_, err = tx.Exec(ctx, `DELETE FROM outbox WHERE game_id = $1`, id)
		return err
	})
	return done, err
}

func (s *Store) pgAbandon(ctx context.Context, id string) error {
	return s.pgTx(ctx, func(tx pgx.Tx) error {
		_, herr := pgGame(ctx, tx, id, true)
		if errors.Is(herr, ErrNotFound) {
			return herr
		}
		if herr == nil {
			return fmt.Errorf("%w: game %s has a readable header; end it with SetStatus", ErrWrongStatus, id)
		}
		var d *DamagedError
		if !errors.As(herr, &d) {
			return herr
		}
		if _, err := tx.Exec(ctx, `UPDATE games SET holds_channel = false, next_reminder = NULL WHERE id = $1`, id); err != nil {
			return err
		}
		note, err := json.Marshal(struct {
			At    time.Time `json:"at"`
			Cause string    `json:"cause"`
		}{s.now(), herr.Error()})
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO quarantine (game_id, note) VALUES ($1, $2) ON CONFLICT (game_id) DO UPDATE SET note = excluded.note`, id, seal(note))
		return err
	})
}

func (s *Store) pgSalvage(ctx context.Context, id string) (*engine.Record, error) {
	var raw []byte
	err := s.pg.pool.QueryRow(ctx, `SELECT header FROM games WHERE id = $1`, id).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	var why []string
	h, herr := decodeHeader(id, raw)
	if herr != nil {
		why = append(why, "header unreadable")
		if len(raw) > 4 && json.Unmarshal(raw[4:], &h) == nil {
			why[0] = "header fails its checksum; setup read as found"
		} else {
			h = Header{ID: id}
		}
	}
	rows, err := s.pg.pool.Query(ctx, `SELECT seq, action FROM game_log WHERE game_id = $1 ORDER BY seq`, id)
	if err != nil {
		return nil, err
	}
	var seqs []int
	var vals [][]byte
	for rows.Next() {
		var (
			seq int
			v   []byte
		)
		if err := rows.Scan(&seq, &v); err != nil {
			rows.Close()
			return nil, err
		}
		seqs, vals = append(seqs, seq), append(vals, v)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var actions []string
	for i := range seqs {
		n := len(actions) + 1
		p, err := unseal(vals[i])
		if seqs[i] != n || err != nil {
			w := fmt.Sprintf("log entry %d damaged; the record holds entries 1 to %d", n, n-1)
			if herr == nil {
				w += fmt.Sprintf(" of %d", h.Version)
			}
			why = append(why, w)
			break
		}
		actions = append(actions, string(p))
	}
	if len(why) == 0 {
		why = append(why, "log does not replay")
	}
	r := recordOf(&h, actions)
	r.Damaged = DamagedMark + ": " + strings.Join(why, "; ")
	return r, nil
}

func (s *Store) pgVerify(ctx context.Context) (int, []Problem, error) {
	rows, err := s.pg.pool.Query(ctx, `SELECT id FROM games ORDER BY id COLLATE "C"`)
	if err != nil {
		return 0, nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, nil, err
	}
	var out []Problem
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return 0, out, err
		}
		if _, err := s.pgVerifyGame(ctx, id); err != nil {
			out = append(out, Problem{GameID: id, Err: err})
		}
	}
	rows, err = s.pg.pool.Query(ctx, `SELECT game_id, entry FROM outbox ORDER BY game_id COLLATE "C"`)
	if err != nil {
		return len(ids), out, err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id string
			v  []byte
		)
		if err := rows.Scan(&id, &v); err != nil {
			return len(ids), out, err
		}
		if _, err := decodeOutbox(id, v); err != nil {
			out = append(out, Problem{GameID: id, Err: err})
		}
	}
	return len(ids), out, rows.Err()
}

// pgVerifyGame checks one game and returns its header and replayed state
// (nil for a lobby).
func (s *Store) pgVerifyGame(ctx context.Context, id string) (Header, error) {
	r, actions, err := pgGameLog(ctx, s.pg.pool, id, false) // one snapshot
	if err != nil {
		return r.h, err
	}
	if !r.started {
		return r.h, nil
	}
	_, err = s.replayChecked(&r.h, actions)
	return r.h, err
}

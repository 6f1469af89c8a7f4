package storage

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// Tests of the indexes, the leases and of several Stores on one database.
// They are in the conformance suite (conformance_test.go): the same
// assertions hold on BoltDB and on PostgreSQL.

// TestSeatAndChannelIndexes: GamesOf and GamesIn find exactly the games of
// a member and of a channel, follow seat changes, and agree with a scan.
func TestSeatAndChannelIndexes(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	a := lobby(t, s, "c1", 2)         // u0, u1
	b, _ := running(t, s, "c2", 3, 1) // u0, u1, u2
	if _, err := s.SetStatus(ctx, b.ID, StatusFinished); err != nil {
		t.Fatal(err)
	}
	c := lobby(t, s, "c2", 2) // the channel again, after b ended
	ids := func(hs []Header, err error) []string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, h := range hs {
			out = append(out, h.ID)
		}
		return out
	}
	if got, want := ids(s.GamesOf(ctx, "u2")), []string{b.ID}; !slices.Equal(got, want) {
		t.Fatalf("GamesOf(u2) = %v, want %v", got, want)
	}
	if got, want := ids(s.GamesOf(ctx, "u0")), []string{a.ID, b.ID, c.ID}; !slices.Equal(got, want) {
		t.Fatalf("GamesOf(u0) = %v, want %v", got, want)
	}
	if got, want := ids(s.GamesIn(ctx, "c2")), []string{b.ID, c.ID}; !slices.Equal(got, want) {
		t.Fatalf("GamesIn(c2) = %v, want %v", got, want)
	}
	// A seat given up in the lobby leaves the index; a new one joins it.
	if _, err := s.UpdateHeader(ctx, a.ID, func(h *Header) error {
		h.Seats = []Seat{h.Seats[0], {UserID: "u9", Name: "Nine", Colour: 3}}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := ids(s.GamesOf(ctx, "u1")); slices.Contains(got, a.ID) {
		t.Fatalf("GamesOf(u1) still lists %s after u1 left: %v", a.ID, got)
	}
	if got := ids(s.GamesOf(ctx, "u9")); !slices.Equal(got, []string{a.ID}) {
		t.Fatalf("GamesOf(u9) = %v", got)
	}
	if got := ids(s.GamesOf(ctx, "nobody")); len(got) != 0 {
		t.Fatalf("GamesOf(nobody) = %v", got)
	}
	// The index agrees with a scan of every header.
	for _, u := range []string{"u0", "u1", "u2", "u9"} {
		scan := ids(s.Games(ctx, func(h *Header) bool {
			return slices.ContainsFunc(h.Seats, func(x Seat) bool { return x.UserID == u })
		}))
		if got := ids(s.GamesOf(ctx, u)); !slices.Equal(got, scan) {
			t.Fatalf("GamesOf(%s) = %v; a scan finds %v", u, got, scan)
		}
	}
}

// openSecond opens a second Store on the database of s, with the same
// clock: another process, as far as the database can tell.
func openSecond(t *testing.T, s *Store, c *clock) *Store {
	t.Helper()
	if s.pg == nil {
		return s // bbolt locks its file: one process, one Store
	}
	s2, err := Open(s.openedFrom(), Options{Titles: tinners.Titles(), Now: c.Now, NewID: func() string { return fmt.Sprintf("x%d", time.Now().UnixNano()%1e9) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s2.Close() })
	return s2
}

// TestLeases: a lease held by one owner is refused to another until it
// expires or is released; its owner may extend it. Two Stores on one
// database (two processes) race for one lease: exactly one wins.
func TestLeases(t *testing.T) {
	s, c := openTest(t)
	s2 := openSecond(t, s, c)
	ctx := context.Background()
	t0 := c.Now()
	claim := func(st *Store, owner string, until time.Time) bool {
		t.Helper()
		ok, err := st.Claim(ctx, "reminder", "g1", owner, until)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !claim(s, "p1", t0.Add(time.Minute)) {
		t.Fatal("a free lease was refused")
	}
	if claim(s2, "p2", t0.Add(time.Minute)) {
		t.Fatal("a live lease of p1 was given to p2")
	}
	if !claim(s, "p1", t0.Add(2*time.Minute)) {
		t.Fatal("p1 could not extend its own lease")
	}
	if ok, err := s2.Claim(ctx, "outbox", "g1", "p2", t0.Add(time.Minute)); !ok || err != nil {
		t.Fatalf("another kind with the same key is another lease: %v %v", ok, err)
	}
	c.Advance(2*time.Minute + time.Second) // p1 died: its lease expired
	if !claim(s2, "p2", c.Now().Add(time.Minute)) {
		t.Fatal("an expired lease was not taken over")
	}
	if ok, _ := s.Release(ctx, "reminder", "g1", "p1"); ok {
		t.Fatal("p1 released a lease p2 holds")
	}
	if ok, _ := s2.Release(ctx, "reminder", "g1", "p2"); !ok {
		t.Fatal("p2 could not release its lease")
	}
	if !claim(s, "p1", c.Now().Add(time.Minute)) {
		t.Fatal("a released lease was refused")
	}
	if _, err := s.Claim(ctx, "", "g1", "p1", c.Now()); !errors.Is(err, ErrLeaseOwner) {
		t.Fatalf("a lease without a kind: %v", err)
	}
	// A race: 8 owners on two Stores; exactly one wins.
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		wins []string
	)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := []*Store{s, s2}[i%2]
			owner := fmt.Sprintf("r%d", i)
			ok, err := st.Claim(ctx, "deadline", "g7", owner, c.Now().Add(time.Minute))
			if err != nil {
				t.Error(err)
			}
			if ok {
				mu.Lock()
				wins = append(wins, owner)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(wins) != 1 {
		t.Fatalf("%d owners won one lease: %v", len(wins), wins)
	}
}

// TestTwoStoresOneDatabase: two Stores on one database (on PostgreSQL, two
// processes) apply the same move at once: it is applied exactly once, the
// other is refused as stale, and neither Store's cache serves a state the
// other has moved past.
func TestTwoStoresOneDatabase(t *testing.T) {
	s, c := openTest(t)
	s2 := openSecond(t, s, c)
	ctx := context.Background()
	h, st := running(t, s, "c1", 3, 5)
	if _, _, err := loadT(s2, ctx, h.ID); err != nil { // warm s2's cache at version 0
		t.Fatal(err)
	}
	a := st.Legal(st.ToAct()[0])[0].Action
	for round := range 3 {
		cur, err := s.Header(ctx, h.ID)
		if err != nil {
			t.Fatal(err)
		}
		_, m, err := s.Load(ctx, h.ID)
		if err != nil {
			t.Fatal(err)
		}
		ts := tinners.StateOf(m)
		a = pick(ts, randFor(round))
		var (
			wg         sync.WaitGroup
			ok, stale  int
			mu         sync.Mutex
			otherError error
		)
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _, _, err := []*Store{s, s2}[i%2].Apply(ctx, h.ID, cur.Version, a)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, ErrStale):
					stale++
				default:
					otherError = err
				}
			}()
		}
		wg.Wait()
		if otherError != nil || ok != 1 || stale != 5 {
			t.Fatalf("round %d: %d applied, %d stale, other error %v; want 1 and 5", round, ok, stale, otherError)
		}
		// Both Stores now see the one new version, from the database.
		for _, st := range []*Store{s, s2} {
			hh, m, err := st.Load(ctx, h.ID)
			if err != nil || hh.Version != cur.Version+1 || m.Version() != cur.Version+1 {
				t.Fatalf("round %d: a Store loads version %d/%v (%v), want %d", round, hh.Version, m, err, cur.Version+1)
			}
		}
		if n := logLen(t, s2, h.ID); n != cur.Version+1 {
			t.Fatalf("round %d: the log holds %d actions, want %d", round, n, cur.Version+1)
		}
	}
	checkReplay(t, s2, h.ID)
}

// TestPostgresSchemaMigrations: the PostgreSQL schema is recorded in
// tinners_schema; a second open migrates nothing; a database of a newer
// build is refused; a read-only open of an empty database asks for a
// read-write open first.
func TestPostgresSchemaMigrations(t *testing.T) {
	if testURL == nil {
		t.Skip("PostgreSQL only (TestPostgres runs it)")
	}
	url := testURL(t)
	ctx := context.Background()
	if _, err := Open(url, Options{Titles: tinners.Titles(), ReadOnly: true}); !errors.Is(err, ErrNeedsMigration) {
		t.Fatalf("read-only open of an empty database: %v", err)
	}
	s, err := Open(url, Options{Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var n, v int
	if err := s.pg.pool.QueryRow(ctx, `SELECT count(*), max(version) FROM tinners_schema`).Scan(&n, &v); err != nil || n != PGSchemaVersion() || v != PGSchemaVersion() {
		t.Fatalf("tinners_schema holds %d rows up to %d (%v); want %d", n, v, err, PGSchemaVersion())
	}
	s2, err := Open(url, Options{Titles: tinners.Titles(), ReadOnly: true})
	if err != nil {
		t.Fatalf("second open: %v", err)
	}
	s2.Close()
	if _, err := s.pg.pool.Exec(ctx, `INSERT INTO tinners_schema (version, name) VALUES ($1, 'from the future')`, PGSchemaVersion()+1); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(url, Options{Titles: tinners.Titles()}); !errors.Is(err, ErrSchemaTooNew) {
		t.Fatalf("open of a newer schema: %v", err)
	}
}

// TestBackupOfPostgresSaysPgDump: Backup is for a BoltDB file.
func TestBackupOfPostgresSaysPgDump(t *testing.T) {
	if testURL == nil {
		t.Skip("PostgreSQL only (TestPostgres runs it)")
	}
	s, _ := openTest(t)
	if _, err := s.BackupFile(context.Background(), filepath.Join(t.TempDir(), "b")); !errors.Is(err, ErrBackupPostgres) {
		t.Fatalf("Backup on PostgreSQL: %v", err)
	}
}

func randFor(i int) *rand.Rand { return rand.New(rand.NewPCG(uint64(i), 7)) }

// TestDamagedRecordsPostgres: on PostgreSQL as on BoltDB, a damaged log
// entry under a good snapshot is found when the game is loaded, the scans
// skip the game, Verify names it and Salvage keeps what reads; a damaged
// header keeps its channel until Abandon frees it, and only it.
func TestDamagedRecordsPostgres(t *testing.T) {
	if testURL == nil {
		t.Skip("PostgreSQL only (TestPostgres runs it); damage_test.go covers BoltDB")
	}
	s, c := openTest(t)
	ctx := context.Background()
	h, _ := running(t, s, "c1", 2, 3)
	h, _ = play(t, s, h.ID, 10, randFor(1))
	other, _ := running(t, s, "c2", 2, 4)
	if _, err := s.pg.pool.Exec(ctx, `UPDATE game_log SET action = set_byte(action, 5, get_byte(action, 5) # 1) WHERE game_id = $1 AND seq = 7`, h.ID); err != nil {
		t.Fatal(err)
	}
	s.cache.clear()
	var d *DamagedError
	if _, _, err := s.Load(ctx, h.ID); !errors.As(err, &d) || d.Part != "log entry 7" {
		t.Fatalf("Load of a game with a damaged log entry: %v", err)
	}
	if _, _, _, err := s.Apply(ctx, h.ID, h.Version, nil); !errors.Is(err, ErrDamaged) {
		t.Fatalf("Apply on a damaged game: %v", err)
	}
	c.Advance(48 * time.Hour)
	due, err := s.DueReminders(ctx, c.Now())
	if err != nil || len(due) != 1 || due[0].ID != other.ID {
		t.Fatalf("DueReminders with one damaged game: %v, %v", due, err)
	}
	n, probs, err := s.Verify(ctx)
	if err != nil || n != 2 || len(probs) != 1 || probs[0].GameID != h.ID {
		t.Fatalf("Verify: %d games, %v, %v", n, probs, err)
	}
	r, err := s.Salvage(ctx, h.ID)
	if err != nil || len(r.Actions) != 6 || r.Damaged == "" {
		t.Fatalf("Salvage: %+v, %v", r, err)
	}
	// A damaged header.
	if _, err := s.pg.pool.Exec(ctx, `UPDATE games SET header = set_byte(header, 10, get_byte(header, 10) # 1) WHERE id = $1`, other.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ByChannel(ctx, "c2"); !errors.Is(err, ErrDamaged) {
		t.Fatalf("ByChannel of a damaged header: %v", err)
	}
	if _, err := s.CreateLobby(ctx, Header{ChannelID: "c2", Seats: []Seat{{UserID: "u1"}}}); !errors.Is(err, ErrDamaged) {
		t.Fatalf("a lobby over a damaged table: %v", err)
	}
	if hs, err := s.Games(ctx, nil); err != nil || len(hs) != 1 || hs[0].ID != h.ID {
		t.Fatalf("Games skips the damaged header: %v, %v", hs, err)
	}
	if err := s.Abandon(ctx, h.ID); !errors.Is(err, ErrWrongStatus) {
		t.Fatalf("Abandon of a readable header: %v", err)
	}
	if err := s.Abandon(ctx, other.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ByChannel(ctx, "c2"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("ByChannel after Abandon: %v", err)
	}
	if _, err := s.CreateLobby(ctx, Header{ChannelID: "c2", Seats: []Seat{{UserID: "u1"}}}); err != nil {
		t.Fatalf("a lobby after Abandon: %v", err)
	}
}

// TestShownHidesThePassword: a database URL is shown without its password.
func TestShownHidesThePassword(t *testing.T) {
	got := Shown("postgres://bot:s3cret@db.example:5432/tinners?sslmode=require")
	if strings.Contains(got, "s3cret") || !strings.Contains(got, "db.example") || !strings.Contains(got, "tinners") {
		t.Fatalf("Shown = %q", got)
	}
	if got := Shown("/var/lib/tinners.db"); got != "/var/lib/tinners.db" {
		t.Fatalf("a file path is shown as %q", got)
	}
}

// TestConnectionStringForms: both forms PostgreSQL accepts name a
// database, never a file: a URL and key=value words (quoted values too);
// a key=value string with a word PostgreSQL does not know is refused by
// name, without its password and without a file.
func TestConnectionStringForms(t *testing.T) {
	for path, want := range map[string]bool{
		"postgres://bot@db/tinners":                     true,
		"postgresql://db/tinners":                       true,
		"host=db dbname=tinners user=bot password=x":    true,
		"  dbname = tinners":                            true,
		"tinners.db":                                    false,
		"/var/lib/tinners/a=b.db":                       false,
		"./tinners.db":                                  false,
		"C:\\tinners.db":                                false,
		"host=db password='two words' sslmode=disable ": true,
	} {
		if got := IsURL(path); got != want {
			t.Errorf("IsURL(%q) = %v, want %v", path, got, want)
		}
	}
	keys := keyValueKeys(`host=db password='it\'s a b' dbname = tinners sslmode=disable`)
	if strings.Join(keys, ",") != "host,password,dbname,sslmode" {
		t.Errorf("keys %q", keys)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	_, err := Open("hots=db password=s3cret dbname=tinners", Options{Titles: tinners.Titles()})
	if err == nil || !strings.Contains(err.Error(), `"hots"`) || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("a misspelt keyword: %v", err)
	}
	if got := Shown("host=db port=5432 user=bot password=s3cret dbname=tinners"); strings.Contains(got, "s3cret") || !strings.Contains(got, "tinners") {
		t.Errorf("Shown = %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a file appeared: %v", entries[0].Name())
	}
}

package playtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tinnersbot/tinnersbot/bot"
	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/bot/genericui"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/ttui"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/storage"
)

// LoadOptions configure a load test: many tables playing at once against
// one bot and one fake Discord. Zero values get defaults.
type LoadOptions struct {
	Tables   int           // tables playing at once (default 10)
	Players  int           // seats per table (default 3)
	Rate     float64       // interactions per second, all tables together (default 50); at most this many are sent
	Duration time.Duration // how long the players click (default 5 s); interactions in flight then are finished
	Seed     uint64

	// FaultChance is the probability that a request the bot makes to
	// answer a player (acknowledgement, post, edit, reply) is answered
	// with a 429 (per route; a tenth of them global) or a 500, 502 or 503
	// instead, each at random; 0 injects none.
	FaultChance float64
	// Faults are injected too, once the bot is ready (e.g. a slow answer
	// for one table: its channel is TableChannel(k); table 0's interaction
	// tokens are playtest-token-N, table k's tableK-token-N).
	Faults []fakediscord.Fault

	Dir        string // holds the database; empty: a temporary directory
	Render     func(v any, o kit.RenderOptions) ([]byte, error)
	RenderHand func(any, kit.RenderOptions) ([]byte, error)
	Log        io.Writer     // also receives the bot's log
	Timeout    time.Duration // how long one interaction may take to be handled (default 2 minutes)

	// Replicas, when above 0, runs that many bot processes (Binary's run
	// subcommand, in HTTP mode) behind a round-robin proxy on loopback
	// (replicas.go) instead of one bot on the gateway inside this
	// process; more than one needs Database. Database is the postgres://
	// URL of an empty database to play on (empty: a BoltDB file in Dir).
	// KillAt, when set, kills replica 0 with SIGKILL that long after the
	// start and starts a new process a second later. The players then
	// learn that an interaction is finished from the fake Discord alone.
	Replicas int
	Database string
	KillAt   time.Duration
	Binary   string // the tinnersbot executable (os.Executable in the command)

	// RemindEvery, with replicas, is every new table's reminder interval
	// in the replicas (TINNERS_LOADTEST_REMIND; their tick is a quarter of
	// it); 0: the reminder tick does not run. Idle is how many tables
	// (the last ones) stop clicking a few interactions into their game, so
	// that their reminders fall due while the processes run (reminders.go).
	RemindEvery time.Duration
	Idle        int
}

// AckDeadline is how soon Discord wants an interaction acknowledged.
const AckDeadline = 3 * time.Second

// LoadResult is what a load test measured. Times are from the moment an
// interaction was dispatched on the gateway: Ack to the fake's answer to
// its acknowledgement (the callback), Post to the moment the bot had
// sent everything it causes (posts, edits, reply), as Config.AfterInteraction
// tells it (one bot in this process) or as the fake Discord sees it (its
// last call for the interaction, with replica processes; observe.go).
type LoadResult struct {
	Tables        int     `json:"tables"`
	Players       int     `json:"players"`
	Seconds       float64 `json:"seconds"`      // from the first interaction to the last handled
	Interactions  int     `json:"interactions"` // commands, clicks and form submissions sent
	Clicks        int     `json:"clicks"`       // of which clicks and form submissions
	PerSecond     float64 `json:"per_second"`   // Interactions / Seconds
	ClicksPerSec  float64 `json:"clicks_per_second"`
	Games         int     `json:"games"`          // games started (some finished, the rest cut off by the end)
	GamesFinished int     `json:"games_finished"` // announced over by the bot
	EngineActions int     `json:"engine_actions"` // in the stored records
	Replayed      int     `json:"replayed"`       // records that replay to their stored state

	Acked      int `json:"acked"`        // interactions whose acknowledgement Discord accepted
	AckedIn3s  int `json:"acked_in_3s"`  // … within AckDeadline
	Unacked    int `json:"unacked"`      // never acknowledged
	Refused    int `json:"refused"`      // replies that refused a click (stale board, not your turn…)
	Faulted    int `json:"faulted"`      // requests answered with an injected 429 or 5xx
	RateLimits int `json:"rate_limited"` // … of which 429s

	AckP50  Millis `json:"ack_p50_ms"`
	AckP99  Millis `json:"ack_p99_ms"`
	AckMax  Millis `json:"ack_max_ms"`
	PostP50 Millis `json:"post_p50_ms"`
	PostP99 Millis `json:"post_p99_ms"`
	PostMax Millis `json:"post_max_ms"`

	// ByTable are each table's figures (not in the JSON).
	ByTable []TableResult `json:"-"`

	// Errors are the tables that failed and why (an internal error, a
	// record that does not replay, a player left with nothing to click).
	Errors []string `json:"errors,omitempty"`

	Replicas int    `json:"replicas,omitempty"`
	Backend  string `json:"backend"`          // "bolt" or "postgres"
	Killed   int    `json:"killed,omitempty"` // replicas killed and restarted
	// OwedLeft are hand-off posts still owed when the play ended and the
	// bots had had LeaseTTL and more to post them (lost posts); Doubled
	// are board posts identical to the channel's previous post.
	OwedLeft int `json:"owed_left"`
	Doubled  int `json:"doubled_posts"`
	// LostAtKill are interactions the killed process had taken and not
	// finished: failed or left unanswered (their players tried again);
	// they are not in Acked, AckedIn3s or Unacked.
	LostAtKill int `json:"lost_at_kill,omitempty"`

	// The move count (moves.go): acknowledged moves found in the stored
	// logs, the entries they claim (with follow-ups), entries only an
	// interaction lost at the kill can have made (allowed), and what did
	// not add up (the run fails).
	Moves        int      `json:"moves"`
	MoveActions  int      `json:"move_actions"`
	MovesUnshown int      `json:"moves_unshown,omitempty"`
	MoveErrors   []string `json:"move_errors,omitempty"`

	// The reminder count (reminders.go), with RemindEvery: reminders
	// posted, posted twice for one wait (the run fails, a reminder posted
	// again after the kill by the taker of the killed process's lease
	// included), owed at an idle table and never posted (the run fails).
	Reminders        int      `json:"reminders,omitempty"`
	IdleTables       int      `json:"idle_tables,omitempty"`
	RemindersDoubled int      `json:"reminders_doubled,omitempty"`
	RemindersLost    int      `json:"reminders_lost,omitempty"`
	ReminderErrors   []string `json:"reminder_errors,omitempty"`
}

// RemindTick is how often a load test's replicas look for due reminders
// when new tables remind every every.
func RemindTick(every time.Duration) time.Duration { return max(every/4, 50*time.Millisecond) }

// TableResult are one table's figures in a load test.
type TableResult struct {
	Interactions     int
	AckMax           Millis
	PostP50, PostMax Millis
}

// Millis is a duration shown in milliseconds.
type Millis float64

func ms(d time.Duration) Millis { return Millis(float64(d.Microseconds()) / 1000) }

// sample is one interaction's timings.
type sample struct {
	ack    time.Duration // -1: no accepted acknowledgement
	post   time.Duration
	clicks bool // a click or form submission (not a command)
	lost   bool // taken by the killed process, unfinished
}

// timed measures one interaction from its calls (already this table's).
func timed(sent time.Time, handled time.Duration, token string, calls []call) sample {
	s := sample{ack: -1, post: handled}
	for _, c := range calls {
		if c.Method == "POST" && strings.HasPrefix(c.Path, "/interactions/") && strings.HasSuffix(c.Path, "/"+token+"/callback") &&
			c.Status >= 200 && c.Status < 300 {
			s.ack = c.At.Sub(sent)
			break
		}
	}
	return s
}

// Load runs a load test: opt.Tables tables, each with its own players in
// its own channel, play games (a new one when one ends) through one fake
// Discord and one bot.Main on a real database for opt.Duration, their
// interactions paced to opt.Rate per second in all. Afterwards every
// stored game must replay. The error is set when the test could not run
// or any table failed (LoadResult.Errors); the result is returned anyway.
func Load(ctx context.Context, opt LoadOptions) (*LoadResult, error) {
	if opt.Tables <= 0 {
		opt.Tables = 10
	}
	if opt.Players == 0 {
		opt.Players = 3
	}
	if opt.Players < tinners.MinSeats || opt.Players > tinners.MaxSeats {
		return nil, fmt.Errorf("load: %d players; a table seats %d to %d", opt.Players, tinners.MinSeats, tinners.MaxSeats)
	}
	if opt.Rate <= 0 {
		opt.Rate = 50
	}
	if opt.Duration <= 0 {
		opt.Duration = 5 * time.Second
	}
	if opt.Timeout <= 0 {
		opt.Timeout = 2 * time.Minute
	}
	dir := opt.Dir
	if dir == "" {
		d, err := os.MkdirTemp("", "tinners-load-")
		if err != nil {
			return nil, fmt.Errorf("load: %w", err)
		}
		defer os.RemoveAll(d)
		dir = d
	}
	dbPath := filepath.Join(dir, "tinners.db")
	if opt.Database != "" {
		dbPath = opt.Database
	} else if _, err := os.Stat(dbPath); err == nil {
		return nil, fmt.Errorf("load: %s exists; a load test needs a fresh database", dbPath)
	}
	if opt.Replicas > 1 && opt.Database == "" {
		return nil, errors.New("load: several replicas need a PostgreSQL database (bbolt locks its file)")
	}

	fd := fakediscord.New()
	defer fd.Close()
	fd.Seed(opt.Seed + 1)
	logBuf := &tailBuffer{max: 256 << 10}
	var logw io.Writer = logBuf
	if opt.Log != nil {
		logw = io.MultiWriter(logBuf, opt.Log)
	}
	if opt.Replicas > 0 {
		return loadReplicas(ctx, opt, dbPath, fd, logBuf, logw)
	}
	wait := &waiters{m: map[string]chan struct{}{}}
	var gameSeed atomic.Uint64
	gameSeed.Store(opt.Seed*0x2545f4914f6cdd1d + 1)
	cfg := bot.Config{Token: "load-token", DBPath: dbPath, Client: fd.Client(),
		Logger: slog.New(slog.NewTextHandler(logw, &slog.HandlerOptions{Level: slog.LevelWarn})),
		Now:    func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) },
		Seed:   func() uint64 { return gameSeed.Add(1) },
		Render: opt.Render, RenderHand: opt.RenderHand,
		Titles: tinners.Titles(), UIs: []kit.UI{ttui.TinnersTrailUI()}, Generic: genericui.UI(),
		RemindTick: time.Hour, AfterInteraction: wait.done}
	m, err := bot.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("load: start the bot: %w", err)
	}
	runCtx, cancel := context.WithCancel(ctx)
	runDone := make(chan error, 1)
	go func() { runDone <- m.Run(runCtx) }()
	stop := func() error {
		cancel()
		err := <-runDone
		if cerr := m.Close(); err == nil {
			err = cerr
		}
		return err
	}
	if err := fd.WaitUntil("command registration", 30*time.Second, func(calls []call, _ int) bool {
		return slices.ContainsFunc(calls, func(c call) bool { return c.Method == "PUT" && strings.HasSuffix(c.Path, "/commands") })
	}); err != nil {
		stop()
		return nil, fmt.Errorf("load: %w\n%s", err, logBuf.String())
	}
	return play(ctx, opt, fd, wait, logBuf, dbPath, stop, nil, nil, nil)
}

// play drives the tables against the bot(s) already started, stops them
// (stop), and checks and measures what was played. during, when set, runs
// alongside the play (the kill of a replica). wait nil: the bots are other
// processes, and an interaction is finished when the fake Discord says so
// (observe); atKill then tells an interaction the killed process took
// with it.
func play(ctx context.Context, opt LoadOptions, fd *fakediscord.Server, wait *waiters, logBuf *tailBuffer, dbPath string,
	stop func() error, during func(ctx context.Context, start time.Time), atKill func(token string, finished time.Time) bool,
	killedAt func() time.Time) (*LoadResult, error) {
	if opt.FaultChance > 0 {
		injectRandomFaults(fd, opt.FaultChance)
	}
	for _, fl := range opt.Faults {
		fd.Inject(fl)
	}

	// One ticket per interaction, opt.Rate per second, shared by every table.
	playCtx, endPlay := context.WithTimeout(ctx, opt.Duration)
	defer endPlay()
	pace := pacer(playCtx, opt.Rate)

	res := &LoadResult{Tables: opt.Tables, Players: opt.Players}
	rec := newLoadRecorder(res, opt.Tables)
	drivers := make([]*driver, opt.Tables)
	seen := make([][]moveSeen, opt.Tables)
	errs := make([]error, opt.Tables)
	start := time.Now()
	var wg sync.WaitGroup
	for k := range opt.Tables {
		po := Options{Players: opt.Players, Seed: opt.Seed + uint64(k)*7919, MaxInteractions: 1 << 30, Timeout: opt.Timeout}
		d := newTableDriver(po, k, fd, wait, logBuf)
		d.pace, d.stuck, d.timing, d.atKill = pace, true, func(s sample) { rec.record(k, s) }, atKill
		d.moves = &seen[k]
		if k >= opt.Tables-opt.Idle {
			// Unpaced (a handful of interactions), so that they are idle
			// early whatever the load.
			d.idleAfter, d.pace = 1+k%3, nil
		}
		drivers[k] = d
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[k] = d.playUntilEnd(playCtx)
		}()
	}
	if during != nil {
		wg.Add(1)
		go func() { defer wg.Done(); during(playCtx, start) }()
	}
	wg.Wait()
	res.Seconds = time.Since(start).Seconds()
	res.Replicas, res.Backend = opt.Replicas, "bolt"
	if storage.IsURL(dbPath) {
		res.Backend = "postgres"
	}
	remindOn := opt.RemindEvery > 0 && opt.Replicas > 0
	var killed time.Time
	if killedAt != nil {
		killed = killedAt()
	}
	settle(ctx, opt, fd, dbPath, drivers, seen, killed, res)
	ranUntil := time.Now()
	runErr := stop()

	st, err := storage.Open(dbPath, storage.Options{ReadOnly: !storage.IsURL(dbPath), Timeout: 5 * time.Second, Titles: tinners.Titles()})
	if err != nil {
		return res, fmt.Errorf("load: open the database afterwards: %w", err)
	}
	defer st.Close()
	countStored(ctx, st, drivers, seen, errs, res)
	res.Doubled = doubledPosts(fd.Calls())
	if remindOn {
		rc := countReminders(reminders(fd.Calls()), remindsOf(opt, drivers, seen, killed, ranUntil))
		res.Reminders, res.RemindersDoubled, res.RemindersLost = rc.Posted, rc.Doubled, rc.Lost
		res.IdleTables = len(remindsOf(opt, drivers, seen, killed, ranUntil).Idle)
		res.ReminderErrors = rc.Problems
	}
	rec.finish(fd.Calls())
	return res, loadVerdict(res, runErr, opt.Tables, logBuf)
}

// pacer hands out opt.Rate tickets per second until playCtx ends: pace
// waits for one (errEnd once the play is over). Ticket n is due at n/rate
// seconds; one that no table was ready to take in time is handed out as
// soon as one is, so the rate is kept on average whenever enough tables
// are waiting.
func pacer(playCtx context.Context, rate float64) (pace func(context.Context) error) {
	tickets := make(chan struct{})
	go func() {
		begin := time.Now()
		for n := 1; ; n++ {
			due := time.NewTimer(time.Until(begin.Add(time.Duration(float64(n) * float64(time.Second) / rate))))
			select {
			case <-due.C:
			case <-playCtx.Done():
				due.Stop()
				return
			}
			select {
			case tickets <- struct{}{}:
			case <-playCtx.Done():
				return
			}
		}
	}()
	return func(context.Context) error {
		select {
		case <-tickets:
			return nil
		case <-playCtx.Done():
			return errEnd
		}
	}
}

// loadRecorder gathers the players' samples into a load test's result,
// overall and per table; its methods are safe for every table's driver.
type loadRecorder struct {
	mu            sync.Mutex
	res           *LoadResult
	acks, posts   []time.Duration
	tAcks, tPosts [][]time.Duration
}

func newLoadRecorder(res *LoadResult, tables int) *loadRecorder {
	return &loadRecorder{res: res, tAcks: make([][]time.Duration, tables), tPosts: make([][]time.Duration, tables)}
}

// record counts table k's interaction s: lost at the kill, unacknowledged,
// or acknowledged (within the deadline or not), with its click-to-post.
func (r *loadRecorder) record(k int, s sample) {
	r.mu.Lock()
	defer r.mu.Unlock()
	res := r.res
	if s.lost {
		res.LostAtKill++
		return
	}
	r.tPosts[k] = append(r.tPosts[k], s.post)
	if s.ack >= 0 {
		r.tAcks[k] = append(r.tAcks[k], s.ack)
	}
	res.Interactions++
	if s.clicks {
		res.Clicks++
	}
	r.posts = append(r.posts, s.post)
	if s.ack < 0 {
		res.Unacked++
		return
	}
	res.Acked++
	r.acks = append(r.acks, s.ack)
	if s.ack <= AckDeadline {
		res.AckedIn3s++
	}
}

// finish fills the result's rates, faults and quantiles once every
// sample is in; calls are the fake Discord's.
func (r *loadRecorder) finish(calls []fakediscord.Call) {
	r.mu.Lock()
	defer r.mu.Unlock()
	res := r.res
	for _, c := range calls {
		if c.Status == 429 || c.Status >= 500 {
			res.Faulted++
			if c.Status == 429 {
				res.RateLimits++
			}
		}
	}
	if res.Seconds > 0 {
		res.PerSecond = float64(res.Interactions) / res.Seconds
		res.ClicksPerSec = float64(res.Clicks) / res.Seconds
	}
	for k := range r.tPosts {
		tr := TableResult{Interactions: len(r.tPosts[k])}
		_, _, tr.AckMax = quantiles(r.tAcks[k])
		tr.PostP50, _, tr.PostMax = quantiles(r.tPosts[k])
		res.ByTable = append(res.ByTable, tr)
	}
	res.AckP50, res.AckP99, res.AckMax = quantiles(r.acks)
	res.PostP50, res.PostP99, res.PostMax = quantiles(r.posts)
}

// settle waits, after the play, for what the processes still owe: the
// killed process's leases (then its reminders) to be taken over, the
// hand-off posts owed (res.OwedLeft: those never posted), and the
// reminders owed at the idle tables.
func settle(ctx context.Context, opt LoadOptions, fd *fakediscord.Server, dbPath string, drivers []*driver, seen [][]moveSeen, killed time.Time, res *LoadResult) {
	remindOn := opt.RemindEvery > 0 && opt.Replicas > 0
	if remindOn && !killed.IsZero() {
		// The reminders the killed process held get its lease time and
		// more to be taken over.
		select {
		case <-time.After(time.Until(killed.Add(LoadLeaseTTL + RemindTick(opt.RemindEvery)*2 + 500*time.Millisecond))):
		case <-ctx.Done():
		}
	}
	if opt.Replicas > 0 {
		// What is still owed gets the dead replica's lease time and more
		// to be posted.
		res.OwedLeft = waitOwed(ctx, dbPath, LoadLeaseTTL+5*time.Second)
	}
	if remindOn {
		// So do the reminders owed at the idle tables: a busy process's
		// tick sends one table's after another, each waiting for the
		// channel's interaction in progress, so it may be behind when
		// the players stop.
		for end := time.Now().Add(LoadLeaseTTL + 15*time.Second); time.Now().Before(end) && ctx.Err() == nil; time.Sleep(200 * time.Millisecond) {
			if countReminders(reminders(fd.Calls()), remindsOf(opt, drivers, seen, killed, time.Now())).Lost == 0 {
				break
			}
		}
	}
}

// countStored reads the stored games back: every table's games replayed
// (a lobby the time ran out on is no game) and its moves counted against
// what the players were shown (countMoves).
func countStored(ctx context.Context, st *storage.Store, drivers []*driver, seen [][]moveSeen, errs []error, res *LoadResult) {
	for k, d := range drivers {
		res.Games += d.games
		res.GamesFinished += d.finished
		res.Refused += d.stats.Refused
		if errs[k] != nil {
			res.Errors = append(res.Errors, fmt.Sprintf("table %d: %v", k, errs[k]))
			continue
		}
		n, lobbies, actions, err := replayTable(ctx, st, d.channel)
		res.Games -= lobbies
		res.Replayed += n
		res.EngineActions += actions
		if err != nil {
			res.Errors = append(res.Errors, fmt.Sprintf("table %d: %v", k, err))
		}
	}
	for k := range drivers {
		mc := countMoves(seen[k], storedGames(ctx, st, seen[k]))
		res.Moves += mc.Moves
		res.MoveActions += mc.Actions
		res.MovesUnshown += mc.Unshown
		for _, p := range mc.Problems {
			res.MoveErrors = append(res.MoveErrors, fmt.Sprintf("table %d: %s", k, p))
		}
	}
}

// loadVerdict is the load test's failure, if any: the bot's own, then
// reminders, moves, hand-off posts, and the tables' errors.
func loadVerdict(res *LoadResult, runErr error, tables int, logBuf *tailBuffer) error {
	switch {
	case runErr != nil:
		return fmt.Errorf("load: bot: %w", runErr)
	case len(res.ReminderErrors) > 0:
		return fmt.Errorf("load: %d reminders doubled, %d lost; first: %s", res.RemindersDoubled, res.RemindersLost, res.ReminderErrors[0])
	case len(res.MoveErrors) > 0:
		return fmt.Errorf("load: the move count failed (%d problems); first: %s", len(res.MoveErrors), res.MoveErrors[0])
	case res.OwedLeft > 0 || res.Doubled > 0:
		return fmt.Errorf("load: %d hand-off posts never posted, %d posted twice", res.OwedLeft, res.Doubled)
	case len(res.Errors) > 0:
		return fmt.Errorf("load: %d of %d tables failed; first: %s\n--- end of the bot's log:\n%s",
			len(res.Errors), tables, res.Errors[0], logBuf.String())
	}
	return nil
}

// errEnd stops a table's driver when the load test's time is up.
var errEnd = errors.New("the load test's time is up")

// playUntilEnd plays games at the driver's table, one after another,
// until ctx is done; only a failure is returned.
func (d *driver) playUntilEnd(ctx context.Context) error {
	for ctx.Err() == nil {
		d.newGame()
		d.games++
		err := d.play(ctx)
		if ctx.Err() != nil || errors.Is(err, errEnd) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w\n%s", err, d.lastSeen())
		}
		d.finished++
	}
	return nil
}

// replayTable replays every game stored for channel and returns how many
// replayed, how many are still lobbies, and the replayed games' actions.
func replayTable(ctx context.Context, st *storage.Store, channel string) (replayed, lobbies, actions int, err error) {
	hs, err := st.Games(ctx, func(h *storage.Header) bool { return h.ChannelID == channel })
	if err != nil {
		return 0, 0, 0, err
	}
	for _, h := range hs {
		if h.Status == storage.StatusLobby {
			lobbies++
			continue
		}
		rec, err := st.Record(ctx, h.ID)
		if errors.Is(err, storage.ErrWrongStatus) {
			lobbies++ // closed before it started (everyone left)
			continue
		}
		if err != nil {
			return replayed, lobbies, actions, fmt.Errorf("game %s: read its record: %w", h.ID, err)
		}
		if _, err := st.Replay(ctx, h.ID); err != nil {
			return replayed, lobbies, actions, fmt.Errorf("game %s does not replay: %w", h.ID, err)
		}
		replayed++
		actions += len(rec.Actions)
	}
	return replayed, lobbies, actions, nil
}

// quantiles returns the median, the 99th percentile and the maximum.
func quantiles(ds []time.Duration) (p50, p99, top Millis) {
	if len(ds) == 0 {
		return 0, 0, 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	at := func(q float64) Millis { return ms(s[min(len(s)-1, int(q*float64(len(s))))]) }
	return at(0.50), at(0.99), ms(s[len(s)-1])
}

// injectRandomFaults makes the routes that answer players fail at
// random: each fault has a share of chance.
func injectRandomFaults(fd *fakediscord.Server, chance float64) {
	routes := []struct{ method, path string }{
		{"POST", "/interactions/*/*/callback"},
		{"POST", "/channels/*/messages"},
		{"PATCH", "/channels/*/messages/*"},
		{"PATCH", "/webhooks/*/*/messages/*"},
		{"POST", "/webhooks/*/*"},
	}
	// Per request: 429 (per route) 45 %, global 429 5 %, 500 20 %, 502 15 %, 503 15 %.
	for _, r := range routes {
		add := func(fl fakediscord.Fault, share float64) {
			fl.Times, fl.Chance = 0, chance*share
			fd.Inject(fl)
		}
		add(fakediscord.RateLimited(r.method, r.path, 1, 300*time.Millisecond, false), 0.45)
		add(fakediscord.RateLimited(r.method, r.path, 1, 100*time.Millisecond, true), 0.05)
		add(fakediscord.ServerError(r.method, r.path, 1, 500), 0.20)
		add(fakediscord.ServerError(r.method, r.path, 1, 502), 0.15)
		add(fakediscord.ServerError(r.method, r.path, 1, 503), 0.15)
	}
}

// storedGames reads the stored games seen names.
func storedGames(ctx context.Context, st *storage.Store, seen []moveSeen) map[string]storedGame {
	out := map[string]storedGame{}
	for _, s := range seen {
		if _, done := out[s.Game]; done {
			continue
		}
		h, err := st.Header(ctx, s.Game)
		if err != nil || h.Status == storage.StatusLobby {
			continue
		}
		rec, err := st.Record(ctx, s.Game)
		if err != nil {
			continue // replayTable names it
		}
		g := storedGame{Actions: rec.Actions, Seats: map[string]int{}, Over: h.Status == storage.StatusFinished}
		for k, seat := range h.Seats {
			g.Seats[seat.UserID] = k
		}
		out[s.Game] = g
	}
	return out
}

// remindsOf is what the reminder count needs to know of the run, the
// processes having run until end.
func remindsOf(opt LoadOptions, drivers []*driver, seen [][]moveSeen, killed, end time.Time) remindRun {
	run := remindRun{Every: opt.RemindEvery, Tick: RemindTick(opt.RemindEvery), Lease: LoadLeaseTTL, Killed: killed, End: end,
		Moves: map[string][]time.Time{}, Advanced: map[string][]time.Time{}, Idle: map[string]time.Time{}}
	for k, d := range drivers {
		shown := map[string]kit.Token{}
		for _, s := range seen[k] {
			if s.Lost || (s.HasFrom && !s.Refused) {
				run.Moves[d.channel] = append(run.Moves[d.channel], s.At)
			}
			if old, ok := shown[s.Game]; s.Lost || (s.Shows && (!ok || newer(s.Shown, old))) {
				run.Advanced[d.channel] = append(run.Advanced[d.channel], s.At)
				if s.Shows {
					shown[s.Game] = s.Shown
				}
			}
		}
		if !d.idleSince.IsZero() {
			run.Idle[d.channel] = d.idleSince
		}
	}
	return run
}

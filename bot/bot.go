// Package bot plays board games in Discord channels. It joins the titles'
// engines (the rules), the store (games that survive restarts) and the
// renderers (board pictures) behind one /tt slash command and the buttons
// and menus on the bot's messages. This package is the core, and knows no
// title (title.go): every title is played through the UI the program
// gives it, the generic one (bot/genericui) or its own (bot/ttui:
// Tinners' Trail), both speaking the kit (bot/kit).
//
// Handlers (router.go and friends) turn an interaction into a response
// value; adapter.go is the only code that sends anything to Discord.
package bot

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/storage"
)

// Config is everything Main needs. Zero values get sensible defaults.
type Config struct {
	Token    string // bot token (without the "Bot " prefix)
	DBPath   string // bbolt database; used when Store is nil
	DevGuild string // if set, commands are registered in this guild only (instant)

	Store  kit.Store    // overrides DBPath (tests)
	Client *http.Client // overrides discordgo's HTTP client (tests: a fake Discord)
	Logger *slog.Logger
	Now    func() time.Time
	Seed   func() uint64 // the seed of each new game

	// Render draws a public view as a PNG, RenderHand a seat's view
	// (the hand), for a title with its own UI (bot/ttui/render.go: Tinners'
	// Trail's views; nil: its own pictures); tests replace them to see
	// what was drawn.
	Render     kit.RenderFunc
	RenderHand kit.RenderFunc

	// Titles are the installed games, in the order /tt new lists them
	// (required); Renderers draw the pictures of titles drawn by the
	// generic flow; UIs are the own UIs of the titles that have one
	// (TinnersTrailUI), every other title being played through the
	// generic one.
	Titles    *engine.Registry
	Renderers *imaging.Renderers
	UIs       []kit.UI
	// Generic is the UI of every title without one of its own (the
	// generic choice UI, bot/genericui; required).
	Generic kit.UI

	// BackupSocket, when set and the database was opened from DBPath, is a
	// Unix socket on which `tinnersbot backup` asks the running bot for a hot
	// backup (bbolt's file lock keeps other processes out).
	BackupSocket string

	// RemindTick is how often due reminders are looked for (default 1 min).
	RemindTick time.Duration
	// DefaultRemind is a new table's reminder interval (default 12 h).
	DefaultRemind time.Duration

	// RetryBudget bounds the time spent retrying one request that Discord
	// answered with a 5xx (default 2 s): see retry in adapter.go.
	RetryBudget time.Duration
	// OutboxRetry is the sender's first wait before posting an owed board
	// again; it doubles up to 5 min (default 2 s): see outbox.go.
	OutboxRetry time.Duration

	// HTTPAddr, when set, is the address of Discord's interactions
	// endpoint: interactions arrive by signed HTTP POST there instead of by
	// the gateway, which is not opened (httpmode.go). PublicKey is the
	// application's Ed25519 key that signs them (required with it).
	// HTTPListener, when set, is used instead of listening on HTTPAddr
	// (tests: a loopback port chosen by the system).
	HTTPAddr     string
	HTTPListener net.Listener
	PublicKey    ed25519.PublicKey
	// HTTPTimeouts (tests) override the endpoint's header, body and idle
	// waits (HeaderWait, BodyWait, IdleWait) where positive.
	HTTPTimeouts [3]time.Duration

	// MetricsAddr, when set, is an address on which the operator's
	// endpoints (/healthz, /readyz, /metrics: metrics.go) are served on a
	// listener of their own; in HTTP mode they are on the interactions
	// endpoint's listener as well. An address that cannot be listened on
	// is logged and the bot runs without it. MetricsListener, when set,
	// is used instead (tests).
	MetricsAddr     string
	MetricsListener net.Listener

	// BotPlayouts, when positive, is the search budget of every bot
	// decision (play-outs; bots.go) instead of the title's own
	// (autoplay.Budgets, about 300 ms a move): tests play whole games
	// with bots cheaply.
	BotPlayouts int

	// AfterInteraction, when set, is called with the interaction's ID once
	// it has been fully handled: acknowledged, and everything it sends sent
	// (tests and the playtest driver wait on it).
	AfterInteraction func(id string)

	// QuickGatewayClose (tests) returns from Run without waiting out
	// discordgo's one-second pause between the gateway's close frame and
	// closing the socket: the session has stopped listening by then, and
	// the close finishes in the background. The bot's own shutdown waits.
	QuickGatewayClose bool

	// Owner names this process in the leases of background work
	// (lease.go; default: host, process id and a random suffix); LeaseTTL
	// is how long a lease lasts unless renewed (default 1 min): a process
	// that dies mid-way holds its work that long. OutboxIdle is how often
	// the sender looks for owed posts nobody woke it for (default 1 min).
	Owner      string
	LeaseTTL   time.Duration
	OutboxIdle time.Duration
}

// Main is the running bot.
type Main struct {
	cfg   Config
	log   *slog.Logger
	store kit.Store
	close func() error // closes the store if Main opened it

	mu      sync.Mutex
	session *discordgo.Session
	appID   string
	locks   map[string]*sync.Mutex // per channel: one writer per game
	wg      sync.WaitGroup
	closing bool // set by Close; guarded by mu

	defaults map[string]bool // title id → the title names default moves

	uis    uiSet          // the titles' own UIs (Config.UIs)
	routes kit.RouteTable // every custom-ID kind this bot reads

	outboxWake chan struct{} // wakes the sender (outbox.go)
	botq       *botQueue     // the tables that may owe a bot move (bots.go)
	botUser    string        // the bot's own user ID (a hand-over to a bot names it)
	// cmds are the commands registered with Discord; a slash command is
	// checked against them (forged.go).
	cmds []*discordgo.ApplicationCommand

	met       *metrics    // the operator's metrics (metrics.go)
	connected atomic.Bool // gateway mode: READY or RESUMED received, and no disconnect since
	listening atomic.Bool // HTTP mode: the interactions endpoint is serving
}

// New checks cfg and opens the store. It returns an error when the token is
// missing or the database cannot be opened.
func New(cfg Config) (*Main, error) {
	if cfg.Token == "" {
		return nil, errors.New("DISCORD_TOKEN is not set")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	cfg.Logger = redacting(cfg.Logger) // no token reaches the log (redact.go)
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Seed == nil {
		cfg.Seed = rand.Uint64
	}
	if cfg.Titles == nil || len(cfg.Titles.All()) == 0 {
		return nil, errors.New("no titles installed: Config.Titles is empty")
	}
	if cfg.Renderers == nil {
		cfg.Renderers = imaging.NewRenderers(nil)
	}
	if err := checkHTTPConfig(cfg); err != nil {
		return nil, err
	}
	uis, err := newUISet(cfg.UIs)
	if err != nil {
		return nil, err
	}
	if cfg.Generic.New == nil {
		return nil, errors.New("no generic UI: Config.Generic is unset")
	}
	parts := []map[string]kit.Route{coreRoutes(), cfg.Generic.Routes}
	for _, u := range cfg.UIs {
		parts = append(parts, u.Routes)
	}
	routes, err := kit.NewRoutes(parts...)
	if err != nil {
		return nil, err
	}
	if cfg.RemindTick <= 0 {
		cfg.RemindTick = time.Minute
	}
	if cfg.RetryBudget <= 0 {
		cfg.RetryBudget = 2 * time.Second
	}
	if cfg.OutboxRetry <= 0 {
		cfg.OutboxRetry = 2 * time.Second
	}
	if cfg.Owner == "" {
		cfg.Owner = newOwner()
	}
	if cfg.LeaseTTL <= 0 {
		cfg.LeaseTTL = defaultLeaseTTL
	}
	if cfg.OutboxIdle <= 0 {
		cfg.OutboxIdle = outboxIdle
	}
	if cfg.DefaultRemind <= 0 {
		cfg.DefaultRemind = 12 * time.Hour
	}
	m := &Main{cfg: cfg, log: cfg.Logger, store: cfg.Store, locks: map[string]*sync.Mutex{}, close: func() error { return nil },
		defaults: map[string]bool{}, outboxWake: make(chan struct{}, 1), botq: newBotQueue(), cmds: commands(cfg.Titles), uis: uis, routes: routes}
	for _, t := range cfg.Titles.All() {
		m.defaults[t.Meta().ID] = kit.TitleHasDefaults(t)
	}
	if err := checkSchema(m.cmds); err != nil {
		return nil, fmt.Errorf("the installed titles' options do not fit Discord's command: %w", err)
	}
	if m.store == nil {
		path := cfg.DBPath
		if path == "" {
			path = "tinners.db"
		}
		st, closer, err := openStoreLog(path, cfg.Now, cfg.Titles, cfg.Logger)
		if err != nil {
			return nil, fmt.Errorf("open database %s: %w", storage.Shown(path), err)
		}
		m.store, m.close = st, closer
	}
	m.met = newMetrics(m)
	m.store = writeNoting{m.store, m.met}
	return m, nil
}

// Run connects to Discord, registers the commands, handles interactions and
// sends reminders until ctx is done. It returns an error if the connection or
// the registration fails.
func (m *Main) Run(ctx context.Context) error {
	if s := storageOf(m.store); s != nil && m.cfg.BackupSocket != "" {
		if err := storage.ServeBackups(ctx, s, m.cfg.BackupSocket); err != nil {
			m.log.Warn("hot backups over the socket are off", "err", err)
		}
	}
	s, err := discordgo.New("Bot " + m.cfg.Token)
	if err != nil {
		return fmt.Errorf("discord session: %w", err)
	}
	if m.cfg.Client != nil {
		s.Client = m.cfg.Client
	}
	stopOperator := m.serveOperator(ctx)
	defer stopOperator()
	if m.httpMode() {
		return m.runHTTP(ctx, s) // httpmode.go: no gateway at all
	}
	s.Identify.Intents = discordgo.IntentsGuilds
	// Warnings carry the gateway's close codes; they go to our log.
	s.LogLevel = discordgo.LogWarning
	fatal, stopWatch := m.watchGateway()
	defer stopWatch()
	ready := make(chan string, 1)
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		id := ""
		if r.Application != nil {
			id = r.Application.ID
		}
		if r.User != nil {
			m.mu.Lock()
			m.botUser = r.User.ID
			m.mu.Unlock()
		}
		m.connected.Store(true)
		select {
		case ready <- id:
		default:
		}
	})
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { m.connected.Store(true) })
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) { m.connected.Store(false) })
	defer m.connected.Store(false)
	// Interactions are taken from the raw event: discordgo v0.29 does not
	// decode the interaction's channel, whose type (thread or not) the
	// permission preflight needs.
	s.AddHandler(func(s *discordgo.Session, e *discordgo.Event) {
		ic, ok := e.Struct.(*discordgo.InteractionCreate)
		if e.Type != "INTERACTION_CREATE" || !ok || ic.Interaction == nil {
			return
		}
		var raw struct {
			Channel *struct {
				Type discordgo.ChannelType `json:"type"`
			} `json:"channel"`
		}
		json.Unmarshal(e.RawData, &raw)
		if !m.begin() {
			return // shutting down: Close no longer waits
		}
		defer m.wg.Done()
		// An interaction in progress at shutdown is finished, not cut off.
		ictx := context.WithoutCancel(ctx)
		if raw.Channel != nil {
			ictx = withChannelType(ictx, raw.Channel.Type)
		}
		m.onInteraction(ictx, ic.Interaction)
	})
	if err := s.Open(); err != nil {
		return fmt.Errorf("connect to discord: %w", err)
	}
	defer func() {
		if m.cfg.QuickGatewayClose {
			// discordgo sends the close frame, then sleeps a second before
			// closing the socket; the rest of the close goes on behind Run.
			go s.Close()
			return
		}
		s.Close()
	}()
	var appID string
	select {
	case appID = <-ready:
	case <-time.After(30 * time.Second):
		return errors.New("discord sent no READY within 30 s")
	case <-ctx.Done():
		return nil
	}
	if appID == "" && s.State != nil && s.State.User != nil {
		appID = s.State.User.ID
	}
	m.mu.Lock()
	m.session, m.appID = s, appID
	m.mu.Unlock()
	return m.serve(ctx, s, appID, fatal, nil)
}

// serve registers the commands, then sends what is owed and the due
// reminders until ctx is done, the gateway closes for good (fatal) or the
// interactions endpoint fails (failed); interactions arrive meanwhile by
// the gateway or by HTTP (httpmode.go).
func (m *Main) serve(ctx context.Context, s *discordgo.Session, appID string, fatal <-chan int, failed <-chan error) error {
	// Bot moves owed when the last process stopped are queued before the
	// bot is announced ready (bots.go); the runner starts below.
	m.resumeBots(ctx)
	if err := m.registerCommands(s, appID); err != nil {
		return fmt.Errorf("register commands: %w", err)
	}
	m.log.Info("bot ready", "application", appID, "guild", m.cfg.DevGuild, "interactions", m.receivedBy())
	// The sender posts what earlier interactions (or a process that died)
	// left owed; it ends before Run returns, so before Close.
	octx, stopOutbox := context.WithCancel(ctx)
	sent := make(chan struct{})
	go func() { defer close(sent); m.runOutbox(octx, s) }()
	defer func() { stopOutbox(); <-sent }()
	// Bot seats' moves are background work too (bots.go); a restart
	// resumes those still owed.
	bctx, stopBots := context.WithCancel(ctx)
	botsDone := make(chan struct{})
	go func() { defer close(botsDone); m.botTurns(bctx, s) }()
	defer func() { stopBots(); <-botsDone }()

	t := time.NewTicker(m.cfg.RemindTick)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			m.log.Info("shutting down")
			return nil
		case code := <-fatal:
			m.log.Error("discord closed the gateway for good; not reconnecting", "close_code", code, "reason", fatalClose[code])
			return fmt.Errorf("discord gateway closed with %d (%s)", code, fatalClose[code])
		case err := <-failed:
			return err
		case <-t.C:
			m.remindDue(ctx)
		}
	}
}

// begin counts an interaction in progress, unless Close has begun: a
// WaitGroup's Add must not race its Wait, and discordgo may still start a
// handler goroutine as the session closes.
func (m *Main) begin() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.closing {
		return false
	}
	m.wg.Add(1)
	return true
}

// Close waits for interactions in progress and closes the store.
func (m *Main) Close() error {
	m.mu.Lock()
	m.closing = true
	m.mu.Unlock()
	m.wg.Wait()
	return m.close()
}

// lock takes the per-channel lock: one writer per game (a game lives in one
// channel, and every interaction names its channel).
func (m *Main) lock(channelID string) func() {
	m.mu.Lock()
	l, ok := m.locks[channelID]
	if !ok {
		l = &sync.Mutex{}
		m.locks[channelID] = l
	}
	m.mu.Unlock()
	l.Lock()
	return l.Unlock
}

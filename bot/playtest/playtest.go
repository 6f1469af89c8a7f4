// Package playtest plays one whole game through a fake Discord
// (bot/fakediscord) and a real bot.Main on a real bbolt database, as
// players would: by clicking only what the bot offers them, with a seeded
// generator choosing among the offers. It knows no button labels and no
// flow: it reads the components of the messages the bot sent, so it keeps
// working when the bot's messages change. It reports statistics about the
// conversation (posts, pings, pictures, interactions), a transcript, and
// every picture posted.
//
// How the players play:
//
//   - Player 1 types /tt new players:N. Each other player clicks what the
//     newest public message with components (the lobby) offers, in seeded
//     order, until the lobby mentions them (<@id>) or a click of theirs that
//     was not refused changed something public. Player 1 types /tt start.
//   - Then, until a public message satisfies Options.GameOver: the actor is
//     a player whose newest private message offers something and is newer
//     than their last click; else a player pinged by the board (the newest
//     public message with components, by creation or edit); else any player
//     who can still click the board; else anyone with an untried private
//     offer. Nobody: the playtest fails.
//   - The actor uses one component of that message, chosen uniformly among
//     those not yet refused to them and not yet tried on this version of
//     the message. A string select gets between MinValues and MaxValues
//     options. A modal that opens is filled (a number from the range in
//     each input's label or placeholder) and submitted.
//   - Each interaction is fully handled (bot.Config.AfterInteraction)
//     before the next is sent; a reply the bot gives that IsRefusal
//     recognises marks the component refused on that message version.
package playtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tinnersbot/tinnersbot/bot"
	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/bot/genericui"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/ttui"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/storage"
)

// Where the game is played.
const (
	GuildID   = "700000000000000001"
	ChannelID = "700000000000000002"
)

// Options configure a playtest. Zero values get defaults.
type Options struct {
	// Game is the title id to play ("" or "tinners": Tinners' Trail); it
	// must be in Titles.
	Game string
	// Titles, Renderers and UIs are the installed games, their pictures
	// and the own UIs of those that have one, as the bot gets them (nil:
	// Tinners' Trail only, and its UI).
	Titles    *engine.Registry
	Renderers *imaging.Renderers
	UIs       []kit.UI
	Players   int // seats people hold, within the title's range with Bots (default 3)
	// Bots are bot seats the host adds in the lobby ("Add a bot"), after
	// the people's; after each interaction the driver waits for the bots'
	// moves and the posts they owe (bot.Main.WaitIdle).
	Bots int
	// BotPlayouts is the bots' search budget (bot.Config.BotPlayouts;
	// 0: the table's own, about 300 ms a move).
	BotPlayouts int
	Seed        uint64 // drives every choice the players make, and the game's own seed

	// Dir holds the database (DIR/tinners.db, which must not exist yet).
	// Empty: a temporary directory, removed afterwards.
	Dir string
	// MaxInteractions caps what the players send (default 5000).
	MaxInteractions int
	// Timeout is how long one interaction may take to be handled
	// (default 2 minutes: the real renderer is slow under -race).
	Timeout time.Duration
	// Render, when set, replaces the bot's board renderer (tests that do
	// not care about pictures); nil is the production renderer.
	Render func(v any, o kit.RenderOptions) ([]byte, error)
	// RenderHand likewise replaces the hand renderer.
	RenderHand func(any, kit.RenderOptions) ([]byte, error)
	// Log, when set, also receives the bot's log.
	Log io.Writer
	// Record, when set, receives every request the bot made to the fake
	// Discord as JSON lines (fakediscord.Server.Record).
	Record io.Writer
	// GameOver tells the final message (default: DefaultGameOver, or its
	// words in Locale's language).
	GameOver func(text string) bool
	// Locale is every player's Discord locale and the server's ("pl"):
	// the table then speaks that language. "" sends none (English).
	Locale string
	// GameOptions are the title's lobby options to play with, as its
	// ParseOptions reads them ("arsenic", "more-mines=2", "intro"): the
	// host gives each of the title's /tt new options, and chooses the solo
	// ones (engine.Option.Solo) on the lobby's select that offers them. The
	// game the table starts must have them all (Play fails otherwise).
	GameOptions []string
}

// clickCaps bound, per game, the clicks on buttons that a player clicking
// at random could cycle through forever: undo (and redo), setting and
// cancelling a standing auction order, and paging back and forth through
// a move's lines or a catch-up's earlier turns. Keyed by custom-ID prefix.
var clickCaps = map[string]int{"tu:": 3, "gu:": 3, "to:": 6, "toc:": 3, "gfull:": 8, "gsince:": 8}

func capped(id string, used map[string]int) bool {
	for p, n := range clickCaps {
		if strings.HasPrefix(id, p) && used[p] >= n {
			return true
		}
	}
	return false
}

// DefaultGameOver reports whether a public message's text announces the
// end of the game. It is the driver's only end condition.
func DefaultGameOver(text string) bool { return strings.Contains(text, "Game over") }

// refusalRE matches the bot's answers to a click it did not act on. A
// refused component is not clicked again on the same message.
var refusalRE = regexp.MustCompile(`(?i)not your turn|not for you|moved on|choice is another player's|not available|only the host|` +
	`already seated|already started|table is full|not seated|pick one option|not one of ours|not supported|has ended|this game is over|` +
	`has not started|type a whole number|must be seated`)

// internalErrorRE matches the bot's apology for an internal error, which
// ends the playtest.
var internalErrorRE = regexp.MustCompile(`(?i)something went wrong`)

// IsRefusal reports whether a reply's text refuses the click it answers.
func IsRefusal(text string) bool { return refusalRE.MatchString(text) }

// Stats describe one played game. Counts are of what the fake Discord
// received from the bot, and of what the driver sent.
type Stats struct {
	Players   int    `json:"players"`
	Seed      uint64 `json:"seed"`
	GameID    string `json:"game_id,omitempty"`
	Completed bool   `json:"completed"`
	// Options are the options the game was set up with, as stored (the
	// title's own JSON).
	Options json.RawMessage `json:"options,omitempty"`
	// BotSeats are the stored game's bot seats (storage.Seat.Bot);
	// BotActions the actions of its log by them, as stored.
	BotSeats   int `json:"bot_seats,omitempty"`
	BotActions int `json:"bot_actions,omitempty"`

	// PublicPosts counts every channel message the bot created (lobby
	// included; webhook follow-ups that are not ephemeral count too);
	// LobbyPosts those created before the start command.
	PublicPosts int `json:"public_posts"`
	LobbyPosts  int `json:"lobby_posts"`
	// PublicEdits counts edits of channel messages (e.g. buttons retired).
	PublicEdits int `json:"public_edits"`
	// PrivateMessages counts ephemeral messages shown and ephemeral edits.
	PrivateMessages int `json:"private_messages"`
	// ImagePosts counts public posts or edits with a PNG attached;
	// ImageBytes sums those PNGs' sizes. PrivateImageBytes sums the PNGs
	// sent privately.
	ImagePosts        int   `json:"image_posts"`
	ImageBytes        int64 `json:"image_bytes"`
	PrivateImageBytes int64 `json:"private_image_bytes"`
	// Pings sums, over public posts, the users they may ping
	// (allowed_mentions.users). SelfPings counts public posts that ping
	// the user whose interaction caused them, except the final post,
	// which pings every player.
	Pings     int `json:"pings"`
	SelfPings int `json:"self_pings"`
	// Handoffs counts public posts whose set of pinged users differs from
	// the previous public post's (the first post is compared with the
	// empty set, so a first post pinging nobody is no handoff).
	Handoffs int `json:"handoffs"`

	// Interactions is everything the driver sent: Commands + Clicks +
	// ModalSubmits. Refused counts replies IsRefusal recognised;
	// Unanswered interactions that made no REST call at all.
	Interactions int            `json:"interactions"`
	Commands     int            `json:"commands"`
	Clicks       int            `json:"clicks"`
	ModalsOpened int            `json:"modals_opened"`
	ModalSubmits int            `json:"modal_submits"`
	Refused      int            `json:"refused"`
	Unanswered   int            `json:"unanswered"`
	ClicksByKind map[string]int `json:"clicks_by_kind"` // "public button", "private string_select", …
	RESTCalls    int            `json:"rest_calls"`

	// From the database after the game: actions in the game's log, seats,
	// and the winner.
	EngineActions int `json:"engine_actions"`
	// Story: whether the posts tell what every seat did, the catch-ups
	// and the private steps' heights (issue 37).
	Story  *Story  `json:"story,omitempty"`
	Seats  int     `json:"seats"`
	Winner *Winner `json:"winner,omitempty"`

	// The phone measure (issue 25), over the public posts of the game
	// (lobby excluded) as created: PostHeightMedian and PostHeightMax are
	// their heights in px when shown 400 px wide by PhoneHeight's model;
	// PostLinesMax the most lines of text one had (as written).
	PostsMeasured    int `json:"posts_measured"`
	PostHeightMedian int `json:"post_height_median_px"`
	PostHeightMax    int `json:"post_height_max_px"`
	PostLinesMax     int `json:"post_lines_max"`
	// Decisions counts the players' interactions during the game after
	// which something public was posted or edited (the end of a
	// decision); ClicksPerDecision is every interaction of the players
	// during the game (commands excepted) divided by Decisions.
	Decisions         int     `json:"decisions"`
	ClicksPerDecision float64 `json:"clicks_per_decision"`

	ElapsedSeconds float64 `json:"elapsed_seconds"`

	// Locale is Options.Locale. EnglishWords, at a table in another
	// language, counts the English words the players were shown
	// (EnglishIn over Result.Shown, proper names excepted): none is the
	// goal.
	Locale       string         `json:"locale,omitempty"`
	EnglishWords map[string]int `json:"english_words,omitempty"`
}

// Winner is the first seat of the final ranking, or Lord Wallace when he
// won a solo game.
type Winner struct {
	Seat   int    `json:"seat"`
	UserID string `json:"user_id,omitempty"`
	Name   string `json:"name,omitempty"` // Lord Wallace, who has no user
}

// Image is a PNG the bot posted publicly.
type Image struct {
	Name string
	Data []byte
}

// Result is what a playtest produced. Play returns it even on failure,
// with what happened until then.
type Result struct {
	Stats      Stats
	Transcript string  // markdown: the conversation as the players saw it
	Images     []Image // every PNG posted publicly, in order
	// Shown is every text the bot showed a player, in order: message
	// contents, embeds, button and select labels, option labels and
	// descriptions, placeholders, form titles and input labels. Custom IDs
	// and option values, which nobody reads, are not in it.
	Shown []string
	// Public is the text of the posts in the table's channel and of
	// their edits, which everyone reads (their buttons and menus, which
	// speak to whoever may click them, are not in it).
	Public []string
	// Posts are the public posts of the game (lobby excluded) as created,
	// measured by the phone model.
	Posts []Post
}

// UserID is the Discord user ID of player k (0-based).
func UserID(k int) string { return fmt.Sprintf("1000000000000000%02d", k+1) }

// Play plays one game and returns its result. The error says why the game
// did not complete (with the last messages seen); the result is then
// partial.
func Play(ctx context.Context, opt Options) (*Result, error) {
	if opt.Players == 0 {
		opt.Players = 3
	}
	if opt.Titles == nil {
		opt.Titles = tinners.Titles()
	}
	if opt.UIs == nil {
		opt.UIs = []kit.UI{ttui.TinnersTrailUI()}
	}
	title, err := opt.Titles.Get(opt.Game)
	if err != nil {
		return nil, fmt.Errorf("playtest: %w", err)
	}
	opt.Game = title.Meta().ID
	if err := CheckGameOptions(title, opt.Players+opt.Bots, opt.GameOptions); err != nil {
		return nil, fmt.Errorf("playtest: %w", err)
	}
	if meta := title.Meta(); opt.Players+opt.Bots < meta.MinSeats || opt.Players+opt.Bots > meta.MaxSeats || opt.Players < 1 || opt.Bots < 0 {
		return nil, fmt.Errorf("playtest: %d players and %d bots; a %s table seats %d to %d", opt.Players, opt.Bots, meta.Name, meta.MinSeats, meta.MaxSeats)
	}
	if opt.MaxInteractions <= 0 {
		opt.MaxInteractions = 5000
	}
	if opt.Timeout <= 0 {
		opt.Timeout = 2 * time.Minute
	}
	dir := opt.Dir
	if dir == "" {
		d, err := os.MkdirTemp("", "tinners-playtest-")
		if err != nil {
			return nil, fmt.Errorf("playtest: %w", err)
		}
		defer os.RemoveAll(d)
		dir = d
	}
	dbPath := filepath.Join(dir, "tinners.db")
	if _, err := os.Stat(dbPath); err == nil {
		return nil, fmt.Errorf("playtest: %s exists; a playtest needs a fresh database", dbPath)
	}
	start := time.Now()
	d := newDriver(opt)
	defer d.fd.Close()
	if opt.Record != nil {
		d.fd.Record(opt.Record)
	}
	err = d.run(ctx, dbPath)
	if rerr := d.fd.RecordErr(); err == nil && rerr != nil {
		err = fmt.Errorf("write the request record: %w", rerr)
	}
	d.stats.ElapsedSeconds = time.Since(start).Seconds()
	if d.stats.Locale = opt.Locale; i18n.Supported(opt.Locale) != i18n.English {
		d.stats.EnglishWords = EnglishIn(d.shown, ProperNames(opt.Titles, opt.Game))
	}
	res := &Result{Stats: d.stats, Transcript: d.tr.String(), Images: d.images, Shown: d.shown, Public: d.inPublic, Posts: d.posts}
	if err != nil {
		return res, fmt.Errorf("playtest (%d players, seed %d): %w\n%s", opt.Players, opt.Seed, err, d.lastSeen())
	}
	return res, nil
}

type driver struct {
	opt     Options
	rng     *rand.Rand
	fd      *fakediscord.Server
	users   []string
	w       *world
	table   int       // the table's number (0 in a one-game playtest)
	bot     *bot.Main // the bot, when the table has bot seats (its WaitIdle)
	channel string    // where it plays

	wait   *waiters
	logBuf *tailBuffer

	// Load tests only (load.go): pace is called before each interaction
	// is sent; stuck lets a player type /tt board when nobody can click;
	// timing receives each interaction's timings.
	pace            func(context.Context) error
	stuck           bool
	timing          func(sample)
	games, finished int // games started and finished at the table
	// atKill, with the bots in other processes (no waiters), tells an
	// interaction the killed process took with it (load.go).
	atKill func(token string, finished time.Time) bool
	// moves, when set, receives what each interaction showed of the
	// game's version (moves.go).
	moves *[]moveSeen
	// idleAfter, when set, makes the players stop clicking that many
	// interactions into their first game (idleSince: from then on), so
	// that its reminders fall due (reminders.go).
	idleAfter int
	idleSince time.Time
	cursor    int // observe: the fake's calls read so far

	n         int               // interactions sent
	tokenUser map[string]string // interaction token → user
	lastClick map[string]int    // user → world seq of their last interaction
	tried     map[string]bool   // user|msg|seq|custom_id|values
	joined    map[string]bool   // users whose lobby click was taken
	refused   map[string]bool   // user|msg|seq|custom_id
	capped    map[string]int    // clicks so far on the capped kinds of button
	lobby     bool
	story     Story // issue 37's measures (story.go)
	over      bool
	prevPings []string

	stats Stats
	// The phone measure: every public game post's height; public
	// changes so far; the players' game interactions (no commands).
	heights       []int
	posts         []Post
	publicChanges int
	gameClicks    int
	tr            strings.Builder
	images        []Image
	shown         []string
	inPublic      []string

	refusal, apology matcher // IsRefusal and internalErrorRE, in the table's language too
}

func newDriver(opt Options) *driver {
	return newTableDriver(opt, 0, fakediscord.New(), &waiters{m: map[string]chan struct{}{}}, &tailBuffer{max: 64 << 10})
}

// newTableDriver is the driver of table k, playing in its own channel
// with its own players on fake Discord fd, with the bot shared.
func newTableDriver(opt Options, k int, fd *fakediscord.Server, w *waiters, log *tailBuffer) *driver {
	if opt.GameOver == nil {
		over := newMatcher(opt.Locale, gameOverRE)
		opt.GameOver = over.match
	}
	if opt.Titles == nil {
		opt.Titles = tinners.Titles()
	}
	d := &driver{opt: opt, rng: rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x9e3779b97f4a7c15)), fd: fd,
		table: k, channel: TableChannel(k), wait: w, logBuf: log, tokenUser: map[string]string{}}
	d.newGame()
	for u := range opt.Players {
		d.users = append(d.users, TableUserID(k, u))
	}
	d.stats.Players, d.stats.Seed = opt.Players, opt.Seed
	d.stats.ClicksByKind = map[string]int{}
	d.refusal, d.apology = newMatcher(opt.Locale, refusalRE), newMatcher(opt.Locale, internalErrorRE)
	return d
}

// newGame forgets what the players saw of an earlier game at the table.
func (d *driver) newGame() {
	d.w = newWorld()
	d.lastClick, d.tried, d.joined, d.refused, d.capped = map[string]int{}, map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]int{}
	d.lobby, d.over, d.prevPings = false, false, nil
}

// TableChannel is the channel of table k (ChannelID for table 0).
func TableChannel(k int) string { return fmt.Sprintf("%d", 700000000000000002+int64(k)*1000) }

// TableUserID is the Discord user ID of player u (0-based) at table k
// (UserID(u) at table 0).
func TableUserID(k, u int) string { return fmt.Sprintf("10000000000%05d%02d", k, u+1) }

// waiters are the channels closed when the bot has handled an
// interaction, by interaction ID; the bot's AfterInteraction closes them.
type waiters struct {
	mu sync.Mutex
	m  map[string]chan struct{}
}

func (w *waiters) add(id string) chan struct{} {
	ch := make(chan struct{})
	w.mu.Lock()
	w.m[id] = ch
	w.mu.Unlock()
	return ch
}

func (w *waiters) done(id string) {
	w.mu.Lock()
	ch := w.m[id]
	delete(w.m, id)
	w.mu.Unlock()
	if ch != nil {
		close(ch)
	}
}

// run boots the bot, plays, shuts the bot down and reads the database.
func (d *driver) run(ctx context.Context, dbPath string) error {
	var logw io.Writer = d.logBuf
	if d.opt.Log != nil {
		logw = io.MultiWriter(d.logBuf, d.opt.Log)
	}
	gameSeed := d.opt.Seed*0x2545f4914f6cdd1d + 1
	m, err := bot.New(bot.Config{Token: "playtest-token", DBPath: dbPath, Client: d.fd.Client(),
		Logger: slog.New(slog.NewTextHandler(logw, &slog.HandlerOptions{Level: slog.LevelInfo})),
		Now:    func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) },
		Seed:   func() uint64 { gameSeed++; return gameSeed },
		Render: d.opt.Render, RenderHand: d.opt.RenderHand,
		Titles: d.opt.Titles, Renderers: d.opt.Renderers, UIs: d.opt.UIs, Generic: genericui.UI(),
		RemindTick: time.Hour, AfterInteraction: d.wait.done, BotPlayouts: d.opt.BotPlayouts})
	if err != nil {
		return fmt.Errorf("start the bot: %w", err)
	}
	if d.opt.Bots > 0 {
		d.bot = m
	}
	runCtx, cancel := context.WithCancel(ctx)
	runDone := make(chan error, 1)
	go func() { runDone <- m.Run(runCtx) }()
	playErr := d.fd.WaitUntil("command registration", 30*time.Second, func(calls []call, _ int) bool {
		return slices.ContainsFunc(calls, func(c call) bool { return c.Method == "PUT" && strings.HasSuffix(c.Path, "/commands") })
	})
	if playErr == nil {
		playErr = d.play(ctx)
	}
	cancel()
	if err := <-runDone; err != nil && playErr == nil {
		playErr = fmt.Errorf("bot Run: %w", err)
	}
	if err := m.Close(); err != nil && playErr == nil {
		playErr = fmt.Errorf("bot Close: %w", err)
	}
	d.stats.RESTCalls = d.fd.NumCalls()
	if err := d.readDatabase(ctx, dbPath); err != nil && playErr == nil {
		playErr = err
	}
	return playErr
}

// readDatabase counts the game's actions and finds the winner, once the
// bot has closed the database.
func (d *driver) readDatabase(ctx context.Context, path string) error {
	st, err := storage.Open(path, storage.Options{ReadOnly: true, Timeout: 5 * time.Second, Titles: d.opt.Titles})
	if err != nil {
		return fmt.Errorf("open the database after the game: %w", err)
	}
	defer st.Close()
	hs, err := st.Games(ctx, func(h *storage.Header) bool { return h.ChannelID == d.channel })
	if err != nil {
		return fmt.Errorf("list games: %w", err)
	}
	if len(hs) == 0 {
		return errors.New("the database holds no game")
	}
	h := hs[0] // the finished game, else the newest
	for _, x := range hs[1:] {
		if x.Status == storage.StatusFinished && h.Status != storage.StatusFinished ||
			(x.Status == storage.StatusFinished) == (h.Status == storage.StatusFinished) && x.Created.After(h.Created) {
			h = x
		}
	}
	d.stats.GameID, d.stats.Seats = h.ID, len(h.Seats)
	if h.Status == storage.StatusLobby {
		return nil
	}
	d.stats.Options = h.Options
	if err := d.checkStoredOptions(h.Options); err != nil {
		return err
	}
	rec, err := st.Record(ctx, h.ID)
	if err != nil {
		return fmt.Errorf("read the game record: %w", err)
	}
	d.stats.EngineActions = len(rec.Actions)
	if title, err := d.opt.Titles.Get(h.Title); err == nil {
		if err := d.storyActions(title, h, rec); err != nil {
			return fmt.Errorf("replay the record: %w", err)
		}
		story := d.story
		story.stepHeightsDone()
		d.stats.Story = &story
	}
	for _, st := range h.Seats {
		if st.Bot {
			d.stats.BotSeats++
		}
	}
	if d.stats.BotSeats > 0 {
		title, err := d.opt.Titles.Get(h.Title)
		if err != nil {
			return err
		}
		for _, x := range rec.Actions {
			a, err := title.ParseAction(x)
			if err != nil {
				return fmt.Errorf("stored action %q: %w", x, err)
			}
			if k := a.Actor(); k >= 0 && k < len(h.Seats) && h.Seats[k].Bot {
				d.stats.BotActions++
			}
		}
	}
	_, m, err := st.Load(ctx, h.ID)
	if err != nil {
		return fmt.Errorf("load the game: %w", err)
	}
	if res := m.Result(); res != nil && len(res.Ranking) > 0 {
		k := res.Ranking[0]
		d.stats.Winner = &Winner{Seat: k}
		if k < len(h.Seats) {
			d.stats.Winner.UserID = h.Seats[k].UserID
		}
		if tm, ok := m.(tinners.Match); ok && tm.S.Solo != nil && tm.S.Result != nil && !tm.S.Result.Won {
			// The solo game: the player ranks alone, but a game they did
			// not win is Lord Wallace's.
			d.stats.Winner = &Winner{Seat: tinners.WallaceSeat, Name: "Lord Wallace"}
		}
	}
	if d.over && m.Result() == nil {
		return fmt.Errorf("the bot announced the end but the game is not over (version %d)", m.Version())
	}
	return nil
}

// play opens the table, seats everyone, starts, and clicks until the end.
func (d *driver) play(ctx context.Context) error {
	host := d.users[0]
	d.lobby = true
	if err := d.openTable(host); err != nil {
		return err
	}
	if err := d.addBots(host); err != nil {
		return err
	}
	if err := d.seatOthers(ctx); err != nil {
		return err
	}
	d.lobby = false
	if err := d.command(host, "start", nil); err != nil {
		return err
	}
	return d.playToEnd(ctx, host)
}

// openTable has host type /tt new with the seat count, the title and its
// lobby options, then chooses the solo options on the lobby.
func (d *driver) openTable(host string) error {
	opts := map[string]any{"players": d.opt.Players + d.opt.Bots}
	if len(d.opt.Titles.All()) > 1 {
		opts["game"] = d.opt.Game // registered only when several titles are installed
	}
	title, _ := d.opt.Titles.Get(d.opt.Game)
	var solo []string
	for _, k := range d.opt.GameOptions {
		o, value := lobbyOption(title.Meta(), k)
		switch {
		case o.Solo:
			solo = append(solo, k)
		case o.Values != nil && value == "":
			opts[o.Key] = o.Values[0]
		case o.Values != nil:
			opts[o.Key] = value
		default:
			opts[o.Key] = true
		}
	}
	if err := d.command(host, "new", opts); err != nil {
		return err
	}
	if len(solo) > 0 {
		return d.chooseSolo(host, solo)
	}
	return nil
}

// addBots has the host seat the bots: "Add a bot" on the lobby, once per
// bot.
func (d *driver) addBots(host string) error {
	for k := range d.opt.Bots {
		lobby := d.w.board()
		var add *comp
		if lobby != nil {
			for _, c := range lobby.clickable() {
				if strings.HasSuffix(c.CustomID, ":addbot") {
					add = &c
				}
			}
		}
		if add == nil {
			return fmt.Errorf("the lobby offers no \"Add a bot\" for bot %d", k+1)
		}
		if out, err := d.click(host, lobby, *add); err != nil {
			return err
		} else if out.refused {
			return fmt.Errorf("adding bot %d was refused", k+1)
		}
	}
	return nil
}

// seatOthers seats the players after the host: each clicks what the lobby
// offers until it names them.
func (d *driver) seatOthers(ctx context.Context) error {
	for _, u := range d.users[1:] {
		for !d.seatedInLobby(u) {
			if err := d.budget(ctx); err != nil {
				return err
			}
			lobby := d.w.board()
			var c comp
			ok := lobby != nil
			if ok {
				c, ok = d.choose(u, lobby)
			}
			if !ok && d.stuck {
				// The lobby's post or its update failed (an injected
				// fault the bot gave up on): type /tt join, as a person
				// would.
				out, err := d.commandOut(u, "join", nil)
				if err != nil {
					return err
				}
				if !out.refused {
					d.joined[u] = true
				}
				continue
			}
			if lobby == nil {
				return fmt.Errorf("no lobby message to click while seating %s", u)
			}
			if !ok {
				return fmt.Errorf("%s tried everything the lobby offers and is not seated", u)
			}
			out, err := d.click(u, lobby, c)
			if err != nil {
				return err
			}
			if !out.refused && out.public {
				d.joined[u] = true
			}
		}
	}
	return nil
}

// playToEnd has the players click until the game is over (or, for the load
// test's idle tables, until idleAfter clicks), asking host for the board
// when nobody has anything to click after a failed update.
func (d *driver) playToEnd(ctx context.Context, host string) error {
	inGame := 0
	for !d.over {
		if err := d.budget(ctx); err != nil {
			return err
		}
		if d.idleAfter > 0 && inGame >= d.idleAfter {
			d.idleSince = time.Now()
			<-ctx.Done()
			return errEnd
		}
		inGame++
		u, m, ok := d.actor()
		if !ok && d.stuck {
			// As a player would when a board failed to update: ask for it.
			if err := d.command(host, "board", nil); err != nil {
				return err
			}
			u, m, ok = d.actor()
		}
		if !ok {
			return errors.New("nobody has anything left to click, and the game is not over")
		}
		c, _ := d.choose(u, m)
		if _, err := d.click(u, m, c); err != nil {
			return err
		}
	}
	d.stats.Completed = true
	return nil
}

func (d *driver) budget(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d.stats.Interactions >= d.opt.MaxInteractions {
		return fmt.Errorf("no end after %d interactions", d.stats.Interactions)
	}
	return nil
}

// seatedInLobby: the lobby mentions u, or u's last lobby click was not
// refused and changed something public.
func (d *driver) seatedInLobby(u string) bool {
	if d.joined[u] {
		return true
	}
	lobby := d.w.board()
	return lobby != nil && strings.Contains(lobby.text(), "<@"+u+">")
}

// actor chooses who clicks next and on which message: a user whose newest
// private message offers something and is newer than their last click;
// else a user the newest board pings; else any seated user who can click
// the board; else anyone with an untried private offer.
func (d *driver) actor() (string, *msg, bool) {
	order := d.shuffled(d.users)
	for _, u := range order {
		if p := d.w.private(u); p != nil && p.Seq > d.lastClick[u] && d.canClick(u, p) {
			return u, p, true
		}
	}
	b := d.w.board()
	if b != nil {
		for _, u := range d.shuffled(b.mentions()) {
			if slices.Contains(d.users, u) && d.canClick(u, b) {
				return u, b, true
			}
		}
		for _, u := range order {
			if d.canClick(u, b) {
				return u, b, true
			}
		}
	}
	for _, u := range order {
		if p := d.w.private(u); p != nil && d.canClick(u, p) {
			return u, p, true
		}
	}
	return "", nil, false
}

func (d *driver) shuffled(xs []string) []string {
	out := append([]string(nil), xs...)
	d.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

func key(u string, m *msg, c comp) string {
	return u + "|" + m.ID + "|" + strconv.Itoa(m.Seq) + "|" + c.CustomID
}

// open lists the components user may still try on m: not refused, and
// not already clicked (buttons) or not exhausted (selects).
func (d *driver) open(u string, m *msg) []comp {
	var out []comp
	for _, c := range m.clickable() {
		if capped(c.CustomID, d.capped) {
			continue
		}
		if strings.HasSuffix(c.CustomID, ":addbot") || strings.HasSuffix(c.CustomID, ":dropbot") {
			continue // the host seats bots on purpose (play), nobody at random
		}
		k := key(u, m, c)
		if d.refused[k] {
			continue
		}
		if c.Type == typeStringSel {
			n := 0
			for _, o := range c.Options {
				if d.tried[k+"|"+o.Value] {
					n++
				}
			}
			if n >= len(c.Options) {
				continue
			}
		} else if d.tried[k+"|"] {
			continue
		}
		out = append(out, c)
	}
	return out
}

func (d *driver) canClick(u string, m *msg) bool { return len(d.open(u, m)) > 0 }

// choose picks one component user may try on m: a one-value select
// weighs as many as its options (each is a choice, as a button is), so a
// menu that gathers rarer actions is tried as often as their buttons were.
func (d *driver) choose(u string, m *msg) (comp, bool) {
	cs := d.open(u, m)
	if len(cs) == 0 {
		return comp{}, false
	}
	weight := func(c comp) int {
		if c.Type == typeStringSel && max(c.Max, 1) == 1 {
			return max(len(c.Options), 1)
		}
		return 1
	}
	total := 0
	for _, c := range cs {
		total += weight(c)
	}
	n := d.rng.IntN(total)
	for _, c := range cs {
		if n -= weight(c); n < 0 {
			return c, true
		}
	}
	return cs[len(cs)-1], true
}

// values picks a select's values: between its MinValues and MaxValues
// options, preferring (for a one-value select) options not tried yet.
func (d *driver) values(u string, m *msg, c comp) []string {
	switch c.Type {
	case typeUserSel, typeMentionSel:
		return []string{d.users[d.rng.IntN(len(d.users))]}
	case typeStringSel:
	default:
		return nil
	}
	lo, hi := max(c.Min, 0), min(max(c.Max, 1), len(c.Options))
	lo = min(lo, hi)
	n := lo + d.rng.IntN(hi-lo+1)
	idx := d.rng.Perm(len(c.Options))
	if n == 1 {
		k := key(u, m, c)
		slices.SortStableFunc(idx, func(a, b int) int {
			ta, tb := d.tried[k+"|"+c.Options[a].Value], d.tried[k+"|"+c.Options[b].Value]
			switch {
			case ta == tb:
				return 0
			case tb:
				return -1
			}
			return 1
		})
	}
	var out []string
	for _, i := range idx[:n] {
		out = append(out, c.Options[i].Value)
	}
	return out
}

// --- sending --------------------------------------------------------------

func member(u string) map[string]any {
	n := u[len(u)-2:]
	return map[string]any{"user": map[string]any{"id": u, "username": "player" + n},
		"permissions": "0", "nick": "P" + strings.TrimLeft(n, "0")}
}

func (d *driver) name(u string) string {
	if k := slices.Index(d.users, u); k >= 0 {
		return fmt.Sprintf("P%d", k+1)
	}
	return u
}

// command types /tt <sub> with options.
func (d *driver) command(u, sub string, opts map[string]any) error {
	_, err := d.commandOut(u, sub, opts)
	return err
}

// commandOut is command, with what came of it.
func (d *driver) commandOut(u, sub string, opts map[string]any) (outcome, error) {
	var o []any
	var shown []string
	for _, k := range sortedKeys(opts) {
		v := opts[k]
		typ := 4 // integer
		switch v.(type) {
		case string:
			typ = 3
		case bool:
			typ = 5
		}
		o = append(o, map[string]any{"name": k, "type": typ, "value": v})
		shown = append(shown, fmt.Sprintf("%s:%v", k, v))
	}
	d.stats.Commands++
	line := strings.TrimSpace("/tt " + sub + " " + strings.Join(shown, " "))
	fmt.Fprintf(&d.tr, "\n### %d. %s types `%s`\n\n", d.stats.Interactions+1, d.name(u), line)
	return d.send(u, nil, map[string]any{"type": 2,
		"data": map[string]any{"id": "1", "name": "tt", "type": 1, "options": []any{map[string]any{"name": sub, "type": 1, "options": o}}}})
}

func sortedKeys(m map[string]any) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// click uses component c of message m as user u, and fills and submits
// the modal if one opens.
func (d *driver) click(u string, m *msg, c comp) (outcome, error) {
	return d.clickWith(u, m, c, d.values(u, m, c))
}

// clickWith uses component c of message m as user u with the select
// values vals (nil for a button).
func (d *driver) clickWith(u string, m *msg, c comp, vals []string) (outcome, error) {
	k := key(u, m, c)
	for p := range clickCaps {
		if strings.HasPrefix(c.CustomID, p) {
			d.capped[p]++
		}
	}
	d.tried[k+"|"+strings.Join(vals, ",")] = true
	where := "private"
	if m.Public {
		where = "public"
	}
	d.stats.Clicks++
	d.stats.ClicksByKind[where+" "+c.kind()]++
	fmt.Fprintf(&d.tr, "\n### %d. %s %s\n\n", d.stats.Interactions+1, d.name(u), describeClick(m, c, vals))
	data := map[string]any{"custom_id": c.CustomID, "component_type": c.Type}
	if c.Type != typeButton {
		data["values"] = append([]string{}, vals...)
	}
	out, err := d.send(u, m, map[string]any{"type": 3, "data": data})
	if err != nil {
		return out, err
	}
	if out.refused {
		d.refused[k] = true
	}
	if out.modal == nil {
		return out, nil
	}
	return d.submitModal(u, m, out.modal)
}

func describeClick(m *msg, c comp, vals []string) string {
	where := "on the board"
	if !m.Public {
		where = "on their private message"
	}
	switch c.Type {
	case typeButton:
		return fmt.Sprintf("clicks [%s] %s (msg %s)", c.Label, where, m.ID)
	}
	var labels []string
	for _, v := range vals {
		l := v
		for _, o := range c.Options {
			if o.Value == v {
				l = o.Label
			}
		}
		labels = append(labels, "«"+l+"»")
	}
	ph := c.Placeholder
	if ph == "" {
		ph = c.kind()
	}
	return fmt.Sprintf("chooses %s in ⟨%s⟩ %s (msg %s)", strings.Join(labels, ", "), ph, where, m.ID)
}

var intRE = regexp.MustCompile(`-?\d+`)

// fill answers a modal's text input with a number from the range in its
// label (or placeholder); without numbers there, the placeholder itself.
func (d *driver) fill(c comp) string {
	nums := intRE.FindAllString(c.Label, -1)
	if len(nums) == 0 {
		nums = intRE.FindAllString(c.Placeholder, -1)
	}
	var ns []int
	for _, s := range nums {
		if n, err := strconv.Atoi(s); err == nil {
			ns = append(ns, n)
		}
	}
	switch {
	case len(ns) >= 2:
		lo, hi := min(ns[0], ns[len(ns)-1]), max(ns[0], ns[len(ns)-1])
		return strconv.Itoa(lo + d.rng.IntN(hi-lo+1))
	case len(ns) == 1:
		return strconv.Itoa(ns[0])
	case c.Placeholder != "":
		return c.Placeholder
	case c.Value != "":
		return c.Value
	}
	return "1"
}

// submitModal fills every input of the modal and submits it, in the shape
// the modal came in.
func (d *driver) submitModal(u string, m *msg, modal json.RawMessage) (outcome, error) {
	var md struct {
		CustomID   string `json:"custom_id"`
		Title      string `json:"title"`
		Components any    `json:"components"`
	}
	json.Unmarshal(modal, &md)
	var typed []string
	var answer func(v any) any
	answer = func(v any) any {
		switch x := v.(type) {
		case []any:
			var out []any
			for _, e := range x {
				out = append(out, answer(e))
			}
			return out
		case map[string]any:
			t := num(x["type"])
			switch t {
			case typeTextInput:
				c := components([]any{x})[0]
				val := d.fill(c)
				typed = append(typed, fmt.Sprintf("%q in «%s»", val, c.Label))
				return map[string]any{"type": t, "custom_id": c.CustomID, "value": val}
			case typeStringSel:
				c := components([]any{x})[0]
				vals := d.values(u, m, c)
				typed = append(typed, fmt.Sprintf("%v in ⟨%s⟩", vals, c.Placeholder))
				return map[string]any{"type": t, "custom_id": c.CustomID, "values": vals}
			}
			out := map[string]any{"type": t}
			if id, ok := x["id"]; ok {
				out["id"] = id
			}
			if c, ok := x["components"]; ok {
				out["components"] = answer(c)
			}
			if c, ok := x["component"]; ok {
				out["component"] = answer(c)
			}
			return out
		}
		return v
	}
	comps := answer(md.Components)
	d.stats.ModalSubmits++
	fmt.Fprintf(&d.tr, "\n### %d. %s submits the form «%s»: types %s\n\n", d.stats.Interactions+1, d.name(u), md.Title, strings.Join(typed, ", "))
	return d.send(u, m, map[string]any{"type": 5, "data": map[string]any{"custom_id": md.CustomID, "components": comps}})
}

// outcome is what the driver learnt from one interaction.
type outcome struct {
	refused bool
	public  bool   // a public message was posted or edited
	broken  string // the text of an internal-error reply
	modal   json.RawMessage
}

// send dispatches interaction i from user u (on message m, if any), waits
// until the bot has handled it, and reads what the bot sent meanwhile.
func (d *driver) send(u string, m *msg, i map[string]any) (outcome, error) {
	if d.pace != nil {
		if err := d.pace(context.Background()); err != nil {
			return outcome{}, err
		}
	}
	d.n++
	d.stats.Interactions++
	id := fmt.Sprintf("%d", 600000000000000000+int64(d.table)*10000000+int64(d.n))
	token := fmt.Sprintf("playtest-token-%d", d.n)
	if d.table > 0 {
		token = fmt.Sprintf("table%d-token-%d", d.table, d.n)
	}
	var ch chan struct{}
	if d.wait != nil {
		ch = d.wait.add(id)
	}
	d.tokenUser[token] = u
	i["id"], i["token"], i["application_id"] = id, token, d.fd.AppID
	i["guild_id"], i["channel_id"], i["version"] = GuildID, d.channel, 1
	// Everything the bot needs in the channel (Discord sends app_permissions with each interaction).
	i["app_permissions"], i["channel"] = "274878024704", map[string]any{"id": d.channel, "type": 0}
	i["member"] = member(u)
	if d.opt.Locale != "" {
		i["locale"], i["guild_locale"] = d.opt.Locale, d.opt.Locale
	}
	if m != nil {
		msgObj := map[string]any{"id": m.ID, "channel_id": d.channel, "flags": m.flags(), "content": m.content(),
			"author": map[string]any{"id": d.fd.BotID, "username": "tinners", "bot": true}}
		if !m.Public {
			msgObj["flags"] = m.flags() | flagEphemeral
		}
		i["message"] = msgObj
	}
	d.lastClick[u] = d.w.tick()
	n := d.fd.NumCalls()
	sent := time.Now()
	if d.wait == nil {
		return d.observe(u, token, i, sent)
	}
	if err := d.fd.Dispatch(i); err != nil {
		return outcome{}, err
	}
	select {
	case <-ch:
	case <-time.After(d.opt.Timeout):
		return outcome{}, fmt.Errorf("interaction %d (%s) not handled within %v", d.n, id, d.opt.Timeout)
	}
	if d.bot != nil {
		// The bots' moves this interaction led to, and the posts they owe.
		wctx, cancel := context.WithTimeout(context.Background(), d.opt.Timeout)
		err := d.bot.WaitIdle(wctx)
		cancel()
		if err != nil {
			return outcome{}, fmt.Errorf("after interaction %d (%s) the bots did not finish within %v", d.n, id, d.opt.Timeout)
		}
	}
	handled := time.Since(sent)
	var calls []call
	for _, c := range d.fd.CallsSince(n) {
		if d.mine(c, token) {
			calls = append(calls, c)
		}
	}
	if d.timing != nil {
		smp := timed(sent, handled, token, calls)
		smp.clicks = i["type"] != 2
		d.timing(smp)
	}
	over := d.over
	out, err := d.answered(u, token, i, calls)
	if err == nil {
		d.noteMove(u, token, i, calls, out, false, over, sent)
	}
	return out, err
}

// answered reads the calls the bot made for an interaction of u's.
func (d *driver) answered(u, token string, i map[string]any, calls []call) (outcome, error) {
	if len(calls) == 0 {
		d.stats.Unanswered++
		d.tr.WriteString("*(no answer at all)*\n")
	}
	var out outcome
	changes := d.publicChanges
	for _, c := range calls {
		if c.Status < 200 || c.Status > 299 {
			continue // refused or faulted: nothing was shown
		}
		if tok := tokenIn(c); tok != "" && tok != token {
			// A late answer to an earlier interaction (observe).
			var late outcome
			d.read(d.tokenUser[tok], tok, c, &late)
			if late.broken != "" {
				out.broken = late.broken
			}
			continue
		}
		d.read(u, token, c, &out)
	}
	if out.broken != "" {
		return out, fmt.Errorf("the bot reported an internal error: %q", out.broken)
	}
	d.decision(i["type"] != 2, changes)
	return out, nil
}

// mine reports whether call c was made for this table's interaction
// (by its token) or in this table's channel: other tables' calls are not.
func (d *driver) mine(c call, token string) bool {
	return strings.Contains(c.Path+"/", "/"+token+"/") || strings.HasPrefix(c.Path, "/channels/"+d.channel+"/")
}

// read applies one REST call the bot made while handling user's
// interaction to the world, the stats and the transcript.
func (d *driver) read(actor, token string, c call, out *outcome) {
	parts := strings.Split(strings.Trim(c.Path, "/"), "/")
	if c.Method == "POST" || c.Method == "PATCH" {
		d.shown = appendShown(d.shown, c.Body)
		if strings.HasPrefix(c.Path, "/channels/"+d.channel+"/") {
			d.inPublic = appendContent(d.inPublic, c.Body)
		}
	}
	switch {
	case c.Method == "POST" && len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback":
		var cb struct {
			Type int             `json:"type"`
			Data json.RawMessage `json:"data"`
		}
		json.Unmarshal(c.Body, &cb)
		switch cb.Type {
		case 4: // a message reply
			id, _ := d.fd.OriginalID(parts[2])
			d.private(actor, id, cb.Data, nil, "replies privately", out)
		case 7: // the message the component was on is updated
			id, _ := d.fd.OriginalID(parts[2])
			d.edit(actor, id, cb.Data, nil, out)
		case 9:
			d.stats.ModalsOpened++
			out.modal = cb.Data
			var md struct {
				Title string `json:"title"`
			}
			json.Unmarshal(cb.Data, &md)
			fmt.Fprintf(&d.tr, "**→ a form opens for %s:** «%s»\n", d.name(actor), md.Title)
			for _, x := range modalInputs(cb.Data) {
				fmt.Fprintf(&d.tr, "- input «%s» (placeholder %q)\n", x.Label, x.Placeholder)
			}
		}
	case parts[0] == "webhooks" && len(parts) == 3 && c.Method == "POST": // follow-up
		var b struct {
			Flags int `json:"flags"`
		}
		json.Unmarshal(c.Body, &b)
		id := replyID(c)
		if b.Flags&flagEphemeral != 0 {
			d.private(d.tokenUser[parts[2]], id, c.Body, c.Files, "follows up privately", out)
		} else {
			d.public(actor, id, c.Body, c.Files)
		}
	case parts[0] == "webhooks" && len(parts) == 5 && c.Method == "PATCH":
		d.edit(d.tokenUser[parts[2]], replyID(c), c.Body, c.Files, out)
	case parts[0] == "webhooks" && len(parts) == 5 && c.Method == "DELETE":
		id := parts[4]
		if id == "@original" {
			id, _ = d.fd.OriginalID(parts[2])
		}
		if m := d.w.msgs[id]; m != nil {
			m.Deleted = true
			fmt.Fprintf(&d.tr, "**→ message %s deleted**\n", id)
		}
	case parts[0] == "channels" && len(parts) == 3 && parts[2] == "messages" && c.Method == "POST":
		out.public = true
		d.public(actor, replyID(c), c.Body, c.Files)
	case parts[0] == "channels" && len(parts) == 4 && parts[2] == "messages" && c.Method == "PATCH":
		out.public = true
		d.edit(actor, parts[3], c.Body, c.Files, out)
	}
}

// shownKeys are the JSON fields of a message, component, embed or form
// that a player reads.
var shownKeys = map[string]bool{"content": true, "label": true, "description": true, "placeholder": true,
	"title": true, "text": true}

// appendContent adds a message body's own text (its content), not its
// buttons and menus, which speak to whoever may click them.
func appendContent(out []string, body json.RawMessage) []string {
	var m struct {
		Content string `json:"content"`
	}
	if json.Unmarshal(body, &m) == nil && m.Content != "" {
		out = append(out, m.Content)
	}
	return out
}

// appendShown adds the texts a player reads in a request body.
func appendShown(out []string, body json.RawMessage) []string {
	var v any
	if json.Unmarshal(body, &v) != nil {
		return out
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				x := v[k]
				if s, ok := x.(string); ok && shownKeys[k] && s != "" {
					out = append(out, s)
					continue
				}
				if k == "fields" { // embed fields: both name and value are read
					if fs, ok := x.([]any); ok {
						for _, f := range fs {
							if f, ok := f.(map[string]any); ok {
								out = append(out, str(f["name"]), str(f["value"]))
							}
						}
						continue
					}
				}
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(v)
	return out
}

func replyID(c call) string {
	var r struct {
		ID string `json:"id"`
	}
	json.Unmarshal(c.Reply, &r)
	return r.ID
}

func modalInputs(data json.RawMessage) []comp {
	var md struct {
		Components any `json:"components"`
	}
	json.Unmarshal(data, &md)
	return components(md.Components)
}

// public records a new public message.
func (d *driver) public(actor, id string, body json.RawMessage, files []fakediscord.File) {
	m, _ := d.w.put(id, true, "", body)
	d.stats.PublicPosts++
	if d.lobby {
		d.stats.LobbyPosts++
	}
	pings := slices.Clone(m.mentions())
	slices.Sort(pings)
	d.stats.Pings += len(pings)
	if slices.Contains(pings, actor) && !d.opt.GameOver(m.text()) {
		d.stats.SelfPings++
	}
	if !slices.Equal(pings, d.prevPings) {
		d.stats.Handoffs++
	}
	d.prevPings = pings
	d.publicChanges++
	if !d.lobby {
		d.phone(m, files)
		d.storyPost(m)
	}
	d.publicFiles(files)
	fmt.Fprintf(&d.tr, "**→ public post** (msg %s)%s\n", id, d.pingText(pings))
	d.render(m, files)
	if d.opt.GameOver(m.text()) {
		d.over = true
	}
}

func (d *driver) publicFiles(files []fakediscord.File) {
	png := false
	for _, f := range files {
		if isPNG(f) {
			png = true
			d.stats.ImageBytes += int64(len(f.Data))
			d.images = append(d.images, Image{Name: f.Name, Data: f.Data})
		}
	}
	if png {
		d.stats.ImagePosts++
	}
}

func isPNG(f fakediscord.File) bool {
	return strings.HasSuffix(strings.ToLower(f.Name), ".png") || bytes.HasPrefix(f.Data, []byte("\x89PNG"))
}

// private records a new private message to user (or a reply's first fill).
func (d *driver) private(user, id string, body json.RawMessage, files []fakediscord.File, verb string, out *outcome) {
	if id == "" {
		id = fmt.Sprintf("private-%d", d.w.seq+1)
	}
	m, _ := d.w.put(id, false, user, body)
	d.privateSeen(m, files, fmt.Sprintf("**→ bot %s to %s** (msg %s)", verb, d.name(user), id), out)
}

func (d *driver) privateSeen(m *msg, files []fakediscord.File, head string, out *outcome) {
	d.stats.PrivateMessages++
	if !d.lobby {
		d.storyStep(m, files)
	}
	for _, f := range files {
		if isPNG(f) {
			d.stats.PrivateImageBytes += int64(len(f.Data))
		}
	}
	if d.apology.match(m.text()) {
		out.broken = m.text()
	}
	if d.refusal.match(m.text()) {
		out.refused = true
		d.stats.Refused++
		head += " — refused"
	}
	d.tr.WriteString(head + "\n")
	d.render(m, files)
}

// edit records an edit of a known message (public or private), or a new
// private message when the ID is new (an interaction's deferred reply).
func (d *driver) edit(actor, id string, body json.RawMessage, files []fakediscord.File, out *outcome) {
	old := d.w.msgs[id]
	if old == nil {
		d.private(actor, id, body, files, "replies privately", out)
		return
	}
	m, _ := d.w.put(id, old.Public, old.Owner, body)
	if !m.Public {
		d.privateSeen(m, files, fmt.Sprintf("**→ bot edits the private message of %s** (msg %s)", d.name(m.Owner), id), out)
		return
	}
	d.stats.PublicEdits++
	d.publicChanges++
	d.publicFiles(files)
	var f map[string]json.RawMessage
	json.Unmarshal(body, &f)
	if _, ok := f["content"]; !ok && len(files) == 0 {
		fmt.Fprintf(&d.tr, "**→ public message %s edited:** now offers %s\n", id, offersText(m))
		return
	}
	fmt.Fprintf(&d.tr, "**→ public message %s edited**%s\n", id, d.pingText(m.mentions()))
	d.render(m, files)
	if d.opt.GameOver(m.text()) {
		d.over = true
	}
}

func (d *driver) pingText(users []string) string {
	if len(users) == 0 {
		return ""
	}
	var ns []string
	for _, u := range users {
		ns = append(ns, d.name(u))
	}
	return ", pinging " + strings.Join(ns, ", ")
}

// render writes a message into the transcript: its text, what it offers
// and its attachments.
func (d *driver) render(m *msg, files []fakediscord.File) {
	if t := m.text(); t != "" {
		for _, l := range strings.Split(t, "\n") {
			d.tr.WriteString("> " + l + "\n")
		}
	}
	if len(m.comps()) > 0 {
		d.tr.WriteString("\nOffers: " + offersText(m) + "\n")
	}
	for _, f := range files {
		fmt.Fprintf(&d.tr, "\nAttachment: `%s` (%d bytes)\n", f.Name, len(f.Data))
	}
	d.tr.WriteString("\n")
}

func offersText(m *msg) string {
	var parts []string
	for _, c := range m.comps() {
		switch c.Type {
		case typeButton:
			s := "[" + c.Label + "]"
			if c.Disabled {
				s += " (disabled)"
			}
			parts = append(parts, s)
		case typeStringSel:
			var os []string
			for _, o := range c.Options {
				x := o.Label
				if o.Description != "" {
					x += " — " + o.Description
				}
				os = append(os, x)
			}
			n := ""
			if c.Min != 1 || c.Max != 1 {
				n = fmt.Sprintf(" (choose %d–%d)", c.Min, c.Max)
			}
			parts = append(parts, fmt.Sprintf("⟨%s%s: %s⟩", c.Placeholder, n, strings.Join(os, " | ")))
		default:
			parts = append(parts, fmt.Sprintf("⟨%s %s⟩", c.kind(), c.Placeholder))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " ")
}

// lastSeen describes the newest messages and the bot's last log lines, for
// an error.
func (d *driver) lastSeen() string {
	var b strings.Builder
	b.WriteString("last messages seen (newest first):\n")
	for _, m := range d.w.recent(6) {
		who := "public"
		if !m.Public {
			who = "private to " + d.name(m.Owner)
		}
		fmt.Fprintf(&b, "--- msg %s (%s), offers %s\n%s\n", m.ID, who, offersText(m), m.text())
	}
	if l := d.logBuf.String(); l != "" {
		b.WriteString("--- end of the bot's log:\n" + l)
	}
	return b.String()
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	b   []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append([]byte(nil), t.b[len(t.b)-t.max/2:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := string(t.b)
	if len(s) > 4000 {
		s = "…" + s[len(s)-4000:]
	}
	return s
}

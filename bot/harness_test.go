package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

const (
	testGuild   = "700000000000000001"
	testChannel = "700000000000000002"
	adminPerms  = int64(1 << 5) // Manage Server
	// allPerms is what the bot may do in the test channel unless a test
	// says otherwise: everything it needs, and no Administrator.
	allPerms = int64(1<<10 | 1<<11 | 1<<14 | 1<<15 | 1<<16 | 1<<38)
)

// testClock is a settable clock.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// harness runs a real Main (real discordgo client, real storage) against a
// fake Discord.
type harness struct {
	t      *testing.T
	fd     *fakeDiscord
	clock  *testClock
	dbPath string

	m      *Main
	cancel context.CancelFunc
	done   chan error

	mu      sync.Mutex
	handled map[string]chan struct{}
	views   []tinners.PublicView // every view the renderer was given
	users   map[string]string    // interaction token → user ID
	n       int
	logBuf  *syncBuf
	// tweak, when set, changes each Main's config before New (titles,
	// renderers).
	tweak func(*Config)
	// viaHTTP: interactions go to the bot's HTTP endpoint, signed, and no
	// gateway is opened; else they come down the gateway (see
	// harnessViaHTTP).
	viaHTTP  bool
	endpoint string // the endpoint's URL, in HTTP mode
	finished int    // finished tables already reported to testenv.Played
}

// harnessHTTPEnv switches the harness to interactions over HTTP: a test
// that sets it (t.Setenv(harnessHTTPEnv, "1"), before its harness is
// made) runs every harness it makes in HTTP mode, through whatever
// helpers make them (cbHarness, msHarness, ...); running the package with
// TINNERS_TEST_HTTP=1 in the environment runs every end-to-end test so. In
// HTTP mode each start (each "process") listens on a loopback port of its
// own, the fake Discord is pointed at it (fd.DeliverTo) and signs with the
// clock the bot checks the timestamp against (h.clock); h.send and every
// helper built on it work alike, the interaction's initial response being
// recorded as its callback (fakediscord's Call.Delivered). Helpers that
// push gateway events (fd.DispatchEvent, Reconnect, ...) have nothing to
// talk to in HTTP mode, and faults aimed at the callback endpoint never
// fire there (the first response is not a REST call): with
// TINNERS_TEST_HTTP=1 every test of the package passes but
// TestFaultGateway*, TestFaultServerError* and
// TestTokensNeverLogged/acknowledgement (checked 2026-11-26, -short).
const harnessHTTPEnv = "TINNERS_TEST_HTTP"

// harnessViaHTTP reports whether new harnesses use HTTP mode.
func harnessViaHTTP() bool { return os.Getenv(harnessHTTPEnv) == "1" }

type syncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func newHarness(t *testing.T) *harness {
	t.Helper()
	return newHarnessWith(t, nil)
}

// newHarnessWith is newHarness with tweak applied to the config.
func newHarnessWith(t *testing.T, tweak func(*Config)) *harness {
	t.Helper()
	h := &harness{tweak: tweak, viaHTTP: harnessViaHTTP(), t: t, fd: newFakeDiscord(t), clock: &testClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)},
		dbPath: filepath.Join(t.TempDir(), "tinners.db"), handled: map[string]chan struct{}{}, users: map[string]string{},
		logBuf: &syncBuf{}}
	h.start()
	t.Cleanup(h.stop)
	return h
}

// start boots a new Main on the same database (a "process").
func (h *harness) start() {
	h.t.Helper()
	var seed uint64 = 42
	cfg := Config{
		Token: "test-token", DBPath: h.dbPath, Client: h.fd.Client(),
		BackupSocket: filepath.Join(filepath.Dir(h.dbPath), "b.sock"),
		Logger:       slog.New(slog.NewTextHandler(io.MultiWriter(h.logBuf), &slog.HandlerOptions{Level: slog.LevelDebug})),
		Now:          h.clock.Now, Seed: func() uint64 { seed++; return seed },
		Render: func(v any, _ kit.RenderOptions) ([]byte, error) {
			h.mu.Lock()
			h.views = append(h.views, v.(tinners.PublicView))
			h.mu.Unlock()
			// The "PNG" is the view it was drawn from, so the test can
			// check every posted picture's source.
			return json.Marshal(v)
		},
		RenderHand: func(v any, _ kit.RenderOptions) ([]byte, error) { return []byte("hand"), nil },
		RemindTick: time.Hour, QuickGatewayClose: true,
		AfterInteraction: func(id string) {
			h.mu.Lock()
			ch := h.handled[id]
			h.mu.Unlock()
			if ch != nil {
				close(ch)
			}
		},
	}
	if h.tweak != nil {
		h.tweak(&cfg)
	}
	if !testenv.Full() && cfg.Renderers == nil {
		// Placeholder step pictures (places and marks) outside the full
		// pass, as Render is above: real ones are ten times slower under -race.
		cfg.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: &recRenderer{}})
	}
	withTinners(&cfg)
	if h.viaHTTP {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			h.t.Fatal(err)
		}
		cfg.HTTPListener, cfg.PublicKey = ln, h.fd.PublicKey()
		h.endpoint = "http://" + ln.Addr().String() + "/interactions"
		h.fd.SetClock(h.clock.Now)
		h.fd.DeliverTo(h.endpoint)
	}
	m, err := New(cfg)
	if err != nil {
		h.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	h.m, h.cancel, h.done = m, cancel, make(chan error, 1)
	n := h.fd.numCalls()
	go func() { h.done <- m.Run(ctx) }()
	h.fd.waitUntil("command registration", func(calls []fakeCall) bool {
		for _, c := range calls[n:] {
			if c.Method == "PUT" && strings.HasSuffix(c.Path, "/commands") {
				return true
			}
		}
		return false
	})
}

// stop shuts the current Main down cleanly.
func (h *harness) stop() {
	if h.m == nil {
		return
	}
	if h.viaHTTP {
		// HTTP mode opens no gateway, ever.
		if ids, res := h.fd.Sessions(); ids+res > 0 {
			h.t.Errorf("HTTP mode: %d gateway identifies and %d resumes", ids, res)
		}
		for _, c := range h.fd.Calls() {
			if strings.HasPrefix(c.Path, "/gateway") {
				h.t.Errorf("HTTP mode: %s %s", c.Method, c.Path)
			}
		}
	}
	if h.viaHTTP {
		noteHTTPBody(h.fd.LargestHTTPDelivery())
	}
	// Every table that finished since the last stop is a whole game played
	// (testenv.Played: .ci/run counts each pass's games).
	if ts, err := h.m.store.Tables(context.Background(), func(t *kit.Table) bool { return t.Status == kit.StatusFinished }); err == nil && len(ts) > h.finished {
		testenv.Played(h.t, len(ts)-h.finished)
		h.finished = len(ts)
	}
	h.cancel()
	select {
	case err := <-h.done:
		if err != nil {
			h.t.Errorf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		h.t.Error("Run did not return after cancel")
	}
	if err := h.m.Close(); err != nil {
		h.t.Errorf("Close: %v", err)
	}
	h.m = nil
}

func member(userID string, perms int64) map[string]any {
	return map[string]any{"user": map[string]any{"id": userID, "username": "user" + userID[len(userID)-2:]},
		"permissions": fmt.Sprint(perms), "nick": "P" + userID[len(userID)-1:]}
}

// placeholderRE matches the engine's seat placeholders ({P0}..{P4}), which
// FormatLine must have replaced before anything is sent.
var placeholderRE = regexp.MustCompile(`\{P[0-9]\}`)

// send dispatches an interaction and waits until the bot has handled it;
// it returns the REST calls made meanwhile. The fake refuses (and the test
// fails on) an interaction Discord would not send.
func (h *harness) send(i map[string]any) []fakeCall {
	h.t.Helper()
	return h.deliver(i, false)
}

// sendForged is send for a request Discord would not send (an option out
// of its range, a command from a DM, no user): it tests the bot's own
// checks of forged input.
func (h *harness) sendForged(i map[string]any) []fakeCall {
	h.t.Helper()
	return h.deliver(i, true)
}

func (h *harness) deliver(i map[string]any, forged bool) []fakeCall {
	h.t.Helper()
	id, ch := h.fill(i)
	n := h.fd.numCalls()
	if forged {
		h.fd.dispatchForged(i)
	} else {
		h.fd.dispatch(i)
	}
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		h.t.Fatalf("interaction %v not handled in time", i["data"])
	}
	calls := h.fd.callsSince(n)
	for _, c := range calls {
		if placeholderRE.Match(c.Body) {
			h.t.Fatalf("%s %s carries an engine seat placeholder: %s", c.Method, c.Path, c.Body)
		}
		if id, dup := duplicateCustomID(c.Body); dup {
			h.t.Fatalf("%s %s: two components with the custom ID %q (Discord refuses the message): %s", c.Method, c.Path, id, c.Body)
		}
	}
	// Every interaction is acknowledged, first.
	if len(calls) == 0 || !strings.HasSuffix(calls[0].Path, "/callback") || !strings.Contains(calls[0].Path, id) {
		h.t.Fatalf("interaction %s: first call is not its callback: %+v", id, calls)
	}
	// In HTTP mode, by the answer to Discord's POST, and never over REST.
	for _, c := range calls {
		if h.viaHTTP && strings.HasSuffix(c.Path, "/callback") && !c.Delivered {
			h.t.Fatalf("interaction %s in HTTP mode: %s %s sent over REST", id, c.Method, c.Path)
		}
	}
	return calls
}

// fill completes interaction i as Discord sends it (its ID, token,
// application, guild, channel, permissions) and returns its ID and the
// channel closed once the bot has handled it.
func (h *harness) fill(i map[string]any) (string, chan struct{}) {
	h.t.Helper()
	h.mu.Lock()
	h.n++
	id := fmt.Sprintf("%d", 600000000000000000+h.n)
	token := fmt.Sprintf("tok%d", h.n)
	ch := make(chan struct{})
	h.handled[id] = ch
	if mb, ok := i["member"].(map[string]any); ok {
		if u, ok := mb["user"].(map[string]any); ok {
			h.users[token], _ = u["id"].(string)
		}
	}
	h.mu.Unlock()
	i["id"], i["token"], i["application_id"] = id, token, h.fd.appID
	if _, ok := i["guild_id"]; !ok {
		i["guild_id"] = testGuild
	}
	i["version"] = 1
	if _, ok := i["app_permissions"]; !ok {
		i["app_permissions"] = fmt.Sprint(allPerms)
	}
	if _, ok := i["channel"]; !ok {
		i["channel"] = map[string]any{"id": testChannel, "type": 0}
	}
	if _, ok := i["channel_id"]; !ok {
		i["channel_id"] = testChannel
	}
	return id, ch
}

// duplicateCustomID reports a custom ID used twice in one message body
// (an interaction callback's data, or a message posted or edited).
func duplicateCustomID(body json.RawMessage) (string, bool) {
	var msg struct {
		Data *struct {
			Components json.RawMessage `json:"components"`
		} `json:"data"`
		Components json.RawMessage `json:"components"`
	}
	if len(body) == 0 || json.Unmarshal(body, &msg) != nil {
		return "", false
	}
	comps := msg.Components
	if msg.Data != nil {
		comps = msg.Data.Components
	}
	var rows []struct {
		Components []struct {
			CustomID string `json:"custom_id"`
		} `json:"components"`
	}
	if len(comps) == 0 || json.Unmarshal(comps, &rows) != nil {
		return "", false
	}
	seen := map[string]bool{}
	for _, r := range rows {
		for _, c := range r.Components {
			if c.CustomID != "" && seen[c.CustomID] {
				return c.CustomID, true
			}
			seen[c.CustomID] = true
		}
	}
	return "", false
}

// command runs /tt <sub> as user with options name→value.
func (h *harness) command(userID string, perms int64, sub string, opts map[string]any) []fakeCall {
	h.t.Helper()
	return h.send(commandInteraction(userID, perms, sub, opts))
}

// commandForged runs /tt <sub> with options Discord would not send.
func (h *harness) commandForged(userID string, perms int64, sub string, opts map[string]any) []fakeCall {
	h.t.Helper()
	return h.sendForged(commandInteraction(userID, perms, sub, opts))
}

// userOpt is the value of a user option (type 6): a member's ID, which
// Discord resolves in data.resolved.
type userOpt string

// commandInteraction is the interaction of /tt <sub>; h.send fills in
// the rest (a test may set app_permissions or channel first). An option's
// type follows its Go value: string 3, bool 5, userOpt 6, float64 10,
// any other number 4.
func commandInteraction(userID string, perms int64, sub string, opts map[string]any) map[string]any {
	var o []any
	users := map[string]any{}
	for k, v := range opts {
		typ := 4
		switch x := v.(type) {
		case string:
			typ = 3
		case bool:
			typ = 5
		case float64:
			typ = 10
		case userOpt:
			typ = 6
			v = string(x)
			users[string(x)] = map[string]any{"id": string(x), "username": "user" + string(x)[max(len(x)-2, 0):]}
		}
		o = append(o, map[string]any{"name": k, "type": typ, "value": v})
	}
	data := map[string]any{"id": "1", "name": "tt", "type": 1, "options": []any{map[string]any{"name": sub, "type": 1, "options": o}}}
	if len(users) > 0 {
		data["resolved"] = map[string]any{"users": users}
	}
	return map[string]any{"type": 2, "member": member(userID, perms), "data": data}
}

// click presses a button (or picks a select value) on message msgID.
func (h *harness) click(userID, msgID string, ephemeral bool, customID string, values ...string) []fakeCall {
	h.t.Helper()
	return h.send(clickInteraction(userID, msgID, ephemeral, customID, values...))
}

// clickForged is click for a component Discord would not send: a custom
// ID or value the message never carried, one of over 100 characters. The
// message must still be one the user sees (the fake refuses a click on a
// message the bot never sent, or on another user's private reply).
func (h *harness) clickForged(userID, msgID string, ephemeral bool, customID string, values ...string) []fakeCall {
	h.t.Helper()
	return h.sendForged(clickInteraction(userID, msgID, ephemeral, customID, values...))
}

// forgeOnBoard is clickForged on the newest message the bot has in the
// test channel (the board, or whatever it posted last), one every member
// sees: how a user forges a custom ID from a message Discord shows them,
// e.g. a button of a private reply that went to someone else.
func (h *harness) forgeOnBoard(userID, customID string, values ...string) []fakeCall {
	h.t.Helper()
	return h.forgeIn(testChannel, userID, customID, values...)
}

// forgeIn is forgeOnBoard in channel ch.
func (h *harness) forgeIn(ch, userID, customID string, values ...string) []fakeCall {
	h.t.Helper()
	return h.sendForged(inChannel(clickInteraction(userID, h.publicMsg(ch), false, customID, values...), ch))
}

// ownPrivate is the ID of a private reply the bot makes userID (with
// perms) in channel ch, to /tt rules: a message of the user's own to send
// a forged click from.
func (h *harness) ownPrivate(ch, userID string, perms int64) string {
	h.t.Helper()
	return mustPrivate(h.t, h.send(inChannel(commandInteraction(userID, perms, "rules", nil), ch))).ID
}

// publicMsg is the ID of the newest message the bot has in channel.
func (h *harness) publicMsg(channel string) string {
	h.t.Helper()
	ms := h.fd.Messages(channel)
	if len(ms) == 0 {
		h.t.Fatalf("the bot has no message in channel %s to click on", channel)
	}
	var m struct {
		ID string `json:"id"`
	}
	json.Unmarshal(ms[len(ms)-1], &m)
	return m.ID
}

func clickInteraction(userID, msgID string, ephemeral bool, customID string, values ...string) map[string]any {
	flags := 0
	if ephemeral {
		flags = 64
	}
	data := map[string]any{"custom_id": customID, "component_type": 2}
	if len(values) > 0 {
		data["component_type"] = 3
		data["values"] = values
	}
	return map[string]any{"type": 3, "member": member(userID, 0),
		"message": map[string]any{"id": msgID, "channel_id": testChannel, "flags": flags, "content": ""}, "data": data}
}

// submitModal submits the bid modal with text.
func (h *harness) submitModal(userID, msgID, customID, text string) []fakeCall {
	h.t.Helper()
	return h.send(map[string]any{"type": 5, "member": member(userID, 0),
		"message": map[string]any{"id": msgID, "channel_id": testChannel, "flags": 0, "content": ""},
		"data": map[string]any{"custom_id": customID, "components": []any{map[string]any{"type": 1,
			"components": []any{map[string]any{"type": 4, "custom_id": "amount", "value": text}}}}}})
}

// uiMsg is a message body as the bot sent it.
type uiMsg struct {
	ID         string `json:"id"`
	Content    string `json:"content"`
	Flags      int    `json:"flags"`
	Components []struct {
		Components []uiComp `json:"components"`
	} `json:"components"`
	AllowedMentions *struct {
		Parse []string `json:"parse"`
		Users []string `json:"users"`
	} `json:"allowed_mentions"`
}

type uiComp struct {
	Type     int    `json:"type"`
	CustomID string `json:"custom_id"`
	Label    string `json:"label"`
	Disabled bool   `json:"disabled"`
	// A select's bounds on the values picked.
	MinValues *int `json:"min_values"`
	MaxValues int  `json:"max_values"`
	Options   []struct {
		Label string `json:"label"`
		Value string `json:"value"`
	} `json:"options"`
	// Pick is the option button found in a select of actions (its value).
	Pick string `json:"-"`
}

func (u uiMsg) all() []uiComp {
	var out []uiComp
	for _, r := range u.Components {
		out = append(out, r.Components...)
	}
	return out
}

func (u uiMsg) hasButton(prefix string) bool { _, ok := u.button(prefix); return ok }

// button finds the button whose label starts with prefix, or else the
// option so labelled of a one-value select of actions (Tinners' Trail's
// "More" menu: each option is an action or step ID, as a button's is);
// click it with its picks.
func (u uiMsg) button(prefix string) (uiComp, bool) {
	for _, c := range u.choices() {
		if strings.HasPrefix(c.Label, prefix) {
			return c, true
		}
	}
	return uiComp{}, false
}

// choices are u's buttons, then the options of its one-value selects of
// actions, each as a button to click with its picks.
func (u uiMsg) choices() []uiComp {
	var out []uiComp
	for _, c := range u.all() {
		if c.Type == 2 {
			out = append(out, c)
		}
	}
	for _, c := range u.all() {
		if c.Type != 3 || c.MaxValues > 1 {
			continue
		}
		for _, o := range c.Options {
			if strings.HasPrefix(o.Value, "tt:") || strings.HasPrefix(o.Value, "tm:") {
				out = append(out, uiComp{Type: 3, CustomID: c.CustomID, Label: o.Label, Pick: o.Value})
			}
		}
	}
	return out
}

// id is the ID a click on c acts on: an option's value, or its own.
func (c uiComp) id() string {
	if c.Pick != "" {
		return c.Pick
	}
	return c.CustomID
}

// picks are the values a click on c sends: an option's, or none.
func (c uiComp) picks() []string {
	if c.Pick == "" {
		return nil
	}
	return []string{c.Pick}
}

func decode(t *testing.T, c fakeCall, withReply bool) uiMsg {
	t.Helper()
	var u uiMsg
	if len(c.Body) > 0 {
		if err := json.Unmarshal(c.Body, &u); err != nil {
			t.Fatalf("%s %s: %v", c.Method, c.Path, err)
		}
	}
	if withReply {
		var r struct {
			ID string `json:"id"`
		}
		json.Unmarshal(c.Reply, &r)
		u.ID = r.ID
	}
	return u
}

// boardPosts returns the public channel posts among calls.
func boardPosts(t *testing.T, calls []fakeCall) []uiMsg {
	t.Helper()
	var out []uiMsg
	for _, c := range calls {
		if c.Method == "POST" && strings.HasPrefix(c.Path, "/channels/") && !isDMPath(c.Path) {
			out = append(out, decode(t, c, true))
		}
	}
	return out
}

// isDMPath: the fake's DM channels are "9" and the user's ID
// (fakediscord.DMChannelID); the test channels start otherwise.
func isDMPath(p string) bool { return strings.HasPrefix(p, "/channels/9") }

// privateReply returns the ephemeral reply among calls (edit of the
// deferred reply, or an ephemeral follow-up).
func privateReply(t *testing.T, calls []fakeCall) (uiMsg, bool) {
	t.Helper()
	for _, c := range calls {
		if strings.HasSuffix(c.Path, "/callback") {
			var cb struct {
				Type int   `json:"type"`
				Data uiMsg `json:"data"`
			}
			if json.Unmarshal(c.Body, &cb) == nil && cb.Type == 4 {
				if cb.Data.Flags&64 == 0 {
					t.Fatalf("immediate reply is not ephemeral: %s", c.Body)
				}
				cb.Data.ID = c.Original // the reply's ID, as the fake made it
				return cb.Data, true
			}
		}
		if strings.HasPrefix(c.Path, "/webhooks/") && (c.Method == "PATCH" || c.Method == "POST") {
			return decode(t, c, true), true
		}
	}
	return uiMsg{}, false
}

func mustPrivate(t *testing.T, calls []fakeCall) uiMsg {
	t.Helper()
	u, ok := privateReply(t, calls)
	if !ok {
		t.Fatalf("no private reply in %d calls", len(calls))
	}
	if u.AllowedMentions == nil || len(u.AllowedMentions.Parse) != 0 {
		t.Fatalf("private reply may ping: %+v", u.AllowedMentions)
	}
	return u
}

// state reads the game's state straight from the database (a test-side
// oracle; the bot is driven only by interactions).
func (h *harness) state(id string) *tinners.State {
	h.t.Helper()
	s, err := tt.Store(h.m).State(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return s
}

func (h *harness) table(id string) kit.Table {
	h.t.Helper()
	t, err := h.m.store.Table(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return t
}

package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"sync/atomic"

	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// Interactions over HTTP (httpmode.go), end to end: the harness in HTTP
// mode (harnessHTTPEnv) checks after every interaction that its initial
// response came back as the answer to the signed POST, and at the end that
// no gateway was ever opened.

// TestHTTPWholeGames plays one whole game of each title with interactions
// over HTTP. The adapter's path is the same for every title, so under
// -race it plays none: there TestMineshaftWholeGame plays its game over
// HTTP instead of the gateway, costing nothing more (the gateway path is
// played by every other end-to-end test); .ci/run's race-free pass plays
// all four titles here.
func TestHTTPWholeGames(t *testing.T) {
	testenv.FullOnly(t) // outside it, TestMineshaftWholeGame plays the HTTP mode's whole game
	t.Setenv(harnessHTTPEnv, "1")
	games := []struct {
		name string
		play func(t *testing.T)
	}{
		{"MineShaft", func(t *testing.T) {
			h, rr := msHarness(t)
			d := openMS(t, h, rr, 2, 2)
			for turns := 0; h.match(d.id).Result() == nil; turns++ {
				if turns > 3000 {
					t.Fatal("no end after 3000 turns")
				}
				d.turn()
			}
			msCheckEnd(t, h, d, h.match(d.id))
		}},
		{"CoalBaron", func(t *testing.T) { playCB(t, 2, 1) }},
		{"TinnersTrail", TestTwoPlayerGame},
		{"Brass", func(t *testing.T) { brassPosts(t, playBrass(t, 2, 3)) }},
		{"PolishCoalBaron", TestPolishCoalBaronTable},
	}
	largestHTTPBody.Store(0)
	for _, g := range games {
		t.Run(g.name, g.play)
	}
	// The endpoint's body limit leaves room: at least 4 times the largest
	// body these games sent.
	largest := largestHTTPBody.Load()
	t.Logf("largest interaction body: %d bytes; the endpoint reads up to %d", largest, MaxBody)
	if largest == 0 || 4*largest > MaxBody {
		t.Errorf("largest interaction body %d bytes: MaxBody %d is not 4 times it", largest, MaxBody)
	}
}

// largestHTTPBody is the largest interaction body the harnesses in HTTP
// mode were sent (noteHTTPBody, at each harness's stop).
var largestHTTPBody atomic.Int64

func noteHTTPBody(n int) {
	for {
		old := largestHTTPBody.Load()
		if int64(n) <= old || largestHTTPBody.CompareAndSwap(old, int64(n)) {
			return
		}
	}
}

// httpHarness is a harness in HTTP mode.
func httpHarness(t *testing.T) *harness {
	t.Helper()
	t.Setenv(harnessHTTPEnv, "1")
	h := newHarness(t)
	if !h.viaHTTP || h.endpoint == "" {
		t.Fatal("the harness is not in HTTP mode")
	}
	return h
}

// post sends body to the bot's endpoint with the given headers and returns
// the status and the answer.
func (h *harness) post(body []byte, hdr http.Header) (int, []byte) {
	h.t.Helper()
	req, err := http.NewRequest("POST", h.endpoint, bytes.NewReader(body))
	if err != nil {
		h.t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// TestHTTPRefusesUnverified: a request that is unsigned, signed by another
// key, signed over another body, signed too long ago or too far ahead, or a
// signed one sent a second time, gets 401 and changes nothing: no table
// is opened, nothing is sent to Discord, no handler runs.
func TestHTTPRefusesUnverified(t *testing.T) {
	h := httpHarness(t)
	i := commandInteraction(players[0], 0, "new", map[string]any{"players": 2})
	id, handled := h.fill(i)
	body, _ := json.Marshal(i)
	now := h.clock.Now()
	_, otherKey, _ := ed25519.GenerateKey(nil)
	wrongBody := h.fd.Sign([]byte(`{"type":1}`), now)
	noSig := h.fd.Sign(body, now)
	noSig.Del("X-Signature-Ed25519")
	noTime := h.fd.Sign(body, now)
	noTime.Del("X-Signature-Timestamp")
	badHex := h.fd.Sign(body, now)
	badHex.Set("X-Signature-Ed25519", "zz"+badHex.Get("X-Signature-Ed25519")[2:])
	n := h.fd.numCalls()
	for _, c := range []struct {
		name string
		hdr  http.Header
	}{
		{"unsigned", http.Header{"Content-Type": {"application/json"}}},
		{"no signature", noSig},
		{"no timestamp", noTime},
		{"signature not hex", badHex},
		{"another key", fakediscord.SignWith(otherKey, body, now)},
		{"another body", wrongBody},
		{"stale", h.fd.Sign(body, now.Add(-maxSkew-time.Second))},
		{"from the future", h.fd.Sign(body, now.Add(maxSkew+time.Second))},
	} {
		if st, ans := h.post(body, c.hdr); st != http.StatusUnauthorized {
			t.Errorf("%s: status %d (%s), want 401", c.name, st, ans)
		}
	}
	select {
	case <-handled:
		t.Fatal("a refused request was handled")
	default:
	}
	if cs := h.fd.callsSince(n); len(cs) > 0 {
		t.Fatalf("refused requests sent %d calls to Discord: %+v", len(cs), cs)
	}
	if _, err := h.m.store.TableInChannel(context.Background(), testChannel); err == nil {
		t.Fatal("a refused /tt new opened a table")
	}
	// The same request, signed within the window, is served; sent again
	// (a replay), it is refused and changes nothing.
	hdr := h.fd.Sign(body, now.Add(-maxSkew+time.Minute))
	st, ans := h.post(body, hdr)
	if st != http.StatusOK || !strings.Contains(string(ans), `"type":5`) {
		t.Fatalf("a signed /tt new: status %d, answer %s; want 200 and a deferral", st, ans)
	}
	select {
	case <-handled:
	case <-time.After(10 * time.Second):
		t.Fatal("the signed /tt new was not handled")
	}
	tb, err := h.m.store.TableInChannel(context.Background(), testChannel)
	if err != nil {
		t.Fatalf("the signed /tt new opened no table: %v", err)
	}
	n = h.fd.numCalls()
	if st, ans := h.post(body, hdr); st != http.StatusUnauthorized {
		t.Errorf("replayed interaction %s: status %d (%s), want 401", id, st, ans)
	}
	if cs := h.fd.callsSince(n); len(cs) > 0 {
		t.Errorf("the replay sent %d calls to Discord", len(cs))
	}
	if tb2, _ := h.m.store.TableInChannel(context.Background(), testChannel); fmt.Sprint(tb2) != fmt.Sprint(tb) {
		t.Errorf("the replay changed the table:\n%+v\n%+v", tb, tb2)
	}
}

// TestHTTPPing: Discord's PING (type 1), signed, is answered PONG (type 1)
// as JSON, and sends nothing to Discord; an unsigned one gets 401 (the
// Developer Portal checks that when the endpoint URL is saved).
func TestHTTPPing(t *testing.T) {
	h := httpHarness(t)
	n := h.fd.numCalls()
	ping := []byte(`{"id":"600000000000009999","application_id":"` + h.fd.AppID + `","type":1,"token":"ping","version":1}`)
	req, _ := http.NewRequest("POST", h.endpoint, bytes.NewReader(ping))
	req.Header = h.fd.Sign(ping, h.clock.Now())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var pong struct {
		Type *int `json:"type"`
	}
	if resp.StatusCode != 200 || json.Unmarshal(b, &pong) != nil || pong.Type == nil || *pong.Type != 1 {
		t.Fatalf("PING: status %d, answer %s; want 200 {\"type\":1}", resp.StatusCode, b)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("PONG of type %q", ct)
	}
	if st, _ := h.post(ping, http.Header{"Content-Type": {"application/json"}}); st != http.StatusUnauthorized {
		t.Errorf("unsigned PING: status %d, want 401", st)
	}
	if cs := h.fd.callsSince(n); len(cs) > 0 {
		t.Errorf("PING sent %d calls to Discord", len(cs))
	}
}

// TestHTTPNoGateway: in HTTP mode the bot opens no gateway connection, takes
// its application's ID from GET /applications/@me and registers its
// commands under it; the endpoint answers only POST.
func TestHTTPNoGateway(t *testing.T) {
	h := httpHarness(t)
	// A command is served: the harness checks it came and went by HTTP.
	if r := mustPrivate(t, h.command(players[0], 0, "rules", nil)); r.Content == "" {
		t.Fatal("/tt rules: empty reply")
	}
	if ids, res := h.fd.Sessions(); ids+res > 0 {
		t.Errorf("%d gateway identifies and %d resumes in HTTP mode", ids, res)
	}
	if err := h.fd.WaitConnected(time.Millisecond); err == nil {
		t.Error("a gateway connection is open in HTTP mode")
	}
	app, reg := false, false
	for _, c := range h.fd.Calls() {
		switch {
		case strings.HasPrefix(c.Path, "/gateway"):
			t.Errorf("HTTP mode: %s %s", c.Method, c.Path)
		case c.Method == "GET" && c.Path == "/applications/@me":
			app = true
		case c.Method == "PUT" && strings.HasPrefix(c.Path, "/applications/"+h.fd.AppID+"/"):
			reg = app // after the application was read
		}
	}
	if !app || !reg {
		t.Errorf("GET /applications/@me: %v; commands registered under its ID after it: %v", app, reg)
	}
	if got := h.fd.HTTPDeliveries(); got != 1 {
		t.Errorf("%d interactions POSTed, want 1", got)
	}
	resp, err := http.Get(h.endpoint)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET on the endpoint: %d, want 405", resp.StatusCode)
	}
}

// TestHTTPConfig: HTTP mode without the application's public key is
// refused at start; the key is read as the Developer Portal shows it.
func TestHTTPConfig(t *testing.T) {
	cfg := Config{Token: "t", HTTPAddr: "127.0.0.1:0", Store: nil}
	withTinners(&cfg)
	if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), "DISCORD_PUBLIC_KEY") {
		t.Errorf("New without a public key: %v", err)
	}
	pub, _, _ := ed25519.GenerateKey(nil)
	k, err := ParsePublicKey(fmt.Sprintf("%x", []byte(pub)))
	if err != nil || !bytes.Equal(k, pub) {
		t.Errorf("ParsePublicKey: %x, %v", k, err)
	}
	for _, bad := range []string{"", "abc", strings.Repeat("zz", 32), strings.Repeat("ab", 31)} {
		if _, err := ParsePublicKey(bad); err == nil {
			t.Errorf("ParsePublicKey(%q) accepted", bad)
		}
	}
}

// TestHTTPOutboxFindsItsPost: in HTTP mode too the bot knows its own user
// (from GET /users/@me, READY giving it over the gateway), so a board that
// Discord created while answering 500 is found in the channel rather than
// posted twice (TestOutboxCreatedThen500, over HTTP).
func TestHTTPOutboxFindsItsPost(t *testing.T) {
	t.Setenv(harnessHTTPEnv, "1")
	TestOutboxCreatedThen500(t)
}

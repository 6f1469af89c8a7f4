package bot

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// operatorGet is GET base+path: the status and the body.
func operatorGet(t *testing.T, base, path string) (int, string) {
	t.Helper()
	resp, err := http.Get(base + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	return resp.StatusCode, string(b)
}

// scrape reads /metrics as series → value, a series named as the text
// format prints it: name{label="value",...}, labels in name order.
func scrape(t *testing.T, base string) map[string]float64 {
	t.Helper()
	code, body := operatorGet(t, base, "/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d %s", code, body)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		k := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[k+1:], 64)
		if err != nil {
			t.Fatalf("/metrics: %q: %v", line, err)
		}
		out[line[:k]] = v
	}
	return out
}

// sumOf adds every series of metric name (any labels).
func sumOf(ms map[string]float64, name string) float64 {
	n := 0.0
	for k, v := range ms {
		if k == name || strings.HasPrefix(k, name+"{") {
			n += v
		}
	}
	return n
}

// loopback is a listener on a loopback port the system picks, and its URL.
func loopback(t *testing.T) (net.Listener, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln, "http://" + ln.Addr().String()
}

// waitReady polls /readyz until it answers code with a body containing
// want, for at most 15 s.
func waitReady(t *testing.T, base string, code int, want string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		c, body := operatorGet(t, base, "/readyz")
		if c == code && strings.Contains(body, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz: %d %q, want %d %q", c, body, code, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestOperatorGateway: in gateway mode the operator's endpoints are on
// their own listener (Config.MetricsListener, as TINNERS_METRICS_ADDR
// makes one). /healthz answers 200; /readyz 200 while the store answers
// and the gateway is connected, 503 with the reason while the gateway is
// down or after the store is closed. /metrics counts what was played:
// interactions by kind and outcome, each acknowledgement's latency, the
// posts, the store's commits by operation, a bot's decisions with their
// CPU time, a reminder, and the outbox's depth.
func TestOperatorGateway(t *testing.T) {
	if harnessViaHTTP() {
		t.Skip("gateway mode: TestOperatorHTTP is its HTTP twin")
	}
	ln, base := loopback(t)
	h := newHarnessWith(t, func(c *Config) { cheapBots(c); c.MetricsListener = ln })
	if code, body := operatorGet(t, base, "/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	waitReady(t, base, http.StatusOK, "ready")
	if code, _ := operatorGet(t, base, "/interactions"); code != http.StatusNotFound {
		t.Errorf("the metrics listener answered another path %d, want 404", code)
	}

	host := players[0]
	lobby := boardPosts(t, h.command(host, 0, "new", map[string]any{"players": 2}))[0] // command, changed
	add, ok := lobby.button("Add a bot")
	if !ok {
		t.Fatalf("the lobby has no Add a bot button: %+v", lobby)
	}
	h.command(players[1], 0, "new", nil)               // command, unchanged: a table is open here
	h.click(players[1], lobby.ID, false, add.CustomID) // component, unchanged: only the host
	h.click(host, lobby.ID, false, add.CustomID)       // component, changed
	n := h.fd.numCalls()
	h.command(host, 0, "start", nil) // command, changed
	h.waitBots(n)
	sent := 5
	// A reminder, due after the default 12 h.
	h.clock.Add(13 * time.Hour)
	h.m.remindDue(context.Background())

	ms := scrape(t, base)
	for series, least := range map[string]float64{
		`tinners_interactions_total{kind="command",outcome="changed"}`:              2,
		`tinners_interactions_total{kind="command",outcome="unchanged"}`:            1,
		`tinners_interactions_total{kind="component",outcome="changed"}`:            1,
		`tinners_interactions_total{kind="component",outcome="unchanged"}`:          1,
		`tinners_post_latency_seconds_count{via="interaction"}`:                     1, // the lobby
		`tinners_storage_commit_seconds_count{op="create_table"}`:                   1,
		`tinners_storage_commit_seconds_count{op="update_table"}`:                   1,
		`tinners_storage_commit_seconds_count{op="start_match"}`:                    1,
		`tinners_storage_commit_seconds_count{op="apply_match"}`:                    1, // the bot's move
		`tinners_reminders_sent_total`:                                              1,
		fmt.Sprintf(`tinners_bot_decision_cpu_seconds_count{title=%q}`, tinners.ID): 1,
		fmt.Sprintf(`tinners_bot_decision_cpu_seconds_sum{title=%q}`, tinners.ID):   1e-9,
	} {
		if got, ok := ms[series]; !ok || got < least {
			t.Errorf("%s = %v (present %v), want at least %v", series, got, ok, least)
		}
	}
	if got := sumOf(ms, "tinners_post_latency_seconds_count"); got < 2 {
		t.Errorf("%v posts observed, want the lobby and the boards", got)
	}
	if got := sumOf(ms, "tinners_interactions_total"); got != float64(sent) {
		t.Errorf("interactions counted %v, sent %d", got, sent)
	}
	if got := ms["tinners_ack_latency_seconds_count"]; got != float64(sent) {
		t.Errorf("acknowledgements observed %v, sent %d", got, sent)
	}
	if got := ms[`tinners_ack_latency_seconds_bucket{le="3"}`]; got != float64(sent) {
		t.Errorf("acknowledgements within 3 s: %v of %d", got, sent)
	}
	if got, ok := ms["tinners_outbox_depth"]; !ok || got != 0 {
		t.Errorf("tinners_outbox_depth = %v (present %v), want 0: every owed board was posted", got, ok)
	}
	if _, ok := ms["go_goroutines"]; !ok {
		t.Error("no Go runtime metrics")
	}

	// The gateway down (one reconnect refused): not ready until it is back.
	h.fd.RefuseGateway(4000, 1)
	if h.fd.DropGateway(0) != 1 {
		t.Fatal("no gateway connection to drop")
	}
	waitReady(t, base, http.StatusServiceUnavailable, "gateway not connected")
	waitReady(t, base, http.StatusOK, "ready")
	if code, _ := operatorGet(t, base, "/healthz"); code != http.StatusOK {
		t.Errorf("/healthz after a reconnect: %d", code)
	}

	// The store closed: not ready, though the process is up.
	if err := storageOf(h.m.store).Close(); err != nil {
		t.Fatal(err)
	}
	waitReady(t, base, http.StatusServiceUnavailable, "storage unreachable")
	if code, _ := operatorGet(t, base, "/healthz"); code != http.StatusOK {
		t.Errorf("/healthz with the store closed: %d", code)
	}
}

// TestOperatorHTTP: in HTTP mode the operator's endpoints share the
// interactions endpoint's listener (any other path is the endpoint, which
// still refuses an unsigned request); the interactions it received are
// counted, each acknowledgement observed; /readyz is 503 once the store
// is closed.
func TestOperatorHTTP(t *testing.T) {
	t.Setenv(harnessHTTPEnv, "1")
	h := newHarness(t)
	base := strings.TrimSuffix(h.endpoint, "/interactions")
	if code, body := operatorGet(t, base, "/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	waitReady(t, base, http.StatusOK, "ready")
	resp, err := http.Post(h.endpoint, "application/json", strings.NewReader(`{"type":1}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("an unsigned POST beside the operator's endpoints: %d, want 401", resp.StatusCode)
	}

	openTable(t, h) // new, a refused second new, two joins, a refused start, the start
	ms := scrape(t, base)
	for series, want := range map[string]float64{
		`tinners_interactions_total{kind="command",outcome="changed"}`:     2, // new, join
		`tinners_interactions_total{kind="command",outcome="unchanged"}`:   1, // the second new
		`tinners_interactions_total{kind="component",outcome="changed"}`:   2, // join, start
		`tinners_interactions_total{kind="component",outcome="unchanged"}`: 1, // start by a player who is not the host
		`tinners_ack_latency_seconds_count`:                                6,
	} {
		if got := ms[series]; got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
	if ms[`tinners_storage_commit_seconds_count{op="apply_match"}`]+ms[`tinners_storage_commit_seconds_count{op="start_match"}`] < 1 {
		t.Error("no game commit observed")
	}

	if err := storageOf(h.m.store).Close(); err != nil {
		t.Fatal(err)
	}
	waitReady(t, base, http.StatusServiceUnavailable, "storage unreachable")
}

// TestOperatorBusyPort: an operator's address already in use is logged,
// and the bot runs on without it.
func TestOperatorBusyPort(t *testing.T) {
	busy, _ := loopback(t)
	defer busy.Close()
	h := newHarnessWith(t, func(c *Config) { c.MetricsAddr = busy.Addr().String() })
	if r := mustPrivate(t, h.command(players[0], 0, "new", map[string]any{"players": 3})); !strings.Contains(r.Content, "host") {
		t.Errorf("/tt new with the metrics port busy: %q", r.Content)
	}
	if !strings.Contains(h.logBuf.String(), "health and metrics endpoints are off") {
		t.Error("the busy port was not logged")
	}
}

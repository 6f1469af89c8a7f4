package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// TestRunBotHTTP: with TINNERS_HTTP_ADDR and DISCORD_PUBLIC_KEY the bot
// serves interactions on that address, signed by the (fake) Discord's key,
// and opens no gateway; without the key it does not start.
func TestRunBotHTTP(t *testing.T) {
	fd := fakediscord.New()
	defer fd.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // the bot listens there itself
	t.Setenv("DISCORD_TOKEN", "test-token")
	t.Setenv("TINNERS_DISCORD_URL", fd.URL())
	t.Setenv("TINNERS_GUILD", "")
	t.Setenv("TINNERS_HTTP_ADDR", addr)
	db := t.TempDir() + "/t.db"

	t.Setenv("DISCORD_PUBLIC_KEY", "")
	var out, errb bytes.Buffer
	if code := runBot(context.Background(), []string{"--db", db}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "DISCORD_PUBLIC_KEY") {
		t.Fatalf("without a public key: exit %d, stderr %q", code, errb.String())
	}

	t.Setenv("DISCORD_PUBLIC_KEY", fmt.Sprintf("%x", []byte(fd.PublicKey())))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logs := &lockedBuf{}
	exited := make(chan int, 1)
	go func() { exited <- runBot(ctx, []string{"--db", db}, &out, logs) }()
	if err := fd.WaitUntil("command registration", 30*time.Second, registered(0)); err != nil {
		t.Fatalf("%v\n%s", err, logs.String())
	}
	fd.DeliverTo("http://" + addr + "/")
	i := map[string]any{"id": "600000000000000001", "token": "tok1", "application_id": fd.AppID,
		"type": 2, "guild_id": "700000000000000001", "channel_id": "710000000000000001", "version": 1,
		"channel":         map[string]any{"id": "710000000000000001", "type": 0},
		"app_permissions": fmt.Sprint(int64(1<<10 | 1<<11 | 1<<14 | 1<<15 | 1<<16 | 1<<38)),
		"member":          map[string]any{"user": map[string]any{"id": "500000000000000001", "username": "u01"}, "permissions": "0"},
		"data": map[string]any{"id": "1", "name": "tt", "type": 1,
			"options": []any{map[string]any{"name": "rules", "type": 1}}}}
	if err := fd.Dispatch(i); err != nil {
		t.Fatal(err)
	}
	if err := fd.WaitUntil("the reply", 30*time.Second, func(calls []fakediscord.Call, _ int) bool {
		return replied(calls, "tok1")
	}); err != nil {
		t.Fatal(err)
	}
	// The operator's endpoints share the interactions address.
	if code, body := get(t, "http://"+addr+"/readyz"); code != http.StatusOK {
		t.Errorf("/readyz: %d %q", code, body)
	}
	// The interaction is counted once handled, which may be just after
	// its reply reached Discord: wait for it (up to 10 s).
	code, body := 0, ""
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if code, body = get(t, "http://"+addr+"/metrics"); code == http.StatusOK &&
			strings.Contains(body, `tinners_interactions_total{kind="command",outcome="unchanged"} 1`) {
			break
		}
	}
	if code != http.StatusOK || !strings.Contains(body, `tinners_interactions_total{kind="command",outcome="unchanged"} 1`) {
		t.Errorf("/metrics: %d, no /tt rules counted:\n%s", code, body)
	}
	cancel()
	if code := <-exited; code != 0 {
		t.Errorf("exit %d", code)
	}
	if ids, res := fd.Sessions(); ids+res > 0 {
		t.Errorf("%d identifies, %d resumes in HTTP mode", ids, res)
	}
	if calls := fd.Calls(); len(calls) == 0 || calls[0].Path != "/applications/@me" {
		t.Errorf("first call %+v, want GET /applications/@me", calls[:min(1, len(calls))])
	}
}

// get is GET url: the status and the body.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	return resp.StatusCode, string(b)
}

// freeAddr is a loopback address nobody listens on (just now).
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestRunBotMetricsAddr: in gateway mode TINNERS_METRICS_ADDR opens the
// operator's endpoints: /healthz, /readyz ready once the gateway is up,
// and /metrics.
func TestRunBotMetricsAddr(t *testing.T) {
	fd := fakediscord.New()
	defer fd.Close()
	addr := freeAddr(t)
	t.Setenv("DISCORD_TOKEN", "test-token")
	t.Setenv("TINNERS_DISCORD_URL", fd.URL())
	t.Setenv("TINNERS_GUILD", "")
	t.Setenv("TINNERS_HTTP_ADDR", "")
	t.Setenv("TINNERS_METRICS_ADDR", addr)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logs := &lockedBuf{}
	exited := make(chan int, 1)
	var out bytes.Buffer
	go func() { exited <- runBot(ctx, []string{"--db", t.TempDir() + "/t.db"}, &out, logs) }()
	if err := fd.WaitUntil("command registration", 30*time.Second, registered(0)); err != nil {
		t.Fatalf("%v\n%s", err, logs.String())
	}
	if code, body := get(t, "http://"+addr+"/healthz"); code != http.StatusOK {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, body := get(t, "http://"+addr+"/readyz"); code != http.StatusOK || body != "ready\n" {
		t.Errorf("/readyz: %d %q", code, body)
	}
	if code, body := get(t, "http://"+addr+"/metrics"); code != http.StatusOK || !strings.Contains(body, "tinners_outbox_depth 0") {
		t.Errorf("/metrics: %d\n%s", code, body)
	}
	cancel()
	if code := <-exited; code != 0 {
		t.Errorf("exit %d\n%s", code, logs.String())
	}
}

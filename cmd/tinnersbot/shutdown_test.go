package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/storage"
)

type lockedBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
func (l *lockedBuf) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

// TestFaultSIGTERMBinary builds tinnersbot, runs it against a fake Discord
// (TINNERS_DISCORD_URL), opens two-player lobbies in many channels, then
// sends /tt start in all of them at once and SIGTERM while those are being
// handled. The process exits 0; every start that was acknowledged is
// stored (the game running, its first action in the record) with its
// board posted and remembered and its reply sent: nothing half-done. A
// start that was not acknowledged changed nothing.
func TestFaultSIGTERMBinary(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM on Windows")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tinnersbot")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	fd := fakediscord.New()
	defer fd.Close()
	db := filepath.Join(dir, "tinners.db")
	cmd := exec.Command(bin, "run")
	cmd.Env = append(os.Environ(), "DISCORD_TOKEN=test-token", "TINNERS_DISCORD_URL="+fd.URL(), "TINNERS_DB="+db, "TINNERS_GUILD=")
	var stderr lockedBuf
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
		}
	}()
	if err := fd.WaitUntil("command registration", 30*time.Second, func(calls []fakediscord.Call, _ int) bool {
		for _, c := range calls {
			if c.Method == "PUT" && strings.HasSuffix(c.Path, "/commands") {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("%v\nstderr:\n%s", err, stderr.String())
	}

	const tables = 24
	n := 0
	command := func(channel, user, sub string, opts []any) string {
		n++
		token := fmt.Sprintf("tok%d", n)
		err := fd.Dispatch(map[string]any{"id": fmt.Sprint(600000000000000000 + n), "token": token, "application_id": fd.AppID,
			"type": 2, "guild_id": "700000000000000001", "channel_id": channel, "version": 1,
			"channel":         map[string]any{"id": channel, "type": 0},
			"app_permissions": fmt.Sprint(int64(1<<10 | 1<<11 | 1<<14 | 1<<15 | 1<<16 | 1<<38)),
			"member":          map[string]any{"user": map[string]any{"id": user, "username": "u" + user[len(user)-2:]}, "permissions": "0"},
			"data":            map[string]any{"id": "1", "name": "tt", "type": 1, "options": []any{map[string]any{"name": sub, "type": 1, "options": opts}}}})
		if err != nil {
			t.Fatal(err)
		}
		return token
	}
	replied := func(token string) func(calls []fakediscord.Call) bool {
		return func(calls []fakediscord.Call) bool {
			for _, c := range calls {
				if c.Method == "PATCH" && strings.Contains(c.Path, "/"+token+"/messages/@original") && c.Status == 200 {
					return true
				}
			}
			return false
		}
	}
	channel := func(k int) string { return fmt.Sprint(710000000000000000 + k) }
	waitAll := func(what string, tokens []string) {
		t.Helper()
		if err := fd.WaitUntil(what, 30*time.Second, func(calls []fakediscord.Call, _ int) bool {
			for _, tok := range tokens {
				if !replied(tok)(calls) {
					return false
				}
			}
			return true
		}); err != nil {
			t.Fatalf("%v\nstderr:\n%s", err, stderr.String())
		}
	}
	var toks []string
	for k := range tables {
		toks = append(toks, command(channel(k), "500000000000000001", "new", []any{map[string]any{"name": "players", "type": 4, "value": 2}}))
	}
	waitAll("lobbies", toks)
	toks = nil
	for k := range tables {
		toks = append(toks, command(channel(k), "500000000000000002", "join", nil))
	}
	waitAll("joins", toks)

	// The starts, and SIGTERM as soon as the first is acknowledged.
	var starts []string
	for k := range tables {
		starts = append(starts, command(channel(k), "500000000000000001", "start", nil))
	}
	// SIGTERM once a few starts are acknowledged, while others are not
	// finished.
	inFlight := 0
	if err := fd.WaitUntil("starts acknowledged", 30*time.Second, func(calls []fakediscord.Call, _ int) bool {
		acks, done := 0, 0
		for _, tok := range starts {
			for _, c := range calls {
				if strings.Contains(c.Path, "/"+tok+"/callback") {
					acks++
				}
			}
			if replied(tok)(calls) {
				done++
			}
		}
		inFlight = acks - done
		return acks >= tables/4
	}); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		var ee *exec.ExitError
		if errors.As(err, &ee) || err != nil {
			t.Fatalf("exit after SIGTERM: %v\nstderr:\n%s", err, stderr.String())
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("no exit 60 s after SIGTERM\nstderr:\n%s", stderr.String())
	}
	if !strings.Contains(stderr.String(), "shutting down") {
		t.Errorf("no shutdown log line:\n%s", stderr.String())
	}

	calls := fd.Calls()
	posted := map[string]bool{} // channel/message of every accepted post
	for _, c := range calls {
		if c.Method == "POST" && strings.HasSuffix(c.Path, "/messages") && c.Status == 200 {
			var m struct {
				ID        string `json:"id"`
				ChannelID string `json:"channel_id"`
			}
			if err := json.Unmarshal(c.Reply, &m); err == nil {
				posted[m.ChannelID+"/"+m.ID] = true
			}
		}
	}
	st, err := storage.Open(db, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	acked := 0
	for k, tok := range starts {
		ack := false
		for _, c := range calls {
			ack = ack || strings.Contains(c.Path, "/"+tok+"/callback") && c.Status == 204
		}
		h, err := st.ByChannel(context.Background(), channel(k))
		if err != nil {
			t.Fatalf("table %d: %v", k, err)
		}
		if !ack {
			if h.Status != storage.StatusLobby {
				t.Errorf("table %d: a start never acknowledged was applied: %v", k, h.Status)
			}
			continue
		}
		acked++
		if h.Status != storage.StatusRunning || !posted[channel(k)+"/"+h.BoardMessageID] || !replied(tok)(calls) {
			t.Errorf("table %d: acknowledged start left status %v, board %q (posted %v), replied %v",
				k, h.Status, h.BoardMessageID, posted[channel(k)+"/"+h.BoardMessageID], replied(tok)(calls))
		}
		if _, err := st.Replay(context.Background(), h.ID); err != nil {
			t.Errorf("table %d: record does not replay: %v", k, err)
		}
	}
	t.Logf("%d of %d starts acknowledged before the bot stopped; %d unfinished at SIGTERM", acked, tables, inFlight)
	if acked == 0 {
		t.Error("no start was acknowledged: nothing was in flight")
	}
}

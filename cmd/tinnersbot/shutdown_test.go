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

// registered is a fake Discord wait's condition: the bot registered its
// commands (a PUT of /commands) among the calls from the n-th on.
func registered(n int) func(calls []fakediscord.Call, _ int) bool {
	return func(calls []fakediscord.Call, _ int) bool {
		for _, c := range calls[n:] {
			if c.Method == "PUT" && strings.HasSuffix(c.Path, "/commands") {
				return true
			}
		}
		return false
	}
}

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

// binRun is the tinnersbot binary running against a fake Discord.
type binRun struct {
	t      *testing.T
	fd     *fakediscord.Server
	cmd    *exec.Cmd
	db     string
	stderr *lockedBuf
	exited chan error
	n      int
}

var (
	binOnce sync.Once
	binDir  string // removed by TestMain
	binPath string
	binErr  error
)

// builtBinary is tinnersbot built once per test binary (`go build`, as a
// user builds it: without -race), for the tests that run it as a process.
func builtBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		if binDir, binErr = os.MkdirTemp("", "tinnersbot-bin-"); binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "tinnersbot")
		if out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput(); err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// startBinary builds tinnersbot and runs it against a new fake Discord
// (TINNERS_DISCORD_URL) until its commands are registered.
func startBinary(t *testing.T) *binRun { t.Helper(); return startBinaryEnv(t) }

// startBinaryEnv is startBinary with more environment variables.
func startBinaryEnv(t *testing.T, env ...string) *binRun {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM on Windows")
	}
	dir := t.TempDir()
	bin := builtBinary(t)
	b := &binRun{t: t, fd: fakediscord.New(), db: filepath.Join(dir, "tinners.db"), stderr: &lockedBuf{}, exited: make(chan error, 1)}
	t.Cleanup(b.fd.Close)
	b.cmd = exec.Command(bin, "run")
	b.cmd.Env = append(os.Environ(), "DISCORD_TOKEN=test-token", "TINNERS_DISCORD_URL="+b.fd.URL(), "TINNERS_DB="+b.db, "TINNERS_GUILD=")
	b.cmd.Env = append(b.cmd.Env, env...)
	b.cmd.Stderr = b.stderr
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { b.exited <- b.cmd.Wait() }()
	t.Cleanup(func() {
		if b.cmd.ProcessState == nil {
			b.cmd.Process.Kill()
		}
	})
	if err := b.fd.WaitUntil("command registration", 30*time.Second, registered(0)); err != nil {
		t.Fatalf("%v\nstderr:\n%s", err, b.stderr.String())
	}
	return b
}

func binChannel(k int) string { return fmt.Sprint(710000000000000000 + k) }

const (
	binHost  = "500000000000000001"
	binGuest = "500000000000000002"
)

// dispatch sends an interaction of type typ from user in channel with
// data (and the message it was used on, if any) and returns its token.
func (b *binRun) dispatch(channel, user string, typ int, data map[string]any, msg map[string]any) string {
	b.t.Helper()
	b.n++
	token := fmt.Sprintf("tok%d", b.n)
	i := map[string]any{"id": fmt.Sprint(600000000000000000 + b.n), "token": token, "application_id": b.fd.AppID,
		"type": typ, "guild_id": "700000000000000001", "channel_id": channel, "version": 1,
		"channel":         map[string]any{"id": channel, "type": 0},
		"app_permissions": fmt.Sprint(int64(1<<10 | 1<<11 | 1<<14 | 1<<15 | 1<<16 | 1<<38)),
		"member":          map[string]any{"user": map[string]any{"id": user, "username": "u" + user[len(user)-2:]}, "permissions": "0"},
		"data":            data}
	if msg != nil {
		i["message"] = msg
	}
	if err := b.fd.Dispatch(i); err != nil {
		b.t.Fatal(err)
	}
	return token
}

func (b *binRun) command(channel, user, sub string, opts []any) string {
	return b.dispatch(channel, user, 2, map[string]any{"id": "1", "name": "tt", "type": 1,
		"options": []any{map[string]any{"name": sub, "type": 1, "options": opts}}}, nil)
}

// replied reports whether the interaction's reply (@original) was filled.
func replied(calls []fakediscord.Call, token string) bool {
	return reply(calls, token) != nil
}

// reply is the last accepted fill or edit of the interaction's @original.
func reply(calls []fakediscord.Call, token string) *fakediscord.Call {
	var r *fakediscord.Call
	for k, c := range calls {
		if c.Method == "PATCH" && strings.Contains(c.Path, "/"+token+"/messages/@original") && c.Status == 200 {
			r = &calls[k]
		}
	}
	return r
}

func acked(calls []fakediscord.Call, token string) bool {
	for _, c := range calls {
		if strings.Contains(c.Path, "/"+token+"/callback") && c.Status == 204 {
			return true
		}
	}
	return false
}

// waitReplies waits until every token's reply is filled.
func (b *binRun) waitReplies(what string, tokens []string) {
	b.t.Helper()
	if err := b.fd.WaitUntil(what, 30*time.Second, func(calls []fakediscord.Call, _ int) bool {
		for _, tok := range tokens {
			if !replied(calls, tok) {
				return false
			}
		}
		return true
	}); err != nil {
		b.t.Fatalf("%v\nstderr:\n%s", err, b.stderr.String())
	}
}

// lobbies opens a two-player table in each of n channels, seated.
func (b *binRun) lobbies(n int) {
	b.t.Helper()
	var toks []string
	for k := range n {
		toks = append(toks, b.command(binChannel(k), binHost, "new", []any{map[string]any{"name": "players", "type": 4, "value": 2}}))
	}
	b.waitReplies("lobbies", toks)
	toks = nil
	for k := range n {
		toks = append(toks, b.command(binChannel(k), binGuest, "join", nil))
	}
	b.waitReplies("joins", toks)
}

// sigtermWhen waits until cond holds, sends SIGTERM, and checks that the
// process exits 0 and logs its shutdown.
func (b *binRun) sigtermWhen(what string, cond func(calls []fakediscord.Call) bool) {
	b.t.Helper()
	if err := b.fd.WaitUntil(what, 30*time.Second, func(calls []fakediscord.Call, _ int) bool { return cond(calls) }); err != nil {
		b.t.Fatal(err)
	}
	if err := b.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		b.t.Fatal(err)
	}
	select {
	case err := <-b.exited:
		var ee *exec.ExitError
		if errors.As(err, &ee) || err != nil {
			b.t.Fatalf("exit after SIGTERM: %v\nstderr:\n%s", err, b.stderr.String())
		}
	case <-time.After(60 * time.Second):
		b.t.Fatalf("no exit 60 s after SIGTERM\nstderr:\n%s", b.stderr.String())
	}
	if !strings.Contains(b.stderr.String(), "shutting down") {
		b.t.Errorf("no shutdown log line:\n%s", b.stderr.String())
	}
}

// posted are the channel/message IDs of every accepted channel post.
func posted(calls []fakediscord.Call) map[string]bool {
	out := map[string]bool{}
	for _, c := range calls {
		if c.Method == "POST" && strings.HasSuffix(c.Path, "/messages") && c.Status == 200 {
			var m struct {
				ID        string `json:"id"`
				ChannelID string `json:"channel_id"`
			}
			if err := json.Unmarshal(c.Reply, &m); err == nil {
				out[m.ChannelID+"/"+m.ID] = true
			}
		}
	}
	return out
}

// TestFaultSIGTERMBinary builds tinnersbot, runs it against a fake Discord
// (TINNERS_DISCORD_URL), opens two-player lobbies in many channels, then
// sends /tt start in all of them at once and SIGTERM while those are being
// handled. The process exits 0; every start that was acknowledged is
// stored (the game running, its first action in the record) with its
// board posted and remembered and its reply sent: nothing half-done. A
// start that was not acknowledged changed nothing.
func TestFaultSIGTERMBinary(t *testing.T) {
	b := startBinary(t)
	const tables = 24
	b.lobbies(tables)
	var starts []string
	for k := range tables {
		starts = append(starts, b.command(binChannel(k), binHost, "start", nil))
	}
	// SIGTERM once a quarter of the starts are acknowledged, while others
	// are not finished.
	inFlight := 0
	b.sigtermWhen("starts acknowledged", func(calls []fakediscord.Call) bool {
		acks, done := 0, 0
		for _, tok := range starts {
			if acked(calls, tok) {
				acks++
			}
			if replied(calls, tok) {
				done++
			}
		}
		inFlight = acks - done
		return acks >= tables/4
	})

	calls := b.fd.Calls()
	post := posted(calls)
	st, err := storage.Open(b.db, storage.Options{ReadOnly: true, Titles: titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	n := 0
	for k, tok := range starts {
		h, err := st.ByChannel(context.Background(), binChannel(k))
		if err != nil {
			t.Fatalf("table %d: %v", k, err)
		}
		if !acked(calls, tok) {
			if h.Status != storage.StatusLobby {
				t.Errorf("table %d: a start never acknowledged was applied: %v", k, h.Status)
			}
			continue
		}
		n++
		if h.Status != storage.StatusRunning || !post[binChannel(k)+"/"+h.BoardMessageID] || !replied(calls, tok) {
			t.Errorf("table %d: acknowledged start left status %v, board %q (posted %v), replied %v",
				k, h.Status, h.BoardMessageID, post[binChannel(k)+"/"+h.BoardMessageID], replied(calls, tok))
		}
		if _, err := st.Replay(context.Background(), h.ID); err != nil {
			t.Errorf("table %d: record does not replay: %v", k, err)
		}
	}
	t.Logf("%d of %d starts acknowledged before the bot stopped; %d unfinished at SIGTERM", n, tables, inFlight)
	if n == 0 {
		t.Error("no start was acknowledged: nothing was in flight")
	}
}

// component is an interactive component of a message the bot sent.
type component struct {
	Type     int    `json:"type"`
	CustomID string `json:"custom_id"`
	Label    string `json:"label"`
	Options  []struct {
		Value string `json:"value"`
	} `json:"options"`
	Components []component `json:"components"`
}

// firstComponent returns the first component of type typ in a message
// body (rows descended into).
func firstComponent(body []byte, typ int) (component, bool) {
	var m struct {
		Components []component `json:"components"`
	}
	json.Unmarshal(body, &m)
	var find func(cs []component) (component, bool)
	find = func(cs []component) (component, bool) {
		for _, c := range cs {
			if c.Type == typ && c.CustomID != "" {
				return c, true
			}
			if x, ok := find(c.Components); ok {
				return x, true
			}
		}
		return component{}, false
	}
	return find(m.Components)
}

// TestFaultSIGTERMMidGame: games are under way in many channels; both
// players of every table open their survey draft, then all of them send
// their move (the cards they keep) at once, and the binary gets SIGTERM
// once a quarter of the moves are acknowledged. It exits 0. Every
// acknowledged move is stored whole and once (the seat's three draft
// discards in the record),
// its reply sent, the table's board a posted message, and the record
// replays; a move never acknowledged was not applied.
func TestFaultSIGTERMMidGame(t *testing.T) {
	b := startBinary(t)
	const tables = 16
	b.lobbies(tables)
	var toks []string
	for k := range tables {
		toks = append(toks, b.command(binChannel(k), binHost, "start", nil))
	}
	b.waitReplies("starts", toks)

	// Each player clicks the first button of their table's board (the
	// survey draft), which answers privately with a menu of the cards to keep.
	type open struct {
		table     int
		user, tok string
	}
	var opens []open
	calls := b.fd.Calls()
	for k := range tables {
		var board *fakediscord.Call
		for j, c := range calls {
			if c.Method == "POST" && c.Path == "/channels/"+binChannel(k)+"/messages" && c.Status == 200 {
				board = &calls[j]
			}
		}
		if board == nil {
			t.Fatalf("table %d: no board posted", k)
		}
		btn, ok := firstComponent(board.Body, 2)
		if !ok {
			t.Fatalf("table %d: the board offers no button: %s", k, board.Body)
		}
		var id struct {
			ID string `json:"id"`
		}
		json.Unmarshal(board.Reply, &id)
		for _, u := range []string{binHost, binGuest} {
			tok := b.dispatch(binChannel(k), u, 3, map[string]any{"custom_id": btn.CustomID, "component_type": 2},
				map[string]any{"id": id.ID, "channel_id": binChannel(k), "flags": 0, "content": ""})
			opens = append(opens, open{k, u, tok})
			toks = append(toks, tok)
		}
	}
	b.waitReplies("survey menus", toks[tables:])

	// The moves, all at once; SIGTERM while they are being handled.
	type move struct {
		open
		tok string
	}
	var moves []move
	calls = b.fd.Calls()
	for _, o := range opens {
		r := reply(calls, o.tok)
		sel, ok := firstComponent(r.Body, 3)
		if !ok || len(sel.Options) == 0 {
			t.Fatalf("table %d: the private answer offers no menu: %s", o.table, r.Body)
		}
		msgID, _ := b.fd.OriginalID(o.tok)
		tok := b.dispatch(binChannel(o.table), o.user, 3,
			map[string]any{"custom_id": sel.CustomID, "component_type": 3, "values": []string{sel.Options[0].Value}},
			map[string]any{"id": msgID, "channel_id": binChannel(o.table), "flags": 64, "content": ""})
		moves = append(moves, move{o, tok})
	}
	inFlight := 0
	b.sigtermWhen("moves acknowledged", func(calls []fakediscord.Call) bool {
		acks, done := 0, 0
		for _, m := range moves {
			if acked(calls, m.tok) {
				acks++
			}
			if replied(calls, m.tok) {
				done++
			}
		}
		inFlight = acks - done
		return acks >= len(moves)/4
	})

	calls = b.fd.Calls()
	post := posted(calls)
	st, err := storage.Open(b.db, storage.Options{ReadOnly: true, Titles: titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	n := 0
	for _, m := range moves {
		h, err := st.ByChannel(ctx, binChannel(m.table))
		if err != nil {
			t.Fatalf("table %d: %v", m.table, err)
		}
		rec, err := st.Record(ctx, h.ID)
		if err != nil {
			t.Fatal(err)
		}
		seat := -1
		for s, x := range h.Seats {
			if x.UserID == m.user {
				seat = s
			}
		}
		stored := 0
		for _, a := range rec.Actions {
			if strings.HasPrefix(a, fmt.Sprintf("%d/dd", seat)) {
				stored++
			}
		}
		if !acked(calls, m.tok) {
			if stored != 0 {
				t.Errorf("table %d seat %d: a move never acknowledged was applied: %v", m.table, seat, rec.Actions)
			}
			continue
		}
		n++
		r := reply(calls, m.tok)
		// One move keeps a card of each of the 3 regions: 3 discards, all
		// stored or none.
		if stored != 3 || r == nil || !post[binChannel(m.table)+"/"+h.BoardMessageID] {
			t.Errorf("table %d seat %d: acknowledged move stored %d of 3 discards, replied %v, board %q posted %v; actions %v",
				m.table, seat, stored, r != nil, h.BoardMessageID, post[binChannel(m.table)+"/"+h.BoardMessageID], rec.Actions)
		} else if !strings.Contains(string(r.Body), "Done") {
			t.Errorf("table %d seat %d: reply to the move: %s", m.table, seat, r.Body)
		}
		if _, err := st.Replay(ctx, h.ID); err != nil {
			t.Errorf("table %d: record does not replay: %v", m.table, err)
		}
	}
	t.Logf("%d of %d moves acknowledged before the bot stopped; %d unfinished at SIGTERM", n, len(moves), inFlight)
	if n == 0 {
		t.Error("no move was acknowledged: nothing was in flight")
	}
}

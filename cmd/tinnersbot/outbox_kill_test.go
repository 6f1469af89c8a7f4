package main

import (
	"context"
	"encoding/json"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/storage"
)

var actionRE = regexp.MustCompile(`^<@(\d+)> — your action`)

// relaunch starts the same binary again, on the same database and fake
// Discord, and waits until its commands are registered.
func (b *binRun) relaunch() {
	b.t.Helper()
	n := b.fd.NumCalls()
	cmd := exec.Command(b.cmd.Path, "run")
	cmd.Env = b.cmd.Env
	cmd.Stderr = b.stderr
	if err := cmd.Start(); err != nil {
		b.t.Fatal(err)
	}
	b.cmd, b.exited = cmd, make(chan error, 1)
	go func() { b.exited <- cmd.Wait() }()
	b.t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
		}
	})
	if err := b.fd.WaitUntil("command registration", 30*time.Second, registered(n)); err != nil {
		b.t.Fatalf("%v\nstderr:\n%s", err, b.stderr.String())
	}
}

// TestFaultSIGKILLHandoff: the process is killed after a move that hands
// off is saved and before its board is posted (the post is hanging). The
// next process, on the same database, posts that board once, pinging the
// player who must act, and owes nothing afterwards.
func TestFaultSIGKILLHandoff(t *testing.T) {
	b := startBinary(t)
	b.lobbies(1)
	ch := binChannel(0)
	b.waitReplies("start", []string{b.command(ch, binHost, "start", nil)})

	// Both players open their survey draft.
	calls := b.fd.Calls()
	var board *fakediscord.Call
	for k, c := range calls {
		if c.Method == "POST" && c.Path == "/channels/"+ch+"/messages" && c.Status == 200 {
			board = &calls[k]
		}
	}
	if board == nil {
		t.Fatal("no board posted")
	}
	btn, _ := firstComponent(board.Body, 2)
	var bid struct {
		ID string `json:"id"`
	}
	json.Unmarshal(board.Reply, &bid)
	pick := map[string]string{}
	for _, u := range []string{binHost, binGuest} {
		tok := b.dispatch(ch, u, 3, map[string]any{"custom_id": btn.CustomID, "component_type": 2},
			map[string]any{"id": bid.ID, "channel_id": ch, "flags": 0, "content": ""})
		b.waitReplies("survey menu", []string{tok})
		pick[u] = tok
	}
	choose := func(u string) string {
		r := reply(b.fd.Calls(), pick[u])
		sel, ok := firstComponent(r.Body, 3)
		if !ok || len(sel.Options) == 0 {
			t.Fatalf("no menu: %s", r.Body)
		}
		msgID, _ := b.fd.OriginalID(pick[u])
		return b.dispatch(ch, u, 3, map[string]any{"custom_id": sel.CustomID, "component_type": 3, "values": []string{sel.Options[0].Value}},
			map[string]any{"id": msgID, "channel_id": ch, "flags": 64, "content": ""})
	}
	b.waitReplies("the drafts", []string{choose(binHost), choose(binGuest)})

	// The first action: whoever must act passes, which hands off to the
	// other. Its board's post hangs; the process is killed meanwhile.
	var actor, boardID, pass string
	for _, c := range b.fd.Calls() {
		if c.Status != 200 || !strings.HasPrefix(c.Path, "/channels/"+ch+"/messages") || c.Method == "GET" {
			continue
		}
		var body struct {
			Content string `json:"content"`
		}
		json.Unmarshal(c.Body, &body)
		m := actionRE.FindStringSubmatch(body.Content)
		if m == nil {
			continue
		}
		actor, boardID = m[1], strings.TrimPrefix(c.Path, "/channels/"+ch+"/messages/")
		if c.Method == "POST" {
			json.Unmarshal(c.Reply, &bid)
			boardID = bid.ID
		}
		pass = ""
		var msg struct {
			Components []component `json:"components"`
		}
		json.Unmarshal(c.Body, &msg)
		for _, row := range msg.Components {
			for _, x := range row.Components {
				if strings.HasPrefix(x.Label, "Pass") {
					pass = x.CustomID
				}
			}
		}
	}
	if actor == "" || pass == "" {
		for _, c := range b.fd.Calls() {
			t.Logf("%s %s %d %.600s", c.Method, c.Path, c.Status, c.Body)
		}
		t.Fatal("no board asking for an action with a Pass button")
	}
	b.fd.Inject(fakediscord.Slow("POST", "/channels/"+ch+"/messages", 1, time.Minute))
	tok := b.dispatch(ch, actor, 3, map[string]any{"custom_id": pass, "component_type": 2},
		map[string]any{"id": boardID, "channel_id": ch, "flags": 0, "content": ""})
	if err := b.fd.WaitUntil("the pass acknowledged", 30*time.Second, func(calls []fakediscord.Call, _ int) bool {
		return acked(calls, tok)
	}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // committed, and the post hanging
	if replied(b.fd.Calls(), tok) {
		t.Fatal("the pass was answered: its board was not posted (no hand-off?)")
	}
	if err := b.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-b.exited
	b.fd.ClearFaults()
	n := b.fd.NumCalls()

	// Saved, owed, and not posted.
	st, err := storage.Open(b.db, storage.Options{ReadOnly: true, Titles: titles()})
	if err != nil {
		t.Fatal(err)
	}
	owed, err := st.PendingPosts(context.Background())
	st.Close()
	if err != nil || len(owed) != 1 || len(owed[0].Ping) == 0 {
		t.Fatalf("owed after the kill: %+v, %v", owed, err)
	}

	b.relaunch()
	if err := b.fd.WaitUntil("the owed board posted", 30*time.Second, func(calls []fakediscord.Call, _ int) bool {
		for _, c := range calls[n:] {
			if c.Method == "POST" && c.Path == "/channels/"+ch+"/messages" && c.Status == 200 {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("%v\nstderr:\n%s", err, b.stderr.String())
	}
	time.Sleep(500 * time.Millisecond) // nothing more comes
	var posts []fakediscord.Call
	for _, c := range b.fd.CallsSince(n) {
		if c.Method == "POST" && c.Path == "/channels/"+ch+"/messages" && c.Status == 200 {
			posts = append(posts, c)
		}
	}
	if err := b.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-b.exited
	st, err = storage.Open(b.db, storage.Options{ReadOnly: true, Titles: titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h, err := st.ByChannel(context.Background(), ch)
	if err != nil {
		t.Fatal(err)
	}
	var body struct {
		Content string `json:"content"`
	}
	json.Unmarshal(posts[0].Body, &body)
	var m struct {
		ID              string `json:"id"`
		AllowedMentions struct {
			Users []string `json:"users"`
		} `json:"allowed_mentions"`
	}
	if len(posts) != 1 {
		t.Fatalf("%d boards posted after the restart", len(posts))
	}
	json.Unmarshal(posts[0].Reply, &m)
	who := h.Seats[owed[0].Ping[0]].UserID
	if m.ID != h.BoardMessageID || !slices.Contains(m.AllowedMentions.Users, who) || !strings.Contains(body.Content, "<@"+who+">") {
		t.Errorf("the board posted (%s, pinging %v) is not the table's (%s) pinging %s", m.ID, m.AllowedMentions.Users, h.BoardMessageID, who)
	}
	if left, err := st.PendingPosts(context.Background()); len(left) != 0 || err != nil {
		t.Errorf("still owed: %+v, %v", left, err)
	}
}

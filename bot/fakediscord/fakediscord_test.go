package fakediscord_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// A discordgo session on the fake: REST calls are recorded with their
// files, and an interaction's @original keeps one message ID.
func TestRecordsREST(t *testing.T) {
	f := fakediscord.New()
	defer f.Close()
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	m, err := s.ChannelMessageSendComplex("700", &discordgo.MessageSend{Content: "hi",
		Files: []*discordgo.File{{Name: "a.png", ContentType: "image/png", Reader: bytes.NewReader([]byte("PNGDATA"))}}})
	if err != nil || m.ID == "" || m.Content != "hi" {
		t.Fatalf("send: %+v, %v", m, err)
	}
	e, err := s.ChannelMessageEdit("700", m.ID, "edited")
	if err != nil || e.ID != m.ID {
		t.Fatalf("edit: %+v, %v", e, err)
	}
	if err := f.Dispatch(map[string]any{"id": "1", "token": "tok", "type": 3, "message": map[string]any{"id": m.ID}}); err == nil {
		t.Error("dispatch without a gateway connection succeeded")
	}
	i := &discordgo.Interaction{ID: "1", AppID: f.AppID, Token: "tok"}
	if err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		t.Fatal(err)
	}
	content := "x"
	a, err := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &content})
	if id, _ := f.OriginalID("tok"); a.ID != b.ID || a.ID != id {
		t.Errorf("@original IDs %s, %s, %s differ", a.ID, b.ID, id)
	}
	calls := f.Calls()
	if len(calls) != 5 || calls[0].Method != "POST" || calls[0].Path != "/channels/700/messages" ||
		len(calls[0].Files) != 1 || string(calls[0].Files[0].Data) != "PNGDATA" || calls[0].Files[0].Name != "a.png" {
		t.Fatalf("calls: %+v", calls)
	}
	var body struct{ Content string }
	json.Unmarshal(calls[0].Body, &body)
	if body.Content != "hi" || calls[4].Path != "/webhooks/"+f.AppID+"/tok/messages/@original" {
		t.Errorf("recorded %q, %s", body.Content, calls[4].Path)
	}
	if n := len(f.CallsSince(3)); n != 2 || f.NumCalls() != 5 {
		t.Errorf("CallsSince(3) = %d calls, NumCalls = %d", n, f.NumCalls())
	}
}

// Faults answer the matching requests the given number of times, with
// Discord's error body; discordgo retries a 429 after retry_after.
func TestFaults(t *testing.T) {
	f := fakediscord.New()
	defer f.Close()
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	f.Inject(fakediscord.MissingPermissions("POST", "/channels/*/messages", 1))
	_, err := s.ChannelMessageSend("700", "hi")
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil || re.Message.Code != 50013 || re.Response.StatusCode != 403 {
		t.Fatalf("want 403/50013, got %v", err)
	}
	if _, err := s.ChannelMessageSend("700", "hi"); err != nil {
		t.Fatalf("the fault outlived its count: %v", err)
	}
	f.Inject(fakediscord.RateLimited("POST", "/channels/*/messages", 1, 50*time.Millisecond, false))
	start := time.Now()
	if _, err := s.ChannelMessageSend("700", "later"); err != nil {
		t.Fatalf("429 not retried: %v", err)
	}
	if d := time.Since(start); d < 50*time.Millisecond {
		t.Errorf("retried after %v, before retry_after", d)
	}
	calls := f.Calls()
	if n := len(calls); n != 4 || calls[2].Status != 429 || calls[3].Status != 200 {
		t.Fatalf("calls: %+v", calls)
	}
	if f.PendingFaults() != 0 {
		t.Error("faults left")
	}
}

// A dropped gateway connection is resumed by discordgo.
func TestDropGateway(t *testing.T) {
	f := fakediscord.New()
	defer f.Close()
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := f.WaitConnected(0); err != nil {
		t.Fatal(err)
	}
	for _, code := range []int{0, 1001} {
		if f.DropGateway(code) != 1 {
			t.Fatal("no connection dropped")
		}
		if err := f.WaitConnected(0); err != nil {
			t.Fatalf("after drop %d: %v", code, err)
		}
	}
	if id, res := f.Sessions(); id != 1 || res != 2 {
		t.Errorf("identified %d, resumed %d; want 1, 2", id, res)
	}
}

// TestFaultRecordJSONLines: with Record set, every REST request is written
// as one JSON line: method, path, JSON body (payload_json for multipart),
// file names and sizes, and the status answered, faulted ones included.
func TestFaultRecordJSONLines(t *testing.T) {
	f := fakediscord.New()
	defer f.Close()
	var buf bytes.Buffer
	f.Record(&buf)
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	if _, err := s.ChannelMessageSendComplex("700", &discordgo.MessageSend{Content: "hi",
		Files: []*discordgo.File{{Name: "a.png", ContentType: "image/png", Reader: bytes.NewReader([]byte("PNGDATA"))}}}); err != nil {
		t.Fatal(err)
	}
	f.Inject(fakediscord.MissingPermissions("PATCH", "/channels/*/messages/*", 1))
	if _, err := s.ChannelMessageEdit("700", "123", "edited"); err == nil {
		t.Fatal("the faulted edit succeeded")
	}
	if _, err := s.User("@me"); err != nil {
		t.Fatal(err)
	}
	f.Record(nil)
	s.ChannelMessageEdit("700", "123", "not recorded")
	if err := f.RecordErr(); err != nil {
		t.Fatal(err)
	}
	lines := bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n"))
	if len(lines) != 3 {
		t.Fatalf("%d lines:\n%s", len(lines), buf.Bytes())
	}
	var rs []fakediscord.Recorded
	for _, l := range lines {
		var r fakediscord.Recorded
		if err := json.Unmarshal(l, &r); err != nil {
			t.Fatalf("not a JSON line: %s: %v", l, err)
		}
		rs = append(rs, r)
	}
	var post struct{ Content string }
	if r := rs[0]; r.Method != "POST" || r.Path != "/channels/700/messages" || r.Status != 200 ||
		json.Unmarshal(r.Body, &post) != nil || post.Content != "hi" ||
		len(r.Files) != 1 || r.Files[0].Name != "a.png" || r.Files[0].Size != 7 {
		t.Errorf("multipart post: %s", lines[0])
	}
	if r := rs[1]; r.Method != "PATCH" || r.Path != "/channels/700/messages/123" || r.Status != 403 || !bytes.Contains(r.Body, []byte(`"edited"`)) {
		t.Errorf("faulted edit: %s", lines[1])
	}
	if r := rs[2]; r.Method != "GET" || r.Path != "/users/@me" || r.Body != nil || r.Files != nil {
		t.Errorf("get: %s", lines[2])
	}
}

// A slow fault answers normally after its delay, for that route only; a
// client that gives up first is recorded with status 0. A random fault
// hits about its share of requests and lasts until ClearFaults.
func TestFaultSlowAndChance(t *testing.T) {
	f := fakediscord.New()
	defer f.Close()
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	f.Inject(fakediscord.Slow("POST", "/channels/701/messages", 2, 300*time.Millisecond))
	start := time.Now()
	done := make(chan time.Duration)
	go func() {
		s.ChannelMessageSend("701", "slow")
		done <- time.Since(start)
	}()
	if _, err := s.ChannelMessageSend("702", "quick"); err != nil || time.Since(start) > 200*time.Millisecond {
		t.Errorf("another channel's post took %v (err %v)", time.Since(start), err)
	}
	if d := <-done; d < 300*time.Millisecond {
		t.Errorf("the slow post was answered after %v", d)
	}
	c := f.Calls()[1]
	if c.Status != 200 || c.At.Sub(start) < 300*time.Millisecond {
		t.Errorf("slow call recorded %d at %v", c.Status, c.At.Sub(start))
	}
	impatient := f.Client()
	impatient.Timeout = 50 * time.Millisecond
	s.Client = impatient
	if _, err := s.ChannelMessageSend("701", "gives up"); err == nil {
		t.Error("a client that gave up got an answer")
	}
	if err := f.WaitUntil("the abandoned call", time.Second, func(calls []fakediscord.Call, _ int) bool { return len(calls) == 3 }); err != nil {
		t.Fatal(err)
	}
	if c := f.Calls()[2]; c.Status != 0 || c.Reply != nil {
		t.Errorf("abandoned call recorded as %d %s", c.Status, c.Reply)
	}

	s.Client = f.Client()
	f.Seed(7)
	f.Inject(fakediscord.Fault{Path: "/channels/*/messages", Status: 500, Chance: 0.25})
	failed := 0
	for range 400 {
		if _, err := s.ChannelMessageSend("703", "x"); err != nil {
			failed++
		}
	}
	if failed < 60 || failed > 140 {
		t.Errorf("a 25%% fault failed %d of 400", failed)
	}
	if f.PendingFaults() == 0 {
		t.Error("a random fault was used up")
	}
	f.ClearFaults()
	if _, err := s.ChannelMessageSend("703", "x"); err != nil {
		t.Errorf("after ClearFaults: %v", err)
	}
}

// The fake keeps the channel messages it created: GET lists them newest
// first (limit, before), edits change them, deletes remove them; a
// ServerErrorAfter creates the message and answers 500 all the same.
func TestHistoryAndCarriedFault(t *testing.T) {
	f := fakediscord.New()
	defer f.Close()
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	a, _ := s.ChannelMessageSend("700", "a")
	b, _ := s.ChannelMessageSend("700", "b")
	s.ChannelMessageSend("701", "elsewhere")
	f.Inject(fakediscord.ServerErrorAfter("POST", "/channels/*/messages", 1, 500))
	if _, err := s.ChannelMessageSend("700", "c"); err == nil {
		t.Fatal("a carried 500 answered success")
	}
	if _, err := s.ChannelMessageEdit("700", b.ID, "b2"); err != nil {
		t.Fatal(err)
	}
	if err := s.ChannelMessageDelete("700", a.ID); err != nil {
		t.Fatal(err)
	}
	ms, err := s.ChannelMessages("700", 50, "", "", "")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.Content)
		if m.Author == nil || m.Author.ID != f.BotID {
			t.Errorf("message %s has author %+v", m.ID, m.Author)
		}
	}
	if len(got) != 2 || got[0] != "c" || got[1] != "b2" {
		t.Fatalf("history %q, want [c b2]", got)
	}
	if ms, _ := s.ChannelMessages("700", 1, "", "", ""); len(ms) != 1 || ms[0].Content != "c" {
		t.Errorf("limit 1: %+v", ms)
	}
	if ms, _ := s.ChannelMessages("700", 50, ms[0].ID, "", ""); len(ms) != 1 || ms[0].Content != "b2" {
		t.Errorf("before the newest: %+v", ms)
	}
}

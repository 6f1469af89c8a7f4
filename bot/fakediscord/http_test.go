package fakediscord_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// endpoint is a bot's interactions endpoint for the tests: it verifies
// the signature with the fake's public key, notes the signed timestamp
// and answers with answer(body).
func endpoint(t *testing.T, f *fakediscord.Server, answer func(w http.ResponseWriter, body []byte)) (url string, stamps chan string) {
	t.Helper()
	key := f.PublicKey()
	stamps = make(chan string, 10)
	ep := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !discordgo.VerifyInteraction(r, key) {
			http.Error(w, "bad signature", 401)
			return
		}
		stamps <- r.Header.Get("X-Signature-Timestamp")
		body, _ := io.ReadAll(r.Body)
		answer(w, body)
	}))
	t.Cleanup(ep.Close)
	return ep.URL, stamps
}

func answerJSON(s string) func(w http.ResponseWriter, _ []byte) {
	return func(w http.ResponseWriter, _ []byte) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(s))
	}
}

// After DeliverTo, an interaction is POSTed signed with the fake's key at
// the fake's clock; the answer is recorded as its callback (Delivered), a
// REST callback afterwards is refused with 40060, and GET
// /applications/@me names the application.
func TestHTTPDelivery(t *testing.T) {
	f := fakediscord.New()
	defer f.Close()
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	f.SetClock(func() time.Time { return at })
	url, stamps := endpoint(t, f, answerJSON(`{"type":5,"data":{"flags":64}}`))
	f.DeliverTo(url)
	if err := f.DispatchForged(map[string]any{"id": "1", "token": "tok", "type": 2, "application_id": f.AppID}); err != nil {
		t.Fatal(err)
	}
	if ts := <-stamps; ts != strconv.FormatInt(at.Unix(), 10) {
		t.Errorf("signed at %s, want the fake's clock %d", ts, at.Unix())
	}
	calls := f.Calls()
	if len(calls) != 1 || !calls[0].Delivered || calls[0].Path != "/interactions/1/tok/callback" || calls[0].Status != 204 {
		t.Fatalf("calls: %+v", calls)
	}
	if _, ok := f.OriginalID("tok"); !ok {
		t.Error("a deferral by HTTP made no @original")
	}
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	i := &discordgo.Interaction{ID: "1", AppID: f.AppID, Token: "tok"}
	err := s.InteractionRespond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil || re.Message.Code != discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged {
		t.Errorf("a REST callback after the HTTP answer: %v, want 40060", err)
	}
	raw, err := s.RequestWithBucketID("GET", discordgo.EndpointApplication("@me"), nil, "app")
	var app discordgo.Application
	if err != nil || json.Unmarshal(raw, &app) != nil || app.ID != f.AppID {
		t.Errorf("GET /applications/@me: %s, %v", raw, err)
	}
	if n := f.HTTPDeliveries(); n != 1 {
		t.Errorf("%d deliveries, want 1", n)
	}
	if err := f.WaitConnected(time.Millisecond); err == nil {
		t.Error("a gateway connection without any client")
	}
}

// The fake fails an interaction whose answer Discord would not take: not
// 200, not JSON, not an interaction response, a response type that does
// not fit the interaction, or a message Discord refuses.
func TestHTTPDeliveryRefusals(t *testing.T) {
	long := strings.Repeat("x", 2001)
	for _, c := range []struct {
		name   string
		kind   int
		answer func(w http.ResponseWriter, body []byte)
	}{
		{"401", 2, func(w http.ResponseWriter, _ []byte) { http.Error(w, "no", 401) }},
		{"500", 2, func(w http.ResponseWriter, _ []byte) { http.Error(w, "oops", 500) }},
		{"text", 2, func(w http.ResponseWriter, _ []byte) { w.Write([]byte(`{"type":5}`)) }},
		{"no type", 2, answerJSON(`{"data":{}}`)},
		{"not JSON", 2, answerJSON(`type 5`)},
		{"update to a command", 2, answerJSON(`{"type":6}`)},
		{"pong to a command", 2, answerJSON(`{"type":1}`)},
		{"modal to a modal", 5, answerJSON(`{"type":9,"data":{"custom_id":"m","title":"T","components":[]}}`)},
		{"message too long", 2, answerJSON(`{"type":4,"data":{"content":"` + long + `"}}`)},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := fakediscord.New()
			defer f.Close()
			url, _ := endpoint(t, f, c.answer)
			f.DeliverTo(url)
			err := f.DispatchForged(map[string]any{"id": "1", "token": "tok", "type": c.kind, "application_id": f.AppID})
			if !errors.Is(err, fakediscord.ErrInteractionFailed) {
				t.Fatalf("Dispatch: %v, want ErrInteractionFailed", err)
			}
			if _, ok := f.OriginalID("tok"); ok {
				t.Error("a failed interaction has an @original")
			}
		})
	}
}

// A REST request the bot sends after writing its answer, but which reaches
// the fake before the fake has read it, is recorded after the callback, as
// Discord, having the answer first, would see it.
func TestHTTPDeliveryOrder(t *testing.T) {
	f := fakediscord.New()
	defer f.Close()
	s, _ := discordgo.New("Bot x")
	s.Client = f.Client()
	posted := make(chan error, 1)
	url, _ := endpoint(t, f, func(w http.ResponseWriter, _ []byte) {
		go func() {
			_, err := s.ChannelMessageSend("700", "after the answer")
			posted <- err
		}()
		time.Sleep(50 * time.Millisecond) // the post is on its way first
		answerJSON(`{"type":5,"data":{"flags":64}}`)(w, nil)
	})
	f.DeliverTo(url)
	if err := f.DispatchForged(map[string]any{"id": "1", "token": "tok", "type": 2, "application_id": f.AppID}); err != nil {
		t.Fatal(err)
	}
	if err := <-posted; err != nil {
		t.Fatal(err)
	}
	calls := f.Calls()
	if len(calls) != 2 || !calls[0].Delivered || calls[1].Path != "/channels/700/messages" {
		t.Fatalf("calls in order: %+v", calls)
	}
}

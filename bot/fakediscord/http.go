package fakediscord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Interactions over HTTP. After DeliverTo(url), Dispatch no longer pushes
// an INTERACTION_CREATE down the gateway: it POSTs the interaction to url,
// signed as Discord signs it (Ed25519 over the timestamp and the body, in
// X-Signature-Ed25519 and X-Signature-Timestamp) with the fake's own key
// pair (PublicKey), and takes the answer as the interaction's initial
// response. It is no kinder than Discord: the answer must come within 3 s,
// with status 200, and be an interaction response Discord would accept for
// that kind of interaction (a message or a modal checked as a callback's
// is); anything else fails the interaction (ErrInteractionFailed) and the
// interaction stays unacknowledged, so its token's follow-ups fail. An
// accepted answer is recorded as the call
// POST /interactions/{id}/{token}/callback with Delivered set, in the place
// the callback would take over the gateway, so that tests read both modes
// alike; a later callback over REST for that interaction is refused with
// 40060 (already acknowledged), as Discord refuses it.
//
// Ordering: Discord processes the answer before anything the bot sends
// after writing it can reach it; on loopback the bot's next request could
// overtake the fake's reading of the answer. So a REST request that
// arrives while deliveries are in flight waits (at most their 3 s) until
// they are settled.

// ErrInteractionFailed is wrapped by Dispatch's error when the bot's
// endpoint did not answer an interaction as Discord requires (the user
// would see "This interaction failed").
var ErrInteractionFailed = errors.New("fake discord: the interaction failed")

// AckDeadline is how long Discord waits for the endpoint's answer.
const AckDeadline = 3 * time.Second

// httpState is the fake's side of interactions over HTTP; guarded by the
// server's mu.
type httpState struct {
	priv     ed25519.PrivateKey
	endpoint string
	now      func() time.Time
	next     int
	inflight map[int]chan struct{}
	acked    map[string]bool // tokens answered by an HTTP response
	posts    int             // deliveries POSTed
	largest  int             // bytes of the largest body POSTed
	deadline time.Duration   // AckDeadline unless set (tests)
}

func (f *Server) httpInit() {
	if f.hs.priv != nil {
		return
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic(err) // crypto/rand does not fail on the systems Go supports
	}
	f.hs.priv, f.hs.inflight, f.hs.acked = priv, map[int]chan struct{}{}, map[string]bool{}
}

// PublicKey is the key the fake signs HTTP interactions with: what the
// bot is configured with as DISCORD_PUBLIC_KEY.
func (f *Server) PublicKey() ed25519.PublicKey {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.httpInit()
	return f.hs.priv.Public().(ed25519.PublicKey)
}

// DeliverTo makes Dispatch deliver interactions by signed HTTP POST to url
// (the bot's interactions endpoint); "" goes back to the gateway.
func (f *Server) DeliverTo(url string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.httpInit()
	f.hs.endpoint = url
}

// SetClock sets the clock whose time signs HTTP interactions (default
// time.Now): the bot refuses a timestamp far from its own clock.
func (f *Server) SetClock(now func() time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.hs.now = now
}

// Sign returns the signature headers Discord would send with body at time
// at, under the fake's key.
func (f *Server) Sign(body []byte, at time.Time) http.Header {
	f.mu.Lock()
	f.httpInit()
	priv := f.hs.priv
	f.mu.Unlock()
	return SignWith(priv, body, at)
}

// SignWith returns the signature headers of body at time at under priv.
func SignWith(priv ed25519.PrivateKey, body []byte, at time.Time) http.Header {
	ts := strconv.FormatInt(at.Unix(), 10)
	sig := ed25519.Sign(priv, append([]byte(ts), body...))
	h := http.Header{}
	h.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	h.Set("X-Signature-Timestamp", ts)
	h.Set("Content-Type", "application/json")
	return h
}

// LargestHTTPDelivery returns the size in bytes of the largest
// interaction body POSTed to the endpoint.
func (f *Server) LargestHTTPDelivery() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hs.largest
}

// HTTPDeliveries returns how many interactions were POSTed to the endpoint.
func (f *Server) HTTPDeliveries() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.hs.posts
}

// Application answers GET /applications/@me: the fake's application.
func (f *Server) application() json.RawMessage {
	b, _ := json.Marshal(map[string]any{"id": f.AppID, "name": "tinners", "description": "",
		"bot_public": true, "bot": map[string]any{"id": f.BotID, "username": "tinners", "bot": true}})
	return b
}

// settle waits until the deliveries in flight now are settled; f.mu is
// not held.
func (f *Server) settle() {
	f.mu.Lock()
	var chs []chan struct{}
	for _, ch := range f.hs.inflight {
		chs = append(chs, ch)
	}
	f.mu.Unlock()
	for _, ch := range chs {
		<-ch // each is closed within AckDeadline
	}
}

// okResponse lists the initial response types Discord accepts for each
// kind of interaction.
var okResponse = map[int]map[int]bool{
	2: {4: true, 5: true, 9: true},                   // application command
	3: {4: true, 5: true, 6: true, 7: true, 9: true}, // message component
	4: {8: true},                                     // autocomplete
	5: {4: true, 5: true, 6: true, 7: true},          // modal submit
}

// deliverHTTP POSTs one interaction to the endpoint and records its
// answer as the interaction's callback.
func (f *Server) deliverHTTP(ep string, raw []byte, kind int, id, token string) error {
	f.mu.Lock()
	f.httpInit()
	now := time.Now
	if f.hs.now != nil {
		now = f.hs.now
	}
	key := f.hs.next
	f.hs.next++
	done := make(chan struct{})
	f.hs.inflight[key] = done
	f.hs.posts++
	f.hs.largest = max(f.hs.largest, len(raw))
	priv := f.hs.priv
	deadline := AckDeadline
	if f.hs.deadline > 0 {
		deadline = f.hs.deadline
	}
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		delete(f.hs.inflight, key)
		close(done)
		f.notify()
		f.mu.Unlock()
	}()
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%w: interaction %s: %s", ErrInteractionFailed, id, fmt.Sprintf(format, a...))
	}
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", ep, bytes.NewReader(raw))
	if err != nil {
		return fail("%v", err)
	}
	req.Header = SignWith(priv, raw, now())
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fail("no answer within %s: %v", deadline, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fail("answer cut off: %v", err)
	}
	if resp.StatusCode != http.StatusOK {
		return fail("endpoint answered %d: %s", resp.StatusCode, strings.TrimSpace(string(body)))
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return fail("answer of type %q, not JSON", ct)
	}
	var ir struct {
		Type *int `json:"type"`
	}
	if err := json.Unmarshal(body, &ir); err != nil || ir.Type == nil {
		return fail("answer is not an interaction response: %s", body)
	}
	if !okResponse[kind][*ir.Type] {
		return fail("response type %d to an interaction of type %d", *ir.Type, kind)
	}
	call := Call{Method: "POST", Path: "/interactions/" + id + "/" + token + "/callback", Body: body, Delivered: true}
	f.mu.Lock()
	status, reply := f.answer(call)
	call.Reply, call.Status, call.At = reply, status, time.Now()
	f.noteOriginal(&call)
	f.calls = append(f.calls, call)
	f.writeRecord(call)
	if status == http.StatusNoContent {
		f.hs.acked[token] = true
	}
	f.mu.Unlock()
	if status != http.StatusNoContent {
		return fail("Discord would refuse the response (%d): %s", status, reply)
	}
	return nil
}

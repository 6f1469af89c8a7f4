package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// fakeDiscord is a local stand-in for Discord: an httptest server that
// records every REST call and answers the endpoints the bot uses, plus a
// websocket gateway (Hello, Identify, READY, heartbeat ACKs) through which a
// test pushes INTERACTION_CREATE dispatches. discordgo talks to it through
// a rewriting transport (Transport) and never leaves 127.0.0.1.
type fakeDiscord struct {
	t     *testing.T
	srv   *httptest.Server
	appID string
	botID string

	mu      sync.Mutex
	calls   []fakeCall
	nextID  int
	conns   []*fakeConn
	changed chan struct{} // closed and replaced whenever calls or conns change
	seq     int
}

type fakeConn struct {
	ws *websocket.Conn
	mu sync.Mutex // serialises writes
}

// fakeCall is one recorded REST request.
type fakeCall struct {
	Method string
	Path   string // without /api/v9
	Query  url.Values
	Body   json.RawMessage // JSON body, or payload_json of a multipart body
	Files  []fakeFile
	Reply  json.RawMessage // what the fake answered
}

type fakeFile struct {
	Name string
	Data []byte
}

func newFakeDiscord(t *testing.T) *fakeDiscord {
	t.Helper()
	f := &fakeDiscord{t: t, appID: "900000000000000001", botID: "900000000000000002", nextID: 1000,
		changed: make(chan struct{})}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

// Close stops the gateway connections and the server.
func (f *fakeDiscord) Close() {
	f.mu.Lock()
	conns := f.conns
	f.conns = nil
	f.mu.Unlock()
	for _, c := range conns {
		c.ws.Close()
	}
	f.srv.Close()
}

// Client returns an HTTP client that sends every request to the fake.
func (f *fakeDiscord) Client() *http.Client {
	u, _ := url.Parse(f.srv.URL)
	return &http.Client{Timeout: 10 * time.Second, Transport: rewriteTransport{host: u.Host}}
}

type rewriteTransport struct{ host string }

func (rt rewriteTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	r2.URL.Scheme = "http"
	r2.URL.Host = rt.host
	r2.Host = rt.host
	return http.DefaultTransport.RoundTrip(r2)
}

func (f *fakeDiscord) notify() {
	close(f.changed)
	f.changed = make(chan struct{})
}

func (f *fakeDiscord) newID() string {
	f.nextID++
	return fmt.Sprintf("%d", 800000000000000000+f.nextID)
}

func (f *fakeDiscord) serve(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/ws") {
		f.serveGateway(w, r)
		return
	}
	path := strings.TrimPrefix(r.URL.Path, "/api/v"+discordgo.APIVersion)
	call := fakeCall{Method: r.Method, Path: path, Query: r.URL.Query()}
	ct, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct == "multipart/form-data" {
		mr := multipart.NewReader(r.Body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				break
			}
			data, _ := io.ReadAll(p)
			if p.FormName() == "payload_json" {
				call.Body = data
			} else {
				call.Files = append(call.Files, fakeFile{Name: p.FileName(), Data: data})
			}
		}
	} else {
		data, _ := io.ReadAll(r.Body)
		if len(bytes.TrimSpace(data)) > 0 {
			call.Body = data
		}
	}

	f.mu.Lock()
	status, reply := f.answer(call)
	call.Reply = reply
	f.calls = append(f.calls, call)
	f.notify()
	f.mu.Unlock()

	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if status != http.StatusNoContent {
		w.Write(reply)
	}
}

// answer returns the status and body for a call; f.mu is held.
func (f *fakeDiscord) answer(c fakeCall) (int, json.RawMessage) {
	parts := strings.Split(strings.Trim(c.Path, "/"), "/")
	message := func(channel string) json.RawMessage {
		var m map[string]any
		json.Unmarshal(c.Body, &m)
		if m == nil {
			m = map[string]any{}
		}
		m["id"] = f.newID()
		m["channel_id"] = channel
		m["author"] = map[string]any{"id": f.botID, "username": "tinners", "bot": true}
		b, _ := json.Marshal(m)
		return b
	}
	switch {
	case c.Method == "GET" && (c.Path == "/gateway" || c.Path == "/gateway/bot"):
		return 200, json.RawMessage(fmt.Sprintf(`{"url":"ws://%s/ws","shards":1}`, strings.TrimPrefix(f.srv.URL, "http://")))
	case c.Method == "GET" && c.Path == "/users/@me":
		return 200, json.RawMessage(fmt.Sprintf(`{"id":%q,"username":"tinners","bot":true}`, f.botID))
	case len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback":
		return http.StatusNoContent, nil
	case parts[0] == "webhooks" && c.Method == "POST":
		return 200, message("")
	case parts[0] == "webhooks" && c.Method == "PATCH":
		return 200, message("")
	case parts[0] == "webhooks" && c.Method == "DELETE":
		return http.StatusNoContent, nil
	case parts[0] == "channels" && len(parts) == 3 && parts[2] == "messages" && c.Method == "POST":
		return 200, message(parts[1])
	case parts[0] == "channels" && len(parts) == 4 && parts[2] == "messages" && c.Method == "PATCH":
		return 200, message(parts[1])
	case parts[0] == "applications" && c.Method == "PUT":
		if len(c.Body) > 0 {
			return 200, c.Body
		}
		return 200, json.RawMessage(`[]`)
	}
	return 404, json.RawMessage(`{"message":"fake discord: unknown endpoint","code":0}`)
}

func (f *fakeDiscord) serveGateway(w http.ResponseWriter, r *http.Request) {
	up := websocket.Upgrader{}
	ws, err := up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &fakeConn{ws: ws}
	c.write(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}})
	var ident struct {
		Op int `json:"op"`
	}
	if err := ws.ReadJSON(&ident); err != nil || ident.Op != 2 {
		ws.Close()
		return
	}
	f.mu.Lock()
	f.seq++
	seq := f.seq
	f.conns = append(f.conns, c)
	f.notify()
	f.mu.Unlock()
	c.write(map[string]any{"op": 0, "t": "READY", "s": seq, "d": map[string]any{
		"v": 10, "session_id": "fake-session",
		"user":        map[string]any{"id": f.botID, "username": "tinners", "bot": true},
		"application": map[string]any{"id": f.appID},
		"guilds":      []any{},
	}})
	for {
		var m struct {
			Op int `json:"op"`
		}
		if err := ws.ReadJSON(&m); err != nil {
			f.mu.Lock()
			for i, x := range f.conns {
				if x == c {
					f.conns = append(f.conns[:i], f.conns[i+1:]...)
					break
				}
			}
			f.mu.Unlock()
			return
		}
		if m.Op == 1 {
			c.write(map[string]any{"op": 11})
		}
	}
}

func (c *fakeConn) write(v any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ws.WriteJSON(v)
}

// waitConnected waits until a gateway client has identified.
func (f *fakeDiscord) waitConnected() {
	f.t.Helper()
	f.waitUntil("gateway identify", func() bool { return len(f.conns) > 0 })
}

// waitUntil waits until cond (called with f.mu held) holds.
func (f *fakeDiscord) waitUntil(what string, cond func() bool) {
	f.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		f.mu.Lock()
		ok := cond()
		ch := f.changed
		f.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			f.t.Fatalf("fake discord: timed out waiting for %s", what)
		}
	}
}

// dispatch pushes an INTERACTION_CREATE to every connected client.
func (f *fakeDiscord) dispatch(i any) {
	f.t.Helper()
	f.mu.Lock()
	f.seq++
	seq := f.seq
	conns := append([]*fakeConn(nil), f.conns...)
	f.mu.Unlock()
	if len(conns) == 0 {
		f.t.Fatal("fake discord: no gateway connection")
	}
	for _, c := range conns {
		if err := c.write(map[string]any{"op": 0, "t": "INTERACTION_CREATE", "s": seq, "d": i}); err != nil {
			f.t.Fatalf("fake discord: dispatch: %v", err)
		}
	}
}

// Calls returns a copy of the calls recorded so far.
func (f *fakeDiscord) Calls() []fakeCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeCall(nil), f.calls...)
}

// callsSince returns the calls recorded from index n on.
func (f *fakeDiscord) callsSince(n int) []fakeCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	if n > len(f.calls) {
		return nil
	}
	return append([]fakeCall(nil), f.calls[n:]...)
}

func (f *fakeDiscord) numCalls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.calls)
}

// Package fakediscord is a local stand-in for Discord: an httptest server
// that records every REST call and answers the endpoints a bot uses, plus a
// websocket gateway (Hello, Identify, READY, heartbeat ACKs) through which
// the caller pushes INTERACTION_CREATE dispatches. A discordgo session talks
// to it through the rewriting client (Server.Client) and never leaves
// 127.0.0.1.
//
// It imports no testing package: tests and the playtest command use it
// alike. Methods that can fail return errors.
package fakediscord

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Default identities of the fake application and its bot user.
const (
	DefaultAppID = "900000000000000001"
	DefaultBotID = "900000000000000002"
)

// Server is a fake Discord. Create it with New and Close it when done.
type Server struct {
	AppID string // application ID sent in READY
	BotID string // the bot user's ID; author of every message it creates

	srv *httptest.Server

	mu          sync.Mutex
	refuseNames map[string]bool // names a command registration is refused for (RefuseName)
	calls       []Call
	nextID      int
	conns       []*conn
	changed     chan struct{} // closed and replaced whenever calls or conns change
	seq         int
	inter       map[string]interaction // by token
	original    map[string]string      // token → ID of the interaction's @original message
	faults      []*Fault
	rng         *rand.Rand // decides random faults
	// messages are the channel messages the fake created, by channel, in
	// order; GET /channels/{id}/messages reads them, PATCH changes them,
	// DELETE removes them.
	messages map[string][]json.RawMessage
	// commands are the registered application commands: by scope ("" for
	// global ones, else a guild's ID), then by name (commands.go).
	commands map[string]map[string]regCommand
	sent     map[string]*sentMessage // by ID: the components each has carried (messages.go)
	modals   map[string]modalSpec    // by custom ID: the modals the bot opened
	// modalUsers are, by a modal's custom ID, the users it was opened for.
	modalUsers map[string]map[string]bool

	record io.Writer // JSON lines of every call, when set
	recErr error     // the first error writing them

	identifies, resumes int
	sessions            int // READYs sent: each names a new session
	refuse              struct{ code, n int }

	hs httpState // interactions over HTTP (http.go)
}

// interaction is what the fake remembers of a dispatched interaction.
type interaction struct {
	id        string
	messageID string // the message a component or modal was used on
	user      string // who used it
	channel   string // where
}

type conn struct {
	ws *websocket.Conn
	mu sync.Mutex // serialises writes
}

// Call is one recorded REST request.
type Call struct {
	Method string
	Path   string // without /api/v<N>
	Query  url.Values
	Body   json.RawMessage // JSON body, or payload_json of a multipart body
	Files  []File          // the other parts of a multipart body, bytes kept
	Reply  json.RawMessage // what the fake answered (nil for 204)
	Status int             // 0: the client gave up before a slow answer
	At     time.Time       // when the fake answered
	// Delivered: the interaction's initial response, read from the bot's
	// answer to an HTTP delivery (http.go) rather than sent over REST.
	Delivered bool
	// Original: for an interaction's callback, the ID of the message it
	// made or updated (its @original), if any.
	Original string
}

// noteOriginal sets c.Original for a callback; f.mu is held.
func (f *Server) noteOriginal(c *Call) {
	parts := strings.Split(strings.Trim(c.Path, "/"), "/")
	if len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback" {
		c.Original = f.original[parts[2]]
	}
}

// File is one file part of a multipart request.
type File struct {
	Name string
	Data []byte
}

// New starts a fake Discord on 127.0.0.1.
func New() *Server {
	f := &Server{AppID: DefaultAppID, BotID: DefaultBotID, nextID: 1000, changed: make(chan struct{}),
		inter: map[string]interaction{}, original: map[string]string{}, messages: map[string][]json.RawMessage{},
		sent: map[string]*sentMessage{}, modals: map[string]modalSpec{}, modalUsers: map[string]map[string]bool{},
		rng: rand.New(rand.NewPCG(1, 1^0x9e3779b97f4a7c15))}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	return f
}

// Close stops the gateway connections and the server.
func (f *Server) Close() {
	f.mu.Lock()
	conns := f.conns
	f.conns = nil
	f.mu.Unlock()
	for _, c := range conns {
		c.ws.Close()
	}
	f.srv.Close()
}

// URL is the server's base URL (http://127.0.0.1:port).
func (f *Server) URL() string { return f.srv.URL }

// Client returns an HTTP client that sends every request, whatever its
// host, to the fake.
func (f *Server) Client() *http.Client {
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

func (f *Server) notify() {
	close(f.changed)
	f.changed = make(chan struct{})
}

func (f *Server) newID() string {
	f.nextID++
	return fmt.Sprintf("%d", 800000000000000000+f.nextID)
}

func (f *Server) serve(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/ws") {
		f.serveGateway(w, r)
		return
	}
	f.settle() // HTTP deliveries in flight are answered first (http.go)
	path := strings.TrimPrefix(r.URL.Path, "/api/v"+discordgo.APIVersion)
	call := Call{Method: r.Method, Path: path, Query: r.URL.Query()}
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
				call.Files = append(call.Files, File{Name: p.FileName(), Data: data})
			}
		}
	} else {
		data, _ := io.ReadAll(r.Body)
		if len(bytes.TrimSpace(data)) > 0 {
			call.Body = data
		}
	}

	f.mu.Lock()
	var header http.Header
	status, reply := 0, json.RawMessage(nil)
	fl := f.fault(call)
	gone := false
	if fl != nil && fl.Delay > 0 {
		f.mu.Unlock()
		t := time.NewTimer(fl.Delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			gone = true
		}
		f.mu.Lock()
	}
	switch {
	case gone:
	case fl != nil && fl.Hangup:
		gone = true
	case fl != nil && fl.Status != 0 && fl.Carried:
		f.answer(call) // done, and then answered as failed
		status, reply, header = fl.Status, fl.Body, fl.Header
	case fl != nil && fl.Status != 0:
		status, reply, header = fl.Status, fl.Body, fl.Header
	default:
		status, reply = f.answer(call)
	}
	call.Reply, call.Status, call.At = reply, status, time.Now()
	f.noteOriginal(&call)
	f.calls = append(f.calls, call)
	f.writeRecord(call)
	f.notify()
	f.mu.Unlock()
	if fl != nil && fl.Hangup {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
			}
		}
		return
	}
	if gone {
		return
	}

	for k, vs := range header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if status != http.StatusNoContent {
		w.Write(reply)
	}
}

// Recorded is one request as Record writes it: a JSON line.
type Recorded struct {
	Method string          `json:"method"`
	Path   string          `json:"path"` // without /api/v<N>
	Query  string          `json:"query,omitempty"`
	Status int             `json:"status"`         // what the fake answered
	Body   json.RawMessage `json:"body,omitempty"` // JSON body, or payload_json
	Files  []RecordedFile  `json:"files,omitempty"`
}

// RecordedFile is a file part of a multipart request, by name and size.
type RecordedFile struct {
	Name string `json:"name"`
	Size int    `json:"size"`
}

// Record makes the fake write every REST request from now on to w as one
// JSON line (a Recorded), in the order they were answered; nil stops it.
// Writes are serialised; RecordErr reports the first that failed.
func (f *Server) Record(w io.Writer) {
	f.mu.Lock()
	f.record = w
	f.mu.Unlock()
}

// RecordErr returns the first error writing the record, if any.
func (f *Server) RecordErr() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.recErr
}

// writeRecord writes c to the record; f.mu is held.
func (f *Server) writeRecord(c Call) {
	if f.record == nil || f.recErr != nil {
		return
	}
	r := Recorded{Method: c.Method, Path: c.Path, Query: c.Query.Encode(), Status: c.Status}
	if json.Valid(c.Body) {
		r.Body = c.Body
	} else if len(c.Body) > 0 {
		r.Body, _ = json.Marshal(string(c.Body)) // not JSON: kept as a string
	}
	for _, fl := range c.Files {
		r.Files = append(r.Files, RecordedFile{Name: fl.Name, Size: len(fl.Data)})
	}
	b, err := json.Marshal(r)
	if err == nil {
		_, err = f.record.Write(append(b, '\n'))
	}
	f.recErr = err
}

// answer returns the status and body for a call: Discord's 400 for a
// message or modal it would refuse, else the route's answer; it remembers
// the components of the messages made or edited. f.mu is held.
func (f *Server) answer(c Call) (int, json.RawMessage) {
	parts := strings.Split(strings.Trim(c.Path, "/"), "/")
	isMessage := c.Method != "GET" && c.Method != "DELETE" &&
		(parts[0] == "webhooks" || parts[0] == "channels" && len(parts) >= 3 && parts[2] == "messages")
	callback := len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback"
	var rows []sentRow
	var cb sentCallback
	switch {
	case isMessage:
		var why string
		if why, rows = checkMessage(c.Body, len(c.Files)); why != "" {
			return invalidForm(why)
		}
	case callback:
		json.Unmarshal(c.Body, &cb)
		switch cb.Type {
		case 4, 7:
			var why string
			if why, rows = checkMessage(cb.Data, len(c.Files)); why != "" {
				return invalidForm(why)
			}
		case 9:
			why, id, spec := checkModal(cb.Data)
			if why != "" {
				return invalidForm(why)
			}
			f.modals[id] = spec
			if f.modalUsers[id] == nil {
				f.modalUsers[id] = map[string]bool{}
			}
			f.modalUsers[id][f.inter[parts[2]].user] = true
		}
	}
	status, reply := f.route(c, parts)
	if status != 200 && status != http.StatusNoContent {
		return status, reply
	}
	var msg struct {
		ID string `json:"id"`
	}
	// A message is made by a post, a follow-up, or a reply (callback 4,
	// or 5 and its @original); callback 7 and the other edits change one.
	made := c.Method == "POST"
	var where *msgMeta
	switch {
	case callback && (cb.Type == 4 || cb.Type == 5):
		msg.ID, made = f.original[parts[2]], true
		where = f.replyMeta(parts[2], cb.Data)
	case callback && cb.Type == 7:
		msg.ID = f.inter[parts[2]].messageID
	case callback:
		return status, reply
	case c.Method == "DELETE":
		f.deleted(parts)
		return status, reply
	default:
		json.Unmarshal(reply, &msg)
		switch {
		case parts[0] == "webhooks" && made:
			where = f.replyMeta(parts[2], c.Body)
		case made:
			where = &msgMeta{channel: parts[1]}
		}
	}
	f.remember(msg.ID, rows, where)
	return status, reply
}

// route answers a call by its endpoint; f.mu is held.
func (f *Server) route(c Call, parts []string) (int, json.RawMessage) {
	message := func(id, channel string) json.RawMessage {
		var m map[string]any
		json.Unmarshal(c.Body, &m)
		if m == nil {
			m = map[string]any{}
		}
		if id == "" {
			id = f.newID()
		}
		m["id"] = id
		m["channel_id"] = channel
		m["author"] = map[string]any{"id": f.BotID, "username": "tinners", "bot": true}
		// Discord answers with its own attachment objects: one per file
		// sent, a snowflake for an id, the description given for it.
		if len(c.Files) > 0 {
			alts := Descriptions(c.Body, len(c.Files))
			var atts []any
			for k, file := range c.Files {
				a := map[string]any{"id": f.newID(), "filename": file.Name, "size": len(file.Data)}
				if alts[k] != "" {
					a["description"] = alts[k]
				}
				atts = append(atts, a)
			}
			m["attachments"] = atts
		} else {
			delete(m, "attachments")
		}
		b, _ := json.Marshal(m)
		return b
	}
	switch {
	case c.Method == "GET" && (c.Path == "/gateway" || c.Path == "/gateway/bot"):
		return 200, json.RawMessage(fmt.Sprintf(`{"url":"ws://%s/ws","shards":1}`, strings.TrimPrefix(f.srv.URL, "http://")))
	case c.Method == "GET" && c.Path == "/users/@me":
		return 200, json.RawMessage(fmt.Sprintf(`{"id":%q,"username":"tinners","bot":true}`, f.BotID))
	case c.Method == "POST" && c.Path == "/users/@me/channels":
		// Create DM: the channel's ID is DMChannelID(recipient), so a test
		// can aim a fault at one user's DMs.
		var m struct {
			RecipientID string `json:"recipient_id"`
		}
		json.Unmarshal(c.Body, &m)
		b, _ := json.Marshal(map[string]any{"id": DMChannelID(m.RecipientID), "type": 1,
			"recipients": []any{map[string]any{"id": m.RecipientID, "username": "user"}}})
		return 200, b
	case c.Method == "GET" && c.Path == "/applications/@me":
		return 200, f.application()
	case len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback" && f.hs.acked[parts[2]]:
		return 400, json.RawMessage(`{"message":"Interaction has already been acknowledged.","code":40060}`)
	case len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback":
		f.callback(parts[2], c.Body)
		return http.StatusNoContent, nil
	case parts[0] == "webhooks" && c.Method == "POST":
		return 200, message("", "")
	case parts[0] == "webhooks" && c.Method == "PATCH":
		id := ""
		if len(parts) == 5 && parts[3] == "messages" {
			id = parts[4] // an edited follow-up keeps its ID
			if id == "@original" {
				id = f.original[parts[2]] // and so does the interaction's own message
			}
		}
		return 200, message(id, "")
	case parts[0] == "webhooks" && c.Method == "DELETE":
		return http.StatusNoContent, nil
	case parts[0] == "channels" && len(parts) == 3 && parts[2] == "messages" && c.Method == "POST":
		m := message("", parts[1])
		f.messages[parts[1]] = append(f.messages[parts[1]], m)
		return 200, m
	case parts[0] == "channels" && len(parts) == 3 && parts[2] == "messages" && c.Method == "GET":
		return 200, f.history(parts[1], c.Query)
	case parts[0] == "channels" && len(parts) == 4 && parts[2] == "messages" && c.Method == "PATCH":
		m := message(parts[3], parts[1])
		f.edited(parts[1], parts[3], c.Body)
		return 200, m
	case parts[0] == "channels" && len(parts) == 4 && parts[2] == "messages" && c.Method == "DELETE":
		f.edited(parts[1], parts[3], nil)
		return http.StatusNoContent, nil
	case parts[0] == "channels" && len(parts) == 2 && c.Method == "PATCH":
		// Modify channel (e.g. unarchive a thread): the changes, echoed.
		var m map[string]any
		json.Unmarshal(c.Body, &m)
		if m == nil {
			m = map[string]any{}
		}
		m["id"] = parts[1]
		b, _ := json.Marshal(m)
		return 200, b
	case parts[0] == "applications" && c.Method == "PUT":
		if scope, ok := scopeOf(c.Path); ok {
			if len(c.Body) == 0 {
				return f.register(scope, json.RawMessage(`[]`))
			}
			return f.register(scope, c.Body)
		}
	}
	return 404, json.RawMessage(`{"message":"fake discord: unknown endpoint","code":0}`)
}

// Messages returns the messages the fake keeps for a channel, oldest
// first, as it would answer them.
func (f *Server) Messages(channel string) []json.RawMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]json.RawMessage(nil), f.messages[channel]...)
}

// history answers GET /channels/{id}/messages as Discord does: the
// channel's messages newest first, at most limit (default 50, 1 to 100),
// only those older than before when it is given. f.mu is held.
func (f *Server) history(channel string, q url.Values) json.RawMessage {
	limit := 50
	if n, err := strconv.Atoi(q.Get("limit")); err == nil && n >= 1 && n <= 100 {
		limit = n
	}
	before := q.Get("before")
	out := []json.RawMessage{}
	ms := f.messages[channel]
	for k := len(ms) - 1; k >= 0 && len(out) < limit; k-- {
		if before != "" && !olderID(idOf(ms[k]), before) {
			continue
		}
		out = append(out, ms[k])
	}
	b, _ := json.Marshal(out)
	return b
}

// edited applies a PATCH body (fields replaced, as Discord does) to a kept
// message, or removes it when body is nil (DELETE). f.mu is held.
func (f *Server) edited(channel, id string, body json.RawMessage) {
	ms := f.messages[channel]
	for k, m := range ms {
		if idOf(m) != id {
			continue
		}
		if body == nil {
			f.messages[channel] = append(ms[:k:k], ms[k+1:]...)
			return
		}
		var cur, ch map[string]any
		json.Unmarshal(m, &cur)
		json.Unmarshal(body, &ch)
		for key, v := range ch {
			cur[key] = v
		}
		ms[k], _ = json.Marshal(cur)
		return
	}
}

func idOf(m json.RawMessage) string {
	var v struct {
		ID string `json:"id"`
	}
	json.Unmarshal(m, &v)
	return v.ID
}

// olderID compares snowflakes: a is older than b.
func olderID(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// DMChannelID is the ID of the fake's DM channel with userID: "9" and the
// user's ID (a real one is a snowflake like any other).
func DMChannelID(userID string) string { return "9" + userID }

// callback notes which message is the interaction's @original: a new one
// for a reply (types 4 and 5), the message the component was on for an
// update (types 6 and 7). f.mu is held.
func (f *Server) callback(token string, body json.RawMessage) {
	var cb struct {
		Type int `json:"type"`
	}
	json.Unmarshal(body, &cb)
	switch cb.Type {
	case 4, 5:
		if f.original[token] == "" {
			f.original[token] = f.newID()
		}
	case 6, 7:
		if id := f.inter[token].messageID; id != "" {
			f.original[token] = id
		}
	}
}

// OriginalID returns the ID of the message an interaction's callback made
// or updated (its @original), if it has one yet.
func (f *Server) OriginalID(token string) (string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id, ok := f.original[token]
	return id, ok
}

func (f *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	up := websocket.Upgrader{}
	ws, err := up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &conn{ws: ws}
	c.write(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}})
	var ident struct {
		Op int `json:"op"`
	}
	if err := ws.ReadJSON(&ident); err != nil || (ident.Op != 2 && ident.Op != 6) {
		ws.Close()
		return
	}
	f.mu.Lock()
	if f.refuse.n > 0 {
		f.refuse.n--
		code := f.refuse.code
		f.mu.Unlock()
		c.close(code)
		return
	}
	f.seq++
	seq := f.seq
	f.conns = append(f.conns, c)
	if ident.Op == 6 {
		f.resumes++
	} else {
		f.identifies++
	}
	f.notify()
	f.mu.Unlock()
	f.greet(c, ident.Op, seq)
	for {
		var m struct {
			Op int `json:"op"`
		}
		if err := ws.ReadJSON(&m); err != nil {
			f.mu.Lock()
			f.dropConn(c)
			f.notify()
			f.mu.Unlock()
			return
		}
		switch m.Op {
		case 1:
			c.write(map[string]any{"op": 11})
		case 2, 6:
			// An identify or resume on an open connection: after an
			// invalid session (op 9), the client starts again here.
			f.mu.Lock()
			f.seq++
			seq := f.seq
			if m.Op == 6 {
				f.resumes++
			} else {
				f.identifies++
			}
			f.notify()
			f.mu.Unlock()
			f.greet(c, m.Op, seq)
		}
	}
}

// greet answers an identify (op 2) with READY and a resume (op 6) with
// RESUMED.
func (f *Server) greet(c *conn, op, seq int) {
	if op == 6 {
		// A resume: the fake keeps no backlog, so nothing missed is replayed.
		c.write(map[string]any{"op": 0, "t": "RESUMED", "s": seq, "d": map[string]any{}})
		return
	}
	f.mu.Lock()
	f.sessions++
	sid := fmt.Sprintf("fake-session-%d", f.sessions)
	f.mu.Unlock()
	c.write(map[string]any{"op": 0, "t": "READY", "s": seq, "d": map[string]any{
		"v": 10, "session_id": sid,
		"user":        map[string]any{"id": f.BotID, "username": "tinners", "bot": true},
		"application": map[string]any{"id": f.AppID},
		"guilds":      []any{},
	}})
}

// Reconnect sends op 7 (Reconnect) on every gateway connection, as Discord
// does before it moves a session: the client should close and resume on
// a new connection. It returns how many connections were asked.
func (f *Server) Reconnect() int {
	return f.sendOp(map[string]any{"op": 7, "d": nil})
}

// InvalidSession sends op 9 (Invalid Session) on every gateway connection,
// with d = resumable. The fake answers a following identify with READY (a
// new session) and a resume with RESUMED, on the same connection or a new
// one. It returns how many connections were told.
func (f *Server) InvalidSession(resumable bool) int {
	return f.sendOp(map[string]any{"op": 9, "d": resumable})
}

func (f *Server) sendOp(m map[string]any) int {
	f.mu.Lock()
	conns := append([]*conn(nil), f.conns...)
	f.mu.Unlock()
	n := 0
	for _, c := range conns {
		if c.write(m) == nil {
			n++
		}
	}
	return n
}

// dropConn forgets c; f.mu is held.
func (f *Server) dropConn(c *conn) {
	for i, x := range f.conns {
		if x == c {
			f.conns = append(f.conns[:i], f.conns[i+1:]...)
			return
		}
	}
}

// close ends the connection: with a close frame carrying code when code is
// not 0, else abruptly (as a network failure would).
func (c *conn) close(code int) {
	if code != 0 {
		c.mu.Lock()
		c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, "fake discord"), time.Now().Add(time.Second))
		c.mu.Unlock()
	}
	c.ws.Close()
}

// DropGateway ends every gateway connection, with a close frame carrying
// code (e.g. 1001, 4000, or a fatal 4004) or, when code is 0, abruptly.
// A client may reconnect: the fake answers a resume (op 6) with RESUMED
// and an identify with READY. It returns how many connections it ended.
func (f *Server) DropGateway(code int) int {
	f.mu.Lock()
	conns := f.conns
	f.conns = nil
	f.notify()
	f.mu.Unlock()
	for _, c := range conns {
		c.close(code)
	}
	return len(conns)
}

// RefuseGateway makes the next n gateway connections be closed with code
// right after their identify or resume, as Discord does with 4004
// (authentication failed) or 4014 (disallowed intents).
func (f *Server) RefuseGateway(code, n int) {
	f.mu.Lock()
	f.refuse.code, f.refuse.n = code, n
	f.mu.Unlock()
}

// Sessions returns how many gateway connections identified (op 2) and how
// many resumed (op 6) so far.
func (f *Server) Sessions() (identified, resumed int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.identifies, f.resumes
}

func (c *conn) write(v any) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ws.WriteJSON(v)
}

// WaitSessions waits until cond holds for the numbers of identifies and
// resumes so far and of open gateway connections; cond is called under the
// server's lock. timeout <= 0 means DefaultWait.
func (f *Server) WaitSessions(what string, timeout time.Duration, cond func(identified, resumed, conns int) bool) error {
	return f.WaitUntil(what, timeout, func(_ []Call, conns int) bool { return cond(f.identifies, f.resumes, conns) })
}

// ErrTimeout is wrapped by the errors of the waiting helpers.
var ErrTimeout = errors.New("fake discord: timed out")

// DefaultWait is how long the waiting helpers wait when given no timeout.
const DefaultWait = 10 * time.Second

// WaitConnected waits until a gateway client has identified.
func (f *Server) WaitConnected(timeout time.Duration) error {
	return f.WaitUntil("gateway identify", timeout, func(_ []Call, conns int) bool { return conns > 0 })
}

// WaitUntil waits until cond holds. cond is called with the calls recorded
// so far (it must not keep or change the slice) and the number of
// identified gateway connections, under the server's lock: it must be
// quick and must not call the Server. timeout <= 0 means DefaultWait.
func (f *Server) WaitUntil(what string, timeout time.Duration, cond func(calls []Call, conns int) bool) error {
	if timeout <= 0 {
		timeout = DefaultWait
	}
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		f.mu.Lock()
		ok := cond(f.calls, len(f.conns))
		ch := f.changed
		f.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-ch:
		case <-deadline.C:
			return fmt.Errorf("%w waiting for %s", ErrTimeout, what)
		}
	}
}

// Dispatch pushes an INTERACTION_CREATE with payload i (anything that
// marshals to an interaction object) to every connected client, if it is
// one Discord would send: a slash command must fit a command the client
// registered (see ErrUndeliverable), and every interaction names its user.
// The fake remembers the interaction's token and message so that its
// callback and @original edits get realistic message IDs. After
// DeliverTo, the interaction is POSTed to the bot's endpoint instead, and
// Dispatch returns once its answer is read (http.go).
func (f *Server) Dispatch(i any) error {
	return f.dispatch(i, false)
}

// DispatchForged is Dispatch without the checks of the interaction's
// data: it delivers what a forged request could carry (an option out of
// its range, a command typed in a DM, no user, a custom ID or a select
// value the message never carried), for tests of the bot's own refusals.
// A component or modal interaction must still come from a message the
// bot sent, that the user can see (see ErrUndeliverable): even a modified
// client clicks on a message Discord shows it.
func (f *Server) DispatchForged(i any) error {
	return f.dispatch(i, true)
}

func (f *Server) dispatch(i any, forged bool) error {
	raw, err := json.Marshal(i)
	if err != nil {
		return fmt.Errorf("fake discord: dispatch: %w", err)
	}
	var in struct {
		ID      string `json:"id"`
		Token   string `json:"token"`
		Type    int    `json:"type"`
		Message *struct {
			ID string `json:"id"`
		} `json:"message"`
	}
	if err := json.Unmarshal(raw, &in); err != nil {
		return fmt.Errorf("fake discord: dispatch: interaction is not an object: %w", err)
	}
	f.mu.Lock()
	why := f.visible(raw)
	if why == "" && !forged {
		why = f.deliverable(raw)
		if why == "" {
			why = f.clickable(raw)
		}
	}
	if why != "" {
		f.mu.Unlock()
		return fmt.Errorf("%w: %s", ErrUndeliverable, why)
	}
	if in.Token != "" {
		it := interaction{id: in.ID}
		if in.Message != nil {
			it.messageID = in.Message.ID
		}
		it.user, it.channel = whoWhere(raw)
		f.inter[in.Token] = it
	}
	ep := f.hs.endpoint
	f.mu.Unlock()
	if ep != "" {
		return f.deliverHTTP(ep, raw, in.Type, in.ID, in.Token)
	}
	return f.DispatchEvent("INTERACTION_CREATE", json.RawMessage(raw))
}

// DispatchEvent pushes a gateway dispatch (op 0) of type t with data d to
// every connected client.
func (f *Server) DispatchEvent(t string, d any) error {
	f.mu.Lock()
	f.seq++
	seq := f.seq
	conns := append([]*conn(nil), f.conns...)
	f.mu.Unlock()
	if len(conns) == 0 {
		return errors.New("fake discord: no gateway connection")
	}
	for _, c := range conns {
		if err := c.write(map[string]any{"op": 0, "t": t, "s": seq, "d": d}); err != nil {
			return fmt.Errorf("fake discord: dispatch: %w", err)
		}
	}
	return nil
}

// Calls returns a copy of the calls recorded so far.
func (f *Server) Calls() []Call {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Call(nil), f.calls...)
}

// CallsSince returns the calls recorded from index n on.
func (f *Server) CallsSince(n int) []Call {
	f.mu.Lock()
	defer f.mu.Unlock()
	if n > len(f.calls) {
		return nil
	}
	return append([]Call(nil), f.calls[n:]...)
}

// NumCalls returns how many calls have been recorded.
func (f *Server) NumCalls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.calls)
}

package bot

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Interactions over HTTP (Config.HTTPAddr): Discord POSTs each interaction,
// signed with the application's Ed25519 key, to the bot's interactions
// endpoint, and takes the HTTP response as the interaction's initial
// response. No gateway connection is opened: the application's ID comes
// from GET /applications/@me and the bot's user from GET /users/@me (both
// from READY in gateway mode); everything else (commands registered, posts,
// edits, follow-ups, reminders, the outbox) goes over REST as in gateway
// mode. Since nothing arrives by a per-process session, any number of
// processes can sit behind an ordinary HTTP load balancer; several gateway
// sessions on one token would each receive every interaction.
//
// One code path: the request's body is decoded into the same
// discordgo.Interaction the gateway gives and handed to onInteraction, as a
// gateway dispatch is. The only difference is where acknowledge sends the
// first response (a deferral, a modal or a direct answer): over the gateway
// it is POSTed to the callback endpoint; here it is written as the body of
// the answer to Discord's request (httpAck), and acknowledge returns once it
// is written, so that nothing the handler sends afterwards (the reply that
// fills the deferral, posts, edits) can overtake it.
//
// Every request is verified before anything is read from it: a missing or
// wrong signature, or a signed timestamp more than maxSkew away from our
// clock (either way), is answered 401 and changes nothing. discordgo's
// VerifyInteraction checks the signature only; the timestamp check is
// ours, and so is the refusal of a signed request replayed within the
// window (by interaction ID, per process).

// maxSkew is how far a signed timestamp may be from our clock, either way:
// Discord's requests are fresh (it gives up after 3 s), so anything older
// is a replay; five minutes leave room for clocks a little off.
const maxSkew = 5 * time.Minute

// ackWait is how long the endpoint waits for the handler's first response:
// Discord gives up on the request after 3 s.
const ackWait = 3 * time.Second

// MaxBody bounds what the endpoint reads of a request (413 beyond it),
// before its signature is checked: interactions are a few kilobytes, and
// TestHTTPWholeGames holds MaxBody to at least 4 times the largest body
// its whole games send (every title, English and Polish).
const MaxBody = 64 << 10

// The endpoint's clocks (Config.HTTPTimeouts overrides them in tests): a
// request's headers must arrive within HeaderWait of its first byte, and
// its body within BodyWait of its headers (a slow sender is cut off; set
// per request, not server-wide, so that a long-lived response on the same
// listener is not cut); a keep-alive connection idle for IdleWait is
// closed.
const (
	HeaderWait = 5 * time.Second
	BodyWait   = 5 * time.Second
	IdleWait   = 30 * time.Second
)

// httpTimeouts are the endpoint's header, body and idle waits:
// Config.HTTPTimeouts where set, else HeaderWait, BodyWait and IdleWait.
func (m *Main) httpTimeouts() (header, body, idle time.Duration) {
	w := [3]time.Duration{HeaderWait, BodyWait, IdleWait}
	for k, d := range m.cfg.HTTPTimeouts {
		if d > 0 {
			w[k] = d
		}
	}
	return w[0], w[1], w[2]
}

func (m *Main) httpMode() bool { return m.cfg.HTTPAddr != "" || m.cfg.HTTPListener != nil }

func (m *Main) receivedBy() string {
	if m.httpMode() {
		return "http"
	}
	return "gateway"
}

func checkHTTPConfig(cfg Config) error {
	if cfg.HTTPAddr == "" && cfg.HTTPListener == nil {
		return nil
	}
	if len(cfg.PublicKey) != ed25519.PublicKeySize {
		return errors.New("interactions over HTTP need the application's public key (DISCORD_PUBLIC_KEY: 64 hex digits, from the Developer Portal)")
	}
	return nil
}

// ParsePublicKey reads the application's public key as the Developer
// Portal shows it (hex).
func ParsePublicKey(hexKey string) (ed25519.PublicKey, error) {
	var b []byte
	if _, err := fmt.Sscanf(hexKey, "%x", &b); err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("DISCORD_PUBLIC_KEY must be %d hex digits", 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// runHTTP is Run in HTTP mode: the application and the bot's user from
// REST, the endpoint listening, then serve as in gateway mode.
func (m *Main) runHTTP(ctx context.Context, s *discordgo.Session) error {
	uri := discordgo.EndpointApplication("@me")
	raw, err := s.RequestWithBucketID("GET", uri, nil, uri, bounded)
	var app discordgo.Application
	if err == nil {
		err = json.Unmarshal(raw, &app)
	}
	if err == nil && app.ID == "" {
		err = errors.New("no id in the answer")
	}
	if err != nil {
		if m.cfg.HTTPListener != nil {
			m.cfg.HTTPListener.Close()
		}
		return fmt.Errorf("read the application (GET /applications/@me): %w", err)
	}
	// The bot's own user, which READY gives in gateway mode: the outbox
	// tells the bot's messages by it (findPosted).
	self, err := s.User("@me", bounded)
	if err != nil {
		if m.cfg.HTTPListener != nil {
			m.cfg.HTTPListener.Close()
		}
		return fmt.Errorf("read the bot's user (GET /users/@me): %w", err)
	}
	s.State.Lock()
	s.State.User = self
	s.State.Unlock()
	ln := m.cfg.HTTPListener
	if ln == nil {
		if ln, err = net.Listen("tcp", m.cfg.HTTPAddr); err != nil {
			return fmt.Errorf("interactions endpoint: %w", err)
		}
	}
	// The session is set before the first request can arrive.
	m.mu.Lock()
	m.session, m.appID = s, app.ID
	m.mu.Unlock()
	header, _, idle := m.httpTimeouts()
	// The operator's endpoints (/healthz, /readyz, /metrics) share the
	// listener; every other path is the interactions endpoint.
	srv := &http.Server{Handler: m.operator(m.endpoint(ctx)), ReadHeaderTimeout: header, IdleTimeout: idle, MaxHeaderBytes: 16 << 10}
	failed := make(chan error, 1)
	m.listening.Store(true)
	go func() {
		err := srv.Serve(ln)
		m.listening.Store(false)
		if err != nil && !errors.Is(err, http.ErrServerClosed) {
			failed <- fmt.Errorf("interactions endpoint: %w", err)
		}
	}()
	defer func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	m.log.Info("interactions endpoint listening", "addr", ln.Addr().String())
	return m.serve(ctx, s, app.ID, nil, failed)
}

// endpoint is the handler of Discord's interactions endpoint.
func (m *Main) endpoint(ctx context.Context) http.Handler {
	seen := &replays{ids: map[string]time.Time{}}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		// The body within its deadline and limit. A body read whole lifts
		// the deadline (the server's own watch for a closed connection
		// reads on); one that failed keeps it, so that the server's drain
		// of the rest fails as fast and the connection closes.
		_, bodyWait, _ := m.httpTimeouts()
		rc := http.NewResponseController(w)
		rc.SetReadDeadline(time.Now().Add(bodyWait))
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
		if err == nil {
			rc.SetReadDeadline(time.Time{})
		}
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				http.Error(w, "request too large", http.StatusRequestEntityTooLarge)
				return
			}
			http.Error(w, "cannot read the request", http.StatusBadRequest)
			return
		}
		now := m.cfg.Now()
		if why := m.verify(r.Header, body, now); why != "" {
			m.log.Warn("interactions endpoint: request refused", "why", why, "remote", r.RemoteAddr)
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		var head struct {
			ID      string                    `json:"id"`
			Type    discordgo.InteractionType `json:"type"`
			Channel *struct {
				Type discordgo.ChannelType `json:"type"`
			} `json:"channel"`
		}
		if err := json.Unmarshal(body, &head); err != nil {
			http.Error(w, "not an interaction", http.StatusBadRequest)
			return
		}
		if head.Type == discordgo.InteractionPing {
			writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
			return
		}
		if !seen.first(head.ID, now) {
			m.log.Warn("interactions endpoint: replayed request refused", "interaction", head.ID, "remote", r.RemoteAddr)
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
			return
		}
		var i discordgo.Interaction
		if err := json.Unmarshal(body, &i); err != nil {
			http.Error(w, "not an interaction", http.StatusBadRequest)
			return
		}
		if !m.begin() {
			http.Error(w, "shutting down", http.StatusServiceUnavailable)
			return
		}
		a := &httpAck{first: make(chan *discordgo.InteractionResponse), written: make(chan error, 1), gone: make(chan struct{})}
		// An interaction in progress at shutdown is finished, not cut off.
		ictx := context.WithValue(context.WithoutCancel(ctx), httpAckKey{}, a)
		if head.Channel != nil {
			ictx = withChannelType(ictx, head.Channel.Type)
		}
		handled := make(chan struct{})
		go func() {
			defer m.wg.Done()
			defer close(handled)
			m.onInteraction(ictx, &i)
		}()
		timer := time.NewTimer(ackWait)
		defer timer.Stop()
		select {
		case resp := <-a.first:
			err := writeJSON(w, resp)
			if f, ok := w.(http.Flusher); ok && err == nil {
				f.Flush()
			}
			a.written <- err
		case <-handled:
			m.log.Error("interaction handled without a first response", "interaction", i.ID)
			http.Error(w, "no response", http.StatusInternalServerError)
		case <-timer.C:
			a.giveUp()
			m.log.Error("interaction not acknowledged within 3 s", "interaction", i.ID)
			http.Error(w, "timed out", http.StatusServiceUnavailable)
		case <-r.Context().Done():
			a.giveUp()
		}
	})
}

// verify returns why a request is refused, or "": its Ed25519 signature
// over timestamp+body must be the application's, and its timestamp within
// maxSkew of now.
func (m *Main) verify(h http.Header, body []byte, now time.Time) string {
	sigHex, ts := h.Get("X-Signature-Ed25519"), h.Get("X-Signature-Timestamp")
	if sigHex == "" || ts == "" {
		return "unsigned"
	}
	// discordgo.VerifyInteraction reads the request; the body is read
	// already, so it is given a request of its own.
	req := &http.Request{Header: h, Body: io.NopCloser(bytes.NewReader(body))}
	if !discordgo.VerifyInteraction(req, m.cfg.PublicKey) {
		return "wrong signature"
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return "timestamp not a number"
	}
	if d := now.Sub(time.Unix(sec, 0)); d > maxSkew || d < -maxSkew {
		return fmt.Sprintf("stale timestamp (%s off)", d.Round(time.Second))
	}
	return ""
}

// replays remembers the interaction IDs served within the last 2×maxSkew:
// a signed request sent again is refused, as a stale one is.
type replays struct {
	mu    sync.Mutex
	ids   map[string]time.Time
	swept time.Time
}

func (r *replays) first(id string, now time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if now.Sub(r.swept) > maxSkew {
		for k, at := range r.ids {
			if now.Sub(at) > 2*maxSkew || at.Sub(now) > 2*maxSkew {
				delete(r.ids, k)
			}
		}
		r.swept = now
	}
	if _, ok := r.ids[id]; ok {
		return false
	}
	r.ids[id] = now
	return true
}

func writeJSON(w http.ResponseWriter, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	_, err = w.Write(b)
	return err
}

// httpAck carries an interaction's first response from acknowledge to the
// endpoint that writes it as its answer.
type httpAck struct {
	first   chan *discordgo.InteractionResponse // unbuffered: taken by the endpoint
	written chan error

	gone chan struct{} // closed when the endpoint gave up
	once sync.Once

	mu   sync.Mutex
	done bool // responded
}

type httpAckKey struct{}

func httpAckOf(ctx context.Context) *httpAck {
	a, _ := ctx.Value(httpAckKey{}).(*httpAck)
	return a
}

var errAckGone = errors.New("the interactions endpoint gave up on the request (more than 3 s)")

// respond hands r to the endpoint and returns once it is written. An
// interaction is answered once: a second response is refused as Discord
// refuses it (40060).
func (a *httpAck) respond(r *discordgo.InteractionResponse) error {
	a.mu.Lock()
	if a.done {
		a.mu.Unlock()
		return errors.New("interaction already acknowledged")
	}
	a.done = true
	a.mu.Unlock()
	select {
	case a.first <- r:
		return <-a.written
	case <-a.gone:
		return errAckGone
	}
}

// giveUp tells a respond still to come, or waiting, that nobody reads it.
func (a *httpAck) giveUp() {
	a.once.Do(func() { close(a.gone) })
}

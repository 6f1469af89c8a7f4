package bot

import (
	"context"
	"errors"
	"math"
	"net"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// What an operator sees (docs/operations.md): /healthz (the process is
// up), /readyz (it can do its work: the store answers, and interactions
// can reach it — the gateway connected, or the interactions endpoint
// listening) and /metrics (Prometheus' text format). They are served on
// the interactions endpoint's listener in HTTP mode, beside it, and on
// Config.MetricsAddr when that is set (the only way to reach them in
// gateway mode, which has no listener of its own).
//
// Each Main has a registry of its own, not Prometheus' global one: tests
// run several bots in one process.

// metrics are one bot's Prometheus series.
type metrics struct {
	reg *prometheus.Registry

	interactions *prometheus.CounterVec   // kind, outcome
	ackLatency   prometheus.Histogram     // arrival → first response sent
	postLatency  *prometheus.HistogramVec // via: interaction (arrival → posted) or outbox (owed → posted)
	reminders    prometheus.Counter
	botCPU       *prometheus.HistogramVec // title: CPU seconds per decision (its _count: decisions)
	commits      *prometheus.HistogramVec // op: a write transaction, start to committed
}

// The outcomes of an interaction (tinners_interactions_total's outcome).
const (
	outcomeChanged         = "changed"          // it wrote to the store, and everything it sent was sent
	outcomeUnchanged       = "unchanged"        // it wrote nothing: a view, a refusal, a stale click
	outcomeSendFailed      = "send_failed"      // a post or edit failed; the reply says so
	outcomeError           = "error"            // the handler failed (a panic): "something went wrong"
	outcomeNotAcknowledged = "not_acknowledged" // the first response did not reach Discord: nothing was handled
)

// latencyBuckets (seconds) cover Discord's 3-s window finely and a slow
// post or an owed board's minutes coarsely.
var latencyBuckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 2.5, 3, 5, 10, 30, 60, 300}

// newMetrics registers m's series (and Go's and the process's own) in a
// registry of its own. The outbox's depth is read from the store at each
// scrape.
func newMetrics(m *Main) *metrics {
	reg := prometheus.NewRegistry()
	x := &metrics{
		reg: reg,
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tinners_interactions_total",
			Help: "Interactions received, by kind (command, component, modal_submit, autocomplete, other) and outcome (changed, unchanged, send_failed, error, not_acknowledged)."},
			[]string{"kind", "outcome"}),
		ackLatency: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "tinners_ack_latency_seconds",
			Help: "Time from an interaction's arrival to its first response (deferral, form or answer) sent; Discord allows 3 s.", Buckets: latencyBuckets}),
		postLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "tinners_post_latency_seconds",
			Help: "Time to a board or message posted in a channel: via=interaction from the interaction's arrival, via=outbox from when the post became owed.", Buckets: latencyBuckets},
			[]string{"via"}),
		reminders: prometheus.NewCounter(prometheus.CounterOpts{Name: "tinners_reminders_sent_total",
			Help: "Reminders posted in a table's channel."}),
		botCPU: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "tinners_bot_decision_cpu_seconds",
			Help:    "CPU time of each bot seat's decision (the search), by title; its _count is the decisions made.",
			Buckets: []float64{0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10}}, []string{"title"}),
		commits: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "tinners_storage_commit_seconds",
			Help:    "Time of each write transaction of the store, begun to committed (or failed), by operation.",
			Buckets: []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}}, []string{"op"}),
	}
	depth := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tinners_outbox_depth",
		Help: "Boards owed to their channels and not yet posted (NaN: the store did not answer)."}, m.outboxDepth)
	reg.MustRegister(x.interactions, x.ackLatency, x.postLatency, x.reminders, x.botCPU, x.commits, depth,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return x
}

// outboxDepth counts the owed posts, or NaN when the store does not
// answer within a second (or is not the project's own store).
func (m *Main) outboxDepth() float64 {
	st := m.outbox()
	if st == nil {
		return math.NaN()
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	owed, err := st.PendingPosts(ctx)
	if err != nil {
		return math.NaN()
	}
	return float64(len(owed))
}

// interactionKind is an interaction's kind as the metrics name it.
func interactionKind(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		return "command"
	case discordgo.InteractionMessageComponent:
		return "component"
	case discordgo.InteractionModalSubmit:
		return "modal_submit"
	case discordgo.InteractionApplicationCommandAutocomplete:
		return "autocomplete"
	}
	return "other"
}

// committed observes the store write op begun at start as a commit.
func (x *metrics) committed(op string, start time.Time) {
	if x != nil {
		x.commits.WithLabelValues(op).Observe(time.Since(start).Seconds())
	}
}

// operator is the handler of /healthz, /readyz and /metrics; every other
// path goes to next (the interactions endpoint), or is not found.
func (m *Main) operator(next http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if why := m.notReady(r.Context()); why != "" {
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write([]byte(why + "\n"))
			return
		}
		w.Write([]byte("ready\n"))
	})
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.met.reg, promhttp.HandlerOpts{}))
	if next != nil {
		mux.Handle("/", next)
	}
	return mux
}

// readyProbe is a table ID no table has (IDs are drawn from an alphabet
// without '-'): reading it asks the store to answer, and changes nothing.
const readyProbe = "readyz-probe"

// notReady says why the bot cannot do its work now, or "": the store
// must answer a read within 2 s, and interactions must be able to arrive
// (the gateway connected, or the endpoint listening); a bot shutting down
// is not ready.
func (m *Main) notReady(ctx context.Context) string {
	m.mu.Lock()
	closing := m.closing
	m.mu.Unlock()
	if closing {
		return "shutting down"
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if _, err := m.store.Table(ctx, readyProbe); err != nil && !errors.Is(err, kit.ErrNotFound) {
		m.log.Warn("readyz: the store did not answer", "err", err)
		return "storage unreachable"
	}
	if m.httpMode() {
		if !m.listening.Load() {
			return "interactions endpoint not listening"
		}
		return ""
	}
	if !m.connected.Load() {
		return "gateway not connected"
	}
	return ""
}

// serveOperator serves the operator's endpoints alone on
// Config.MetricsListener or Config.MetricsAddr until ctx is done. An
// address that cannot be listened on is logged and the bot runs on
// without them.
func (m *Main) serveOperator(ctx context.Context) (stop func()) {
	ln := m.cfg.MetricsListener
	if ln == nil {
		if m.cfg.MetricsAddr == "" {
			return func() {}
		}
		var err error
		if ln, err = net.Listen("tcp", m.cfg.MetricsAddr); err != nil {
			m.log.Warn("health and metrics endpoints are off: cannot listen", "addr", m.cfg.MetricsAddr, "err", err)
			return func() {}
		}
	}
	header, _, idle := m.httpTimeouts()
	srv := &http.Server{Handler: m.operator(nil), ReadHeaderTimeout: header, IdleTimeout: idle, MaxHeaderBytes: 16 << 10,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			m.log.Warn("health and metrics endpoints stopped", "err", err)
		}
	}()
	m.log.Info("health and metrics endpoints listening", "addr", ln.Addr().String())
	return func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
		<-done
	}
}

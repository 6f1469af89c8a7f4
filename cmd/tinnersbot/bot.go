package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/tinnersbot/tinnersbot/bot"
	"github.com/tinnersbot/tinnersbot/bot/genericui"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/storage"
)

// runBot runs the Discord bot until ctx is cancelled (SIGINT/SIGTERM).
// It reads DISCORD_TOKEN, TINNERS_DB (default ./tinners.db; or
// TINNERS_DATABASE_URL=postgres://… for PostgreSQL) and
// TINNERS_GUILD or --guild (register commands in one guild, for development).
// TINNERS_HTTP_ADDR or --http (an address such as :8080) receives
// interactions on Discord's HTTP interactions endpoint instead of the
// gateway; DISCORD_PUBLIC_KEY, the application's public key, is then
// required (README, "Interactions over HTTP").
// TINNERS_METRICS_ADDR or --metrics (e.g. :9090) serves /healthz, /readyz
// and /metrics on a listener of its own (docs/operations.md); in HTTP mode
// they are on the interactions endpoint's listener too.
// TINNERS_DISCORD_URL, for tests only, points it at a fake Discord on a
// loopback address (see loopbackClient); with it, TINNERS_LOADTEST=1 (or
// =render) makes the process a replica of `tinnersbot loadtest`, and
// TINNERS_LOADTEST_REMIND=2s its new tables' reminder interval.
func runBot(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	guild := fs.String("guild", os.Getenv("TINNERS_GUILD"), "register commands in this guild only (instant; for development)")
	db := fs.String("db", envOr("TINNERS_DB", "tinners.db"), "database file")
	httpAddr := fs.String("http", os.Getenv("TINNERS_HTTP_ADDR"), "receive interactions by HTTP on this address (Discord's Interactions Endpoint URL) instead of the gateway; needs DISCORD_PUBLIC_KEY")
	metricsAddr := fs.String("metrics", os.Getenv("TINNERS_METRICS_ADDR"), "serve /healthz, /readyz and /metrics on this address (e.g. :9090; in HTTP mode they are on the interactions address too)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	token := os.Getenv("DISCORD_TOKEN")
	if token == "" {
		fmt.Fprintln(stderr, "tinnersbot: DISCORD_TOKEN is not set; put the bot token in the DISCORD_TOKEN environment variable")
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	cfg := bot.Config{Token: token, DBPath: *db, DevGuild: *guild, Logger: logger, Titles: titles(), Renderers: renderers(), UIs: uis(), Generic: genericui.UI(),
		BackupSocket: storage.SocketPath(*db), MetricsAddr: *metricsAddr}
	if u := os.Getenv("TINNERS_DATABASE_URL"); u != "" {
		// PostgreSQL instead of the file; back it up with pg_dump.
		cfg.DBPath, cfg.BackupSocket = u, ""
	}
	if *httpAddr != "" {
		key, err := bot.ParsePublicKey(os.Getenv("DISCORD_PUBLIC_KEY"))
		if err != nil {
			fmt.Fprintf(stderr, "tinnersbot: interactions over HTTP (%s): %v; copy the application's Public Key from the Developer Portal\n", *httpAddr, err)
			return 2
		}
		cfg.HTTPAddr, cfg.PublicKey = *httpAddr, key
	}
	if u := os.Getenv("TINNERS_DISCORD_URL"); u != "" {
		c, err := loopbackClient(u)
		if err != nil {
			fmt.Fprintf(stderr, "tinnersbot: TINNERS_DISCORD_URL: %v\n", err)
			return 2
		}
		cfg.Client = c
		logger.Warn("talking to a local stand-in for Discord, not Discord", "url", u)
		if lt := os.Getenv("TINNERS_LOADTEST"); lt != "" {
			// A replica of `tinnersbot loadtest` (loadtest.go): a dead
			// replica's work is taken over within seconds, and the
			// pictures are placeholders unless the load test draws them.
			cfg.LeaseTTL, cfg.OutboxIdle, cfg.RemindTick = loadtestLeaseTTL, time.Second, time.Hour
			if every, err := time.ParseDuration(os.Getenv("TINNERS_LOADTEST_REMIND")); err == nil && every > 0 {
				// New tables remind that often; the tick looks four times as often.
				cfg.DefaultRemind, cfg.RemindTick = every, playtest.RemindTick(every)
			}
			if lt != "render" {
				cfg.Render = func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG fake board"), nil }
				cfg.RenderHand = func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG fake hand"), nil }
			}
		}
	}
	m, err := bot.New(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot: %v\n", err)
		return 1
	}
	runErr := m.Run(ctx)
	if err := m.Close(); err != nil {
		logger.Error("close", "err", err)
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "tinnersbot: %v\n", runErr)
		return 1
	}
	return 0
}

// loopbackClient returns an HTTP client that sends every request to the
// server at rawURL instead of Discord: tests run the binary against a
// fake Discord (bot/fakediscord) this way (TINNERS_DISCORD_URL). Only
// plain http on a loopback address is accepted, so the variable can never
// send the token anywhere else.
func loopbackClient(rawURL string) (*http.Client, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	host := u.Hostname()
	ip := net.ParseIP(host)
	if u.Scheme != "http" || (host != "localhost" && (ip == nil || !ip.IsLoopback())) {
		return nil, fmt.Errorf("%q is not http://<loopback address>:port; it is only for tests against a local fake", rawURL)
	}
	return &http.Client{Timeout: 20 * time.Second, Transport: loopbackTransport{host: u.Host}}, nil
}

type loopbackTransport struct{ host string }

func (t loopbackTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	r2.URL.Scheme, r2.URL.Host, r2.Host = "http", t.host, t.host
	return http.DefaultTransport.RoundTrip(r2)
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/storage/pgtest"
)

// runLoadtest plays many tables at once through a local fake Discord and
// one bot (playtest.Load), with random 429s and 5xx injected, and prints
// what it measured as JSON: interactions per second, acknowledgements
// within 3 s, click-to-ack and click-to-post times. Exit 1 when an
// interaction went unacknowledged or a table failed.
func runLoadtest(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	tables := fs.Int("tables", 100, "tables playing at once")
	players := fs.Int("players", 3, "players per table, 2..5")
	rate := fs.Float64("rate", 50, "interactions per second, all tables together (at most)")
	secs := fs.Float64("seconds", 60, "how long the players click")
	faults := fs.Float64("faults", 0.02, "probability that a request answering a player gets a 429 or 5xx instead")
	seed := fs.Uint64("seed", 1, "seed of the players' choices, the games and the faults")
	real := fs.Bool("render", false, "draw real pictures (slow) instead of placeholders")
	replicas := fs.Int("replicas", 0, "bot processes (this executable's run subcommand) in HTTP mode behind a round-robin proxy (0: one bot on the gateway, in this process); more than one needs --database")
	database := fs.String("database", "", "postgres://… URL of an empty database, or \"throwaway\" for a cluster of our own (needs PostgreSQL installed); empty: a BoltDB file")
	kill := fs.Bool("kill", true, "with several replicas, kill one with SIGKILL mid-way and start a new one")
	remind := fs.Duration("remind", 2*time.Second, "with replicas, new tables' reminder interval (the reminder tick runs at a quarter of it); 0: no reminders")
	idle := fs.Int("idle", -1, "with reminders, tables whose players stop a few interactions into the game (default: a tenth)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 || *tables < 1 || *players < tinners.MinSeats || *players > tinners.MaxSeats || *rate <= 0 || *secs <= 0 {
		fmt.Fprintln(stderr, "usage: tinnersbot loadtest [--replicas N --database postgres://…|throwaway [--kill=false] [--remind 2s] [--idle N]] [--tables 100] [--players 3] [--rate 50] [--seconds 60] [--faults 0.02] [--seed S] [--render]")
		return 2
	}
	opt := playtest.LoadOptions{Tables: *tables, Players: *players, Rate: *rate, Seed: *seed, FaultChance: *faults,
		Duration: time.Duration(*secs * float64(time.Second)), Replicas: *replicas, Database: *database}
	if *replicas > 0 && *remind > 0 {
		opt.RemindEvery, opt.Idle = *remind, *idle
		if opt.Idle < 0 {
			opt.Idle = max(1, *tables/10)
		}
	}
	if *kill && *replicas > 1 {
		opt.KillAt = opt.Duration / 2
	}
	if *database == "throwaway" {
		c, err := pgtest.Start()
		if err != nil {
			fmt.Fprintf(stderr, "tinnersbot loadtest: a throwaway PostgreSQL: %v\n", err)
			return 1
		}
		defer c.Stop()
		if opt.Database, err = c.NewDatabase(ctx); err != nil {
			fmt.Fprintf(stderr, "tinnersbot loadtest: %v\n", err)
			return 1
		}
	}
	if !*real {
		opt.Render = func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG fake board"), nil }
		opt.RenderHand = func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG fake hand"), nil }
	}
	if opt.Replicas > 0 {
		bin, err := loadtestBinary()
		if err != nil {
			fmt.Fprintf(stderr, "tinnersbot loadtest: the replicas' executable: %v\n", err)
			return 1
		}
		opt.Binary = bin
	}
	res, err := playtest.Load(ctx, opt)
	if res != nil {
		js, jerr := json.MarshalIndent(res, "", "  ")
		if jerr != nil {
			fmt.Fprintf(stderr, "tinnersbot loadtest: %v\n", jerr)
			return 1
		}
		stdout.Write(append(js, '\n'))
	}
	if err != nil {
		fmt.Fprintf(stderr, "tinnersbot loadtest: %v\n", err)
		return 1
	}
	if res.Unacked > 0 || res.AckedIn3s < res.Acked {
		fmt.Fprintf(stderr, "tinnersbot loadtest: %d unacknowledged, %d acknowledged later than 3 s\n", res.Unacked, res.Acked-res.AckedIn3s)
		return 1
	}
	return 0
}

// loadtestLeaseTTL is the lease time of a load test's replica process.
const loadtestLeaseTTL = playtest.LoadLeaseTTL

// loadtestBinary is the executable the load test starts its replicas
// from: this one (tests build one).
var loadtestBinary = os.Executable

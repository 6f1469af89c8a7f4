package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"time"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// runSim plays complete random games, checking invariants after every action.
func runSim(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 100, "number of games")
	players := fs.Int("players", 0, "players per game, 1..5 (1: the solo game against Lord Wallace; 0: a mix of 2..5)")
	seed := fs.Uint64("seed", 1, "first seed")
	record := fs.String("record", "", "write the last game's record to this file")
	modules := fs.String("options", "", "options, comma-separated: modules (arsenic, emigration, kickstarter) and, with --players 1, Lord Wallace's difficulty (better-mines, cheap-labour, more-mines, more-mines=2, deep-pockets, friends-in-high-places, financial-sabotage, bailing-out, shady-land-purchases)")
	game := fs.String("game", tinners.ID, "the title to play: "+titles().IDs())
	if err := fs.Parse(args); err != nil {
		return 2
	}
	t, err := titles().Get(*game)
	if err != nil {
		fmt.Fprintln(stderr, "sim:", err)
		return 2
	}
	if *game != tinners.ID {
		return simTitle(ctx, t, *games, *players, *seed, *modules, *record, stdout, stderr)
	}
	opts, err := tinners.ParseOptions(*modules)
	if err != nil {
		fmt.Fprintln(stderr, "sim:", err)
		return 2
	}
	if *players != 0 && (*players < tinners.SoloSeats || *players > tinners.MaxSeats) {
		fmt.Fprintln(stderr, "sim: --players must be 1..5 or 0")
		return 2
	}
	if (opts.Solo || opts.Difficulty()) && *players == 0 {
		fmt.Fprintln(stderr, "sim: the solo options are not playable in a mix of 2..5 players: add --players 1")
		return 2
	}
	check := *players
	if check == 0 {
		check = tinners.MinSeats
	}
	if _, err := tinners.NewGame(tinners.Setup{NumSeats: check, Options: opts}); err != nil {
		fmt.Fprintln(stderr, "sim:", err)
		return 2
	}
	start := time.Now()
	errs, actions := 0, 0
	var last *tinners.Record
	for g := 0; g < *games; g++ {
		if ctx.Err() != nil {
			break
		}
		n := *players
		if n == 0 {
			n = tinners.MinSeats + g%(tinners.MaxSeats-tinners.MinSeats+1)
		}
		gameSeed := *seed + uint64(g)
		rec, steps, err := simGame(n, gameSeed, opts)
		actions += steps
		if err != nil {
			errs++
			fmt.Fprintf(stderr, "game %d (%d players, seed %d): %v\n", g, n, gameSeed, err)
		}
		last = rec
	}
	el := time.Since(start).Seconds()
	fmt.Fprintf(stdout, "games=%d errors=%d actions=%d games_per_sec=%.0f\n", *games, errs, actions, float64(*games)/max(el, 1e-9))
	if *record != "" && last != nil {
		b, err := tinners.MarshalRecord(last)
		if err == nil {
			err = os.WriteFile(*record, b, 0o644)
		}
		if err != nil {
			fmt.Fprintln(stderr, "sim:", err)
			return 1
		}
	}
	if errs > 0 {
		return 1
	}
	return 0
}

// simGame plays one random game and returns its record.
func simGame(n int, seed uint64, opts tinners.Options) (*tinners.Record, int, error) {
	rec := &tinners.Record{Edition: tinners.Title.Meta().Edition, Options: opts, Seed: seed} // the current edition
	for i := 0; i < n; i++ {
		rec.Seats = append(rec.Seats, fmt.Sprintf("Player %d", i+1))
	}
	s, err := tinners.NewGame(rec.SetupOf())
	if err != nil {
		return rec, 0, err
	}
	// The choice of moves uses its own generator, seeded from the game seed;
	// the game's randomness stays inside the engine.
	r := rand.New(rand.NewPCG(seed, 0x5151))
	_, log, err := tinners.RandomPlayout(s, func(k int) int { return r.IntN(k) }, true, 10000)
	for _, a := range log {
		rec.Actions = append(rec.Actions, a.String())
	}
	return rec, len(log), err
}

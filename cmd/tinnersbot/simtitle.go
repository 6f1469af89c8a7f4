package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"time"

	"github.com/tinnersbot/tinnersbot/engine"
)

// simTitle is `sim` for any title through the engine contract: random
// games with the title's invariants checked after every action.
func simTitle(ctx context.Context, t engine.Title, games, players int, seed uint64, options, record string, stdout, stderr io.Writer) int {
	meta := t.Meta()
	opts, err := t.ParseOptions(options)
	if err != nil {
		fmt.Fprintln(stderr, "sim:", err)
		return 2
	}
	if players != 0 && (players < meta.MinSeats || players > meta.MaxSeats) {
		fmt.Fprintf(stderr, "sim: --players must be %d..%d or 0\n", meta.MinSeats, meta.MaxSeats)
		return 2
	}
	check := invariants[meta.ID]
	start := time.Now()
	errs, actions := 0, 0
	var last *engine.Record
	for g := 0; g < games && ctx.Err() == nil; g++ {
		n := players
		if n == 0 {
			n = meta.MinSeats + g%(meta.MaxSeats-meta.MinSeats+1)
		}
		rec := &engine.Record{Title: meta.ID, Edition: meta.Edition, Options: opts, Seed: seed + uint64(g)}
		for i := 0; i < n; i++ {
			rec.Seats = append(rec.Seats, fmt.Sprintf("Player %d", i+1))
		}
		m, err := t.New(rec.SetupOf())
		if err == nil {
			if check != nil {
				err = check(m)
			}
		}
		if err == nil {
			r := rand.New(rand.NewPCG(rec.Seed, 0x5151))
			var log []engine.Action
			_, log, err = engine.RandomPlayout(m, func(k int) int { return r.IntN(k) }, 20000, check)
			rec.Actions = engine.Strings(log)
			actions += len(log)
		}
		if err != nil {
			errs++
			fmt.Fprintf(stderr, "game %d (%d players, seed %d): %v\n", g, n, rec.Seed, err)
		}
		last = rec
	}
	el := time.Since(start).Seconds()
	fmt.Fprintf(stdout, "games=%d errors=%d actions=%d games_per_sec=%.0f\n", games, errs, actions, float64(games)/max(el, 1e-9))
	if record != "" && last != nil {
		b, err := engine.MarshalRecord(last)
		if err == nil {
			err = os.WriteFile(record, b, 0o644)
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

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/autoplay"
)

// runArena plays seat-rotated tournaments between the bot and the baseline
// players and prints win rates and mean score margins with 95 % intervals.
// It is a benchmark: it measures strength, and its time is whatever the
// budget costs.
func runArena(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "tinners", "the title to play: "+titles().IDs())
	seats := fs.String("seats", "bot,random", "a player per seat, comma-separated: "+strings.Join(autoplay.PlayerNames, ", "))
	games := fs.Int("games", 40, "games to play (rotations of the seats: a multiple of the seat count plays every deal from every seat)")
	budget := fs.Int("budget", 0, "the bot's play-outs per decision (0: the table's budget for the title)")
	depth := fs.Int("depth", 0, "actions per play-out before the evaluation (0: the default; -1: to the end)")
	options := fs.String("options", "", "the title's options, comma-separated")
	seed := fs.Uint64("seed", 1, "seed of the deals and of every decision")
	quiet := fs.Bool("quiet", false, "print only the final figures")
	workers := fs.Int("workers", 1, "games played at once, one goroutine each (the figures do not depend on it)")
	trace := fs.Bool("trace", false, "print every game's actions and log in English (to stdout)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	t, err := titles().Get(*game)
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 2
	}
	p := autoplay.DefaultParams(*game, 0)
	if *budget > 0 {
		p.Playouts = *budget
	}
	if *depth != 0 {
		p.Depth = *depth
	}
	cfg := autoplay.ArenaConfig{Title: t, Options: *options, Seats: strings.Split(*seats, ","), Games: *games, Params: p, Seed: *seed, Workers: *workers}
	if *trace {
		loc := i18n.Localizer(i18n.English)
		var mu sync.Mutex
		cfg.Trace = func(g int, player string, a engine.Action, events []engine.Event) {
			mu.Lock()
			defer mu.Unlock()
			fmt.Fprintf(stdout, "game %d: %s (seat %d) plays %s\n", g, player, a.Actor(), a)
			for _, e := range events {
				fmt.Fprintf(stdout, "game %d:     %s\n", g, engine.FormatLine(loc.Message(e.Message, e.Message.String()), nil))
			}
		}
	}
	start := time.Now()
	if !*quiet {
		cfg.Progress = func(done int, sofar *autoplay.ArenaResult) {
			if done%20 == 0 && done < *games {
				fmt.Fprintf(stderr, "arena: %d/%d games, %s\n", done, *games, time.Since(start).Round(time.Second))
				printStandings(stderr, sofar)
			}
		}
	}
	type outcome struct {
		res *autoplay.ArenaResult
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := autoplay.Arena(cfg)
		done <- outcome{res, err}
	}()
	var res *autoplay.ArenaResult
	select {
	case <-ctx.Done():
		fmt.Fprintln(stderr, "arena: interrupted")
		return 1
	case o := <-done:
		res, err = o.res, o.err
	}
	if err != nil {
		fmt.Fprintln(stderr, "arena:", err)
		return 1
	}
	fmt.Fprintf(stdout, "arena: %s, options %q, seats %s, %d games, bot budget %d play-outs of depth %d, seed %d, %s\n",
		*game, *options, *seats, res.Games, p.Playouts, p.Depth, *seed, time.Since(start).Round(time.Second))
	printStandings(stdout, res)
	return 0
}

// printStandings prints one line per player of res.
func printStandings(w io.Writer, res *autoplay.ArenaResult) {
	for _, st := range res.Standings {
		fmt.Fprintf(w, "  %-7s seats %4d  wins %6.1f  win rate %5.1f %% [%5.1f, %5.1f]  mean margin %+6.1f ± %.1f\n",
			st.Name, st.Games, st.Wins, 100*st.WinRate, 100*st.Low, 100*st.High, st.Margin, st.MarginCI)
	}
}

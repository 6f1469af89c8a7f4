package main

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestArenaRuns: the arena subcommand plays a small seat-rotated
// tournament and prints one line per player whose seats add up to the
// games times the seats and whose wins add up to the games.
func TestArenaRuns(t *testing.T) {
	var out, errb bytes.Buffer
	code := dispatch(context.Background(), []string{"arena", "--game", "mineshaft", "--seats", "bot,random", "--games", "2", "--budget", "8", "--quiet"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	re := regexp.MustCompile(`(?m)^  (\w+) +seats +(\d+) +wins +([\d.]+) +win rate +([\d.]+) % \[ *([\d.]+), *([\d.]+)\]`)
	lines := re.FindAllStringSubmatch(out.String(), -1)
	if len(lines) != 2 {
		t.Fatalf("want a line per player:\n%s", out.String())
	}
	seats, wins := 0, 0.0
	for _, l := range lines {
		n, _ := strconv.Atoi(l[2])
		w, _ := strconv.ParseFloat(l[3], 64)
		rate, _ := strconv.ParseFloat(l[4], 64)
		lo, _ := strconv.ParseFloat(l[5], 64)
		hi, _ := strconv.ParseFloat(l[6], 64)
		seats += n
		wins += w
		if rate < lo || rate > hi {
			t.Fatalf("rate %v outside [%v, %v]", rate, lo, hi)
		}
	}
	if seats != 4 || wins != 2 {
		t.Fatalf("seats %d (want 4), wins %v (want 2):\n%s", seats, wins, out.String())
	}
	testenv.Played(t, 2)
	if testenv.Pick(t, false) { // the full pass plays it: it adds 3 s under -race
		arenaTraceSameFigures(t, out.String())
	}
	if code := dispatch(context.Background(), []string{"arena", "--seats", "bot,nobody", "--games", "1"}, &out, &errb); code == 0 {
		t.Fatalf("an unknown player was accepted")
	}
}

// arenaTraceSameFigures: the tournament of TestArenaRuns (whose output
// was out) played on two workers with --trace prints every game's moves
// by player and the same standings.
func arenaTraceSameFigures(t *testing.T, out string) {
	var traced, errb bytes.Buffer
	args := []string{"arena", "--game", "mineshaft", "--seats", "bot,random", "--games", "2", "--budget", "8", "--quiet", "--workers", "2", "--trace"}
	if code := dispatch(context.Background(), args, &traced, &errb); code != 0 {
		t.Fatalf("--workers 2 --trace: exit %d: %s", code, errb.String())
	}
	testenv.Played(t, 2)
	for _, want := range []string{"game 0: bot (seat 0) plays ", "game 1: random (seat 0) plays "} {
		if !strings.Contains(traced.String(), want) {
			t.Fatalf("the trace has no %q", want)
		}
	}
	// The standings (after the heading, whose time differs) are those of
	// one worker.
	standings := func(s string) string { return s[strings.Index(s, "\n  "):] }
	if got, want := standings(traced.String()[strings.Index(traced.String(), "arena: mineshaft"):]), standings(out); got != want {
		t.Fatalf("--workers 2 printed\n%s\nnot the figures of one worker\n%s", got, want)
	}
}

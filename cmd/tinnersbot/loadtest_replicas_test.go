package main

import (
	"bytes"
	"context"
	"encoding/json"
	"runtime"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"github.com/tinnersbot/tinnersbot/storage/pgtest"
)

// TestLoadtestReplicas runs the several-process load test small: two bot
// processes (the binary, built here) in HTTP mode on one PostgreSQL
// database behind the round-robin, ten tables, random 429s and 5xx, one
// process killed with SIGKILL mid-way and replaced, reminders every
// 400 ms with three tables left idle. Every interaction but those the
// killed process took with it is acknowledged within 3 s, every game
// replays, no hand-off post is left owed or posted twice, every
// acknowledged move is in the stored logs exactly once, and no reminder is
// doubled or lost (the counts' own tests: TestCountMoves,
// TestCountReminders in bot/playtest). The full pass only; the figures
// come from `tinnersbot loadtest`.
func TestLoadtestReplicas(t *testing.T) {
	testenv.FullOnly(t)
	if runtime.GOOS == "windows" {
		t.Skip("SIGTERM")
	}
	url := pgtest.URL(t)
	bin := builtBinary(t)
	defer func(old func() (string, error)) { loadtestBinary = old }(loadtestBinary)
	loadtestBinary = func() (string, error) { return bin, nil }
	var out, errb bytes.Buffer
	args := []string{"--replicas", "2", "--database", url, "--tables", "10", "--rate", "40", "--seconds", "4", "--faults", "0.05",
		"--remind", "400ms", "--idle", "3"}
	if code := runLoadtest(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out.String(), errb.String())
	}
	var res playtest.LoadResult
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	testenv.Played(t, res.GamesFinished)
	if res.Backend != "postgres" || res.Replicas != 2 || res.Killed != 1 {
		t.Errorf("not two replicas on PostgreSQL with one killed: %s", out.String())
	}
	// Every game started replays; on a loaded machine a table or two may
	// still be in its lobby when the 4 seconds end (no game: countStored),
	// so most tables, not all, must have started one.
	if res.Interactions < 30 || res.Acked != res.Interactions || res.LostAtKill > 20 || res.AckedIn3s != res.Acked || res.Replayed != res.Games || res.Games < 6 {
		t.Errorf("result: %s", out.String())
	}
	if res.OwedLeft != 0 || res.Doubled != 0 {
		t.Errorf("%d posts lost, %d doubled", res.OwedLeft, res.Doubled)
	}
	if res.Moves < 10 || res.MoveActions < res.Moves || len(res.MoveErrors) > 0 {
		t.Errorf("move count: %d moves, %d actions, problems %q", res.Moves, res.MoveActions, res.MoveErrors)
	}
	// An idle table owes three nudges by the end (a table whose game had
	// not started on a busy machine does not go idle).
	if res.IdleTables < 1 || res.Reminders < 3*res.IdleTables || res.RemindersDoubled+res.RemindersLost > 0 {
		t.Errorf("reminders: %d idle tables, %d posted, %d doubled, %d lost: %q",
			res.IdleTables, res.Reminders, res.RemindersDoubled, res.RemindersLost, res.ReminderErrors)
	}
	if code := runLoadtest(context.Background(), []string{"--replicas", "2"}, &out, &errb); code != 1 {
		t.Errorf("two replicas on BoltDB: exit %d", code)
	}
}

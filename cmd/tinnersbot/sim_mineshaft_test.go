package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestSimMineShaft: --game mineshaft plays random Mine Shaft games of every
// player count with the title's invariants after every action, and
// --record writes a record that replay reads back.
func TestSimMineShaft(t *testing.T) {
	var out, errb bytes.Buffer
	rec := filepath.Join(t.TempDir(), "ms.json")
	if code := runSim(context.Background(), []string{"--game", "mineshaft", "--games", "6", "--record", rec}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "games=6 errors=0") {
		t.Fatalf("sim printed %q", out.String())
	}
	testenv.Played(t, 6)
	out.Reset()
	if code := runReplay(context.Background(), []string{rec}, &out, &errb); code != 0 {
		t.Fatalf("replay: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), `"title": "mineshaft"`) || !strings.Contains(out.String(), `"over": true`) {
		t.Fatalf("replay printed %s", out.String())
	}
	if code := runSim(context.Background(), []string{"--game", "mineshaft", "--players", "5"}, &out, &errb); code != 2 {
		t.Fatal("5 Mine Shaft players were accepted")
	}
}

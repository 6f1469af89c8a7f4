package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestReplayPrintsAsBeforeTitles replays every Tinners' Trail golden record
// (the records of engine/tinners/testdata) and compares the output with
// what the build before the title contract printed for them
// (testdata/replay/*.out, written by that build): byte for byte the same.
func TestReplayPrintsAsBeforeTitles(t *testing.T) {
	outs, _ := filepath.Glob("testdata/replay/*.out")
	if len(outs) < 8 {
		t.Fatalf("%d expected outputs", len(outs))
	}
	for _, want := range outs {
		name := strings.TrimSuffix(filepath.Base(want), ".out")
		t.Run(name, func(t *testing.T) {
			var golden struct{ Record json.RawMessage }
			b, err := os.ReadFile(filepath.Join("..", "..", "engine", "tinners", "testdata", name+".json"))
			if err == nil {
				err = json.Unmarshal(b, &golden)
			}
			if err != nil {
				t.Fatal(err)
			}
			rec := filepath.Join(t.TempDir(), "rec.json")
			if err := os.WriteFile(rec, golden.Record, 0o600); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if code := runReplay(context.Background(), []string{rec}, &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			exp, _ := os.ReadFile(want)
			if !bytes.Equal(stdout.Bytes(), exp) {
				t.Fatalf("replay prints\n%s\nwant\n%s", stdout.String(), exp)
			}
		})
	}
}

// TestReplaySolo: a solo record's replay names Lord Wallace's points and
// the real winner (the player only with more points than his).
func TestReplaySolo(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "solo.json")
	var out, errb bytes.Buffer
	if code := runSim(context.Background(), []string{"--games", "1", "--players", "1", "--seed", "5", "--record", rec}, &out, &errb); code != 0 {
		t.Fatalf("sim: %s", errb.String())
	}
	testenv.Played(t, 1)
	out.Reset()
	if code := runReplay(context.Background(), []string{rec}, &out, &errb); code != 0 {
		t.Fatalf("replay: %s", errb.String())
	}
	var got struct {
		Seats []struct {
			Points int `json:"points"`
		} `json:"seats"`
		Winner  string `json:"winner"`
		Wallace *int   `json:"lordWallace"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || got.Wallace == nil || len(got.Seats) != 1 {
		t.Fatalf("replay printed %s (%v)", out.String(), err)
	}
	want := "Player 1"
	if got.Seats[0].Points <= *got.Wallace {
		want = "Lord Wallace"
	}
	if got.Winner != want {
		t.Fatalf("winner %q with %d points against his %d", got.Winner, got.Seats[0].Points, *got.Wallace)
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestPlaytest plays a 2-player game with --out and checks what it wrote.
// Outside the full pass (under -short or -race) the pictures are placeholders
// (--fake-render): rendering every board under -race is what takes the time.
func TestPlaytest(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	args := []string{"--players", "2", "--seed", "1", "--out", dir}
	if !testenv.Full() {
		args = append(args, "--fake-render")
	}
	var out, errb bytes.Buffer
	if code := runPlaytest(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out.String(), errb.String())
	}
	b, err := os.ReadFile(filepath.Join(dir, "stats.json"))
	if err != nil {
		t.Fatal(err)
	}
	var st playtest.Stats
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	if !st.Completed || st.PublicPosts == 0 || st.EngineActions == 0 || st.Winner == nil || st.Winner.UserID == "" || st.Seats != 2 {
		t.Errorf("stats do not describe a completed 2-player game:\n%s", b)
	}
	if st.Completed {
		testenv.Played(t, 1)
	}
	if st.Interactions < st.EngineActions {
		t.Errorf("%d interactions cannot have made %d engine actions", st.Interactions, st.EngineActions)
	}
	tr, err := os.ReadFile(filepath.Join(dir, "transcript.md"))
	if err != nil || !strings.Contains(string(tr), "Game over") {
		t.Errorf("transcript (%v) does not reach the end", err)
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "[0-9][0-9][0-9]-*.png"))
	if len(pngs) < st.ImagePosts || len(pngs) == 0 {
		t.Errorf("%d PNG files, stats say %d image posts", len(pngs), st.ImagePosts)
	}
	if _, err := os.Stat(filepath.Join(dir, "tinners.db")); err != nil {
		t.Errorf("database not kept: %v", err)
	}
}

func TestPlaytestUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runPlaytest(context.Background(), []string{"--players", "7"}, &out, &errb); code != 2 {
		t.Errorf("exit %d for 7 players, want 2", code)
	}
}

// TestFaultRecordPlaytest: playtest --record FILE writes every request the
// bot made to the fake Discord as JSON lines, multipart posts with their
// payload_json and file names and sizes.
func TestFaultRecordPlaytest(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "requests.jsonl")
	var out, errb bytes.Buffer
	if code := runPlaytest(context.Background(), []string{"--players", "2", "--seed", "3", "--fake-render", "--record", rec}, &out, &errb); code != 0 {
		t.Fatalf("exit %d\nstderr: %s", code, errb.String())
	}
	var st playtest.Stats
	if err := json.Unmarshal(out.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	if st.Completed {
		testenv.Played(t, 1)
	}
	b, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	var posts, files, callbacks int
	for _, l := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var r fakediscord.Recorded
		if err := json.Unmarshal(l, &r); err != nil || r.Method == "" || r.Path == "" || r.Status == 0 {
			t.Fatalf("bad line %q: %v", l, err)
		}
		if r.Method == "POST" && strings.HasPrefix(r.Path, "/channels/") && strings.HasSuffix(r.Path, "/messages") {
			posts++
			if !json.Valid(r.Body) || !bytes.Contains(r.Body, []byte(`"content"`)) {
				t.Errorf("post without its JSON body: %s", l)
			}
		}
		for _, f := range r.Files {
			if f.Name == "" || f.Size == 0 {
				t.Errorf("file without name or size: %s", l)
			}
			files++
		}
		if strings.HasSuffix(r.Path, "/callback") {
			callbacks++
		}
	}
	if posts < st.PublicPosts || files == 0 || callbacks != st.Interactions {
		t.Errorf("record: %d channel posts (stats %d), %d files, %d callbacks for %d interactions", posts, st.PublicPosts, files, callbacks, st.Interactions)
	}
}

// TestLoadtestCommand runs a tiny load test and reads its JSON.
func TestLoadtestCommand(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"--tables", "3", "--rate", "40", "--seconds", "1", "--faults", "0.05"}
	if code := runLoadtest(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out.String(), errb.String())
	}
	var res playtest.LoadResult
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	testenv.Played(t, res.GamesFinished)
	if res.Tables != 3 || res.Interactions == 0 || res.Acked != res.Interactions || res.Replayed != res.Games || res.PostP99 == 0 {
		t.Errorf("result: %s", out.String())
	}
	if code := runLoadtest(context.Background(), []string{"--players", "9"}, &out, &errb); code != 2 {
		t.Errorf("--players 9: exit %d", code)
	}
}

// TestPlaytestBrass plays whole Brass: Birmingham games of 3, 2 and 4
// players (3 only outside the full pass) with --game brass --out
// (placeholder pictures: the bot's own test draws them), and checks each
// completed through both eras with nobody pinged by their own move.
func TestPlaytestBrass(t *testing.T) {
	// The full pass plays all three; under -race the bot package's Brass
	// game and TestPlaytest's command cover the flow.
	testenv.FullOnly(t)
	for _, n := range []int{3, 2, 4} {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			var out, errb bytes.Buffer
			if code := runPlaytest(context.Background(), []string{"--game", "brass", "--players", fmt.Sprint(n), "--seed", "1", "--out", dir, "--fake-render"}, &out, &errb); code != 0 {
				t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out.String(), errb.String())
			}
			b, err := os.ReadFile(filepath.Join(dir, "stats.json"))
			if err != nil {
				t.Fatal(err)
			}
			var st playtest.Stats
			if err := json.Unmarshal(b, &st); err != nil {
				t.Fatal(err)
			}
			if !st.Completed || st.Seats != n || st.Winner == nil || st.SelfPings != 0 || st.Unanswered != 0 || st.Pings == 0 {
				t.Errorf("stats do not describe a completed %d-player game without self-pings:\n%s", n, b)
			}
			if st.Completed {
				testenv.Played(t, 1)
			}
			tr, err := os.ReadFile(filepath.Join(dir, "transcript.md"))
			if err != nil || !strings.Contains(string(tr), "Brass: Birmingham") || !strings.Contains(string(tr), "The Rail era begins") {
				t.Errorf("transcript (%v) does not show a Brass game through both eras", err)
			}
		})
	}
}

// TestPlaytestMineshaft plays a whole mine-shaft game of 2, 3 and 4
// players with `playtest --game mineshaft --out DIR`: each completes with
// a winner, nobody pings themself, and the pictures are written. The
// 2-player game draws the real pictures (placeholders outside the full
// pass); the others always use placeholders.
func TestPlaytestMineshaft(t *testing.T) {
	// The full pass plays all three; under -race the bot package's Mine
	// Shaft game and TestPlaytest's command cover the flow.
	testenv.FullOnly(t)
	for _, n := range []string{"2", "3", "4"} {
		t.Run(n+"p", func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			args := []string{"--game", "mineshaft", "--players", n, "--seed", "1", "--out", dir}
			if n != "2" || !testenv.Full() {
				args = append(args, "--fake-render")
			}
			var out, errb bytes.Buffer
			if code := runPlaytest(context.Background(), args, &out, &errb); code != 0 {
				t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out.String(), errb.String())
			}
			b, err := os.ReadFile(filepath.Join(dir, "stats.json"))
			if err != nil {
				t.Fatal(err)
			}
			var st playtest.Stats
			if err := json.Unmarshal(b, &st); err != nil {
				t.Fatal(err)
			}
			if !st.Completed || st.Winner == nil || fmt.Sprint(st.Seats) != n || st.SelfPings != 0 || st.Unanswered != 0 || st.Handoffs == 0 {
				t.Errorf("stats do not describe a completed %sp game without self-pings:\n%s", n, b)
			}
			if st.Completed {
				testenv.Played(t, 1)
			}
			pngs, _ := filepath.Glob(filepath.Join(dir, "[0-9][0-9][0-9]-*.png"))
			if len(pngs) < st.ImagePosts || len(pngs) == 0 {
				t.Errorf("%d PNG files, stats say %d image posts", len(pngs), st.ImagePosts)
			}
			t.Logf("%sp: %d hand-offs, %d pings, %d interactions, %d actions, %d pictures (%d bytes)", n, st.Handoffs, st.Pings, st.Interactions, st.EngineActions, st.ImagePosts, st.ImageBytes)
		})
	}
}

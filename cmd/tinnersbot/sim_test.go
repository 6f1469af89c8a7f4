package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestSimModules: random games with the Kickstarter pack and Emigration,
// alone and with the other modules, replay and render.
func TestSimModules(t *testing.T) {
	for _, opts := range []string{"kickstarter", "arsenic,kickstarter", "emigration", "arsenic,emigration,kickstarter"} {
		rec := filepath.Join(t.TempDir(), "r.json")
		var out, errb bytes.Buffer
		if code := runSim(context.Background(), []string{"--options", opts, "--games", "20", "--record", rec}, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", opts, code, errb.String())
		}
		if !strings.Contains(out.String(), "errors=0") {
			t.Fatal(out.String())
		}
		testenv.Played(t, 20)
		if code, _, _ := run(t, "replay", rec); code != 0 {
			t.Fatalf("replay of a %s record: exit %d", opts, code)
		}
		png := filepath.Join(t.TempDir(), "b.png")
		if code, _, errs := run(t, "render", rec, "--at", "40", "-o", png); code != 0 {
			t.Fatalf("render of a %s record: exit %d %s", opts, code, errs)
		}
	}
}

func TestSimArsenic(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "r.json")
	var out, errb bytes.Buffer
	if code := runSim(context.Background(), []string{"--options", "arsenic", "--games", "20", "--record", rec}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "errors=0") {
		t.Fatal(out.String())
	}
	testenv.Played(t, 20)
	code, _, _ := run(t, "replay", rec)
	if code != 0 {
		t.Fatalf("replay of an arsenic record: exit %d", code)
	}
	errb.Reset()
	if code := runSim(context.Background(), []string{"--options", "solo"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "not playable") {
		t.Fatalf("solo: exit %d %q", code, errb.String())
	}
	if code := runSim(context.Background(), []string{"--options", "arsnic"}, &out, &errb); code != 2 {
		t.Fatal("a misspelt module was accepted")
	}
}

// TestSimGameFlag: --game tinners is the default; a title that is not
// installed is refused with a usage error naming the installed ones.
func TestSimGameFlag(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runSim(context.Background(), []string{"--game", "tinners", "--games", "3", "--options", "arsenic,emigration,kickstarter"}, &out, &errb); code != 0 {
		t.Fatalf("--game tinners: exit %d: %s", code, errb.String())
	}
	testenv.Played(t, 3)
	errb.Reset()
	if code := runSim(context.Background(), []string{"--game", "chess", "--games", "1"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "installed: tinners") {
		t.Fatalf("--game chess: exit %d: %s", code, errb.String())
	}
}

// TestSimCoalBaron: --game coalbaron plays random Coal Baron games of every
// player count with the title's invariants after every action, and
// --record writes a record that replay reads back.
func TestSimCoalBaron(t *testing.T) {
	var out, errb bytes.Buffer
	rec := filepath.Join(t.TempDir(), "cb.json")
	if code := runSim(context.Background(), []string{"--game", "coalbaron", "--games", "6", "--record", rec}, &out, &errb); code != 0 {
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
	if !strings.Contains(out.String(), `"title": "coalbaron"`) || !strings.Contains(out.String(), `"over": true`) {
		t.Fatalf("replay printed %s", out.String())
	}
	if code := runSim(context.Background(), []string{"--game", "coalbaron", "--players", "5"}, &out, &errb); code != 2 {
		t.Fatal("5 Coal Baron players were accepted")
	}
}

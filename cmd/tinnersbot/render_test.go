package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// writeRecord plays a random 3-player game for a while and writes its record.
func writeRecord(t *testing.T, dir string) (string, int) {
	t.Helper()
	s, err := tinners.NewGame(tinners.Setup{NumSeats: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(7))
	s, acts, _ := tinners.RandomPlayout(s, r.Intn, false, 60)
	_ = s
	rec := &tinners.Record{Edition: tinners.Standard.Version, Seats: []string{"Ann", "Ben", "Cat"}, Seed: 7}
	for _, a := range acts {
		rec.Actions = append(rec.Actions, a.String())
	}
	b, err := tinners.MarshalRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "game.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, len(acts)
}

func TestRunRender(t *testing.T) {
	dir := t.TempDir()
	rec, n := writeRecord(t, dir)
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"all actions", []string{rec, "-o", filepath.Join(dir, "all.png"), "--layout", filepath.Join(dir, "all.json")}, 0, "actions"},
		{"full board", []string{rec, "--full", "-o", filepath.Join(dir, "full.png"), "--layout", filepath.Join(dir, "full.json")}, 0, "actions"},
		{"flags after file", []string{rec, "--at", "10", "-o", filepath.Join(dir, "at10.png")}, 0, "10 of"},
		{"flags before file", []string{"--at=0", "-o", filepath.Join(dir, "at0.png"), rec}, 0, "0 of"},
		{"missing output", []string{rec}, 2, "usage"},
		{"at beyond the end", []string{rec, "--at", "100000", "-o", filepath.Join(dir, "x.png")}, 2, "has"},
		{"missing file", []string{filepath.Join(dir, "nope.json"), "-o", filepath.Join(dir, "x.png")}, 1, "render:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := runRender(context.Background(), tc.args, &stdout, &stderr)
			if code != tc.code {
				t.Fatalf("code %d, want %d; stderr %s", code, tc.code, stderr.String())
			}
			if !strings.Contains(stdout.String()+stderr.String(), tc.want) {
				t.Errorf("output %q / %q lacks %q", stdout.String(), stderr.String(), tc.want)
			}
		})
	}
	for _, f := range []string{"all.png", "at10.png", "at0.png", "full.png"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		want := tinnersimg.TurnW
		if f == "full.png" {
			want, _ = tinnersimg.CanvasSize(tinners.PublicView{}) // the current edition's board
		}
		if img.Bounds().Dx() != want {
			t.Errorf("%s: %d px wide, want %d", f, img.Bounds().Dx(), want)
		}
	}
	for _, f := range []string{"all.json", "full.json"} {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		var l struct {
			Width, Height int
			Texts         []struct {
				Text   string
				X, Y   float64
				SizePx float64 `json:"size_px"`
				Role   string
			}
		}
		if err := json.Unmarshal(b, &l); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if l.Width <= 0 || l.Height <= 0 || len(l.Texts) < 20 || l.Texts[0].SizePx <= 0 || l.Texts[0].Role == "" {
			t.Errorf("%s: layout %dx%d with %d texts: %+v", f, l.Width, l.Height, len(l.Texts), l.Texts[:min(len(l.Texts), 1)])
		}
	}
	_ = n
}

// TestRenderCoalBaron: render reads a Coal Baron record and draws its turn
// picture (and, with --full, its board) through the title's renderer.
func TestRenderCoalBaron(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "cb.json")
	var out, errb bytes.Buffer
	if code := runSim(context.Background(), []string{"--game", "coalbaron", "--games", "1", "--players", "3", "--record", rec}, &out, &errb); code != 0 {
		t.Fatalf("sim: %s", errb.String())
	}
	testenv.Played(t, 1)
	for _, full := range []bool{false, true} {
		png := filepath.Join(dir, fmt.Sprintf("cb-%v.png", full))
		args := []string{rec, "--at", "40", "-o", png}
		if full {
			args = append(args, "--full")
		}
		out.Reset()
		if code := runRender(context.Background(), args, &out, &errb); code != 0 {
			t.Fatalf("render %v: exit %d: %s", args, code, errb.String())
		}
		b, err := os.ReadFile(png)
		if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) || !strings.Contains(out.String(), "40 of") {
			t.Fatalf("render wrote %d bytes (%v), said %q", len(b), err, out.String())
		}
	}
}

// TestRenderLocale: --locale pl draws the pictures' words in Polish, for
// Tinners' Trail (its layout says "Runda") and Coal Baron (another picture
// than the English one); an unknown locale is a usage error.
func TestRenderLocale(t *testing.T) {
	dir := t.TempDir()
	rec, _ := writeRecord(t, dir)
	var out, errb bytes.Buffer
	lay := func(locale string) string {
		t.Helper()
		l := filepath.Join(dir, "layout-"+locale+".json")
		args := []string{rec, "-o", filepath.Join(dir, "tt-"+locale+".png"), "--layout", l, "--locale", locale}
		if code := runRender(context.Background(), args, &out, &errb); code != 0 {
			t.Fatalf("render %v: exit %d: %s", args, code, errb.String())
		}
		b, err := os.ReadFile(l)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if en, pl := lay("en"), lay("pl"); !strings.Contains(en, `"Round `) || !strings.Contains(pl, `"Runda `) || strings.Contains(pl, `"Round `) {
		t.Errorf("layouts: English has Round %v, Polish has Runda %v", strings.Contains(en, `"Round `), strings.Contains(pl, `"Runda `))
	}
	if code := runRender(context.Background(), []string{rec, "-o", filepath.Join(dir, "x.png"), "--locale", "de"}, &out, &errb); code != 2 {
		t.Errorf("--locale de: exit %d, want 2", code)
	}

	cb := filepath.Join(dir, "cb.json")
	if code := runSim(context.Background(), []string{"--game", "coalbaron", "--games", "1", "--players", "3", "--record", cb}, &out, &errb); code != 0 {
		t.Fatalf("sim: %s", errb.String())
	}
	testenv.Played(t, 1)
	pics := map[string][]byte{}
	for _, locale := range []string{"en", "pl"} {
		p := filepath.Join(dir, "cb-"+locale+".png")
		if code := runRender(context.Background(), []string{cb, "--at", "40", "-o", p, "--locale", locale}, &out, &errb); code != 0 {
			t.Fatalf("render coalbaron --locale %s: %s", locale, errb.String())
		}
		pics[locale], _ = os.ReadFile(p)
	}
	if len(pics["pl"]) == 0 || bytes.Equal(pics["en"], pics["pl"]) {
		t.Errorf("Coal Baron: the Polish picture (%d bytes) is the English one", len(pics["pl"]))
	}
}

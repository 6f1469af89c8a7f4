package brassimg

import (
	"image"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/imaging"
)

var fixtureNames = []string{"Alice", "Bartholomew Long", "Chen", "Dee"}

// randomMatch plays a random game of seats players from seed and stops
// after steps actions (or at its end).
func randomMatch(t testing.TB, seats int, seed int64, steps int, options string) engine.Match {
	t.Helper()
	opts, err := brass.Title.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	m, err := brass.Title.New(engine.Setup{NumSeats: seats, Seed: uint64(seed), Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(seed))
	m, _, err = engine.RandomPlayout(m, r.Intn, steps, nil)
	if err != nil && !strings.Contains(err.Error(), "did not end within") {
		t.Fatalf("%dp seed %d: %v", seats, seed, err)
	}
	return m
}

func opts(v brass.PublicView) imaging.Options {
	return imaging.Options{Names: fixtureNames[:min(len(fixtureNames), len(v.Players))]}
}

// TestWritePictures writes pictures of a few positions to the directory
// $BRASS_PNG, to look at; without it, it is skipped.
func TestWritePictures(t *testing.T) {
	dir := os.Getenv("BRASS_PNG")
	if dir == "" {
		t.Skip("BRASS_PNG not set")
	}
	for _, c := range []struct {
		name         string
		seats, steps int
	}{{"start-2p", 2, 0}, {"mid-4p", 4, 150}, {"rail-3p", 3, 400}, {"end-4p", 4, 100000}} {
		m := randomMatch(t, c.seats, int64(c.seats*7), c.steps, "")
		v := m.Public().(brass.PublicView)
		o := opts(v)
		o.Changed = []int{brass.PlaceSpace(3), brass.PlaceLine(2), brass.PlaceCoalMarket}
		img, err := RenderTurn(v, o)
		if err != nil {
			t.Fatal(err)
		}
		save(t, filepath.Join(dir, c.name+"-turn.png"), img)
		img, err = RenderBoard(v, o)
		if err != nil {
			t.Fatal(err)
		}
		save(t, filepath.Join(dir, c.name+"-board.png"), img)
		img, err = RenderHand(m.Seat(0).(brass.SeatView), imaging.Options{})
		if err != nil {
			t.Fatal(err)
		}
		save(t, filepath.Join(dir, c.name+"-hand.png"), img)
		o.Changed = nil
		o.Marks = map[int]string{brass.PlaceSpace(30): "1", brass.PlaceSpace(31): "2", brass.PlaceSpace(32): "3",
			brass.PlaceSpace(33): "4", brass.PlaceLine(8): "5", brass.PlaceLine(3): "6", brass.PlaceMerchant(3): "7", brass.PlaceLoc(14): "8"}
		img, err = RenderTurn(v, o)
		if err != nil {
			t.Fatal(err)
		}
		save(t, filepath.Join(dir, c.name+"-marks.png"), img)
	}
}

func save(t *testing.T, path string, img image.Image) {
	t.Helper()
	b, err := imaging.EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %v, %d bytes", path, img.Bounds().Size(), len(b))
}

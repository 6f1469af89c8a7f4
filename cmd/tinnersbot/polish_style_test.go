package main

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestPolishStyleEveryTitle plays one whole game of every installed title
// with Polish players on a Polish server (placeholder pictures) and reads
// everything the bot showed them as a native reader would
// (playtest.PolishFindings: no seat in the nominative after "za", "na",
// "od", "dla", "miejsce"…; no second person in a public line; no English
// code letter), and finds no English word either (playtest.EnglishIn),
// nor any of issue 25's wording warts (playtest.WordFindings).
func TestPolishStyleEveryTitle(t *testing.T) {
	reg := titles()
	for _, title := range reg.All() {
		mt := title.Meta()
		t.Run(mt.ID, func(t *testing.T) {
			if !testenv.Pick(t, mt.ID == "mineshaft") {
				t.Skip("outside the full pass one title plays; the full pass plays every title")
			}
			players := 3
			if players < mt.MinSeats {
				players = mt.MinSeats
			}
			if players > mt.MaxSeats {
				players = mt.MaxSeats
			}
			res, err := playtest.Play(context.Background(), playtest.Options{Game: mt.ID, Titles: reg, Renderers: fakeRenderers(),
				UIs: uis(), Players: players, Seed: 1, Locale: "pl"})
			if err != nil {
				t.Fatalf("%dp: %v", players, err)
			}
			testenv.Played(t, 1)
			if len(res.Public) == 0 {
				t.Fatal("no public post was read")
			}
			for _, f := range playtest.PolishFindings(res) {
				t.Error(f)
			}
			for _, f := range playtest.WordFindings(res) {
				t.Error(f)
			}
			if words := playtest.EnglishIn(res.Shown, playtest.ProperNames(reg, mt.ID)); len(words) > 0 {
				ws := slices.Sorted(maps.Keys(words))
				t.Errorf("English words at a Polish table: %s", strings.Join(ws, ", "))
			}
		})
	}
}

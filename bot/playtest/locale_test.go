package playtest_test

import (
	"context"
	"image"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

type blankRenderer struct{}

func blank() image.Image { return image.NewGray(image.Rect(0, 0, 1, 1)) }

func (blankRenderer) Turn(any, imaging.Options) (image.Image, error)  { return blank(), nil }
func (blankRenderer) Board(any, imaging.Options) (image.Image, error) { return blank(), nil }
func (blankRenderer) Hand(any, imaging.Options) (image.Image, error)  { return blank(), nil }

// TestPolishPlaytestNoEnglish plays whole games with Polish players on a
// Polish server and scans everything the bot showed them: no word of the
// English catalogue that Polish does not share may appear, except proper
// names (the titles, Lord Wallace, places on the map, the players).
func TestPolishPlaytestNoEnglish(t *testing.T) {
	reg := engine.NewRegistry(tinners.Title, coalbaron.Title)
	rs := imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: blankRenderer{}, coalbaron.ID: blankRenderer{}})
	for _, c := range []struct {
		game    string
		players int
	}{{tinners.ID, 3}, {coalbaron.ID, 2}, {tinners.ID, 1}} {
		opt := placeholders(playtest.Options{Game: c.game, Titles: reg, Renderers: rs, Players: c.players, Seed: 1, Locale: "pl"})
		res, err := playtest.Play(context.Background(), opt)
		if err != nil {
			t.Fatalf("%s %dp: %v", c.game, c.players, err)
		}
		words := playtest.EnglishIn(res.Shown, "pl", playtest.ProperNames(reg, c.game))
		if len(words) > 0 {
			var ex []string
			for _, w := range slices.Sorted(maps.Keys(words)) {
				for _, s := range res.Shown {
					if strings.Contains(strings.ToLower(s), w) {
						ex = append(ex, w+": "+s)
						break
					}
				}
			}
			t.Errorf("%s %dp: %d English words reached Polish players: %v\nfor example:\n%s", c.game, c.players, len(words), words, strings.Join(ex[:min(len(ex), 40)], "\n"))
		}
	}
}

package bot_test

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"context"
	"sync"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/playtest"
)

var (
	playtest3Once sync.Once
	playtest3     *playtest.Result
	playtest3Err  error
)

// sharedPlaytest3 is the whole 3-player game (seed 1) played through the
// fake Discord by bot/playtest, once per test binary: TestPlaytestThreePlayers
// and TestHandoffTargets check the same game. With -short or -race the
// pictures are placeholders, not rendered.
func sharedPlaytest3(t *testing.T) *playtest.Result {
	t.Helper()
	playtest3Once.Do(func() {
		opt := playtest.Options{Players: 3, Seed: 1}
		if !testenv.Full() {
			opt.Render = func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG placeholder"), nil }
			opt.RenderHand = func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG placeholder"), nil }
		}
		playtest3, playtest3Err = playtest.Play(context.Background(), opt)
		if playtest3Err == nil {
			testenv.Played(t, 1) // counted once, by the first test that asks
		}
	})
	if playtest3Err != nil {
		t.Fatal(playtest3Err)
	}
	return playtest3
}

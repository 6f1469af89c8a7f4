package playtest_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot"
	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/engine"
)

func loadPlaceholders(o playtest.LoadOptions) playtest.LoadOptions {
	o.Render = func(engine.PublicView, bot.RenderOptions) ([]byte, error) { return []byte("\x89PNG board"), nil }
	o.RenderHand = func(engine.SeatView) ([]byte, error) { return []byte("\x89PNG hand"), nil }
	return o
}

// TestFaultLoadShort is the load test in small: 10 tables at once, random
// 429s and 5xx on every route that answers a player. It checks
// correctness, not timing: every interaction was acknowledged, no table
// failed (no internal error, nobody stuck), every stored game replays.
// The figures come from `tinnersbot loadtest`.
func TestFaultLoadShort(t *testing.T) {
	d := 4 * time.Second
	if testing.Short() {
		d = 2 * time.Second
	}
	res, err := playtest.Load(context.Background(), loadPlaceholders(playtest.LoadOptions{
		Tables: 10, Rate: 100, Duration: d, Seed: 1, FaultChance: 0.05}))
	if res != nil {
		js, _ := json.MarshalIndent(res, "", "  ")
		t.Logf("%s", js)
	}
	if err != nil {
		t.Fatal(err)
	}
	if res.Unacked != 0 || res.Acked != res.Interactions {
		t.Errorf("%d of %d interactions acknowledged", res.Acked, res.Interactions)
	}
	if res.Interactions < 10*3 || res.Clicks == 0 {
		t.Errorf("only %d interactions (%d clicks)", res.Interactions, res.Clicks)
	}
	if res.Replayed < 10 || res.Replayed != res.Games {
		t.Errorf("%d of %d games replayed", res.Replayed, res.Games)
	}
	if res.Faulted == 0 || res.RateLimits == 0 {
		t.Errorf("no faults injected: %d (%d rate limits)", res.Faulted, res.RateLimits)
	}
}

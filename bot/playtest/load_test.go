package playtest_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

func loadPlaceholders(o playtest.LoadOptions) playtest.LoadOptions {
	o.Render = func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG board"), nil }
	o.RenderHand = func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG hand"), nil }
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
	testenv.Played(t, res.GamesFinished)
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

// TestFaultSlowDiscord: Discord answers everything table 0 posts, edits
// and replies only after a delay. Every click, at table 0 too, is still
// acknowledged within 3 s (the acknowledgement is sent before the
// channel's lock is taken), and the other tables' clicks are not held up:
// each is handled, reply included, well within the delay.
func TestFaultSlowDiscord(t *testing.T) {
	const delay = 1500 * time.Millisecond
	ch, tok := playtest.TableChannel(0), "playtest-token-*"
	res, err := playtest.Load(context.Background(), loadPlaceholders(playtest.LoadOptions{
		Tables: 6, Rate: 40, Duration: 2 * time.Second, Seed: 3,
		Faults: []fakediscord.Fault{
			fakediscord.Slow("POST", "/channels/"+ch+"/messages", 1000, delay),
			fakediscord.Slow("PATCH", "/channels/"+ch+"/messages/*", 1000, delay),
			fakediscord.Slow("PATCH", "/webhooks/*/"+tok+"/messages/*", 1000, delay),
			fakediscord.Slow("POST", "/webhooks/*/"+tok, 1000, delay),
		}}))
	if err != nil {
		t.Fatal(err)
	}
	testenv.Played(t, res.GamesFinished)
	if res.Unacked != 0 || res.AckedIn3s != res.Interactions {
		t.Errorf("%d of %d interactions acknowledged within 3 s", res.AckedIn3s, res.Interactions)
	}
	for k, tr := range res.ByTable {
		t.Logf("table %d: %d interactions, ack max %.0f ms, post p50 %.0f ms, max %.0f ms", k, tr.Interactions, tr.AckMax, tr.PostP50, tr.PostMax)
		switch {
		case k == 0 && tr.PostP50 < playtest.Millis(delay.Milliseconds()):
			t.Errorf("table 0 was not slowed down: post p50 %.0f ms", tr.PostP50)
		case k > 0 && tr.PostMax >= playtest.Millis(delay.Milliseconds()):
			t.Errorf("table %d waited for table 0: post max %.0f ms", k, tr.PostMax)
		case k > 0 && tr.Interactions < 5:
			t.Errorf("table %d made only %d interactions", k, tr.Interactions)
		}
	}
}

package bot

import (
	"sync"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// playedCB is one whole 2-player Coal Baron game played through the fake
// Discord by cbGame (driver seed 1, no undos), kept for the tests that
// only read what it posted and recorded: the game is played once per test
// binary instead of once per test (under -race a whole game costs
// seconds).
type playedCB struct {
	posts  []cbPosted        // every board posted, in order
	total  int               // moves in the record
	events [][]engine.Event  // events[k]: those of move k+1 (cbRecordAt)
	turns  []imaging.Options // the options of every turn picture drawn, in order
}

var (
	cbSeed1Once sync.Once
	cbSeed1     *playedCB
)

// sharedCBGame is the seed-1 game, played on first use in a harness whose
// pictures record their options (placesHarness, placeholders) and whose
// recording renderer the driver checks every picture's source against.
// The harness closes with the first test that asks; only the data stay.
func sharedCBGame(t *testing.T) *playedCB {
	t.Helper()
	cbSeed1Once.Do(func() {
		h, or := placesHarness(t, false)
		d := cbGame(t, h, or.Renderer.(*recRenderer), 1, func(engine.Match) bool { return false })
		total := h.match(d.id).Version()
		_, events := cbRecordAt(t, h, d.id, total)
		or.mu.Lock()
		turns := append([]imaging.Options(nil), or.turn...)
		or.mu.Unlock()
		cbSeed1 = &playedCB{posts: d.posts, total: total, events: events, turns: turns}
	})
	if cbSeed1 == nil {
		t.Fatal("the shared Coal Baron game did not finish (see the first test that played it)")
	}
	return cbSeed1
}

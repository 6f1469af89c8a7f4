package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"fmt"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestCoalBaronScoreCanBeChecked: a finished Coal Baron table's final
// post has a "How the scores were made" button; its answer, to whoever
// clicks, lists every seat in ranking order with its score, then its
// delivered orders by destination, its shares with the orders they
// matched, and each objective with what it earned; in Polish too.
func TestCoalBaronScoreCanBeChecked(t *testing.T) {
	testenv.FullOnly(t) // a whole game
	h, rr := cbHarness(t)
	d := cbGame(t, h, rr, 9, func(engine.Match) bool { return false })
	mt := h.match(d.id)
	r := mt.Result()
	if r == nil {
		t.Fatal("the game did not end")
	}
	b, ok := d.board.button("How the scores were made")
	if !ok {
		t.Fatalf("the final post has no score details button:\n%+v", d.board)
	}
	got := mustPrivate(t, h.clickIn(testChannel, cbOutsider, d.board.ID, false, b.CustomID))
	if !strings.HasPrefix(got.Content, "**How the scores were made**") {
		t.Fatalf("answer:\n%s", got.Content)
	}
	tb := h.table(d.id)
	last := 0
	for _, k := range r.Ranking {
		head := fmt.Sprintf("**%s** — %d points:", kit.SeatLabel(kit.TableLoc(tb), k), r.Scores[k])
		if r.Scores[k] == 1 {
			head = fmt.Sprintf("**%s** — 1 point:", kit.SeatLabel(kit.TableLoc(tb), k))
		}
		at := strings.Index(got.Content, head)
		if at < last {
			t.Errorf("%q missing or out of ranking order:\n%s", head, got.Content)
		}
		last = at
	}
	sd := mt.(interface{ ScoreDetails(int) []engine.Message })
	lines := 0
	for k := range r.Scores {
		for _, m := range sd.ScoreDetails(k) {
			lines++
			if !strings.Contains(got.Content, engine.FormatLine(kit.TableLoc(tb).Message(m, ""), kit.SeatNamesIn(kit.TableLoc(tb), tb, mt))) {
				t.Errorf("seat %d's detail %s is not shown", k, m.ID)
			}
		}
	}
	if lines < 2*len(r.Scores) {
		t.Errorf("only %d detail lines for %d seats", lines, len(r.Scores))
	}
	if !strings.Contains(got.Content, " VP = ") && !strings.Contains(got.Content, "no order delivered") {
		t.Errorf("neither an objective nor the orders in the details:\n%s", got.Content)
	}
	pl := clickInteraction(cbOutsider, d.board.ID, false, b.CustomID)
	pl["locale"] = "pl"
	got = mustPrivate(t, h.send(inChannel(pl, testChannel)))
	if !strings.HasPrefix(got.Content, "**Skąd te wyniki**") || !strings.Contains(got.Content, " pkt = ") {
		t.Errorf("Polish answer:\n%s", got.Content)
	}
}

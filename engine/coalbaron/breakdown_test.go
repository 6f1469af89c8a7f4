package coalbaron

import (
	"fmt"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestBreakdownMarysScoring: the rulebook's example scores A 6, B 30, C 9,
// D 2, E 12 (59 VP), and the table's rows are those categories, in that
// order, with their English names and messages.
func TestBreakdownMarysScoring(t *testing.T) {
	s := maryScoring(t)
	s.gameOver()
	bt := (&match{s: s}).Breakdown()
	if bt == nil {
		t.Fatal("no breakdown after the game's end")
	}
	var ids []string
	var mary []int
	for _, r := range bt.Rows {
		ids, mary = append(ids, r.NameMessage.ID), append(mary, r.Points[0])
	}
	if want := []string{"g_cb_score_lorries", "g_cb_score_orders", "g_cb_score_shares", "g_cb_score_tokens", "g_cb_score_objectives"}; !slices.Equal(ids, want) {
		t.Errorf("row messages %q, want %q", ids, want)
	}
	if want := []int{6, 30, 9, 2, 12}; !slices.Equal(mary, want) || bt.Totals[0] != 59 {
		t.Errorf("Mary's rows %v total %d, want %v and 59", mary, bt.Totals[0], want)
	}
}

// TestBreakdownRandomGames plays random games of 2, 3 and 4 players: the
// breakdown is nil before the end (hands are hidden until then); at the
// end it has a column per seat, each seat's rows add up to its total, the
// totals are Result().Scores, and a restored snapshot gives the same table.
func TestBreakdownRandomGames(t *testing.T) {
	// One goroutine plays them: outside the full pass (-race, -short) 2.
	games := testenv.Size(t, 2, 6)
	for n := 2; n <= 4; n++ {
		for g := 0; g < games; g++ {
			t.Run(fmt.Sprintf("%dp/seed%d", n, g), func(t *testing.T) {
				m := newMatch(t, n, uint64(500*n+g), nil)
				steps := 0
				end, _, err := engine.RandomPlayout(m, chooser(uint64(g)), 3000, func(mt engine.Match) error {
					steps++
					if mt.Result() == nil && mt.(engine.Breakdown).Breakdown() != nil {
						return fmt.Errorf("a breakdown at version %d, before the end", mt.Version())
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				if steps < 10 {
					t.Fatalf("only %d moves checked", steps)
				}
				if m.Breakdown() != nil {
					t.Fatal("a breakdown at the setup")
				}
				bt := end.(engine.Breakdown).Breakdown()
				if bt == nil {
					t.Fatal("no breakdown after the end")
				}
				res := end.Result()
				if !slices.Equal(bt.Totals, res.Scores) {
					t.Fatalf("totals %v, result scores %v", bt.Totals, res.Scores)
				}
				if len(bt.Rows) != 5 {
					t.Fatalf("%d rows, want the 5 categories A–E", len(bt.Rows))
				}
				sums := make([]int, n)
				for _, r := range bt.Rows {
					if len(r.Points) != n || r.NameMessage.IsZero() {
						t.Fatalf("row %+v: want %d columns and a name as a message only", r, n)
					}
					for k, p := range r.Points {
						if p < 0 {
							t.Errorf("row %v seat %d: %d points", r.NameMessage, k, p)
						}
						sums[k] += p
					}
				}
				if !slices.Equal(sums, res.Scores) {
					t.Errorf("rows add up to %v, scores are %v", sums, res.Scores)
				}
				snap, err := end.Snapshot()
				if err != nil {
					t.Fatal(err)
				}
				back, err := Title.Restore(snap)
				if err != nil {
					t.Fatal(err)
				}
				if got := back.(engine.Breakdown).Breakdown(); fmt.Sprint(got) != fmt.Sprint(bt) {
					t.Errorf("restored breakdown %+v, want %+v", got, bt)
				}
			})
		}
	}
}

package coalbaron

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestScoreDetailsAddUp: in whole games, the details of every seat's score
// add up to its categories: the shares' VP to C, the objectives' to E,
// and the delivered orders counted by destination to the trains delivered.
func TestScoreDetailsAddUp(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		end, _, err := engine.RandomPlayout(newMatch(t, 3, seed, nil), chooser(seed), 3000, nil)
		if err != nil {
			t.Fatal(err)
		}
		mm := end.(*match)
		for seat := range mm.s.Players {
			sv := mm.s.score(seat)
			var c, e, delivered int
			for _, d := range mm.ScoreDetails(seat) {
				switch d.ID {
				case "cb_detail_shares":
					c += d.Args["VP"].(int)
				case "cb_detail_objective", "cb_detail_objective_threshold":
					e += d.Args["VP"].(int)
				case "cb_detail_orders":
					delivered += d.Args["N"].(int)
				}
			}
			if c != sv.C || e != sv.E || delivered != len(mm.s.Players[seat].Delivered) {
				t.Errorf("seed %d seat %d: details give C %d E %d orders %d; the score C %d E %d orders %d", seed, seat, c, e, delivered, sv.C, sv.E, len(mm.s.Players[seat].Delivered))
			}
		}
	}
}

package brass

import (
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestStageEndCanalEra: of a random game's moves exactly one ends a
// stage, the one that starts the Rail era; it names the Canal era and
// gives each seat's points by category (Canal links and tiles first),
// adding up to its VP, with the era's scoring as logged. The
// introductory game, which ends with the Canal era, has no stage end.
func TestStageEndCanalEra(t *testing.T) {
	var _ engine.Stages = (*match)(nil)
	for _, c := range []struct {
		n     int
		opts  string
		wants int
	}{{2, "", 1}, {3, "", 1}, {4, "", 1}, {3, "intro", 0}} {
		raw, err := Title.ParseOptions(c.opts)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Title.New(engine.Setup{NumSeats: c.n, Seed: 7, Options: raw})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(7, uint64(c.n)))
		stages := 0
		for m.Result() == nil {
			legal := m.Legal(m.ToAct()[0])
			next, events, err := m.Apply(legal[r.IntN(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			name, st, ok := next.(engine.Stages).StageEnd(events)
			m = next
			if !ok {
				continue
			}
			stages++
			s := m.(*match).s
			if s.Era != Rail || s.Round != 1 {
				t.Errorf("%dp %q: a stage ends in %v round %d", c.n, c.opts, s.Era, s.Round)
			}
			if name.ID != "bb_era_canal" {
				t.Errorf("stage %q, want bb_era_canal", name.ID)
			}
			if len(st.Rows) < 2 || st.Rows[0].NameMessage.ID != "bb_cat_canal_links" || st.Rows[1].NameMessage.ID != "bb_cat_canal_tiles" {
				t.Fatalf("%dp: rows %+v, want Canal links and tiles first", c.n, st.Rows)
			}
			scored := map[string][2]int{} // seat → links, tiles as logged
			for _, e := range events {
				if e.Message.ID == "bb_log_era_score" {
					scored[e.Message.Args["P"].(string)] = [2]int{e.Message.Args["Links"].(int), e.Message.Args["Tiles"].(int)}
				}
			}
			for seat := 0; seat < c.n; seat++ {
				sum := 0
				for _, row := range st.Rows {
					sum += row.Points[seat]
				}
				if sum != st.Totals[seat] || st.Totals[seat] != s.Players[seat].VP {
					t.Errorf("%dp seat %d: categories add to %d, total %d, VP %d", c.n, seat, sum, st.Totals[seat], s.Players[seat].VP)
				}
				if got := [2]int{st.Rows[0].Points[seat], st.Rows[1].Points[seat]}; got != scored[seatArg(seat)] {
					t.Errorf("%dp seat %d: Canal links and tiles %v, logged %v", c.n, seat, got, scored[seatArg(seat)])
				}
			}
		}
		if stages != c.wants {
			t.Errorf("%dp %q: %d stage ends, want %d", c.n, c.opts, stages, c.wants)
		}
	}
}

package coalbaron

import (
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestRoundIsTheShift: Round (engine.Rounds) is 1 at the start, goes up by
// one exactly on the move whose events end a shift and begin the next, stays
// put on every other move (the move that ends the last shift ends the game
// and leaves it there), and ends at the edition's number of shifts.
func TestRoundIsTheShift(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for seed := uint64(1); seed <= 3; seed++ {
			m, err := Title.New(engine.Setup{NumSeats: n, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			if got := m.(engine.Rounds).Round(); got != 1 {
				t.Fatalf("%dp seed %d: round %d at the start, want 1", n, seed, got)
			}
			r := rand.New(rand.NewPCG(seed, uint64(n)))
			for step := 0; m.Result() == nil; step++ {
				if step > 5000 {
					t.Fatalf("%dp seed %d: no end", n, seed)
				}
				seat := m.ToAct()[0]
				legal := m.Legal(seat)
				a := legal[r.IntN(len(legal))]
				if r.IntN(2) == 0 {
					a = m.(engine.Defaults).Default(seat)
				}
				before := m.(engine.Rounds).Round()
				next, ev, err := m.Apply(a)
				if err != nil {
					t.Fatalf("%dp seed %d step %d: %v", n, seed, step, err)
				}
				ends, begins := false, false
				for _, e := range ev {
					switch e.Message.ID {
					case "cb_log_shift_ends":
						ends = true
					case "cb_log_shift_begins":
						begins = true
					}
				}
				after := next.(engine.Rounds).Round()
				switch {
				case begins && !ends:
					t.Fatalf("%dp seed %d step %d: a shift begins without one ending", n, seed, step)
				case begins && after != before+1:
					t.Fatalf("%dp seed %d step %d: shift %d ended, round went %d→%d", n, seed, step, before, before, after)
				case !begins && after != before:
					t.Fatalf("%dp seed %d step %d: round went %d→%d with no new shift (game over: %v)", n, seed, step, before, after, next.Result() != nil)
				}
				if ends && !begins && next.Result() == nil {
					t.Fatalf("%dp seed %d step %d: a shift ended, none began, and the game goes on", n, seed, step)
				}
				m = next
			}
			if got, want := m.(engine.Rounds).Round(), Standard.Seats[n].Shifts; got != want {
				t.Errorf("%dp seed %d: the game ended in round %d, want the last shift %d", n, seed, got, want)
			}
		}
	}
}

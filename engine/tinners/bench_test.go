package tinners

import (
	"math/rand/v2"
	"testing"
)

// benchPairs collects (state, action) pairs from seeded random 4-player
// games: the states a bot meets and the moves made in them.
func benchPairs(b *testing.B, phase Phase) ([]*State, []Action) {
	b.Helper()
	var states []*State
	var acts []Action
	for g := 0; g < 20; g++ {
		s, err := NewGame(Setup{NumSeats: 4, Seed: uint64(9000 + g)})
		if err != nil {
			b.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(g), 1))
		for s.Phase != PhaseOver {
			seats := s.ToAct()
			seat := seats[r.IntN(len(seats))]
			l := s.Legal(seat)
			c := l[r.IntN(len(l))]
			a := c.Action
			if a.Kind == ActBid {
				a.Amount += r.IntN(min(c.Max-a.Amount, 6) + 1)
			}
			if s.Phase == phase {
				states = append(states, s)
				acts = append(acts, a)
			}
			if s, _, err = Apply(s, a); err != nil {
				b.Fatal(err)
			}
		}
	}
	return states, acts
}

// BenchmarkApply applies the actions of phase 2 (the bulk of a game: builds,
// bids, extractions, developments, passes) to the states they were made in.
func BenchmarkApply(b *testing.B) {
	states, acts := benchPairs(b, PhaseActions)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(states)
		if _, _, err := Apply(states[k], acts[k]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLegal lists the active seat's moves in phase-2 states.
func BenchmarkLegal(b *testing.B) {
	states, _ := benchPairs(b, PhaseActions)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)]
		n += len(s.Legal(s.ToAct()[0]))
	}
	if n == 0 {
		b.Fatal("no moves")
	}
}

// BenchmarkRandomGame4p plays a whole 4-player game from setup (draft
// included) with uniformly random legal moves, without invariant checks.
func BenchmarkRandomGame4p(b *testing.B) {
	b.ReportAllocs()
	actions := 0
	for i := 0; i < b.N; i++ {
		s, err := NewGame(Setup{NumSeats: 4, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(i), 5))
		_, log, err := RandomPlayout(s, func(n int) int { return r.IntN(n) }, false, 5000)
		if err != nil {
			b.Fatal(err)
		}
		actions += len(log)
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

package brass

import (
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// midRail plays a random 4-player game (seed 7) into the Rail era and
// returns the match at its fourth round.
func midRail(b *testing.B) engine.Match {
	b.Helper()
	m, err := Title.New(engine.Setup{NumSeats: 4, Seed: 7})
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 7))
	for m.Result() == nil {
		s := m.(*match).s
		if s.Era == Rail && s.Round >= 4 && s.Step.Kind == StepAction {
			return m
		}
		seat := m.ToAct()[0]
		legal := m.Legal(seat)
		m, _, err = m.Apply(legal[r.IntN(len(legal))])
		if err != nil {
			b.Fatal(err)
		}
	}
	b.Fatal("the game ended before the Rail era's fourth round")
	return nil
}

// BenchmarkLegalMidRail is Legal for the seat to act in a mid-game Rail
// era position (4 players).
func BenchmarkLegalMidRail(b *testing.B) {
	m := midRail(b)
	seat := m.ToAct()[0]
	b.ResetTimer()
	for b.Loop() {
		m.Legal(seat)
	}
}

// BenchmarkApplyMidRail is Apply of each legal action in turn in that
// position.
func BenchmarkApplyMidRail(b *testing.B) {
	m := midRail(b)
	legal := m.Legal(m.ToAct()[0])
	b.ResetTimer()
	i := 0
	for b.Loop() {
		if _, _, err := m.Apply(legal[i%len(legal)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkRandomGame plays a whole random 4-player game.
func BenchmarkRandomGame(b *testing.B) {
	for b.Loop() {
		m, _ := Title.New(engine.Setup{NumSeats: 4, Seed: 3})
		r := rand.New(rand.NewPCG(3, 3))
		if _, _, err := engine.RandomPlayout(m, func(n int) int { return r.IntN(n) }, 5000, nil); err != nil {
			b.Fatal(err)
		}
	}
}

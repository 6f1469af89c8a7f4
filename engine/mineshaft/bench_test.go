package mineshaft

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// benchGame is every state of a heuristic 4-player game with the action
// taken in it.
func benchGame(b *testing.B) ([]*match, []engine.Action) {
	b.Helper()
	m, err := Title.New(engineSetup(4, 41))
	if err != nil {
		b.Fatal(err)
	}
	mm := m.(*match)
	var states []*match
	var acts []engine.Action
	h := heuristic{}
	for mm.Result() == nil {
		a := h.choose(mm)
		next, _, err := mm.Apply(a)
		if err != nil {
			b.Fatal(err)
		}
		states = append(states, mm)
		acts = append(acts, a)
		mm = next.(*match)
	}
	return states, acts
}

// BenchmarkApply applies one action (the mean over the actions of a whole
// 4-player game).
func BenchmarkApply(b *testing.B) {
	states, acts := benchGame(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(states)
		if _, _, err := states[k].Apply(acts[k]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLegal lists the legal actions of the seat to act (the mean over
// the states of a whole 4-player game).
func BenchmarkLegal(b *testing.B) {
	states, _ := benchGame(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := states[i%len(states)]
		if len(m.Legal(m.s.Turn)) == 0 {
			b.Fatal("no legal action")
		}
	}
}

// BenchmarkLabels labels every legal action of the seat to act, as the
// bot's menu does.
func BenchmarkLabels(b *testing.B) {
	states, _ := benchGame(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := states[i%len(states)]
		for _, a := range m.Legal(m.s.Turn) {
			_ = m.Label(a)
		}
	}
}

// BenchmarkPublic builds the public view.
func BenchmarkPublic(b *testing.B) {
	states, _ := benchGame(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = states[i%len(states)].Public()
	}
}

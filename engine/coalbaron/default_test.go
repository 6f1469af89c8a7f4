package coalbaron

import (
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestDefaultMoves: at every step of random games the default move of each
// seat to act is one of its legal actions, prefers ending, stopping and
// passing, and a game played by default moves alone ends.
func TestDefaultMoves(t *testing.T) {
	for n := 2; n <= 4; n++ {
		m, err := Title.New(engine.Setup{NumSeats: n, Seed: uint64(n)})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(n), 1))
		for step := 0; m.Result() == nil; step++ {
			if step > 3000 {
				t.Fatalf("%dp: no end", n)
			}
			seat := m.ToAct()[0]
			d := m.(engine.Defaults).Default(seat)
			if d == nil || d.Actor() != seat || !legalHas(m.Legal(seat), d) {
				t.Fatalf("%dp step %d: default %v is not legal for seat %d", n, step, d, seat)
			}
			for _, a := range m.Legal(seat) {
				if k := a.(Action).Kind; (k == ActPass || k == ActEndTurn) && d.(Action).Kind == ActPlace {
					t.Fatalf("default places workers although %v is legal", a)
				}
			}
			for s := 0; s < n; s++ {
				if (m.(engine.Defaults).Default(s) == nil) != (len(m.Legal(s)) == 0) {
					t.Fatalf("seat %d: default and legal disagree", s)
				}
			}
			next := d
			if r.IntN(3) > 0 { // mix random moves in, so defaults meet every step
				legal := m.Legal(seat)
				next = legal[r.IntN(len(legal))]
			}
			if m, _, err = m.Apply(next); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Defaults alone end a game.
	m, _ := Title.New(engine.Setup{NumSeats: 3, Seed: 9})
	for step := 0; m.Result() == nil; step++ {
		if step > 1000 {
			t.Fatal("a game of default moves does not end")
		}
		var err error
		if m, _, err = m.Apply(m.(engine.Defaults).Default(m.ToAct()[0])); err != nil {
			t.Fatal(err)
		}
	}
}

func legalHas(legal []engine.Action, a engine.Action) bool {
	for _, b := range legal {
		if b.String() == a.String() {
			return true
		}
	}
	return false
}

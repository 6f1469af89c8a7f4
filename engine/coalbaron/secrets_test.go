package coalbaron

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestSecretsNameOwnHandOnly: a seat's secret lines name every order and
// innovation in its hand, and the counts match its view.
func TestSecretsNameOwnHandOnly(t *testing.T) {
	m, err := Title.New(engine.Setup{NumSeats: 3, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(4, 4))
	checked := 0
	for step := 0; m.Result() == nil && step < 600; step++ {
		for seat := 0; seat < 3; seat++ {
			v := m.Seat(seat).(SeatView)
			lines := m.(engine.Secrets).Secrets(seat)
			var named []engine.Message
			for _, l := range lines {
				named = append(named, nested(l)...)
			}
			for _, id := range append(append([]int(nil), v.Orders...), v.Innovations...) {
				if !slices.ContainsFunc(named, func(n engine.Message) bool { return reflect.DeepEqual(n, Standard.Card(id).Message()) }) {
					t.Fatalf("seat %d's secrets do not name %s:\n%v", seat, Standard.Card(id), lines)
				}
				checked++
			}
			if len(lines) < 2 || lines[0].ID != "cb_secret_orders" || lines[1].ID != "cb_secret_innovations" ||
				lines[0].Args["N"] != len(v.Orders) || lines[1].Args["N"] != len(v.Innovations) {
				t.Fatalf("secrets lack the hand counts:\n%v", lines)
			}
		}
		s := m.ToAct()[0]
		legal := m.Legal(s)
		m, _, _ = m.Apply(legal[r.IntN(len(legal))])
	}
	if checked == 0 {
		t.Fatal("no hand card was ever checked")
	}
}

// nested lists m and every message among its arguments, at any depth.
func nested(m engine.Message) []engine.Message {
	out := []engine.Message{m}
	for _, v := range m.Args {
		if sub, ok := v.(engine.Message); ok {
			out = append(out, nested(sub)...)
		}
	}
	return out
}

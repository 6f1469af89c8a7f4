package coalbaron

import (
	"math/rand/v2"
	"strings"
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
			text := strings.Join(m.(engine.Secrets).Secrets(seat), "\n")
			for _, id := range append(append([]int(nil), v.Orders...), v.Innovations...) {
				if !strings.Contains(text, Standard.Card(id).String()) {
					t.Fatalf("seat %d's secrets do not name %s:\n%s", seat, Standard.Card(id), text)
				}
				checked++
			}
			if !strings.Contains(text, "Orders (") || !strings.Contains(text, "Innovations (") {
				t.Fatalf("secrets lack the hand counts:\n%s", text)
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

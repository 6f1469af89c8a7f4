package ttui

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestDefaultMoveAlwaysLegal plays many random games and, in every state
// reached, plays each waiting seat's default: it is never empty, applies
// without a rule error, and leaves that seat's decision answered.
func TestDefaultMoveAlwaysLegal(t *testing.T) {
	// One goroutine plays them: outside the full pass (-race, -short) 12.
	games := testenv.Size(t, 12, 40)
	phases := map[tinners.Phase]int{}
	for g := range games {
		r := rand.New(rand.NewPCG(uint64(g), 99))
		s, err := tinners.NewGame(tinners.Setup{NumSeats: 2 + g%4, Seed: uint64(g) + 1})
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; s.Phase != tinners.PhaseOver && n < 3000; n++ {
			for _, seat := range s.ToAct() {
				acts := defaultMove(s, seat)
				if len(acts) == 0 {
					t.Fatalf("game %d v%d: no default for seat %d in %s", g, s.Version, seat, s.Phase)
				}
				cur := s
				for _, a := range acts {
					next, _, err := tinners.Apply(cur, a)
					if err != nil {
						t.Fatalf("game %d v%d %s: default %s refused: %v", g, s.Version, s.Phase, a, err)
					}
					cur = next
				}
				if cur.Phase == tinners.PhaseDraft {
					for _, k := range cur.ToAct() {
						if k == seat {
							t.Fatalf("game %d: the draft default left seat %d still to choose", g, seat)
						}
					}
				}
				phases[s.Phase]++
			}
			// Move on at random, mostly with defaults mixed in so every
			// phase is reached.
			who := s.ToAct()
			seat := who[r.IntN(len(who))]
			legal := s.Legal(seat)
			c := legal[r.IntN(len(legal))]
			a := c.Action
			if a.Kind == tinners.ActBid && c.Max > a.Amount {
				a.Amount += r.IntN(min(c.Max-a.Amount, 4) + 1)
			}
			next, _, err := tinners.Apply(s, a)
			if err != nil {
				t.Fatal(err)
			}
			s = next
		}
	}
	for _, p := range []tinners.Phase{tinners.PhaseDraft, tinners.PhaseActions, tinners.PhaseAuction, tinners.PhaseAfterAuction,
		tinners.PhasePumps, tinners.PhaseInvest, tinners.PhasePeek} {
		if phases[p] == 0 {
			t.Errorf("no default tried in phase %s", p)
		}
	}
}

// TestDefaultMoveChoices: the default is the least committing choice.
func TestDefaultMoveChoices(t *testing.T) {
	s, err := tinners.NewGame(tinners.Setup{NumSeats: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	acts := defaultMove(s, 0)
	p := s.Players[0]
	seen := map[tinners.Deck]int{}
	for _, c := range p.Draft {
		seen[tinners.Standard.Cards[c].Deck] = c // the later card of each region wins
	}
	for _, a := range acts {
		if a.Kind != tinners.ActDraftDiscard || seen[tinners.Standard.Cards[a.Card].Deck] != a.Card {
			t.Errorf("draft default discards %v; the later cards are %v", acts, seen)
		}
	}
	if len(acts) != len(seen) {
		t.Errorf("draft default: %d discards for %d regions", len(acts), len(seen))
	}
	if got := defaultMove(s, 7); got != nil {
		t.Errorf("a seat not to act got %v", got)
	}
}

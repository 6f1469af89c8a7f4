package tinners

import (
	"fmt"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"math/rand/v2"
	"strings"
	"testing"
)

// revealedBetween says, from the states alone, whether an action made hidden
// information known or consumed randomness: the generator moved or a fixed
// die was used, a tile turned face up, a seat's peeked tiles grew, a draw
// pile got shorter, or an auction began in which the opener looked at the
// face-down tile (the opener's peek is kept in the auction, not in Peeked).
func revealedBetween(b, a *State) string {
	switch {
	case a.RNG != b.RNG:
		return "generator used"
	case len(a.FixedDice) < len(b.FixedDice):
		return "fixed die used"
	}
	for i := range b.Areas {
		if !b.Areas[i].FaceUp && a.Areas[i].FaceUp {
			return "tile turned face up in " + Standard.Areas[i].ID
		}
	}
	for i := range b.Players {
		if len(a.Players[i].Peeked) > len(b.Players[i].Peeked) {
			return fmt.Sprintf("seat %d peeked", i)
		}
	}
	for r := range b.Decks {
		if len(a.Decks[r]) < len(b.Decks[r]) {
			return fmt.Sprintf("deck %s drawn from", Region(r))
		}
	}
	if b.Auction == nil && a.Auction != nil && a.Auction.Peek {
		return "opener peeked"
	}
	return ""
}

// TestRevealFlag: on random games (from the draft, and with fixed dice), an
// action's events contain a Reveal exactly when the states before and after
// show that something hidden became known.
func TestRevealFlag(t *testing.T) {
	// One goroutine plays them: outside the full pass (-race, -short) 24.
	games := testenv.Size(t, 24, 80)
	counts := map[string]int{}
	for g := 0; g < games; g++ {
		st := Setup{NumSeats: 2 + g%4, Seed: uint64(9000 + g)}
		if g%8 == 7 {
			st.Overrides = &SetupOverrides{Dice: []int{0, 1, 1, 1, 2, 4, 3, 4, 5, 0, 0, 1, 2, 2, 2, 1, 1, 1}}
		}
		s, err := NewGame(st)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(g), 11))
		for s.Phase != PhaseOver {
			seats := s.ToAct()
			l := s.Legal(seats[r.IntN(len(seats))])
			c := l[r.IntN(len(l))]
			a := c.Action
			if a.Kind == ActBid {
				a.Amount += r.IntN(min(c.Max-a.Amount, 4) + 1)
			}
			n, ev, err := Apply(s, a)
			if err != nil {
				t.Fatal(err)
			}
			why := revealedBetween(s, n)
			if (why != "") != Reveals(ev) {
				t.Fatalf("game %d, %s at version %d: state says %q, events say Reveal=%v: %v", g, a, s.Version, why, Reveals(ev), ev)
			}
			if why != "" {
				counts[why[:min(len(why), 10)]]++
			}
			s = n
		}
	}
	// Make sure the test saw every kind of reveal it checks for.
	for _, want := range []string{"generator ", "fixed die ", "tile turne", "seat 0 pee", "deck A dra", "opener pee"} {
		if counts[want] == 0 {
			t.Errorf("no %q reveal seen in %d games: %v", want, games, counts)
		}
	}
}

// TestRevealLines: the flag sits on the line that reports the reveal, and
// moves that reveal nothing carry none.
func TestRevealLines(t *testing.T) {
	if Reveals(nil) || !Reveals([]Event{{}, {Reveal: true}}) {
		t.Fatal("Reveals is wrong on fixed lists")
	}
	hand := []string{"A +1 tin £2"}
	s := scenario(t, hands(t, table(3, map[string]string{"A2": "2/1/3"}, "A5"), hand, nil, nil))
	step := func(str string) []Event {
		t.Helper()
		a, err := ParseAction(str)
		if err != nil {
			t.Fatal(err)
		}
		var ev []Event
		if s, ev, err = Apply(s, a); err != nil {
			t.Fatal(err)
		}
		return ev
	}
	flagged := func(ev []Event) []string {
		var out []string
		for _, e := range ev {
			if e.Reveal {
				out = append(out, eventText(t, e))
			}
		}
		return out
	}
	// A survey card on a face-down tile: the opener looks at it.
	ev := step(fmt.Sprintf("0/b:A2:c%d", card(t, hand[0])))
	if f := flagged(ev); len(f) != 1 || !strings.Contains(f[0], "They look at the tile") {
		t.Fatalf("opener's peek not flagged: %v", ev)
	}
	if ev := step("0/bid:1"); Reveals(ev) {
		t.Fatalf("a bid reveals: %v", ev)
	}
	step("1/drop")
	ev = step("2/drop")
	if f := flagged(ev); len(f) != 1 || !strings.Contains(f[0], "The tile is revealed") {
		t.Fatalf("want the reveal line flagged, got %v in %v", f, ev)
	}
	// Face-up tile: the auction reveals nothing.
	for _, str := range []string{"1/b:A5", "1/bid:1", "2/drop", "0/drop"} {
		if ev := step(str); Reveals(ev) {
			t.Fatalf("%s reveals: %v", str, ev)
		}
	}
	// The end of the round: dice for the next round are a reveal, on the
	// line that announces the prices.
	for s.Phase == PhaseActions {
		ev = step(fmt.Sprintf("%d/pass", s.ToAct()[0]))
	}
	for s.Phase == PhaseInvest {
		ev = step(fmt.Sprintf("%d/ie", s.ToAct()[0]))
	}
	for s.Phase == PhasePeek {
		ev = step(fmt.Sprintf("%d/pks", s.ToAct()[0]))
	}
	if f := flagged(ev); s.Round != 2 || len(f) != 1 || !strings.HasPrefix(f[0], "Round 2.") {
		t.Fatalf("round %d: want the price line flagged, got %v in %v", s.Round, f, ev)
	}
}

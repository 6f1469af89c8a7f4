package mineshaft

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// newMatch sets up a game of n seats with seed and overrides (nil: none).
func newMatch(t *testing.T, n int, seed uint64, ov *Overrides) *match {
	t.Helper()
	var raw json.RawMessage
	if ov != nil {
		b, err := json.Marshal(ov)
		if err != nil {
			t.Fatal(err)
		}
		raw = b
	}
	m, err := Title.New(engine.Setup{NumSeats: n, Seed: seed, Overrides: raw})
	if err != nil {
		t.Fatal(err)
	}
	return m.(*match)
}

// play applies the compact forms in order, failing the test on any
// refusal; it checks the invariants after each when check is set.
func play(t *testing.T, m *match, check bool, moves ...string) (*match, []engine.Event) {
	t.Helper()
	var all []engine.Event
	for _, str := range moves {
		a, err := ParseAction(str)
		if err != nil {
			t.Fatalf("parse %s: %v", str, err)
		}
		next, ev, err := m.Apply(a)
		if err != nil {
			t.Fatalf("%s refused: %v (step %s, legal: %v)", str, err, m.s.Step.Kind, legalStrings(m))
		}
		if check {
			if err := CheckInvariants(next); err != nil {
				t.Fatalf("after %s: %v", str, err)
			}
		}
		m = next.(*match)
		all = append(all, ev...)
	}
	return m, all
}

// refuse checks that str is refused with code.
func refuse(t *testing.T, m *match, str, code string) {
	t.Helper()
	a, err := ParseAction(str)
	if err != nil {
		t.Fatalf("parse %s: %v", str, err)
	}
	_, _, err = m.Apply(a)
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s: got %v, want a rule error %s", str, err, code)
	}
	if code != "" && re.Code != code {
		t.Fatalf("%s: code %s (%v), want %s", str, re.Code, re.Message, code)
	}
}

// legalStrings returns the compact forms of the legal actions of the seat
// to act.
func legalStrings(m *match) []string {
	if m.s.Turn < 0 {
		return nil
	}
	return engine.Strings(m.Legal(m.s.Turn))
}

// wantLegal checks that the legal actions are exactly want (any order).
func wantLegal(t *testing.T, m *match, want ...string) {
	t.Helper()
	got := legalStrings(m)
	a, b := slices.Clone(got), slices.Clone(want)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		t.Fatalf("step %s: legal %v, want %v", m.s.Step.Kind, got, want)
	}
}

func chooser(seed uint64) engine.Chooser {
	r := rand.New(rand.NewPCG(seed, 7))
	return func(n int) int { return r.IntN(n) }
}

// tileOf returns the first tile id of Standard of shape, colour and
// special not in not.
func tileOf(t *testing.T, shape Shape, c Colour, x Special, not ...int) int {
	t.Helper()
	for _, tl := range Standard.Tiles[1:] {
		if tl.Shape == shape && tl.Colour == c && tl.Special == x && !slices.Contains(not, tl.ID) {
			return tl.ID
		}
	}
	t.Fatalf("no %s %s %s tile", c.Name(), shape, x)
	return 0
}

func intp(v int) *int { return &v }

package coalbaron

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
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

// play applies the compact forms in order, failing the test on any refusal.
func play(t *testing.T, m *match, moves ...string) (*match, []engine.Event) {
	t.Helper()
	var all []engine.Event
	for _, str := range moves {
		a, err := ParseAction(str)
		if err != nil {
			t.Fatalf("parse %s: %v", str, err)
		}
		next, ev, err := m.Apply(a)
		if err != nil {
			t.Fatalf("%s refused: %v (legal: %v)", str, err, engine.Strings(m.Legal(m.s.Turn)))
		}
		if err := CheckInvariants(next); err != nil {
			t.Fatalf("after %s: %v", str, err)
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

// legalStrings returns the compact forms of seat's legal actions.
func legalStrings(m *match, seat int) []string { return engine.Strings(m.Legal(seat)) }

func hasLegal(m *match, str string) bool {
	for _, l := range legalStrings(m, m.s.Turn) {
		if l == str {
			return true
		}
	}
	return false
}

func chooser(seed uint64) engine.Chooser {
	r := rand.New(rand.NewPCG(seed, 7))
	return func(n int) int { return r.IntN(n) }
}

// ids returns the first n unused card ids of kind k matching f, in id order.
func ids(k Kind, n int, f func(Card) bool, not ...int) []int {
	first, count := Standard.KindRange(k)
	var out []int
	skip := map[int]bool{}
	for _, x := range not {
		skip[x] = true
	}
	for id := first; id < first+count && len(out) < n; id++ {
		if f(Standard.Cards[id]) && !skip[id] {
			out = append(out, id)
		}
	}
	return out
}

func intp(v int) *int { return &v }

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 11)) }

package tinners

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Scenario helpers: a scenario is a Record with setup overrides plus action
// strings, replayed with Replay, so every scenario test is also a record that
// could be pasted into a bug report.

// table returns a record for n seats with the draft skipped (empty hands),
// seat order 0..n-1, and round 1 dice giving tin £5 (2+2+2) and copper £8
// (2+2+3). Tiles default to "1/1/1" unless given in tiles; faceUp lists the
// revealed areas (only C6, in play at every count, by default).
func table(n int, tiles map[string]string, faceUp ...string) *Record {
	o := &SetupOverrides{Tiles: map[string]string{}, FaceUp: faceUp, Hands: make([][]int, n),
		Dice: []int{2, 2, 2, 2, 2, 3}}
	for i := 0; i < n; i++ {
		o.Order = append(o.Order, i)
		o.Hands[i] = []int{}
	}
	mc := Standard.MapCards[n]
	for r, ps := range mc.Positions {
		for _, p := range ps {
			o.Tiles[fmt.Sprintf("%s%d", Region(r), p)] = "1/1/1"
		}
	}
	for id, t := range tiles {
		o.Tiles[id] = t
	}
	if len(faceUp) == 0 {
		// An empty FaceUp means the random reveal; name one area out of the way.
		o.FaceUp = []string{"C6"}
	}
	return &Record{Edition: Standard.Version, Seats: make([]string, n), Seed: 1, Setup: o}
}

// hands sets the survey hands (card names as Card.String, see card).
func hands(t *testing.T, r *Record, hs ...[]string) *Record {
	t.Helper()
	used := map[int]bool{}
	for i, h := range hs {
		r.Setup.Hands[i] = nil
		for _, name := range h {
			c := cardNamed(t, name, used)
			used[c] = true
			r.Setup.Hands[i] = append(r.Setup.Hands[i], c)
		}
	}
	return r
}

// cardNamed returns the ID of the first card printed as name ("B +1 copper
// £2") not in skip.
func cardNamed(t *testing.T, name string, skip map[int]bool) int {
	t.Helper()
	for _, c := range Standard.Cards {
		if c.String() == name && !skip[c.ID] {
			return c.ID
		}
	}
	t.Fatalf("no card %q", name)
	return -1
}

// card returns the ID of the first card printed as name.
func card(t *testing.T, name string) int { t.Helper(); return cardNamed(t, name, nil) }

// area returns the index of an area id.
func area(t *testing.T, id string) int {
	t.Helper()
	i := Standard.AreaIndex(id)
	if i < 0 {
		t.Fatalf("no area %s", id)
	}
	return i
}

// scenario replays r followed by actions and fails the test on any error.
func scenario(t *testing.T, r *Record, actions ...string) *State {
	t.Helper()
	rec := *r
	rec.Actions = append(append([]string(nil), r.Actions...), actions...)
	s, err := Replay(&rec)
	if err != nil {
		t.Fatalf("scenario: %v", err)
	}
	if err := CheckInvariants(s); err != nil {
		t.Fatalf("scenario: invariant: %v", err)
	}
	return s
}

// play applies actions to s, failing on any error.
func play(t *testing.T, s *State, actions ...string) *State {
	t.Helper()
	for _, str := range actions {
		a, err := ParseAction(str)
		if err != nil {
			t.Fatalf("parse %s: %v", str, err)
		}
		n, _, err := Apply(s, a)
		if err != nil {
			t.Fatalf("apply %s: %v", str, err)
		}
		if err := CheckInvariants(n); err != nil {
			t.Fatalf("after %s: %v", str, err)
		}
		if !legalHas(s, a) {
			t.Fatalf("%s applied but Legal does not list it", str)
		}
		s = n
	}
	return s
}

// refuse asserts that action str is rejected with a RuleError of code, that
// Legal does not list it, and that s is unchanged.
func refuse(t *testing.T, s *State, str, code string) {
	t.Helper()
	a, err := ParseAction(str)
	if err != nil {
		t.Fatalf("parse %s: %v", str, err)
	}
	before := s.Version
	n, _, err := Apply(s, a)
	var re *RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s: want rule error %s, got %v", str, code, err)
	}
	if re.Code != code {
		t.Fatalf("%s: want %s, got %s (%v)", str, code, re.Code, re.Message)
	}
	if n != s || s.Version != before {
		t.Fatalf("%s: state changed on error", str)
	}
	if legalHas(s, a) {
		t.Fatalf("%s refused but listed by Legal", str)
	}
}

// legalHas reports whether Legal lists a (a bid within a listed range counts).
func legalHas(s *State, a Action) bool {
	for _, l := range s.Legal(a.Seat) {
		if l.Kind == ActBid && a.Kind == ActBid {
			if a.Amount >= l.Amount && a.Amount <= l.Max {
				return true
			}
			continue
		}
		if sameAction(l.Action, a) {
			return true
		}
	}
	return false
}

// passRound ends the current phase-2 round with everyone passing, nobody
// investing and nobody peeking.
func passRound(t *testing.T, s *State) *State {
	t.Helper()
	round := s.Round
	for s.Phase != PhaseOver && s.Round == round {
		seat := s.ToAct()[0]
		var str string
		switch s.Phase {
		case PhaseActions:
			str = fmt.Sprintf("%d/pass", seat)
		case PhaseInvest:
			str = fmt.Sprintf("%d/ie", seat)
		case PhasePeek:
			str = fmt.Sprintf("%d/pks", seat)
		default:
			t.Fatalf("passRound: phase %s", s.Phase)
		}
		s = play(t, s, str)
	}
	return s
}

// money returns every seat's money.
func money(s *State) []int {
	var out []int
	for _, p := range s.Players {
		out = append(out, p.Money)
	}
	return out
}

func eqInts(a, b []int) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

// logHas reports whether any log line contains sub, in English.
func logHas(s *State, sub string) bool {
	for i := range s.Log {
		l := s.Log[i]
		if m := s.LogMessage(i); !m.IsZero() {
			var err error
			if l, err = renderEnglish(m); err != nil {
				panic(err)
			}
		}
		if strings.Contains(l, sub) {
			return true
		}
	}
	return false
}

// mixedOptions are the modules of random game g: of every 8, games 0–1
// none but Emigration in the odd one, 2–3 Kickstarter, 4–5 Arsenic, 6–7
// both; every odd game adds Emigration (so 7 has all three).
func mixedOptions(g int) Options {
	return Options{Arsenic: g%8 >= 4, Kickstarter: g%4 >= 2, Emigration: g%2 == 1}
}

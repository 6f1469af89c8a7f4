package brass

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// game sets up an n-player game (seed 1) and returns its state.
func game(t *testing.T, n int, opts ...string) *state {
	t.Helper()
	o := ""
	if len(opts) > 0 {
		o = opts[0]
	}
	raw, err := Title.ParseOptions(o)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newState(engine.Setup{NumSeats: n, Seed: 1, Options: raw})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// playSampled plays a random n-seat game, set up with seed base+n, to its
// end: at each position a random seat to act takes a random legal action
// (choices drawn from PCG(n, base+1)). It calls visit with every
// every-th position, step counting them from 0.
func playSampled(t *testing.T, n int, base uint64, every int, visit func(step int, m engine.Match)) {
	t.Helper()
	m, err := Title.New(engine.Setup{NumSeats: n, Seed: base + uint64(n)})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(uint64(n), base+1))
	for step := 0; m.Result() == nil; step++ {
		if step%every == 0 {
			visit(step, m)
		}
		seats := m.ToAct()
		legal := m.Legal(seats[r.IntN(len(seats))])
		next, _, err := m.Apply(legal[r.IntN(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		m = next
	}
}

// sp returns the index of the k-th build space (0-based) of location id.
func sp(t *testing.T, id string, k int) int {
	t.Helper()
	return Standard.Locations[loc(t, id)].Spaces[k]
}

// line returns the index of the line joining locations a and b.
func line(t *testing.T, a, b string) int {
	t.Helper()
	la, lb := loc(t, a), loc(t, b)
	for i, ln := range Standard.Lines {
		hasA, hasB := false, false
		for _, x := range ln.Ends {
			hasA = hasA || x == la
			hasB = hasB || x == lb
		}
		if hasA && hasB {
			return i
		}
	}
	t.Fatalf("no line %s–%s", a, b)
	return -1
}

// put places seat's tile of industry i at level index lvl on space si,
// taking it from the mat (the tiles below it are developed away).
func (s *state) put(seat int, i Industry, lvl, si int, flipped bool, cubes int) {
	st := s.ed().Stack(i)
	k := s.Players[seat].Mat[i]
	for k < len(st) && st[k] < lvl {
		k++
	}
	s.Players[seat].Mat[i] = k + 1
	s.Spaces[si] = slot{Owner: seat, Ind: i, Lvl: lvl, Flipped: flipped, Cubes: cubes}
}

// turnOf makes it seat's turn in the action step with hand.
func (s *state) turnOf(seat int, hand ...int) {
	for i, o := range s.Order {
		if o == seat {
			s.Turn = i
		}
	}
	s.Players[seat].Hand = append([]int(nil), hand...)
	s.HandAtStart = len(hand)
	s.Step = step{Kind: StepAction}
}

func act(seat int, k ActionKind) Action {
	return Action{Seat: seat, Kind: k, Card: -1, Ind: NoIndustry, Space: -1, Line: -1, Merch: -1}
}

func buildA(seat, card int, i Industry, si int) Action {
	a := act(seat, ActBuild)
	a.Card, a.Ind, a.Space = card, i, si
	return a
}

func networkA(seat, card, l int) Action {
	a := act(seat, ActNetwork)
	a.Card, a.Line = card, l
	return a
}

// mustApply applies a to s in place, failing the test on a refusal.
func mustApply(t *testing.T, s *state, a Action) {
	t.Helper()
	s.ev = nil
	if err := s.apply(a); err != nil {
		t.Fatalf("%s refused: %v", a, err)
	}
}

// refusedWith checks that a is refused with code, and changes nothing.
func refusedWith(t *testing.T, s *state, a Action, code string) {
	t.Helper()
	before, _ := (&match{s: s}).Snapshot()
	err := s.clone().apply(a)
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s accepted (want refusal %s)", a, code)
	}
	if re.Code != code {
		t.Errorf("%s refused with %s (%v), want %s", a, re.Code, re.Message, code)
	}
	after, _ := (&match{s: s}).Snapshot()
	if string(before) != string(after) {
		t.Error("a refusal changed the state")
	}
}

// isLegal reports whether a is in seat's legal list.
func isLegal(s *state, a Action) bool {
	for _, b := range s.legal(a.Seat) {
		if b.String() == a.String() {
			return true
		}
	}
	return false
}

package tinners

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/enginetest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestSimEqualsApply: a Sim playing in place reads, after every action of
// random games (2 to 5 seats, the solo game, the modules), exactly as the
// match Legal and Apply make.
func TestSimEqualsApply(t *testing.T) {
	// Outside the full pass one 3-player game with every module and one
	// solo game (the small cases); the full pass plays them all.
	games, every := testenv.Size(t, 1, 2), testenv.Size(t, 40, 10)
	cases := []struct {
		seats int
		opts  string
		small bool
	}{{2, "", false}, {3, "arsenic,emigration,kickstarter", true}, {4, "", false}, {5, "arsenic", false}, {1, "arsenic,emigration,kickstarter,better-mines", true}}
	for _, c := range cases {
		if !testenv.Pick(t, c.small) {
			continue
		}
		enginetest.CheckSim(t, Title, c.seats, c.opts, games, every)
	}
}

// TestBoxSharesEqualCopies: box gives back the action it was given, a
// shared copy for common actions (the same one on the second call) and a
// fresh one for the rest.
func TestBoxSharesEqualCopies(t *testing.T) {
	for _, a := range []Action{
		{Seat: 0, Kind: ActPass, Area: -1, Border: -1, Card: NoCard},
		{Seat: 3, Kind: ActMiner, Area: 17, Border: -1, Card: NoCard},
		{Seat: 4, Kind: ActBid, Area: -1, Border: -1, Card: NoCard, Amount: 37},
		{Seat: 1, Kind: ActInvest, Area: -1, Border: -1, Card: NoCard, Amount: 5},
		{Seat: 2, Kind: ActExtract, Area: 9, Border: -1, Card: NoCard, Tin: 2, Copper: 3},
		{Seat: 2, Kind: ActBuild, Area: 9, Border: -1, Card: 12},
		{Seat: 2, Kind: ActAdit, Area: -1, Border: 40, Card: NoCard},
		{Seat: 0, Kind: ActDraftDiscard, Area: -1, Border: -1, Card: 21},
		{Seat: 1, Kind: ActBid, Area: -1, Border: -1, Card: NoCard, Amount: 300},
		{Seat: 2, Kind: ActBuild, Area: 9, Border: -1, Card: 12, Draw: true},
		{Seat: 2, Kind: ActExtract, Area: 9, Border: -1, Card: NoCard, Tin: 9, Copper: 3},
	} {
		b1, b2 := box(a), box(a)
		if got, ok := b1.(Action); !ok || got != a {
			t.Fatalf("box(%+v) = %+v", a, b1)
		}
		if got := b2.(Action); got != a {
			t.Fatalf("second box(%+v) = %+v", a, got)
		}
		shared := boxSlot(a) != nil
		if want := a.Amount < boxAmounts && !a.Draw && a.Tin < boxOre; shared != want {
			t.Fatalf("box(%+v): shared %v, want %v", a, shared, want)
		}
		if shared && testing.AllocsPerRun(10, func() { box(a) }) != 0 {
			t.Fatalf("box(%+v) allocates once it has a shared copy", a)
		}
	}
}

// TestQuietSimReadsFull: a sim plays without writing its log, so whatever
// reads the log from it (Apply with its events, Determinize, a Sim of it)
// must first rebuild it: each gives, after quiet play, what the match
// played through Apply gives.
func TestQuietSimReadsFull(t *testing.T) {
	cases := []struct {
		seats int
		opts  string
	}{{3, "arsenic,emigration,kickstarter"}, {1, "arsenic,emigration,kickstarter,better-mines"}}
	cases = cases[:testenv.Size(t, 1, len(cases))] // the full pass plays both
	for _, c := range cases {
		m := enginetest.Start(t, Title, c.seats, c.opts, 1)[0]
		s := engine.SimOf(m)
		r := rand.New(rand.NewPCG(7, 8))
		for step := 0; m.Result() == nil; step++ {
			seat := m.ToAct()[0]
			legal := m.Legal(seat)
			a := legal[r.IntN(len(legal))]
			if step%13 == 5 {
				want, wantEv, err := m.Apply(a)
				if err != nil {
					t.Fatal(err)
				}
				got, gotEv, err := s.Apply(a)
				if err != nil {
					t.Fatal(err)
				}
				sameJSON(t, "Apply's match", got, want)
				sameJSON(t, "Apply's events", gotEv, wantEv)
				sameJSON(t, "Determinize", s.(engine.Determinizer).Determinize(seat, rand.New(rand.NewPCG(1, uint64(step)))),
					m.(engine.Determinizer).Determinize(seat, rand.New(rand.NewPCG(1, uint64(step)))))
				sameJSON(t, "a Sim of the sim", engine.SimOf(s), m)
			}
			next, _, err := m.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.ApplyInPlace(a); err != nil {
				t.Fatal(err)
			}
			m = next
		}
	}
}

// sameJSON fails unless got and want (matches, snapshotted, or values)
// read the same.
func sameJSON(t *testing.T, what string, got, want any) {
	t.Helper()
	enc := func(v any) string {
		if m, ok := v.(engine.Match); ok {
			b, err := m.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if g, w := enc(got), enc(want); g != w {
		t.Fatalf("%s differs:\n got %s\nwant %s", what, g, w)
	}
}

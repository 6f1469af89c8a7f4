package tinners

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// TestSimEqualsApply: a Sim playing in place reads, after every action of
// random games (2 to 5 seats, the solo game, the modules), exactly as the
// match Legal and Apply make.
func TestSimEqualsApply(t *testing.T) {
	games, every := 2, 10
	cases := []struct {
		seats int
		opts  string
	}{{2, ""}, {3, "arsenic,emigration,kickstarter"}, {4, ""}, {5, "arsenic"}, {1, "arsenic,emigration,kickstarter,better-mines"}}
	if raceOn || testing.Short() {
		// Under -race one 3-player game with every module and one solo
		// game; the race-free pass plays them all.
		games, every = 1, 40
		cases = []struct {
			seats int
			opts  string
		}{cases[1], cases[4]}
	}
	for _, c := range cases {
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

package tinners

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// allCandidates enumerates every action seat could name now (wide ranges of
// every field), legal or not.
func allCandidates(s *State, seat int) []Action {
	var out []Action
	base := Action{Seat: seat, Card: NoCard, Area: -1, Border: -1}
	add := func(f func(*Action)) {
		a := base
		f(&a)
		out = append(out, a)
	}
	nCards := len(Standard.Cards)
	for k := ActionKind(0); k < numActionKinds; k++ {
		switch k {
		case ActDraftDiscard, ActAfterCard:
			for c := -1; c < nCards; c++ {
				add(func(a *Action) { a.Kind, a.Card = k, c })
			}
		case ActBuild:
			for i := range Standard.Areas {
				for c := -1; c < nCards; c++ {
					add(func(a *Action) { a.Kind, a.Area, a.Card = k, i, c })
				}
				add(func(a *Action) { a.Kind, a.Area, a.Draw = k, i, true })
			}
		case ActExtract:
			for i := range Standard.Areas {
				for tin := 0; tin <= 6; tin++ {
					for cop := 0; cop <= 6; cop++ {
						add(func(a *Action) { a.Kind, a.Area, a.Tin, a.Copper = k, i, tin, cop })
					}
				}
			}
		case ActMiner, ActPort, ActTrain, ActPump, ActPeek, ActProcessArsenic, ActOwnMiner, ActFreeTrain, ActFreePort, ActFreeMiner:
			for i := range Standard.Areas {
				add(func(a *Action) { a.Kind, a.Area = k, i })
			}
		case ActEmigrate:
			for i := range Standard.Areas {
				for l := 0; l < NumLocations; l++ {
					add(func(a *Action) { a.Kind, a.Area, a.Amount = k, i, l })
				}
			}
		case ActAdit, ActFreeAdit:
			for b := range Standard.Borders {
				add(func(a *Action) { a.Kind, a.Border = k, b })
			}
		case ActBid:
			for m := 0; m <= s.Players[seat].Money+1; m++ {
				add(func(a *Action) { a.Kind, a.Amount = k, m })
			}
		case ActInvest:
			for _, m := range []int{0, 5, 10, 15} {
				add(func(a *Action) { a.Kind, a.Amount = k, m })
			}
		default:
			add(func(a *Action) { a.Kind = k })
		}
	}
	return out
}

// TestLegalIsExactlyWhatApplyAccepts: on states sampled from random games,
// an action is listed by Legal if and only if Apply accepts it, for every
// seat; and Apply never mutates the state it is given.
func TestLegalIsExactlyWhatApplyAccepts(t *testing.T) {
	// Single-threaded rule code, slow under -race: the full pass plays it.
	testenv.FullOnly(t)
	checked := 0
	var kinds [numActionKinds]int // accepted candidates per kind
	states := midGameStates(t, 8, 90)
	// Rarer decisions, so that every kind is tried where it is legal: a
	// train (none in some rounds), investing after having invested this turn
	// (ActFinishInvest), the card after an auction, the end-of-round peek,
	// placing steam pumps.
	trains, arsenic, pumps := 0, 0, 0
	emigration := map[ActionKind]int{}
	for _, s := range midGameStates(t, 8, 7) {
		if s.Phase == PhaseActions {
			for _, a := range s.Legal(s.active()) {
				if a.Kind >= ActOwnMiner && emigration[a.Kind] < 4 {
					emigration[a.Kind]++
					states = append(states, s)
					break
				}
			}
			if s.Options.Emigration && emigration[-1] < 8 {
				// Every kind of Michigan piece waiting to be placed, in
				// one's final column too.
				emigration[-1]++
				c := s.Clone()
				c.Players[c.active()].Pending = Pieces{Adits: 1, Trains: 1, Ports: 1, Miners: 2}
				states = append(states, c)
			}
		}
		if s.Phase == PhaseCalciner {
			states = append(states, s)
		}
		if s.Phase == PhaseActions && arsenic < 12 {
			for _, a := range s.Legal(s.active()) {
				if a.Kind == ActProcessArsenic || a.Kind == ActSellArsenic {
					arsenic++
					states = append(states, s)
					break
				}
			}
		}
		if s.Phase == PhasePumps && pumps < 6 {
			pumps++
			states = append(states, s)
		}
		if s.Phase == PhaseActions && s.Trains > 0 && trains < 6 {
			trains++
			states = append(states, s)
		}
		if (s.Phase == PhaseInvest && s.InvestedNow > 0) || s.Phase == PhaseAfterAuction || s.Phase == PhasePeek {
			states = append(states, s)
		}
	}
	for k, s := range states {
		before, _ := json.Marshal(s)
		for seat := 0; seat < s.NumSeats; seat++ {
			listed := map[string]bool{}
			for _, l := range s.Legal(seat) {
				for _, a := range l.Actions() {
					listed[a.String()] = true
				}
			}
			accepted := 0
			for _, a := range allCandidates(s, seat) {
				err := s.check(a) // exactly Apply's test; listed actions are applied below
				ok := err == nil
				if ok {
					accepted++
					kinds[a.Kind]++
				}
				if ok != listed[a.String()] {
					t.Fatalf("state %d (%s), seat %d: %s accepted=%v listed=%v (%v)", k, s.Phase, seat, a, ok, listed[a.String()], err)
				}
			}
			for _, l := range s.Legal(seat) {
				if _, _, err := Apply(s, l.Action); err != nil {
					t.Fatalf("listed %s refused: %v", l, err)
				}
			}
			if accepted != len(listed) {
				t.Fatalf("state %d seat %d: %d accepted, %d listed", k, seat, accepted, len(listed))
			}
			checked++
		}
		if after, _ := json.Marshal(s); string(after) != string(before) {
			t.Fatalf("state %d: Apply mutated its input", k)
		}
	}
	if checked < 20 {
		t.Fatalf("only %d seat-states checked", checked)
	}
	for k, n := range kinds {
		if n == 0 {
			t.Errorf("no state accepted any action of kind %d (%s)", k, ActionKind(k).Code())
		}
	}
}

// TestRandomPlayoutsDeterministic: the same seed and choices give the same
// game, and Replay of the recorded actions reaches the same state.
func TestRandomPlayoutsDeterministic(t *testing.T) {
	for n := 2; n <= 5; n++ {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			rec := &Record{Edition: Standard.Version, Seats: make([]string, n), Seed: uint64(77 * n)}
			s, _ := NewGame(rec.SetupOf())
			r := rand.New(rand.NewPCG(1, 2))
			end, log, err := RandomPlayout(s, func(k int) int { return r.IntN(k) }, false, 5000)
			if err != nil {
				t.Fatal(err)
			}
			for _, a := range log {
				rec.Actions = append(rec.Actions, a.String())
			}
			again, err := Replay(rec)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := json.Marshal(end)
			b, _ := json.Marshal(again)
			if string(a) != string(b) {
				t.Fatal("replay differs from the play-out")
			}
		})
	}
}

// TestAllowsAgreesWithLegal: Allows accepts every listed action (every
// amount of a listed bid) and nothing Apply refuses.
func TestAllowsAgreesWithLegal(t *testing.T) {
	for _, s := range midGameStates(t, 4, 5) {
		for seat := 0; seat < s.NumSeats; seat++ {
			for _, c := range s.Legal(seat) {
				for _, b := range c.Actions() {
					if !s.Allows(b) {
						t.Fatalf("Legal lists %s but Allows refuses it", b)
					}
				}
			}
			for _, a := range []Action{{Seat: seat, Kind: ActPass}, {Seat: seat, Kind: ActPasties}, {Seat: seat, Kind: ActDrop}} {
				_, _, err := Apply(s, a)
				if s.Allows(a) != (err == nil) {
					t.Fatalf("%s: Allows %v but Apply says %v", a, s.Allows(a), err)
				}
			}
		}
	}
}

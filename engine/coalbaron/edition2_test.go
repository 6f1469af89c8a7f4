package coalbaron

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/enginetest"
)

// newEdMatch sets up a game of edition version v (see newMatch).
func newEdMatch(t *testing.T, v string, n int, seed uint64, ov *Overrides) *match {
	t.Helper()
	raw, err := json.Marshal(ov)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Title.New(engine.Setup{Edition: v, NumSeats: n, Seed: seed, Overrides: raw})
	if err != nil {
		t.Fatal(err)
	}
	return m.(*match)
}

// edit returns a copy of m changed by f, which must keep every card
// somewhere (the invariants are checked).
func edit(t *testing.T, m *match, f func(s *state)) *match {
	t.Helper()
	s := m.s.clone()
	f(s)
	n := &match{s: s}
	if err := CheckInvariants(n); err != nil {
		t.Fatalf("edited state: %v", err)
	}
	return n
}

// refuseWith checks that str is refused with code and catalogue message id.
func refuseWith(t *testing.T, m *match, str, code, id string) {
	t.Helper()
	refuse(t, m, str, code)
	a, _ := ParseAction(str)
	_, _, err := m.Apply(a)
	var re *engine.RuleError
	if errors.As(err, &re) && re.Message.ID != id {
		t.Fatalf("%s: message %q, want %q", str, re.Message.ID, id)
	}
}

// placeWorker moves one worker card of value v from seat's hand onto zone z
// as a placement of its own.
func placeWorker(s *state, seat int, z Zone, v int) {
	p := &s.Players[seat]
	i := slices.IndexFunc(p.Workers, func(id int) bool { return s.card(id).Workers == v })
	s.Zones[z] = append(s.Zones[z], placement{Seat: seat, Count: v, Cards: []int{p.Workers[i]}})
	p.Workers = slices.Delete(p.Workers, i, i+1)
}

func innovation(k InnovationKind, max int) int {
	return ids(KindInnovation, 1, func(c Card) bool { return c.Innovation == k && c.Max == max })[0]
}

func TestEditions(t *testing.T) {
	if Title.Meta().Edition != EditionV2 || Standard.Version != EditionV2 {
		t.Fatalf("new games are played under %q", Title.Meta().Edition)
	}
	for _, v := range []string{"", EditionV1, EditionV2} {
		if !KnownEdition(v) {
			t.Errorf("edition %q unknown", v)
		}
	}
	if KnownEdition("cb-9") {
		t.Errorf("cb-9 known")
	}
	if _, err := Title.New(engine.Setup{Edition: "cb-9", NumSeats: 2}); err == nil {
		t.Errorf("a game of edition cb-9 was set up")
	}
	// A first-edition game keeps its edition through a snapshot.
	m := newEdMatch(t, EditionV1, 2, 3, nil)
	b, _ := m.Snapshot()
	back, err := Title.Restore(b)
	if err != nil || back.(*match).s.Edition != EditionV1 || back.Public().(PublicView).Edition != EditionV1 {
		t.Fatalf("restored %v: %v", back, err)
	}
	// The card data are the same in both.
	if !slices.Equal(editions[EditionV1].Cards, editions[EditionV2].Cards) {
		t.Errorf("the editions' cards differ")
	}
}

// TestPassingPlaysNoInnovation: the rulebook, "Passing": a player who passes
// "is not allowed to play any action innovation cards on that turn". One who
// cannot place workers may only pass; the first edition offered her
// innovations first.
func TestPassingPlaysNoInnovation(t *testing.T) {
	orderI := innovation(InnoOrder, 0)
	for _, v := range []string{EditionV1, EditionV2} {
		m := newEdMatch(t, v, 2, 10, &Overrides{Start: intp(0), Players: []PlayerSetup{{Innovations: []int{orderI}}}})
		m = edit(t, m, func(s *state) { // all her workers are out
			for _, z := range []Zone{ZoneLorry1, ZoneLorry2} {
				placeWorker(s, 0, z, 1)
				placeWorker(s, 0, z, 2)
			}
			placeWorker(s, 0, ZoneLorry1, 3)
			for _, z := range []Zone{ZoneWagon1, ZoneWagon2, ZoneEngine} {
				placeWorker(s, 0, z, 1)
			}
		})
		inno := fmt.Sprintf("0/i:%d", orderI)
		if v == EditionV1 {
			if !hasLegal(m, inno) || !hasLegal(m, "0/p") {
				t.Fatalf("edition 1: %v", legalStrings(m, 0))
			}
			continue
		}
		if got := legalStrings(m, 0); !slices.Equal(got, []string{"0/p"}) {
			t.Fatalf("edition 2 with no placement: %v, want only a pass", got)
		}
		refuseWith(t, m, inno, ErrNotAllowed, "cb_err_pass_no_innovation")
		// She holds a card that might be a worker innovation: the pass is
		// put to her, not played for her.
		if !m.Label(m.Legal(0)[0]).Deliberate {
			t.Errorf("a pass that her hand might avoid is played for her")
		}
		// With no innovation card at all the pass is forced in public.
		bare := edit(t, m, func(s *state) {
			s.Stacks[ZoneInnovation] = append(s.Stacks[ZoneInnovation], s.Players[0].Innovations...)
			s.Players[0].Innovations = nil
		})
		if bare.Label(bare.Legal(0)[0]).Deliberate {
			t.Errorf("a pass forced in public is still put to her")
		}
	}
}

// TestInnovationNeedsAPlacementAfter: before the worker action, an action
// innovation is offered only if workers can still be placed after it: with
// a 4-worker card for the engine zone as her only placement, the engine
// innovation (her third engine) would leave her none.
func TestInnovationNeedsAPlacementAfter(t *testing.T) {
	engI, orderI := innovation(InnoEngine, 0), innovation(InnoOrder, 0)
	engs := ids(KindEngine, 2, isKind(KindEngine))
	for _, v := range []string{EditionV1, EditionV2} {
		m := newEdMatch(t, v, 3, 12, &Overrides{Start: intp(0), Players: []PlayerSetup{{
			Innovations: []int{engI, orderI},
			Docks:       []DockSetup{{Engine: &engs[0]}, {Engine: &engs[1]}},
		}}})
		m = edit(t, m, func(s *state) {
			// Seat 0 keeps only her 4, and the engine zone (after seat 1's
			// 1, 2 and 3) is the only one taking 4.
			for _, z := range []Zone{ZoneLorry1, ZoneLorry2} {
				placeWorker(s, 0, z, 1)
				placeWorker(s, 0, z, 2)
			}
			for _, z := range []Zone{ZoneWagon1, ZoneWagon2, ZoneOrder} {
				placeWorker(s, 0, z, 1)
			}
			placeWorker(s, 1, ZoneShare, 1)
			placeWorker(s, 1, ZoneShare, 2)
			placeWorker(s, 0, ZoneShare, 3)
			placeWorker(s, 1, ZoneShare, 4)
			for v := 1; v <= 3; v++ {
				placeWorker(s, 1, ZoneEngine, v)
			}
		})
		eng, order := fmt.Sprintf("0/i:%d", engI), fmt.Sprintf("0/i:%d", orderI)
		if !hasLegal(m, "0/w:en:4") || !hasLegal(m, order) || !hasLegal(m, "0/p") {
			t.Fatalf("%s: %v", v, legalStrings(m, 0))
		}
		if v == EditionV1 {
			if !hasLegal(m, eng) {
				t.Fatalf("edition 1 did not offer the engine innovation: %v", legalStrings(m, 0))
			}
			// ... after which only a pass is left: innovations played on a
			// turn she passes.
			after, _ := play(t, m, eng)
			if hasLegal(after, "0/w:en:4") || !hasLegal(after, "0/p") {
				t.Fatalf("edition 1 after the innovation: %v", legalStrings(after, 0))
			}
			continue
		}
		if hasLegal(m, eng) {
			t.Fatalf("edition 2 offers an innovation after which she cannot place: %v", legalStrings(m, 0))
		}
		refuseWith(t, m, eng, ErrNotAllowed, "cb_err_no_placement_after")
		after, _ := play(t, m, order)
		if hasLegal(after, "0/p") || !hasLegal(after, "0/w:en:4") {
			t.Fatalf("after the order innovation: %v", legalStrings(after, 0))
		}
	}
}

// TestTurnFlowShowsNoHand: after the worker action the first edition ended
// the turn by itself unless she held a playable action innovation, which
// showed her hand; edition 2 waits for "end turn" whenever she holds any
// innovation card, and puts it to her even as her only move. The check is
// the conformance suite's own (enginetest.Asked): two deals differing only
// in her hidden innovation.
func TestTurnFlowShowsNoHand(t *testing.T) {
	orderI, workerI := innovation(InnoOrder, 0), innovation(InnoWorkers, 3)
	for _, v := range []string{EditionV1, EditionV2} {
		var asked, pub []string
		for _, hand := range []int{orderI, workerI} {
			m := newEdMatch(t, v, 2, 20, &Overrides{Start: intp(0), Players: []PlayerSetup{{Innovations: []int{hand}}}})
			next, _ := play(t, m, "0/w:sh:1")
			b, _ := json.Marshal(next.Public())
			asked, pub = append(asked, enginetest.Asked(next)), append(pub, string(b))
		}
		same := asked[0] == asked[1] && pub[0] == pub[1]
		if v == EditionV1 && same {
			t.Errorf("edition 1 no longer shows the hand: %q", asked)
		}
		if v == EditionV2 && !same {
			t.Errorf("edition 2: the flow differs with the hidden hand: %q", asked)
		}
	}
	// Edition 2: with only a worker innovation she is asked "end turn";
	// with no innovation card at all the turn ends by itself.
	m := newEdMatch(t, EditionV2, 2, 20, &Overrides{Start: intp(0), Players: []PlayerSetup{{Innovations: []int{workerI}}}})
	next, _ := play(t, m, "0/w:sh:1")
	if got := legalStrings(next, 0); next.s.Step.Kind != StepAfter || !slices.Equal(got, []string{"0/e"}) || !next.Label(next.Legal(0)[0]).Deliberate {
		t.Fatalf("edition 2 after the worker action: %v %v", next.s.Step.Kind, got)
	}
	m = newEdMatch(t, EditionV2, 2, 20, &Overrides{Start: intp(0)})
	if next, _ = play(t, m, "0/w:sh:1"); next.s.Turn != 1 {
		t.Fatalf("edition 2 with no innovation card: the turn did not end")
	}
}

// TestDeliveryEndShowsNoOrder: after a departure, the first edition ended
// the delivery by itself when no order of hers fitted another dock of the
// engine type; edition 2 goes on, asking her to stop, while such a dock
// has lorries and she holds an order.
func TestDeliveryEndShowsNoOrder(t *testing.T) {
	engs := ids(KindEngine, 2, func(c Card) bool { return c.Engine == 0 })
	ws := ids(KindWagon, 2, crestWagon(CrestWild))
	ls := ids(KindLorry, 2, crestLorry(Wheel, 1))
	small := ids(KindOrder, 1, func(c Card) bool { return c.Lorries == 1 })[0]
	big := ids(KindOrder, 1, func(c Card) bool { return c.Lorries == 3 })[0]
	for _, v := range []string{EditionV1, EditionV2} {
		m := newEdMatch(t, v, 2, 30, &Overrides{Start: intp(0), Players: []PlayerSetup{{
			Orders: []int{small, big},
			Docks:  []DockSetup{{Wagons: [][2]int{{ws[0], ls[0]}}, Engine: &engs[0]}, {Wagons: [][2]int{{ws[1], ls[1]}}, Engine: &engs[1]}},
		}}})
		next, _ := play(t, m, "0/w:dv:1", fmt.Sprintf("0/v:1:%d", small))
		if v == EditionV1 {
			if next.s.Step.Kind == StepDeliver {
				t.Fatalf("edition 1 went on delivering: %v", legalStrings(next, 0))
			}
			continue
		}
		if got := legalStrings(next, 0); next.s.Step.Kind != StepDeliver || !slices.Equal(got, []string{"0/vd"}) || !next.Label(next.Legal(0)[0]).Deliberate {
			t.Fatalf("edition 2 after the departure: %v %v", next.s.Step.Kind, got)
		}
	}
}

// TestWildKeepShowsNoHand: an innovation kept unseen with the wild action
// ends the turn the same way whether it is an action innovation she could
// play or a worker innovation (edition 2); the first edition's flow told
// them apart.
func TestWildKeepShowsNoHand(t *testing.T) {
	orderI, workerI := innovation(InnoOrder, 0), innovation(InnoWorkers, 3)
	rest := ids(KindInnovation, 3, func(c Card) bool { return c.Innovation == InnoMining || c.Innovation == InnoLorry })
	stack := []int{orderI, workerI, rest[0], rest[1], rest[2]} // the fifth stays on top
	for _, v := range []string{EditionV1, EditionV2} {
		var asked, pub []string
		for _, keep := range []int{orderI, workerI} {
			m := newEdMatch(t, v, 2, 40, &Overrides{Start: intp(0), Stacks: map[string][]int{"in": stack}})
			m, _ = play(t, m, "0/w:wd:2", "0/ws:in", fmt.Sprintf("0/k:%d", keep))
			m, _ = play(t, m, legalStrings(m, 0)[0]) // the others back, in some order
			b, _ := json.Marshal(m.Public())
			asked, pub = append(asked, enginetest.Asked(m)), append(pub, string(b))
		}
		same := asked[0] == asked[1] && pub[0] == pub[1]
		if v == EditionV1 && same {
			t.Errorf("edition 1 no longer shows the kept card's kind: %q", asked)
		}
		if v == EditionV2 && !same {
			t.Errorf("edition 2: the flow shows the kept card's kind: %q", asked)
		}
	}
}

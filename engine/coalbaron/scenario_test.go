package coalbaron

import (
	"encoding/json"
	"fmt"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestWorkerActions takes each stack's card with a worker action.
func TestWorkerActions(t *testing.T) {
	wild := ids(KindWagon, 1, crestWagon(CrestWild))[0]
	fox := ids(KindWagon, 1, crestWagon(Fox))[0]
	l1 := ids(KindLorry, 2, isKind(KindLorry))
	m := newMatch(t, 4, 9, &Overrides{Start: intp(0), Stacks: map[string][]int{"w1": {wild}, "w2": {fox}, "l1": l1}})

	t.Run("lorry goes to the left end of the row", func(t *testing.T) {
		m, ev := play(t, m, "0/w:l1:1", "1/w:l1:2")
		if !slices.Equal(m.s.Players[0].Row, []int{l1[0]}) || !slices.Equal(m.s.Players[1].Row, []int{l1[1]}) {
			t.Fatalf("rows %v %v", m.s.Players[0].Row, m.s.Players[1].Row)
		}
		if !engine.Reveals(ev) {
			t.Errorf("taking a card showed the next one without a Reveal event")
		}
	})
	t.Run("wild wagon: choose the dock; fox wagon: dock 3 only", func(t *testing.T) {
		m, _ := play(t, m, "0/w:w1:1")
		if m.s.Step.Kind != StepDock || !slices.Equal(legalStrings(m, 0), []string{"0/d:1", "0/d:2", "0/d:3"}) {
			t.Fatalf("dock choice: %v", legalStrings(m, 0))
		}
		m, _ = play(t, m, "0/d:2", "1/w:w2:1")
		if m.s.Players[0].Docks[1].Wagons[0].Wagon != wild || m.s.Players[1].Docks[2].Wagons[0].Wagon != fox {
			t.Fatalf("wagons not placed")
		}
	})
	t.Run("engine: choose a dock without engine; none with 3", func(t *testing.T) {
		m, _ := play(t, m, "0/w:en:1", "0/d:3", "1/p", "2/p", "3/p", "0/w:en:2", "0/d:1", "0/w:en:3")
		if !slices.Equal(legalStrings(m, 0), []string{"0/d:2"}) && m.s.Players[0].engines() != 3 {
			t.Fatalf("third engine: %v", legalStrings(m, 0))
		}
		if m.s.Players[0].engines() != 3 {
			t.Fatalf("the only dock was not chosen automatically: %d engines", m.s.Players[0].engines())
		}
		for _, l := range legalStrings(m, 0) {
			if strings.Contains(l, ":en:") {
				t.Fatalf("engine zone offered with 3 engines: %s", l)
			}
		}
		refuse(t, m, "0/w:en:4", ErrCannotPerform)
	})
	t.Run("order, innovation: hand; share, objective: in front", func(t *testing.T) {
		top := func(z Zone) int { return m.s.Stacks[z][0] }
		o, in, sh, ob := top(ZoneOrder), top(ZoneInnovation), top(ZoneShare), top(ZoneObjective)
		m, _ := play(t, m, "0/w:or:1", "1/w:in:1")
		if m.s.Step.Kind == StepAfter {
			m, _ = play(t, m, "1/e")
		}
		m, _ = play(t, m, "2/w:sh:1", "3/w:ob:1")
		if !slices.Equal(m.s.Players[0].Orders, []int{o}) || !slices.Equal(m.s.Players[1].Innovations, []int{in}) ||
			!slices.Equal(m.s.Players[2].Shares, []int{sh}) || !slices.Equal(m.s.Players[3].Objectives, []int{ob}) {
			t.Fatalf("cards not received")
		}
		pv := m.Public().(PublicView)
		if pv.Players[0].Orders != 1 || pv.Players[1].Innovations != 1 {
			t.Errorf("hand sizes not public")
		}
		if sv := m.Seat(0).(SeatView); !slices.Equal(sv.Orders, []int{o}) || len(sv.Innovations) != 0 {
			t.Errorf("seat 0 sees %v %v", sv.Orders, sv.Innovations)
		}
	})
}

// TestInnovationsBeforeAndAfter plays action innovations around the worker
// action.
func TestInnovationsBeforeAndAfter(t *testing.T) {
	order := ids(KindInnovation, 1, func(c Card) bool { return c.Innovation == InnoOrder })[0]
	mining := ids(KindInnovation, 1, func(c Card) bool { return c.Innovation == InnoMining })[0]
	wagonI := ids(KindInnovation, 1, func(c Card) bool { return c.Innovation == InnoWagon })[0]
	lorries := ids(KindLorry, 4, crestLorry(Wheel, 1))
	w := ids(KindWagon, 1, crestWagon(Wheel))[0]
	m := newMatch(t, 2, 10, &Overrides{Start: intp(0), Players: []PlayerSetup{{
		Innovations: []int{order, mining, wagonI},
		Row:         lorries,
		Docks:       []DockSetup{{Wagons: [][2]int{{w, NoCard}}}},
	}}})
	if !hasLegal(m, fmt.Sprintf("0/i:%d", order)) || !hasLegal(m, fmt.Sprintf("0/i:%d:w1", wagonI)) || !hasLegal(m, "0/p") {
		t.Fatalf("start of turn: %v", legalStrings(m, 0))
	}
	topOrder := m.s.Stacks[ZoneOrder][0]
	m, _ = play(t, m, fmt.Sprintf("0/i:%d", order))
	if m.s.Step.Kind != StepMain || !slices.Contains(m.s.Players[0].Orders, topOrder) || !slices.Contains(m.s.Box, order) {
		t.Fatalf("order innovation: step %v, orders %v", m.s.Step.Kind, m.s.Players[0].Orders)
	}
	if hasLegal(m, "0/p") {
		t.Fatalf("pass offered after an innovation")
	}
	refuse(t, m, "0/p", ErrNotAllowed)
	// The mining innovation: up to 4 steps, none required.
	m, _ = play(t, m, fmt.Sprintf("0/i:%d", mining))
	if m.s.Step.Kind != StepMine || m.s.Step.Left != 4 || !hasLegal(m, "0/ms") {
		t.Fatalf("mining innovation: %+v %v", m.s.Step, legalStrings(m, 0))
	}
	for i := 0; i < 4; i++ {
		l := m.s.Players[0].Row[len(m.s.Players[0].Row)-1]
		target := "s"
		if i == 0 {
			target = fmt.Sprint(w)
		}
		m, _ = play(t, m, fmt.Sprintf("0/m:%d:%s", l, target))
	}
	if m.s.Step.Kind != StepMain || len(m.s.Players[0].Storage) != 3 {
		t.Fatalf("after 4 steps: %+v", m.s.Step)
	}
	// Now the worker action, then the wagon innovation after it.
	m, _ = play(t, m, "0/w:sh:1")
	if m.s.Step.Kind != StepAfter || !hasLegal(m, "0/e") || !hasLegal(m, fmt.Sprintf("0/i:%d:w2", wagonI)) {
		t.Fatalf("after the worker action: %v", legalStrings(m, 0))
	}
	refuse(t, m, "0/w:sh:2", ErrWrongStep)
	m, _ = play(t, m, fmt.Sprintf("0/i:%d:w2", wagonI))
	if m.s.Step.Kind == StepDock {
		m, _ = play(t, m, legalStrings(m, 0)[0])
	}
	if m.s.Turn != 1 {
		t.Fatalf("the turn did not end once no innovation was left (step %v)", m.s.Step.Kind)
	}
}

// TestWildActionIsSecret: the looked-at cards, the kept card (from the
// order stack) and the return order reach only the seat that chose them.
func TestWildActionIsSecret(t *testing.T) {
	orders := ids(KindOrder, 6, isKind(KindOrder))
	m := newMatch(t, 3, 11, &Overrides{Start: intp(0), Stacks: map[string][]int{"or": orders}})
	m, ev1 := play(t, m, "0/w:wd:2", "0/ws:or")
	if !engine.Reveals(ev1) {
		t.Errorf("the look is not a Reveal event")
	}
	sv := m.Seat(0).(SeatView)
	if !slices.Equal(sv.Looked, orders[:4]) {
		t.Fatalf("seat 0 looks at %v, want %v", sv.Looked, orders[:4])
	}
	if other := m.Seat(1).(SeatView); len(other.Looked) != 0 {
		t.Fatalf("seat 1 sees the look: %v", other.Looked)
	}
	if pv := m.Public().(PublicView); pv.Step.WildCount != 4 || pv.Stacks[ZoneOrder].Top != orders[4] {
		t.Fatalf("public during the look: %+v top %d", pv.Step, pv.Stacks[ZoneOrder].Top)
	}
	m, ev2 := play(t, m, fmt.Sprintf("0/k:%d", orders[2]))
	if m.s.Step.Kind != StepWildReturn || len(legalStrings(m, 0)) != 6 {
		t.Fatalf("return step: %v", legalStrings(m, 0))
	}
	ret := fmt.Sprintf("0/o:%d.%d.%d", orders[3], orders[0], orders[1])
	m, ev3 := play(t, m, ret)
	if !slices.Equal(m.s.Stacks[ZoneOrder], []int{orders[4], orders[5], orders[3], orders[0], orders[1]}) {
		t.Fatalf("order stack %v", m.s.Stacks[ZoneOrder])
	}
	if !slices.Contains(m.s.Players[0].Orders, orders[2]) {
		t.Fatalf("kept order not in hand")
	}
	for _, e := range slices.Concat(ev1, ev2, ev3) {
		for _, id := range orders[:4] {
			for _, n := range nested(e.Message) {
				for _, gc := range []string{caseNom, caseAcc, caseGen} {
					if reflect.DeepEqual(n, cardIn(Standard.Card(id), gc)) {
						t.Errorf("public event's message names a looked-at card: %v", e.Message)
					}
				}
			}
		}
	}
	pub, _ := json.Marshal(m.Public())
	if strings.Contains(string(pub), "Looked") {
		t.Errorf("the public view has a Looked field")
	}
}

// TestWildActionPublicKeep: a wagon kept with the wild action is placed
// like any wagon, and a single leftover card goes back without a choice.
func TestWildActionPublicKeep(t *testing.T) {
	w := ids(KindWagon, 2, crestWagon(CrestWild))
	lorries := ids(KindLorry, 40, isKind(KindLorry))
	m := newMatch(t, 2, 12, &Overrides{Start: intp(1), Stacks: map[string][]int{"w1": w, "w2": {}, "l1": lorries[:1], "l2": lorries[1:]}})
	// Stack cut at setup? w2 was named empty: the cut happens after the first take.
	m, _ = play(t, m, "1/w:wd:2", "1/ws:w1", fmt.Sprintf("1/k:%d", w[1]), "1/d:3")
	if m.s.Players[1].Docks[2].Wagons[0].Wagon != w[1] || !slices.Equal(m.s.Stacks[ZoneWagon1], []int{w[0]}) {
		t.Fatalf("kept wagon %+v, stack %v", m.s.Players[1].Docks, m.s.Stacks[ZoneWagon1])
	}
}

// TestStackExhaustionAndCutting: an emptied lorry stack is refilled by
// cutting its twin; an empty stack's zone is not offered.
func TestStackExhaustionAndCutting(t *testing.T) {
	l := ids(KindLorry, 6, isKind(KindLorry))
	m := newMatch(t, 2, 13, &Overrides{Start: intp(0), Stacks: map[string][]int{"l1": l[:1], "l2": l[1:6], "en": {}}})
	for _, s := range legalStrings(m, 0) {
		if strings.Contains(s, ":en:") {
			t.Fatalf("empty engine stack offered: %s", s)
		}
	}
	refuse(t, m, "0/w:en:1", ErrCannotPerform)
	m, ev := play(t, m, "0/w:l1:1")
	if !slices.Equal(m.s.Stacks[ZoneLorry1], l[1:3]) || !slices.Equal(m.s.Stacks[ZoneLorry2], l[3:6]) {
		t.Fatalf("after the cut: %v / %v", m.s.Stacks[ZoneLorry1], m.s.Stacks[ZoneLorry2])
	}
	cut := false
	for _, e := range ev {
		cut = cut || e.Reveal && e.Message.ID == "cb_log_cut"
	}
	if !cut {
		t.Errorf("no Reveal event for the cut: %v", ev)
	}
	// Down to one card in all: nothing to cut, the empty place stays empty.
	m, _ = play(t, m, "1/w:l1:2", "0/w:l1:3", "1/w:l2:1", "0/w:l2:2")
	if len(m.s.Stacks[ZoneLorry1])+len(m.s.Stacks[ZoneLorry2]) != 1 {
		t.Fatalf("stacks %v / %v", m.s.Stacks[ZoneLorry1], m.s.Stacks[ZoneLorry2])
	}
	pv := m.Public().(PublicView)
	for _, z := range pv.Zones {
		if z.Zone.IsStack() && z.Usable != (pv.Stacks[z.Zone].Size > 0) {
			t.Errorf("zone %s usable %v with %d cards", z.Zone.Name(), z.Usable, pv.Stacks[z.Zone].Size)
		}
	}
}

// TestRefusalsChangeNothing: out of turn, malformed, after the end.
func TestRefusalsChangeNothing(t *testing.T) {
	m := newMatch(t, 3, 14, &Overrides{Start: intp(0)})
	before, _ := m.Snapshot()
	refuse(t, m, "1/w:l1:1", engine.ErrNotYourTurn)
	refuse(t, m, "0/ms", ErrWrongStep)
	refuse(t, m, "0/e", ErrWrongStep)
	for _, s := range []string{"0/w:zz:1", "0/w:l1:", "0/w:l1:6", "0/w:l1:d1", "0/d:4", "0/m:1", "5/p", "0/o:", "0/p:1", "00/p"} {
		if _, err := ParseAction(s); err == nil {
			t.Errorf("%q parses", s)
		} else if re, ok := err.(*engine.RuleError); !ok || re.Code != engine.ErrMalformedAction {
			t.Errorf("%q: %v", s, err)
		}
	}
	after, _ := m.Snapshot()
	if string(before) != string(after) {
		t.Fatalf("a refusal changed the match")
	}
	end, _, err := engine.RandomPlayout(m, chooser(1), 3000, nil)
	if err != nil {
		t.Fatal(err)
	}
	refuse(t, end.(*match), "0/p", engine.ErrGameOver)
}

// TestLegalIsExactlyWhatApplies generates a broad set of candidate actions
// in random states and checks Apply accepts exactly the Legal ones.
func TestLegalIsExactlyWhatApplies(t *testing.T) {
	// One goroutine plays the rules: outside the full pass one game.
	games := testenv.Size(t, 1, 6)
	for g := 0; g < games; g++ {
		n := 2 + g%3
		m := newMatch(t, n, uint64(500+g), nil)
		pick := chooser(uint64(g))
		for steps := 0; m.Result() == nil && steps < 3000; steps++ {
			if steps%3 == 0 {
				checkCandidates(t, m)
			}
			legal := m.Legal(m.s.Turn)
			next, _, err := m.Apply(legal[pick(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			m = next.(*match)
		}
	}
}

// candidates returns many actions for the seat to act, legal or not.
func candidates(m *match) []Action {
	seat := m.s.Turn
	var out []Action
	mk := func(k ActionKind) Action { return Action{Seat: seat, Kind: k, Zone: -1, Card: NoCard, Target: NoCard} }
	for _, k := range []ActionKind{ActStopMining, ActStopDelivery, ActEndTurn, ActPass} {
		out = append(out, mk(k), Action{Seat: (seat + 1) % m.s.N, Kind: k, Zone: -1, Card: NoCard, Target: NoCard})
	}
	combos := [][]WorkerUse{{{Value: 1}}, {{Value: 2}}, {{Value: 1}, {Value: 1}}, {{Value: 3}}, {{Value: 1}, {Value: 2}},
		{{Value: 4}}, {{Value: 5}}, {{Range: 3, Value: 1}}, {{Range: 4, Value: 2}}, {{Range: 5, Value: 3}}, {{Value: 2}, {Value: 2}}}
	for z := Zone(0); z < NumZones; z++ {
		for _, c := range combos {
			a := mk(ActPlace)
			a.Zone, a.Workers = z, c
			out = append(out, a)
		}
		if z < NumStacks {
			a := mk(ActWildStack)
			a.Zone = z
			out = append(out, a)
		}
	}
	for d := 0; d < 3; d++ {
		a := mk(ActDock)
		a.Target = d
		out = append(out, a)
	}
	p := &m.s.Players[seat]
	var lorries, wagons []int
	lorries = append(lorries, p.Row...)
	lorries = append(lorries, p.Storage...)
	for _, d := range p.Docks {
		for _, w := range d.Wagons {
			wagons = append(wagons, w.Wagon)
		}
	}
	wagons = append(wagons, NoCard)
	for _, l := range lorries {
		for _, w := range wagons {
			a := mk(ActMine)
			a.Card, a.Target = l, w
			out = append(out, a)
		}
	}
	for _, o := range append(slices.Clone(p.Orders), ids(KindOrder, 2, isKind(KindOrder))...) {
		for d := 0; d < 3; d++ {
			a := mk(ActDeliver)
			a.Card, a.Target = o, d
			out = append(out, a)
		}
	}
	for _, c := range append(slices.Clone(m.s.Step.Looked), ids(KindLorry, 1, isKind(KindLorry))...) {
		a := mk(ActKeep)
		a.Card = c
		out = append(out, a)
	}
	for _, perm := range permutations(m.s.Step.Looked) {
		a := mk(ActReturn)
		a.Cards = perm
		out = append(out, a)
		if len(perm) > 1 {
			b := a
			b.Cards = perm[1:]
			out = append(out, b)
		}
	}
	for _, id := range append(slices.Clone(p.Innovations), ids(KindInnovation, 16, isKind(KindInnovation))...) {
		for _, z := range []Zone{-1, ZoneLorry1, ZoneLorry2, ZoneWagon1, ZoneWagon2, ZoneEngine} {
			a := mk(ActInnovation)
			a.Card, a.Zone = id, z
			out = append(out, a)
		}
	}
	return out
}

func checkCandidates(t *testing.T, m *match) {
	t.Helper()
	legal := map[string]bool{}
	for _, a := range m.Legal(m.s.Turn) {
		legal[a.String()] = true
	}
	seen := map[string]bool{}
	for _, a := range candidates(m) {
		s := a.String()
		if seen[s] {
			continue
		}
		seen[s] = true
		_, _, err := m.Apply(a)
		if legal[s] && err != nil {
			t.Fatalf("legal %s refused: %v", s, err)
		}
		if !legal[s] {
			if _, ok := err.(*engine.RuleError); !ok {
				t.Fatalf("illegal %s: got %v, want a rule error (step %v, legal %v)", s, err, m.s.Step.Kind, engine.Strings(m.Legal(m.s.Turn)))
			}
		}
	}
	for s := range legal {
		a, err := ParseAction(s)
		if err != nil || a.String() != s {
			t.Fatalf("legal %s does not round-trip: %v", s, err)
		}
		if len(s) > engine.MaxActionLen {
			t.Fatalf("%s is too long", s)
		}
		lb := m.Label(a)
		if len(lb.PathMessages) == 0 || len(lb.PathMessages) > 3 || lb.LineMessage.IsZero() {
			t.Fatalf("label of %s: %+v", s, lb)
		}
	}
}

// TestNoLeak: the public view does not change when the hidden cards are
// re-dealt, and a seat view holds no other seat's hand.
func TestNoLeak(t *testing.T) {
	for g := 0; g < 4; g++ {
		m := newMatch(t, 2+g%3, uint64(900+g), nil)
		pick := chooser(uint64(g))
		r := newRand(uint64(g))
		for steps := 0; m.Result() == nil; steps++ {
			pub, _ := json.Marshal(m.Public())
			for i := 0; i < 2; i++ {
				other := m.Determinize(-1, r)
				got, _ := json.Marshal(other.Public())
				if string(got) != string(pub) {
					t.Fatalf("step %d: the public view changed with the hidden cards", steps)
				}
			}
			for seat := 0; seat < m.s.N; seat++ {
				sv := m.Seat(seat).(SeatView)
				if !slices.Equal(sv.Orders, m.s.Players[seat].Orders) || !slices.Equal(sv.Innovations, m.s.Players[seat].Innovations) {
					t.Fatalf("seat %d's view of its own hand is wrong", seat)
				}
				if seat != m.s.Turn && (len(sv.Looked) > 0 || sv.Kept != NoCard) {
					t.Fatalf("seat %d sees the wild action of seat %d", seat, m.s.Turn)
				}
				// Re-dealing the other seats' hands leaves this seat's view
				// unchanged unless the re-deal touched its own hand.
				b, _ := json.Marshal(sv)
				other := m.Determinize(seat, r).(*match)
				if slices.Equal(other.s.Players[seat].Orders, m.s.Players[seat].Orders) &&
					slices.Equal(other.s.Players[seat].Innovations, m.s.Players[seat].Innovations) &&
					(seat != m.s.Turn || m.s.Step.WildStack < 0) {
					b2, _ := json.Marshal(other.Seat(seat))
					if string(b) != string(b2) {
						t.Fatalf("seat %d's view depends on another seat's hand", seat)
					}
				}
			}
			legal := m.Legal(m.s.Turn)
			next, _, err := m.Apply(legal[pick(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			m = next.(*match)
		}
	}
}

// TestEngineAndDeliveryInnovations: the engine innovation needs a free
// dock; the delivery innovation is one delivery under the usual rules.
func TestEngineAndDeliveryInnovations(t *testing.T) {
	engI := ids(KindInnovation, 1, func(c Card) bool { return c.Innovation == InnoEngine })[0]
	delI := ids(KindInnovation, 1, func(c Card) bool { return c.Innovation == InnoDelivery })[0]
	engs := ids(KindEngine, 3, isKind(KindEngine))
	w := ids(KindWagon, 1, crestWagon(CrestWild))[0]
	l := ids(KindLorry, 1, crestLorry(Wheel, 1))[0]
	o := ids(KindOrder, 1, func(c Card) bool { return c.Lorries == 1 })[0]
	m := newMatch(t, 2, 15, &Overrides{Start: intp(0), Players: []PlayerSetup{{
		Innovations: []int{engI, delI},
		Orders:      []int{o},
		Docks: []DockSetup{
			{Wagons: [][2]int{{w, l}}, Engine: &engs[0]},
			{Engine: &engs[1]},
			{Engine: &engs[2]},
		},
	}}})
	if hasLegal(m, fmt.Sprintf("0/i:%d", engI)) {
		t.Fatalf("engine innovation offered with 3 engines")
	}
	if !hasLegal(m, fmt.Sprintf("0/i:%d", delI)) {
		t.Fatalf("delivery innovation not offered: %v", legalStrings(m, 0))
	}
	m, _ = play(t, m, fmt.Sprintf("0/i:%d", delI))
	if m.s.Step.Kind != StepDeliver || !slices.Equal(legalStrings(m, 0), []string{fmt.Sprintf("0/v:1:%d", o)}) {
		t.Fatalf("delivery innovation: %v", legalStrings(m, 0))
	}
	m, _ = play(t, m, fmt.Sprintf("0/v:1:%d", o))
	// Dock 1 is free now: the engine innovation may be played.
	if m.s.Step.Kind != StepMain || !hasLegal(m, fmt.Sprintf("0/i:%d", engI)) {
		t.Fatalf("after the delivery: %v %v", m.s.Step.Kind, legalStrings(m, 0))
	}
	top := m.s.Stacks[ZoneEngine][0]
	m, _ = play(t, m, fmt.Sprintf("0/i:%d", engI))
	if m.s.Players[0].Docks[0].Engine != top {
		t.Fatalf("the engine went to %+v", m.s.Players[0].Docks)
	}
}

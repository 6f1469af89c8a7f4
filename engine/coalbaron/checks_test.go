package coalbaron

import (
	"fmt"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// The tests in this file are the "Checks" of components.md, one each.

func isKind(k Kind) func(Card) bool { return func(c Card) bool { return c.Kind == k } }

func crestLorry(cr Crest, lorries int) func(Card) bool {
	return func(c Card) bool { return c.Crest == cr && c.Lorries == lorries }
}

func crestWagon(cr Crest) func(Card) bool { return func(c Card) bool { return c.Crest == cr } }

// TestCheck_CardCount239 checks the component list: 239 cards by type, and
// the reconstructed distributions within each type.
func TestCheck_CardCount239(t *testing.T) {
	want := map[Kind]int{KindWorker: 40, KindLorry: 40, KindWagon: 40, KindEngine: 28, KindOrder: 28,
		KindShare: 24, KindObjective: 18, KindInnovation: 16, KindAction: 5}
	got := map[Kind]int{}
	for i, c := range Standard.Cards {
		if c.ID != i {
			t.Fatalf("card %d has id %d", i, c.ID)
		}
		got[c.Kind]++
	}
	if len(Standard.Cards) != 239 {
		t.Errorf("%d cards, want 239", len(Standard.Cards))
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%d %s cards, want %d", got[k], k, n)
		}
	}
	lorries := map[Crest]int{}
	wild := 0
	for _, c := range Standard.Cards {
		switch c.Kind {
		case KindLorry:
			lorries[c.Crest] += c.Lorries
			if c.Lorries == 2 && c.VP != 0 {
				t.Errorf("a 2-lorry card with %d VP", c.VP)
			}
		case KindWagon:
			if c.Crest == CrestWild {
				wild++
			}
		}
	}
	for cr := Crest(0); cr < NumCrests; cr++ {
		if lorries[cr] != 13 {
			t.Errorf("%d lorries of crest %s, want 13", lorries[cr], cr)
		}
	}
	if wild != 16 {
		t.Errorf("%d wild wagons, want 16", wild)
	}
	perColour := 0
	for _, c := range Standard.Cards {
		if c.Kind == KindWorker && c.Colour == 0 {
			perColour += c.Workers
		}
	}
	if perColour != 21 {
		t.Errorf("a colour has %d workers, want 21", perColour)
	}
}

// TestCheck1_Escalation: an empty zone takes exactly 1 worker, then 2, then
// 3 whoever placed before; the wild action's first user places exactly 2;
// over-placing is refused.
func TestCheck1_Escalation(t *testing.T) {
	m := newMatch(t, 4, 1, &Overrides{Start: intp(0)})
	if !hasLegal(m, "0/w:wd:2") || hasLegal(m, "0/w:wd:1") || !hasLegal(m, "0/w:l1:1") || hasLegal(m, "0/w:l1:2") {
		t.Fatalf("first placements wrong: %v", legalStrings(m, 0))
	}
	refuse(t, m, "0/w:wd:1", ErrWrongWorkers)
	refuse(t, m, "0/w:l1:2", ErrWrongWorkers)
	m, _ = play(t, m, "0/w:l1:1")
	refuse(t, m, "1/w:l1:1", ErrWrongWorkers)
	refuse(t, m, "1/w:l1:3", ErrWrongWorkers)
	m, _ = play(t, m, "1/w:l1:2")
	if got := m.s.required(ZoneLorry1); got != 3 {
		t.Fatalf("third user needs %d", got)
	}
	refuse(t, m, "2/w:l1:4", ErrWrongWorkers)
	m, _ = play(t, m, "2/w:l1:3", "3/w:l1:4")
	// Seat 0, who placed first, now needs 5 on the same zone.
	if !hasLegal(m, "0/w:l1:5") || hasLegal(m, "0/w:l1:1") {
		t.Fatalf("seat 0 on l1 after four: %v", legalStrings(m, 0))
	}
	pv := m.Public().(PublicView)
	for _, z := range pv.Zones {
		if z.Zone == ZoneWild && z.Required != 2 {
			t.Errorf("wild zone shows %d required, want 2", z.Required)
		}
		if z.Zone == ZoneLorry1 && z.Required != 5 {
			t.Errorf("lorry stack 1 shows %d required, want 5", z.Required)
		}
	}
}

// TestCheck2_Combining: a zone needing 3 accepts a "3", a "1"+"2", three
// "1"s, and a worker innovation 1–4 played as 3 — after which the next user
// must place 4.
func TestCheck2_Combining(t *testing.T) {
	inno := ids(KindInnovation, 1, func(c Card) bool { return c.Innovation == InnoWorkers && c.Max == 4 })
	m := newMatch(t, 3, 1, &Overrides{Start: intp(0), Players: []PlayerSetup{{}, {}, {Innovations: inno}}})
	m, _ = play(t, m, "0/w:sh:1", "1/w:sh:2")
	for _, s := range []string{"2/w:sh:3", "2/w:sh:1.2", "2/w:sh:1.1.1", "2/w:sh:b3", "2/w:sh:1.b2", "2/w:sh:2.b1"} {
		if !hasLegal(m, s) {
			t.Errorf("%s not legal: %v", s, legalStrings(m, 2))
		}
	}
	if hasLegal(m, "2/w:sh:b4") || hasLegal(m, "2/w:sh:1.1") {
		t.Errorf("a wrong count is legal")
	}
	m, _ = play(t, m, "2/w:sh:b3")
	if got := m.s.required(ZoneShare); got != 4 {
		t.Fatalf("after an innovation as 3, next needs %d, want 4", got)
	}
	if !hasLegal(m, "0/w:sh:4") || !hasLegal(m, "0/w:sh:1.3") || hasLegal(m, "0/w:sh:3") {
		t.Errorf("seat 0 after the innovation: %v", legalStrings(m, 0))
	}
	if slices.Contains(m.s.Players[2].Innovations, inno[0]) {
		t.Errorf("the worker innovation is still in hand")
	}
}

// maryMining is the rulebook's mining example for seat 0.
func maryMining(t *testing.T) (*match, map[string]int) {
	wild := ids(KindWagon, 1, crestWagon(CrestWild))[0]
	clover := ids(KindWagon, 1, crestWagon(Clover))[0]
	tower := ids(KindWagon, 1, crestWagon(Tower))[0]
	lT := ids(KindLorry, 1, crestLorry(Tower, 1))[0]
	lC := ids(KindLorry, 1, crestLorry(Clover, 1))[0]
	l2 := ids(KindLorry, 1, crestLorry(Fox, 2))[0]
	m := newMatch(t, 3, 2, &Overrides{Start: intp(0), Players: []PlayerSetup{{
		Row: []int{l2, lC, lT},
		Docks: []DockSetup{
			{Wagons: [][2]int{{wild, NoCard}, {clover, NoCard}}},
			{Wagons: [][2]int{{tower, NoCard}}},
		},
	}}})
	return m, map[string]int{"wild": wild, "clover": clover, "tower": tower, "lT": lT, "lC": lC, "l2": l2}
}

// TestCheck3_MarysMining follows the rulebook's example on "2/3".
func TestCheck3_MarysMining(t *testing.T) {
	m, c := maryMining(t)
	m, _ = play(t, m, "0/w:m2:1")
	if m.s.Step.Kind != StepMine || m.s.Step.Left != 3 {
		t.Fatalf("step %v with %d left", m.s.Step.Kind, m.s.Step.Left)
	}
	legal := legalStrings(m, 0)
	toTower := fmt.Sprintf("0/m:%d:%d", c["lT"], c["tower"])
	toWild := fmt.Sprintf("0/m:%d:%d", c["lT"], c["wild"])
	if !slices.Contains(legal, toTower) || slices.Contains(legal, toWild) {
		t.Fatalf("tower lorry: %v", legal)
	}
	for _, l := range legal {
		if l != toTower && l != fmt.Sprintf("0/m:%d:s", c["lT"]) {
			t.Errorf("unexpected mining move %s", l)
		}
	}
	m, _ = play(t, m, toTower)
	toClover := fmt.Sprintf("0/m:%d:%d", c["lC"], c["clover"])
	if !hasLegal(m, toClover) || !hasLegal(m, fmt.Sprintf("0/m:%d:%d", c["lC"], c["wild"])) {
		t.Fatalf("clover lorry: %v", legalStrings(m, 0))
	}
	if hasLegal(m, "0/ms") {
		t.Fatalf("stopping after 1 step is legal on 2/3")
	}
	m, _ = play(t, m, toClover)
	if m.s.Step.Kind == StepMine {
		t.Fatalf("mining goes on with the 2-lorry card and 1 step: %v", legalStrings(m, 0))
	}
	p := m.s.Players[0]
	if !slices.Equal(p.Row, []int{c["l2"]}) || p.Docks[1].Wagons[0].Lorry != c["lT"] || p.Docks[0].Wagons[1].Lorry != c["lC"] {
		t.Fatalf("board after mining: %+v", p)
	}
}

// TestCheck4_MiningTargets: only the rightmost row card or a storage card
// moves; crest and dock must match; the rightmost card may go to storage;
// a 2-lorry card needs 2 steps.
func TestCheck4_MiningTargets(t *testing.T) {
	wild := ids(KindWagon, 1, crestWagon(CrestWild))[0]
	lF := ids(KindLorry, 1, crestLorry(Fox, 1))[0]
	lW := ids(KindLorry, 1, crestLorry(Wheel, 1))[0]
	lS := ids(KindLorry, 1, crestLorry(Clover, 1))[0]
	l2 := ids(KindLorry, 1, crestLorry(Wheel, 2))[0]
	m := newMatch(t, 2, 3, &Overrides{Start: intp(0), Players: []PlayerSetup{{
		Row:     []int{lW, l2, lF}, // rightmost: the fox lorry
		Storage: []int{lS},
		Docks:   []DockSetup{{Wagons: [][2]int{{wild, NoCard}}}},
	}}})
	m, _ = play(t, m, "0/w:m0:1")
	legal := legalStrings(m, 0)
	want := []string{fmt.Sprintf("0/m:%d:s", lF), fmt.Sprintf("0/m:%d:%d", lS, wild), "0/ms"}
	slices.Sort(legal)
	slices.Sort(want)
	if !slices.Equal(legal, want) {
		t.Fatalf("legal %v, want %v (fox cannot enter dock 1; the wheel lorries are not rightmost)", legal, want)
	}
	refuse(t, m, fmt.Sprintf("0/m:%d:%d", lW, wild), ErrNotAllowed)
	m, _ = play(t, m, fmt.Sprintf("0/m:%d:s", lF))
	if !slices.Contains(m.s.Players[0].Storage, lF) {
		t.Fatalf("the fox lorry is not in storage")
	}
	// Next turn, "1/2" is absent with 2 players; "2/3" can move the
	// 2-lorry card (now rightmost) into the wild wagon in dock 1.
	m, _ = play(t, m, "1/p")
	if !hasLegal(m, fmt.Sprintf("0/w:m2:1")) {
		t.Fatalf("2/3 not offered: %v", legalStrings(m, 0))
	}
	m, _ = play(t, m, "0/w:m2:1")
	if !hasLegal(m, fmt.Sprintf("0/m:%d:%d", l2, wild)) {
		t.Fatalf("the 2-lorry card cannot move with 3 steps: %v", legalStrings(m, 0))
	}
	m, _ = play(t, m, fmt.Sprintf("0/m:%d:%d", l2, wild))
	if m.s.Step.Kind != StepMine || m.s.Step.Left != 1 || m.s.Step.Spent != 2 {
		t.Fatalf("after a 2-lorry move: %+v", m.s.Step)
	}
	// With one step left the wheel 1-lorry (now rightmost) may go to storage only.
	if !slices.Equal(legalStrings(m, 0), []string{fmt.Sprintf("0/m:%d:s", lW), "0/ms"}) {
		t.Fatalf("last step: %v", legalStrings(m, 0))
	}
}

// TestCheck5_MarysDelivery: two docks with the same engine type depart
// together, each with its own order; different engine types cannot; a train
// without an engine cannot depart.
func TestCheck5_MarysDelivery(t *testing.T) {
	engA := ids(KindEngine, 2, func(c Card) bool { return c.Engine == 0 })
	engB := ids(KindEngine, 1, func(c Card) bool { return c.Engine == 1 })[0]
	w := ids(KindWagon, 5, crestWagon(CrestWild))
	l := ids(KindLorry, 5, crestLorry(Wheel, 1))
	o2 := ids(KindOrder, 1, func(c Card) bool { return c.Lorries == 2 })[0]
	o1 := ids(KindOrder, 1, func(c Card) bool { return c.Lorries == 1 })[0]
	o3 := ids(KindOrder, 1, func(c Card) bool { return c.Lorries == 3 })[0]
	lC := ids(KindLorry, 1, crestLorry(Clover, 1))[0]
	m := newMatch(t, 2, 4, &Overrides{Start: intp(0), Players: []PlayerSetup{{
		Orders: []int{o1, o2, o3},
		Docks: []DockSetup{
			{Wagons: [][2]int{{w[0], l[0]}, {w[1], l[1]}}, Engine: &engA[0]},
			{Wagons: [][2]int{{w[2], l[2]}}, Engine: &engA[1]},
			{Wagons: [][2]int{{w[3], lC}}, Engine: &engB},
		},
	}, {
		Docks:  []DockSetup{{Wagons: [][2]int{{w[4], l[4]}}}}, // no engine: cannot deliver
		Orders: ids(KindOrder, 1, func(c Card) bool { return c.Lorries == 1 }, o1),
	}}})
	m, _ = play(t, m, "0/w:dv:1")
	legal := legalStrings(m, 0)
	want := []string{
		fmt.Sprintf("0/v:1:%d", o1), fmt.Sprintf("0/v:1:%d", o2),
		fmt.Sprintf("0/v:2:%d", o1), fmt.Sprintf("0/v:3:%d", o1),
	}
	slices.Sort(legal)
	slices.Sort(want)
	if !slices.Equal(legal, want) {
		t.Fatalf("delivery choices %v, want %v", legal, want)
	}
	m, _ = play(t, m, fmt.Sprintf("0/v:1:%d", o2))
	legal = legalStrings(m, 0)
	if !slices.Equal(legal, []string{fmt.Sprintf("0/v:2:%d", o1), "0/vd"}) {
		t.Fatalf("after the first train: %v (dock 3 has another engine type)", legal)
	}
	m, _ = play(t, m, fmt.Sprintf("0/v:2:%d", o1))
	p := m.s.Players[0]
	if len(p.Delivered) != 2 || len(p.Docks[0].Wagons) != 0 || p.Docks[1].Engine != NoCard || p.Docks[2].Engine != engB {
		t.Fatalf("board after delivery: %+v", p)
	}
	if m.s.Turn != 1 {
		t.Fatalf("the delivery did not end the turn")
	}
	if hasLegal(m, "1/w:dv:1") {
		t.Fatalf("a train without an engine may depart")
	}
}

// TestCheck6_ShiftEnd: the token goes to the last player on "0/1", else to
// the previous token holder (in shift 1 the starting player); that player
// starts; worker innovations leave the game; the game ends after the last
// token.
func TestCheck6_ShiftEnd(t *testing.T) {
	inno := ids(KindInnovation, 1, func(c Card) bool { return c.Innovation == InnoWorkers && c.Max == 3 })
	m := newMatch(t, 2, 5, &Overrides{Start: intp(0), Players: []PlayerSetup{{Innovations: inno}}})
	m, _ = play(t, m, "0/w:m0:a1", "1/w:m0:2", "0/w:sh:1", "1/p", "0/p")
	if !slices.Equal(m.s.Players[1].Tokens, []int{1}) || m.s.Start != 1 || m.s.Turn != 1 || m.s.Shift != 2 {
		t.Fatalf("after shift 1: tokens %v, start %d, turn %d, shift %d", m.s.Players[1].Tokens, m.s.Start, m.s.Turn, m.s.Shift)
	}
	if !slices.Contains(m.s.Box, inno[0]) || slices.Contains(m.s.Players[0].Innovations, inno[0]) {
		t.Fatalf("the worker innovation did not leave the game")
	}
	if m.s.handWorkers(&m.s.Players[0]) != 12 || len(m.s.Zones[ZoneMine01]) != 0 {
		t.Fatalf("workers not gathered")
	}
	// Shift 2: nobody uses "0/1": the token goes to seat 1, the holder of
	// the previous token.
	m, _ = play(t, m, "1/p", "0/p")
	if !slices.Equal(m.s.Players[1].Tokens, []int{1, 2}) || m.s.Start != 1 {
		t.Fatalf("after shift 2: tokens %v, start %d", m.s.Players[1].Tokens, m.s.Start)
	}
	for shift := 3; shift <= 7; shift++ {
		m, _ = play(t, m, "1/p", "0/p")
	}
	if m.Result() == nil || len(m.s.Players[1].Tokens) != 7 {
		t.Fatalf("no end after 7 shifts: %+v", m.s.Players[1].Tokens)
	}
	// Shift 1 with nobody on "0/1": the starting player receives token 1.
	m = newMatch(t, 3, 5, &Overrides{Start: intp(2)})
	m, _ = play(t, m, "2/p", "0/p", "1/p")
	if !slices.Equal(m.s.Players[2].Tokens, []int{1}) {
		t.Fatalf("shift 1 without 0/1: tokens %v", m.s.Players[2].Tokens)
	}
}

// maryScoring builds the rulebook's scoring example for seat 0 of a 2-player
// game: A 6, B 30, C 9, D 2, E 12 = 59.
func maryScoring(t *testing.T) *state {
	s := newMatch(t, 2, 6, &Overrides{Start: intp(0)}).s.clone()
	take := func(f func(Card) bool, k Kind) int {
		for z := Zone(0); z < NumStacks; z++ {
			if stackKind[z] != k {
				continue
			}
			for _, id := range s.Stacks[z] {
				if f(s.card(id)) {
					remove(&s.Stacks[z], id)
					return id
				}
			}
		}
		t.Fatalf("no such %s", k)
		return 0
	}
	order := func(d Dest, vp int) int {
		return take(func(c Card) bool { return c.Dest == d && c.VP == vp }, KindOrder)
	}
	engine := func(e EngineType) int { return take(func(c Card) bool { return c.Engine == e }, KindEngine) }
	lorry := func(vp int) wagon {
		return wagon{Wagon: take(isKind(KindWagon), KindWagon), Lorry: take(func(c Card) bool { return c.Lorries == 1 && c.VP == vp }, KindLorry)}
	}
	twoLorry := wagon{Wagon: take(isKind(KindWagon), KindWagon), Lorry: take(func(c Card) bool { return c.Lorries == 2 }, KindLorry)}
	empty := wagon{Wagon: take(isKind(KindWagon), KindWagon), Lorry: NoCard}
	p := &s.Players[0]
	p.Delivered = []train{
		{Order: order(Barracks, 10), Engine: engine(0), Wagons: []wagon{lorry(2), lorry(2), twoLorry}},
		{Order: order(Barracks, 5), Engine: engine(0), Wagons: []wagon{lorry(1), lorry(1), empty}},
		{Order: order(Furnaces, 7), Engine: engine(0), Wagons: nil},
		{Order: order(Factories, 5), Engine: engine(1)},
		{Order: order(Factories, 3), Engine: engine(1)},
	}
	share := func(d Dest) int { return take(func(c Card) bool { return c.Dest == d }, KindShare) }
	p.Shares = []int{share(Barracks), share(Barracks), share(Factories), share(Steamboats)}
	p.Tokens = []int{1, 3}
	obj := func(f func(Card) bool) int { return take(f, KindObjective) }
	p.Objectives = []int{
		obj(func(c Card) bool { return c.Objective == ObjEngines && c.Engine == 0 }),
		obj(func(c Card) bool { return c.Objective == ObjShares && c.Dest == Barracks }),
		obj(func(c Card) bool { return c.Objective == ObjOrders && c.Dest == Furnaces }),
	}
	return s
}

// TestCheck7_MarysScoring59 scores the rulebook's example.
func TestCheck7_MarysScoring59(t *testing.T) {
	s := maryScoring(t)
	got := s.score(0)
	want := ScoreView{Seat: 0, A: 6, B: 30, C: 9, D: 2, E: 12, Total: 59, SharesAssigned: [NumDests]int{Barracks: 2, Factories: 1}}
	if got != want {
		t.Fatalf("score %+v, want %+v", got, want)
	}
}

// TestCheck8_TieBreak: equal VP, the tied player with the highest shift
// token wins; with no token among the tied, a shared win.
func TestCheck8_TieBreak(t *testing.T) {
	s := newMatch(t, 3, 7, nil).s.clone()
	s.Tokens = nil
	s.Players[0].Tokens = []int{3}
	s.Players[1].Tokens = []int{5}
	s.Players[2].Tokens = []int{1, 2, 4, 6} // 4 VP more: first
	s.gameOver()
	if !slices.Equal(s.Result.Ranking, []int{2, 1, 0}) || !s.Result.TieBreakMessage.IsZero() {
		t.Fatalf("ranking %v (%v)", s.Result.Ranking, s.Result.TieBreakMessage)
	}
	// A three-way tie on 1 VP: token 6 wins.
	s.Players[0].Tokens = []int{6}
	s.Players[1].Tokens = []int{2}
	s.Players[2].Tokens = []int{5}
	s.gameOver()
	// The message names the holder (review correction #18).
	if want := engine.Say("cb_tiebreak_holder", "VP", 1, "Token", 6, "P", seatArg(0)); s.Result.Ranking[0] != 0 || s.Result.TieBreakMessage.String() != want.String() {
		t.Fatalf("three-way tie: ranking %v (%v), want seat 0 first (%v)", s.Result.Ranking, s.Result.TieBreakMessage, want)
	}
	for i := range s.Players {
		s.Players[i].Tokens = nil
	}
	s.gameOver()
	if s.Result.TieBreakMessage.ID != "cb_tiebreak_shared" || s.Result.TieBreak != "" || s.Result.Scores[s.Result.Ranking[0]] != s.Result.Scores[s.Result.Ranking[1]] {
		t.Fatalf("no-token tie: %+v", s.Result)
	}
}

// TestCheck9_TwoPlayers: no mining card "1/2"; 12 workers each; 7 shifts.
// (3 and 4 players, for contrast: 16 and 21 workers, 6 and 5 shifts.)
func TestCheck9_TwoPlayers(t *testing.T) {
	for _, c := range []struct{ n, workers, shifts int }{{2, 12, 7}, {3, 16, 6}, {4, 21, 5}} {
		m := newMatch(t, c.n, 8, nil)
		pv := m.Public().(PublicView)
		if pv.Shifts != c.shifts || len(pv.TokensLeft) != c.shifts {
			t.Errorf("%dp: %d shifts", c.n, pv.Shifts)
		}
		has12 := false
		for _, z := range pv.Zones {
			has12 = has12 || z.Zone == ZoneMine12
		}
		if has12 != (c.n > 2) {
			t.Errorf("%dp: mining 1/2 in play: %v", c.n, has12)
		}
		for _, p := range pv.Players {
			if p.WorkersInHand != c.workers {
				t.Errorf("%dp: seat %d has %d workers", c.n, p.Seat, p.WorkersInHand)
			}
		}
		if c.n == 2 && hasLegal(m, fmt.Sprintf("%d/w:m1:1", m.s.Turn)) {
			t.Errorf("2p: mining 1/2 is offered")
		}
	}
}

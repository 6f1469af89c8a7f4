package coalbaron

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Rule error codes of this title (besides the contract's own).
const (
	ErrWrongStep     = "wrong_step"     // the move belongs to another step of the turn
	ErrWrongWorkers  = "wrong_workers"  // not exactly the workers the zone requires, or not in hand
	ErrCannotPerform = "cannot_perform" // the zone's action cannot be carried out
	ErrNotAllowed    = "not_allowed"    // any other move the rules forbid now
)

// ---- legal moves ----

// v1 reports whether the game is played under the first edition's turn
// rules (EditionV1), which its games keep: innovations may be played on a
// turn that then passes, and the turn flow follows the hand.
func (s *state) v1() bool { return s.Edition == EditionV1 }

// legal lists every action seat may take now. From edition 2, before the
// worker action a move is listed only if a worker placement can still
// follow it: a player who passes plays no action innovation on that turn
// (the rulebook, "Passing"), so one who played one must be able to place.
func (s *state) legal(seat int) []Action { return s.appendLegal(nil, seat) }

// appendLegal appends legal(seat) to out, which it may overwrite beyond
// its length.
func (s *state) appendLegal(out []Action, seat int) []Action {
	base := len(out)
	out = s.appendMoves(out, seat)
	if !s.keepsPlacement(seat) {
		return out
	}
	kept := out[:base]
	for _, a := range out[base:] {
		if a.Kind == ActPlace || a.Kind == ActPass || s.placementFollows(a) {
			kept = append(kept, a)
		}
	}
	return kept
}

// allows reports whether a is legal (in legal's list), checking a alone.
func (s *state) allows(a Action) bool {
	moves := s.moves(a.Seat)
	listed := slices.ContainsFunc(moves, a.equal) // the common case, without formatting
	if !listed {
		str := a.String()
		listed = slices.ContainsFunc(moves, func(l Action) bool { return l.String() == str })
	}
	return listed && (a.Kind == ActPlace || a.Kind == ActPass || !s.keepsPlacement(a.Seat) || s.placementFollows(a))
}

// keepsPlacement reports whether seat's moves must leave a worker placement
// possible (legal): from edition 2, before the worker action, unless one on
// mining card "0/1" is sure to stay.
func (s *state) keepsPlacement(seat int) bool {
	return !s.v1() && seat == s.Turn && s.Step.Kind != StepOver && !s.Step.Placed && !s.safePlacement(seat)
}

// safePlacement reports whether seat can place on mining card "0/1", which
// nothing an innovation does can take away: it is always performable, and
// innovations change neither the workers in hand nor a zone's count.
func (s *state) safePlacement(seat int) bool {
	if !s.InPlay[ZoneMine01] {
		return false
	}
	var g comboGen
	g.init(s, &s.Players[seat])
	return g.exists(s.required(ZoneMine01))
}

// placementFollows reports whether after a (made before the worker action)
// some way of finishing the innovation under way leaves a worker placement
// possible.
func (s *state) placementFollows(a Action) bool {
	n := s.clone()
	n.quiet = true // its events are never read
	n.do(a)
	return n.canStillPlace()
}

// canStillPlace reports whether the turn's player can place workers now or,
// with an innovation under way, after some way of finishing it.
func (s *state) canStillPlace() bool {
	if s.Step.Kind == StepMain {
		return len(s.placements(s.Turn)) > 0
	}
	for _, a := range s.moves(s.Turn) {
		if s.placementFollows(a) {
			return true
		}
	}
	return false
}

// moves lists the actions of the current step, before edition 2's check
// that a placement can follow (legal).
func (s *state) moves(seat int) []Action { return s.appendMoves(nil, seat) }

// appendMoves appends moves(seat) to out.
func (s *state) appendMoves(out []Action, seat int) []Action {
	if s.Step.Kind == StepOver || seat != s.Turn {
		return out
	}
	p := &s.Players[seat]
	base := len(out)
	mk := func(k ActionKind) Action { return Action{Seat: seat, Kind: k, Zone: -1, Card: NoCard, Target: NoCard} }
	switch s.Step.Kind {
	case StepMain:
		out = s.appendPlacements(out, seat)
		places := len(out) - base
		if s.v1() || places > 0 {
			// From edition 2 a player who cannot place must pass and so
			// plays no action innovation.
			out = append(out, s.innovationPlays(seat)...)
		}
		if !s.Step.PlayedInno || places == 0 {
			// From edition 2 the second case does not arise (legal); it
			// stays so that no game can be left without a move.
			out = append(out, mk(ActPass))
		}
	case StepAfter:
		out = append(out, s.innovationPlays(seat)...)
		out = append(out, mk(ActEndTurn))
	case StepDock:
		for _, d := range s.docksFor(p, s.Step.Card) {
			a := mk(ActDock)
			a.Target = d
			out = append(out, a)
		}
	case StepMine:
		for _, m := range s.mineMoves(p, s.Step.Left) {
			after := s.afterMove(p, m)
			if s.canReach(after, s.Step.Min-m.cost, s.Step.Left-m.cost) {
				a := mk(ActMine)
				a.Card, a.Target = m.lorry, m.wagon
				out = append(out, a)
			}
		}
		if s.Step.Min <= 0 {
			out = append(out, mk(ActStopMining))
		}
	case StepDeliver:
		for _, o := range s.deliveries(p, s.Step.Engine) {
			a := mk(ActDeliver)
			a.Target, a.Card = o[0], o[1]
			out = append(out, a)
		}
		if s.Step.Departed > 0 {
			out = append(out, mk(ActStopDelivery))
		}
	case StepWildStack:
		for z := Zone(0); z < NumStacks; z++ {
			if s.canReceiveFrom(p, z) {
				a := mk(ActWildStack)
				a.Zone = z
				out = append(out, a)
			}
		}
	case StepWildKeep:
		for _, c := range s.Step.Looked {
			a := mk(ActKeep)
			a.Card = c
			out = append(out, a)
		}
	case StepWildReturn:
		for _, perm := range permutations(s.Step.Looked) {
			a := mk(ActReturn)
			a.Cards = perm
			out = append(out, a)
		}
	}
	return out
}

// permutations returns every order of a (a has at most WildLook-1 cards).
func permutations(a []int) [][]int {
	if len(a) <= 1 {
		return [][]int{slices.Clone(a)}
	}
	var out [][]int
	for i := range a {
		rest := slices.Concat(a[:i], a[i+1:])
		for _, p := range permutations(rest) {
			out = append(out, append([]int{a[i]}, p...))
		}
	}
	return out
}

// placements lists every legal worker placement of seat: each zone whose
// action it can carry out, with each distinct combination of its cards
// making exactly the required count.
func (s *state) placements(seat int) []Action {
	return s.appendPlacements(nil, seat)
}

// appendPlacements appends placements(seat) to out.
func (s *state) appendPlacements(out []Action, seat int) []Action {
	p := &s.Players[seat]
	// Zones that need the same count share its combinations (the actions
	// never change their Workers).
	var g comboGen
	g.init(s, p)
	g.arena = s.arena
	var zones [NumZones][][]WorkerUse
	total := 0
	for z := Zone(0); z < NumZones; z++ {
		if !s.InPlay[z] || !s.canPerform(p, z) {
			continue
		}
		zones[z] = g.combos(s.required(z))
		total += len(zones[z])
	}
	out = slices.Grow(out, total+8) // room for the innovations and the pass moves adds
	for z := Zone(0); z < NumZones; z++ {
		for _, combo := range zones[z] {
			out = append(out, Action{Seat: seat, Kind: ActPlace, Zone: z, Workers: combo, Card: NoCard, Target: NoCard})
		}
	}
	return out
}

// workerCombos lists the distinct multisets of p's hand (worker cards by
// value, worker innovations by range and the value they are played as)
// totalling exactly need, in canonical order.
func (s *state) workerCombos(p *player, need int) [][]WorkerUse {
	var g comboGen
	g.init(s, p)
	return g.combos(need)
}

// maxWorkerHand bounds the cards a hand can place as workers (its worker
// cards and worker innovations), checked against the edition at start-up.
const maxWorkerHand = 24

// comboGen makes workerCombos for one hand, remembering each count's list.
// It holds its hand and the combination under way in arrays, so that it
// lives on its maker's stack.
type comboGen struct {
	have   [maxWorkerHand]WorkerUse // one entry per card, regular ascending then innovations by range
	nHave  int
	ranged int // ranged innovations in have
	cur    [maxWorkerHand]WorkerUse
	nCur   int
	flat   []WorkerUse // the combinations' backing
	out    [][]WorkerUse
	found  bool // exists: a combination was found
	one    bool // exists: stop at the first combination
	seen   map[string]bool
	key    []byte
	memo   [8]struct {
		need   int
		combos [][]WorkerUse
	}
	memos int
	arena *comboArena // a sim's, during its Legal; nil elsewhere
}

// comboArena holds a sim's worker combinations from one Legal to the next
// (engine.Sim: its list lives until then), so that listing them allocates
// nothing once the arena has grown.
type comboArena struct {
	flat []WorkerUse
	out  [][]WorkerUse
}

func (g *comboGen) init(s *state, p *player) {
	for _, id := range p.Workers {
		g.have[g.nHave] = WorkerUse{Value: s.card(id).Workers}
		g.nHave++
	}
	for _, id := range p.Innovations {
		if c := s.card(id); c.Innovation == InnoWorkers {
			g.have[g.nHave] = WorkerUse{Range: c.Max}
			g.nHave++
			g.ranged++
		}
	}
	slices.SortFunc(g.have[:g.nHave], func(a, b WorkerUse) int {
		if a.Range != b.Range {
			return a.Range - b.Range
		}
		return a.Value - b.Value
	})
}

// exists reports whether some combination totals need.
func (g *comboGen) exists(need int) bool {
	g.one, g.found, g.nCur = true, false, 0
	g.rec(0, need)
	found := g.found
	g.one, g.found = false, false
	return found
}

// combos returns the combinations totalling need.
func (g *comboGen) combos(need int) [][]WorkerUse {
	for i := range g.memos {
		if g.memo[i].need == need {
			return g.memo[i].combos
		}
	}
	g.nCur = 0
	start := 0
	if g.arena != nil {
		// rec appends to the arena's lists; this count's are its tail.
		start, g.out = len(g.arena.out), g.arena.out
	} else {
		g.out = make([][]WorkerUse, 0, 8)
	}
	// Regular cards make each multiset once; only two or more ranged
	// innovations can make one twice (their values swapped), and only
	// then are combinations checked against those seen.
	if g.ranged >= 2 {
		g.seen = map[string]bool{}
	}
	g.rec(0, need)
	if g.arena != nil {
		g.arena.out, g.out = g.out, g.out[start:len(g.out):len(g.out)]
	}
	if g.memos < len(g.memo) {
		g.memo[g.memos].need, g.memo[g.memos].combos = need, g.out
		g.memos++
	}
	return g.out
}

func (g *comboGen) rec(i, left int) {
	if g.found {
		return
	}
	if left == 0 {
		if g.one {
			g.found = true
			return
		}
		cur := g.cur[:g.nCur]
		if g.seen != nil {
			// The combination's key: its uses as varints, one per
			// number, so that distinct combinations have distinct keys.
			g.key = g.key[:0]
			for _, w := range cur {
				g.key = binary.AppendVarint(binary.AppendVarint(g.key, int64(w.Range)), int64(w.Value))
			}
			if g.seen[string(g.key)] {
				return
			}
			g.seen[string(g.key)] = true
		}
		if g.arena != nil {
			// A sim's combinations live until its next Legal.
			n := len(g.arena.flat)
			g.arena.flat = append(g.arena.flat, cur...)
			g.out = append(g.out, g.arena.flat[n:len(g.arena.flat):len(g.arena.flat)])
			return
		}
		if cap(g.flat)-len(g.flat) < len(cur) {
			g.flat = make([]WorkerUse, 0, max(32, 2*len(cur)))
		}
		n := len(g.flat)
		g.flat = append(g.flat, cur...)
		g.out = append(g.out, g.flat[n:len(g.flat):len(g.flat)])
		return
	}
	if i == g.nHave {
		return
	}
	// Skip this card and every later identical regular card only when
	// not taking it, so multisets are generated once per shape.
	h := g.have[i]
	if h.Range == 0 {
		if h.Value <= left {
			g.cur[g.nCur] = h
			g.nCur++
			g.rec(i+1, left-h.Value)
			g.nCur--
		}
		j := i
		for j < g.nHave && g.have[j] == h {
			j++
		}
		g.rec(j, left)
		return
	}
	for v := 1; v <= h.Range && v <= left; v++ {
		g.cur[g.nCur] = WorkerUse{Range: h.Range, Value: v}
		g.nCur++
		g.rec(i+1, left-v)
		g.nCur--
	}
	g.rec(i+1, left)
}

// canPerform reports whether p could carry out the action of zone z now.
func (s *state) canPerform(p *player, z Zone) bool {
	switch {
	case z.IsStack():
		return s.canReceiveFrom(p, z)
	case z.mining() >= 0:
		m := s.ed().Mining[z.mining()]
		return s.canReach(p, m.Min, m.Max)
	case z == ZoneDelivery:
		return len(s.deliveries(p, -1)) > 0
	case z == ZoneWild:
		for st := Zone(0); st < NumStacks; st++ {
			if s.canReceiveFrom(p, st) {
				return true
			}
		}
	}
	return false
}

// canReceiveFrom reports whether p could take a card of stack z: it is not
// empty, and an engine needs a dock without one.
func (s *state) canReceiveFrom(p *player, z Zone) bool {
	if len(s.Stacks[z]) == 0 {
		return false
	}
	if z == ZoneEngine {
		return p.engines() < s.ed().EngineDocks
	}
	return true
}

// innovationPlays lists the action innovations seat may play now (one per
// distinct effect: identical cards give one entry, the lowest id).
func (s *state) innovationPlays(seat int) []Action {
	p := &s.Players[seat]
	var out []Action
	seen := map[InnovationKind]bool{}
	for _, id := range p.Innovations {
		c := s.card(id)
		if c.Innovation == InnoWorkers || seen[c.Innovation] {
			continue
		}
		seen[c.Innovation] = true
		a := Action{Seat: seat, Kind: ActInnovation, Zone: -1, Card: lowestInno(s, p, c.Innovation), Target: NoCard}
		switch c.Innovation {
		case InnoLorry, InnoWagon:
			first := ZoneLorry1
			if c.Innovation == InnoWagon {
				first = ZoneWagon1
			}
			for z := first; z <= first+1; z++ {
				if len(s.Stacks[z]) > 0 {
					b := a
					b.Zone = z
					out = append(out, b)
				}
			}
			continue
		case InnoEngine:
			if !s.canReceiveFrom(p, ZoneEngine) {
				continue
			}
		case InnoOrder:
			if len(s.Stacks[ZoneOrder]) == 0 {
				continue
			}
		case InnoShare:
			if len(s.Stacks[ZoneShare]) == 0 {
				continue
			}
		case InnoDelivery:
			if len(s.deliveries(p, -1)) == 0 {
				continue
			}
		}
		out = append(out, a)
	}
	return out
}

func lowestInno(s *state, p *player, k InnovationKind) int {
	best := NoCard
	for _, id := range p.Innovations {
		if s.card(id).Innovation == k && (best == NoCard || id < best) {
			best = id
		}
	}
	return best
}

// docksFor lists the docks (0..2) card (a wagon or an engine) may go to.
func (s *state) docksFor(p *player, card int) []int {
	c := s.card(card)
	var out []int
	for d := 0; d < 3; d++ {
		if c.Kind == KindWagon && WagonFits(c.Crest, d) || c.Kind == KindEngine && p.Docks[d].Engine == NoCard {
			out = append(out, d)
		}
	}
	return out
}

// mineMove moves lorry (the rightmost row card or a storage card) into
// wagon (a wagon card id) or storage (NoCard), costing cost steps.
type mineMove struct {
	lorry, wagon, cost int
	fromRow            bool
}

// mineMoves lists the mining moves p can make with at most left steps.
func (s *state) mineMoves(p *player, left int) []mineMove {
	var out []mineMove
	targets := func(lorry int, fromRow bool) {
		c := s.card(lorry)
		if c.Lorries > left {
			return
		}
		for d := 0; d < 3; d++ {
			if !DockShows(d, c.Crest) {
				continue
			}
			for _, w := range p.Docks[d].Wagons {
				wc := s.card(w.Wagon).Crest
				if w.Lorry == NoCard && (wc == c.Crest || wc == CrestWild) {
					out = append(out, mineMove{lorry, w.Wagon, c.Lorries, fromRow})
				}
			}
		}
		if fromRow {
			out = append(out, mineMove{lorry, NoCard, c.Lorries, true})
		}
	}
	if n := len(p.Row); n > 0 {
		targets(p.Row[n-1], true)
	}
	for _, id := range p.Storage {
		targets(id, false)
	}
	return out
}

// afterMove returns a copy of p's mining parts after move m.
func (s *state) afterMove(p *player, m mineMove) *player {
	q := &player{Row: slices.Clone(p.Row), Storage: slices.Clone(p.Storage)}
	for d := range p.Docks {
		q.Docks[d] = dock{Wagons: cloneWagons(p.Docks[d].Wagons), Engine: p.Docks[d].Engine}
	}
	q.doMove(m)
	return q
}

// doMove carries out m on p.
func (p *player) doMove(m mineMove) {
	if m.fromRow {
		p.Row = p.Row[:len(p.Row)-1]
	} else {
		remove(&p.Storage, m.lorry)
	}
	if m.wagon == NoCard {
		p.Storage = append(p.Storage, m.lorry)
		return
	}
	for d := range p.Docks {
		for i, w := range p.Docks[d].Wagons {
			if w.Wagon == m.wagon {
				p.Docks[d].Wagons[i].Lorry = m.lorry
			}
		}
	}
}

// canReach reports whether p can spend at least need and at most left
// mining steps from here.
func (s *state) canReach(p *player, need, left int) bool {
	if need <= 0 {
		return true
	}
	for _, m := range s.mineMoves(p, left) {
		if m.cost >= need || s.canReach(s.afterMove(p, m), need-m.cost, left-m.cost) {
			return true
		}
	}
	return false
}

// deliveries lists the (dock, order) pairs that may depart now: the dock
// has an engine (of type eng unless eng < 0) and at least the order's
// lorries.
func (s *state) deliveries(p *player, eng EngineType) [][2]int {
	var out [][2]int
	for d := 0; d < 3; d++ {
		dk := &p.Docks[d]
		if dk.Engine == NoCard || eng >= 0 && s.card(dk.Engine).Engine != eng {
			continue
		}
		loaded := s.lorriesIn(dk)
		for _, o := range p.Orders {
			if s.card(o).Lorries <= loaded {
				out = append(out, [2]int{d, o})
			}
		}
	}
	return out
}

// ---- applying ----

// apply plays a on s (a clone). It returns a *engine.RuleError when a is not
// legal; s is then to be thrown away.
func (s *state) apply(a Action) error {
	if s.Step.Kind == StepOver {
		return engine.Refuse(engine.ErrGameOver, engine.Say("cb_err_game_over"))
	}
	if a.Seat != s.Turn {
		return engine.Refuse(engine.ErrNotYourTurn, engine.Say("cb_err_not_your_turn"))
	}
	if !s.allows(a) {
		return s.refusal(a)
	}
	s.do(a)
	return nil
}

// do carries out a, which is legal.
func (s *state) do(a Action) {
	p := &s.Players[a.Seat]
	switch a.Kind {
	case ActPlace:
		s.place(a)
	case ActInnovation:
		s.playInnovation(a)
	case ActDock:
		s.toDock(a.Seat, s.Step.Card, a.Target)
		s.Step.Card, s.Step.Kind = NoCard, StepMain // placed; afterReceive sets the next step
		s.afterReceive()
	case ActMine:
		s.mine(a)
	case ActStopMining:
		if s.loud() {
			s.log(a.Seat, engine.Say("cb_log_stop_mining", "P", seatArg(a.Seat), "Count", s.Step.Spent))
		}
		s.finish()
	case ActDeliver:
		s.deliver(a)
	case ActStopDelivery:
		s.finish()
	case ActWildStack:
		s.wildLook(a)
	case ActKeep:
		s.wildKeep(a)
	case ActReturn:
		s.wildReturn(a.Cards)
		s.finish()
	case ActEndTurn:
		s.endTurn()
	case ActPass:
		p.Passed = true
		if s.loud() {
			s.log(a.Seat, engine.Say("cb_log_pass", "P", seatArg(a.Seat), "Shift", s.Shift))
		}
		s.nextTurn()
	}
	s.Ver++
}

// refusal explains why the illegal a is refused.
func (s *state) refusal(a Action) error {
	p := &s.Players[a.Seat]
	stepOf := map[ActionKind]StepKind{ActDock: StepDock, ActMine: StepMine, ActStopMining: StepMine,
		ActDeliver: StepDeliver, ActStopDelivery: StepDeliver, ActWildStack: StepWildStack,
		ActKeep: StepWildKeep, ActReturn: StepWildReturn, ActEndTurn: StepAfter, ActPass: StepMain, ActPlace: StepMain}
	if want, ok := stepOf[a.Kind]; ok && want != s.Step.Kind {
		return engine.Refuse(ErrWrongStep, engine.Say("cb_err_wrong_step", "Step", stepMessage(s.Step.Kind)))
	}
	if a.Kind == ActInnovation && s.Step.Kind != StepMain && s.Step.Kind != StepAfter {
		return engine.Refuse(ErrWrongStep, engine.Say("cb_err_inno_during_action"))
	}
	switch a.Kind {
	case ActPlace:
		if a.Zone < 0 || a.Zone >= NumZones || !s.InPlay[a.Zone] {
			return engine.Refuse(engine.ErrNotAvailable, engine.Say("cb_err_zone_not_in_game"))
		}
		total := 0
		for _, w := range a.Workers {
			total += w.Value
		}
		if need := s.required(a.Zone); total != need {
			return engine.Refuse(ErrWrongWorkers, engine.Say("cb_err_worker_count", "Zone", zoneIn(a.Zone, caseLoc), "Count", need, "Given", total))
		}
		if !s.canPerform(p, a.Zone) {
			return engine.Refuse(ErrCannotPerform, engine.Say("cb_err_cannot_perform", "Zone", zoneIn(a.Zone, caseNom)))
		}
		return engine.Refuse(ErrWrongWorkers, engine.Say("cb_err_not_your_workers"))
	case ActPass:
		return engine.Refuse(ErrNotAllowed, engine.Say("cb_err_must_place"))
	}
	if !s.v1() && !s.Step.Placed && (a.Kind == ActInnovation || s.Step.Inno != NoCard) {
		if a.Kind == ActInnovation && s.Step.Kind == StepMain && len(s.placements(a.Seat)) == 0 {
			return engine.Refuse(ErrNotAllowed, engine.Say("cb_err_pass_no_innovation"))
		}
		for _, m := range s.moves(a.Seat) {
			if m.String() == a.String() {
				return engine.Refuse(ErrNotAllowed, engine.Say("cb_err_no_placement_after"))
			}
		}
	}
	return engine.Refuse(ErrNotAllowed, engine.Say("cb_err_not_allowed"))
}

// place takes a worker action.
func (s *state) place(a Action) {
	p := &s.Players[a.Seat]
	pl := placement{Seat: a.Seat}
	var parts []any
	for _, w := range a.Workers {
		pl.Count += w.Value
		if w.Range == 0 {
			id := s.lowestWorker(p, w.Value)
			remove(&p.Workers, id)
			pl.Cards = append(pl.Cards, id)
			if s.loud() {
				parts = append(parts, fmt.Sprint(w.Value))
			}
		} else {
			id := NoCard
			for _, c := range p.Innovations {
				if k := s.card(c); k.Innovation == InnoWorkers && k.Max == w.Range && (id == NoCard || c < id) {
					id = c
				}
			}
			remove(&p.Innovations, id)
			pl.Cards = append(pl.Cards, id)
			if s.loud() {
				parts = append(parts, engine.Say("cb_worker_innovation", "Value", w.Value, "Range", w.Range))
			}
		}
	}
	s.Zones[a.Zone] = append(s.Zones[a.Zone], pl)
	s.Step.Placed = true
	s.Step.Zone = a.Zone
	if s.loud() {
		logPlace := s.log
		if !s.v1() && slices.ContainsFunc(a.Workers, func(w WorkerUse) bool { return w.Range > 0 }) {
			// A worker innovation comes face up out of a hidden hand: which
			// card of its kind she held is shown (edition 2 says so).
			logPlace = s.logReveal
		}
		logPlace(a.Seat, engine.Say("cb_log_place", "P", seatArg(a.Seat), "Count", pl.Count, "Cards", joinMsgs("cb_join_plus", parts), "Zone", zoneIn(a.Zone, caseLoc)))
		s.at(int(a.Zone))
	}
	s.startAction(a.Seat, a.Zone, -1)
}

func (s *state) lowestWorker(p *player, v int) int {
	best := NoCard
	for _, id := range p.Workers {
		if s.card(id).Workers == v && (best == NoCard || id < best) {
			best = id
		}
	}
	return best
}

// startAction begins the action of zone z (a worker action, or an
// innovation's effect); maxSteps overrides a mining action's limit.
func (s *state) startAction(seat int, z Zone, maxSteps int) {
	p := &s.Players[seat]
	switch {
	case z.IsStack():
		s.takeTop(seat, z)
		s.afterReceive()
	case z.mining() >= 0 || maxSteps >= 0:
		m := MiningCard{0, maxSteps}
		if maxSteps < 0 {
			m = s.ed().Mining[z.mining()]
		}
		s.Step.Kind, s.Step.Min, s.Step.Left, s.Step.Spent = StepMine, m.Min, m.Max, 0
		s.checkMiningDone(p)
	case z == ZoneDelivery:
		s.Step.Kind, s.Step.Engine, s.Step.Departed = StepDeliver, -1, 0
	case z == ZoneWild:
		s.Step.Kind = StepWildStack
	}
}

// takeTop moves the top card of stack z to seat.
func (s *state) takeTop(seat int, z Zone) {
	id := s.Stacks[z][0]
	s.Stacks[z] = s.Stacks[z][1:]
	if s.loud() {
		s.log(seat, engine.Say("cb_log_take", "P", seatArg(seat), "Card", s.cardMsg(id, caseAcc), "Zone", zoneIn(z, caseGen)))
		s.at(int(z))
	}
	s.revealTop(seat, z)
	s.receive(seat, id)
}

// revealTop reports the card now on top of stack z: taking a card from a
// face-up stack shows the one below.
func (s *state) revealTop(seat int, z Zone) {
	if len(s.Stacks[z]) > 0 {
		if s.loud() {
			s.logReveal(seat, s.showsMsg(z))
			s.at(int(z))
		}
	} else if s.loud() {
		s.log(seat, engine.Say("cb_log_stack_empty", "Zone", zoneIn(z, caseLoc)))
		s.at(int(z))
	}
}

// receive gives card id to seat by the rules of its stack. A wagon or an
// engine with a choice of docks waits in StepDock.
func (s *state) receive(seat, id int) {
	p := &s.Players[seat]
	c := s.card(id)
	switch c.Kind {
	case KindLorry:
		p.Row = append([]int{id}, p.Row...)
		if s.loud() {
			s.at(PlaceRow(seat))
		}
	case KindWagon, KindEngine:
		docks := s.docksFor(p, id)
		if len(docks) == 1 {
			s.toDock(seat, id, docks[0])
			return
		}
		s.Step.Kind, s.Step.Card = StepDock, id
	case KindOrder:
		p.Orders = append(p.Orders, id)
	case KindInnovation:
		p.Innovations = append(p.Innovations, id)
	case KindShare:
		p.Shares = append(p.Shares, id)
	case KindObjective:
		p.Objectives = append(p.Objectives, id)
	}
}

func (s *state) toDock(seat, id, d int) {
	p := &s.Players[seat]
	if s.card(id).Kind == KindWagon {
		p.Docks[d].Wagons = append(p.Docks[d].Wagons, wagon{Wagon: id, Lorry: NoCard})
	} else {
		p.Docks[d].Engine = id
	}
	if s.loud() {
		s.log(seat, engine.Say("cb_log_dock", "P", seatArg(seat), "Card", s.cardMsg(id, caseAcc), "Dock", d+1))
		s.at(PlaceDock(seat, d))
	}
}

// afterReceive continues once a taken card is placed (unless a dock is
// still to be chosen).
func (s *state) afterReceive() {
	if s.Step.Kind == StepDock {
		return
	}
	if s.Step.WildStack >= 0 {
		switch len(s.Step.Looked) {
		case 0:
		case 1:
			s.wildReturn(s.Step.Looked)
		default:
			s.Step.Kind = StepWildReturn
			return
		}
	}
	s.finish()
}

// checkMiningDone ends a mining action when no step can or need be spent.
func (s *state) checkMiningDone(p *player) {
	if s.Step.Left == 0 || (s.Step.Min <= 0 && len(s.mineMoves(p, s.Step.Left)) == 0) {
		if s.loud() {
			s.log(s.Turn, engine.Say("cb_log_end_mining", "P", seatArg(s.Turn), "Count", s.Step.Spent))
		}
		s.finish()
	}
}

func (s *state) mine(a Action) {
	p := &s.Players[a.Seat]
	var m mineMove
	for _, mm := range s.mineMoves(p, s.Step.Left) {
		if mm.lorry == a.Card && mm.wagon == a.Target {
			m = mm
		}
	}
	p.doMove(m)
	s.Step.Left -= m.cost
	s.Step.Min -= m.cost
	s.Step.Spent += m.cost
	if s.loud() {
		s.logMine(a.Seat, p, m)
	}
	s.checkMiningDone(p)
}

// logMine records mining step m of seat (player p).
func (s *state) logMine(seat int, p *player, m mineMove) {
	fromID := "row"
	if !m.fromRow {
		fromID = "storage"
	}
	toID, dock := "storage", 0
	if m.wagon != NoCard {
		toID = "wagon"
		for d := range p.Docks {
			for _, w := range p.Docks[d].Wagons {
				if w.Wagon == m.wagon {
					dock = d + 1
				}
			}
		}
	}
	var msg engine.Message
	if toID == "storage" || dock > 0 { // a wagon is always in a dock
		msg = engine.Say("cb_log_mine_"+fromID+"_"+toID, "P", seatArg(seat), "Card", s.cardMsg(m.lorry, caseAcc),
			"Wagon", s.cardMsg(m.wagon, caseGen), "Dock", dock, "Count", m.cost, "Left", s.Step.Left)
		if toID == "storage" {
			delete(msg.Args, "Wagon")
			delete(msg.Args, "Dock")
		}
	}
	s.log(seat, msg)
	s.at(s.minePlaces(seat, dock)...)
}

// minePlaces are the places a mining step changes: seat's row (and
// storage) and, when it loads a wagon, that wagon's dock (1-based; 0 none).
func (s *state) minePlaces(seat, dock int) []int {
	if dock > 0 {
		return []int{PlaceRow(seat), PlaceDock(seat, dock-1)}
	}
	return []int{PlaceRow(seat)}
}

func (s *state) deliver(a Action) {
	p := &s.Players[a.Seat]
	dk := p.Docks[a.Target]
	remove(&p.Orders, a.Card)
	p.Delivered = append(p.Delivered, train{Order: a.Card, Engine: dk.Engine, Wagons: dk.Wagons})
	p.Docks[a.Target] = dock{Engine: NoCard}
	s.Step.Engine = s.card(dk.Engine).Engine
	s.Step.Departed++
	if s.loud() {
		s.log(a.Seat, engine.Say("cb_log_deliver", "P", seatArg(a.Seat), "Order", s.cardMsg(a.Card, caseAcc), "Dock", a.Target+1,
			"Engine", s.cardMsg(dk.Engine, caseNom), "Count", s.lorriesIn(&dk)))
		s.at(PlaceDock(a.Seat, a.Target))
	}
	if s.v1() && len(s.deliveries(p, s.Step.Engine)) == 0 || !s.v1() && !s.mayDepartAgain(p, s.Step.Engine) {
		s.finish()
	}
}

// mayDepartAgain reports whether, as far as the others can tell, another
// train of engine type eng (any when eng < 0) might depart: a dock with such
// an engine has lorries and p holds an order. Edition 2 ends a delivery by itself only
// when this is false, so that its end shows nothing of p's orders.
func (s *state) mayDepartAgain(p *player, eng EngineType) bool {
	if len(p.Orders) == 0 {
		return false
	}
	for d := range p.Docks {
		dk := &p.Docks[d]
		if dk.Engine != NoCard && (eng < 0 || s.card(dk.Engine).Engine == eng) && s.lorriesIn(dk) > 0 {
			return true
		}
	}
	return false
}

func (s *state) wildLook(a Action) {
	z := a.Zone
	n := min(s.ed().WildLook, len(s.Stacks[z]))
	s.Step.WildStack = z
	s.Step.Looked = slices.Clone(s.Stacks[z][:n])
	s.Stacks[z] = s.Stacks[z][n:]
	s.Step.Kind = StepWildKeep
	if s.loud() {
		s.logReveal(a.Seat, engine.Say("cb_log_wild_look", "P", seatArg(a.Seat), "Count", n, "Zone", zoneIn(z, caseGen)))
		s.at(int(z))
	}
	if len(s.Stacks[z]) > 0 && s.loud() {
		s.logReveal(a.Seat, s.showsMsg(z))
		s.at(int(z))
	}
}

func (s *state) wildKeep(a Action) {
	remove(&s.Step.Looked, a.Card)
	s.Step.Kept = a.Card
	c := s.card(a.Card)
	switch {
	case !s.loud():
	case c.Kind == KindOrder || c.Kind == KindInnovation:
		s.log(a.Seat, engine.Say("cb_log_keep_hidden_"+c.Kind.String(), "P", seatArg(a.Seat)))
	default:
		s.log(a.Seat, engine.Say("cb_log_keep", "P", seatArg(a.Seat), "Card", cardIn(c, caseAcc)))
	}
	s.receive(a.Seat, a.Card)
	s.afterReceive()
}

// wildReturn puts cards at the bottom of the wild action's stack, cards[0]
// first.
func (s *state) wildReturn(cards []int) {
	z := s.Step.WildStack
	wasEmpty := len(s.Stacks[z]) == 0
	s.Stacks[z] = append(s.Stacks[z], cards...)
	s.Step.Looked = nil
	if s.loud() {
		s.log(s.Turn, engine.Say("cb_log_return", "P", seatArg(s.Turn), "Count", len(cards), "Zone", zoneIn(z, caseGen)))
		s.at(int(z))
	}
	if wasEmpty && len(cards) > 0 && s.loud() {
		s.logReveal(s.Turn, s.showsMsg(z))
		s.at(int(z))
	}
}

func (s *state) playInnovation(a Action) {
	p := &s.Players[a.Seat]
	c := s.card(a.Card)
	remove(&p.Innovations, a.Card)
	s.Box = append(s.Box, a.Card)
	s.Step.PlayedInno = true
	s.Step.Inno = a.Card
	if s.loud() {
		s.log(a.Seat, engine.Say("cb_log_play", "P", seatArg(a.Seat), "Card", cardIn(c, caseAcc)))
	}
	switch c.Innovation {
	case InnoLorry, InnoWagon:
		s.startAction(a.Seat, a.Zone, -1)
	case InnoEngine:
		s.startAction(a.Seat, ZoneEngine, -1)
	case InnoOrder:
		s.startAction(a.Seat, ZoneOrder, -1)
	case InnoShare:
		s.startAction(a.Seat, ZoneShare, -1)
	case InnoMining:
		s.startAction(a.Seat, -1, s.ed().InnovationMiningMax)
	case InnoDelivery:
		s.startAction(a.Seat, ZoneDelivery, -1)
	}
}

// finish ends the worker action or innovation under way: stacks are cut if
// needed, then the turn goes on before or after the worker action.
func (s *state) finish() {
	s.cutStacks()
	st := &s.Step
	st.Inno, st.Card, st.Left, st.Min, st.Spent = NoCard, NoCard, 0, 0, 0
	st.Engine, st.Departed, st.WildStack, st.Looked, st.Kept = -1, 0, -1, nil, NoCard
	if !st.Placed {
		st.Kind = StepMain
		return
	}
	if s.v1() && len(s.innovationPlays(s.Turn)) > 0 || !s.v1() && len(s.Players[s.Turn].Innovations) > 0 {
		// Edition 2 waits for "end turn" whenever she holds an innovation
		// card, playable or not: how many she holds is public, which ones
		// are not.
		st.Kind = StepAfter
		return
	}
	s.endTurn()
}

// cutStacks refills an empty lorry or wagon stack by cutting its twin: the
// twin's top half moves to the empty place.
func (s *state) cutStacks() {
	for _, pair := range [][2]Zone{{ZoneLorry1, ZoneLorry2}, {ZoneWagon1, ZoneWagon2}} {
		for i := 0; i < 2; i++ {
			empty, other := pair[i], pair[1-i]
			n := len(s.Stacks[other])
			if len(s.Stacks[empty]) > 0 || n < 2 {
				continue
			}
			half := n / 2
			s.Stacks[empty] = slices.Clone(s.Stacks[other][:half])
			s.Stacks[other] = slices.Clone(s.Stacks[other][half:])
			if s.loud() {
				s.logReveal(-1, engine.Say("cb_log_cut", "Empty", zoneIn(empty, caseLoc), "Other", zoneIn(other, caseNom), "Count", half,
					"Card", s.cardMsg(s.Stacks[other][0], caseNom)))
				s.at(int(empty), int(other))
			}
		}
	}
}

func (s *state) endTurn() {
	s.nextTurn()
}

// nextTurn hands the turn to the next seat clockwise still in the shift,
// or ends the shift.
func (s *state) nextTurn() {
	s.Step = step{Kind: StepMain, Inno: NoCard, Zone: -1, Card: NoCard, Engine: -1, WildStack: -1, Kept: NoCard}
	for i := 1; i <= s.N; i++ {
		seat := (s.Turn + i) % s.N
		if !s.Players[seat].Passed {
			s.Turn = seat
			return
		}
	}
	s.endShift()
}

// endShift awards the top shift token, then ends the game or starts the
// next shift.
func (s *state) endShift() {
	to := -1
	if pl := s.Zones[ZoneMine01]; len(pl) > 0 {
		to = pl[len(pl)-1].Seat
	} else {
		to = s.Start // the previous token holder started this shift; in shift 1, the starting player
	}
	tok := s.Tokens[0]
	s.Tokens = s.Tokens[1:]
	s.Players[to].Tokens = append(s.Players[to].Tokens, tok)
	if s.loud() {
		s.log(to, engine.Say("cb_log_shift_ends", "Shift", s.Shift, "P", seatArg(to), "Token", tok))
	}
	// Workers return to hand; worker innovations leave the game.
	for z := range s.Zones {
		if len(s.Zones[z]) > 0 && s.loud() {
			s.at(z) // the zone is cleared
		}
	}
	for z := range s.Zones {
		for _, pl := range s.Zones[z] {
			for _, id := range pl.Cards {
				if s.card(id).Kind == KindWorker {
					s.Players[pl.Seat].Workers = append(s.Players[pl.Seat].Workers, id)
				} else {
					s.Box = append(s.Box, id)
				}
			}
		}
		s.Zones[z] = nil
	}
	for i := range s.Players {
		s.Players[i].Passed = false
		slices.Sort(s.Players[i].Workers)
	}
	if len(s.Tokens) == 0 {
		s.gameOver()
		return
	}
	s.Shift++
	s.Start, s.Turn = to, to
	if s.loud() {
		s.log(to, engine.Say("cb_log_shift_begins", "Shift", s.Shift, "P", seatArg(to)))
	}
}

// showsMsg is the event "the stack z now shows its top card".
func (s *state) showsMsg(z Zone) engine.Message {
	return engine.Say("cb_log_shows", "Zone", zoneIn(z, caseGen), "Card", s.cardMsg(s.Stacks[z][0], caseNom))
}

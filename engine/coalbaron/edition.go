package coalbaron

import "fmt"

// This file holds every printed number of the game in one place: the
// "edition". The rulebook lists no card faces, so the values are the
// project's reconstruction (/work/shared/coalbaron/components.md). A group
// that owns the cards corrects a number here and nowhere else.

// Crest is the coat of arms on a lorry or wagon card.
type Crest int8

// The crests. CrestWild is a wagon showing all four. Persisted: only grow at
// the end.
const (
	Wheel Crest = iota
	Clover
	Tower
	Fox
	CrestWild
	NumCrests = 4
)

// String returns the crest's one-letter code: W, C, T, F or * (wild).
func (c Crest) String() string {
	switch c {
	case Wheel:
		return "W"
	case Clover:
		return "C"
	case Tower:
		return "T"
	case Fox:
		return "F"
	case CrestWild:
		return "*"
	}
	return "?"
}

// Name returns the crest's name: "wheel", "clover", "tower", "fox" or "wild".
func (c Crest) Name() string {
	switch c {
	case Wheel:
		return "wheel"
	case Clover:
		return "clover"
	case Tower:
		return "tower"
	case Fox:
		return "fox"
	case CrestWild:
		return "wild"
	}
	return "?"
}

// Dest is an order's destination.
type Dest int8

// The destinations. Persisted: only grow at the end.
const (
	Barracks Dest = iota
	Furnaces
	Factories
	Steamboats
	NumDests = 4
)

// String returns the destination's name.
func (d Dest) String() string {
	switch d {
	case Barracks:
		return "barracks"
	case Furnaces:
		return "furnaces"
	case Factories:
		return "factories"
	case Steamboats:
		return "steamboats"
	}
	return "?"
}

// EngineType is one of the four locomotive designs, called A to D.
type EngineType int8

// NumEngineTypes is how many engine designs there are.
const NumEngineTypes = 4

// String returns "A".."D".
func (e EngineType) String() string {
	if e < 0 || e >= NumEngineTypes {
		return "?"
	}
	return string(rune('A' + e))
}

// Kind is a card's type.
type Kind int8

// Card kinds. Persisted: only grow at the end.
const (
	KindWorker Kind = iota
	KindLorry
	KindWagon
	KindEngine
	KindOrder
	KindShare
	KindObjective
	KindInnovation
	KindAction
	NumKinds
)

var kindNames = [NumKinds]string{"worker", "lorry", "wagon", "engine", "order", "share", "objective", "innovation", "action"}

// String returns the kind's name, e.g. "wagon".
func (k Kind) String() string {
	if k < 0 || k >= NumKinds {
		return "?"
	}
	return kindNames[k]
}

// ObjectiveKind is the scoring task of an objective card.
type ObjectiveKind int8

// Objective tasks. Persisted: only grow at the end.
const (
	ObjTokens     ObjectiveKind = iota // VP for every 2 shift tokens
	ObjObjectives                      // VP for each objective card, this one included
	ObjEngines                         // VP for each delivered engine of type Engine
	ObjShares                          // VP for each share of Dest assigned to a fulfilled order
	ObjOrders                          // VP for each fulfilled order of Dest
	ObjLorries                         // VP once if the lorries shown on fulfilled orders of Dest total at least Threshold
)

// InnovationKind is what an innovation card does.
type InnovationKind int8

// Innovation kinds. InnoWorkers is a worker innovation (a range 1..Max);
// the others are action innovations. Persisted: only grow at the end.
const (
	InnoWorkers  InnovationKind = iota // placed as 1..Max workers
	InnoLorry                          // take the top card of a lorry stack
	InnoWagon                          // take the top card of a wagon stack
	InnoEngine                         // take the top engine (fewer than 3 engines only)
	InnoOrder                          // take the top order
	InnoShare                          // take the top share
	InnoMining                         // mine with 0..MiningMax steps
	InnoDelivery                       // one delivery
)

// ActionCard is one of the five action cards of the display.
type ActionCard int8

// The action cards. Persisted: only grow at the end.
const (
	ActMine01 ActionCard = iota // mining "0/1"
	ActMine12                   // mining "1/2" (not used with 2 players)
	ActMine23                   // mining "2/3"
	ActDelivery
	ActWild
	NumActionCards
)

// Card is one printed card. Only the fields of its Kind are meaningful.
type Card struct {
	ID   int
	Kind Kind
	// Worker: the colour (0..3, a seat's colour is its seat number) and the
	// number of workers it shows.
	Colour, Workers int
	// Lorry and wagon: the crest (CrestWild: a wild wagon).
	Crest Crest
	// Lorry: 1 or 2 lorries; order: the minimum lorries it needs.
	Lorries int
	// VP: above a 1-lorry card (0 on 2-lorry cards), on an order, on a
	// share; on an objective, what it pays (see Objective).
	VP int
	// Engine: its type; objective ObjEngines: the type it rewards.
	Engine EngineType
	// Order and share: the destination; objectives on a destination: that one.
	Dest Dest
	// Objective: its task; for ObjTokens VP is paid per Per tokens, for
	// ObjLorries once when at least Threshold lorries are shown.
	Objective ObjectiveKind
	Per       int
	Threshold int
	// Innovation: what it does; worker innovations range over 1..Max.
	Innovation InnovationKind
	Max        int
	// Action card: which one.
	Action ActionCard
}

// MiningCard is the number of steps a mining action card allows: at least
// Min, at most Max.
type MiningCard struct{ Min, Max int }

// SeatCount is what changes with the number of players.
type SeatCount struct {
	// NoWorkers lists the worker values each player removes (e.g. 4 and 5).
	NoWorkers []int
	// NoMine12 removes the mining card "1/2".
	NoMine12 bool
	// Shifts is the number of shift tokens, 1st..Shifts, and so of shifts.
	Shifts int
}

// Edition is every number of one version of the game.
type Edition struct {
	Version string
	// Cards are all the cards, indexed by ID.
	Cards []Card
	// Seats is indexed by the number of players (2..4).
	Seats [5]SeatCount
	// Mining gives the steps of the three mining action cards (by ActionCard).
	Mining [3]MiningCard
	// WildPrinted is the worker printed on the wild action card: its first
	// user places WildPrinted+1.
	WildPrinted int
	// WildLook is how many cards the wild action looks at.
	WildLook int
	// InnovationMiningMax is the mining innovation's step limit.
	InnovationMiningMax int
	// EngineDocks is how many engines a player may hold (one per dock).
	EngineDocks int
	// ShareVP and TokenVP are what an assigned share and a shift token score.
	ShareVP, TokenVP int

	firstOf [NumKinds]int
	countOf [NumKinds]int
}

// Edition versions. A version names the card data and the rules a game was
// set up with; records and snapshots carry it, and a game keeps the rules
// of its version for its whole life, so a rule change never breaks a table
// already running or a record already written. New games get Standard's.
//
//   - EditionV1: the first release.
//   - EditionV2: the same cards. A player who passes plays no action
//     innovation on that turn: with no worker placement possible she may
//     only pass, and an action innovation before the worker action is
//     offered only when a placement can still follow it. The turn flow
//     shows nothing of a hand: after the worker action (or an innovation
//     played after it) the turn waits for "end turn" whenever she holds
//     any innovation card, playable or not; a delivery goes on to the
//     next departure while a dock of the engine type has lorries and she
//     holds an order; and "end turn", "stop delivering" and "pass" are put
//     to her even when they are her only move, unless what is public
//     already forces them (engine.Label.Deliberate). A placed worker innovation's
//     event is a reveal (which card of its kind she held).
const (
	EditionV1 = "cb-1"
	EditionV2 = "cb-2"
)

// Standard is the edition new games are played under (EditionV2).
var Standard = buildStandard(EditionV2)

// NumCards is how many cards the game has.
const NumCards = 239

// Card returns the card with id; it panics on an unknown id (a programming
// error: ids come from the edition).
func (e *Edition) Card(id int) Card { return e.Cards[id] }

// KindRange returns the first id and the count of the cards of kind k (the
// cards of one kind have consecutive ids).
func (e *Edition) KindRange(k Kind) (first, n int) { return e.firstOf[k], e.countOf[k] }

// workerValues are one colour's ten worker cards.
var workerValues = []int{1, 1, 1, 1, 1, 2, 2, 3, 4, 5}

// buildStandard builds the card data, which every version shares, under
// version.
func buildStandard(version string) *Edition {
	e := &Edition{
		Version: version,
		Seats: [5]SeatCount{
			2: {NoWorkers: []int{4, 5}, NoMine12: true, Shifts: 7},
			3: {NoWorkers: []int{5}, Shifts: 6},
			4: {Shifts: 5},
		},
		Mining:              [3]MiningCard{{0, 1}, {1, 2}, {2, 3}},
		WildPrinted:         1,
		WildLook:            4,
		InnovationMiningMax: 4,
		EngineDocks:         3,
		ShareVP:             3,
		TokenVP:             1,
	}
	e.addWorkers()
	e.addLorriesAndWagons()
	e.addEnginesOrdersAndShares()
	e.addObjectives()
	workerInnos := e.addInnovations()
	for a := ActionCard(0); a < NumActionCards; a++ {
		e.add(Card{Kind: KindAction, Action: a})
	}
	if len(e.Cards) != NumCards {
		panic(fmt.Sprintf("coalbaron: edition has %d cards, want %d", len(e.Cards), NumCards))
	}
	// A hand of worker cards (one colour's) and every worker innovation
	// fits in comboGen's fixed arrays.
	if hand := len(workerValues) + workerInnos; hand > maxWorkerHand {
		panic(fmt.Sprintf("coalbaron: a worker hand may hold %d cards, more than %d", hand, maxWorkerHand))
	}
	return e
}

// add appends card c to the edition under the next id and counts it in
// its kind's range.
func (e *Edition) add(c Card) {
	c.ID = len(e.Cards)
	if e.countOf[c.Kind] == 0 {
		e.firstOf[c.Kind] = c.ID
	}
	e.countOf[c.Kind]++
	e.Cards = append(e.Cards, c)
}

// addWorkers adds each of the four colours' worker cards.
func (e *Edition) addWorkers() {
	for col := 0; col < 4; col++ {
		for _, v := range workerValues {
			e.add(Card{Kind: KindWorker, Colour: col, Workers: v})
		}
	}
}

// addLorriesAndWagons adds the lorries and the wagons of every crest and
// the wild wagons.
func (e *Edition) addLorriesAndWagons() {
	// Lorries, per crest: five 1-lorry 1 VP, two 1-lorry 2 VP, three 2-lorry.
	for c := Crest(0); c < NumCrests; c++ {
		for i := 0; i < 5; i++ {
			e.add(Card{Kind: KindLorry, Crest: c, Lorries: 1, VP: 1})
		}
		for i := 0; i < 2; i++ {
			e.add(Card{Kind: KindLorry, Crest: c, Lorries: 1, VP: 2})
		}
		for i := 0; i < 3; i++ {
			e.add(Card{Kind: KindLorry, Crest: c, Lorries: 2})
		}
	}
	// Wagons: 6 per crest, 16 wild.
	for c := Crest(0); c < NumCrests; c++ {
		for i := 0; i < 6; i++ {
			e.add(Card{Kind: KindWagon, Crest: c})
		}
	}
	for i := 0; i < 16; i++ {
		e.add(Card{Kind: KindWagon, Crest: CrestWild})
	}
}

// addEnginesOrdersAndShares adds the engines of every type and the orders
// and shares of every destination.
func (e *Edition) addEnginesOrdersAndShares() {
	for t := EngineType(0); t < NumEngineTypes; t++ {
		for i := 0; i < 7; i++ {
			e.add(Card{Kind: KindEngine, Engine: t})
		}
	}
	// Orders per destination: minimum lorries, VP, cards.
	orders := []struct{ lorries, vp, n int }{{1, 3, 2}, {2, 5, 2}, {3, 7, 2}, {4, 10, 1}}
	for d := Dest(0); d < NumDests; d++ {
		for _, o := range orders {
			for i := 0; i < o.n; i++ {
				e.add(Card{Kind: KindOrder, Dest: d, Lorries: o.lorries, VP: o.vp})
			}
		}
	}
	for d := Dest(0); d < NumDests; d++ {
		for i := 0; i < 6; i++ {
			e.add(Card{Kind: KindShare, Dest: d, VP: 3})
		}
	}
}

// addObjectives adds the objective cards.
func (e *Edition) addObjectives() {
	e.add(Card{Kind: KindObjective, Objective: ObjTokens, VP: 3, Per: 2})
	e.add(Card{Kind: KindObjective, Objective: ObjObjectives, VP: 1})
	for t := EngineType(0); t < NumEngineTypes; t++ {
		e.add(Card{Kind: KindObjective, Objective: ObjEngines, Engine: t, VP: 2})
	}
	for d := Dest(0); d < NumDests; d++ {
		e.add(Card{Kind: KindObjective, Objective: ObjShares, Dest: d, VP: 2})
	}
	for d := Dest(0); d < NumDests; d++ {
		e.add(Card{Kind: KindObjective, Objective: ObjOrders, Dest: d, VP: 2})
	}
	for d := Dest(0); d < NumDests; d++ {
		e.add(Card{Kind: KindObjective, Objective: ObjLorries, Dest: d, VP: 4, Threshold: 5})
	}
}

// addInnovations adds the innovation cards and returns how many of them
// are worker innovations.
func (e *Edition) addInnovations() int {
	innos := []struct {
		k      InnovationKind
		max, n int
	}{
		{InnoWorkers, 3, 2}, {InnoWorkers, 4, 2}, {InnoWorkers, 5, 1},
		{InnoLorry, 0, 2}, {InnoWagon, 0, 2}, {InnoEngine, 0, 1}, {InnoOrder, 0, 2},
		{InnoShare, 0, 1}, {InnoMining, 0, 2}, {InnoDelivery, 0, 1},
	}
	workers := 0
	for _, in := range innos {
		for i := 0; i < in.n; i++ {
			e.add(Card{Kind: KindInnovation, Innovation: in.k, Max: in.max})
		}
		if in.k == InnoWorkers {
			workers += in.n
		}
	}
	return workers
}

// editions are the versions this engine plays.
var editions = map[string]*Edition{EditionV1: buildStandard(EditionV1), EditionV2: Standard}

// KnownEdition reports whether this engine sets up and replays games of
// edition version v ("" means the current one).
func KnownEdition(v string) bool { return v == "" || editions[v] != nil }

// docksOf lists the crests each loading dock shows (dock index 0..2 is
// dock 1..3).
var docksOf = [3][2]Crest{{Wheel, Clover}, {Wheel, Tower}, {Clover, Fox}}

// DockShows reports whether dock (0..2) shows crest c.
func DockShows(dock int, c Crest) bool {
	return docksOf[dock][0] == c || docksOf[dock][1] == c
}

// WagonFits reports whether a wagon of crest c may be placed in dock (0..2):
// a wild wagon fits anywhere, another wagon where the dock shows its crest.
func WagonFits(c Crest, dock int) bool { return c == CrestWild || DockShows(dock, c) }

// String returns a short description of the card in English, e.g.
// "1-lorry T (2 VP)", "wild wagon", "engine B", "order 3→furnaces 7 VP",
// for the program's own errors and tests; what a player reads is
// Message, from the catalogue (whose English is this).
func (c Card) String() string {
	switch c.Kind {
	case KindWorker:
		return fmt.Sprintf("%d-worker", c.Workers)
	case KindLorry:
		if c.Lorries == 2 {
			return "2-lorry " + c.Crest.String()
		}
		return fmt.Sprintf("1-lorry %s (%d VP)", c.Crest, c.VP)
	case KindWagon:
		if c.Crest == CrestWild {
			return "wild wagon"
		}
		return c.Crest.Name() + " wagon"
	case KindEngine:
		return "engine " + c.Engine.String()
	case KindOrder:
		return fmt.Sprintf("order %d→%s %d VP", c.Lorries, c.Dest, c.VP)
	case KindShare:
		return "share " + c.Dest.String()
	case KindObjective:
		switch c.Objective {
		case ObjTokens:
			return fmt.Sprintf("objective: %d VP per %d shift tokens", c.VP, c.Per)
		case ObjObjectives:
			return fmt.Sprintf("objective: %d VP per objective", c.VP)
		case ObjEngines:
			return fmt.Sprintf("objective: %d VP per engine %s", c.VP, c.Engine)
		case ObjShares:
			return fmt.Sprintf("objective: %d VP per %s share", c.VP, c.Dest)
		case ObjOrders:
			return fmt.Sprintf("objective: %d VP per %s order", c.VP, c.Dest)
		case ObjLorries:
			return fmt.Sprintf("objective: %d VP for %d+ lorries to %s", c.VP, c.Threshold, c.Dest)
		}
	case KindInnovation:
		switch c.Innovation {
		case InnoWorkers:
			return fmt.Sprintf("innovation: 1–%d workers", c.Max)
		case InnoLorry:
			return "innovation: take a lorry"
		case InnoWagon:
			return "innovation: take a wagon"
		case InnoEngine:
			return "innovation: take an engine"
		case InnoOrder:
			return "innovation: take an order"
		case InnoShare:
			return "innovation: take a share"
		case InnoMining:
			return "innovation: mine up to 4 steps"
		case InnoDelivery:
			return "innovation: one delivery"
		}
	case KindAction:
		return ZoneNames[NumStacks+int(c.Action)]
	}
	return "?"
}

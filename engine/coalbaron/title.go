// Package coalbaron is the rules engine of Coal Baron: The Great Card Game
// (Wolfgang Kramer & Michael Kiesling; eggertspiele / Pegasus Spiele, 2016)
// for 2–4 players. It implements engine.Title: Title.New sets a game up,
// and the engine.Match it returns is immutable (Apply returns a new one).
//
// The printed numbers are a reconstruction kept in one table, Standard
// (edition.go); the rule decisions where the rulebook is silent are in
// DECISIONS.md.
package coalbaron

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Title is Coal Baron as an engine.Title.
var Title engine.Title = title{}

type title struct{}

// ID is the title's id in records and custom IDs.
const ID = "coalbaron"

func (title) Meta() engine.Meta {
	return engine.Meta{
		ID:       ID,
		Name:     "Coal Baron: The Great Card Game",
		Credits:  "Wolfgang Kramer & Michael Kiesling; eggertspiele / Pegasus Spiele, 2016",
		MinSeats: 2,
		MaxSeats: 4,
		Edition:  Standard.Version,
		Rules:    rulesSummary,
		// Its rounds are its shifts: 7 at two players.
		MaxRounds: maxShifts(Standard),
	}
}

// rulesSummary is /tt rules for a Coal Baron table: the rulebook in a few
// lines (the numbers are Standard's).
const rulesSummary = `**A game** is 7 / 6 / 5 shifts at 2 / 3 / 4 players. A shift goes round the table until everyone has passed; then the last player to use mining card "0/1" takes the top shift token and starts the next shift, and everyone takes their workers back.
**Your turn**: place workers on one zone and carry out its action — exactly 1 worker more than the last player there this shift (worker cards of 1–5 add up; the wild action has 1 printed). Or pass: you are out until the next shift. Action innovations may be played before and after the worker action.
**Actions**
• Take the top card of a stack: a lorry (left end of your mining row), a wagon (a loading dock its crest allows), an engine (a dock without one), an order or innovation (into your hand), a share or objective (face up).
• Mining 0/1 · 1/2 · 2/3 (no 1/2 at 2 players): spend that many steps moving the rightmost lorry of your row (or one from storage) into an empty wagon of its crest in a dock of that crest, or into storage; a 2-lorry card costs 2 steps.
• Delivery: trains with an engine depart, each with an order from your hand needing at most its lorries; several at once only with the same engine type.
• Wild action: look at the top 4 cards of a stack and keep one.
**Scoring**: VP above delivered 1-lorry cards, fulfilled orders, shares assigned to fulfilled orders of their destination, shift tokens, objectives. A tie goes to the holder of the latest shift token.`

// ParseOptions accepts only the empty list: the game has no options.
func (title) ParseOptions(list string) (json.RawMessage, error) {
	for _, k := range strings.Split(list, ",") {
		if k = strings.TrimSpace(k); k != "" {
			return nil, fmt.Errorf("coalbaron: unknown option %q (the game has none)", k)
		}
	}
	return json.RawMessage("{}"), nil
}

func (title) ParseAction(s string) (engine.Action, error) {
	a, err := ParseAction(s)
	if err != nil {
		return nil, err
	}
	return a, nil
}

func (title) Restore(snapshot []byte) (engine.Match, error) {
	var s state
	if err := json.Unmarshal(snapshot, &s); err != nil {
		return nil, fmt.Errorf("coalbaron: snapshot: %w", err)
	}
	if editions[s.Edition] == nil {
		return nil, fmt.Errorf("coalbaron: snapshot of unknown edition %q", s.Edition)
	}
	s.edition = editions[s.Edition]
	return &match{s: &s}, nil
}

// Overrides fix parts of the random setup, for tests and scenarios; it is
// the JSON of engine.Setup.Overrides. Anything left out is dealt from the
// seeded generator as usual. Cards are ids of Standard.
//
//	{"start": 1,
//	 "stacks": {"l1": [40, 41], "en": [120]},
//	 "players": [{"row": [44], "storage": [], "orders": [150],
//	              "docks": [{"wagons": [[80, -1]], "engine": 120}, {}, {}]}]}
//
// A stack named in Stacks holds exactly those cards, top first; the cards
// of its kind that no override places go to the other stack of a pair
// (lorry l1/l2, wagon w1/w2) if that one is not named, else out of the game.
// Cards given to players are taken out of the stacks first.
type Overrides struct {
	Start   *int             `json:"start,omitempty"`
	Stacks  map[string][]int `json:"stacks,omitempty"`
	Players []PlayerSetup    `json:"players,omitempty"`
}

// PlayerSetup is one seat's starting cards in Overrides.
type PlayerSetup struct {
	Row         []int       `json:"row,omitempty"` // left to right
	Storage     []int       `json:"storage,omitempty"`
	Docks       []DockSetup `json:"docks,omitempty"` // up to 3
	Orders      []int       `json:"orders,omitempty"`
	Innovations []int       `json:"innovations,omitempty"`
	Shares      []int       `json:"shares,omitempty"`
	Objectives  []int       `json:"objectives,omitempty"`
}

// DockSetup is one dock in PlayerSetup: wagons as [wagon, lorry or -1]
// pairs, and the engine (nil: none).
type DockSetup struct {
	Wagons [][2]int `json:"wagons,omitempty"`
	Engine *int     `json:"engine,omitempty"`
}

func (title) New(setup engine.Setup) (engine.Match, error) {
	s, err := newState(setup)
	if err != nil {
		return nil, err
	}
	return &match{s: s}, nil
}

// newState sets a game up: it reads the setup, deals the worker and
// action cards, places the overrides' cards, fills and shuffles the stacks,
// lays out the shift tokens and picks the start seat, in that order (the
// order of the generator's draws).
func newState(setup engine.Setup) (*state, error) {
	version, e, ov, err := readSetup(setup)
	if err != nil {
		return nil, err
	}
	n := setup.NumSeats
	s := &state{Edition: version, N: n, RNG: setup.Seed, Shift: 1, edition: e}
	s.Step = step{Kind: StepMain, Inno: NoCard, Zone: -1, Card: NoCard, Engine: -1, WildStack: -1, Kept: NoCard}
	used := cardClaims{cards: e.Cards, used: make([]bool, len(e.Cards))}
	s.Players = make([]player, n)
	for i := range s.Players {
		s.Players[i].Docks = [3]dock{{Engine: NoCard}, {Engine: NoCard}, {Engine: NoCard}}
	}
	s.dealFixedCards(used.used)
	if len(ov.Players) > n {
		return nil, fmt.Errorf("coalbaron: overrides: %d players for %d seats", len(ov.Players), n)
	}
	for i, ps := range ov.Players {
		if err := s.Players[i].placeOverrides(ps, used); err != nil {
			return nil, err
		}
	}
	named, err := s.placeStackOverrides(ov.Stacks, used)
	if err != nil {
		return nil, err
	}
	s.fillStacks(named, used.used)
	for t := 1; t <= e.Seats[n].Shifts; t++ {
		s.Tokens = append(s.Tokens, t)
	}
	if ov.Start != nil {
		if *ov.Start < 0 || *ov.Start >= n {
			return nil, fmt.Errorf("coalbaron: overrides: start seat %d", *ov.Start)
		}
		s.Start = *ov.Start
	} else {
		s.Start = s.rand(n)
	}
	s.Turn = s.Start
	slices.Sort(s.Box)
	return s, nil
}

// readSetup checks a setup's edition, seat count and options and decodes
// its overrides; it returns the edition's version and table.
func readSetup(setup engine.Setup) (string, *Edition, Overrides, error) {
	var ov Overrides
	version := setup.Edition
	if version == "" {
		version = Standard.Version
	}
	e := editions[version]
	if e == nil {
		return "", nil, ov, fmt.Errorf("coalbaron: unknown edition %q", setup.Edition)
	}
	n := setup.NumSeats
	if n < 2 || n > 4 {
		return "", nil, ov, fmt.Errorf("coalbaron: %d seats (2 to 4 play)", n)
	}
	if o := bytes.TrimSpace(setup.Options); len(o) > 0 && string(o) != "{}" && string(o) != "null" {
		return "", nil, ov, fmt.Errorf("coalbaron: unknown options %s", o)
	}
	if len(bytes.TrimSpace(setup.Overrides)) > 0 {
		dec := json.NewDecoder(bytes.NewReader(setup.Overrides))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ov); err != nil {
			return "", nil, ov, fmt.Errorf("coalbaron: overrides: %w", err)
		}
	}
	return version, e, ov, nil
}

// cardClaims marks the cards a setup has already placed, so that the
// overrides place each card once and of the kind its place holds.
type cardClaims struct {
	cards []Card
	used  []bool
}

// take claims card id, which must be of kind k and not yet placed.
func (c cardClaims) take(id int, k Kind) error {
	if id < 0 || id >= len(c.cards) || c.cards[id].Kind != k {
		return fmt.Errorf("coalbaron: overrides: card %d is not a %s", id, k)
	}
	if c.used[id] {
		return fmt.Errorf("coalbaron: overrides: card %d placed twice", id)
	}
	c.used[id] = true
	return nil
}

// dealFixedCards deals the cards the seat count decides: each playing
// colour's worker cards and the action cards in play (their zones too),
// the rest to the box; it marks them all used and puts every stack in play.
func (s *state) dealFixedCards(used []bool) {
	e := s.ed()
	sc := e.Seats[s.N]
	for _, c := range e.Cards {
		switch c.Kind {
		case KindWorker:
			used[c.ID] = true
			if c.Colour < s.N && !slices.Contains(sc.NoWorkers, c.Workers) {
				s.Players[c.Colour].Workers = append(s.Players[c.Colour].Workers, c.ID)
			} else {
				s.Box = append(s.Box, c.ID)
			}
		case KindAction:
			used[c.ID] = true
			if c.Action == ActMine12 && sc.NoMine12 {
				s.Box = append(s.Box, c.ID)
			} else {
				s.ActionCards = append(s.ActionCards, c.ID)
				s.InPlay[NumStacks+Zone(c.Action)] = true
			}
		}
	}
	for z := Zone(0); z < NumStacks; z++ {
		s.InPlay[z] = true
	}
}

// placeOverrides gives a player the starting cards ps names: its card
// lists, then its docks' wagons, lorries and engines.
func (p *player) placeOverrides(ps PlayerSetup, used cardClaims) error {
	lists := []struct {
		src []int
		dst *[]int
		k   Kind
	}{{ps.Row, &p.Row, KindLorry}, {ps.Storage, &p.Storage, KindLorry}, {ps.Orders, &p.Orders, KindOrder},
		{ps.Innovations, &p.Innovations, KindInnovation}, {ps.Shares, &p.Shares, KindShare}, {ps.Objectives, &p.Objectives, KindObjective}}
	for _, l := range lists {
		for _, id := range l.src {
			if err := used.take(id, l.k); err != nil {
				return err
			}
			*l.dst = append(*l.dst, id)
		}
	}
	if len(ps.Docks) > 3 {
		return fmt.Errorf("coalbaron: overrides: more than 3 docks")
	}
	for d, ds := range ps.Docks {
		for _, w := range ds.Wagons {
			if err := used.take(w[0], KindWagon); err != nil {
				return err
			}
			if w[1] != NoCard {
				if err := used.take(w[1], KindLorry); err != nil {
					return err
				}
			}
			p.Docks[d].Wagons = append(p.Docks[d].Wagons, wagon{Wagon: w[0], Lorry: w[1]})
		}
		if ds.Engine != nil {
			if err := used.take(*ds.Engine, KindEngine); err != nil {
				return err
			}
			p.Docks[d].Engine = *ds.Engine
		}
	}
	return nil
}

// placeStackOverrides sets the stacks the overrides name, exactly as
// named, and returns which stacks they were.
func (s *state) placeStackOverrides(stacks map[string][]int, used cardClaims) (map[Zone]bool, error) {
	named := map[Zone]bool{}
	for code, ids := range stacks {
		z, ok := zoneByCode(code)
		if !ok || !z.IsStack() {
			return nil, fmt.Errorf("coalbaron: overrides: %q is not a stack", code)
		}
		for _, id := range ids {
			if err := used.take(id, stackKind[z]); err != nil {
				return nil, err
			}
		}
		s.Stacks[z] = slices.Clone(ids)
		named[z] = true
	}
	return named, nil
}

// fillStacks shuffles each kind's unused cards into the stacks not named
// (halved between a pair), or into the box when every stack of the kind
// was named.
func (s *state) fillStacks(named map[Zone]bool, used []bool) {
	e := s.ed()
	groups := [][]Zone{{ZoneLorry1, ZoneLorry2}, {ZoneWagon1, ZoneWagon2}, {ZoneEngine}, {ZoneOrder}, {ZoneShare}, {ZoneInnovation}, {ZoneObjective}}
	for _, g := range groups {
		first, count := e.KindRange(stackKind[g[0]])
		var rest []int
		for id := first; id < first+count; id++ {
			if !used[id] {
				rest = append(rest, id)
			}
		}
		var open []Zone
		for _, z := range g {
			if !named[z] {
				open = append(open, z)
			}
		}
		if len(open) == 0 {
			s.Box = append(s.Box, rest...)
			continue
		}
		s.shuffle(rest)
		if len(open) == 1 {
			s.Stacks[open[0]] = rest
			continue
		}
		half := len(rest) / 2
		s.Stacks[open[0]], s.Stacks[open[1]] = rest[:half:half], rest[half:]
	}
}

// match is an engine.Match.
type match struct{ s *state }

// Version counts the actions applied since setup.
func (m *match) Version() int { return m.s.Ver }

// ToAct is the seat whose turn it is, none once the game is over.
func (m *match) ToAct() []int {
	if m.s.Step.Kind == StepOver {
		return nil
	}
	return []int{m.s.Turn}
}

// Simultaneous is always false: Coal Baron is played turn by turn.
func (m *match) Simultaneous() bool { return false }

func (m *match) Legal(seat int) []engine.Action {
	l := m.s.legal(seat)
	if len(l) == 0 {
		return nil
	}
	out := make([]engine.Action, len(l))
	for i, a := range l {
		out[i] = a
	}
	return out
}

func (m *match) Apply(a engine.Action) (engine.Match, []engine.Event, error) {
	act, ok := a.(Action)
	if !ok {
		if p, isPtr := a.(*Action); isPtr && p != nil {
			act = *p
		} else {
			return nil, nil, engine.Refuse(engine.ErrMalformedAction, engine.Say("cb_err_not_a_move"))
		}
	}
	next := m.s.clone()
	if err := next.apply(act); err != nil {
		return nil, nil, err
	}
	ev := next.ev
	next.ev = nil
	return &match{s: next}, ev, nil
}

func (m *match) Result() *engine.Result {
	if m.s.Result == nil {
		return nil
	}
	r := *m.s.Result
	r.Ranking = slices.Clone(r.Ranking)
	r.Scores = slices.Clone(r.Scores)
	return &r
}

func (m *match) Snapshot() ([]byte, error) { return json.Marshal(m.s) }

func (m *match) Public() any { return m.s.publicView() }

func (m *match) Seat(seat int) any { return m.s.seatView(seat) }

func (m *match) Label(a engine.Action) engine.Label {
	act, ok := a.(Action)
	if !ok {
		return moveLabel(a)
	}
	return m.s.label(act)
}

// Secrets lists what only seat knows: its orders and innovations, and the
// cards of a wild action under way (engine.Secrets), as catalogue messages:
// "Orders (2): order 1→barracks 3 VP; share furnaces", "none" for no card.
func (m *match) Secrets(seat int) []engine.Message {
	v := m.s.seatView(seat)
	none := engine.Say("cb_none")
	lines := []engine.Message{
		engine.Say("cb_secret_orders", "N", len(v.Orders), "List", cardList("cb_join_semi", v.Orders, none)),
		engine.Say("cb_secret_innovations", "N", len(v.Innovations), "List", cardList("cb_join_semi", v.Innovations, none)),
	}
	if len(v.Looked) > 0 {
		lines = append(lines, engine.Say("cb_secret_looking", "List", cardList("cb_join_semi", v.Looked, none)))
	}
	if v.Kept != NoCard {
		lines = append(lines, engine.Say("cb_secret_kept", "Card", Standard.Card(v.Kept).Message()))
	}
	return lines
}

// Round is the shift the game is in, 1 for the first (engine.Rounds); a
// finished game stays in its last shift.
func (m *match) Round() int { return m.s.Shift }

// RoundName names a round by its shift, "Shift 2" (engine.RoundNames).
func (m *match) RoundName(r int) engine.Message {
	return engine.Say("coalbaron_round_name", "Round", r)
}

// Default is seat's default move (engine.Defaults): end the turn, stop
// mining, stop delivering or pass, whichever is legal first; otherwise (a
// dock to choose, a card to keep, an order to return in, a mining step the
// card's minimum requires) the first legal action.
func (m *match) Default(seat int) engine.Action {
	legal := m.Legal(seat)
	if len(legal) == 0 {
		return nil
	}
	for _, k := range []ActionKind{ActEndTurn, ActStopMining, ActStopDelivery, ActPass} {
		for _, a := range legal {
			if a.(Action).Kind == k {
				return a
			}
		}
	}
	return legal[0]
}

// maxShifts is the most shifts a game of edition e has (its fewest players
// play the most).
func maxShifts(e *Edition) int {
	n := 0
	for _, sc := range e.Seats {
		n = max(n, sc.Shifts)
	}
	return n
}

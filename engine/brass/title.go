package brass

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Title is Brass: Birmingham as an engine.Title.
var Title engine.Title = title{}

type title struct{}

// ID is the title's id in records and custom IDs.
const ID = "brass"

// Options are the title's lobby options, as JSON.
type Options struct {
	// Intro is the introductory game: the Canal era only, with its extra
	// scoring.
	Intro bool `json:"intro,omitempty"`
}

func (title) Meta() engine.Meta {
	return engine.Meta{
		ID:       ID,
		Name:     "Brass: Birmingham",
		Credits:  "Martin Wallace (design), Gavan Brown and Matt Tolman (development); Roxley, 2018",
		MinSeats: 2,
		MaxSeats: 4,
		Edition:  Standard.Version,
		Options: []engine.Option{{Key: "intro", Label: "Introductory game",
			Help: "Play the Canal era only, with extra scoring for money, income and tiles"}},
		MaxRounds: maxRounds(Standard),
		Rules:     rulesSummary,
	}
}

// rulesSummary is /tt rules for a Brass table: the rulebook in a few lines
// (the numbers are Standard's; TestRulesSummary checks them).
const rulesSummary = `**Two eras**, Canal then Rail, of 10 / 9 / 8 rounds at 2 / 3 / 4 players; each era ends by scoring links (1 VP per link icon at both ends: flipped tiles, 2 per merchant) and flipped tiles. Level I tiles leave after the Canal era. Start: £17, income level 0, 8 cards.
**Your turn**: 2 actions (1 in the first Canal round), each discarding a card; the hand refills when you end the turn. Turn order: least money spent first.
**Actions**
• Build: a location card builds in its town; an industry card in your network. Single-icon spaces first. Canal era: one tile per town. Pay £, coal (nearest connected mine, else the market via a merchant) and iron (any works, else the market).
• Network: canal £3; rail £5 + 1 coal, or two rails £15 + 2 coal + 1 beer.
• Develop: remove 1–2 lowest tiles from your mat, 1 iron each (not lightbulb potteries).
• Sell: flip cotton, manufacturer or pottery tiles connected to a merchant that buys them, paying beer; a merchant's barrel gives its bonus.
• Loan: £30, income 3 levels down (not below −10). Scout: discard 3 cards for both wild cards. Pass.
**Income** at each round's end by your level; short? remove your tiles for half their cost, then lose VP. **Winner**: most VP, then income, then money. Introductory game: the Canal era only, plus VP for money (1 per £4, up to 15), income level and level ≥ II tiles again.`

// maxRounds is the most rounds a game of edition e has: both eras at its
// fewest players.
func maxRounds(e *Edition) int {
	n := 0
	for _, sc := range e.Seats {
		n = max(n, 2*sc.Rounds)
	}
	return n
}

// ParseOptions reads "intro" (the introductory game) or the empty list.
func (title) ParseOptions(list string) (json.RawMessage, error) {
	var o Options
	for _, k := range strings.Split(list, ",") {
		switch k = strings.TrimSpace(k); k {
		case "":
		case "intro":
			o.Intro = true
		default:
			return nil, fmt.Errorf("brass: unknown option %q (known: intro)", k)
		}
	}
	return json.Marshal(o)
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
		return nil, fmt.Errorf("brass: snapshot: %w", err)
	}
	if editions[s.Edition] == nil {
		return nil, fmt.Errorf("brass: snapshot of unknown edition %q", s.Edition)
	}
	s.edp = editions[s.Edition]
	return &match{s: &s}, nil
}

// Overrides fix parts of the random setup, for tests and scenarios; it is
// the JSON of engine.Setup.Overrides. Anything left out is dealt from the
// seeded generator as usual. Cards are card ids of Standard.
//
//	{"order": [1, 0],
//	 "hands": [[16, 16, 20, 21, 22, 23, 23, 12], []],
//	 "deck": [13, 14],
//	 "merchants": [0, 1, 4, 2, 4, -1, -1, -1, -1]}
//
// Order is the first round's turn order; Hands are seats' starting hands
// (8 cards each, or empty: dealt); Deck is the top of the draw deck (the
// rest shuffled below it); Merchants is the tile (an index of
// Edition.MerchantTiles) of each merchant space, -1 for the spaces not
// used at this player count, together exactly the player count's pool.
type Overrides struct {
	Order     []int   `json:"order,omitempty"`
	Hands     [][]int `json:"hands,omitempty"`
	Deck      []int   `json:"deck,omitempty"`
	Merchants []int   `json:"merchants,omitempty"`
}

func (title) New(setup engine.Setup) (engine.Match, error) {
	s, err := newState(setup)
	if err != nil {
		return nil, err
	}
	return &match{s: s}, nil
}

// newState sets a game up: the deck for the player count shuffled, the
// merchant tiles dealt to the merchant spaces in use with a barrel beside
// each non-blank one, the markets filled, £17, income space 10, 8 cards
// and a face-down card each, and a random turn order.
func newState(setup engine.Setup) (*state, error) {
	version := setup.Edition
	if version == "" {
		version = Standard.Version
	}
	e := editions[version]
	if e == nil {
		return nil, fmt.Errorf("brass: unknown edition %q", setup.Edition)
	}
	n := setup.NumSeats
	if n < 2 || n > 4 {
		return nil, fmt.Errorf("brass: %d seats (2 to 4 play)", n)
	}
	var o Options
	if err := decodeStrict(setup.Options, &o); err != nil {
		return nil, fmt.Errorf("brass: options: %w", err)
	}
	var ov Overrides
	if err := decodeStrict(setup.Overrides, &ov); err != nil {
		return nil, fmt.Errorf("brass: overrides: %w", err)
	}
	s := &state{Edition: version, N: n, Intro: o.Intro, RNG: setup.Seed, Era: Canal, Round: 1,
		WildLoc: e.WildCards, WildInd: e.WildCards, Coal: e.CoalMarket.Start, Iron: e.IronMarket.Start, edp: e}
	pool, err := s.deckPool(ov)
	if err != nil {
		return nil, err
	}
	s.shuffle(pool)
	if err := s.dealMerchants(ov); err != nil {
		return nil, err
	}
	s.clearBoard()
	s.dealHands(pool, ov)
	if err := s.drawOrder(ov); err != nil {
		return nil, err
	}
	s.startTurn()
	return s, nil
}

// decodeStrict decodes raw JSON into v, refusing unknown fields; empty raw
// or null leaves v as it is.
func decodeStrict(raw []byte, v any) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// deckPool lists the cards of the deck for the player count, unshuffled,
// less the cards the overrides deal to hands or put on top of the deck.
func (s *state) deckPool(ov Overrides) ([]int, error) {
	e, n := s.ed(), s.N
	var pool []int
	for id, c := range e.Cards {
		for k := 0; k < c.Copies[n]; k++ {
			pool = append(pool, id)
		}
	}
	if len(ov.Hands) > n {
		return nil, fmt.Errorf("brass: overrides: %d hands for %d seats", len(ov.Hands), n)
	}
	for i, h := range ov.Hands {
		if len(h) != 0 && len(h) != e.HandSize {
			return nil, fmt.Errorf("brass: overrides: hand %d has %d cards, want %d", i, len(h), e.HandSize)
		}
		for _, c := range h {
			if !removeCard(&pool, c) {
				return nil, fmt.Errorf("brass: overrides: card %d is not left in the %d-player deck", c, n)
			}
		}
	}
	for _, c := range ov.Deck {
		if !removeCard(&pool, c) {
			return nil, fmt.Errorf("brass: overrides: card %d is not left in the %d-player deck", c, n)
		}
	}
	return pool, nil
}

// dealMerchants shuffles the merchant tiles of the player count (or takes
// the overrides' tiles) and deals them to the merchant spaces in use, a
// barrel beside each non-blank one.
func (s *state) dealMerchants(ov Overrides) error {
	e, n := s.ed(), s.N
	var tiles []int
	for id, m := range e.MerchantTiles {
		for k := 0; k < m.Copies[n]; k++ {
			tiles = append(tiles, id)
		}
	}
	s.shuffle(tiles)
	if ov.Merchants != nil {
		if len(ov.Merchants) != len(e.MerchantSpaces) {
			return fmt.Errorf("brass: overrides: %d merchant spaces, want %d", len(ov.Merchants), len(e.MerchantSpaces))
		}
		var want []int
		for k, t := range ov.Merchants {
			used := e.Locations[e.MerchantSpaces[k]].MinPlayers <= n
			if used != (t >= 0) || t >= len(e.MerchantTiles) {
				return fmt.Errorf("brass: overrides: merchant space %d gets tile %d", k, t)
			}
			if used {
				want = append(want, t)
			}
		}
		a, b := slices.Clone(want), slices.Clone(tiles)
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			return fmt.Errorf("brass: overrides: merchant tiles %v are not the %d-player pool", want, n)
		}
		tiles = want
	}
	s.Merch = make([]market, len(e.MerchantSpaces))
	for k, loc := range e.MerchantSpaces {
		s.Merch[k].Tile = -1
		if e.Locations[loc].MinPlayers <= n {
			s.Merch[k].Tile = tiles[0]
			tiles = tiles[1:]
			s.Merch[k].Barrel = !e.MerchantTiles[s.Merch[k].Tile].Blank()
		}
	}
	return nil
}

// clearBoard empties every build space and line.
func (s *state) clearBoard() {
	e := s.ed()
	s.Spaces = make([]slot, len(e.Spaces))
	for i := range s.Spaces {
		s.Spaces[i] = slot{Owner: -1, Ind: NoIndustry}
	}
	s.Links = make([]int, len(e.Lines))
	for i := range s.Links {
		s.Links[i] = -1
	}
}

// dealHands gives each player the starting money and income, a hand from
// pool (or the overrides' hand) and a face-down card, and leaves the rest
// of pool as the deck under the overrides' deck.
func (s *state) dealHands(pool []int, ov Overrides) {
	e, n := s.ed(), s.N
	s.Players = make([]player, n)
	s.Scores = make([]Score, n)
	for i := range s.Players {
		p := &s.Players[i]
		p.Money, p.Income = e.StartMoney, e.StartIncome
		if i < len(ov.Hands) && len(ov.Hands[i]) > 0 {
			p.Hand = slices.Clone(ov.Hands[i])
		} else {
			p.Hand = slices.Clone(pool[:e.HandSize])
			pool = pool[e.HandSize:]
		}
		slices.Sort(p.Hand)
		p.FaceDown = pool[0]
		pool = pool[1:]
	}
	s.Deck = append(slices.Clone(ov.Deck), pool...)
}

// drawOrder shuffles the first round's turn order, or takes the
// overrides' order.
func (s *state) drawOrder(ov Overrides) error {
	n := s.N
	s.Order = make([]int, n)
	for i := range s.Order {
		s.Order[i] = i
	}
	s.shuffle(s.Order)
	if ov.Order != nil {
		o := slices.Clone(ov.Order)
		slices.Sort(o)
		for i := range o {
			if len(o) != n || o[i] != i {
				return fmt.Errorf("brass: overrides: turn order %v", ov.Order)
			}
		}
		s.Order = slices.Clone(ov.Order)
	}
	return nil
}

// match is an engine.Match.
type match struct{ s *state }

// Version counts the actions applied since setup.
func (m *match) Version() int { return m.s.Ver }

// ToAct is the seat whose turn it is, or the seats deciding a shortfall.
func (m *match) ToAct() []int { return m.s.toAct() }

// Simultaneous is true while several seats decide their shortfalls.
func (m *match) Simultaneous() bool { return m.s.Step.Kind == StepShortfall }

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
			return nil, nil, engine.Refuse(engine.ErrMalformedAction, engine.Say("bb_err_not_a_move"))
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
	if p, isPtr := a.(*Action); isPtr && p != nil {
		act, ok = *p, true // a Sim lists *Action
	}
	if !ok {
		return engine.Label{PathMessages: []engine.Message{engine.Say("bb_err_not_a_move")}}
	}
	return m.s.label(act)
}

// Secrets is seat's hand (engine.Secrets).
func (m *match) Secrets(seat int) []engine.Message {
	if seat < 0 || seat >= m.s.N {
		return nil
	}
	h := m.s.Players[seat].Hand
	return []engine.Message{engine.Say("bb_secret_hand", "Count", len(h), "List", cardList(h))}
}

// Round is the round of the game, 1 for the first: the Canal era's rounds
// come first, then the Rail era's (engine.Rounds).
func (m *match) Round() int {
	if m.s.Era == Rail {
		return m.s.ed().Seats[m.s.N].Rounds + m.s.Round
	}
	return m.s.Round
}

// RoundName names round r by its era: "Canal era, round 3"
// (engine.RoundNames).
func (m *match) RoundName(r int) engine.Message {
	per := m.s.ed().Seats[m.s.N].Rounds
	if r > per {
		return engine.Say("bb_round_name", "Era", eraMsg(Rail), "Round", r-per)
	}
	return engine.Say("bb_round_name", "Era", eraMsg(Canal), "Round", r)
}

// Default is seat's default move (engine.Defaults): end the turn, stop
// (selling, developing, linking), or pass discarding the first card of the
// hand in its order (location cards by town, then industry cards, then
// wild cards) — never a loan; in any other step (a shortfall, the
// Gloucester bonus, a Scout's picks) the first legal action.
func (m *match) Default(seat int) engine.Action {
	legal := m.s.legal(seat)
	if len(legal) == 0 {
		return nil
	}
	for _, k := range []ActionKind{ActEndTurn, ActSellStop, ActDevStop, ActRailStop, ActPass} {
		for _, a := range legal {
			if a.Kind == k {
				return a
			}
		}
	}
	return legal[0]
}

// Breakdown is the final points by category (engine.Breakdown).
func (m *match) Breakdown() *engine.ScoreTable {
	s := m.s
	if s.Result == nil {
		return nil
	}
	return s.scoreTable(slices.Clone(s.Result.Scores), nil)
}

// scoreTable is every seat's points by category (Categories) with totals:
// the categories in which some seat has points, and those of always.
func (s *state) scoreTable(totals []int, always map[string]bool) *engine.ScoreTable {
	t := &engine.ScoreTable{Totals: totals}
	for _, c := range Categories {
		row := engine.ScoreRow{NameMessage: c.Message}
		any := always[c.Message.ID]
		for _, sc := range s.Scores {
			v := c.Points(sc)
			any = any || v != 0
			row.Points = append(row.Points, v)
		}
		if any {
			t.Rows = append(t.Rows, row)
		}
	}
	return t
}

// Points are the seats' victory points so far (engine.Standings): the
// Canal era's once it is scored, and the VP bonuses of sales.
func (m *match) Points() []int {
	var out []int
	for k := range m.s.N {
		out = append(out, m.s.Players[k].VP)
	}
	return out
}

package mineshaft

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Title is the mine-shaft tile game as an engine.Title.
var Title engine.Title = title{}

type title struct{}

// ID is the title's id in records and custom IDs.
const ID = "mineshaft"

// Name is the title's English name; its Polish one is "Szyb kopalni"
// (bot/i18n/mineshaft.pl.toml, mineshaft_name).
const Name = "Mine Shaft"

// Credits say what is known of the game: nothing of its maker.
const Credits = "Mine-shaft tile game: title, designer and publisher unknown; rules from an English rulebook. Component set and rule details designed by this project."

// MaxRounds bounds the rounds of a game for the bot's round: options. The
// bag sets the length: 2 players play about 22–27 rounds, rarely over 45
// (DECISIONS.md); a longer game still plays, it only cannot be paged by
// round past this.
const MaxRounds = 60

func (title) Meta() engine.Meta {
	return engine.Meta{
		ID:   ID,
		Name: Name,
		// Our own name for a game whose title is unknown: said in the
		// reader's language ("Szyb kopalni").
		NameMessage: engine.Say("mineshaft_name"),
		Credits:     Credits,
		MinSeats:    Standard.MinSeats,
		MaxSeats:    Standard.MaxSeats,
		Edition:     Standard.Version,
		Rules:       rulesSummary,
		MaxRounds:   MaxRounds,
	}
}

// rulesSummary is /tt rules for a Mine Shaft table (the numbers are
// Standard's: TestRulesSummary).
const rulesSummary = `**Goal**: collect the most points: gold 5, silver 3, coal 1. 2 players use the 62 unmarked tiles, 3–4 all 80.
**First round**: draw a tile (an End of Shaft goes back) and lay it next to your pawn so the tracks connect; it is filled to 3 markers from the bag; step up to 1 tile; collect. No dice.
**Your turn**: on a collapsed tile you only flip it back, refill it and may collect. Otherwise:
• **A.** If your tile has a track facing an empty cell, draw and lay a tile there (any rotation that connects); it is filled to 3.
• **B.** Roll both dice. Colour: fill a tile of that colour that has room. Pickaxe (2 faces): collapse a face-up tile next to yours (its markers go back to the bag).
• **Move** up to die B (1–3) along connected tracks; a collapsed tile only as your last step. Entering a Tunnel lets you jump to any tile without a pawn.
• **Collect** one kind from your tile: 1 gold, or 2 silver, or 3 coal.
**Special tiles** act when drawn: Swap, Fire (pawns around a tile go to the start), Timed Explosion (collapse any tile), Loose Rock (2 markers to you, a second tile behind it), Minecart (ride and take a whole tile), Call for Help (opponents are pulled to it), Tunnel.
**End**: when the bag is empty, the pile is empty or no open end is left at the end of a turn, the round is finished. Ties: most gold, then most silver.`

// ParseOptions accepts only the empty list: the game has no options.
func (title) ParseOptions(list string) (json.RawMessage, error) {
	for _, k := range strings.Split(list, ",") {
		if k = strings.TrimSpace(k); k != "" {
			return nil, fmt.Errorf("mineshaft: unknown option %q (the game has none)", k)
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
		return nil, fmt.Errorf("mineshaft: snapshot: %w", err)
	}
	if editions[s.Edition] == nil {
		return nil, fmt.Errorf("mineshaft: snapshot of unknown edition %q", s.Edition)
	}
	return &match{s: &s}, nil
}

// Overrides fix parts of the setup, for tests and scenarios; it is the
// JSON of engine.Setup.Overrides. Anything left out is set up as usual.
//
//	{"start": 0, "turn": 1, "round": 2,
//	 "grid": [{"x": 1, "y": 0, "tile": 9, "rot": 1, "markers": [0, 0, 3]}],
//	 "pawns": [[1, 0], [0, 0]], "players": [[1, 0, 2], [0, 0, 0]],
//	 "pile": [30, 12], "dice": [{"a": "R", "b": 2}]}
//
// Grid tiles are laid as given (the start tile is always at (0, 0));
// Pile is the top of the pile, first first, the other tiles in play
// shuffled below it (PileOnly: none below, they go to the box); the bag
// holds the markers neither on tiles nor with players; Dice are the first
// rolls of the game, die A as Y, B, R, G or P (pickaxe).
type Overrides struct {
	Start    *int        `json:"start,omitempty"`
	Turn     *int        `json:"turn,omitempty"`
	Round    int         `json:"round,omitempty"`
	Grid     []CellSetup `json:"grid,omitempty"`
	Pawns    [][2]int    `json:"pawns,omitempty"`
	Players  [][3]int    `json:"players,omitempty"`
	Pile     []int       `json:"pile,omitempty"`
	PileOnly bool        `json:"pileOnly,omitempty"`
	Dice     []RollSetup `json:"dice,omitempty"`
}

// CellSetup is one tile of the mine in Overrides.
type CellSetup struct {
	X         int               `json:"x"`
	Y         int               `json:"y"`
	Tile      int               `json:"tile"`
	Rot       int               `json:"rot,omitempty"`
	Collapsed bool              `json:"collapsed,omitempty"`
	Markers   [NumResources]int `json:"markers,omitzero"`
}

// RollSetup is a roll fixed by Overrides.
type RollSetup struct {
	A string `json:"a"`
	B int    `json:"b"`
}

func (title) New(setup engine.Setup) (engine.Match, error) {
	s, err := newState(setup)
	if err != nil {
		return nil, err
	}
	return &match{s: s}, nil
}

// newState sets a game up: it reads the setup, lays the overrides' tiles,
// pawns and markers, shuffles the pile, fixes the overrides' rolls, picks
// the start seat and starts the first turn, in that order (the order of
// the generator's draws).
func newState(setup engine.Setup) (*state, error) {
	version, e, ov, err := readSetup(setup)
	if err != nil {
		return nil, err
	}
	n := setup.NumSeats
	s := &state{Edition: version, N: n, RNG: setup.Seed, Round: 1, Drawn: NoTile, DrawnSeat: -1}
	s.Dice.Seat = -1
	s.Grid = []cell{{Tile: 0}}
	used := make([]bool, len(e.Tiles))
	s.Bag = e.Markers
	if err := s.layGridOverrides(e, ov.Grid, used); err != nil {
		return nil, err
	}
	if err := s.seatOverrides(ov); err != nil {
		return nil, err
	}
	if err := s.dealPile(e, ov, used); err != nil {
		return nil, err
	}
	for _, d := range ov.Dice {
		f := strings.Index("YBRGP", d.A)
		if len(d.A) != 1 || f < 0 || !slices.Contains(e.DieB[:], d.B) {
			return nil, fmt.Errorf("mineshaft: overrides: roll %q %d", d.A, d.B)
		}
		s.Forced = append(s.Forced, forcedRoll{A: Face(f), B: d.B})
	}
	turn, err := s.startOverrides(ov)
	if err != nil {
		return nil, err
	}
	s.startTurn(turn)
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
		return "", nil, ov, fmt.Errorf("mineshaft: unknown edition %q", setup.Edition)
	}
	n := setup.NumSeats
	if n < e.MinSeats || n > e.MaxSeats {
		return "", nil, ov, fmt.Errorf("mineshaft: %d seats (%d to %d play)", n, e.MinSeats, e.MaxSeats)
	}
	if o := bytes.TrimSpace(setup.Options); len(o) > 0 && string(o) != "{}" && string(o) != "null" {
		return "", nil, ov, fmt.Errorf("mineshaft: unknown options %s", o)
	}
	if len(bytes.TrimSpace(setup.Overrides)) > 0 {
		dec := json.NewDecoder(bytes.NewReader(setup.Overrides))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ov); err != nil {
			return "", nil, ov, fmt.Errorf("mineshaft: overrides: %w", err)
		}
	}
	return version, e, ov, nil
}

// takeTile claims tile id for the overrides: it must be in a game of this
// seat count and not yet used.
func (s *state) takeTile(e *Edition, used []bool, id int) error {
	if !e.InPlay(id, s.N) {
		return fmt.Errorf("mineshaft: overrides: tile %d is not in a %d-player game", id, s.N)
	}
	if used[id] {
		return fmt.Errorf("mineshaft: overrides: tile %d used twice", id)
	}
	used[id] = true
	return nil
}

// spendMarkers takes markers m out of the bag for the overrides.
func (s *state) spendMarkers(m [NumResources]int) error {
	for r := range m {
		if m[r] < 0 || m[r] > s.Bag[r] {
			return fmt.Errorf("mineshaft: overrides: more %s markers than the game has", Resource(r))
		}
		s.Bag[r] -= m[r]
	}
	return nil
}

// layGridOverrides lays the overrides' tiles on the grid with their
// markers, each a placed tile on a free cell within bounds.
func (s *state) layGridOverrides(e *Edition, grid []CellSetup, used []bool) error {
	for _, c := range grid {
		if err := s.takeTile(e, used, c.Tile); err != nil {
			return err
		}
		if !e.Tiles[c.Tile].Special.Placed() || c.Rot < 0 || c.Rot > 3 || c.X <= -CellBias || c.X >= CellBias || c.Y <= -CellBias || c.Y >= CellBias {
			return fmt.Errorf("mineshaft: overrides: tile %d at (%d, %d) rotation %d", c.Tile, c.X, c.Y, c.Rot)
		}
		if s.at(c.X, c.Y) >= 0 {
			return fmt.Errorf("mineshaft: overrides: two tiles at (%d, %d)", c.X, c.Y)
		}
		if c.Markers[0]+c.Markers[1]+c.Markers[2] > e.Capacity || (c.Collapsed && c.Markers != [NumResources]int{}) {
			return fmt.Errorf("mineshaft: overrides: markers %v on tile %d", c.Markers, c.Tile)
		}
		if err := s.spendMarkers(c.Markers); err != nil {
			return err
		}
		s.Grid = append(s.Grid, cell{X: c.X, Y: c.Y, Tile: c.Tile, Rot: c.Rot, Collapsed: c.Collapsed, Markers: c.Markers})
	}
	return nil
}

// seatOverrides makes the players and gives them the overrides' pawn
// cells and markers.
func (s *state) seatOverrides(ov Overrides) error {
	if len(ov.Players) > s.N || len(ov.Pawns) > s.N {
		return fmt.Errorf("mineshaft: overrides: more players than seats")
	}
	s.Players = make([]player, s.N)
	for i, p := range ov.Pawns {
		if s.at(p[0], p[1]) < 0 {
			return fmt.Errorf("mineshaft: overrides: pawn %d on the empty cell (%d, %d)", i, p[0], p[1])
		}
		s.Players[i].X, s.Players[i].Y = p[0], p[1]
	}
	for i, m := range ov.Players {
		if err := s.spendMarkers(m); err != nil {
			return err
		}
		s.Players[i].Markers = m
	}
	return nil
}

// dealPile makes the pile: the overrides' tiles on top, the other tiles of
// this seat count shuffled below (to the box when PileOnly), the rest to
// the box.
func (s *state) dealPile(e *Edition, ov Overrides, used []bool) error {
	for _, id := range ov.Pile {
		if err := s.takeTile(e, used, id); err != nil {
			return err
		}
	}
	var rest []int
	for id := 1; id < len(e.Tiles); id++ {
		switch {
		case !e.InPlay(id, s.N):
			s.Box = append(s.Box, id)
		case !used[id] && ov.PileOnly:
			s.Box = append(s.Box, id)
		case !used[id]:
			rest = append(rest, id)
		}
	}
	s.shuffle(rest)
	s.Pile = append(slices.Clone(ov.Pile), rest...)
	return nil
}

// startOverrides picks the start seat (the overrides' or a random one),
// sets the round and the turns played when the overrides start later,
// and returns the seat whose turn comes first.
func (s *state) startOverrides(ov Overrides) (int, error) {
	n := s.N
	if ov.Start != nil {
		if *ov.Start < 0 || *ov.Start >= n {
			return 0, fmt.Errorf("mineshaft: overrides: start seat %d", *ov.Start)
		}
		s.Start = *ov.Start
	} else {
		s.Start = s.rand(n)
	}
	turn := s.Start
	if ov.Turn != nil {
		if *ov.Turn < 0 || *ov.Turn >= n {
			return 0, fmt.Errorf("mineshaft: overrides: turn of seat %d", *ov.Turn)
		}
		turn = *ov.Turn
	}
	if ov.Round > 1 {
		s.Round = ov.Round
		for i := range s.Players {
			s.Players[i].Turns = ov.Round - 1
			if (i-s.Start+n)%n < (turn-s.Start+n)%n {
				s.Players[i].Turns++
			}
		}
	}
	return turn, nil
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

// Simultaneous is always false: the game is played turn by turn.
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
			return nil, nil, engine.Refuse(engine.ErrMalformedAction, engine.Say("ms_err_not_a_move"))
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

func (m *match) Seat(seat int) any { return SeatView{PublicView: m.s.publicView(), Seat: seat} }

func (m *match) Label(a engine.Action) engine.Label {
	act, ok := a.(Action)
	if !ok {
		return moveLabel(a)
	}
	return m.s.label(act)
}

// Round is the round the game is in, 1 for the first (engine.Rounds).
func (m *match) Round() int { return m.s.Round }

// Default is seat's default move (engine.Defaults): no swap, no ride; a
// move to the reachable tile with the most points to collect, staying on
// a tie or when none has any; the collection worth the most points; a
// Timed Explosion or pickaxe on the tile that costs least (not the seat's
// own, then the fewest pawns, then the fewest points); Fire where it
// spares the seat's pawn and sends the fewest; a colour on the seat's own
// tile when it has room; in every other step (a forced step, a placement)
// the first legal action. Doing the very least (stay, collect nothing) would leave a
// table of absent players going round for ever: the bag only empties
// when markers are collected (DECISIONS.md).
func (m *match) Default(seat int) engine.Action {
	s := m.s
	legal := s.legal(seat)
	if len(legal) == 0 {
		return nil
	}
	for _, a := range legal {
		if a.Kind == ActNoSwap || a.Kind == ActNoRide {
			return a
		}
	}
	best, bv := legal[0], -1
	for _, a := range legal {
		v := -1
		switch a.Kind {
		case ActMove:
			if i := s.at(a.X, a.Y); i >= 0 && !s.Grid[i].Collapsed && s.Grid[i].Tile != 0 {
				for r := Resource(0); r < NumResources; r++ {
					v = max(v, min(s.Grid[i].Markers[r], s.ed().Collect[r])*s.ed().Points[r])
				}
			}
			if p := s.Players[seat]; a.X == p.X && a.Y == p.Y {
				v = max(v, 0) // staying wins a tie
			}
		case ActCollectNone:
			v = 0
		case ActCollect:
			i := s.pawnTile(seat)
			v = min(s.Grid[i].Markers[a.Res], s.ed().Collect[a.Res]) * s.ed().Points[a.Res]
		case ActExplode, ActCollapse:
			// The least harm: not the seat's own tile, then the fewest
			// pawns, then the fewest points sent back to the bag.
			i := s.at(a.X, a.Y)
			v = 1 << 20
			for _, k := range s.pawnsOn(a.X, a.Y) {
				if k == seat {
					v -= 1 << 16
				} else {
					v -= 1 << 10
				}
			}
			v -= s.points(s.Grid[i].Markers)
		case ActFire:
			// Spare the seat's own pawn, then burn as few as possible.
			v = 1 << 20
			for _, k := range s.burnt(s.at(a.X, a.Y)) {
				if k == seat {
					v -= 1 << 16
				} else {
					v--
				}
			}
		case ActFill:
			// The seat's own tile when it has room, else the first.
			v = 0
			if p := s.Players[seat]; a.X == p.X && a.Y == p.Y {
				v = 1
			}
		default:
			return legal[0]
		}
		if v > bv {
			best, bv = a, v
		}
	}
	return best
}

// publicView builds the public view (MS-V1).
func (s *state) publicView() PublicView {
	v := PublicView{
		Edition: s.Edition, NumSeats: s.N, Version: s.Ver, Round: s.Round, FirstRound: s.Round == 1,
		StartSeat: s.Start, Turn: s.Turn, Pile: len(s.Pile), Box: slices.Clone(s.Box),
		Bag: s.Bag, BagCount: s.bagCount(), Drawn: s.Drawn, DrawnSeat: s.DrawnSeat,
		Dice: DiceView{Rolled: s.Dice.Rolled, Seat: s.Dice.Seat, Round: s.Dice.Round, A: s.Dice.A, B: s.Dice.B},
		Ending: EndingView{Triggered: s.Ending.Triggered, LastSeat: s.Ending.LastSeat,
			Blocked: s.Ending.Blocked, NoTiles: s.Ending.NoTiles, NoResources: s.Ending.NoResources},
		Scores: slices.Clone(s.Scores),
	}
	if v.Box == nil {
		v.Box = []int{}
	}
	if s.Step.Kind != StepOver {
		v.ToAct = []int{s.Turn}
	}
	st := s.Step
	v.Step = StepView{Kind: st.Kind, Seat: s.Turn, Tile: st.Tile, SwapTile: st.SwapTile, Face: st.Face, Steps: st.Steps, Extra: st.Extra}
	if st.HasFrom || st.Kind == StepRockStep {
		v.Step.HasFrom, v.Step.FromX, v.Step.FromY = true, st.FromX, st.FromY
	}
	for i, g := range s.Grid {
		t := s.tile(g.Tile)
		v.Tiles = append(v.Tiles, TileView{ID: g.Tile, X: g.X, Y: g.Y, Place: PlaceCell(g.X, g.Y), Shape: t.Shape, Rot: g.Rot,
			Tracks: s.tracks(i), Colour: t.Colour, Special: t.Special, Start: g.Tile == 0, Collapsed: g.Collapsed,
			Markers: g.Markers, Pawns: s.pawnsOn(g.X, g.Y)})
		for _, d := range s.openEnds(i) {
			x, y := d.Step(g.X, g.Y)
			v.OpenEnds = append(v.OpenEnds, OpenEndView{X: g.X, Y: g.Y, Dir: d, CellX: x, CellY: y, Place: PlaceCell(x, y)})
		}
	}
	for i, p := range s.Players {
		j := s.at(p.X, p.Y)
		v.Players = append(v.Players, PlayerView{Seat: i, X: p.X, Y: p.Y, Markers: p.Markers, Points: s.points(p.Markers),
			Turns: p.Turns, OnCollapsed: j >= 0 && s.Grid[j].Collapsed})
	}
	if s.Result != nil {
		r := *s.Result
		r.Ranking = slices.Clone(r.Ranking)
		r.Scores = slices.Clone(r.Scores)
		v.Result = &r
	}
	return v
}

package mineshaft

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// state is the whole game at one moment, the pile's order included. It is
// serialized as the snapshot, so its fields are exported (to encoding/json
// only: the type itself is not).
type state struct {
	Edition string
	N       int
	RNG     uint64 // splitmix64 state; every random choice comes from it
	Ver     int

	// Pile is the face-down draw pile, top first (its order is the only
	// secret of the game); Box the tiles out of play.
	Pile []int
	Box  []int
	// Grid is the mine: the start tile first, then the tiles in the order
	// they were laid.
	Grid []cell
	// Bag is the bag's contents by resource.
	Bag     [NumResources]int
	Players []player

	Start, Turn int
	Round       int // 1-based
	Step        step

	// Drawn is the tile drawn last this turn (NoTile before the first),
	// by DrawnSeat.
	Drawn, DrawnSeat int
	Dice             dice
	// Moved counts the moves of the turn's pawn this turn (for a Loose
	// Rock's step, MS-X4: "has not been moved since").
	Moved int
	// Rocks are the Loose Rocks of this turn still being resolved,
	// innermost last (a Loose Rock may be another's extra tile).
	Rocks []rock
	// Forced are die rolls fixed by the setup's overrides (tests), used
	// before the generator, first first.
	Forced []forcedRoll `json:",omitempty"`
	Ending ending

	Scores []ScoreView
	Result *engine.Result

	ev []engine.Event // events of the action being applied
	// quiet skips the events (a Sim's play): nothing reads them, and the
	// state is the same without them. A clone is loud.
	quiet bool
	// edition is editions[Edition] for a state a Sim made (a look-up per
	// tile otherwise).
	edition *Edition
}

// cell is one tile of the mine.
type cell struct {
	X, Y      int
	Tile      int
	Rot       int
	Collapsed bool
	Markers   [NumResources]int
}

type player struct {
	X, Y    int // the pawn's cell
	Markers [NumResources]int
	Turns   int
}

// step is the decision under way; only the fields of its Kind matter.
type step struct {
	Kind StepKind
	// Tile is the tile being laid, the Swap drawn, or the Fire / Timed
	// Explosion drawn; SwapTile the Swap whose place a swapped tile takes,
	// from SwapX, SwapY (the swapped tile's old cell).
	Tile, SwapTile int
	SwapX, SwapY   int
	// HasFrom: the tile is laid from the tile at FromX, FromY across its
	// edge FromDir (a Loose Rock's extra tile), not from the pawn's tile.
	HasFrom      bool
	FromX, FromY int
	FromDir      Dir
	Face         Face
	Steps        int
	Extra        bool
}

type dice struct {
	Rolled bool
	Seat   int
	Round  int
	A      Face
	B      int
}

// forcedRoll is a roll fixed by the overrides: die A's face and die B.
type forcedRoll struct {
	A Face
	B int
}

// rock is a Loose Rock laid this turn whose extra tile and step are still
// to come (MS-X4).
type rock struct {
	X, Y         int // the Loose Rock
	Dir          Dir // from the tile it was laid from towards it; behind is one more step
	FromX, FromY int
	Moved        int  // state.Moved when it was laid
	Done         bool // its extra tile has been drawn (or could not be)
	Placed       bool // an extra tile was laid behind it
}

type ending struct {
	Triggered                     bool
	LastSeat                      int
	Blocked, NoTiles, NoResources bool
}

func (s *state) ed() *Edition {
	if s.edition != nil {
		return s.edition
	}
	return editions[s.Edition]
}

func (s *state) tile(id int) Tile { return s.ed().Tiles[id] }

// rand returns a number in [0, n) from the splitmix64 generator.
func (s *state) rand(n int) int {
	s.RNG += 0x9e3779b97f4a7c15
	z := s.RNG
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return int(z % uint64(n))
}

func (s *state) shuffle(a []int) {
	for i := len(a) - 1; i > 0; i-- {
		j := s.rand(i + 1)
		a[i], a[j] = a[j], a[i]
	}
}

// clone returns a deep copy of s (without pending events).
func (s *state) clone() *state {
	c := *s
	c.ev, c.quiet = nil, false
	c.Pile = slices.Clone(s.Pile)
	c.Box = slices.Clone(s.Box)
	c.Grid = slices.Clone(s.Grid)
	c.Players = slices.Clone(s.Players)
	c.Rocks = slices.Clone(s.Rocks)
	c.Forced = slices.Clone(s.Forced)
	c.Scores = slices.Clone(s.Scores)
	if s.Result != nil {
		r := *s.Result
		r.Ranking = slices.Clone(r.Ranking)
		r.Scores = slices.Clone(r.Scores)
		c.Result = &r
	}
	return &c
}

// log records a public event about seat, the catalogue message m, that
// changed places.
func (s *state) log(seat int, m engine.Message, places ...int) {
	if s.quiet {
		return
	}
	s.ev = append(s.ev, engine.Event{Seat: seat, Message: m, Where: places, Kind: eventKinds[m.ID]})
}

// logReveal records a public event that consumed randomness or showed a
// hidden tile.
func (s *state) logReveal(seat int, m engine.Message, places ...int) {
	if s.quiet {
		return
	}
	s.ev = append(s.ev, engine.Event{Seat: seat, Reveal: true, Message: m, Where: places, Kind: eventKinds[m.ID]})
}

// eventKinds sort the log's messages for a turn's account
// (engine.EventKind); a message not listed is what the seat did.
var eventKinds = map[string]engine.EventKind{
	"ms_log_fill": engine.Followed, "ms_log_fill_empty": engine.Followed, "ms_log_back_to_bag": engine.Followed,
	"ms_log_pulled": engine.Followed, "ms_log_pulled_stuck": engine.Followed, "ms_log_colour_none": engine.Followed,
	"ms_log_end_bag": engine.Followed, "ms_log_end_bag_round": engine.Followed, "ms_log_end_pile": engine.Followed,
	"ms_log_end_pile_round": engine.Followed, "ms_log_end_blocked": engine.Followed, "ms_log_end_blocked_round": engine.Followed,
	// The round is the picture's; the scores are the final post's.
	"ms_log_round": engine.Kept, "ms_log_scores": engine.Kept, "ms_log_game_over": engine.Kept, "ms_log_game_over_shared": engine.Kept,
}

// loud reports whether the state records events (not quiet): the callers
// of log build a message only then.
func (s *state) loud() bool { return !s.quiet }

// at returns the index in Grid of the tile at (x, y), or -1.
func (s *state) at(x, y int) int {
	for i := range s.Grid {
		if s.Grid[i].X == x && s.Grid[i].Y == y {
			return i
		}
	}
	return -1
}

// tracks returns the tracks of grid tile i as laid.
func (s *state) tracks(i int) Tracks {
	c := &s.Grid[i]
	return s.tile(c.Tile).Tracks.Turn(c.Rot)
}

// isStart reports whether grid tile i is the start tile.
func (s *state) isStart(i int) bool { return s.Grid[i].Tile == 0 }

// neighbour returns the grid index across edge d of tile i, or -1.
func (s *state) neighbour(i int, d Dir) int {
	x, y := d.Step(s.Grid[i].X, s.Grid[i].Y)
	return s.at(x, y)
}

// connected returns the grid index connected to tile i across edge d
// (both show a track there, MS-G4), or -1.
func (s *state) connected(i int, d Dir) int {
	if !s.tracks(i).Has(d) {
		return -1
	}
	j := s.neighbour(i, d)
	if j < 0 || !s.tracks(j).Has(d.Opposite()) {
		return -1
	}
	return j
}

// openEnds lists the edges of tile i with a track facing an empty cell
// (MS-G6).
func (s *state) openEnds(i int) []Dir {
	var out []Dir
	t := s.tracks(i)
	for d := N; d < NumDirs; d++ {
		if t.Has(d) && s.neighbour(i, d) < 0 {
			out = append(out, d)
		}
	}
	return out
}

// pawnTile returns the grid index of seat's pawn.
func (s *state) pawnTile(seat int) int {
	p := &s.Players[seat]
	return s.at(p.X, p.Y)
}

// pawnsOn lists the seats whose pawns stand on (x, y).
func (s *state) pawnsOn(x, y int) []int {
	var out []int
	for i, p := range s.Players {
		if p.X == x && p.Y == y {
			out = append(out, i)
		}
	}
	return out
}

// othersOn reports whether a pawn other than seat's stands on (x, y).
func (s *state) othersOn(seat, x, y int) bool {
	for i, p := range s.Players {
		if i != seat && p.X == x && p.Y == y {
			return true
		}
	}
	return false
}

// count is the number of markers on the tile.
func (c cell) count() int { return c.Markers[0] + c.Markers[1] + c.Markers[2] }

func (s *state) bagCount() int { return s.Bag[0] + s.Bag[1] + s.Bag[2] }

// points is what markers are worth.
func (s *state) points(m [NumResources]int) int {
	e := s.ed()
	return m[0]*e.Points[0] + m[1]*e.Points[1] + m[2]*e.Points[2]
}

// canLay reports whether the turn's player is at the end of an open mine
// shaft (MS-G6) with tiles left to draw: Step A applies.
func (s *state) canLay(seat int) bool {
	i := s.pawnTile(seat)
	return i >= 0 && !s.Grid[i].Collapsed && len(s.openEnds(i)) > 0 && len(s.Pile) > 0
}

// drawMarker takes one marker from the bag at random, uniformly among the
// markers in it; false when the bag is empty.
func (s *state) drawMarker() (Resource, bool) {
	n := s.bagCount()
	if n == 0 {
		return 0, false
	}
	k := s.rand(n)
	for r := Resource(0); r < NumResources; r++ {
		if k < s.Bag[r] {
			s.Bag[r]--
			return r, true
		}
		k -= s.Bag[r]
	}
	panic("mineshaft: bag count")
}

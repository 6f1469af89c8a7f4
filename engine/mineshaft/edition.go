package mineshaft

import (
	"fmt"
	"math/bits"
)

// This file holds every number of the game in one place: the "edition".
// The rulebook has no component data, so the set is the project's design
// (/work/shared/mineshaft/components.md, §1–§4). An owner of the physical
// game corrects a number here and nowhere else; Validate refuses a table
// that breaks what the rules rely on, and the package refuses to start with
// one (editions, below).

// Dir is an edge of a cell: N, E, S, W (north is up, y−1). Persisted: never
// renumbered.
type Dir int8

// The four edges, clockwise from north.
const (
	N Dir = iota
	E
	S
	W
	NumDirs = 4
)

// Opposite returns the edge facing d.
func (d Dir) Opposite() Dir { return (d + 2) % NumDirs }

// Step returns the cell across edge d of (x, y) (MS-G1).
func (d Dir) Step(x, y int) (int, int) {
	switch d {
	case N:
		return x, y - 1
	case E:
		return x + 1, y
	case S:
		return x, y + 1
	}
	return x - 1, y
}

// String returns "N", "E", "S" or "W".
func (d Dir) String() string {
	if d < 0 || d >= NumDirs {
		return "?"
	}
	return string("NESW"[d])
}

// Tracks is a set of edges showing a track: bit d for Dir d (N=1, E=2,
// S=4, W=8).
type Tracks uint8

// Has reports whether t shows a track on edge d.
func (t Tracks) Has(d Dir) bool { return t&(1<<d) != 0 }

// Count is the number of edges with a track.
func (t Tracks) Count() int { return bits.OnesCount8(uint8(t) & 15) }

// Turn returns t turned rot quarter turns clockwise (N goes to E).
func (t Tracks) Turn(rot int) Tracks {
	rot = ((rot % 4) + 4) % 4
	v := uint8(t) & 15
	return Tracks((v<<rot | v>>(4-rot)) & 15)
}

// String lists the edges, e.g. "NES"; "-" for none.
func (t Tracks) String() string {
	s := ""
	for d := N; d < NumDirs; d++ {
		if t.Has(d) {
			s += d.String()
		}
	}
	if s == "" {
		return "-"
	}
	return s
}

// Shape is a tile's track shape (MS-G2). Persisted: only grow at the end.
type Shape int8

// The shapes. ShapeNone is Fire's and Timed Explosion's: they are never
// placed.
const (
	ShapeNone Shape = iota
	DeadEnd
	Straight
	Corner
	Tee
	Cross
	NumShapes
)

var shapeNames = [NumShapes]string{"none", "dead-end", "straight", "corner", "tee", "cross"}

// String returns the shape's name, e.g. "corner".
func (s Shape) String() string {
	if s < 0 || s >= NumShapes {
		return "?"
	}
	return shapeNames[s]
}

// Colour is a tile's colour, the face of die A that fills it. Persisted:
// never renumbered.
type Colour int8

// The colours, in die A's order; NoColour for the start tile, Fire and
// Timed Explosion.
const (
	NoColour Colour = -1
	Yellow   Colour = iota - 1
	Blue
	Red
	Green
	NumColours = 4
)

// String returns the colour's letter: Y, B, R, G ("-" for none).
func (c Colour) String() string {
	if c < 0 || c >= NumColours {
		return "-"
	}
	return string("YBRG"[c])
}

// Name returns the colour's English name, e.g. "red" (for tests and logs;
// players read the catalogue's words).
func (c Colour) Name() string {
	switch c {
	case Yellow:
		return "yellow"
	case Blue:
		return "blue"
	case Red:
		return "red"
	case Green:
		return "green"
	}
	return "none"
}

// Special is a special tile's effect (MS-X1…X7). Persisted: never renumbered.
type Special int8

// The special effects; the numbers are the design's X numbers.
const (
	NoSpecial   Special = 0
	Swap        Special = 1 // X1
	Fire        Special = 2 // X2
	Explosion   Special = 3 // X3 Timed Explosion
	LooseRock   Special = 4 // X4
	Minecart    Special = 5 // X5
	CallForHelp Special = 6 // X6
	Tunnel      Special = 7 // X7
	NumSpecials         = 8
)

var specialNames = [NumSpecials]string{"none", "swap", "fire", "explosion", "loose-rock", "minecart", "call-for-help", "tunnel"}

// String returns the special's name, e.g. "loose-rock".
func (x Special) String() string {
	if x < 0 || x >= NumSpecials {
		return "?"
	}
	return specialNames[x]
}

// Placed reports whether a tile with this effect is ever laid on the grid
// (Fire and Timed Explosion never are: MS-X0).
func (x Special) Placed() bool { return x != Fire && x != Explosion }

// Resource is a kind of marker. Persisted: never renumbered.
type Resource int8

// The resources, scarcest first.
const (
	Gold Resource = iota
	Silver
	Coal
	NumResources = 3
)

// String returns "G", "S" or "C".
func (r Resource) String() string {
	if r < 0 || r >= NumResources {
		return "?"
	}
	return string("GSC"[r])
}

// Face is a face of die A: a colour (0..3) or the pickaxe.
type Face int8

// Pickaxe is die A's pickaxe face; the colour faces are Colour values.
const Pickaxe Face = 4

// IsColour reports whether f is a colour face.
func (f Face) IsColour() bool { return f >= 0 && f < NumColours }

// String returns the face's letter: Y, B, R, G or "P" for the pickaxe.
func (f Face) String() string {
	if f == Pickaxe {
		return "P"
	}
	return Colour(f).String()
}

// TileRow is one row of the tile table (components.md §3): a kind of tile
// and how many of each colour there are, unmarked and marked for 3–4
// players.
type TileRow struct {
	Name    string
	Shape   Shape
	Tracks  Tracks // base tracks, rotation 0
	Special Special
	// Count is the number of tiles of each colour (Y, B, R, G); Marked how
	// many of those carry the 3–4-player mark.
	Count, Marked [NumColours]int
	// Colourless and ColourlessMarked count tiles without a colour (Fire,
	// Timed Explosion).
	Colourless, ColourlessMarked int
}

// Tile is one of the mine tiles, numbered 1.. in the order of the table
// (row by row; colours Y, B, R, G, colourless last; within a colour the
// unmarked copies before the marked ones). ID 0 is the start tile.
type Tile struct {
	ID      int
	Row     int // index in Edition.Rows
	Shape   Shape
	Tracks  Tracks // rotation 0
	Special Special
	Colour  Colour
	Marked  bool // only with 3 or 4 players (MS-S1)
}

// Edition is one version of the component set and the game's numbers.
type Edition struct {
	Version string
	Rows    []TileRow
	// Tiles are derived from Rows: Tiles[0] is the start tile, Tiles[i] the
	// mine tile of ID i.
	Tiles       []Tile
	StartTracks Tracks // the start tile, a cross (MS-G5)

	// NumTiles and NumUnmarked are what Rows must add up to (80, 62).
	NumTiles, NumUnmarked int
	// MarkedFrom is the least player count that plays the marked tiles.
	MarkedFrom         int
	MinSeats, MaxSeats int

	DieA [6]Face // MS-T9
	DieB [6]int

	Markers  [NumResources]int // in the bag at setup: gold, silver, coal
	Points   [NumResources]int // each marker's points (MS-E2)
	Collect  [NumResources]int // most of one kind taken by a collection (MS-T5)
	Capacity int               // markers a tile holds when full (MS-T8)

	FirstRoundSteps int // how far a pawn moves in the first round (MS-R3)
	LooseRockDraw   int // markers a Loose Rock gives its drawer (MS-X4)
}

// EditionV1 is the first edition's version.
const EditionV1 = "ms-1"

// Standard is the current edition: the design of components.md.
var Standard = buildStandard(EditionV1)

func buildStandard(version string) *Edition {
	e := &Edition{
		Version:     version,
		StartTracks: 15,
		NumTiles:    80, NumUnmarked: 62,
		MarkedFrom: 3, MinSeats: 2, MaxSeats: 4,
		DieA:            [6]Face{Face(Yellow), Face(Blue), Face(Red), Face(Green), Pickaxe, Pickaxe},
		DieB:            [6]int{1, 1, 2, 2, 3, 3},
		Markers:         [NumResources]int{20, 30, 50},
		Points:          [NumResources]int{5, 3, 1},
		Collect:         [NumResources]int{1, 2, 3},
		Capacity:        3,
		FirstRoundSteps: 1,
		LooseRockDraw:   2,
		Rows: []TileRow{
			{Name: "End of Shaft", Shape: DeadEnd, Tracks: 1, Count: [4]int{2, 2, 2, 2}},
			{Name: "straight", Shape: Straight, Tracks: 1 | 4, Count: [4]int{3, 3, 3, 3}, Marked: [4]int{1, 1, 1, 1}},
			{Name: "corner", Shape: Corner, Tracks: 1 | 2, Count: [4]int{5, 5, 5, 5}, Marked: [4]int{1, 1, 1, 1}},
			{Name: "T-junction", Shape: Tee, Tracks: 1 | 2 | 4, Count: [4]int{3, 3, 3, 3}, Marked: [4]int{1, 1, 1, 0}},
			{Name: "cross", Shape: Cross, Tracks: 15, Count: [4]int{2, 2, 2, 2}, Marked: [4]int{1, 1, 1, 1}},
			{Name: "Loose Rock", Shape: Straight, Tracks: 1 | 4, Special: LooseRock, Count: [4]int{1, 1, 1, 1}},
			{Name: "Minecart", Shape: Straight, Tracks: 1 | 4, Special: Minecart, Count: [4]int{1, 1, 1, 1}},
			{Name: "Tunnel", Shape: Corner, Tracks: 1 | 2, Special: Tunnel, Count: [4]int{1, 1, 1, 1}},
			{Name: "Swap", Shape: Cross, Tracks: 15, Special: Swap, Count: [4]int{1, 0, 1, 0}},
			{Name: "Call for Help", Shape: Tee, Tracks: 1 | 2 | 4, Special: CallForHelp, Count: [4]int{0, 1, 0, 1}, Marked: [4]int{0, 0, 0, 1}},
			{Name: "Fire", Shape: ShapeNone, Special: Fire, Colourless: 2, ColourlessMarked: 1},
			{Name: "Timed Explosion", Shape: ShapeNone, Special: Explosion, Colourless: 2, ColourlessMarked: 1},
		},
	}
	e.Tiles = deriveTiles(e)
	return e
}

// deriveTiles numbers the tiles of e.Rows (Tile's doc); Tiles[0] is the
// start tile.
func deriveTiles(e *Edition) []Tile {
	tiles := []Tile{{ID: 0, Row: -1, Shape: Cross, Tracks: e.StartTracks, Colour: NoColour}}
	add := func(r int, row TileRow, c Colour, marked bool) {
		tiles = append(tiles, Tile{ID: len(tiles), Row: r, Shape: row.Shape, Tracks: row.Tracks, Special: row.Special, Colour: c, Marked: marked})
	}
	for r, row := range e.Rows {
		for c := Colour(0); c < NumColours; c++ {
			for i := 0; i < row.Count[c]; i++ {
				add(r, row, c, i >= row.Count[c]-row.Marked[c])
			}
		}
		for i := 0; i < row.Colourless; i++ {
			add(r, row, NoColour, i >= row.Colourless-row.ColourlessMarked)
		}
	}
	return tiles
}

// shapeTracks is how many edges each placeable shape shows.
var shapeTracks = [NumShapes]int{0, 1, 2, 2, 3, 4}

// Validate reports the first thing wrong with e, or nil: the tile table
// adds up to NumTiles (NumUnmarked unmarked), every colour has as many
// tiles as every other, shapes match their tracks, only Fire and Timed
// Explosion are colourless and trackless, die faces are faces, the bag and
// points are positive, and the derived tiles agree with the rows.
func (e *Edition) Validate() error {
	for _, part := range []func() error{e.validateSeats, e.validateRows, e.validateTiles, e.validateDice, e.validateMarkers} {
		if err := part(); err != nil {
			return err
		}
	}
	return nil
}

// validateSeats checks the version, the start tile, the seat range and the
// seat count from which marked tiles play.
func (e *Edition) validateSeats() error {
	if e.Version == "" {
		return fmt.Errorf("edition without a version")
	}
	if e.StartTracks != 15 {
		return fmt.Errorf("the start tile is not a cross (tracks %s)", e.StartTracks)
	}
	if e.MinSeats < 2 || e.MaxSeats < e.MinSeats || e.MaxSeats > NumDirs {
		return fmt.Errorf("seats %d..%d (the start tile has %d sides for the first round)", e.MinSeats, e.MaxSeats, NumDirs)
	}
	if e.MarkedFrom <= e.MinSeats || e.MarkedFrom > e.MaxSeats {
		return fmt.Errorf("marked tiles from %d players, outside %d..%d", e.MarkedFrom, e.MinSeats+1, e.MaxSeats)
	}
	return nil
}

// validateRows checks each row of the tile table and that the table adds
// up to NumTiles (NumUnmarked unmarked) with every colour worth the same.
func (e *Edition) validateRows() error {
	total, unmarked := 0, 0
	var perColour, perColourUnmarked [NumColours]int
	for i, row := range e.Rows {
		if err := validateRow(i, row); err != nil {
			return err
		}
		total += row.Colourless
		unmarked += row.Colourless - row.ColourlessMarked
		for c := 0; c < NumColours; c++ {
			if row.Count[c] < 0 || row.Marked[c] < 0 || row.Marked[c] > row.Count[c] {
				return fmt.Errorf("row %d (%s): %d of %d %s tiles marked", i+1, row.Name, row.Marked[c], row.Count[c], Colour(c).Name())
			}
			total += row.Count[c]
			unmarked += row.Count[c] - row.Marked[c]
			perColour[c] += row.Count[c]
			perColourUnmarked[c] += row.Count[c] - row.Marked[c]
		}
	}
	if total != e.NumTiles || unmarked != e.NumUnmarked {
		return fmt.Errorf("the table has %d tiles (%d unmarked), want %d (%d)", total, unmarked, e.NumTiles, e.NumUnmarked)
	}
	for c := 1; c < NumColours; c++ {
		if perColour[c] != perColour[0] || perColourUnmarked[c] != perColourUnmarked[0] {
			return fmt.Errorf("%s has %d tiles (%d unmarked), yellow %d (%d): every colour roll must be worth the same",
				Colour(c).Name(), perColour[c], perColourUnmarked[c], perColour[0], perColourUnmarked[0])
		}
	}
	return nil
}

// validateRow checks row i's shape against its tracks and special, and
// its colourless counts (its coloured counts are checked with the totals).
func validateRow(i int, row TileRow) error {
	if row.Shape < 0 || row.Shape >= NumShapes || row.Special < 0 || row.Special >= NumSpecials {
		return fmt.Errorf("row %d (%s): shape %d, special %d", i+1, row.Name, row.Shape, row.Special)
	}
	if row.Tracks > 15 || row.Tracks.Count() != shapeTracks[row.Shape] {
		return fmt.Errorf("row %d (%s): a %s with tracks %s", i+1, row.Name, row.Shape, row.Tracks)
	}
	if row.Shape == Straight && row.Tracks != 5 && row.Tracks != 10 {
		return fmt.Errorf("row %d (%s): a straight with tracks %s", i+1, row.Name, row.Tracks)
	}
	if row.Shape == Corner && (row.Tracks == 5 || row.Tracks == 10) {
		return fmt.Errorf("row %d (%s): a corner with tracks %s", i+1, row.Name, row.Tracks)
	}
	if row.Special.Placed() != (row.Shape != ShapeNone) {
		return fmt.Errorf("row %d (%s): special %s with shape %s", i+1, row.Name, row.Special, row.Shape)
	}
	if row.Special == LooseRock && row.Shape != Straight {
		return fmt.Errorf("row %d (%s): a Loose Rock must be a straight (\"behind\" is one cell)", i+1, row.Name)
	}
	if row.Special == Swap && row.Shape != Cross {
		return fmt.Errorf("row %d (%s): a Swap must be a cross (it keeps every connection)", i+1, row.Name)
	}
	if row.Special.Placed() && (row.Colourless != 0 || row.ColourlessMarked != 0) {
		return fmt.Errorf("row %d (%s): a placed tile without a colour", i+1, row.Name)
	}
	if !row.Special.Placed() && row.Count != [NumColours]int{} {
		return fmt.Errorf("row %d (%s): a never-placed tile with a colour", i+1, row.Name)
	}
	if row.ColourlessMarked < 0 || row.ColourlessMarked > row.Colourless {
		return fmt.Errorf("row %d (%s): %d of %d colourless tiles marked", i+1, row.Name, row.ColourlessMarked, row.Colourless)
	}
	return nil
}

// validateTiles checks that the derived tiles are one per table entry
// plus the start tile, numbered in order, each agreeing with its row.
func (e *Edition) validateTiles() error {
	total := e.NumTiles // validateRows has checked that the table adds up to it
	if len(e.Tiles) != total+1 {
		return fmt.Errorf("%d tiles derived from a table of %d", len(e.Tiles)-1, total)
	}
	for i, t := range e.Tiles {
		if t.ID != i {
			return fmt.Errorf("tile %d has id %d", i, t.ID)
		}
		if i > 0 && (t.Row < 0 || t.Row >= len(e.Rows) || e.Rows[t.Row].Tracks != t.Tracks || e.Rows[t.Row].Special != t.Special) {
			return fmt.Errorf("tile %d does not match its row", i)
		}
	}
	return nil
}

// validateDice checks that die A shows every colour and otherwise only
// pickaxes, and that die B's faces are positive.
func (e *Edition) validateDice() error {
	colours := 0
	for _, f := range e.DieA {
		switch {
		case f.IsColour():
			colours |= 1 << f
		case f != Pickaxe:
			return fmt.Errorf("die A has a face %d", f)
		}
	}
	if colours != 1<<NumColours-1 {
		return fmt.Errorf("die A lacks a colour")
	}
	for _, v := range e.DieB {
		if v < 1 {
			return fmt.Errorf("die B has a face %d", v)
		}
	}
	return nil
}

// validateMarkers checks each resource's markers, points and collection
// against the tile capacity, and the remaining small numbers.
func (e *Edition) validateMarkers() error {
	for r := Resource(0); r < NumResources; r++ {
		if e.Markers[r] < 1 || e.Points[r] < 1 || e.Collect[r] < 1 || e.Collect[r] > e.Capacity {
			return fmt.Errorf("%s: %d markers, %d points, %d collected", r, e.Markers[r], e.Points[r], e.Collect[r])
		}
	}
	if e.Capacity < 1 || e.FirstRoundSteps < 0 || e.LooseRockDraw < 0 {
		return fmt.Errorf("capacity %d, first-round steps %d, Loose Rock draw %d", e.Capacity, e.FirstRoundSteps, e.LooseRockDraw)
	}
	return nil
}

// Tile returns tile id of e (0: the start tile).
func (e *Edition) Tile(id int) Tile { return e.Tiles[id] }

// TotalMarkers is the number of markers in the game (100).
func (e *Edition) TotalMarkers() int {
	n := 0
	for _, v := range e.Markers {
		n += v
	}
	return n
}

// InPlay reports whether tile id is used in a game of n players (MS-S1).
func (e *Edition) InPlay(id, n int) bool {
	return id > 0 && id < len(e.Tiles) && (!e.Tiles[id].Marked || n >= e.MarkedFrom)
}

// editions are the versions this engine plays, each validated: the
// package does not start with a broken table.
var editions = map[string]*Edition{EditionV1: mustValid(Standard)}

func mustValid(e *Edition) *Edition {
	if err := e.Validate(); err != nil {
		panic("mineshaft: edition " + e.Version + ": " + err.Error())
	}
	return e
}

// KnownEdition reports whether this engine sets up and replays games of
// edition version v ("" means the current one).
func KnownEdition(v string) bool { return v == "" || editions[v] != nil }

package tinners

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// This file holds every printed number of the game in one place: the
// "edition". The rulebook has no tables, so these values are the project's
// reconstruction (../shared/tinners/components.md). A group that owns the
// physical game corrects a number here and nowhere else.

// Region is one of the four map regions, A (west) to D (east).
type Region int8

// The regions, west to east.
const (
	RegionA Region = iota
	RegionB
	RegionC
	RegionD
	NumRegions = 4
)

// String returns "A".."D".
func (r Region) String() string {
	if r < 0 || r >= NumRegions {
		return "?"
	}
	return string(rune('A' + r))
}

// AreaDef is one printed area of the map.
type AreaDef struct {
	ID      string  // "A1".."D7"
	Name    string  // the real place
	Region  Region  // A..D
	Pos     int     // 1..7 within the region, the number on the area setup cards
	Coastal bool    // borders the sea: ports allowed
	Lat     float64 // degrees north
	Lon     float64 // degrees east (negative: west)
}

// TileKind distinguishes plain area tiles from the Kickstarter ones.
type TileKind int8

// Tile kinds. Persisted: only grow at the end.
const (
	TilePlain TileKind = iota
	TileBonus          // Kickstarter: the auction winner gains £3
	TileLight          // Kickstarter: the winner builds for 1 WP
)

// Tile is an area tile: the cubes a mine built there starts with.
type Tile struct {
	Tin, Copper, Water int
	Kind               TileKind
}

// String returns "tin/copper/water" as printed, with a Kickstarter mark.
func (t Tile) String() string {
	s := fmt.Sprintf("%d/%d/%d", t.Tin, t.Copper, t.Water)
	switch t.Kind {
	case TileBonus:
		s += " +£3"
	case TileLight:
		s += " 1WP"
	}
	return s
}

// ParseTile reads a tile as String writes it: "2/1/3", "2/1/2 +£3" (bonus)
// or "3/1/3 1WP" (light).
func ParseTile(spec string) (Tile, error) {
	var t Tile
	nums, mark, _ := strings.Cut(strings.TrimSpace(spec), " ")
	switch strings.TrimSpace(mark) {
	case "":
	case "+£3":
		t.Kind = TileBonus
	case "1WP":
		t.Kind = TileLight
	default:
		return t, fmt.Errorf("tile %q: unknown mark %q", spec, mark)
	}
	var rest string
	if n, _ := fmt.Sscanf(nums+" .", "%d/%d/%d %s", &t.Tin, &t.Copper, &t.Water, &rest); n != 4 || rest != "." || t.Tin < 0 || t.Copper < 0 || t.Water < 0 {
		return t, fmt.Errorf("tile %q: want tin/copper/water", spec)
	}
	return t, nil
}

// Benefit is what a survey card does to a mine.
type Benefit int8

// Survey card benefits. Persisted: only grow at the end.
const (
	BenefitWater     Benefit = iota // remove Amount water
	BenefitTin                      // add Amount tin
	BenefitCopper                   // add Amount copper
	BenefitMiner                    // place a miner from the supply
	BenefitPort                     // place a port from the supply (coastal only)
	BenefitSteamPump                // permanent steam pump: −1 water now and each later round
)

// Deck names a survey deck.
type Deck int8

// Survey decks. Persisted: only grow at the end.
const (
	DeckA Deck = iota
	DeckB
	DeckC
	DeckD
	DeckWild
	DeckKickstarter
	NumDecks = 6
)

// String returns the deck's printed name.
func (d Deck) String() string {
	switch {
	case d >= DeckA && d <= DeckD:
		return Region(d).String()
	case d == DeckWild:
		return "wild"
	case d == DeckKickstarter:
		return "dual"
	}
	return "?"
}

// Card is one survey card. Regions is a bit set of the regions it matches
// (all four for a wild card).
type Card struct {
	ID      int // index into Edition.Cards
	Deck    Deck
	Regions uint8 // bit r set: matches Region r
	Benefit Benefit
	Amount  int // cubes for water/tin/copper benefits, 1 otherwise
	Value   int // £
}

// Matches reports whether the card may be played on an area of region r.
func (c Card) Matches(r Region) bool { return c.Regions&(1<<uint(r)) != 0 }

// RegionLabel returns "A", "B/D" or "wild".
func (c Card) RegionLabel() string {
	if c.Deck == DeckWild {
		return "wild"
	}
	var parts []string
	for r := RegionA; r < NumRegions; r++ {
		if c.Matches(r) {
			parts = append(parts, r.String())
		}
	}
	return strings.Join(parts, "/")
}

// BenefitText returns the benefit in words, e.g. "+2 copper" or "−1 water".
func (c Card) BenefitText() string {
	switch c.Benefit {
	case BenefitWater:
		return fmt.Sprintf("-%d water", c.Amount)
	case BenefitTin:
		return fmt.Sprintf("+%d tin", c.Amount)
	case BenefitCopper:
		return fmt.Sprintf("+%d copper", c.Amount)
	case BenefitMiner:
		return "miner"
	case BenefitPort:
		return "port"
	case BenefitSteamPump:
		return "steam pump"
	}
	return "?"
}

// String returns e.g. "B +1 copper £2".
func (c Card) String() string {
	return fmt.Sprintf("%s %s £%d", c.RegionLabel(), c.BenefitText(), c.Value)
}

// MapCard says which positions hold an area tile at a player count.
type MapCard struct {
	Positions [NumRegions][]int // positions 1..7 per region
	Reveal    int               // tiles revealed face up per region at setup
}

// DevBoard is the development board for a player count: pieces per round
// column (index 0 = round 1) and steam pump group sizes per round.
type DevBoard struct {
	Miners, Ports, Trains, Adits [NumRounds]int
	Pumps                        [NumRounds][]int
}

// Emigration is one location of the Emigration board.
type Emigration struct {
	Name    string
	Rewards [NumRounds]string
}

// The Emigration board's locations, in the order of Edition.Emigration.
// Persisted (an emigrate action names one): only grow at the end.
const (
	Michigan    = iota // a free development from the box, placed now or later
	SierraMadre        // points now
	Kimberly           // money now and in phase 1 of every later round
	Adelaide           // this round's sale: a price bonus
	NumLocations
)

// Pieces counts development pieces: the Michigan rewards, and what a seat
// has taken there and not placed yet.
type Pieces struct {
	Adits, Trains, Ports, Miners int `json:",omitempty"`
}

// Total is the number of pieces.
func (p Pieces) Total() int { return p.Adits + p.Trains + p.Ports + p.Miners }

// Edition versions. A version names the component data and the rules a
// game was set up with; records and snapshots carry it, and a game keeps
// the rules of its version for its whole life, so a rule change never
// breaks a table already running.
//
//   - EditionV1: the first release.
//   - EditionV2: a 2-player area whose face-down tile was removed is out of
//     play (no developments there, nobody's neighbour); the Arsenic,
//     Emigration and Kickstarter modules.
const (
	EditionV1 = "tt-remastered-1"
	EditionV2 = "tt-remastered-2"
)

// KnownEdition reports whether this engine can set up and replay games of
// edition version v ("" means the current one).
func KnownEdition(v string) bool { return v == "" || v == EditionV1 || v == EditionV2 }

// Edition is the full printed component data of one edition.
type Edition struct {
	Version string

	Areas   []AreaDef
	Borders [][2]int // area indexes, lower first
	// MapCards by player count (1 = solo).
	MapCards map[int]MapCard

	// Tiles per region; KickTiles are the Kickstarter bonus and light tile.
	Tiles     [NumRegions][]Tile
	KickTiles [NumRegions][]Tile

	// Cards is every survey card of every deck; Decks lists card IDs per deck.
	Cards []Card
	Decks [NumDecks][]int

	DevBoards map[int]DevBoard // by player count; solo uses 2
	Box       struct{ Miners, Ports, Trains, Adits, Pumps int }

	// Invest[round-1][row-1] = {points per £10, points per £5}.
	Invest [NumRounds][MaxSeats][2]int

	Dice         [3][6]int
	PriceBounds  [3]int // column = number of bounds the total exceeds: <=4, 5-6, 7-8, >=9
	TinPrices    [4]int
	CopperPrices [4]int

	Costs map[ActionKind]int // work points

	StartMoney     int
	WorkTrackLen   int // final column
	MinesPerPlayer int
	PeekTokens     int

	Arsenic    [NumRounds][]int // market sections, best first; the last space of the last holds any number
	Emigration []Emigration     // the board's locations, labels per round
	// The Emigration board's numbers per round: Michigan's pieces, Sierra
	// Madre's points, Kimberly's money, and Adelaide's price bonus per cube
	// {for one ore, for the other}.
	MichiganPieces [NumRounds]Pieces
	SierraPoints   [NumRounds]int
	KimberlyMoney  [NumRounds]int
	AdelaideBonus  [NumRounds][2]int
	OwnMiners      int // Emigration: player-coloured miners per seat

	// Lord Wallace (solo): his ten action cards, and the column his arsenic
	// limiter may reach at most in each round (Arsenic module).
	Wallace             []WallaceCard
	WallaceArsenicLimit [NumRounds]int

	adjOnce sync.Once
	adj     [][]int // Neighbours' cache

	costOnce sync.Once
	costs    [numActionKinds]int // Cost's table
	nameOnce sync.Once
	names    []string // AreaName's table
}

// Game-size constants.
const (
	NumRounds = 4
	MaxSeats  = 5
	MinSeats  = 2 // a table of players; one seat alone plays the solo game
	SoloSeats = 1
)

// areaRows is components.md §3: id, name, coastal, lat, lon.
var areaRows = []struct {
	id, name string
	coastal  bool
	lat, lon float64
}{
	{"A1", "Sennen", true, 50.066, -5.697},
	{"A2", "St Just", true, 50.130, -5.675},
	{"A3", "Zennor", true, 50.191, -5.567},
	{"A4", "Ding Dong", false, 50.150, -5.570},
	{"A5", "Penzance", true, 50.118, -5.537},
	{"A6", "St Ives", true, 50.211, -5.480},
	{"A7", "Marazion", true, 50.124, -5.474},
	{"B1", "Hayle", true, 50.186, -5.420},
	{"B2", "Porthleven", true, 50.085, -5.316},
	{"B3", "Camborne", false, 50.213, -5.300},
	{"B4", "Portreath", true, 50.260, -5.290},
	{"B5", "Helston", false, 50.100, -5.260},
	{"B6", "Redruth", false, 50.233, -5.226},
	{"B7", "Wendron", false, 50.145, -5.215},
	{"C1", "St Agnes", true, 50.312, -5.204},
	{"C2", "Gwennap", false, 50.215, -5.150},
	{"C3", "Perranporth", true, 50.344, -5.153},
	{"C4", "Truro", false, 50.263, -5.051},
	{"C5", "Falmouth", true, 50.153, -5.066},
	{"C6", "Newquay", true, 50.415, -5.073},
	{"C7", "St Columb", false, 50.420, -4.930},
	{"D1", "St Austell", true, 50.340, -4.789},
	{"D2", "Bodmin", false, 50.471, -4.718},
	{"D3", "Fowey", true, 50.335, -4.636},
	{"D4", "Liskeard", false, 50.455, -4.465},
	{"D5", "Caradon", false, 50.515, -4.451},
	{"D6", "Looe", true, 50.354, -4.454},
	{"D7", "Gunnislake", false, 50.521, -4.213},
}

const borderList = `
A1-A2 A1-A5 A2-A3 A2-A4 A2-A5 A3-A4 A3-A6 A4-A5 A4-A6 A4-A7 A5-A7 A6-A7 A6-B1 A7-B1 A7-B2
B1-B2 B1-B3 B1-B4 B2-B5 B3-B4 B3-B5 B3-B6 B3-B7 B4-B6 B4-C1 B5-B7 B5-C5 B6-B7 B6-C1 B6-C2
B7-C2 B7-C5 C1-C2 C1-C3 C1-C4 C2-C4 C2-C5 C3-C4 C3-C6 C4-C5 C4-C6 C4-C7 C4-D1 C6-C7 C7-D1
C7-D2 D1-D2 D1-D3 D2-D3 D2-D4 D2-D5 D3-D4 D3-D6 D4-D5 D4-D6 D4-D7 D5-D7`

const tileList = `
A 4/1/2 3/2/3 3/1/1 3/3/2 4/2/4 2/1/1 2/3/4 5/1/3
B 3/3/4 2/4/4 1/3/2 2/2/3 1/5/5 3/2/3 2/3/3 0/4/3
C 1/4/3 2/3/3 0/5/4 3/2/2 1/3/2 2/4/5 1/2/1 2/5/5
D 0/5/4 1/4/4 2/3/3 0/6/5 1/3/2 2/5/5 1/4/3 0/3/2`

// kickTileList: per region, the bonus (£3) tile then the light (1 WP) tile.
const kickTileList = `
A 2/1/2 3/1/3
B 1/3/3 2/2/3
C 1/3/2 2/3/4
D 0/4/3 1/4/4`

// Standard is the Remastered edition as reconstructed in components.md,
// the current edition: the one a new game is set up with. It is built and
// validated once at start-up; a broken table panics there. Code that has a
// game at hand reads the game's edition instead (EditionOf its version).
var Standard = mustEdition(buildStandard())

// EditionOf returns the component data of edition version v ("" means the
// current one), or nil for a version this engine does not know. Every known
// version shares one printing: they differ in rules (see EditionV1), which
// the state reads from its EditionVersion, not in components.
func EditionOf(v string) *Edition {
	if !KnownEdition(v) {
		return nil
	}
	return Standard
}

func mustEdition(e *Edition) *Edition {
	if err := e.Validate(); err != nil {
		panic("engine: invalid edition data: " + err.Error())
	}
	return e
}

// buildStandard builds the printed edition's table: map, survey cards,
// boards and the modules' components.
func buildStandard() *Edition {
	e := &Edition{Version: EditionV2}
	e.buildMap()
	e.buildSurveyCards()
	e.buildBoards()
	e.buildModules()
	return e
}

// buildMap fills in the areas, their borders, the map cards per player
// count and the mine tiles.
func (e *Edition) buildMap() {
	index := map[string]int{}
	for i, r := range areaRows {
		reg := Region(r.id[0] - 'A')
		e.Areas = append(e.Areas, AreaDef{ID: r.id, Name: r.name, Region: reg, Pos: int(r.id[1] - '0'),
			Coastal: r.coastal, Lat: r.lat, Lon: r.lon})
		index[r.id] = i
	}
	for _, f := range strings.Fields(borderList) {
		a, b, _ := strings.Cut(f, "-")
		ia, oka := index[a]
		ib, okb := index[b]
		if !oka || !okb {
			ia, ib = -1, -1 // caught by Validate
		}
		if ia > ib {
			ia, ib = ib, ia
		}
		e.Borders = append(e.Borders, [2]int{ia, ib})
	}
	all := []int{1, 2, 3, 4, 5, 6, 7}
	e.MapCards = map[int]MapCard{
		1: {Positions: [4][]int{{2, 4, 5, 6, 7}, {1, 3, 5, 6, 7}, {1, 2, 4, 5, 6}, nil}, Reveal: 2},
		2: {Positions: [4][]int{{2, 4, 5, 6, 7}, {1, 3, 5, 6, 7}, {1, 2, 4, 5, 6}, nil}, Reveal: 1},
		3: {Positions: [4][]int{{1, 2, 4, 5, 6, 7}, {1, 2, 3, 5, 6, 7}, {1, 2, 3, 4, 5, 6}, nil}, Reveal: 1},
		4: {Positions: [4][]int{{2, 3, 4, 5, 6, 7}, {1, 2, 3, 5, 6, 7}, {1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6}}, Reveal: 2},
		5: {Positions: [4][]int{all, all, all, all}, Reveal: 2},
	}
	e.Tiles = parseTiles(tileList, TilePlain, TilePlain)
	e.KickTiles = parseTiles(kickTileList, TileBonus, TileLight)
}

// buildSurveyCards fills in the survey cards: ten per region deck, the
// wild deck and the Kickstarter pack's dual-region cards.
func (e *Edition) buildSurveyCards() {
	add := func(d Deck, regions uint8, b Benefit, amount, value int) {
		e.Decks[d] = append(e.Decks[d], len(e.Cards))
		e.Cards = append(e.Cards, Card{ID: len(e.Cards), Deck: d, Regions: regions, Benefit: b, Amount: amount, Value: value})
	}
	for r := RegionA; r < NumRegions; r++ {
		d, bit := Deck(r), uint8(1)<<uint(r)
		add(d, bit, BenefitWater, 1, 1)
		add(d, bit, BenefitWater, 1, 1)
		add(d, bit, BenefitWater, 2, 3)
		add(d, bit, BenefitTin, 1, 2)
		add(d, bit, BenefitCopper, 1, 2)
		add(d, bit, BenefitCopper, 1, 2)
		add(d, bit, BenefitMiner, 1, 4)
		add(d, bit, BenefitPort, 1, 4)
		add(d, bit, BenefitCopper, 2, 5)
		add(d, bit, BenefitSteamPump, 1, []int{5, 5, 6, 6}[r])
	}
	const anyRegion = 0b1111
	add(DeckWild, anyRegion, BenefitTin, 1, 2)
	add(DeckWild, anyRegion, BenefitCopper, 1, 2)
	add(DeckWild, anyRegion, BenefitWater, 1, 1)
	add(DeckWild, anyRegion, BenefitWater, 2, 3)
	add(DeckWild, anyRegion, BenefitMiner, 1, 4)
	const a, b, c, d = 1, 2, 4, 8
	add(DeckKickstarter, a|b, BenefitTin, 2, 4)
	add(DeckKickstarter, b|c, BenefitWater, 2, 2)
	add(DeckKickstarter, c|d, BenefitCopper, 2, 5)
	add(DeckKickstarter, a|c, BenefitMiner, 1, 3)
	add(DeckKickstarter, b|d, BenefitCopper, 1, 1)
	add(DeckKickstarter, a|d, BenefitPort, 1, 3)
}

// buildBoards fills in the development boards, the box's pieces, the
// investment panel, dice, prices, action costs and starting numbers.
func (e *Edition) buildBoards() {
	e.DevBoards = map[int]DevBoard{
		2: {Miners: [4]int{1, 2, 2, 1}, Ports: [4]int{1, 1, 1, 1}, Trains: [4]int{0, 1, 0, 1}, Adits: [4]int{0, 1, 1, 1},
			Pumps: [4][]int{{1}, {1}, {2}, {2}}},
		3: {Miners: [4]int{2, 2, 2, 2}, Ports: [4]int{1, 2, 1, 1}, Trains: [4]int{0, 1, 1, 1}, Adits: [4]int{1, 1, 1, 1},
			Pumps: [4][]int{{1}, {1}, {2}, {3}}},
		4: {Miners: [4]int{2, 3, 3, 2}, Ports: [4]int{2, 2, 2, 1}, Trains: [4]int{0, 1, 1, 2}, Adits: [4]int{1, 1, 2, 1},
			Pumps: [4][]int{{1}, {2}, {2}, {3}}},
		5: {Miners: [4]int{3, 3, 3, 3}, Ports: [4]int{3, 2, 2, 2}, Trains: [4]int{1, 1, 1, 2}, Adits: [4]int{1, 2, 2, 1},
			Pumps: [4][]int{{1, 1}, {2}, {2}, {3}}},
	}
	e.DevBoards[1] = e.DevBoards[2]
	e.Box.Miners, e.Box.Ports, e.Box.Trains, e.Box.Adits, e.Box.Pumps = 14, 11, 5, 6, 10

	e.Invest = [NumRounds][MaxSeats][2]int{
		{{22, 10}, {20, 9}, {18, 8}, {16, 7}, {14, 6}},
		{{18, 8}, {16, 7}, {14, 6}, {12, 5}, {10, 4}},
		{{14, 6}, {12, 5}, {11, 5}, {10, 4}, {9, 4}},
		{{11, 5}, {10, 4}, {9, 4}, {8, 3}, {7, 3}},
	}
	e.Dice = [3][6]int{{0, 1, 1, 2, 2, 3}, {0, 1, 2, 2, 3, 4}, {1, 2, 3, 3, 4, 5}}
	e.PriceBounds = [3]int{4, 6, 8}
	e.TinPrices = [4]int{4, 5, 6, 7}
	e.CopperPrices = [4]int{2, 4, 8, 10}
	e.Costs = map[ActionKind]int{
		ActBuild: 2, ActExtract: 1, ActMiner: 1, ActSteamPumps: 1, ActPort: 2, ActAdit: 2,
		ActTrain: 3, ActPasties: 1, ActPass: 0, ActSellArsenic: 1, ActProcessArsenic: 0,
		ActOwnMiner: 1, ActEmigrate: 1, ActFreeAdit: 0, ActFreeTrain: 0, ActFreePort: 0, ActFreeMiner: 0,
	}
	e.StartMoney, e.WorkTrackLen, e.MinesPerPlayer, e.PeekTokens = 20, 10, 6, 2
}

// buildModules fills in the Arsenic market, the Emigration board and Lord
// Wallace's deck and arsenic limits.
func (e *Edition) buildModules() {
	e.Arsenic = [NumRounds][]int{{16, 15, 14}, {13, 13, 12, 12}, {11, 10, 10, 9}, {8, 7, 7, 6}}
	e.Emigration = []Emigration{
		{"Michigan", [4]string{"adit", "train", "port", "2 miners"}},
		{"Sierra Madre", [4]string{"12 points", "15 points", "18 points", "24 points"}},
		{"Kimberly", [4]string{"£5", "£5", "£6", "£10"}},
		{"Adelaide", [4]string{"one ore +£3", "one ore +£2, other +£1", "one ore +£2", "all cubes +£1"}},
	}
	e.MichiganPieces = [NumRounds]Pieces{{Adits: 1}, {Trains: 1}, {Ports: 1}, {Miners: 2}}
	e.SierraPoints = [NumRounds]int{12, 15, 18, 24}
	e.KimberlyMoney = [NumRounds]int{5, 5, 6, 10}
	e.AdelaideBonus = [NumRounds][2]int{{3, 0}, {2, 1}, {2, 0}, {1, 1}}
	e.OwnMiners = 4
	e.Wallace = parseWallaceDeck(wallaceDeck)
	e.WallaceArsenicLimit = [NumRounds]int{8, 8, 7, 5}
}

func parseTiles(list string, first, rest TileKind) [NumRegions][]Tile {
	var out [NumRegions][]Tile
	for _, line := range strings.Split(strings.TrimSpace(list), "\n") {
		f := strings.Fields(line)
		r := Region(f[0][0] - 'A')
		for i, spec := range f[1:] {
			var t Tile
			fmt.Sscanf(spec, "%d/%d/%d", &t.Tin, &t.Copper, &t.Water)
			t.Kind = rest
			if i == 0 {
				t.Kind = first
			}
			out[r] = append(out[r], t)
		}
	}
	return out
}

// AreaIndex returns the index of the area with the given id ("C4"), or -1.
func (e *Edition) AreaIndex(id string) int {
	for i, a := range e.Areas {
		if a.ID == id {
			return i
		}
	}
	return -1
}

// BorderIndex returns the index of the border between areas a and b, or -1.
func (e *Edition) BorderIndex(a, b int) int {
	if a > b {
		a, b = b, a
	}
	for i, br := range e.Borders {
		if br[0] == a && br[1] == b {
			return i
		}
	}
	return -1
}

// Validate checks the tables' shapes and internal consistency and returns
// the first problem found.
func (e *Edition) Validate() error {
	for _, check := range []func() error{
		e.validateAreas, e.validateBorders, e.validateBoards, e.validateTilesAndCards,
		e.validateMarkets, e.validateCodes, e.validateWallace,
	} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// validateAreas checks the 28 areas: each once, seven a region, each at
// a position 1–7.
func (e *Edition) validateAreas() error {
	if len(e.Areas) != 28 {
		return fmt.Errorf("want 28 areas, have %d", len(e.Areas))
	}
	seen := map[string]bool{}
	perRegion := [NumRegions]int{}
	for _, a := range e.Areas {
		if seen[a.ID] {
			return fmt.Errorf("area %s twice", a.ID)
		}
		seen[a.ID] = true
		if a.Region < 0 || a.Region >= NumRegions || a.Pos < 1 || a.Pos > 7 {
			return fmt.Errorf("area %s: bad region or position", a.ID)
		}
		perRegion[a.Region]++
	}
	for r, n := range perRegion {
		if n != 7 {
			return fmt.Errorf("region %s has %d areas, want 7", Region(r), n)
		}
	}
	return nil
}

// validateBorders checks the 57 borders join two different areas, each
// pair once, and the adjacency derived from them is symmetric.
func (e *Edition) validateBorders() error {
	pairs := map[[2]int]bool{}
	for _, b := range e.Borders {
		if b[0] < 0 || b[1] >= len(e.Areas) || b[0] >= b[1] {
			return fmt.Errorf("border %v names a missing area or joins an area to itself", b)
		}
		if pairs[b] {
			return fmt.Errorf("border %s-%s twice", e.Areas[b[0]].ID, e.Areas[b[1]].ID)
		}
		pairs[b] = true
	}
	// Symmetry holds by construction (borders are unordered pairs); check the
	// adjacency derived from them is symmetric anyway, as the renderer relies on it.
	adj := e.Adjacency()
	for i := range adj {
		for _, j := range adj[i] {
			if !contains(adj[j], i) {
				return fmt.Errorf("adjacency %s→%s not symmetric", e.Areas[i].ID, e.Areas[j].ID)
			}
		}
	}
	if len(e.Borders) != 57 {
		return fmt.Errorf("want 57 borders, have %d", len(e.Borders))
	}
	return nil
}

// validateBoards checks every player count has a map card whose tiles the
// regions can fill and a development board with steam pumps each round.
func (e *Edition) validateBoards() error {
	for p := 1; p <= MaxSeats; p++ {
		mc, ok := e.MapCards[p]
		if !ok {
			return fmt.Errorf("no map card for %d players", p)
		}
		for r, ps := range mc.Positions {
			if len(ps) > len(e.Tiles[r]) {
				return fmt.Errorf("map card %dp region %s needs %d tiles, have %d", p, Region(r), len(ps), len(e.Tiles[r]))
			}
			if len(ps) > 0 && mc.Reveal > len(ps) {
				return fmt.Errorf("map card %dp reveals more tiles than it holds", p)
			}
			for _, pos := range ps {
				if pos < 1 || pos > 7 {
					return fmt.Errorf("map card %dp: bad position %d", p, pos)
				}
			}
		}
		db, ok := e.DevBoards[p]
		if !ok {
			return fmt.Errorf("no development board for %d players", p)
		}
		for r := 0; r < NumRounds; r++ {
			if len(db.Pumps[r]) == 0 {
				return fmt.Errorf("development board %dp: no steam pumps in round %d", p, r+1)
			}
		}
	}
	return nil
}

// validateTilesAndCards checks the mine tiles of each region and the
// survey decks and cards.
func (e *Edition) validateTilesAndCards() error {
	for r := 0; r < NumRegions; r++ {
		if len(e.Tiles[r]) != 8 || len(e.KickTiles[r]) != 2 {
			return fmt.Errorf("region %s: want 8 tiles and 2 Kickstarter tiles", Region(r))
		}
	}
	for d := DeckA; d <= DeckD; d++ {
		if len(e.Decks[d]) != 10 {
			return fmt.Errorf("deck %s has %d cards, want 10", d, len(e.Decks[d]))
		}
	}
	if len(e.Decks[DeckWild]) != 5 || len(e.Decks[DeckKickstarter]) != 6 {
		return fmt.Errorf("want 5 wild and 6 dual cards")
	}
	if len(e.Cards) != NumCards {
		return fmt.Errorf("want 45 survey cards + 6 Kickstarter cards, have %d", len(e.Cards))
	}
	for i, c := range e.Cards {
		if c.ID != i || c.Regions == 0 || c.Value <= 0 {
			return fmt.Errorf("card %d malformed", i)
		}
	}
	return nil
}

// validateMarkets checks the investment panel, the price bounds, the
// arsenic market and the emigration board with its rewards.
func (e *Edition) validateMarkets() error {
	for _, row := range e.Invest {
		for _, v := range row {
			if v[0] <= 0 || v[1] <= 0 {
				return fmt.Errorf("investment panel has an empty box")
			}
		}
	}
	if !sort.IntsAreSorted(e.PriceBounds[:]) {
		return fmt.Errorf("price bounds not increasing")
	}
	if len(e.Arsenic) != NumRounds || len(e.Emigration) != NumLocations {
		return fmt.Errorf("arsenic market or emigration board malformed")
	}
	for r := 0; r < NumRounds; r++ {
		if e.MichiganPieces[r].Total() == 0 || e.SierraPoints[r] <= 0 || e.KimberlyMoney[r] <= 0 ||
			e.AdelaideBonus[r][0] < e.AdelaideBonus[r][1] || e.AdelaideBonus[r][0] <= 0 {
			return fmt.Errorf("emigration board: round %d malformed", r+1)
		}
	}
	if e.OwnMiners <= 0 {
		return fmt.Errorf("no player-coloured miners")
	}
	return nil
}

// NumCards is the number of survey cards, Kickstarter's included: card
// ids are 0..NumCards-1 in every edition (the action codec relies on it).
const NumCards = 51

// validateCodes checks that the edition's map agrees with the action
// codec's printed ids and borders, which records depend on.
func (e *Edition) validateCodes() error {
	if len(e.Areas) != len(codes.areas) || len(e.Borders) != len(codes.borders) {
		return fmt.Errorf("map differs from the action codec's: %d areas, %d borders", len(e.Areas), len(e.Borders))
	}
	for i, a := range e.Areas {
		if a.ID != codes.areas[i] {
			return fmt.Errorf("area %d is %s; the action codec calls it %s", i, a.ID, codes.areas[i])
		}
	}
	for i, br := range e.Borders {
		if br != codes.borders[i] {
			return fmt.Errorf("border %d differs from the action codec's", i)
		}
	}
	return nil
}

// Cost is Costs[k], the work points of action kind k, from a table built
// once per edition (Legal asks for every candidate move). Safe for
// concurrent use.
func (e *Edition) Cost(k ActionKind) int {
	e.costOnce.Do(func() {
		for kind, c := range e.Costs {
			if kind >= 0 && kind < numActionKinds {
				e.costs[kind] = c
			}
		}
	})
	if k < 0 || k >= numActionKinds {
		return e.Costs[k]
	}
	return e.costs[k]
}

// AreaName is area i's id and name as log lines write it, "A4 (Ding
// Dong)", from a table built once per edition. Safe for concurrent use.
func (e *Edition) AreaName(i int) string {
	e.nameOnce.Do(func() {
		e.names = make([]string, len(e.Areas))
		for k, d := range e.Areas {
			e.names[k] = fmt.Sprintf("%s (%s)", d.ID, d.Name)
		}
	})
	return e.names[i]
}

// Neighbours returns, for every area index, the indexes of its neighbours,
// as Adjacency does. It is computed once per edition and shared: callers
// must not change it. It is safe for concurrent use.
func (e *Edition) Neighbours() [][]int {
	e.adjOnce.Do(func() { e.adj = e.Adjacency() })
	return e.adj
}

// PriceColumn returns the price column 0..3 of a (modified) dice total.
func (e *Edition) PriceColumn(total int) int {
	col := 0
	for _, b := range e.PriceBounds {
		if total > b {
			col++
		}
	}
	return col
}

// Adjacency returns, for every area index, the indexes of its neighbours,
// freshly built.
func (e *Edition) Adjacency() [][]int {
	adj := make([][]int, len(e.Areas))
	for _, b := range e.Borders {
		adj[b[0]] = append(adj[b[0]], b[1])
		adj[b[1]] = append(adj[b[1]], b[0])
	}
	return adj
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// WallaceAct is one action printed on Lord Wallace's action cards.
type WallaceAct int8

// Lord Wallace's actions. WNone marks an empty orange alternative.
const (
	WNone    WallaceAct = iota
	WBuild              // B: start an auction (or build for free)
	WMine               // M: extract ore
	WDevelop            // D: a development, by his order of preference
	WTrain              // T
	WAdit               // A: falls back to steam pumps
	WPort               // P
	WPumps              // S: steam pumps
	WMiner              // N
	WPass               // X
)

var wallaceActCodes = []string{WNone: "-", WBuild: "B", WMine: "M", WDevelop: "D", WTrain: "T", WAdit: "A",
	WPort: "P", WPumps: "S", WMiner: "N", WPass: "X"}

var wallaceActNames = []string{WNone: "nothing", WBuild: "Build", WMine: "Mine", WDevelop: "Develop", WTrain: "Train",
	WAdit: "Adit", WPort: "Port", WPumps: "Steam pumps", WMiner: "Miner", WPass: "Pass"}

// String returns the action's name ("Build").
func (w WallaceAct) String() string {
	if w < 0 || int(w) >= len(wallaceActNames) {
		return "?"
	}
	return wallaceActNames[w]
}

// Code returns the action's letter on the printed table ("B").
func (w WallaceAct) Code() string {
	if w < 0 || int(w) >= len(wallaceActCodes) {
		return "?"
	}
	return wallaceActCodes[w]
}

// WallaceCell is one cell of an action card: the action, and the orange
// alternative used when copper sells at £8 or £10 (WNone: none).
type WallaceCell struct {
	Act, Orange WallaceAct
}

// String returns "B" or "B/M" (plain / orange), as the table prints it.
func (c WallaceCell) String() string {
	if c.Orange == WNone {
		return c.Act.Code()
	}
	return c.Act.Code() + "/" + c.Orange.Code()
}

// Pick returns the action to carry out: the orange one when copper is high
// and the cell has one.
func (c WallaceCell) Pick(copperHigh bool) WallaceAct {
	if copperHigh && c.Orange != WNone {
		return c.Orange
	}
	return c.Act
}

// WallacePositions is the number of work-track positions an action card
// reads (his marker's columns 0..9).
const WallacePositions = 10

// WallaceCard is one of Lord Wallace's action cards: Cells[round-1][column].
type WallaceCard struct {
	Cells [NumRounds][WallacePositions]WallaceCell
}

// wallaceDeck is Lord Wallace's action deck: ten cards, each four rows
// (rounds 1..4) of ten cells (his work marker's column 0..9). B build, M mine,
// D develop, T train, A adit, P port, S steam pumps, N miner, X pass; "x/y"
// means x, or y when copper is £8 or £10. The printed cards are not in the
// rulebook: this deck is the project's design, published with its reasoning
// in docs/lord-wallace.md; correct it here.
const wallaceDeck = `
1
B   B   B   B/M D/M M   M   M   D/M D/M
D   B   D   B   B   D   M   X   B   B
M   T   M   B   M   M   T   M   M   M
M   M   M   S   T   M   M   M   N   S
2
B   B   B   N   S   M   B   M   A   S
B/M B   B/M M   B/M D/M M   D/M D   D
M   A   M   M   M   B   A   B   M   M
M   B   M   M   M   M   B   M   M   M
3
B   M   B   B   M   M   B/M M   M   M
P   B   S   D   D   P   M   S   X   X
D   B   D   M   M   D   M   D   M   M
M   D   M   M   M   M   D   M   M   M
4
B   D   B   B   M   M   D   M   M   M
B   B   B   B/M D/M M   M   M   D/M D/M
B/M B   B/M M   B   D/M M   X   B   B
M   B/M M   M   M   M   D/M M   M   M
5
B   B/M B   B   M   M   D/M M   M   M
B   B   B   T   A   M   B   M   N   S
S   B   A   D   D   S   M   D/M D   D
M   P   M   M   M   M   P   M   M   M
6
B   A   B   B   M   B   A   B   M   M
B   M   B   B   M   M   B/M M   M   M
T   M   P   B/M D/M T   M   A   X   X
B   M   B   M   M   B   M   B   M   M
7
M   B   M   B   M   B/M M   D   M   M
B   D   B   B   M   M   D   M   M   M
B   M   B   P   N   M   M   M   D/M D/M
D   M   D   M   M   D   M   D   M   M
8
D   B   D   B   B   D   M   X   B   B
B   B/M B   B   M   M   D/M M   M   M
B   M   B   N   S   M   B   M   A   S
B/M M   B/M B   B   D/M M   X   B   B
9
B/M B   B/M M   B/M D/M M   D/M D   D
B   N   B   B   M   B   N   B   M   M
B   D   B   B   M   M   D   M   M   M
A   M   N   D   D   A   M   N   D   D
10
T   B   P   D   D   T   M   P   X   X
M   B   M   B   M   B/M M   D   M   M
M   B/M M   B   M   M   D/M M   M   M
M   M   M   B/M D/M M   M   M   X   X
`

// parseWallaceDeck reads wallaceDeck. A malformed table yields a deck that
// validateWallace rejects (a bad cell reads as WNone).
func parseWallaceDeck(text string) []WallaceCard {
	code := func(s string) WallaceAct {
		for a, c := range wallaceActCodes {
			if c == s && a != int(WNone) {
				return WallaceAct(a)
			}
		}
		return WNone
	}
	var deck []WallaceCard
	row := 0
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Fields(line)
		if len(f) == 1 {
			deck = append(deck, WallaceCard{})
			row = 0
			continue
		}
		if len(deck) == 0 || row >= NumRounds || len(f) != WallacePositions {
			return nil
		}
		c := &deck[len(deck)-1]
		for p, cell := range f {
			act, orange, _ := strings.Cut(cell, "/")
			c.Cells[row][p] = WallaceCell{Act: code(act)}
			if orange != "" {
				c.Cells[row][p].Orange = code(orange)
			}
		}
		row++
	}
	return deck
}

// validateWallace checks Lord Wallace's deck: ten cards, every cell an
// action, no orange alternative equal to its plain action, and Pass only
// from column 7 on.
func (e *Edition) validateWallace() error {
	if len(e.Wallace) != 10 {
		return fmt.Errorf("Lord Wallace's deck has %d cards, want 10", len(e.Wallace))
	}
	for k, c := range e.Wallace {
		for r := range c.Cells {
			for p, cell := range c.Cells[r] {
				if cell.Act == WNone || cell.Act == cell.Orange {
					return fmt.Errorf("Lord Wallace's card %d, round %d, column %d: malformed cell %q", k+1, r+1, p, cell)
				}
				if p < 7 && (cell.Act == WPass || cell.Orange == WPass) {
					return fmt.Errorf("Lord Wallace's card %d, round %d, column %d: Pass before column 7", k+1, r+1, p)
				}
			}
		}
	}
	for r, l := range e.WallaceArsenicLimit {
		if l < 1 || l > e.WorkTrackLen {
			return fmt.Errorf("Lord Wallace's arsenic limit for round %d is %d", r+1, l)
		}
	}
	return nil
}

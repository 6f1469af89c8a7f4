package brass

import (
	"fmt"
	"slices"
)

// This file holds every printed number of the game and the whole map in
// one place: the "edition". The values are those of
// /work/shared/brass/components.md (transcribed from public fan datasets,
// not from Roxley). A group that owns the game corrects a number here and
// nowhere else; Validate refuses a table that breaks the game's structure.

// Industry is one of the six industries. Persisted: only grow at the end.
type Industry int8

// The industries, in the order of the player mat.
const (
	Cotton Industry = iota
	Manuf
	Pottery
	Coal
	Iron
	Brewery
	NumIndustries = 6
	// NoIndustry marks the empty second icon of a single-icon space.
	NoIndustry Industry = -1
)

var industryCodes = [NumIndustries]string{"cotton", "manuf", "pottery", "coal", "iron", "brewery"}

// String returns the industry's id: "cotton", "manuf", "pottery", "coal",
// "iron" or "brewery".
func (i Industry) String() string {
	if i < 0 || i >= NumIndustries {
		return "?"
	}
	return industryCodes[i]
}

// industryByCode returns the industry with code s.
func industryByCode(s string) (Industry, bool) {
	for i, c := range industryCodes {
		if c == s {
			return Industry(i), true
		}
	}
	return NoIndustry, false
}

// Sold reports whether tiles of the industry flip by a Sell (cotton,
// manufacturer, pottery) rather than by running out of cubes or barrels.
func (i Industry) Sold() bool { return i == Cotton || i == Manuf || i == Pottery }

// Era is the Canal or the Rail era. Persisted: only grow at the end.
type Era int8

// The eras.
const (
	Canal Era = iota
	Rail
	NumEras = 2
)

// String returns "canal" or "rail".
func (e Era) String() string {
	if e == Canal {
		return "canal"
	}
	return "rail"
}

// LocKind is what a map location is.
type LocKind int8

// Location kinds.
const (
	Town LocKind = iota
	Farm
	MerchantLoc
)

// Banner is a town's banner colour; only teal and blue change the deck.
type Banner int8

// Banner colours.
const (
	NoBanner Banner = iota
	Teal
	Blue
	Red
	Brown
	Purple
)

// Bonus is a merchant location's beer bonus. Persisted: only grow at the end.
type Bonus int8

// The beer bonuses.
const (
	BonusNone    Bonus = iota
	BonusVP            // Value VP
	BonusDevelop       // remove the lowest tile of one industry, no iron (D3)
	BonusIncome        // Value income spaces
	BonusMoney         // £Value
)

// Location is one node of the map: a town, a farm brewery or a merchant
// location.
type Location struct {
	ID     string // "birmingham", "farm-n", "oxford"
	Name   string // proper name shown on the map ("" for a farm brewery)
	Kind   LocKind
	Banner Banner
	// Spaces are the location's build spaces (indices into
	// Edition.Spaces), in the board's reading order.
	Spaces []int
	// Merchant location: its merchant spaces (indices into
	// Edition.MerchantSpaces), the fewest players at which they hold
	// tiles, its beer bonus and the bonus's value.
	Merchants  []int
	MinPlayers int
	Bonus      Bonus
	BonusValue int
	// LinkIcons are the link icons printed on the location (merchants:
	// 2, D12); a town's come from its flipped tiles.
	LinkIcons int
	// Lat and Lon place the real town, for a schematic layout.
	Lat, Lon float64
}

// Space is one build space: a location and one or two industry icons.
type Space struct {
	Loc   int
	Icons [2]Industry // Icons[1] is NoIndustry on a single-icon space
}

// Has reports whether the space shows industry i.
func (sp Space) Has(i Industry) bool { return sp.Icons[0] == i || sp.Icons[1] == i }

// Single reports whether the space shows one icon only.
func (sp Space) Single() bool { return sp.Icons[1] == NoIndustry }

// Line is one line of the map between two locations (three for the
// Kidderminster–Worcester line, which also touches the southern farm
// brewery), and which links it takes.
type Line struct {
	Ends        []int // location indices
	Canal, Rail bool
}

// Tile is one level of an industry on the player mat.
type Tile struct {
	Industry Industry
	Level    int
	Count    int // tiles of this level per player
	Cost     int // £
	Coal     int // coal consumed to build
	Iron     int // iron consumed to build
	Beer     int // beer consumed to sell it (cotton, manuf, pottery)
	Makes    int // cubes put on it when built (coal, iron); breweries: see BreweryBeer
	VP       int // when flipped
	Link     int // link icons on the flipped side
	Income   int // income spaces when it flips
	// CanalOnly: cannot be built in the Rail era; RailOnly: not in the
	// Canal era; Lightbulb: cannot be developed.
	CanalOnly, RailOnly, Lightbulb bool
}

// CardKind is what a card lets a Build do.
type CardKind int8

// Card kinds.
const (
	LocationCard CardKind = iota
	IndustryCard
	WildLocation
	WildIndustry
)

// Card is one kind of card (a deck holds copies of it).
type Card struct {
	Kind CardKind
	Loc  int        // LocationCard: the town
	Ind  []Industry // IndustryCard: the icons it shows
	// Copies is how many are in the deck at each player count (index
	// 2..4); wild cards are never in the deck.
	Copies [5]int
}

// MerchantTile is one kind of merchant tile: what it buys (nothing for a
// blank one) and how many are in the pool at each player count.
type MerchantTile struct {
	Buys   []Industry
	Copies [5]int
}

// Blank reports whether the tile buys nothing.
func (m MerchantTile) Blank() bool { return len(m.Buys) == 0 }

// Market is the coal or the iron market: its price spaces, cheapest first
// (two per price), the cubes on it at setup (filling the dearest spaces),
// and the price of a cube bought from the empty market.
type Market struct {
	Prices     []int
	Start      int
	EmptyPrice int
}

// BuyPrice is the price of the next cube bought from a market holding n
// cubes: the cheapest occupied space, or EmptyPrice.
func (m Market) BuyPrice(n int) int {
	if n <= 0 {
		return m.EmptyPrice
	}
	return m.Prices[len(m.Prices)-n]
}

// SellPrice is what the next cube sold to a market holding n cubes earns
// (the dearest empty space, D1); 0 when the market is full.
func (m Market) SellPrice(n int) int {
	if n >= len(m.Prices) {
		return 0
	}
	return m.Prices[len(m.Prices)-n-1]
}

// SeatCount is what changes with the number of players.
type SeatCount struct {
	Rounds int // rounds per era
	Deck   int // cards in the draw deck
}

// Edition is every number and the map of one version of the game.
type Edition struct {
	Version string

	Locations      []Location
	Spaces         []Space
	Lines          []Line
	MerchantSpaces []int // the location of each merchant space
	Tiles          [NumIndustries][]Tile
	Cards          []Card
	MerchantTiles  []MerchantTile
	CoalMarket     Market
	IronMarket     Market
	Seats          [5]SeatCount

	// TrackLevels is the income level printed beside each space of the
	// progress track (0..len-1).
	TrackLevels []int
	StartIncome int // the income marker's space at setup
	StartMoney  int
	HandSize    int
	LinkTiles   int // per player
	WildCards   int // of each kind
	// Loan: money received, levels lost, lowest level allowed.
	LoanMoney, LoanLevels, MinLevel int
	// Network costs: a canal, one rail, two rails (plus coal per rail and
	// a beer for two).
	CanalCost, RailCost, DoubleRailCost int
	// BreweryBeer is the barrels a new brewery gets in each era.
	BreweryBeer  [NumEras]int
	ScoutDiscard int // cards a Scout discards (the action's card included)
	// Introductory game: £ per VP and the most VP money scores.
	IntroMoneyPer, IntroMoneyMax int

	lineIndex [][]int              // the lines at each location, built by mustBuild
	stacks    [NumIndustries][]int // Stack's answers, built by mustBuild
	// iconSpaces lists the spaces showing each industry's icon, lowest
	// first, built by mustBuild.
	iconSpaces [NumIndustries][]int
	// locIconSpaces lists them by location, built by mustBuild.
	locIconSpaces [][NumIndustries][]int
}

// Standard is the edition new games are played under.
var Standard = mustBuild()

// EditionV1 is the first edition's version.
const EditionV1 = "bb-1"

// editions are the versions this engine plays.
var editions = map[string]*Edition{EditionV1: Standard}

func mustBuild() *Edition {
	e := buildStandard()
	if err := e.Validate(); err != nil {
		panic("brass: " + err.Error())
	}
	e.lineIndex = e.locLines()
	for i := Industry(0); i < NumIndustries; i++ {
		e.stacks[i] = e.Stack(i)
		e.iconSpaces[i] = e.spacesShowing(i)
	}
	e.locIconSpaces = make([][NumIndustries][]int, len(e.Locations))
	for i := Industry(0); i < NumIndustries; i++ {
		for _, si := range e.iconSpaces[i] {
			loc := e.Spaces[si].Loc
			e.locIconSpaces[loc][i] = append(e.locIconSpaces[loc][i], si)
		}
	}
	return e
}

// spacesShowing lists the spaces showing industry i's icon, lowest first.
func (e *Edition) spacesShowing(i Industry) []int {
	if e.iconSpaces[i] != nil {
		return e.iconSpaces[i]
	}
	var out []int
	for si, sp := range e.Spaces {
		if sp.Has(i) {
			out = append(out, si)
		}
	}
	return out
}

// spacesShowingAt lists the spaces of location loc showing industry i's
// icon, lowest first.
func (e *Edition) spacesShowingAt(loc int, i Industry) []int {
	if e.locIconSpaces != nil {
		return e.locIconSpaces[loc][i]
	}
	var out []int
	for _, si := range e.spacesShowing(i) {
		if e.Spaces[si].Loc == loc {
			out = append(out, si)
		}
	}
	return out
}

// town is one row of the towns table: its spaces as "a/b" icon pairs.
type town struct {
	id, name string
	banner   Banner
	spaces   string
	lat, lon float64
}

var towns = []town{
	{"belper", "Belper", Teal, "cotton/manuf coal pottery", 53.02, -1.48},
	{"derby", "Derby", Teal, "cotton/brewery cotton/manuf iron", 52.92, -1.48},
	{"leek", "Leek", Blue, "cotton/manuf cotton/coal", 53.10, -2.03},
	{"stoke", "Stoke-on-Trent", Blue, "cotton/manuf pottery/iron manuf", 53.00, -2.18},
	{"stone", "Stone", Blue, "cotton/brewery manuf/coal", 52.90, -2.15},
	{"uttoxeter", "Uttoxeter", Blue, "manuf/brewery cotton/brewery", 52.90, -1.87},
	{"stafford", "Stafford", Red, "manuf/brewery pottery", 52.81, -2.12},
	{"burton", "Burton-on-Trent", Red, "manuf/coal brewery", 52.81, -1.64},
	{"cannock", "Cannock", Red, "manuf/coal coal", 52.69, -2.03},
	{"tamworth", "Tamworth", Red, "cotton/coal cotton/coal", 52.63, -1.69},
	{"walsall", "Walsall", Red, "iron/manuf manuf/brewery", 52.59, -1.98},
	{"wolverhampton", "Wolverhampton", Brown, "manuf manuf/coal", 52.59, -2.13},
	{"coalbrookdale", "Coalbrookdale", Brown, "iron/brewery iron coal", 52.64, -2.49},
	{"dudley", "Dudley", Brown, "coal iron", 52.51, -2.08},
	{"kidderminster", "Kidderminster", Brown, "cotton/coal cotton", 52.39, -2.25},
	{"worcester", "Worcester", Brown, "cotton cotton", 52.19, -2.22},
	{"birmingham", "Birmingham", Purple, "cotton/manuf manuf iron manuf", 52.49, -1.89},
	{"coventry", "Coventry", Purple, "pottery manuf/coal iron/manuf", 52.41, -1.51},
	{"nuneaton", "Nuneaton", Purple, "manuf/brewery cotton/coal", 52.52, -1.47},
	{"redditch", "Redditch", Purple, "manuf/coal iron", 52.31, -1.94},
}

// merchant is one row of the merchant locations table.
type merchant struct {
	id, name   string
	spaces     int
	minPlayers int
	bonus      Bonus
	value      int
	lat, lon   float64
}

var merchants = []merchant{
	{"shrewsbury", "Shrewsbury", 1, 2, BonusVP, 4, 52.71, -2.75},
	{"gloucester", "Gloucester", 2, 2, BonusDevelop, 1, 51.86, -2.24},
	{"oxford", "Oxford", 2, 2, BonusIncome, 2, 51.75, -1.26},
	{"warrington", "Warrington", 2, 3, BonusMoney, 5, 53.39, -2.60},
	{"nottingham", "Nottingham", 2, 4, BonusVP, 3, 52.95, -1.15},
}

// lines are the 39 lines: ends (a third end after a '+') and "both",
// "canal" or "rail".
var lines = []struct{ ends, kind string }{
	{"belper-derby", "both"}, {"belper-leek", "rail"}, {"birmingham-coventry", "both"},
	{"birmingham-dudley", "both"}, {"birmingham-nuneaton", "rail"}, {"birmingham-oxford", "both"},
	{"birmingham-redditch", "rail"}, {"birmingham-tamworth", "both"}, {"birmingham-walsall", "both"},
	{"birmingham-worcester", "both"}, {"burton-cannock", "rail"}, {"burton-derby", "both"},
	{"burton-stone", "both"}, {"burton-tamworth", "both"}, {"burton-walsall", "canal"},
	{"cannock-stafford", "both"}, {"cannock-farm-n", "both"}, {"cannock-walsall", "both"},
	{"cannock-wolverhampton", "both"}, {"coalbrookdale-kidderminster", "both"},
	{"coalbrookdale-shrewsbury", "both"}, {"coalbrookdale-wolverhampton", "both"},
	{"coventry-nuneaton", "rail"}, {"derby-nottingham", "both"}, {"derby-uttoxeter", "rail"},
	{"dudley-kidderminster", "both"}, {"dudley-wolverhampton", "both"}, {"gloucester-redditch", "both"},
	{"gloucester-worcester", "both"}, {"kidderminster-worcester+farm-s", "both"},
	{"leek-stoke", "both"}, {"nuneaton-tamworth", "both"}, {"oxford-redditch", "both"},
	{"stafford-stone", "both"}, {"stoke-stone", "both"}, {"stoke-warrington", "both"},
	{"stone-uttoxeter", "rail"}, {"tamworth-walsall", "rail"}, {"walsall-wolverhampton", "both"},
}

// locationCards are the location cards per town: copies at 2, 3, 4 players.
var locationCards = map[string][3]int{
	"belper": {0, 0, 2}, "derby": {0, 0, 3}, "leek": {0, 2, 2}, "stoke": {0, 3, 3},
	"stone": {0, 2, 2}, "uttoxeter": {0, 1, 2}, "stafford": {2, 2, 2}, "burton": {2, 2, 2},
	"cannock": {2, 2, 2}, "tamworth": {1, 1, 1}, "walsall": {1, 1, 1}, "wolverhampton": {2, 2, 2},
	"coalbrookdale": {3, 3, 3}, "dudley": {2, 2, 2}, "kidderminster": {2, 2, 2}, "worcester": {2, 2, 2},
	"birmingham": {3, 3, 3}, "coventry": {3, 3, 3}, "nuneaton": {1, 1, 1}, "redditch": {1, 1, 1},
}

// buildStandard builds the first edition from the tables above and its
// constants.
func buildStandard() *Edition {
	e := &Edition{
		Version:    EditionV1,
		CoalMarket: Market{Prices: []int{1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7}, Start: 13, EmptyPrice: 8},
		IronMarket: Market{Prices: []int{1, 1, 2, 2, 3, 3, 4, 4, 5, 5}, Start: 8, EmptyPrice: 6},
		Seats: [5]SeatCount{
			2: {Rounds: 10, Deck: 40},
			3: {Rounds: 9, Deck: 54},
			4: {Rounds: 8, Deck: 64},
		},
		StartIncome:    10,
		StartMoney:     17,
		HandSize:       8,
		LinkTiles:      14,
		WildCards:      4,
		LoanMoney:      30,
		LoanLevels:     3,
		MinLevel:       -10,
		CanalCost:      3,
		RailCost:       5,
		DoubleRailCost: 15,
		BreweryBeer:    [NumEras]int{1, 2},
		ScoutDiscard:   3,
		IntroMoneyPer:  4,
		IntroMoneyMax:  15,
	}
	locIndex := e.addLocations()
	e.addLines(locIndex)
	e.addTiles()
	e.addCards()
	e.addMerchantTiles()
	e.addTrack()
	return e
}

// addLocations adds the towns with their build spaces, the two farm
// breweries and the merchant locations with their merchant spaces, and
// returns each location's index by id.
func (e *Edition) addLocations() map[string]int {
	locIndex := map[string]int{}
	addLoc := func(l Location) int {
		locIndex[l.ID] = len(e.Locations)
		e.Locations = append(e.Locations, l)
		return len(e.Locations) - 1
	}
	addSpace := func(loc int, a, b Industry) {
		e.Locations[loc].Spaces = append(e.Locations[loc].Spaces, len(e.Spaces))
		e.Spaces = append(e.Spaces, Space{Loc: loc, Icons: [2]Industry{a, b}})
	}
	for _, t := range towns {
		loc := addLoc(Location{ID: t.id, Name: t.name, Kind: Town, Banner: t.banner, Lat: t.lat, Lon: t.lon})
		for _, sp := range splitFields(t.spaces, ' ') {
			icons := splitFields(sp, '/')
			a, _ := industryByCode(icons[0])
			b := NoIndustry
			if len(icons) > 1 {
				b, _ = industryByCode(icons[1])
			}
			addSpace(loc, a, b)
		}
	}
	fn := addLoc(Location{ID: "farm-n", Kind: Farm, Lat: 52.70, Lon: -2.20})
	addSpace(fn, Brewery, NoIndustry)
	fs := addLoc(Location{ID: "farm-s", Kind: Farm, Lat: 52.29, Lon: -2.33})
	addSpace(fs, Brewery, NoIndustry)
	for _, m := range merchants {
		loc := addLoc(Location{ID: m.id, Name: m.name, Kind: MerchantLoc, MinPlayers: m.minPlayers,
			Bonus: m.bonus, BonusValue: m.value, LinkIcons: 2, Lat: m.lat, Lon: m.lon})
		for k := 0; k < m.spaces; k++ {
			e.Locations[loc].Merchants = append(e.Locations[loc].Merchants, len(e.MerchantSpaces))
			e.MerchantSpaces = append(e.MerchantSpaces, loc)
		}
	}
	return locIndex
}

// addLines adds the lines between the locations of locIndex.
func (e *Edition) addLines(locIndex map[string]int) {
	for _, l := range lines {
		var ln Line
		ends := l.ends
		var third string
		if i := indexByte(ends, '+'); i >= 0 {
			ends, third = ends[:i], ends[i+1:]
		}
		// Ends are split at the first '-' that leaves two known ids
		// ("cannock-farm-n").
		for i := 0; i < len(ends); i++ {
			if ends[i] != '-' {
				continue
			}
			a, okA := locIndex[ends[:i]]
			b, okB := locIndex[ends[i+1:]]
			if okA && okB {
				ln.Ends = []int{a, b}
				break
			}
		}
		if third != "" {
			ln.Ends = append(ln.Ends, locIndex[third])
		}
		ln.Canal = l.kind != "rail"
		ln.Rail = l.kind != "canal"
		e.Lines = append(e.Lines, ln)
	}
}

// addTiles adds each industry's tiles, level I first.
func (e *Edition) addTiles() {
	// Industry tiles: level, count, £, coal, iron, beer, makes, VP, link,
	// income, marks.
	type row struct {
		n, cost, coal, iron, beer, makes, vp, link, inc int
		marks                                           string
	}
	tiles := [NumIndustries][]row{
		Cotton: {
			{3, 12, 0, 0, 1, 0, 5, 1, 5, "canal"},
			{2, 14, 1, 0, 1, 0, 5, 2, 4, ""},
			{3, 16, 1, 1, 1, 0, 9, 1, 3, ""},
			{3, 18, 1, 1, 1, 0, 12, 1, 2, ""},
		},
		Manuf: {
			{1, 8, 1, 0, 1, 0, 3, 2, 5, "canal"},
			{2, 10, 0, 1, 1, 0, 5, 1, 1, ""},
			{1, 12, 2, 0, 0, 0, 4, 0, 4, ""},
			{1, 14, 0, 1, 1, 0, 3, 1, 6, ""},
			{2, 16, 1, 0, 2, 0, 8, 2, 2, ""},
			{1, 20, 0, 0, 1, 0, 7, 1, 6, ""},
			{1, 16, 1, 1, 0, 0, 9, 0, 4, ""},
			{2, 20, 0, 2, 1, 0, 11, 1, 1, ""},
		},
		Pottery: {
			{1, 17, 0, 1, 1, 0, 10, 1, 5, "bulb"},
			{1, 0, 1, 0, 1, 0, 1, 1, 1, ""},
			{1, 22, 2, 0, 2, 0, 11, 1, 5, "bulb"},
			{1, 0, 1, 0, 1, 0, 1, 1, 1, ""},
			{1, 24, 2, 0, 2, 0, 20, 1, 5, "rail"},
		},
		Coal: {
			{1, 5, 0, 0, 0, 2, 1, 2, 4, "canal"},
			{2, 7, 0, 0, 0, 3, 2, 1, 7, ""},
			{2, 8, 0, 1, 0, 4, 3, 1, 6, ""},
			{2, 10, 0, 1, 0, 5, 4, 1, 5, ""},
		},
		Iron: {
			{1, 5, 1, 0, 0, 4, 3, 1, 3, "canal"},
			{1, 7, 1, 0, 0, 4, 5, 1, 3, ""},
			{1, 9, 1, 0, 0, 5, 7, 1, 2, ""},
			{1, 12, 1, 0, 0, 6, 9, 1, 1, ""},
		},
		Brewery: {
			{2, 5, 0, 1, 0, 0, 4, 2, 4, "canal"},
			{2, 7, 0, 1, 0, 0, 5, 2, 5, ""},
			{2, 9, 0, 1, 0, 0, 7, 2, 5, ""},
			{1, 9, 0, 1, 0, 0, 10, 2, 5, "rail"},
		},
	}
	for ind, rows := range tiles {
		for lvl, r := range rows {
			e.Tiles[ind] = append(e.Tiles[ind], Tile{
				Industry: Industry(ind), Level: lvl + 1, Count: r.n, Cost: r.cost, Coal: r.coal, Iron: r.iron,
				Beer: r.beer, Makes: r.makes, VP: r.vp, Link: r.link, Income: r.inc,
				CanalOnly: r.marks == "canal", RailOnly: r.marks == "rail", Lightbulb: r.marks == "bulb",
			})
		}
	}
}

// addCards adds the cards: the location cards in the towns' order, then
// the industry cards, then the two wild cards.
func (e *Edition) addCards() {
	for i, t := range towns {
		c := locationCards[t.id]
		e.Cards = append(e.Cards, Card{Kind: LocationCard, Loc: i, Copies: [5]int{2: c[0], 3: c[1], 4: c[2]}})
	}
	e.Cards = append(e.Cards,
		Card{Kind: IndustryCard, Loc: -1, Ind: []Industry{Iron}, Copies: [5]int{2: 4, 3: 4, 4: 4}},
		Card{Kind: IndustryCard, Loc: -1, Ind: []Industry{Coal}, Copies: [5]int{2: 2, 3: 2, 4: 3}},
		Card{Kind: IndustryCard, Loc: -1, Ind: []Industry{Pottery}, Copies: [5]int{2: 2, 3: 2, 4: 3}},
		Card{Kind: IndustryCard, Loc: -1, Ind: []Industry{Brewery}, Copies: [5]int{2: 5, 3: 5, 4: 5}},
		Card{Kind: IndustryCard, Loc: -1, Ind: []Industry{Cotton, Manuf}, Copies: [5]int{2: 0, 3: 6, 4: 8}},
		Card{Kind: WildLocation, Loc: -1},
		Card{Kind: WildIndustry, Loc: -1},
	)
}

// addMerchantTiles adds the merchant tiles with their copies per player
// count.
func (e *Edition) addMerchantTiles() {
	all := []Industry{Cotton, Manuf, Pottery}
	e.MerchantTiles = []MerchantTile{
		{Buys: all, Copies: [5]int{2: 1, 3: 1, 4: 1}},
		{Buys: []Industry{Cotton}, Copies: [5]int{2: 1, 3: 1, 4: 2}},
		{Buys: []Industry{Manuf}, Copies: [5]int{2: 1, 3: 1, 4: 2}},
		{Buys: []Industry{Pottery}, Copies: [5]int{2: 0, 3: 1, 4: 1}},
		{Copies: [5]int{2: 2, 3: 3, 4: 3}},
	}
}

// addTrack adds the progress track's income levels, space by space.
func (e *Edition) addTrack() {
	// The progress track: 0..10 one space per level (−10..0), then 20
	// levels of 2, 10 of 3, 9 of 4 and level 30 on the last 3 spaces.
	for lvl := -10; lvl <= 0; lvl++ {
		e.TrackLevels = append(e.TrackLevels, lvl)
	}
	for _, band := range []struct{ from, to, per int }{{1, 10, 2}, {11, 20, 3}, {21, 29, 4}, {30, 30, 3}} {
		for lvl := band.from; lvl <= band.to; lvl++ {
			for k := 0; k < band.per; k++ {
				e.TrackLevels = append(e.TrackLevels, lvl)
			}
		}
	}
}

// splitFields splits s at sep, dropping empty fields.
func splitFields(s string, sep byte) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == sep {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// Card ids of the industry and wild cards (location cards are the towns'
// indices).
const (
	CardIron = iota + 20
	CardCoal
	CardPottery
	CardBrewery
	CardCottonManuf
	CardWildLocation
	CardWildIndustry
	NumCardKinds
)

// Level returns the income level of track space sp (clamped to the track).
func (e *Edition) Level(sp int) int {
	sp = max(0, min(sp, len(e.TrackLevels)-1))
	return e.TrackLevels[sp]
}

// TopSpace returns the highest track space of income level lvl, or -1
// when no space has it.
func (e *Edition) TopSpace(lvl int) int {
	for sp := len(e.TrackLevels) - 1; sp >= 0; sp-- {
		if e.TrackLevels[sp] == lvl {
			return sp
		}
	}
	return -1
}

// MaxSpace is the last space of the progress track.
func (e *Edition) MaxSpace() int { return len(e.TrackLevels) - 1 }

// Stack returns an industry's tiles as the player mat stacks them, lowest
// level first: one entry per tile, its level index (0 = level I).
func (e *Edition) Stack(i Industry) []int {
	if e.stacks[i] != nil {
		return e.stacks[i] // shared: callers only read it
	}
	var out []int
	for lvl, t := range e.Tiles[i] {
		for k := 0; k < t.Count; k++ {
			out = append(out, lvl)
		}
	}
	return out
}

// TilesPerPlayer counts the industry tiles on one player mat.
func (e *Edition) TilesPerPlayer() int {
	n := 0
	for i := Industry(0); i < NumIndustries; i++ {
		n += len(e.Stack(i))
	}
	return n
}

// DeckSize is the draw deck at n players, summed from the cards' copies.
func (e *Edition) DeckSize(n int) int {
	t := 0
	for _, c := range e.Cards {
		t += c.Copies[n]
	}
	return t
}

// LocID returns the index of the location with id, or -1.
func (e *Edition) LocID(id string) int {
	for i, l := range e.Locations {
		if l.ID == id {
			return i
		}
	}
	return -1
}

// Validate checks the table's structure: locations, spaces and lines that
// refer to each other consistently, tiles in level order with sane values,
// cards and merchant tiles that fill the decks and merchant spaces the
// player counts need, markets in price order with their setup cubes, and a
// progress track whose levels rise by one. It returns the first fault.
func (e *Edition) Validate() error {
	if len(e.Locations) == 0 || len(e.Spaces) == 0 || len(e.Lines) == 0 {
		return fmt.Errorf("edition %q: empty map", e.Version)
	}
	for _, check := range []func() error{
		e.validateSpaces, e.validateLocations, e.validateLines, e.validateTiles,
		e.validateCards, e.validateMarkets, e.validateSeats, e.validateTrack,
	} {
		if err := check(); err != nil {
			return err
		}
	}
	if e.StartMoney < 0 || e.HandSize < 1 || e.LinkTiles < 1 || e.LoanMoney <= 0 || e.LoanLevels <= 0 ||
		e.CanalCost < 0 || e.RailCost < 0 || e.DoubleRailCost < 0 || e.ScoutDiscard < 1 || e.IntroMoneyPer < 1 {
		return fmt.Errorf("edition %q: a negative or zero constant", e.Version)
	}
	return nil
}

// validateSpaces checks that every build space belongs to a location that
// lists it and shows one or two distinct industry icons.
func (e *Edition) validateSpaces() error {
	for si, sp := range e.Spaces {
		if sp.Loc < 0 || sp.Loc >= len(e.Locations) || !slices.Contains(e.Locations[sp.Loc].Spaces, si) {
			return fmt.Errorf("space %d: location %d does not list it", si, sp.Loc)
		}
		if sp.Icons[0] < 0 || sp.Icons[0] >= NumIndustries || sp.Icons[1] < NoIndustry || sp.Icons[1] >= NumIndustries || sp.Icons[0] == sp.Icons[1] {
			return fmt.Errorf("space %d: icons %v", si, sp.Icons)
		}
	}
	return nil
}

// validateLocations checks that location ids are set and unique, that each
// location's spaces are its own, and each kind's spaces, merchant spaces
// and bonus.
func (e *Edition) validateLocations() error {
	ids := map[string]bool{}
	for li, l := range e.Locations {
		if l.ID == "" || ids[l.ID] {
			return fmt.Errorf("location %d: id %q empty or repeated", li, l.ID)
		}
		ids[l.ID] = true
		for _, si := range l.Spaces {
			if si < 0 || si >= len(e.Spaces) || e.Spaces[si].Loc != li {
				return fmt.Errorf("location %s: space %d is not its own", l.ID, si)
			}
		}
		switch l.Kind {
		case Town:
			if len(l.Spaces) == 0 || len(l.Merchants) > 0 || l.Name == "" {
				return fmt.Errorf("town %s: %d spaces, %d merchant spaces", l.ID, len(l.Spaces), len(l.Merchants))
			}
		case Farm:
			if len(l.Spaces) != 1 || !e.Spaces[l.Spaces[0]].Single() || e.Spaces[l.Spaces[0]].Icons[0] != Brewery {
				return fmt.Errorf("farm brewery %s must have one brewery-only space", l.ID)
			}
		case MerchantLoc:
			if len(l.Spaces) > 0 || len(l.Merchants) == 0 || l.MinPlayers < 2 || l.MinPlayers > 4 || l.Bonus == BonusNone || l.BonusValue <= 0 {
				return fmt.Errorf("merchant %s: spaces %d, merchant spaces %d, players %d, bonus %d/%d",
					l.ID, len(l.Spaces), len(l.Merchants), l.MinPlayers, l.Bonus, l.BonusValue)
			}
			for _, k := range l.Merchants {
				if k < 0 || k >= len(e.MerchantSpaces) || e.MerchantSpaces[k] != li {
					return fmt.Errorf("merchant %s: merchant space %d is not its own", l.ID, k)
				}
			}
		default:
			return fmt.Errorf("location %s: kind %d", l.ID, l.Kind)
		}
	}
	return nil
}

// validateLines checks that every line joins two or three distinct
// locations in some era, repeats no earlier line, and that every location
// has a line.
func (e *Edition) validateLines() error {
	linked := make([]bool, len(e.Locations))
	for i, ln := range e.Lines {
		if len(ln.Ends) < 2 || len(ln.Ends) > 3 || (!ln.Canal && !ln.Rail) {
			return fmt.Errorf("line %d: %d ends, canal %v rail %v", i+1, len(ln.Ends), ln.Canal, ln.Rail)
		}
		for j, a := range ln.Ends {
			if a < 0 || a >= len(e.Locations) || slices.Contains(ln.Ends[:j], a) {
				return fmt.Errorf("line %d: end %d", i+1, a)
			}
			linked[a] = true
		}
		for _, m := range e.Lines[:i] {
			if slices.Equal(m.Ends, ln.Ends) {
				return fmt.Errorf("line %d repeats an earlier line", i+1)
			}
		}
	}
	for li, ok := range linked {
		if !ok {
			return fmt.Errorf("location %s has no line", e.Locations[li].ID)
		}
	}
	return nil
}

// validateTiles checks each industry's tiles: in level order, with sane
// values, cubes only for coal and iron, beer to sell only for sold goods.
func (e *Edition) validateTiles() error {
	for ind := Industry(0); ind < NumIndustries; ind++ {
		ts := e.Tiles[ind]
		if len(ts) == 0 {
			return fmt.Errorf("%s: no tiles", ind)
		}
		for lvl, t := range ts {
			if t.Industry != ind || t.Level != lvl+1 || t.Count < 1 || t.Cost < 0 || t.Coal < 0 || t.Iron < 0 ||
				t.Beer < 0 || t.Makes < 0 || t.VP < 0 || t.Link < 0 || t.Income < 0 || (t.CanalOnly && t.RailOnly) {
				return fmt.Errorf("%s level %d: bad values %+v", ind, lvl+1, t)
			}
			if (ind == Coal || ind == Iron) != (t.Makes > 0) {
				return fmt.Errorf("%s level %d: makes %d cubes", ind, lvl+1, t.Makes)
			}
			if !ind.Sold() && t.Beer > 0 {
				return fmt.Errorf("%s level %d: needs beer to sell", ind, lvl+1)
			}
		}
	}
	return nil
}

// validateCards checks the card kinds: the towns' location cards, then the
// industry cards, then the wild cards out of the deck, and their number.
func (e *Edition) validateCards() error {
	if len(e.Cards) != NumCardKinds {
		return fmt.Errorf("%d kinds of card, want %d", len(e.Cards), NumCardKinds)
	}
	for ci, c := range e.Cards {
		switch {
		case ci < CardIron:
			if c.Kind != LocationCard || c.Loc != ci || e.Locations[ci].Kind != Town {
				return fmt.Errorf("card %d is not the location card of town %d", ci, ci)
			}
		case ci < CardWildLocation:
			if c.Kind != IndustryCard || len(c.Ind) == 0 {
				return fmt.Errorf("card %d is not an industry card", ci)
			}
		default:
			if c.Kind != WildLocation+CardKind(ci-CardWildLocation) || c.Copies != [5]int{} {
				return fmt.Errorf("card %d is not a wild card out of the deck", ci)
			}
		}
	}
	if e.WildCards < 1 {
		return fmt.Errorf("%d wild cards", e.WildCards)
	}
	return nil
}

// validateMarkets checks that the coal and iron markets' prices rise, with
// their setup cubes and empty price.
func (e *Edition) validateMarkets() error {
	for _, m := range []Market{e.CoalMarket, e.IronMarket} {
		if len(m.Prices) == 0 || m.Start < 0 || m.Start > len(m.Prices) || !slices.IsSorted(m.Prices) || m.EmptyPrice <= m.Prices[len(m.Prices)-1] {
			return fmt.Errorf("market %v: prices not rising, setup or empty price wrong", m.Prices)
		}
	}
	return nil
}

// validateSeats checks, for 2 to 4 players, that the cards fill the deck,
// the rounds use it up and hands can be dealt, and that the merchant tiles
// fill the merchant spaces in play.
func (e *Edition) validateSeats() error {
	for n := 2; n <= 4; n++ {
		sc := e.Seats[n]
		if sc.Deck != e.DeckSize(n) {
			return fmt.Errorf("%d players: deck of %d, the cards give %d", n, sc.Deck, e.DeckSize(n))
		}
		// Every card is played: a face-down card and one action in the
		// first Canal round, then two a round; two a round in the Rail era.
		if sc.Deck != n*(2+2*(sc.Rounds-1)) || sc.Deck != n*2*sc.Rounds {
			return fmt.Errorf("%d players: %d rounds do not use the %d cards", n, sc.Rounds, sc.Deck)
		}
		if sc.Deck < n*(e.HandSize+1) {
			return fmt.Errorf("%d players: a deck of %d cannot deal hands", n, sc.Deck)
		}
		spaces := 0
		for _, l := range e.Locations {
			if l.Kind == MerchantLoc && l.MinPlayers <= n {
				spaces += len(l.Merchants)
			}
		}
		pool := 0
		for _, m := range e.MerchantTiles {
			pool += m.Copies[n]
		}
		if pool != spaces {
			return fmt.Errorf("%d players: %d merchant tiles for %d merchant spaces", n, pool, spaces)
		}
	}
	return nil
}

// validateTrack checks the progress track: the start space at level 0, the
// lowest level first, levels rising by one.
func (e *Edition) validateTrack() error {
	lvl := e.TrackLevels
	if len(lvl) == 0 || e.StartIncome < 0 || e.StartIncome >= len(lvl) || lvl[e.StartIncome] != 0 || lvl[0] != e.MinLevel {
		return fmt.Errorf("progress track: start space %d, lowest level %d", e.StartIncome, e.MinLevel)
	}
	for i := 1; i < len(lvl); i++ {
		if lvl[i] != lvl[i-1] && lvl[i] != lvl[i-1]+1 {
			return fmt.Errorf("progress track: level %d after %d at space %d", lvl[i], lvl[i-1], i)
		}
	}
	return nil
}

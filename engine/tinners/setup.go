package tinners

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Event is one public thing that happened (the contract's event). Text may
// name seats as {P0}..{P4}; FormatLine replaces them with names. Events
// carry nothing hidden; Reveal marks a face-down tile turned or peeked at, a
// survey card drawn, dice rolled, a shuffle: anything that makes the action
// impossible to take back.
type Event = engine.Event

// Reveals reports whether any of events has Reveal set.
func Reveals(events []Event) bool { return engine.Reveals(events) }

// Ledger counts every flow of money, points and cubes, so invariants can be
// checked from outside: the sums must always agree with the board.
type Ledger struct {
	StartMoney, Sales, Pasties, Insurance, Bonus int // money in
	Bids, Extraction, CardCosts, Invested        int // money out
	Points                                       int
	TinPlaced, CopperPlaced                      int // cubes put on the map
	TinSold, CopperSold                          int
	// Arsenic: money from the market, cubes put on the map, cubes sold.
	ArsenicSales, ArsenicPlaced, ArsenicSold int
	// Emigration: money from Kimberly (on emigrating and in later rounds'
	// phase 1) and from Adelaide's price bonus.
	Kimberly, Adelaide int `json:",omitempty"`
	// Solo: what Lord Wallace's profit left uninvested at the end of each
	// round (at most £4), or, negative, the debt his sales did not cover:
	// both vanish when his money marker is reset.
	WrittenOff int `json:",omitempty"`
}

// NewGame sets up a game: map card, tiles, reveal, survey decks and the
// draft (or the given hands), starting order and money. With hands given in
// the overrides the game starts straight in round 1; otherwise it waits in
// PhaseDraft for every seat's discards.
func NewGame(st Setup) (*State, error) {
	o := st.Overrides
	if o == nil {
		o = &SetupOverrides{}
	}
	version := st.Edition
	if version == "" {
		version = Standard.Version // the current edition
	}
	e := EditionOf(version)
	if e == nil {
		return nil, forbid(ErrUnsupported, say("tt_err_edition", "Q", quoted(version)))
	}
	if err := checkSetupOptions(st, version); err != nil {
		return nil, err
	}
	solo := st.NumSeats == 1
	if solo {
		st.Options.Solo = true
	}
	s, err := seatPlayers(st, version, e, o)
	if err != nil {
		return nil, err
	}
	if err := s.placeTiles(e, o); err != nil {
		return nil, err
	}
	decks := s.shuffledDecks(e)
	if len(o.Hands) > 0 {
		if err := s.dealGivenHands(e, o, &decks); err != nil {
			return nil, err
		}
		s.startRound(1)
		s.settle()
		return s, nil
	}
	if solo {
		if err := s.dealWallaceSurvey(o.WallaceSurvey, &decks, map[int]bool{}); err != nil {
			return nil, err
		}
		if err := s.dealWallaceActions(o.WallaceDeck); err != nil {
			return nil, err
		}
	}
	s.dealDraft(&decks)
	if solo {
		if s.loud() {
			s.logm(-1, say("tt_log_setup_solo"))
		}
		return s, nil
	}
	if s.loud() {
		s.logm(-1, say("tt_log_setup", "N", s.NumSeats))
	}
	return s, nil
}

// checkSetupOptions refuses a seat count or option the edition or the
// player count does not allow, in the order a host meets them.
func checkSetupOptions(st Setup, version string) error {
	n := st.NumSeats
	solo := n == 1
	if st.Options.Solo && !solo {
		return forbid(ErrUnsupported, say("tt_err_solo_seats", "Count", n))
	}
	if st.Options.Difficulty() && !solo {
		return forbid(ErrUnsupported, say("tt_err_difficulty_solo_only"))
	}
	if st.Options.MoreMines < 0 || st.Options.MoreMines > 2 {
		return forbid(ErrUnsupported, say("tt_err_more_mines", "N", st.Options.MoreMines))
	}
	if solo && version == EditionV1 {
		return forbid(ErrUnsupported, say("tt_err_solo_edition", "Edition", EditionV2))
	}
	if st.Options.Emigration && version == EditionV1 {
		return forbid(ErrUnsupported, say("tt_err_emigration_edition", "Edition", EditionV2))
	}
	if st.Options.Arsenic && version == EditionV1 {
		return forbid(ErrUnsupported, say("tt_err_arsenic_edition", "Edition", EditionV2))
	}
	if st.Options.Kickstarter && version == EditionV1 {
		return forbid(ErrUnsupported, say("tt_err_kickstarter_edition", "Edition", EditionV2))
	}
	if n < SoloSeats || n > MaxSeats {
		return forbid(ErrUnsupported, say("tt_err_seats", "Count", n))
	}
	return nil
}

// seatPlayers makes the state with its seats: starting order (drawn, or
// given), starting money, own miners with Emigration, Lord Wallace's seat
// in the solo game.
func seatPlayers(st Setup, version string, e *Edition, o *SetupOverrides) (*State, error) {
	n := st.NumSeats
	solo := n == 1
	s := &State{EditionVersion: version, Options: st.Options, NumSeats: n, Round: 1, Phase: PhaseDraft}
	s.RNG = st.Seed ^ 0x9E3779B97F4A7C15
	s.FixedDice = append([]int(nil), o.Dice...)
	s.Ledger.StartMoney = n * e.StartMoney

	s.Players = make([]Player, n)
	if solo {
		s.Players = make([]Player, n+1) // Lord Wallace is the extra one
	}
	order := s.perm(n)
	if len(o.Order) > 0 {
		if !isPerm(o.Order, n) {
			return nil, fmt.Errorf("setup: order %v is not a permutation of the seats", o.Order)
		}
		order = append([]int(nil), o.Order...)
	}
	for i, seat := range order {
		s.Players[seat].Arrive = i
	}
	s.Arrived = n
	if solo {
		// His work marker is uppermost: he takes the first action.
		s.Players[WallaceSeat].Arrive, s.Players[0].Arrive, s.Arrived = 0, 1, 2
	}
	for i := range s.Players {
		s.Players[i].Money = e.StartMoney
		if st.Options.Emigration {
			s.Players[i].OwnMiners = e.OwnMiners
		}
	}
	if solo {
		// He tracks no money: his money marker records what he owes
		// (SoloState.Owed); Money holds only what he earns during a round
		// (arsenic, a bonus tile) until phase 3.
		s.Players[WallaceSeat].Money = 0
		s.Players[WallaceSeat].Discarded = 1<<uint(s.regionsInUse()) - 1
		s.Solo = &SoloState{Card: -1}
	}
	if st.Options.Emigration {
		s.Emigrants = make([][NumRounds]int, NumLocations)
		for l := range s.Emigrants {
			s.Emigrants[l] = [NumRounds]int{-1, -1, -1, -1}
		}
	}
	if len(o.Money) > 0 {
		if len(o.Money) != n {
			return nil, fmt.Errorf("setup: %d money values for %d seats", len(o.Money), n)
		}
		s.Ledger.StartMoney = 0
		for i, m := range o.Money {
			s.Players[i].Money = m
			s.Ledger.StartMoney += m
		}
	}
	return s, nil
}

// placeTiles lays out the map card's areas, shuffles each region's tiles
// onto them and turns the reveal face up, or takes the tiles and face-up
// areas the overrides give.
func (s *State) placeTiles(e *Edition, o *SetupOverrides) error {
	mc := e.MapCards[s.NumSeats]
	s.Areas = make([]Area, len(e.Areas))
	s.Adits = make([]bool, len(e.Borders))
	for i := range s.Areas {
		s.Areas[i].Mine = -1
	}
	for r := RegionA; r < NumRegions; r++ {
		tiles := append([]Tile(nil), e.Tiles[r]...)
		if s.Options.Kickstarter {
			// Kickstarter pack: its bonus and light tiles shuffled in (step 11).
			tiles = append(tiles, e.KickTiles[r]...)
		}
		s.shuffleTiles(tiles)
		for k, pos := range mc.Positions[r] {
			i := e.AreaIndex(fmt.Sprintf("%s%d", r, pos))
			s.Areas[i].InPlay, s.Areas[i].HasTile, s.Areas[i].Tile = true, true, tiles[k]
		}
		if len(mc.Positions[r]) > 0 && len(o.FaceUp) == 0 {
			s.revealTiles(e, r, mc.Reveal)
		}
	}
	if len(o.Tiles) > 0 {
		for i := range s.Areas {
			if !s.Areas[i].InPlay {
				continue
			}
			spec, ok := o.Tiles[e.Areas[i].ID]
			if !ok {
				return fmt.Errorf("setup: tiles given but none for %s", e.Areas[i].ID)
			}
			t, err := ParseTile(spec)
			if err != nil {
				return fmt.Errorf("setup: tile %s: %q", e.Areas[i].ID, spec)
			}
			s.Areas[i].Tile = t
		}
	}
	for _, id := range o.FaceUp {
		i := e.AreaIndex(id)
		if i < 0 || !s.Areas[i].InPlay {
			return fmt.Errorf("setup: face-up area %q is not in play", id)
		}
		s.Areas[i].FaceUp = true
	}
	return nil
}

// revealTiles turns count tiles of region r face up, each the first tiled,
// face-down area in a fresh draw of the region's seven positions.
func (s *State) revealTiles(e *Edition, r Region, count int) {
	for k := 0; k < count; k++ {
		cards := s.perm(7)
		for _, c := range cards {
			i := e.AreaIndex(fmt.Sprintf("%s%d", r, c+1))
			if s.Areas[i].HasTile && !s.Areas[i].FaceUp {
				s.Areas[i].FaceUp = true
				break
			}
		}
	}
}

// shuffledDecks shuffles every survey deck of the edition, in deck order.
func (s *State) shuffledDecks(e *Edition) [NumDecks][]int {
	var decks [NumDecks][]int
	for d := Deck(0); d < NumDecks; d++ {
		decks[d] = append([]int(nil), e.Decks[d]...)
		s.shuffleInts(decks[d])
	}
	return decks
}

// dealGivenHands deals the hands the overrides give (no draft), Lord
// Wallace's survey and action cards, and with one or two players the
// region decks, given or made of the cards nobody holds.
func (s *State) dealGivenHands(e *Edition, o *SetupOverrides, decks *[NumDecks][]int) error {
	n := s.NumSeats
	solo := n == 1
	if len(o.Hands) != n {
		return fmt.Errorf("setup: %d hands for %d seats", len(o.Hands), n)
	}
	used := map[int]bool{}
	for seat, h := range o.Hands {
		for _, c := range h {
			if c < 0 || c >= len(e.Cards) || used[c] {
				return fmt.Errorf("setup: hand %d: bad or repeated card %d", seat, c)
			}
			used[c] = true
		}
		s.Players[seat].Hand = append([]int(nil), h...)
	}
	if solo {
		if err := s.dealWallaceSurvey(o.WallaceSurvey, decks, used); err != nil {
			return err
		}
	}
	if n <= 2 {
		for r := 0; r < s.regionsInUse(); r++ {
			if len(o.Decks) > r {
				for _, c := range o.Decks[r] {
					if c < 0 || c >= len(e.Cards) || used[c] {
						return fmt.Errorf("setup: deck %s: bad or repeated card %d", Region(r), c)
					}
					used[c] = true
				}
				s.Decks[r] = append([]int(nil), o.Decks[r]...)
				continue
			}
			for _, c := range decks[r] {
				if !used[c] {
					s.Decks[r] = append(s.Decks[r], c)
				}
			}
		}
	}
	if solo {
		if err := s.dealWallaceActions(o.WallaceDeck); err != nil {
			return err
		}
	}
	return nil
}

// dealDraft deals every seat two cards of each region deck to draft from
// and, with three or more, a wild (or Kickstarter) card to keep; with one
// or two players what is left of the region decks stays on the table.
func (s *State) dealDraft(decks *[NumDecks][]int) {
	n := s.NumSeats
	regions := s.regionsInUse()
	for seat := 0; seat < n; seat++ {
		p := &s.Players[seat]
		for r := 0; r < regions; r++ {
			p.Draft = append(p.Draft, decks[r][:2]...)
			decks[r] = decks[r][2:]
		}
		if n > 2 {
			// One wild card each; with the Kickstarter pack a dual-region
			// card instead (step 16). Two players use neither.
			d := DeckWild
			if s.Options.Kickstarter {
				d = DeckKickstarter
			}
			p.Hand = append(p.Hand, decks[d][0])
			decks[d] = decks[d][1:]
		}
	}
	if n <= 2 {
		for r := 0; r < regions; r++ {
			s.Decks[r] = decks[r]
		}
	}
}

// regionsInUse is the number of region decks in play: A–C, or A–D with 4–5.
func (s *State) regionsInUse() int {
	if s.NumSeats >= 4 {
		return 4
	}
	return 3
}

func isPerm(xs []int, n int) bool {
	if len(xs) != n {
		return false
	}
	seen := make([]bool, n)
	for _, x := range xs {
		if x < 0 || x >= n || seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

package tinners

import (
	"fmt"
	"sort"
	"strings"

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

// FormatLine replaces {P0}..{P4} in a log line with names[i] (or "Seat i+1").
func FormatLine(line string, names []string) string {
	if !strings.Contains(line, "{P") {
		return line
	}
	for i := 0; i < MaxSeats; i++ {
		name := fmt.Sprintf("Seat %d", i+1)
		if i < len(names) && names[i] != "" {
			name = names[i]
		}
		line = strings.ReplaceAll(line, fmt.Sprintf("{P%d}", i), name)
	}
	return line
}

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
}

// NewGame sets up a game: map card, tiles, reveal, survey decks and the
// draft (or the given hands), starting order and money. With hands given in
// the overrides the game starts straight in round 1; otherwise it waits in
// PhaseDraft for every seat's discards.
func NewGame(st Setup) (*State, error) {
	e := Standard
	o := st.Overrides
	if o == nil {
		o = &SetupOverrides{}
	}
	version := st.Edition
	if version == "" {
		version = e.Version
	}
	if !KnownEdition(version) {
		return nil, ruleErr(ErrUnsupported, "This engine does not know the edition %q.", version)
	}
	if st.Options.Solo {
		return nil, ruleErr(ErrUnsupported, "The solo module is not playable yet.")
	}
	if st.Options.Emigration && version == EditionV1 {
		return nil, ruleErr(ErrUnsupported, "The Emigration module needs edition %s.", EditionV2)
	}
	if st.Options.Arsenic && version == EditionV1 {
		return nil, ruleErr(ErrUnsupported, "The Arsenic module needs edition %s.", EditionV2)
	}
	if st.Options.Kickstarter && version == EditionV1 {
		return nil, ruleErr(ErrUnsupported, "The Kickstarter pack needs edition %s.", EditionV2)
	}
	n := st.NumSeats
	if n < MinSeats || n > MaxSeats {
		return nil, ruleErr(ErrUnsupported, "Tinners' Trail needs 2 to 5 players; this table has %d.", n)
	}
	s := &State{EditionVersion: version, Options: st.Options, NumSeats: n, Round: 1, Phase: PhaseDraft}
	s.RNG = st.Seed ^ 0x9E3779B97F4A7C15
	s.FixedDice = append([]int(nil), o.Dice...)
	s.Ledger.StartMoney = n * e.StartMoney

	s.Players = make([]Player, n)
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
	for i := range s.Players {
		s.Players[i].Money = e.StartMoney
		if st.Options.Emigration {
			s.Players[i].OwnMiners = e.OwnMiners
		}
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

	// Map, tiles and the reveal.
	mc := e.MapCards[n]
	s.Areas = make([]Area, len(e.Areas))
	s.Adits = make([]bool, len(e.Borders))
	for i := range s.Areas {
		s.Areas[i].Mine = -1
	}
	for r := RegionA; r < NumRegions; r++ {
		tiles := append([]Tile(nil), e.Tiles[r]...)
		if st.Options.Kickstarter {
			// Kickstarter pack: its bonus and light tiles shuffled in (step 11).
			tiles = append(tiles, e.KickTiles[r]...)
		}
		s.shuffleTiles(tiles)
		for k, pos := range mc.Positions[r] {
			i := e.AreaIndex(fmt.Sprintf("%s%d", r, pos))
			s.Areas[i].InPlay, s.Areas[i].HasTile, s.Areas[i].Tile = true, true, tiles[k]
		}
		if len(mc.Positions[r]) > 0 && len(o.FaceUp) == 0 {
			for k := 0; k < mc.Reveal; k++ {
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
	}
	if len(o.Tiles) > 0 {
		for i := range s.Areas {
			if !s.Areas[i].InPlay {
				continue
			}
			spec, ok := o.Tiles[e.Areas[i].ID]
			if !ok {
				return nil, fmt.Errorf("setup: tiles given but none for %s", e.Areas[i].ID)
			}
			t, err := ParseTile(spec)
			if err != nil {
				return nil, fmt.Errorf("setup: tile %s: %q", e.Areas[i].ID, spec)
			}
			s.Areas[i].Tile = t
		}
	}
	if len(o.FaceUp) > 0 {
		for _, id := range o.FaceUp {
			i := e.AreaIndex(id)
			if i < 0 || !s.Areas[i].InPlay {
				return nil, fmt.Errorf("setup: face-up area %q is not in play", id)
			}
			s.Areas[i].FaceUp = true
		}
	}

	// Survey cards.
	regions := s.regionsInUse()
	var decks [NumDecks][]int
	for d := Deck(0); d < NumDecks; d++ {
		decks[d] = append([]int(nil), e.Decks[d]...)
		s.shuffleInts(decks[d])
	}
	if len(o.Hands) > 0 {
		if len(o.Hands) != n {
			return nil, fmt.Errorf("setup: %d hands for %d seats", len(o.Hands), n)
		}
		used := map[int]bool{}
		for seat, h := range o.Hands {
			for _, c := range h {
				if c < 0 || c >= len(e.Cards) || used[c] {
					return nil, fmt.Errorf("setup: hand %d: bad or repeated card %d", seat, c)
				}
				used[c] = true
			}
			s.Players[seat].Hand = append([]int(nil), h...)
		}
		if n == 2 {
			for r := 0; r < regions; r++ {
				if len(o.Decks) > r {
					for _, c := range o.Decks[r] {
						if c < 0 || c >= len(e.Cards) || used[c] {
							return nil, fmt.Errorf("setup: deck %s: bad or repeated card %d", Region(r), c)
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
		s.startRound(1)
		return s, nil
	}
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
			if st.Options.Kickstarter {
				d = DeckKickstarter
			}
			p.Hand = append(p.Hand, decks[d][0])
			decks[d] = decks[d][1:]
		}
	}
	if n == 2 {
		for r := 0; r < regions; r++ {
			s.Decks[r] = decks[r]
		}
	}
	s.logf(-1, "Setup: %d players. Everyone now discards one survey card per region.", n)
	return s, nil
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

// ---- the generator (ours, so replays never depend on math/rand) ----

func (s *State) next() uint64 {
	s.reveal = true
	s.RNG += 0x9E3779B97F4A7C15
	z := s.RNG
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

func (s *State) intn(n int) int {
	// Rejection sampling avoids modulo bias.
	limit := ^uint64(0) - (^uint64(0) % uint64(n))
	for {
		if v := s.next(); v < limit {
			return int(v % uint64(n))
		}
	}
}

func (s *State) perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	s.shuffleInts(p)
	return p
}

func (s *State) shuffleInts(xs []int) {
	for i := len(xs) - 1; i > 0; i-- {
		j := s.intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

func (s *State) shuffleTiles(xs []Tile) {
	for i := len(xs) - 1; i > 0; i-- {
		j := s.intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

func (s *State) rollDie(d int) int {
	if len(s.FixedDice) > 0 {
		s.reveal = true // a roll, even with the faces fixed in advance
		v := s.FixedDice[0]
		s.FixedDice = s.FixedDice[1:]
		return v
	}
	return Standard.Dice[d][s.intn(6)]
}

// ---- turn structure ----

// turnOrder lists the seats still in phase 2, active first.
func (s *State) turnOrder() []int {
	var out []int
	for i, p := range s.Players {
		if !p.Passed {
			out = append(out, i)
		}
	}
	sort.Slice(out, func(a, b int) bool {
		pa, pb := s.Players[out[a]], s.Players[out[b]]
		if pa.Col != pb.Col {
			return pa.Col < pb.Col
		}
		return pa.Arrive < pb.Arrive
	})
	return out
}

// active returns the active seat in phase 2, or -1.
func (s *State) active() int {
	best := -1
	for i, p := range s.Players {
		if p.Passed {
			continue
		}
		if best < 0 || p.Col < s.Players[best].Col || (p.Col == s.Players[best].Col && p.Arrive < s.Players[best].Arrive) {
			best = i
		}
	}
	return best
}

// ToAct lists the seats the game waits for now (several only in the draft).
func (s *State) ToAct() []int {
	switch s.Phase {
	case PhaseDraft:
		var out []int
		for i := range s.Players {
			if !s.draftDone(i) {
				out = append(out, i)
			}
		}
		return out
	case PhaseActions:
		if a := s.active(); a >= 0 {
			return []int{a}
		}
	case PhaseAuction:
		return []int{s.Auction.Turn}
	case PhaseAfterAuction:
		return []int{s.Auction.Winner}
	case PhasePumps:
		return []int{s.PumpSeat}
	case PhaseInvest:
		return []int{s.PassOrder[s.InvestTurn]}
	case PhasePeek:
		return []int{s.PeekQueue[0]}
	case PhaseCalciner:
		return []int{s.CalcinerSeat}
	}
	return nil
}

func (s *State) waitsFor(seat int) bool {
	// Same answer as ToAct, without allocating: Legal calls this for every
	// candidate move.
	switch s.Phase {
	case PhaseDraft:
		return seat >= 0 && seat < s.NumSeats && !s.draftDone(seat)
	case PhaseActions:
		return s.active() == seat
	case PhaseAuction:
		return s.Auction.Turn == seat
	case PhaseAfterAuction:
		return s.Auction.Winner == seat
	case PhasePumps:
		return s.PumpSeat == seat
	case PhaseInvest:
		return s.PassOrder[s.InvestTurn] == seat
	case PhasePeek:
		return s.PeekQueue[0] == seat
	case PhaseCalciner:
		return s.CalcinerSeat == seat
	}
	return false
}

func (s *State) draftDone(seat int) bool {
	want := uint8(1)<<uint(s.regionsInUse()) - 1
	return s.Players[seat].Discarded&want == want
}

// capacity is the extraction capacity of a mine in area i.
func (s *State) capacity(i int) int {
	a := s.Areas[i]
	c := 2 + a.Extra
	for _, b := range []bool{a.Miner, a.Port, a.Train} {
		if b {
			c++
		}
	}
	return c
}

// nextPumpGroup returns the rightmost available steam pump group as
// (round column, group index), or (-1, -1). Groups of this round's column
// and every column to its left are available (they are refilled each round).
func (s *State) nextPumpGroup() (int, int) {
	for c := s.Round - 1; c >= 0 && c < len(s.PumpGroups); c-- {
		g := s.PumpGroups[c]
		for i := len(g) - 1; i >= 0; i-- {
			if g[i] > 0 {
				return c, i
			}
		}
	}
	return -1, -1
}

// finalCol is seat's final column of the work track: column 10, or with
// Arsenic the column left of its limiter once placed. Every "final column"
// rule (forced pass, work points left, auction eligibility) uses it.
func (s *State) finalCol(seat int) int {
	if l := s.Players[seat].Limiter; l > 0 {
		return l - 1
	}
	return Standard.WorkTrackLen
}

// nextLimiter is the column seat's limiter would move to if it processed
// arsenic now: below column 10 the first time, one column left after that.
func (s *State) nextLimiter(seat int) int {
	if l := s.Players[seat].Limiter; l > 0 {
		return l - 1
	}
	return Standard.WorkTrackLen
}

// calciner returns the area of seat's calciner, or -1.
func (s *State) calciner(seat int) int {
	for i, a := range s.Areas {
		if a.Calciner && a.Mine == seat {
			return i
		}
	}
	return -1
}

func (s *State) minesLeft(seat int) int { return Standard.MinesPerPlayer - s.Players[seat].MinesBuilt }

// canBid says whether seat may take part in an auction at all.
func (s *State) canBid(seat int) bool {
	p := s.Players[seat]
	return !p.Passed && p.Col+Standard.Costs[ActBuild] <= s.finalCol(seat) && s.minesLeft(seat) > 0
}

func (s *State) hasCard(seat, card int) bool {
	for _, c := range s.Players[seat].Hand {
		if c == card {
			return true
		}
	}
	return false
}

// cardPlayable says whether card may be played on area i (region and piece rules).
func (s *State) cardPlayable(card, i int) bool {
	c := Standard.Cards[card]
	a := s.Areas[i]
	if !c.Matches(Standard.Areas[i].Region) {
		return false
	}
	switch c.Benefit {
	case BenefitPort:
		return Standard.Areas[i].Coastal && !a.Port
	case BenefitMiner:
		return !a.Miner
	}
	return true
}

func ceilHalf(n int) int { return (n + 1) / 2 }

// ---- legality ----

func (s *State) validArea(i int) bool { return i >= 0 && i < len(s.Areas) }

// removedOutOfPlay reports whether a 2-player area whose face-down tile was
// removed is out of play altogether (no developments, nobody's neighbour).
// Edition 1 kept it open for developments; its games keep that rule.
func (s *State) removedOutOfPlay() bool { return s.EditionVersion != EditionV1 }

// live reports whether area i is in play for developments and as a
// neighbour: it had a tile at this player count and was not removed.
func (s *State) live(i int) bool {
	a := s.Areas[i]
	return a.InPlay && !(a.Removed && s.removedOutOfPlay())
}

// check returns nil if seat may make action a now, else a *RuleError. It is
// the one definition of legality: Apply and Legal both use it.
func (s *State) check(a Action) error {
	e := Standard
	if s.Phase == PhaseOver {
		return ruleErr(ErrGameOver, "The game is over.")
	}
	if a.Seat < 0 || a.Seat >= s.NumSeats {
		return ruleErr(ErrNotSeated, "That seat is not at this table.")
	}
	if a.Kind < 0 || a.Kind >= numActionKinds {
		return ruleErr(ErrMalformedAction, "That is not an action in this game.")
	}
	if phaseOf(a.Kind) != s.Phase {
		return ruleErr(ErrWrongPhase, "You can't do that now: the game is in the %s phase.", s.Phase)
	}
	if !s.waitsFor(a.Seat) {
		return ruleErr(ErrNotYourTurn, "It is not your turn.")
	}
	p := s.Players[a.Seat]
	switch s.Phase {
	case PhaseDraft:
		for _, c := range p.Draft {
			if c == a.Card {
				if p.Discarded&(1<<uint(e.Cards[c].Deck)) != 0 {
					return ruleErr(ErrBadCard, "You have already discarded a %s card.", e.Cards[c].Deck)
				}
				return nil
			}
		}
		return ruleErr(ErrBadCard, "That card is not among the cards you drew.")
	case PhaseActions:
		if p.Col >= s.finalCol(a.Seat) && a.Kind != ActPass && !a.Kind.IsFree() {
			return ruleErr(ErrMustPass, "Your marker is in the final column of the work track: you must pass.")
		}
		if cost := e.Costs[a.Kind]; p.Col+cost > s.finalCol(a.Seat) {
			return ruleErr(ErrNoWorkPoints, "That needs %d work points and you have %d left.", cost, s.finalCol(a.Seat)-p.Col)
		}
		return s.checkAction(a, p)
	case PhaseAuction:
		au := s.Auction
		switch a.Kind {
		case ActBid:
			min := au.High + 1
			if au.High == 0 {
				min = au.Min
			}
			if a.Amount < min {
				return ruleErr(ErrBadBid, "Your bid must be at least £%d.", min)
			}
			if a.Amount > p.Money {
				return ruleErr(ErrNoMoney, "You can't bid £%d: you have only £%d.", a.Amount, p.Money)
			}
		case ActDrop:
			if a.Seat == au.Opener && au.High == 0 && !(au.FromDeck && p.Money < au.Min) {
				return ruleErr(ErrBadBid, "You opened this auction, so you must make the opening bid.")
			}
		}
		return nil
	case PhaseAfterAuction:
		if a.Card == NoCard {
			return nil
		}
		if !s.hasCard(a.Seat, a.Card) || a.Card < 0 || a.Card >= len(e.Cards) {
			return ruleErr(ErrBadCard, "That survey card is not in your hand.")
		}
		if !s.cardPlayable(a.Card, s.Auction.Area) {
			return ruleErr(ErrBadCard, "That survey card can't be played on %s.", e.Areas[s.Auction.Area].Name)
		}
		if v := e.Cards[a.Card].Value; v > p.Money {
			return ruleErr(ErrNoMoney, "That card costs £%d and you have £%d.", v, p.Money)
		}
		return nil
	case PhasePumps:
		if a.Kind == ActPump {
			if !s.validArea(a.Area) || s.Areas[a.Area].Mine < 0 || s.Areas[a.Area].Water == 0 {
				return ruleErr(ErrBadArea, "Steam pumps remove water from a mine that has water.")
			}
		}
		return nil
	case PhaseInvest:
		if a.Kind == ActInvest {
			if a.Amount != 10 && a.Amount != 5 {
				return ruleErr(ErrBadAmount, "You invest £10 or £5 at a time.")
			}
			if a.Amount > p.Money {
				return ruleErr(ErrNoMoney, "You have only £%d.", p.Money)
			}
		}
		if a.Kind == ActFinishInvest && s.InvestedNow == 0 {
			return ruleErr(ErrNotAvailable, "You have invested nothing this turn: end your turn to be done investing.")
		}
		return nil
	case PhaseCalciner:
		return nil
	case PhasePeek:
		if a.Kind == ActPeek {
			if !s.validArea(a.Area) || !s.Areas[a.Area].HasTile || s.Areas[a.Area].FaceUp {
				return ruleErr(ErrNoTile, "You can only look at a face-down tile.")
			}
			if s.Areas[a.Area].Peekers&(1<<uint(a.Seat)) != 0 {
				return ruleErr(ErrNoTile, "You have already seen that tile.")
			}
		}
		return nil
	}
	return ruleErr(ErrWrongPhase, "You can't do that now.")
}

func phaseOf(k ActionKind) Phase {
	switch k {
	case ActDraftDiscard:
		return PhaseDraft
	case ActBid, ActDrop:
		return PhaseAuction
	case ActAfterCard:
		return PhaseAfterAuction
	case ActPump, ActPumpDone:
		return PhasePumps
	case ActInvest, ActEndInvestTurn, ActFinishInvest:
		return PhaseInvest
	case ActPeek, ActSkipPeek:
		return PhasePeek
	case ActCalciner, ActNoCalciner:
		return PhaseCalciner
	}
	return PhaseActions
}

func (s *State) checkAction(a Action, p Player) error {
	e := Standard
	needArea := func() error {
		if !s.validArea(a.Area) || !s.Areas[a.Area].InPlay {
			return ruleErr(ErrBadArea, "That area is not in play.")
		}
		return nil
	}
	switch a.Kind {
	case ActBuild:
		if err := needArea(); err != nil {
			return err
		}
		ar := s.Areas[a.Area]
		if ar.Mine >= 0 {
			return ruleErr(ErrNoTile, "%s already has a mine.", e.Areas[a.Area].Name)
		}
		if !ar.HasTile {
			return ruleErr(ErrNoTile, "%s has no area tile to build on.", e.Areas[a.Area].Name)
		}
		if s.minesLeft(a.Seat) == 0 {
			return ruleErr(ErrNoMines, "You have built all your mines.")
		}
		region := e.Areas[a.Area].Region
		if s.NumSeats == 2 {
			switch {
			case a.Draw && a.Card != NoCard:
				return ruleErr(ErrBadCard, "Play a card from your hand or draw one, not both.")
			case a.Draw:
				if len(s.Decks[region]) == 0 {
					return ruleErr(ErrBadCard, "The %s survey deck is empty.", region)
				}
				return nil
			case a.Card == NoCard:
				return ruleErr(ErrBadCard, "With two players a survey card starts every auction: play one from your hand or draw one.")
			}
			if err := s.checkHandCard(a, region); err != nil {
				return err
			}
			if v := e.Cards[a.Card].Value; p.Money < v {
				return ruleErr(ErrNoMoney, "The minimum bid would be £%d and you have £%d.", v, p.Money)
			}
			return nil
		}
		if a.Draw {
			return ruleErr(ErrBadCard, "Drawing a survey card is only for two players.")
		}
		if min := 1 + len(s.PassOrder); p.Money < min {
			return ruleErr(ErrNoMoney, "The minimum bid is £%d and you have £%d.", min, p.Money)
		}
		if a.Card == NoCard {
			return nil
		}
		if err := s.checkHandCard(a, region); err != nil {
			return err
		}
		if ar.FaceUp {
			return ruleErr(ErrBadCard, "A survey card is played before an auction only on a face-down tile.")
		}
		min := 1 + len(s.PassOrder)
		for q := range s.Players {
			if q != a.Seat && s.canBid(q) && s.Players[q].Money > min {
				return nil
			}
		}
		return ruleErr(ErrBadCard, "Nobody else can bid, so no survey card may be played before this auction.")
	case ActExtract:
		if !s.validArea(a.Area) || s.Areas[a.Area].Mine != a.Seat {
			return ruleErr(ErrBadArea, "You have no mine there.")
		}
		ar := s.Areas[a.Area]
		n := a.Tin + a.Copper
		if a.Tin < 0 || a.Copper < 0 || n == 0 {
			return ruleErr(ErrBadAmount, "Extract at least one cube.")
		}
		if n > s.capacity(a.Area) {
			return ruleErr(ErrBadAmount, "That mine can extract at most %d cubes.", s.capacity(a.Area))
		}
		if a.Tin > ar.Tin || a.Copper > ar.Copper {
			return ruleErr(ErrBadAmount, "That mine has only %d tin and %d copper.", ar.Tin, ar.Copper)
		}
		if cost := n * ar.Water; cost > p.Money {
			return ruleErr(ErrNoMoney, "Extracting %d cubes costs £%d and you have £%d.", n, cost, p.Money)
		}
	case ActMiner, ActPort, ActTrain:
		left, name := s.Miners, "miner"
		switch a.Kind {
		case ActPort:
			left, name = s.Ports, "port"
		case ActTrain:
			left, name = s.Trains, "train"
		}
		if left == 0 {
			return ruleErr(ErrNotAvailable, "No %s is left on the development board this round.", name)
		}
		if err := needArea(); err != nil {
			return err
		}
		if !s.live(a.Area) {
			return ruleErr(ErrBadArea, "%s was removed from play when nobody bought its tile.", e.Areas[a.Area].Name)
		}
		ar := s.Areas[a.Area]
		if a.Kind == ActPort && !e.Areas[a.Area].Coastal {
			return ruleErr(ErrBadArea, "A port must go in an area on the coast.")
		}
		if (a.Kind == ActMiner && ar.Miner) || (a.Kind == ActPort && ar.Port) || (a.Kind == ActTrain && ar.Train) {
			return ruleErr(ErrBadArea, "%s already has a %s.", e.Areas[a.Area].Name, name)
		}
	case ActAdit:
		if s.AditsLeft == 0 {
			return ruleErr(ErrNotAvailable, "No adit is left on the development board this round.")
		}
		if a.Border < 0 || a.Border >= len(e.Borders) {
			return ruleErr(ErrBadArea, "That is not a border.")
		}
		b := e.Borders[a.Border]
		if !s.Areas[b[0]].InPlay || !s.Areas[b[1]].InPlay {
			return ruleErr(ErrBadArea, "An adit joins two areas in play.")
		}
		if !s.live(b[0]) || !s.live(b[1]) {
			return ruleErr(ErrBadArea, "An adit can't touch an area removed from play.")
		}
		if s.Adits[a.Border] {
			return ruleErr(ErrBadArea, "That border already has an adit.")
		}
	case ActSteamPumps:
		if c, _ := s.nextPumpGroup(); c < 0 {
			return ruleErr(ErrNotAvailable, "No steam pumps are left this round.")
		}
	case ActProcessArsenic, ActSellArsenic:
		if !s.Options.Arsenic {
			return ruleErr(ErrNotAvailable, "Arsenic is not played at this table.")
		}
		if s.calciner(a.Seat) < 0 {
			return ruleErr(ErrNotAvailable, "Build your calciner first: you may when you win an auction.")
		}
		if a.Kind == ActSellArsenic {
			if p.Arsenic == 0 {
				return ruleErr(ErrNotAvailable, "You have no arsenic to sell.")
			}
			return nil
		}
		if !s.validArea(a.Area) || s.Areas[a.Area].Mine != a.Seat {
			return ruleErr(ErrBadArea, "You have no mine there.")
		}
		if s.Areas[a.Area].Arsenic == 0 {
			return ruleErr(ErrBadAmount, "That mine has no arsenic.")
		}
		if s.nextLimiter(a.Seat) <= p.Col {
			return ruleErr(ErrNoWorkPoints, "Processing arsenic would move your limiter onto your work marker's column.")
		}
	case ActOwnMiner:
		if !s.Options.Emigration {
			return ruleErr(ErrNotAvailable, "Emigration is not played at this table.")
		}
		if s.Miners == 0 {
			return ruleErr(ErrNotAvailable, "No miner is left on the development board this round.")
		}
		if p.OwnMiners == 0 {
			return ruleErr(ErrNotAvailable, "You have no miner of your own left to place.")
		}
		if !s.validArea(a.Area) || s.Areas[a.Area].Mine != a.Seat || !s.live(a.Area) {
			return ruleErr(ErrBadArea, "Your own miner goes in an area with one of your mines.")
		}
		if s.Areas[a.Area].Miner {
			return ruleErr(ErrBadArea, "%s already has a miner.", e.Areas[a.Area].Name)
		}
	case ActEmigrate:
		if !s.Options.Emigration {
			return ruleErr(ErrNotAvailable, "Emigration is not played at this table.")
		}
		if !s.validArea(a.Area) || s.Areas[a.Area].OwnMiner != a.Seat+1 {
			return ruleErr(ErrBadArea, "You have no miner of your own there.")
		}
		if a.Amount < 0 || a.Amount >= NumLocations {
			return ruleErr(ErrBadArea, "That is not a place on the emigration board.")
		}
		if q := s.Emigrants[a.Amount][s.Round-1]; q >= 0 {
			return ruleErr(ErrNotAvailable, "%s's round %d space is already taken.", e.Emigration[a.Amount].Name, s.Round)
		}
	case ActFreeAdit, ActFreeTrain, ActFreePort, ActFreeMiner:
		return s.checkFree(a, p)
	case ActPasties, ActPass:
	default:
		return ruleErr(ErrWrongPhase, "You can't do that now.")
	}
	return nil
}

// checkFree checks the placement of a piece taken in Michigan: the seat
// holds one, and it goes where a piece of its kind may go (a Michigan miner
// in any area in play, even one with miners).
func (s *State) checkFree(a Action, p Player) error {
	e := Standard
	if !s.Options.Emigration {
		return ruleErr(ErrNotAvailable, "Emigration is not played at this table.")
	}
	left, name := p.Pending.Miners, "miner"
	switch a.Kind {
	case ActFreeAdit:
		left, name = p.Pending.Adits, "adit"
	case ActFreeTrain:
		left, name = p.Pending.Trains, "train"
	case ActFreePort:
		left, name = p.Pending.Ports, "port"
	}
	if left == 0 {
		return ruleErr(ErrNotAvailable, "You have no %s from Michigan to place.", name)
	}
	if a.Kind == ActFreeAdit {
		if a.Border < 0 || a.Border >= len(e.Borders) {
			return ruleErr(ErrBadArea, "That is not a border.")
		}
		b := e.Borders[a.Border]
		if !s.live(b[0]) || !s.live(b[1]) {
			return ruleErr(ErrBadArea, "An adit joins two areas in play.")
		}
		if s.Adits[a.Border] {
			return ruleErr(ErrBadArea, "That border already has an adit.")
		}
		return nil
	}
	if !s.validArea(a.Area) || !s.live(a.Area) {
		return ruleErr(ErrBadArea, "That area is not in play.")
	}
	ar := s.Areas[a.Area]
	switch {
	case a.Kind == ActFreePort && !e.Areas[a.Area].Coastal:
		return ruleErr(ErrBadArea, "A port must go in an area on the coast.")
	case (a.Kind == ActFreePort && ar.Port) || (a.Kind == ActFreeTrain && ar.Train):
		return ruleErr(ErrBadArea, "%s already has a %s.", e.Areas[a.Area].Name, name)
	}
	return nil
}

func (s *State) checkHandCard(a Action, region Region) error {
	if a.Card < 0 || a.Card >= len(Standard.Cards) || !s.hasCard(a.Seat, a.Card) {
		return ruleErr(ErrBadCard, "That survey card is not in your hand.")
	}
	if !Standard.Cards[a.Card].Matches(region) {
		return ruleErr(ErrBadCard, "That survey card does not match region %s.", region)
	}
	if !s.cardPlayable(a.Card, a.Area) {
		return ruleErr(ErrBadCard, "That survey card's piece can't be placed in %s.", Standard.Areas[a.Area].Name)
	}
	return nil
}

// Legal lists every move seat may make now; empty if the game does not wait
// for seat. A bid is listed once, with Amount the least and Max the most it
// may bid. The bot builds its buttons from this list.
func (s *State) Legal(seat int) []Action {
	if seat < 0 || seat >= s.NumSeats || !s.waitsFor(seat) {
		return nil
	}
	var out []Action
	try := func(a Action) {
		a.Seat = seat
		if s.check(a) == nil {
			out = append(out, a)
		}
	}
	base := Action{Seat: seat, Card: NoCard, Area: -1, Border: -1}
	with := func(k ActionKind, f func(*Action)) Action {
		a := base
		a.Kind = k
		if f != nil {
			f(&a)
		}
		return a
	}
	p := s.Players[seat]
	switch s.Phase {
	case PhaseDraft:
		for _, c := range p.Draft {
			try(with(ActDraftDiscard, func(a *Action) { a.Card = c }))
		}
	case PhaseActions:
		if p.Pending.Total() > 0 {
			s.legalFree(seat, try, with)
		}
		if p.Col >= s.finalCol(seat) {
			return append(out, with(ActPass, nil))
		}
		for i, ar := range s.Areas {
			if !ar.InPlay {
				continue
			}
			if ar.HasTile && ar.Mine < 0 {
				if s.NumSeats == 2 {
					try(with(ActBuild, func(a *Action) { a.Area, a.Draw = i, true }))
				} else {
					try(with(ActBuild, func(a *Action) { a.Area = i }))
				}
				for _, c := range p.Hand {
					if Standard.Cards[c].Matches(Standard.Areas[i].Region) {
						try(with(ActBuild, func(a *Action) { a.Area, a.Card = i, c }))
					}
				}
			}
			if ar.Mine == seat && ar.Arsenic > 0 && s.Options.Arsenic {
				try(with(ActProcessArsenic, func(a *Action) { a.Area = i }))
			}
			if ar.Mine == seat {
				capa := s.capacity(i)
				for t := 0; t <= ar.Tin && t <= capa; t++ {
					for c := 0; c <= ar.Copper && t+c <= capa; c++ {
						if t+c > 0 {
							try(with(ActExtract, func(a *Action) { a.Area, a.Tin, a.Copper = i, t, c }))
						}
					}
				}
			}
			// Cheap filters first (the full test is still check's): most
			// candidates fail here, and a refusal costs a formatted message.
			if s.Miners > 0 && !ar.Miner {
				try(with(ActMiner, func(a *Action) { a.Area = i }))
				if ar.Mine == seat && p.OwnMiners > 0 {
					try(with(ActOwnMiner, func(a *Action) { a.Area = i }))
				}
			}
			if ar.OwnMiner == seat+1 {
				for l := 0; l < NumLocations; l++ {
					try(with(ActEmigrate, func(a *Action) { a.Area, a.Amount = i, l }))
				}
			}
			if s.Ports > 0 && !ar.Port && Standard.Areas[i].Coastal {
				try(with(ActPort, func(a *Action) { a.Area = i }))
			}
			if s.Trains > 0 && !ar.Train {
				try(with(ActTrain, func(a *Action) { a.Area = i }))
			}
		}
		if s.AditsLeft > 0 {
			for b, br := range Standard.Borders {
				if !s.Adits[b] && s.Areas[br[0]].InPlay && s.Areas[br[1]].InPlay {
					try(with(ActAdit, func(a *Action) { a.Border = b }))
				}
			}
		}
		try(with(ActSteamPumps, nil))
		if s.Options.Arsenic {
			try(with(ActSellArsenic, nil))
		}
		try(with(ActPasties, nil))
		try(with(ActPass, nil))
	case PhaseAuction:
		au := s.Auction
		min := au.High + 1
		if au.High == 0 {
			min = au.Min
		}
		if min <= p.Money {
			out = append(out, with(ActBid, func(a *Action) { a.Amount, a.Max = min, p.Money }))
		}
		try(with(ActDrop, nil))
	case PhaseAfterAuction:
		try(with(ActAfterCard, nil))
		for _, c := range p.Hand {
			try(with(ActAfterCard, func(a *Action) { a.Card = c }))
		}
	case PhasePumps:
		for i := range s.Areas {
			try(with(ActPump, func(a *Action) { a.Area = i }))
		}
		try(with(ActPumpDone, nil))
	case PhaseInvest:
		try(with(ActInvest, func(a *Action) { a.Amount = 10 }))
		try(with(ActInvest, func(a *Action) { a.Amount = 5 }))
		try(with(ActEndInvestTurn, nil))
		try(with(ActFinishInvest, nil))
	case PhasePeek:
		for i := range s.Areas {
			try(with(ActPeek, func(a *Action) { a.Area = i }))
		}
		try(with(ActSkipPeek, nil))
	case PhaseCalciner:
		try(with(ActCalciner, nil))
		try(with(ActNoCalciner, nil))
	}
	return out
}

// legalFree lists the placements of seat's pending Michigan pieces.
func (s *State) legalFree(seat int, try func(Action), with func(ActionKind, func(*Action)) Action) {
	pend := s.Players[seat].Pending
	for i, ar := range s.Areas {
		if !s.live(i) {
			continue
		}
		if pend.Trains > 0 && !ar.Train {
			try(with(ActFreeTrain, func(a *Action) { a.Area = i }))
		}
		if pend.Ports > 0 && !ar.Port && Standard.Areas[i].Coastal {
			try(with(ActFreePort, func(a *Action) { a.Area = i }))
		}
		if pend.Miners > 0 {
			try(with(ActFreeMiner, func(a *Action) { a.Area = i }))
		}
	}
	if pend.Adits > 0 {
		for b := range Standard.Borders {
			if !s.Adits[b] {
				try(with(ActFreeAdit, func(a *Action) { a.Border = b }))
			}
		}
	}
}

// ---- the transition ----

// Apply returns the state after seat's action a, with the public events it
// caused. On a *RuleError (or any error) s is returned unchanged and nothing
// happened. s is never modified.
func Apply(s *State, a Action) (*State, []Event, error) {
	if err := s.check(a); err != nil {
		return s, nil, err
	}
	n := s.Clone()
	n.events, n.reveal = nil, false
	n.do(a)
	n.Version++
	ev := n.events
	if n.reveal {
		// Every reveal is followed by the line that reports it; this is a
		// backstop so a reveal can never go unflagged.
		if len(ev) == 0 {
			ev = append(ev, Event{Seat: a.Seat})
		}
		ev[len(ev)-1].Reveal = true
	}
	n.events, n.reveal = nil, false
	return n, ev, nil
}

// logf adds a log line and its event. A reveal noted since the previous line
// (s.reveal) is flagged on this one: call it after the reveal, never before.
func (s *State) logf(seat int, format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	s.Log = append(s.Log, line)
	s.events = append(s.events, Event{Seat: seat, Text: line, Reveal: s.reveal})
	s.reveal = false
}

func (s *State) areaName(i int) string {
	return fmt.Sprintf("%s (%s)", Standard.Areas[i].ID, Standard.Areas[i].Name)
}

// move advances seat's work marker by cost columns, to the bottom of that column.
func (s *State) move(seat, cost int) {
	s.Players[seat].Col += cost
	s.Players[seat].Arrive = s.Arrived
	s.Arrived++
}

func removeInt(xs []int, x int) []int {
	for i, y := range xs {
		if y == x {
			return append(xs[:i:i], xs[i+1:]...)
		}
	}
	return xs
}

func (s *State) do(a Action) {
	e := Standard
	p := &s.Players[a.Seat]
	who := fmt.Sprintf("{P%d}", a.Seat)
	switch a.Kind {
	case ActDraftDiscard:
		c := e.Cards[a.Card]
		p.Draft = removeInt(p.Draft, a.Card)
		p.Discarded |= 1 << uint(c.Deck)
		if s.NumSeats == 2 {
			s.Decks[c.Deck] = append(s.Decks[c.Deck], a.Card)
		}
		if s.draftDone(a.Seat) {
			p.Hand = append(p.Hand, p.Draft...)
			p.Draft = nil
			s.logf(a.Seat, "%s has chosen their survey cards.", who)
		}
		if len(s.ToAct()) == 0 {
			for r := range s.Decks {
				s.shuffleInts(s.Decks[r])
			}
			s.startRound(1)
		}
	case ActBuild:
		s.startAuction(a)
	case ActBid:
		s.Auction.High, s.Auction.HighSeat = a.Amount, a.Seat
		s.logf(a.Seat, "%s bids £%d.", who, a.Amount)
		s.advanceAuction()
	case ActDrop:
		s.Auction.Out |= 1 << uint(a.Seat)
		s.logf(a.Seat, "%s drops out.", who)
		s.advanceAuction()
	case ActAfterCard:
		card := a.Card
		if card != NoCard {
			v := e.Cards[card].Value
			p.Money -= v
			s.Ledger.CardCosts += v
			p.Hand = removeInt(p.Hand, card)
			s.logf(a.Seat, "%s pays £%d to play the survey card %s.", who, v, e.Cards[card])
		}
		s.buildMine(s.Auction.Winner, s.Auction.Area, card)
	case ActExtract:
		ar := &s.Areas[a.Area]
		n := a.Tin + a.Copper
		cost := n * ar.Water
		p.Money -= cost
		s.Ledger.Extraction += cost
		ar.Tin -= a.Tin
		ar.Copper -= a.Copper
		p.Tin += a.Tin
		p.Copper += a.Copper
		ar.Water++
		s.move(a.Seat, e.Costs[ActExtract])
		s.logf(a.Seat, "%s extracts %d tin and %d copper from %s for £%d; water rises to %d.", who, a.Tin, a.Copper, s.areaName(a.Area), cost, ar.Water)
	case ActMiner:
		s.Miners--
		s.Areas[a.Area].Miner = true
		s.move(a.Seat, e.Costs[ActMiner])
		s.logf(a.Seat, "%s places a miner in %s.", who, s.areaName(a.Area))
	case ActPort:
		s.Ports--
		s.placePort(a.Area)
		s.move(a.Seat, e.Costs[ActPort])
		s.logf(a.Seat, "%s builds a port in %s.", who, s.areaName(a.Area))
	case ActTrain:
		s.Trains--
		s.placeTrain(a.Area)
		s.move(a.Seat, e.Costs[ActTrain])
		s.logf(a.Seat, "%s runs a train to %s.", who, s.areaName(a.Area))
	case ActAdit:
		s.AditsLeft--
		s.placeAdit(a.Border)
		s.move(a.Seat, e.Costs[ActAdit])
		b := e.Borders[a.Border]
		s.logf(a.Seat, "%s digs an adit between %s and %s.", who, s.areaName(b[0]), s.areaName(b[1]))
	case ActOwnMiner:
		s.Miners--
		p.OwnMiners--
		s.Areas[a.Area].Miner = true
		s.Areas[a.Area].OwnMiner = a.Seat + 1
		s.move(a.Seat, e.Costs[ActOwnMiner])
		s.logf(a.Seat, "%s takes a miner, returns it to the supply and places a miner of their own in %s.", who, s.areaName(a.Area))
	case ActEmigrate:
		s.emigrate(a)
	case ActFreeAdit:
		p.Pending.Adits--
		s.placeAdit(a.Border)
		b := e.Borders[a.Border]
		s.logf(a.Seat, "%s digs their Michigan adit between %s and %s (free).", who, s.areaName(b[0]), s.areaName(b[1]))
	case ActFreeTrain:
		p.Pending.Trains--
		s.placeTrain(a.Area)
		s.logf(a.Seat, "%s runs their Michigan train to %s (free).", who, s.areaName(a.Area))
	case ActFreePort:
		p.Pending.Ports--
		s.placePort(a.Area)
		s.logf(a.Seat, "%s builds their Michigan port in %s (free).", who, s.areaName(a.Area))
	case ActFreeMiner:
		p.Pending.Miners--
		s.Areas[a.Area].Extra++
		s.logf(a.Seat, "%s places a Michigan miner in %s (free).", who, s.areaName(a.Area))
	case ActSteamPumps:
		c, g := s.nextPumpGroup()
		size := s.PumpGroups[c][g]
		s.PumpGroups[c][g] = 0
		s.move(a.Seat, e.Costs[ActSteamPumps])
		s.logf(a.Seat, "%s takes %d steam pump(s).", who, size)
		if s.anyWater() {
			s.Phase, s.PumpSeat, s.PumpsLeft = PhasePumps, a.Seat, size
		} else {
			s.logf(a.Seat, "No mine has water: the pumps are lost.")
		}
	case ActPump:
		s.Areas[a.Area].Water--
		s.PumpsLeft--
		s.logf(a.Seat, "%s pumps a water cube out of %s.", who, s.areaName(a.Area))
		if s.PumpsLeft == 0 || !s.anyWater() {
			s.PumpsLeft = 0
			s.Phase = PhaseActions
		}
	case ActPumpDone:
		if s.PumpsLeft > 0 {
			s.logf(a.Seat, "%s leaves %d steam pump(s) unused.", who, s.PumpsLeft)
		}
		s.PumpsLeft = 0
		s.Phase = PhaseActions
	case ActPasties:
		p.Money++
		s.Ledger.Pasties++
		s.move(a.Seat, e.Costs[ActPasties])
		s.logf(a.Seat, "%s sells pasties for £1.", who)
	case ActPass:
		p.Passed = true
		s.PassOrder = append(s.PassOrder, a.Seat)
		s.logf(a.Seat, "%s passes (investment row %d).", who, len(s.PassOrder))
		if len(s.PassOrder) == s.NumSeats {
			s.sellAndInvest()
		}
	case ActInvest:
		row := s.row(a.Seat)
		pts := e.Invest[s.Round-1][row][0]
		if a.Amount == 5 {
			pts = e.Invest[s.Round-1][row][1]
		}
		p.Money -= a.Amount
		p.Points += pts
		s.Ledger.Invested += a.Amount
		s.Ledger.Points += pts
		s.InvestedNow += a.Amount
		s.logf(a.Seat, "%s invests £%d for %d points.", who, a.Amount, pts)
		if p.Money < 5 {
			s.InvestDone |= 1 << uint(a.Seat)
			s.nextInvestor()
		}
	case ActEndInvestTurn:
		if s.InvestedNow == 0 {
			s.InvestDone |= 1 << uint(a.Seat)
			s.logf(a.Seat, "%s is done investing.", who)
		}
		s.nextInvestor()
	case ActFinishInvest:
		s.InvestDone |= 1 << uint(a.Seat)
		s.logf(a.Seat, "%s is done investing.", who)
		s.nextInvestor()
	case ActPeek:
		ar := &s.Areas[a.Area]
		ar.Peekers |= 1 << uint(a.Seat)
		p.Peeked = append(p.Peeked, PeekedTile{Area: a.Area, Tile: ar.Tile})
		s.reveal = true
		s.logf(a.Seat, "%s looks at the face-down tile in %s.", who, s.areaName(a.Area))
		s.nextPeek()
	case ActSkipPeek:
		s.logf(a.Seat, "%s does not peek.", who)
		s.nextPeek()
	case ActCalciner:
		i := s.CalcinerArea
		s.Areas[i].Calciner = true
		n := 1
		s.Areas[i].Arsenic++
		for _, j := range adjacency()[i] {
			if s.live(j) {
				s.Areas[j].Arsenic++
				n++
			}
		}
		s.Ledger.ArsenicPlaced += n
		s.Phase = PhaseActions
		s.logf(a.Seat, "%s builds their calciner in %s: %d arsenic cube(s) go on it and its neighbours.", who, s.areaName(i), n)
	case ActNoCalciner:
		s.Phase = PhaseActions
		s.logf(a.Seat, "%s does not build their calciner.", who)
	case ActProcessArsenic:
		s.Areas[a.Area].Arsenic--
		p.Arsenic++
		p.Limiter = s.nextLimiter(a.Seat)
		s.logf(a.Seat, "%s processes an arsenic cube from %s; their final column is now %d for the rest of the game.", who, s.areaName(a.Area), p.Limiter-1)
	case ActSellArsenic:
		n := p.Arsenic
		earned, after := e.ArsenicSale(s.ArsenicMarket, s.Round, n)
		s.ArsenicMarket = after
		p.Arsenic = 0
		p.Money += earned
		s.Ledger.ArsenicSales += earned
		s.Ledger.ArsenicSold += n
		s.move(a.Seat, e.Costs[ActSellArsenic])
		s.logf(a.Seat, "%s sells %d arsenic for £%d.", who, n, earned)
	}
}

// placePort, placeTrain and placeAdit put a development piece on the map
// with its drainage (and an adit's cubes), wherever the piece came from.
func (s *State) placePort(i int) {
	s.Areas[i].Port = true
	s.drain(i, 1)
}

func (s *State) placeTrain(i int) {
	s.Areas[i].Train = true
	s.drain(i, 2)
	for _, j := range adjacency()[i] {
		if s.live(j) {
			s.drain(j, 1)
		}
	}
}

func (s *State) placeAdit(border int) {
	s.Adits[border] = true
	for _, i := range Standard.Borders[border] {
		s.drain(i, 1)
		s.Areas[i].Tin++
		s.Areas[i].Copper++
		s.Ledger.TinPlaced++
		s.Ledger.CopperPlaced++
	}
}

// emigrate moves a's seat's own miner from a.Area to location a.Amount of
// this round and gives the location's reward.
func (s *State) emigrate(a Action) {
	e := Standard
	p := &s.Players[a.Seat]
	who := fmt.Sprintf("{P%d}", a.Seat)
	ar := &s.Areas[a.Area]
	ar.Miner, ar.OwnMiner = false, 0
	p.Emigrated++
	r := s.Round - 1
	s.Emigrants[a.Amount][r] = a.Seat
	s.move(a.Seat, e.Costs[ActEmigrate])
	line := fmt.Sprintf("%s's miner emigrates from %s to %s", who, s.areaName(a.Area), e.Emigration[a.Amount].Name)
	switch a.Amount {
	case Michigan:
		pc := e.MichiganPieces[r]
		p.Pending.Adits += pc.Adits
		p.Pending.Trains += pc.Trains
		p.Pending.Ports += pc.Ports
		p.Pending.Miners += pc.Miners
		line += fmt.Sprintf(": %s from the supply, to place now or on a later turn", e.Emigration[Michigan].Rewards[r])
	case SierraMadre:
		pts := e.SierraPoints[r]
		p.Points += pts
		s.Ledger.Points += pts
		line += fmt.Sprintf(": %d points", pts)
	case Kimberly:
		m := e.KimberlyMoney[r]
		p.Money += m
		s.Ledger.Kimberly += m
		line += fmt.Sprintf(": £%d now and again at the start of every later round", m)
	case Adelaide:
		line += fmt.Sprintf(": this round's sale, %s", e.Emigration[Adelaide].Rewards[r])
	}
	s.logf(a.Seat, "%s.", line)
}

// adelaideBonus is the money seat's Adelaide token adds to this round's
// sale of tin and copper cubes: the larger bonus on the ore with more cubes
// (decision: the choice that pays most is made for the player).
func (s *State) adelaideBonus(seat, tin, copper int) int {
	if !s.Options.Emigration || s.Emigrants[Adelaide][s.Round-1] != seat {
		return 0
	}
	b := Standard.AdelaideBonus[s.Round-1]
	return b[0]*max(tin, copper) + b[1]*min(tin, copper)
}

var adjCache = Standard.Adjacency()

func adjacency() [][]int { return adjCache }

// drain removes n water from area i if it has a mine, else adds n drainage tokens.
func (s *State) drain(i, n int) {
	a := &s.Areas[i]
	if a.Mine >= 0 {
		a.Water = max(0, a.Water-n)
	} else {
		a.Drain += n
	}
}

func (s *State) anyWater() bool {
	for _, a := range s.Areas {
		if a.Mine >= 0 && a.Water > 0 {
			return true
		}
	}
	return false
}

func (s *State) row(seat int) int {
	for i, q := range s.PassOrder {
		if q == seat {
			return i
		}
	}
	return len(s.PassOrder)
}

// ---- auctions ----

func (s *State) startAuction(a Action) {
	e := Standard
	who := fmt.Sprintf("{P%d}", a.Seat)
	region := e.Areas[a.Area].Region
	au := &Auction{Area: a.Area, Opener: a.Seat, Card: NoCard, HighSeat: -1, Winner: -1, Turn: a.Seat}
	p := &s.Players[a.Seat]
	faceDown := !s.Areas[a.Area].FaceUp
	switch {
	case a.Draw:
		au.Card = s.Decks[region][0]
		s.Decks[region] = s.Decks[region][1:]
		au.FromDeck = true
		s.reveal = true // a card drawn from a deck becomes known
	case a.Card != NoCard:
		au.Card = a.Card
		p.Hand = removeInt(p.Hand, a.Card)
		au.Insured = true
		au.Peek = faceDown
		s.reveal = s.reveal || faceDown // the opener looks at the tile
	}
	if s.NumSeats == 2 {
		au.Min = e.Cards[au.Card].Value
	} else {
		au.Min = 1 + len(s.PassOrder)
	}
	for k := 0; k < s.NumSeats; k++ {
		q := (a.Seat + k) % s.NumSeats
		if q == a.Seat || s.canBid(q) {
			au.In = append(au.In, q)
		}
	}
	s.Auction = au
	s.Phase = PhaseAuction
	state := "face-up"
	if faceDown {
		state = "face-down"
	}
	line := fmt.Sprintf("%s starts an auction for the %s tile in %s; minimum bid £%d.", who, state, s.areaName(a.Area), au.Min)
	if au.Card != NoCard {
		src := "from their hand"
		if au.FromDeck {
			src = "from the deck"
		}
		line += fmt.Sprintf(" Survey card %s, %s.", e.Cards[au.Card], src)
		if au.Peek {
			line += " They look at the tile."
		}
	}
	s.logf(a.Seat, "%s", line)
	if len(au.In) == 1 {
		s.logf(-1, "Nobody else can bid.")
	}
}

func (s *State) advanceAuction() {
	au := s.Auction
	var remaining []int
	for _, q := range au.In {
		if au.Out&(1<<uint(q)) == 0 {
			remaining = append(remaining, q)
		}
	}
	switch {
	case len(remaining) == 0:
		s.noSale()
		return
	case au.HighSeat >= 0 && len(remaining) == 1 && remaining[0] == au.HighSeat:
		s.resolveAuction(au.HighSeat)
		return
	}
	// Next seat clockwise after the one who just acted, still in.
	idx := 0
	for i, q := range au.In {
		if q == au.Turn {
			idx = i
		}
	}
	for k := 1; k <= len(au.In); k++ {
		q := au.In[(idx+k)%len(au.In)]
		if au.Out&(1<<uint(q)) == 0 {
			if q == au.HighSeat {
				s.resolveAuction(q)
				return
			}
			au.Turn = q
			return
		}
	}
}

// noSale ends a 2-player auction in which both players passed.
func (s *State) noSale() {
	au := s.Auction
	ar := &s.Areas[au.Area]
	if ar.FaceUp {
		s.logf(-1, "Nobody bids: the tile in %s stays.", s.areaName(au.Area))
	} else {
		ar.HasTile, ar.Removed, ar.Peekers = false, true, 0
		if s.removedOutOfPlay() {
			s.logf(-1, "Nobody bids: the face-down tile in %s is removed unseen, and the area with it: nothing can be built there.", s.areaName(au.Area))
		} else {
			s.logf(-1, "Nobody bids: the face-down tile in %s is removed unseen; no mine can be built there.", s.areaName(au.Area))
		}
	}
	s.Auction = nil
	s.Phase = PhaseActions
}

func (s *State) resolveAuction(winner int) {
	e := Standard
	au := s.Auction
	au.Winner = winner
	ar := &s.Areas[au.Area]
	p := &s.Players[winner]
	p.Money -= au.High
	s.Ledger.Bids += au.High
	cost := e.Costs[ActBuild]
	if ar.Tile.Kind == TileLight {
		cost = 1
	}
	s.move(winner, cost)
	s.logf(winner, "{P%d} wins the auction for %s at £%d.", winner, s.areaName(au.Area), au.High)
	if au.Insured && winner != au.Opener {
		ins := ceilHalf(au.High)
		s.Players[au.Opener].Money += ins
		s.Ledger.Insurance += ins
		s.logf(au.Opener, "{P%d} receives £%d insurance.", au.Opener, ins)
	}
	if !ar.FaceUp {
		ar.FaceUp = true
		ar.Peekers = 0
		s.reveal = true
		s.logf(-1, "The tile is revealed: %d tin, %d copper, %d water.", ar.Tile.Tin, ar.Tile.Copper, ar.Tile.Water)
	}
	if ar.Tile.Kind == TileBonus {
		p.Money += 3
		s.Ledger.Bonus += 3
	}
	// The winner is asked whenever they hold any card, playable or not:
	// asking only when a card fits would tell everyone what is in their hand.
	// The hand's size is public, so an empty hand skips the question.
	if au.Card == NoCard && s.NumSeats > 2 && len(p.Hand) > 0 {
		s.Phase = PhaseAfterAuction
		return
	}
	s.buildMine(winner, au.Area, au.Card)
}

// buildMine places winner's mine: tile cubes, then drainage, then the card.
func (s *State) buildMine(winner, i, card int) {
	e := Standard
	ar := &s.Areas[i]
	ar.Mine = winner
	s.Players[winner].MinesBuilt++
	ar.Tin += ar.Tile.Tin
	ar.Copper += ar.Tile.Copper
	ar.Water += ar.Tile.Water
	s.Ledger.TinPlaced += ar.Tile.Tin
	s.Ledger.CopperPlaced += ar.Tile.Copper
	ar.HasTile = false
	ar.Water = max(0, ar.Water-ar.Drain)
	ar.Drain = 0
	if card != NoCard && !s.cardPlayable(card, i) {
		// Only a card drawn blind from a 2-player deck can get here (a port
		// for an inland area, a second miner): it still set the minimum bid,
		// but its piece cannot be placed, so it does nothing.
		s.logf(-1, "The survey card %s can't be used in %s and is discarded.", e.Cards[card], s.areaName(i))
		card = NoCard
	}
	if card != NoCard {
		c := e.Cards[card]
		switch c.Benefit {
		case BenefitWater:
			ar.Water = max(0, ar.Water-c.Amount)
		case BenefitTin:
			ar.Tin += c.Amount
			s.Ledger.TinPlaced += c.Amount
		case BenefitCopper:
			ar.Copper += c.Amount
			s.Ledger.CopperPlaced += c.Amount
		case BenefitMiner:
			ar.Miner = true
		case BenefitPort:
			ar.Port = true
			s.drain(i, 1)
		case BenefitSteamPump:
			ar.Pumps++
			s.drain(i, 1)
		}
	}
	s.logf(winner, "{P%d} builds a mine in %s: %d tin, %d copper, %d water.", winner, s.areaName(i), ar.Tin, ar.Copper, ar.Water)
	s.Auction = nil
	s.Phase = PhaseActions
	if s.Options.Arsenic && s.calciner(winner) < 0 {
		s.Phase, s.CalcinerSeat, s.CalcinerArea = PhaseCalciner, winner, i
	}
}

// ---- rounds ----

func (s *State) startRound(r int) {
	e := Standard
	s.Round = r
	if r > 1 {
		for i := range s.Areas {
			if a := &s.Areas[i]; a.Pumps > 0 && a.Mine >= 0 && a.Water > 0 {
				a.Water = max(0, a.Water-a.Pumps)
				s.logf(-1, "Steam pumps in %s remove water (now %d).", s.areaName(i), a.Water)
			}
		}
		if s.Options.Emigration {
			for k := 0; k < r-1; k++ {
				if seat := s.Emigrants[Kimberly][k]; seat >= 0 {
					m := e.KimberlyMoney[k]
					s.Players[seat].Money += m
					s.Ledger.Kimberly += m
					s.logf(seat, "{P%d} earns £%d from Kimberly (round %d's token).", seat, m, k+1)
				}
			}
		}
	}
	s.TinCol, s.TinDice = s.rollPrice(r, s.TinCol)
	s.CopperCol, s.CopDice = s.rollPrice(r, s.CopperCol)
	s.logf(-1, "Round %d. Tin £%d (dice %d %d %d), copper £%d (dice %d %d %d).", r,
		e.TinPrices[s.TinCol], s.TinDice[0], s.TinDice[1], s.TinDice[2],
		e.CopperPrices[s.CopperCol], s.CopDice[0], s.CopDice[1], s.CopDice[2])
	db := e.DevBoards[s.NumSeats]
	s.Miners, s.Ports, s.Trains, s.AditsLeft = db.Miners[r-1], db.Ports[r-1], db.Trains[r-1], db.Adits[r-1]
	s.PumpGroups = make([][]int, NumRounds)
	for c := range db.Pumps {
		s.PumpGroups[c] = append([]int(nil), db.Pumps[c]...)
	}
	s.PassOrder = nil
	s.InvestDone = 0
	for i := range s.Players {
		s.Players[i].Passed = false
	}
	s.Phase = PhaseActions
}

// rollPrice rolls the three dice for one ore and returns its column and faces.
func (s *State) rollPrice(r, old int) (int, [3]int) {
	var faces [3]int
	total := 0
	for d := range faces {
		faces[d] = s.rollDie(d)
		total += faces[d]
	}
	if r > 1 {
		switch old {
		case 0:
			total++
		case 3:
			total--
		}
	}
	return PriceColumn(total), faces
}

// PriceColumn returns the price column 0..3 of a (modified) dice total.
func PriceColumn(total int) int {
	col := 0
	for _, b := range Standard.PriceBounds {
		if total > b {
			col++
		}
	}
	return col
}

func (s *State) sellAndInvest() {
	e := Standard
	tin, cop := e.TinPrices[s.TinCol], e.CopperPrices[s.CopperCol]
	for i := range s.Players {
		p := &s.Players[i]
		if p.Tin+p.Copper == 0 {
			continue
		}
		earn := p.Tin*tin + p.Copper*cop
		bonus := s.adelaideBonus(i, p.Tin, p.Copper)
		p.Money += earn + bonus
		s.Ledger.Sales += earn
		s.Ledger.Adelaide += bonus
		s.Ledger.TinSold += p.Tin
		s.Ledger.CopperSold += p.Copper
		if bonus > 0 {
			s.logf(i, "{P%d} sells %d tin and %d copper for £%d, £%d of it Adelaide's bonus.", i, p.Tin, p.Copper, earn+bonus, bonus)
		} else {
			s.logf(i, "{P%d} sells %d tin and %d copper for £%d.", i, p.Tin, p.Copper, earn)
		}
		p.Tin, p.Copper = 0, 0
	}
	if s.Round == NumRounds {
		for row, seat := range s.PassOrder {
			p := &s.Players[seat]
			v := e.Invest[s.Round-1][row]
			tens, fives, pts := bestSplit(p.Money, v)
			spent := tens*10 + fives*5
			p.Money -= spent
			p.Points += pts
			s.Ledger.Invested += spent
			s.Ledger.Points += pts
			s.logf(seat, "{P%d} invests £%d for %d points.", seat, spent, pts)
		}
		s.endGame()
		return
	}
	s.Phase = PhaseInvest
	s.InvestTurn = 0
	s.InvestedNow = 0
	for i, p := range s.Players {
		if p.Money < 5 {
			s.InvestDone |= 1 << uint(i)
		}
	}
	if s.InvestDone&(1<<uint(s.PassOrder[0])) != 0 {
		s.nextInvestor()
	}
}

// bestSplit spends money on £10 and £5 investments for the most points.
func bestSplit(money int, v [2]int) (tens, fives, points int) {
	for t := money / 10; t >= 0; t-- {
		f := (money - 10*t) / 5
		if pts := t*v[0] + f*v[1]; pts > points {
			tens, fives, points = t, f, pts
		}
	}
	return
}

// nextInvestor moves the turn to the next seat in passing order not done;
// when everyone is done the round ends.
func (s *State) nextInvestor() {
	s.InvestedNow = 0
	n := len(s.PassOrder)
	for k := 1; k <= n; k++ {
		i := (s.InvestTurn + k) % n
		if s.InvestDone&(1<<uint(s.PassOrder[i])) == 0 {
			s.InvestTurn = i
			return
		}
	}
	s.endRound()
}

func (s *State) endRound() {
	for _, seat := range s.PassOrder {
		s.Players[seat].Col = 0
		s.Players[seat].Arrive = s.Arrived
		s.Arrived++
	}
	top := 2
	if s.NumSeats == 2 {
		top = 1
	}
	s.PeekQueue = nil
	if s.anyFaceDown() {
		s.PeekQueue = append(s.PeekQueue, s.PassOrder[:top]...)
	}
	s.logf(-1, "End of round %d.", s.Round)
	s.Phase = PhasePeek
	s.skipPeekers()
}

func (s *State) anyFaceDown() bool {
	for _, a := range s.Areas {
		if a.HasTile && !a.FaceUp {
			return true
		}
	}
	return false
}

// skipPeekers drops from the queue seats with nothing left to look at, and
// starts the next round when the queue is empty.
func (s *State) skipPeekers() {
	for len(s.PeekQueue) > 0 {
		seat := s.PeekQueue[0]
		for i, a := range s.Areas {
			if a.HasTile && !a.FaceUp && a.Peekers&(1<<uint(seat)) == 0 && s.validArea(i) {
				return
			}
		}
		s.PeekQueue = s.PeekQueue[1:]
	}
	s.startRound(s.Round + 1)
}

func (s *State) nextPeek() {
	s.PeekQueue = s.PeekQueue[1:]
	s.skipPeekers()
}

func (s *State) endGame() {
	ore := make([]int, s.NumSeats)
	for _, a := range s.Areas {
		if a.Mine >= 0 {
			ore[a.Mine] += a.Tin + a.Copper
		}
	}
	rank := append([]int(nil), s.PassOrder...)
	less := func(x, y int) (bool, string) {
		px, py := s.Players[x], s.Players[y]
		switch {
		case px.Points != py.Points:
			return px.Points > py.Points, ""
		case px.Money != py.Money:
			return px.Money > py.Money, "money"
		case ore[x] != ore[y]:
			return ore[x] > ore[y], "ore cubes in their mines"
		}
		return s.row(x) < s.row(y), "work track order"
	}
	sort.SliceStable(rank, func(i, j int) bool { l, _ := less(rank[i], rank[j]); return l })
	res := &Result{Ranking: rank}
	if len(rank) > 1 {
		if _, why := less(rank[0], rank[1]); why != "" {
			res.TieBreak = why
		}
	}
	s.Result = res
	s.Phase = PhaseOver
	s.Auction = nil
	line := "Game over. "
	for k, seat := range rank {
		if k > 0 {
			line += ", "
		}
		line += fmt.Sprintf("{P%d} %d pts (£%d)", seat, s.Players[seat].Points, s.Players[seat].Money)
	}
	s.logf(-1, "%s.", line)
	if res.TieBreak != "" {
		s.logf(rank[0], "{P%d} wins on the tie-break: %s.", rank[0], res.TieBreak)
	} else {
		s.logf(rank[0], "{P%d} wins.", rank[0])
	}
}

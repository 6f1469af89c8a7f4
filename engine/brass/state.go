package brass

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// state is the whole game at one moment, hidden parts included. It is
// serialized as the snapshot, so its fields are exported (to encoding/json
// only: the type itself is not).
type state struct {
	Edition string
	N       int
	Intro   bool // the introductory game: the Canal era only
	RNG     uint64
	Ver     int

	Era   Era
	Round int // within the era, 1 for the first

	Deck    []int // card ids, top first (hidden)
	WildLoc int   // wild location cards in their draw area
	WildInd int   // wild industry cards in their draw area
	Players []player
	Order   []int // turn order, seats
	Turn    int   // index into Order of the seat whose turn it is
	// HandAtStart is the hand size the current turn began with.
	HandAtStart int

	Spaces []slot   // by build space
	Links  []int    // owner of each line's link, -1 for none
	Merch  []market // by merchant space
	Coal   int      // cubes on the coal market
	Iron   int      // cubes on the iron market

	Step   step
	Result *engine.Result
	Scores []Score // by seat: points by category, filled as they are scored

	ev  []engine.Event
	edp *Edition // editions[Edition], looked up once
	// scratch is a Sim's reusable memo and buffers (nil in a match's
	// state, which may be shared); never copied by clone.
	scratch *memo
	// quiet is set in a Sim, which reports no events: log, logReveal and
	// the messages built for them are skipped (loud).
	quiet bool
}

// slot is one build space: empty (Owner -1) or one industry tile.
type slot struct {
	Owner   int
	Ind     Industry
	Lvl     int // level index: 0 is level I
	Flipped bool
	Cubes   int // coal, iron or beer barrels on it
}

// market is one merchant space: its tile (an index into
// Edition.MerchantTiles, or -1 for a space not used at this player count)
// and its beer barrel.
type market struct {
	Tile   int
	Barrel bool
}

// player is one seat's holdings.
type player struct {
	Hand     []int // card ids, sorted (secret)
	Discard  []int // played cards, bottom first (public)
	FaceDown int   // the face-down card under the discard pile (seen by nobody), -1 when gone
	Money    int
	Spent    int // money spent this round
	VP       int
	Income   int                // space on the progress track
	Mat      [NumIndustries]int // tiles gone from each industry's stack
	Owe      int                // a shortfall still to cover (StepShortfall)
	Loans    int                // loans taken
}

// Score is one seat's VP by category.
type Score struct {
	Links [NumEras]int
	Tiles [NumEras]int
	Bonus int // merchant VP bonuses
	Intro int // the introductory game's extra scoring
	Lost  int // VP lost to shortfalls (a positive number)
}

// StepKind says what the seat to act is deciding. Persisted: only grow at
// the end.
type StepKind int8

// The steps.
const (
	// StepAction: take an action (Step.Done actions taken this turn).
	StepAction StepKind = iota
	// StepEndTurn: both actions taken; End turn refills the hand.
	StepEndTurn
	// StepScout: discard the rest of the Scout's cards (Step.Picks taken).
	StepScout
	// StepDevelop: remove the first or second tile of a Develop.
	StepDevelop
	// StepRail: one rail link placed; place a second or stop.
	StepRail
	// StepSell: a tile sold; sell another or stop.
	StepSell
	// StepGloucester: the Gloucester beer bonus: remove a tile.
	StepGloucester
	// StepShortfall: seats owing income remove tiles (simultaneous).
	StepShortfall
	// StepOver: the game is over.
	StepOver
	// StepCoal: choose the mine the next coal cube comes from (mines at
	// the same distance; Step.Coal cubes still to take).
	StepCoal
	// StepIron: choose the iron works the next iron cube comes from.
	StepIron
)

var stepNames = [...]string{"action", "end-turn", "scout", "develop", "rail", "sell", "gloucester", "shortfall", "over", "coal", "iron"}

// String returns the step's name.
func (k StepKind) String() string {
	if k < 0 || int(k) >= len(stepNames) {
		return "?"
	}
	return stepNames[k]
}

// step is the decision under way; only the fields of its Kind matter.
type step struct {
	Kind  StepKind
	Done  int // actions finished this turn
	Picks int // StepScout, StepDevelop: picks made
	Link  int // StepRail: the first link's line
	// Scouted are the cards a Scout under way discarded.
	Scouted []int `json:",omitempty"`
	// A consumption under way (StepCoal, StepIron): the coal and iron
	// cubes still to take, the locations the coal must be connected to,
	// what the consumption completes and the tile built.
	Coal, Iron int   `json:",omitempty"`
	From       []int `json:",omitempty"`
	Then       then  `json:",omitempty"`
	Space      int   `json:",omitempty"`
}

// then is what a consumption of coal and iron completes.
type then int8

const (
	thenNone    then = iota
	thenBuild        // a Build: the market sale of the new tile
	thenRail1        // a rail Network's first link
	thenRail2        // its second link
	thenDevelop      // a Develop's removed tiles
)

func (s *state) ed() *Edition {
	if s.edp == nil {
		return editions[s.Edition]
	}
	return s.edp
}

// seat is the seat whose turn it is.
func (s *state) seat() int { return s.Order[s.Turn] }

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
	c.ev = nil
	c.scratch, c.quiet = nil, false
	c.Deck = slices.Clone(s.Deck)
	c.Order = slices.Clone(s.Order)
	c.Spaces = slices.Clone(s.Spaces)
	c.Links = slices.Clone(s.Links)
	c.Merch = slices.Clone(s.Merch)
	c.Scores = slices.Clone(s.Scores)
	c.Step.Scouted = slices.Clone(s.Step.Scouted)
	c.Step.From = slices.Clone(s.Step.From)
	c.Players = make([]player, len(s.Players))
	for i, p := range s.Players {
		p.Hand = slices.Clone(p.Hand)
		p.Discard = slices.Clone(p.Discard)
		c.Players[i] = p
	}
	if s.Result != nil {
		r := *s.Result
		r.Ranking = slices.Clone(r.Ranking)
		r.Scores = slices.Clone(r.Scores)
		c.Result = &r
	}
	return &c
}

// loud reports whether events are recorded (not in a Sim): a message is
// built only when it is.
func (s *state) loud() bool { return !s.quiet }

// log records a public event about seat, the catalogue message m, with
// the places it changed.
func (s *state) log(seat int, m engine.Message, where ...int) {
	s.ev = append(s.ev, engine.Event{Seat: seat, Message: m, Where: where, Kind: eventKinds[m.ID]})
}

// logReveal records a public event that consumed hidden information or
// randomness.
func (s *state) logReveal(seat int, m engine.Message) {
	s.ev = append(s.ev, engine.Event{Seat: seat, Reveal: true, Message: m, Kind: eventKinds[m.ID]})
}

// eventKinds sort the log's messages for a turn's account
// (engine.EventKind); a message not listed is what the seat did.
var eventKinds = map[string]engine.EventKind{
	"bb_log_coal_from": engine.Followed, "bb_log_coal_away": engine.Followed, "bb_log_iron_from": engine.Followed,
	"bb_log_coal_market": engine.Followed, "bb_log_iron_market": engine.Followed, "bb_log_market_sale": engine.Followed,
	"bb_log_flip": engine.Followed, "bb_log_beer_from": engine.Followed, "bb_log_developed": engine.Followed,
	"bb_log_bonus_develop": engine.Followed, "bb_log_bonus_develop_none": engine.Followed, "bb_log_bonus_vp": engine.Followed,
	"bb_log_bonus_income": engine.Followed, "bb_log_bonus_money": engine.Followed, "bb_log_rail_era": engine.Followed,
	"bb_log_shortfall_remove": engine.Followed, "bb_log_shortfall_vp": engine.Followed,
	// The turn's end, the round's and the era's: the picture shows the
	// money, the order and the points; the era's end has a post of its own.
	"bb_log_end_turn": engine.Kept, "bb_log_end_turn_draw": engine.Kept, "bb_log_round_end": engine.Kept,
	"bb_log_round_start": engine.Kept, "bb_log_income": engine.Kept, "bb_log_income_pay": engine.Kept,
	"bb_log_era_score": engine.Kept, "bb_log_intro_score": engine.Kept, "bb_log_game_over": engine.Kept,
}

// at adds places to the last event (engine.Event.Where).
func (s *state) at(places ...int) {
	if n := len(s.ev); n > 0 {
		s.ev[n-1].Where = append(s.ev[n-1].Where, places...)
	}
}

// tile is the edition's tile on space si.
func (s *state) tile(si int) Tile {
	sl := s.Spaces[si]
	return s.ed().Tiles[sl.Ind][sl.Lvl]
}

// nextTile is the level index of the lowest tile left of industry i on
// seat's mat, or -1 when none is left.
func (s *state) nextTile(seat int, i Industry) int {
	st := s.ed().Stack(i)
	k := s.Players[seat].Mat[i]
	if k >= len(st) {
		return -1
	}
	return st[k]
}

// linksLeft is how many link tiles seat has off the board.
func (s *state) linksLeft(seat int) int {
	n := s.ed().LinkTiles
	for _, o := range s.Links {
		if o == seat {
			n--
		}
	}
	return n
}

// onBoard reports whether seat has any industry or link tile on the
// board (D15: the "no tiles on the board" exception is per player).
func (s *state) onBoard(seat int) bool {
	for _, sl := range s.Spaces {
		if sl.Owner == seat {
			return true
		}
	}
	return slices.Contains(s.Links, seat)
}

// removeCard takes one copy of card c out of hand, reporting whether it
// was there.
func removeCard(hand *[]int, c int) bool {
	i := slices.Index(*hand, c)
	if i < 0 {
		return false
	}
	*hand = slices.Delete(*hand, i, i+1)
	return true
}

// count is how many copies of c hand holds.
func count(hand []int, c int) int {
	n := 0
	for _, h := range hand {
		if h == c {
			n++
		}
	}
	return n
}

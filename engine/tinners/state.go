package tinners

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Phase says what kind of decision the game waits for. Phase 1 (ore
// prices) and phase 4's bookkeeping run automatically inside Apply; they
// show up in events, never as a waiting phase. Persisted: only grow at the end.
type Phase int8

// Phases.
const (
	PhaseDraft        Phase = iota // setup: every seat discards one card per region, in parallel
	PhaseActions                   // phase 2: the active seat picks an action
	PhaseAuction                   // phase 2: a mine auction; Auction.Turn bids or drops
	PhaseAfterAuction              // phase 2: the auction winner may play a survey card for its value
	PhasePumps                     // phase 2: the seat that took steam pumps places them
	PhaseInvest                    // phase 3: seats invest in passing order
	PhasePeek                      // phase 4: the top seats may peek at a face-down tile
	PhaseOver                      // the game has ended
	PhaseCalciner                  // Arsenic: the seat that just built a mine may build its calciner there
)

var phaseNames = []string{"survey draft", "actions", "auction", "after auction", "steam pumps", "sell & invest", "end-of-round peek", "game over", "calciner"}

// String returns the phase in words.
func (p Phase) String() string {
	if p < 0 || int(p) >= len(phaseNames) {
		return "?"
	}
	return phaseNames[p]
}

// Options are chosen at setup. The modules are part of the design; this
// version of the engine plays the base game, Arsenic, Emigration and the
// Kickstarter pack (edition 2 on), and the solo game against Lord Wallace
// (edition 2 on) with his difficulty options. A game set up for one seat is
// a solo game whether or not Solo is set; the difficulty options are for
// the solo game only.
type Options struct {
	Arsenic     bool `json:",omitempty"`
	Emigration  bool `json:",omitempty"`
	Kickstarter bool `json:",omitempty"`
	Solo        bool `json:",omitempty"` // Lord Wallace

	// Lord Wallace's difficulty options (the rulebook's "Difficulty"), by
	// their keys in records and in ParseOptions.
	BetterMines         bool `json:"better-mines,omitempty"`           // his mines start with capacity 3
	CheapLabour         bool `json:"cheap-labour,omitempty"`           // he pays half what he owes, rounded up
	MoreMines           int  `json:"more-mines,omitempty"`             // 1 or 2 extra mines for him
	DeepPockets         bool `json:"deep-pockets,omitempty"`           // his bids +£2
	FriendsInHighPlaces bool `json:"friends-in-high-places,omitempty"` // he invests at the top row
	FinancialSabotage   bool `json:"financial-sabotage,omitempty"`     // you invest one row lower
	BailingOut          bool `json:"bailing-out,omitempty"`            // 1/2/3 water off his mines at the start of rounds 2/3/4
	ShadyLandPurchases  bool `json:"shady-land-purchases,omitempty"`   // a free mine at the start of rounds 3 and 4
}

// Difficulty reports whether any of Lord Wallace's difficulty options is set.
func (o Options) Difficulty() bool { return len(o.DifficultyKeys()) > 0 }

// DifficultyKeys lists the difficulty options set, by key, in the
// rulebook's order ("more-mines=2" for two extra mines).
func (o Options) DifficultyKeys() []string {
	var out []string
	add := func(on bool, key string) {
		if on {
			out = append(out, key)
		}
	}
	add(o.BetterMines, "better-mines")
	add(o.CheapLabour, "cheap-labour")
	add(o.MoreMines == 1, "more-mines")
	add(o.MoreMines > 1, fmt.Sprintf("more-mines=%d", o.MoreMines))
	add(o.DeepPockets, "deep-pockets")
	add(o.FriendsInHighPlaces, "friends-in-high-places")
	add(o.FinancialSabotage, "financial-sabotage")
	add(o.BailingOut, "bailing-out")
	add(o.ShadyLandPurchases, "shady-land-purchases")
	return out
}

// optionKeys lists every key ParseOptions reads, for its error message.
const optionKeys = "arsenic, emigration, kickstarter, solo, better-mines, cheap-labour, more-mines, more-mines=2, " +
	"deep-pockets, friends-in-high-places, financial-sabotage, bailing-out, shady-land-purchases"

// ParseOptions reads a comma-separated list of module and difficulty
// names ("arsenic", "emigration", "kickstarter", "solo", and Lord Wallace's
// "better-mines", "cheap-labour", "more-mines" (one extra mine) or
// "more-mines=2", "deep-pockets", "friends-in-high-places",
// "financial-sabotage", "bailing-out", "shady-land-purchases"; "" for none).
// It checks the names only; NewGame says which are playable at a table.
func ParseOptions(list string) (Options, error) {
	var o Options
	for _, name := range strings.Split(list, ",") {
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "":
		case "arsenic":
			o.Arsenic = true
		case "emigration":
			o.Emigration = true
		case "kickstarter":
			o.Kickstarter = true
		case "solo":
			o.Solo = true
		case "better-mines":
			o.BetterMines = true
		case "cheap-labour":
			o.CheapLabour = true
		case "more-mines", "more-mines=1":
			o.MoreMines = 1
		case "more-mines=2":
			o.MoreMines = 2
		case "deep-pockets":
			o.DeepPockets = true
		case "friends-in-high-places":
			o.FriendsInHighPlaces = true
		case "financial-sabotage":
			o.FinancialSabotage = true
		case "bailing-out":
			o.BailingOut = true
		case "shady-land-purchases":
			o.ShadyLandPurchases = true
		default:
			return o, fmt.Errorf("no option %q (%s)", name, optionKeys)
		}
	}
	return o, nil
}

// Area is the live state of one map area.
type Area struct {
	InPlay  bool // the map card gave it a tile at this player count
	HasTile bool // a tile lies here (face down or up)
	FaceUp  bool
	Tile    Tile // hidden while !FaceUp
	Removed bool // 2p: an unbought face-down tile was removed; no mine can be built

	Tin, Copper, Water int // cubes on the area
	Drain              int // drainage tokens (areas without a mine)
	Mine               int // owning seat, or -1
	Miner, Port, Train bool
	Pumps              int   // permanent steam pumps from survey cards
	Peekers            uint8 // bit s: seat s has a peek token on the tile
	Arsenic            int   // Arsenic: arsenic cubes on the area
	Calciner           bool  // Arsenic: the mine owner's calciner stands here
	// Emigration: OwnMiner is seat+1 when the area's one miner (Miner) is
	// that seat's own, player-coloured miner (0: a miner from the supply, or
	// none); Extra counts Michigan's round-4 miners, which may share an area.
	OwnMiner int `json:",omitempty"`
	Extra    int `json:",omitempty"`
}

// Player is one seat's live state.
type Player struct {
	Money, Points int
	MinesBuilt    int
	Hand          []int // survey card IDs (hidden)
	Draft         []int // setup: cards drawn, awaiting discards (hidden)
	Discarded     uint8 // setup: bit r set once a card of deck r was discarded
	Tin, Copper   int   // ore extracted this round
	Col           int   // work track column
	Arrive        int   // arrival stamp within the column: lower is uppermost
	Passed        bool
	Peeked        []PeekedTile // face-down tiles this seat has looked at (hidden)
	// Arsenic: cubes processed and not sold yet, and the work track
	// limiter's column (0: not placed; the final column is Limiter−1).
	Arsenic int `json:",omitempty"`
	Limiter int `json:",omitempty"`
	// Emigration: own miners not yet placed, own miners emigrated, and the
	// Michigan pieces taken and not placed yet.
	OwnMiners int    `json:",omitempty"`
	Emigrated int    `json:",omitempty"`
	Pending   Pieces `json:",omitempty"`
}

// PeekedTile is a tile a seat has seen while it lay face down.
type PeekedTile struct {
	Area int
	Tile Tile
}

// Auction is a live mine auction.
type Auction struct {
	Area     int
	Opener   int
	Card     int  // card played before the auction, or NoCard
	FromDeck bool // 2p: the card came off the deck
	Insured  bool // the opener gets insurance if they lose
	Peek     bool // the opener looked at the face-down tile
	Min      int  // minimum opening bid
	High     int  // current high bid (0: none yet)
	HighSeat int  // -1: none yet
	Turn     int  // seat to bid or drop
	In       []int
	Out      uint8 // bit s: seat s dropped out
	// After the bidding: the winner, and whether they may still play a card.
	Winner int
}

// Result is the end of the game.
type Result struct {
	Ranking []int // seats, winner first
	// TieBreak is "" or the tie-break that decided first place, a code
	// (TieMoney, TieOre, TieOrder) that the presentation words from its
	// catalogue. A result stored before the codes holds its English
	// ("ore cubes in their mines"): read it with TieBreakCode.
	TieBreak string
	// Solo: Lord Wallace's points, and whether the player beat him (more
	// points than his; a tie is his).
	Wallace int  `json:",omitempty"`
	Won     bool `json:",omitempty"`
}

// The tie-breaks of first place (Result.TieBreak).
const (
	TieMoney = "money" // more money (the English of old results too)
	TieOre   = "ore"   // more ore cubes in their mines
	TieOrder = "order" // earlier on the work track
)

// tieBreakOfEnglish are the tie-breaks as results stored before the codes
// wrote them.
var tieBreakOfEnglish = map[string]string{"ore cubes in their mines": TieOre, "work track order": TieOrder}

// TieBreakCode is r's tie-break as a code, whether r was stored with the
// code or with its English; "" when none decided.
func (r *Result) TieBreakCode() string {
	if r == nil {
		return ""
	}
	if c, ok := tieBreakOfEnglish[r.TieBreak]; ok {
		return c
	}
	return r.TieBreak
}

// State is a whole game. Treat it as immutable: Apply returns a new State.
// It holds hidden information (face-down tiles, hands, the generator), so it
// never leaves the engine except as a snapshot for storage; players see
// PublicView and SeatView only.
type State struct {
	EditionVersion string
	Options        Options
	NumSeats       int
	Version        int // number of actions applied
	RNG            uint64
	FixedDice      []int // setup override: dice faces used before the generator

	Round     int // 1..4
	Phase     Phase
	TinCol    int // price column 0..3
	CopperCol int
	TinDice   [3]int
	CopDice   [3]int

	Areas   []Area
	Adits   []bool // per border
	Players []Player
	Arrived int // arrival counter

	PassOrder []int // seats in the order they passed this round

	Miners, Ports, Trains, AditsLeft int     // pieces left in this round's column
	PumpGroups                       [][]int // per round column: group sizes, 0 once taken

	Decks [NumRegions][]int // 2p draw piles, top first (hidden)

	Auction *Auction

	// The phase-local fields of PhasePumps, PhaseInvest and PhasePeek,
	// embedded so that their JSON stays flat (the same snapshot bytes as
	// when they were State's own fields).
	Pumping
	Investing
	Peeking

	// Arsenic: cubes on the market per section (best first), and the mine
	// just built whose owner may build its calciner (PhaseCalciner).
	ArsenicMarket              []int `json:",omitempty"`
	CalcinerSeat, CalcinerArea int   `json:",omitempty"`

	// Emigration: Emigrants[location][round-1] is the seat whose miner
	// claimed that space, or -1 (nil without the module).
	Emigrants [][NumRounds]int `json:",omitempty"`

	// Solo: Lord Wallace's decks and bookkeeping (nil in a game for 2–5).
	// He is Players[WallaceSeat], a seat that never clicks: NumSeats counts
	// the human seats only.
	Solo *SoloState `json:",omitempty"`

	// Log is the public account of the game, one line per event: it counts
	// the lines, and holds the English of lines written before the engine
	// spoke in catalogue messages ("" for every later line).
	Log []string
	// LogMessages are the log's lines as catalogue messages, aligned with
	// the end of Log: a state from before they existed has fewer, at the
	// front (LogMessage pads), and a line whose message is unset is shown
	// in its English.
	LogMessages MessageList `json:",omitempty"`
	Result      *Result
	Ledger      Ledger

	events []Event // collected during one Apply
	// wallacing: Lord Wallace is taking his turn (wallaceTurn): what is
	// logged meanwhile is his turn's.
	wallacing bool
	reveal    bool // something hidden became known since the last log line
	// quiet: the state writes no log lines and no events (a Sim's play,
	// sim.go, which rebuilds them when its log is read); Clone is loud.
	quiet bool
}

// MessageList is a list of catalogue messages that reads back from JSON
// as it was written: nested messages come back as engine.Message (not as
// maps) and whole numbers as int, so a restored state snapshots to the
// same bytes.
type MessageList []engine.Message

// UnmarshalJSON reads the list and restores the nested messages.
func (l *MessageList) UnmarshalJSON(b []byte) error {
	var raw []engine.Message
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	for i := range raw {
		raw[i] = restoreMessage(raw[i])
	}
	*l = raw
	return nil
}

func restoreMessage(m engine.Message) engine.Message {
	for k, v := range m.Args {
		m.Args[k] = restoreArg(v)
	}
	return m
}

func restoreArg(v any) any {
	switch v := v.(type) {
	case float64:
		if v == float64(int(v)) {
			return int(v)
		}
	case map[string]any:
		id, ok := v["id"].(string)
		if !ok {
			return v
		}
		m := engine.Message{ID: id}
		if args, ok := v["args"].(map[string]any); ok {
			m.Args = args
		}
		return restoreMessage(m)
	}
	return v
}

// LogMessage returns log line i as a catalogue message, or an unset one
// when the line has none (the reader then sees Log[i]).
func (s *State) LogMessage(i int) engine.Message {
	if off := len(s.Log) - len(s.LogMessages); i >= off && i-off < len(s.LogMessages) {
		return s.LogMessages[i-off]
	}
	return engine.Message{}
}

// Edition returns the components of the edition the state was set up with.
// A state of an unknown version (never made by NewGame) gets the current
// one, as before editions were told apart.
func (s *State) Edition() *Edition {
	// Every version, known or not, reads the one printed table
	// (EditionOf); Legal asks for it per candidate move, so it is
	// returned without comparing the version.
	return Standard
}

// Clone returns a deep copy.
func (s *State) Clone() *State {
	c := *s
	c.quiet = false
	c.FixedDice = append([]int(nil), s.FixedDice...)
	c.Areas = append([]Area(nil), s.Areas...)
	c.Adits = append([]bool(nil), s.Adits...)
	c.Players = append([]Player(nil), s.Players...)
	for i := range c.Players {
		p := &c.Players[i]
		p.Hand = append([]int(nil), p.Hand...)
		p.Draft = append([]int(nil), p.Draft...)
		p.Peeked = append([]PeekedTile(nil), p.Peeked...)
	}
	c.PassOrder = append([]int(nil), s.PassOrder...)
	c.PumpGroups = make([][]int, len(s.PumpGroups))
	for i, g := range s.PumpGroups {
		c.PumpGroups[i] = append([]int(nil), g...)
	}
	for r := range c.Decks {
		c.Decks[r] = append([]int(nil), s.Decks[r]...)
	}
	if s.Auction != nil {
		a := *s.Auction
		a.In = append([]int(nil), s.Auction.In...)
		c.Auction = &a
	}
	c.PeekQueue = append([]int(nil), s.PeekQueue...)
	c.ArsenicMarket = append([]int(nil), s.ArsenicMarket...)
	c.Emigrants = append([][NumRounds]int(nil), s.Emigrants...)
	if s.Solo != nil {
		c.Solo = s.Solo.clone()
	}
	// Log lines are immutable strings; sharing the backing array is safe
	// only if we never write in place, so cap it to force a copy on append.
	c.Log = s.Log[:len(s.Log):len(s.Log)]
	c.LogMessages = s.LogMessages[:len(s.LogMessages):len(s.LogMessages)]
	if s.Result != nil {
		r := *s.Result
		r.Ranking = append([]int(nil), s.Result.Ranking...)
		c.Result = &r
	}
	return &c
}

// RuleError is a move the rules forbid. Code is stable for programs; Msg is
// one sentence for the player.
type RuleError = engine.RuleError

// Rule error codes.
const (
	ErrNotYourTurn     = "not_your_turn"
	ErrWrongPhase      = "wrong_phase"
	ErrNoWorkPoints    = "no_work_points"
	ErrNoMoney         = "no_money"
	ErrNoTile          = "no_tile"
	ErrNotAvailable    = "not_available"
	ErrBadArea         = "bad_area"
	ErrBadCard         = "bad_card"
	ErrBadBid          = "bad_bid"
	ErrNoMines         = "no_mines"
	ErrMustPass        = "must_pass"
	ErrBadAmount       = "bad_amount"
	ErrGameOver        = "game_over"
	ErrNotSeated       = "not_seated"
	ErrUnsupported     = "unsupported"
	ErrMalformedAction = "malformed"
)

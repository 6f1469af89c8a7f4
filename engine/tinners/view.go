package tinners

// PublicView is everything every player may see: the board, the panels,
// money and points, counts of hands. It holds no face-down tile value, no
// survey card in anyone's hand, no deck order and no seed. Everything posted
// publicly (text and pictures) is built from it.
type PublicView struct {
	EditionVersion string
	NumSeats       int
	Version        int
	Round          int
	Phase          Phase

	Tin, Copper       int // this round's prices in £
	TinCol, CopperCol int // their columns 0..3
	TinDice, CopDice  [3]int

	Areas []AreaView // index = area index in the edition
	Adits []bool     // index = border index
	Seats []SeatPublic

	// TurnOrder lists the seats still in phase 2, active first (leftmost
	// column, then earliest arrival). PassOrder lists the seats that passed,
	// in order: their investment rows.
	TurnOrder []int
	PassOrder []int
	// InvestRows are this round's points per £10 and per £5 by row.
	InvestRows [][2]int

	Dev        DevView
	DeckSizes  [NumRegions]int // 2p draw piles
	ToAct      []int           // seats the game waits for
	Auction    *AuctionView
	PumpsLeft  int // steam pumps the active seat still has to place
	InvestTurn int // the investing seat, or -1
	// Arsenic (zero values without the module): whether it is played, the
	// cubes on the market per section (best first), the first section open
	// this round (0-based), the price the next cube would fetch, and the
	// area of the mine whose owner is choosing whether to build a calciner
	// (-1: none).
	Arsenic       bool
	ArsenicMarket []int
	ArsenicOpen   int
	ArsenicNext   int
	CalcinerArea  int
	// Emigration (zero values without the module): whether it is played,
	// and Emigrants[location][round-1], the seat whose miner claimed that
	// space of the board or -1 (Kimberly's and Adelaide's claimed spaces
	// are their tokens).
	Emigration bool
	Emigrants  [][NumRounds]int
	// Solo (nil in a game for 2–5 players): Lord Wallace's part. Seats
	// holds the player only; his public seat is Solo.Lord. His index,
	// Solo.Seat, is the one areas (Mine, OwnMiner), TurnOrder, PassOrder,
	// auctions and events use for him.
	Solo *SoloView `json:",omitempty"`
	// Log and LogMessages are the public log as State has them (see
	// State.Log and State.LogMessages).
	Log         []string
	LogMessages MessageList `json:",omitempty"`
	Result      *Result
}

// SoloView is what everyone sees of Lord Wallace. His survey deck's cards
// and the order of his action deck are hidden.
type SoloView struct {
	Seat int        // his index wherever a seat is named (WallaceSeat)
	Lord SeatPublic // his work marker, points, mines left, pieces: as a seat's
	// Owed is what his mining has cost this round, paid out of his sales
	// in phase 3 (his money marker); Income is what he has earned this
	// round before phase 3 (arsenic sold, a bonus tile), also Lord.Money;
	// Kimberly is the Kimberly money he takes in this round's phase 3.
	Owed, Income, Kimberly int
	// ActionDeck is the number of cards left in his action deck; Used are
	// the cards drawn since it was last shuffled, in order (numbers 1..10).
	ActionDeck int
	Used       []int
	// Card is the action card drawn last (1..10; 0: none yet), Cells its
	// printed grid (Cells[round-1][column], "B" or "B/M"), and Act the
	// action he read on it.
	Card  int
	Cells [][]string
	Act   string
	// SurveyDeck is the number of cards in his face-down survey deck.
	SurveyDeck int
	// Difficulty lists the difficulty options in play, by key.
	Difficulty []string
	// Rows are the 1-based investment rows this round for the player and
	// for him, once each has passed (0 before).
	PlayerRow, WallaceRow int
	// Stuck counts his turns on which no action card was possible and he
	// passed.
	Stuck int
}

// AreaView is one area as everyone sees it.
type AreaView struct {
	ID       string
	InPlay   bool
	HasTile  bool
	FaceDown bool  // a tile lies face down: its contents are hidden
	Tile     *Tile // the face-up tile; nil when face down or absent
	Removed  bool
	Tin      int
	Copper   int
	Water    int
	Drain    int
	Mine     int // owner seat or -1
	Miner    bool
	Port     bool
	Train    bool
	Pumps    int
	Peekers  []int // seats whose peek token is on the tile
	Capacity int   // extraction capacity if a mine is here
	Arsenic  int   // arsenic cubes on the area
	Calciner bool  // the mine owner's calciner stands here
	// Emigration: the seat whose own miner is the area's miner (-1: none,
	// or the miner is from the supply), and Michigan's extra miners.
	OwnMiner int
	Extra    int
}

// SeatPublic is what everyone sees of a seat.
type SeatPublic struct {
	Seat       int
	Money      int
	Points     int
	MinesLeft  int
	HandCount  int
	Tin        int // ore extracted this round
	Copper     int
	Col        int // work track column
	Passed     bool
	PassRow    int  // 1-based investment row once passed, else 0
	DraftDone  bool // setup: finished discarding
	InvestDone bool
	// Arsenic: cubes processed and not sold, the limiter's column (0: not
	// placed), the final column (10 or left of the limiter) and the area
	// of the seat's calciner (-1: not built).
	Arsenic  int
	Limiter  int
	FinalCol int
	Calciner int
	// Emigration: own miners not yet placed, own miners emigrated, and the
	// Michigan pieces waiting to be placed.
	OwnMiners int
	Emigrated int
	Pending   Pieces
}

// DevView is the development board's current column.
type DevView struct {
	Miners, Ports, Trains, Adits int
	// Pumps[r] are the steam pump groups in round column r (0-based), 0 = taken.
	Pumps [][]int
	// NextPumps is the size of the group the steam pumps action would take now (0: none).
	NextPumps int
}

// AuctionView is a live auction as everyone sees it.
type AuctionView struct {
	Area     int
	Opener   int
	Card     *Card // a card played before the auction is played face up
	FromDeck bool
	Insured  bool
	Min      int
	High     int
	HighSeat int
	Turn     int   // seat to bid, or -1 after bidding
	In       []int // seats still bidding
	Out      []int // seats that dropped out
	Winner   int   // -1 while bidding
}

// SeatView is what one seat sees: the public view plus its own secrets and
// the moves it may make.
type SeatView struct {
	PublicView
	Seat   int
	Hand   []Card
	Draft  []Card
	Peeked []PeekedTile // face-down tiles this seat knows now
	Legal  []Choice
}

// Edition returns the components of the view's edition: area names and
// regions, costs, the map's borders and geometry, the modules' tables.
// They are printed facts, the same for every game of the edition.
func (v PublicView) Edition() *Edition {
	if e := EditionOf(v.EditionVersion); e != nil {
		return e
	}
	return Standard // as State.Edition
}

// Cost is the work points an action of kind k costs (0: free).
func (v PublicView) Cost(k ActionKind) int { return v.Edition().Costs[k] }

// PublicView returns the state as everyone sees it.
func (s *State) PublicView() PublicView {
	e := s.Edition()
	v := PublicView{
		EditionVersion: s.EditionVersion, NumSeats: s.NumSeats, Version: s.Version,
		Round: s.Round, Phase: s.Phase,
		Tin: e.TinPrices[s.TinCol], Copper: e.CopperPrices[s.CopperCol],
		TinCol: s.TinCol, CopperCol: s.CopperCol, TinDice: s.TinDice, CopDice: s.CopDice,
		Adits:        append([]bool(nil), s.Adits...),
		TurnOrder:    s.turnOrder(),
		PassOrder:    append([]int(nil), s.PassOrder...),
		ToAct:        s.ToAct(),
		PumpsLeft:    s.PumpsLeft,
		InvestTurn:   -1,
		Arsenic:      s.Options.Arsenic,
		CalcinerArea: -1,
		Log:          append([]string(nil), s.Log...),
		LogMessages:  append(MessageList(nil), s.LogMessages...),
	}
	v.InvestRows = s.investRowsView()
	v.Areas = s.areaViews()
	for i := range s.Players {
		if !s.isWallace(i) { // his is in Solo.Lord
			v.Seats = append(v.Seats, s.seatPublic(i))
		}
	}
	v.Dev = s.devView()
	for r := range s.Decks {
		v.DeckSizes[r] = len(s.Decks[r])
	}
	v.Auction = s.auctionView()
	s.moduleViews(&v)
	if s.Phase == PhaseInvest && s.InvestTurn < len(s.PassOrder) {
		v.InvestTurn = s.PassOrder[s.InvestTurn]
	}
	if s.Result != nil {
		r := *s.Result
		r.Ranking = append([]int(nil), s.Result.Ranking...)
		r.TieBreak = s.Result.TieBreakCode()
		v.Result = &r
	}
	return v
}

// investRowsView is this round's rows of the investment panel in play:
// one a seat, with Lord Wallace's (and Financial Sabotage's) in the solo
// game; none outside rounds 1–4.
func (s *State) investRowsView() [][2]int {
	if s.Round < 1 || s.Round > NumRounds {
		return nil
	}
	rows := s.NumSeats
	if s.solo() {
		rows = len(s.Players)
		if s.Options.FinancialSabotage {
			rows++
		}
	}
	var out [][2]int
	for row := 0; row < rows; row++ {
		out = append(out, s.Edition().Invest[s.Round-1][row])
	}
	return out
}

// areaViews is every area as everyone sees it: face-down tiles hidden,
// who peeked, the capacity of a mine.
func (s *State) areaViews() []AreaView {
	e := s.Edition()
	var out []AreaView
	for i, a := range s.Areas {
		av := AreaView{
			ID: e.Areas[i].ID, InPlay: a.InPlay, HasTile: a.HasTile, FaceDown: a.HasTile && !a.FaceUp,
			Removed: a.Removed, Tin: a.Tin, Copper: a.Copper, Water: a.Water, Drain: a.Drain,
			Mine: a.Mine, Miner: a.Miner, Port: a.Port, Train: a.Train, Pumps: a.Pumps,
			Arsenic: a.Arsenic, Calciner: a.Calciner, OwnMiner: a.OwnMiner - 1, Extra: a.Extra,
		}
		if a.HasTile && a.FaceUp {
			t := a.Tile
			av.Tile = &t
		}
		for p := 0; p < s.NumSeats; p++ {
			if a.Peekers&(1<<uint(p)) != 0 {
				av.Peekers = append(av.Peekers, p)
			}
		}
		if a.Mine >= 0 {
			av.Capacity = s.capacity(i)
		}
		out = append(out, av)
	}
	return out
}

// devView is the development board: pieces and steam pumps left, and the
// size of the next pump group.
func (s *State) devView() DevView {
	d := DevView{Miners: s.Miners, Ports: s.Ports, Trains: s.Trains, Adits: s.AditsLeft}
	for _, g := range s.PumpGroups {
		d.Pumps = append(d.Pumps, append([]int(nil), g...))
	}
	if c, gi := s.nextPumpGroup(); c >= 0 {
		d.NextPumps = s.PumpGroups[c][gi]
	}
	return d
}

// auctionView is the live auction as everyone sees it, or nil.
func (s *State) auctionView() *AuctionView {
	a := s.Auction
	if a == nil {
		return nil
	}
	av := &AuctionView{Area: a.Area, Opener: a.Opener, FromDeck: a.FromDeck, Insured: a.Insured, Min: a.Min,
		High: a.High, HighSeat: a.HighSeat, Turn: -1, Winner: a.Winner}
	if s.Phase == PhaseAuction {
		av.Turn = a.Turn
	}
	if a.Card != NoCard {
		c := s.Edition().Cards[a.Card]
		av.Card = &c
	}
	for _, p := range a.In {
		if a.Out&(1<<uint(p)) != 0 {
			av.Out = append(av.Out, p)
		} else {
			av.In = append(av.In, p)
		}
	}
	return av
}

// moduleViews fills in v's parts of the modules in play: the arsenic
// market, the emigration board, Lord Wallace's solo board.
func (s *State) moduleViews(v *PublicView) {
	e := s.Edition()
	if s.Options.Arsenic {
		v.ArsenicMarket = make([]int, len(e.Arsenic))
		copy(v.ArsenicMarket, s.ArsenicMarket)
		v.ArsenicOpen = min(max(s.Round-1, 0), len(e.Arsenic)-1)
		v.ArsenicNext = e.ArsenicNext(s.ArsenicMarket, s.Round)
		if s.Phase == PhaseCalciner {
			v.CalcinerArea = s.CalcinerArea
		}
	}
	if s.Options.Emigration {
		v.Emigration = true
		v.Emigrants = append([][NumRounds]int(nil), s.Emigrants...)
	}
	if s.solo() {
		v.Solo = s.soloView()
		v.Solo.Lord = s.seatPublic(WallaceSeat)
	}
}

// SeatView returns what seat sees, including the moves it may make now.
func (s *State) SeatView(seat int) SeatView {
	v := SeatView{PublicView: s.PublicView(), Seat: seat}
	if seat < 0 || seat >= s.NumSeats {
		return v
	}
	e := s.Edition()
	p := s.Players[seat]
	for _, id := range p.Hand {
		v.Hand = append(v.Hand, e.Cards[id])
	}
	for _, id := range p.Draft {
		v.Draft = append(v.Draft, e.Cards[id])
	}
	for _, pk := range p.Peeked {
		if a := s.Areas[pk.Area]; a.HasTile && !a.FaceUp {
			v.Peeked = append(v.Peeked, pk)
		}
	}
	if a := s.Auction; a != nil && a.Peek && a.Opener == seat && !s.Areas[a.Area].FaceUp && s.Areas[a.Area].HasTile {
		known := false
		for _, pk := range v.Peeked {
			known = known || pk.Area == a.Area
		}
		if !known {
			v.Peeked = append(v.Peeked, PeekedTile{Area: a.Area, Tile: s.Areas[a.Area].Tile})
		}
	}
	v.Legal = s.Legal(seat)
	return v
}

func (s *State) soloView() *SoloView {
	o := s.Solo
	v := &SoloView{Seat: WallaceSeat, Owed: o.Owed, Income: s.Players[WallaceSeat].Money, Kimberly: o.Kimberly,
		ActionDeck: len(o.Actions), SurveyDeck: len(o.Survey), Difficulty: s.Options.DifficultyKeys(), Stuck: o.Stuck}
	for _, c := range o.Used {
		v.Used = append(v.Used, c+1)
	}
	if o.Card >= 0 {
		v.Card = o.Card + 1
		v.Act = o.Act.String()
		for _, row := range s.Edition().Wallace[o.Card].Cells {
			var r []string
			for _, c := range row {
				r = append(r, c.String())
			}
			v.Cells = append(v.Cells, r)
		}
	}
	for _, q := range s.PassOrder {
		if q == WallaceSeat {
			v.WallaceRow = s.investRow(q) + 1
		} else {
			v.PlayerRow = s.investRow(q) + 1
		}
	}
	return v
}

// seatPublic is what everyone sees of seat i.
func (s *State) seatPublic(i int) SeatPublic {
	p := s.Players[i]
	sp := SeatPublic{Seat: i, Money: p.Money, Points: p.Points, MinesLeft: s.minesLeft(i),
		HandCount: len(p.Hand), Tin: p.Tin, Copper: p.Copper, Col: p.Col, Passed: p.Passed,
		DraftDone: s.Phase == PhaseDraft && s.draftDone(i), InvestDone: s.InvestDone&(1<<uint(i)) != 0,
		Arsenic: p.Arsenic, Limiter: p.Limiter, FinalCol: s.finalCol(i), Calciner: s.calciner(i),
		OwnMiners: p.OwnMiners, Emigrated: p.Emigrated, Pending: p.Pending}
	for row, q := range s.PassOrder {
		if q == i {
			sp.PassRow = row + 1
		}
	}
	return sp
}

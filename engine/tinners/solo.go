package tinners

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// This file is the solo game: Lord Wallace's setup, his turn, and the
// bookkeeping that differs for him. His actions are in wallace.go. He is
// Players[WallaceSeat], a seat that never clicks: the game never waits for
// him (ToAct never lists him); whenever he is the active player, or must
// answer in an auction, Apply carries out his turn as automatic steps
// after the player's action, logging every card drawn and die rolled.

// WallaceSeat is Lord Wallace's index in State.Players and in
// PublicView.Seats in a solo game; the player is seat 0.
const WallaceSeat = 1

// SoloState is Lord Wallace's part of a solo game.
type SoloState struct {
	// Actions is his action deck, top first (hidden); Used lists the cards
	// drawn since it was last shuffled, in order (public).
	Actions []int `json:",omitempty"`
	Used    []int `json:",omitempty"`
	// Card is the action card he drew last (-1: none yet) and Act the
	// action he read on it.
	Card int
	Act  WallaceAct `json:",omitempty"`
	// Survey is his face-down survey deck, top first (hidden).
	Survey []int `json:",omitempty"`
	// Owed is what his mining cost this round, settled in phase 3 (his
	// money marker). Kimberly is the money his Kimberly miner brings this
	// round's phase 3, all of it at once.
	Owed     int `json:",omitempty"`
	Kimberly int `json:",omitempty"`
	// Stuck counts his turns on which no action card gave him anything
	// possible to do, so he passed (the deck is designed so that this
	// happens only when no build, mine or development is possible at all;
	// DeckMisses counts the turns where one was, and must stay 0).
	Stuck      int `json:",omitempty"`
	DeckMisses int `json:",omitempty"`
}

func (o *SoloState) clone() *SoloState {
	c := *o
	c.Actions = append([]int(nil), o.Actions...)
	c.Used = append([]int(nil), o.Used...)
	c.Survey = append([]int(nil), o.Survey...)
	return &c
}

// solo reports whether s is a game against Lord Wallace.
func (s *State) solo() bool { return s.Solo != nil }

// isWallace reports whether seat is Lord Wallace.
func (s *State) isWallace(seat int) bool { return s.Solo != nil && seat == WallaceSeat }

// twoPlayerRules reports whether auctions use the 2-player survey card
// rules (a card before every auction, from the hand or the deck): with two
// players and in the solo game.
func (s *State) twoPlayerRules() bool { return s.NumSeats <= 2 }

// who names seat in a log line: {P0}..{P4} for players, Lord Wallace by name.
func (s *State) who(seat int) string {
	if s.isWallace(seat) {
		return "Lord Wallace"
	}
	if seat >= 0 && seat < len(seatWho) {
		return seatWho[seat]
	}
	return fmt.Sprintf("{P%d}", seat)
}

// seatWho is who's answer for the usual seats, without formatting it.
var seatWho = [...]string{"{P0}", "{P1}", "{P2}", "{P3}", "{P4}", "{P5}"}

// dealWallaceSurvey gives Lord Wallace his survey deck: the given cards, or
// two from each region deck in use (the cards a player would draw at the
// draft; he keeps all six), shuffled face down. The cards leave decks;
// used marks them.
func (s *State) dealWallaceSurvey(given []int, decks *[NumDecks][]int, used map[int]bool) error {
	e := s.Edition()
	if len(given) > 0 {
		for _, c := range given {
			if c < 0 || c >= len(e.Cards) || used[c] || e.Cards[c].Deck > DeckD {
				return fmt.Errorf("setup: Lord Wallace's survey deck: bad or repeated card %d", c)
			}
			used[c] = true
			d := e.Cards[c].Deck
			decks[d] = removeInt(decks[d], c)
		}
		s.Solo.Survey = append([]int(nil), given...)
		return nil
	}
	for r := 0; r < s.regionsInUse(); r++ {
		var keep []int
		took := 0
		for _, c := range decks[r] {
			if took < 2 && !used[c] {
				s.Solo.Survey = append(s.Solo.Survey, c)
				used[c] = true
				took++
				continue
			}
			keep = append(keep, c)
		}
		decks[r] = keep
	}
	s.shuffleInts(s.Solo.Survey)
	return nil
}

// dealWallaceActions shuffles his action deck, or takes the given order.
func (s *State) dealWallaceActions(given []int) error {
	n := len(s.Edition().Wallace)
	if len(given) > 0 {
		if !isPerm(given, n) {
			return fmt.Errorf("setup: Lord Wallace's action deck %v is not an order of cards 0..%d", given, n-1)
		}
		s.Solo.Actions = append([]int(nil), given...)
		return nil
	}
	s.Solo.Actions = s.perm(n)
	return nil
}

// settle plays Lord Wallace's turns for as long as he is the active player.
// Apply calls it after every action; NewGame after setup.
func (s *State) settle() {
	if s.Solo == nil {
		return
	}
	for guard := 0; s.Phase == PhaseActions && s.active() == WallaceSeat; guard++ {
		if guard > 200 {
			// Cannot happen: every turn of his moves his marker or passes.
			// A backstop, so a bug can never hang the bot.
			s.wallacePass("tt_log_wallace_pass_too_many")
			continue
		}
		s.wallaceTurn()
	}
}

// copperHigh reports whether copper sells at £8 or £10 this round: then
// the orange actions on his cards apply.
func (s *State) copperHigh() bool { return highCopper(s.Edition().CopperPrices[s.CopperCol]) }

// drawWallaceCard turns over the top card of his action deck, shuffling
// all ten into a new deck first if it is empty.
func (s *State) drawWallaceCard() int {
	o := s.Solo
	if len(o.Actions) == 0 {
		o.Actions = s.perm(len(s.Edition().Wallace))
		o.Used = nil
		if s.loud() {
			s.logm(WallaceSeat, say("tt_log_wallace_reshuffle"))
		}
	}
	c := o.Actions[0]
	o.Actions = o.Actions[1:]
	o.Used = append(o.Used, c)
	o.Card = c
	s.reveal = true
	return c
}

// wallaceOutcome is what an attempted action of his came to.
type wallaceOutcome int

const (
	wallaceImpossible wallaceOutcome = iota // draw another card
	wallaceActed                            // his turn is over
	wallaceAgain                            // he processed arsenic: still his turn, draw another card
)

// wallaceTurn is one turn of Lord Wallace: reveal action cards until one
// gives an action he can carry out.
func (s *State) wallaceTurn() {
	s.wallacing = true
	defer func() { s.wallacing = false }()
	e := s.Edition()
	w := &s.Players[WallaceSeat]
	s.wallacePlacePending()
	tried := map[int]bool{}
	for {
		if w.Col >= s.finalCol(WallaceSeat) {
			s.wallacePass("tt_log_wallace_pass_final")
			return
		}
		c := s.drawWallaceCard()
		cell := e.Wallace[c].Cells[s.Round-1][w.Col]
		act := cell.Pick(s.copperHigh())
		s.Solo.Act = act
		var howWords any = ""
		if cell.Orange != WNone {
			if s.copperHigh() {
				howWords = say("tt_log_wallace_orange", "Price", e.CopperPrices[s.CopperCol])
			} else {
				howWords = say("tt_log_wallace_not_orange", "Act", WallaceActWords(cell.Orange), "Price", e.CopperPrices[s.CopperCol])
			}
		}
		if s.loud() {
			s.logm(WallaceSeat, say("tt_log_wallace_card", "Card", c+1, "Act", WallaceActWords(act), "Round", s.Round, "Col", w.Col, "How", howWords))
		}
		survey := len(s.Solo.Survey)
		switch s.wallaceDo(act) {
		case wallaceActed:
			return
		case wallaceAgain:
			continue
		}
		if len(s.Solo.Survey) != survey {
			// A failed Build discarded a survey card: the cards tried
			// so far may work now.
			tried = map[int]bool{}
		}
		if s.Round == NumRounds && w.Col >= 7 && !s.wallaceCanMine() {
			s.wallacePass("tt_log_wallace_pass_nothing")
			return
		}
		tried[c] = true
		if len(tried) == len(e.Wallace) {
			s.Solo.Stuck++
			for _, a := range []WallaceAct{WBuild, WMine, WDevelop} {
				if s.Clone().wallaceDo(a) != wallaceImpossible {
					s.Solo.DeckMisses++
				}
			}
			s.wallacePass("tt_log_wallace_pass_stuck")
			return
		}
		if s.loud() {
			s.logm(WallaceSeat, say("tt_log_wallace_cannot_"+strings.ToLower(act.Code())))
		}
	}
}

// wallacePass passes for him, saying why (message id) when id is not "".
func (s *State) wallacePass(id string) {
	if id != "" {
		if s.loud() {
			s.logm(WallaceSeat, say(id))
		}
	}
	s.do(Action{Seat: WallaceSeat, Kind: ActPass, Area: -1, Border: -1, Card: NoCard})
}

// wallaceDo tries action act for him.
func (s *State) wallaceDo(act WallaceAct) wallaceOutcome {
	done := func(ok bool) wallaceOutcome {
		if ok {
			return wallaceActed
		}
		return wallaceImpossible
	}
	switch act {
	case WPass:
		s.wallacePass("")
		return wallaceActed
	case WBuild:
		if s.wallaceEmigrate(Adelaide) {
			return wallaceActed
		}
		return done(s.wallaceBuild(false))
	case WMine:
		if s.wallaceEmigrate(SierraMadre, Kimberly) {
			return wallaceActed
		}
		return s.wallaceMine()
	case WDevelop:
		if s.wallaceEmigrate(Michigan) {
			return wallaceActed
		}
		order := []func() bool{s.wallaceTrain, s.wallaceAdit, s.wallacePort, s.wallacePumps, s.wallaceMiner}
		if s.Options.Emigration {
			order = []func() bool{s.wallaceMiner, s.wallaceTrain, s.wallaceAdit, s.wallacePort, s.wallacePumps}
		}
		for _, f := range order {
			if f() {
				return wallaceActed
			}
		}
		return wallaceImpossible
	case WTrain:
		return done(s.wallaceTrain())
	case WAdit:
		// An adit he cannot place becomes steam pumps (not so under Develop).
		if s.wallaceAdit() {
			return wallaceActed
		}
		if s.Clone().wallacePumps() {
			if s.loud() {
				s.logm(WallaceSeat, say("tt_log_wallace_adit_to_pumps"))
			}
		}
		return done(s.wallacePumps())
	case WPort:
		return done(s.wallacePort())
	case WPumps:
		return done(s.wallacePumps())
	case WMiner:
		return done(s.wallaceMiner())
	}
	return wallaceImpossible
}

// wallaceStartRound applies the difficulty options that act at the start
// of a round: bailing out (water off his mines in rounds 2–4) and shady
// land purchases (a free mine in rounds 3 and 4).
func (s *State) wallaceStartRound() {
	if s.Options.BailingOut && s.Round >= 2 {
		n := s.Round - 1
		if s.loud() {
			s.logm(WallaceSeat, say("tt_log_wallace_bailing_out", "Count", n))
		}
		s.wallaceRemoveWater(n)
	}
	if s.Options.ShadyLandPurchases && s.Round >= 3 {
		if !s.wallaceBuild(true) {
			if s.loud() {
				s.logm(WallaceSeat, say("tt_log_wallace_shady_none"))
			}
		}
	}
}

// investRow is the 0-based investment row seat invests at: its place in
// the passing order, moved by the solo difficulty options (Lord Wallace
// at the top row with friends in high places; the player one row lower
// with financial sabotage).
func (s *State) investRow(seat int) int {
	row := s.row(seat)
	if s.Solo != nil {
		switch {
		case seat == WallaceSeat && s.Options.FriendsInHighPlaces:
			row = 0
		case seat != WallaceSeat && s.Options.FinancialSabotage:
			row++
		}
	}
	return min(row, MaxSeats-1)
}

// wallaceSettle is Lord Wallace's phase 3: his sales (with Adelaide's bonus
// on every cube), his round's other income and Kimberly's money, minus what
// he owes (half, rounded up, with cheap labour), is his profit; he invests
// all he can at his row, and the rest is lost.
func (s *State) wallaceSettle() {
	e := s.Edition()
	w := &s.Players[WallaceSeat]
	o := s.Solo
	tin, cop := e.TinPrices[s.TinCol], e.CopperPrices[s.CopperCol]
	earn := w.Tin*tin + w.Copper*cop
	bonus := 0
	if s.Options.Emigration && s.Emigrants[Adelaide][s.Round-1] == WallaceSeat {
		// "Applied to all of his ore cubes, regardless of the normal
		// restrictions": every cube gets the round's larger bonus.
		bonus = (w.Tin + w.Copper) * e.AdelaideBonus[s.Round-1][0]
	}
	w.Money += earn + bonus
	s.Ledger.Sales += earn
	s.Ledger.Adelaide += bonus
	s.Ledger.TinSold += w.Tin
	s.Ledger.CopperSold += w.Copper
	if o.Kimberly > 0 {
		w.Money += o.Kimberly
		s.Ledger.Kimberly += o.Kimberly
		if s.loud() {
			s.logm(WallaceSeat, say("tt_log_wallace_kimberly", "Money", o.Kimberly))
		}
		o.Kimberly = 0
	}
	owed := o.Owed
	if s.Options.CheapLabour {
		owed = ceilHalf(owed)
	}
	s.Ledger.Extraction += owed
	w.Money -= owed
	profit := w.Money
	row := s.investRow(WallaceSeat)
	v := e.Invest[s.Round-1][row]
	tens, fives, pts := bestSplit(max(profit, 0), v)
	spent := tens*10 + fives*5
	w.Points += pts
	s.Ledger.Invested += spent
	s.Ledger.Points += pts
	lost := profit - spent
	s.Ledger.WrittenOff += lost
	var bonusWords, cheapWords, lostWords any = "", "", ""
	if bonus > 0 {
		bonusWords = say("tt_log_wallace_settle_bonus", "Bonus", bonus)
	}
	if s.Options.CheapLabour && owed != o.Owed {
		cheapWords = say("tt_log_wallace_settle_cheap", "Owed", o.Owed)
	}
	if lost > 0 {
		lostWords = say("tt_log_wallace_settle_lost", "Lost", lost)
	}
	if s.loud() {
		s.logm(WallaceSeat, say("tt_log_wallace_settle", "Tin", w.Tin, "Copper", w.Copper, "Money", earn+bonus, "Bonus", bonusWords,
			"Other", profit+owed-earn-bonus, "Owes", owed, "Cheap", cheapWords, "Profit", profit, "Spent", spent, "Row", row+1,
			"Count", pts, "Lost", lostWords))
	}
	w.Money, w.Tin, w.Copper = 0, 0, 0
	o.Owed = 0
	s.InvestDone |= 1 << uint(WallaceSeat)
}

// soloResult ends a solo game: the player wins with more points than Lord
// Wallace; a tie is his (the rulebook: "more points than Lord Wallace").
func (s *State) soloResult() {
	me, him := s.Players[0].Points, s.Players[WallaceSeat].Points
	res := &Result{Ranking: []int{0}, Wallace: him, Won: me > him}
	s.Result = res
	s.Phase = PhaseOver
	s.Auction = nil
	if s.loud() {
		s.logm(-1, say("tt_log_solo_over", "P", "{P0}", "Points", me, "Money", s.Players[0].Money, "Wallace", him))
	}
	switch {
	case me > him:
		if s.loud() {
			s.logm(0, say("tt_log_solo_won", "P", "{P0}"))
		}
	case me == him:
		if s.loud() {
			s.logm(WallaceSeat, say("tt_log_solo_tie"))
		}
	default:
		if s.loud() {
			s.logm(WallaceSeat, say("tt_log_solo_lost"))
		}
	}
}

// sortAreas orders idx by the comparison less (a stable sort over area
// indexes, so equal areas keep index order).
func sortAreas(idx []int, less func(a, b int) bool) {
	sort.SliceStable(idx, func(i, j int) bool { return less(idx[i], idx[j]) })
}

// cmpKeys compares two key lists lexicographically: true if a comes first.
// Each key is "larger first".
func cmpKeys(a, b []int) bool {
	for k := range a {
		if a[k] != b[k] {
			return a[k] > b[k]
		}
	}
	return false
}

// east is a sort key: larger means further east (longitude in 1/1000°).
func (s *State) east(i int) int { return int(s.Edition().Areas[i].Lon * 1000) }

func boolKey(b bool) int {
	if b {
		return 1
	}
	return 0
}

// NonPlayers names Lord Wallace, engine seat WallaceSeat after the
// player's, in a solo game (engine.NonPlayers); nil otherwise.
func (m Match) NonPlayers() []engine.Message { return nonPlayers(m.S.solo()) }

// NonPlayers is Match.NonPlayers, as the public view carries it.
func (v PublicView) NonPlayers() []engine.Message { return nonPlayers(v.Solo != nil) }

func nonPlayers(solo bool) []engine.Message {
	if !solo {
		return nil
	}
	return []engine.Message{say("tt_lord_wallace")}
}

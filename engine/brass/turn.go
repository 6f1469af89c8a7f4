package brass

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// The turn, the round and the eras: End turn refills the hand and hands
// over; after the last turn of a round the turn order is set by money
// spent and income is paid (shortfalls decided by the seats owing); after
// an era's last round the era is scored.

// endTurn refills the hand of the seat whose turn ends and hands over.
func (s *state) endTurn() {
	seat := s.seat()
	p := &s.Players[seat]
	drawn := 0
	for len(p.Hand) < s.ed().HandSize && len(s.Deck) > 0 {
		p.Hand = append(p.Hand, s.Deck[0])
		s.Deck = s.Deck[1:]
		drawn++
	}
	slices.Sort(p.Hand)
	switch {
	case !s.loud():
	case drawn > 0:
		s.logReveal(seat, engine.Say("bb_log_end_turn_draw", "P", seatArg(seat), "Count", drawn))
	default:
		s.log(seat, engine.Say("bb_log_end_turn", "P", seatArg(seat)))
	}
	s.Turn++
	s.startTurn()
}

// startTurn begins the turn of Order[Turn], skipping seats with no card
// left, or ends the round after the last seat.
func (s *state) startTurn() {
	for s.Turn < s.N {
		n := len(s.Players[s.seat()].Hand)
		if n > 0 {
			s.HandAtStart = n
			s.Step = step{Kind: StepAction}
			return
		}
		s.Turn++
	}
	s.endRound()
}

// lastRoundOfEra reports whether the round under way is its era's last:
// the deck and every hand are empty.
func (s *state) lastRoundOfEra() bool {
	if len(s.Deck) > 0 {
		return false
	}
	for _, p := range s.Players {
		if len(p.Hand) > 0 {
			return false
		}
	}
	return true
}

// gameEndsWithEra reports whether the era under way is the game's last.
func (s *state) gameEndsWithEra() bool { return s.Era == Rail || s.Intro }

// endRound sets the turn order and pays income (D7: before the era's
// scoring), then goes on unless a shortfall must be decided.
func (s *state) endRound() {
	e := s.ed()
	spent := make([]int, s.N)
	for i := range s.Players {
		spent[i] = s.Players[i].Spent
		s.Players[i].Spent = 0
	}
	s.Order = NextOrder(s.Order, spent)
	if s.loud() {
		s.log(-1, engine.Say("bb_log_round_end", "Round", s.Round, "Era", eraMsg(s.Era), "Order", seatList(s.Order)))
	}
	if s.lastRoundOfEra() && s.gameEndsWithEra() {
		// No income after the game's last round.
		s.afterIncome()
		return
	}
	for _, seat := range s.Order {
		p := &s.Players[seat]
		lvl := e.Level(p.Income)
		switch {
		case lvl > 0:
			p.Money += lvl
			if s.loud() {
				s.log(seat, engine.Say("bb_log_income", "P", seatArg(seat), "Money", lvl))
			}
		case lvl < 0:
			if p.Money >= -lvl {
				p.Money += lvl
				if s.loud() {
					s.log(seat, engine.Say("bb_log_income_pay", "P", seatArg(seat), "Money", -lvl))
				}
			} else {
				p.Owe = -lvl
				s.settle(seat)
			}
		}
	}
	if len(s.toActShortfall()) > 0 {
		s.Step = step{Kind: StepShortfall}
		return
	}
	s.afterIncome()
}

// toActShortfall lists the seats still owing income.
func (s *state) toActShortfall() []int {
	var out []int
	for i, p := range s.Players {
		if p.Owe > 0 {
			out = append(out, i)
		}
	}
	return out
}

// settle ends seat's shortfall once its money covers it, or once it has no
// tile left to remove: it pays what it can and loses 1 VP per £1 still
// owed, never going below 0 VP (D10).
func (s *state) settle(seat int) {
	p := &s.Players[seat]
	if p.Money >= p.Owe {
		p.Money -= p.Owe
		if s.loud() {
			s.log(seat, engine.Say("bb_log_income_pay", "P", seatArg(seat), "Money", p.Owe))
		}
		p.Owe = 0
		return
	}
	for _, sl := range s.Spaces {
		if sl.Owner == seat {
			return // it decides which tile to remove
		}
	}
	short := p.Owe - p.Money
	lost := min(short, p.VP)
	if s.loud() {
		s.log(seat, engine.Say("bb_log_shortfall_vp", "P", seatArg(seat), "Money", p.Money, "VP", lost))
	}
	p.Money = 0
	p.VP -= lost
	s.Scores[seat].Lost += lost
	p.Owe = 0
}

// removeForShortfall removes seat's tile on si for half its cost.
func (s *state) removeForShortfall(seat, si int) {
	e := s.ed()
	t := s.tile(si)
	s.Players[seat].Money += t.TileValue()
	if s.loud() {
		s.log(seat, engine.Say("bb_log_shortfall_remove", "P", seatArg(seat), "Tile", tileMsg(t.Industry, t.Level-1), "Loc", locMsg(e.Spaces[si].Loc), "Money", t.TileValue()), PlaceSpace(si))
	}
	s.Spaces[si] = slot{Owner: -1, Ind: NoIndustry}
	s.settle(seat)
	if len(s.toActShortfall()) == 0 {
		s.afterIncome()
	}
}

// afterIncome ends the era after its last round, else starts the next round.
func (s *state) afterIncome() {
	if s.lastRoundOfEra() {
		s.endEra()
		return
	}
	s.Round++
	s.Turn = 0
	if s.loud() {
		s.log(-1, engine.Say("bb_log_round_start", "Round", s.Round, "Era", eraMsg(s.Era)))
	}
	s.startTurn()
}

// linkVP is what a link on line l scores: the link icons of the flipped
// tiles at its ends and those printed on merchant locations (D12).
func (s *state) linkVP(l int) int {
	e := s.ed()
	vp := 0
	for _, a := range e.Lines[l].Ends {
		vp += e.Locations[a].LinkIcons
		for _, si := range e.Locations[a].Spaces {
			if sl := s.Spaces[si]; sl.Owner >= 0 && sl.Flipped {
				vp += s.tile(si).Link
			}
		}
	}
	return vp
}

// eraVP is what seat's links and flipped tiles would score if the era
// ended now.
func (s *state) eraVP(seat int) int {
	vp := 0
	for l, o := range s.Links {
		if o == seat {
			vp += s.linkVP(l)
		}
	}
	for si, sl := range s.Spaces {
		if sl.Owner == seat && sl.Flipped {
			vp += s.tile(si).VP
		}
	}
	return vp
}

// endEra scores the era's links, then its flipped tiles; after the Canal
// era it removes level-I tiles, refills merchant beer, reshuffles every
// discard pile into a new deck and deals fresh hands (D2); after the game's
// last era it ends the game.
func (s *state) endEra() {
	e := s.ed()
	era := s.Era
	linkVP := make([]int, s.N)
	for l, o := range s.Links {
		if o >= 0 {
			linkVP[o] += s.linkVP(l)
		}
	}
	var changed []int
	for l := range s.Links {
		if s.Links[l] >= 0 {
			changed = append(changed, PlaceLine(l))
		}
		s.Links[l] = -1
	}
	tileVP := make([]int, s.N)
	for si, sl := range s.Spaces {
		if sl.Owner >= 0 && sl.Flipped {
			tileVP[sl.Owner] += s.tile(si).VP
		}
	}
	for i := range s.Players {
		s.Players[i].VP += linkVP[i] + tileVP[i]
		s.Scores[i].Links[era] += linkVP[i]
		s.Scores[i].Tiles[era] += tileVP[i]
		if s.loud() {
			s.log(i, engine.Say("bb_log_era_score", "P", seatArg(i), "Era", eraMsg(era), "Links", linkVP[i], "Tiles", tileVP[i]))
		}
	}
	if s.gameEndsWithEra() {
		if s.Intro {
			s.introScoring()
		}
		s.finish()
		s.at(changed...)
		return
	}
	for si, sl := range s.Spaces {
		if sl.Owner >= 0 && sl.Lvl == 0 {
			s.Spaces[si] = slot{Owner: -1, Ind: NoIndustry}
			changed = append(changed, PlaceSpace(si))
		}
	}
	for k := range s.Merch {
		if m := s.Merch[k]; m.Tile >= 0 && !e.MerchantTiles[m.Tile].Blank() && !m.Barrel {
			s.Merch[k].Barrel = true
			changed = append(changed, PlaceMerchant(k))
		}
	}
	var deck []int
	for i := range s.Players {
		p := &s.Players[i]
		deck = append(deck, p.Discard...)
		if p.FaceDown >= 0 {
			deck = append(deck, p.FaceDown)
		}
		p.Discard, p.FaceDown = nil, -1
	}
	slices.Sort(deck)
	s.shuffle(deck)
	s.Deck = deck
	for _, seat := range s.Order {
		p := &s.Players[seat]
		for len(p.Hand) < e.HandSize && len(s.Deck) > 0 {
			p.Hand = append(p.Hand, s.Deck[0])
			s.Deck = s.Deck[1:]
		}
		slices.Sort(p.Hand)
	}
	s.Era, s.Round, s.Turn = Rail, 1, 0
	if s.loud() {
		s.logReveal(-1, engine.Say("bb_log_rail_era"))
	}
	s.at(changed...)
	s.startTurn()
}

// introScoring adds the introductory game's scoring: money, income level
// and flipped level ≥ II tiles again (D13). VP never go below 0.
func (s *state) introScoring() {
	e := s.ed()
	for i := range s.Players {
		p := &s.Players[i]
		vp := e.IntroMoneyVP(p.Money) + e.Level(p.Income)
		for si, sl := range s.Spaces {
			if sl.Owner == i && sl.Flipped && sl.Lvl >= 1 {
				vp += s.tile(si).VP
			}
		}
		vp = max(vp, -p.VP)
		p.VP += vp
		s.Scores[i].Intro += vp
		if s.loud() {
			s.log(i, engine.Say("bb_log_intro_score", "P", seatArg(i), "VP", vp))
		}
	}
}

// finish ranks the seats: most VP, then the higher income space (D14),
// then more money; seats still tied share the place (seat order).
func (s *state) finish() {
	rank := make([]int, s.N)
	for i := range rank {
		rank[i] = i
	}
	key := func(i int) [3]int { p := s.Players[i]; return [3]int{p.VP, p.Income, p.Money} }
	slices.SortStableFunc(rank, func(a, b int) int {
		ka, kb := key(a), key(b)
		for k := range ka {
			if ka[k] != kb[k] {
				return kb[k] - ka[k]
			}
		}
		return 0
	})
	r := &engine.Result{Ranking: rank, Scores: make([]int, s.N)}
	for i := range s.Players {
		r.Scores[i] = s.Players[i].VP
	}
	if s.N > 1 {
		a, b := key(rank[0]), key(rank[1])
		switch {
		case a[0] != b[0]:
		case a[1] != b[1]:
			r.TieBreakMessage = engine.Say("bb_tiebreak_income")
		case a[2] != b[2]:
			r.TieBreakMessage = engine.Say("bb_tiebreak_money")
		default:
			r.TieBreakMessage = engine.Say("bb_tiebreak_shared")
		}
	}
	s.Result = r
	s.Step = step{Kind: StepOver}
	if s.loud() {
		s.log(-1, engine.Say("bb_log_game_over", "P", seatArg(rank[0]), "VP", r.Scores[rank[0]]))
	}
}

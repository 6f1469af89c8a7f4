package tinners

import (
	"sort"
)

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
	for i := range s.Players {
		p := &s.Players[i] // not a copy: Legal asks for every candidate
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
	if s.Options.BetterMines && s.isWallace(a.Mine) {
		c++ // better mines: his start with capacity 3
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
	return s.Edition().WorkTrackLen
}

// nextLimiter is the column seat's limiter would move to if it processed
// arsenic now: below column 10 the first time, one column left after that.
func (s *State) nextLimiter(seat int) int {
	if l := s.Players[seat].Limiter; l > 0 {
		return l - 1
	}
	return s.Edition().WorkTrackLen
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

func (s *State) minesLeft(seat int) int { return s.mineLimit(seat) - s.Players[seat].MinesBuilt }

// mineLimit is how many mines seat may build: 6, and for Lord Wallace
// 1 or 2 more with the "more mines" difficulty option.
func (s *State) mineLimit(seat int) int {
	if s.isWallace(seat) {
		return s.Edition().MinesPerPlayer + s.Options.MoreMines
	}
	return s.Edition().MinesPerPlayer
}

// canBid says whether seat may take part in an auction at all.
func (s *State) canBid(seat int) bool {
	p := s.Players[seat]
	return !p.Passed && p.Col+s.Edition().Costs[ActBuild] <= s.finalCol(seat) && s.minesLeft(seat) > 0
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
	c := s.Edition().Cards[card]
	a := s.Areas[i]
	if !c.Matches(s.Edition().Areas[i].Region) {
		return false
	}
	switch c.Benefit {
	case BenefitPort:
		return s.Edition().Areas[i].Coastal && !a.Port
	case BenefitMiner:
		return !a.Miner
	}
	return true
}

func ceilHalf(n int) int { return (n + 1) / 2 }

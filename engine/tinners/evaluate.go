package tinners

// Evaluate estimates how seat stands (the bot's evaluation, used by
// package autoplay on re-dealt matches): its expected final points minus
// the best of the other seats' and Lord Wallace's. A seat's worth is its
// points, plus its money and this round's ore at the current prices turned
// into points at this round's second investment row, plus a share of the
// ore still in its mines. At the end of the game it is the exact margin in
// points.
func (m Match) Evaluate(seat int) float64 {
	s := m.S
	if seat < 0 || seat >= len(s.Players) {
		return 0
	}
	best := -1e9
	for i := range s.Players {
		if i != seat {
			best = max(best, s.worth(i))
		}
	}
	return s.worth(seat) - best
}

// futureOre is the share of the ore left in a mine that the evaluation
// counts as money to come.
const futureOre = 0.4

// worth is seat's expected final points (Evaluate).
func (s *State) worth(seat int) float64 {
	p := &s.Players[seat]
	if s.Phase == PhaseOver {
		return float64(p.Points)
	}
	e := s.Edition()
	round := min(max(s.Round, 1), NumRounds)
	row := min(1, s.NumSeats-1)
	rate := float64(e.Invest[round-1][row][0]) / 10
	tin := float64(e.TinPrices[min(max(s.TinCol, 0), 3)])
	cop := float64(e.CopperPrices[min(max(s.CopperCol, 0), 3)])
	money := float64(p.Money) + float64(p.Tin)*tin + float64(p.Copper)*cop
	if s.Solo != nil && seat == WallaceSeat {
		money -= float64(s.Solo.Owed)
	}
	var ore float64
	for i := range s.Areas {
		if a := &s.Areas[i]; a.Mine == seat {
			ore += float64(a.Tin)*tin + float64(a.Copper)*cop
		}
	}
	return float64(p.Points) + rate*(money+futureOre*ore)
}

package brass

// Evaluate estimates how seat stands (the bot's evaluation, used by
// package autoplay on re-dealt matches): its expected final points minus
// the best other seat's. A seat's worth is its victory points, plus what
// its links and flipped tiles would score if the era ended now, plus half
// its income level and a tenth of its money. At the end of the game it is
// the exact margin.
func (m *match) Evaluate(seat int) float64 {
	s := m.s
	if seat < 0 || seat >= len(s.Players) {
		return 0
	}
	if s.Result != nil {
		best := -1 << 30
		for i, v := range s.Result.Scores {
			if i != seat {
				best = max(best, v)
			}
		}
		return float64(s.Result.Scores[seat] - best)
	}
	best := -1e9
	for i := range s.Players {
		if i != seat {
			best = max(best, s.worth(i))
		}
	}
	return s.worth(seat) - best
}

// worth is seat's expected final points (Evaluate).
func (s *state) worth(seat int) float64 {
	p := &s.Players[seat]
	return float64(p.VP+s.eraVP(seat)) + 0.5*float64(s.ed().Level(p.Income)) + 0.1*float64(p.Money)
}

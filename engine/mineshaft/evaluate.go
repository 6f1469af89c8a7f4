package mineshaft

// Evaluate estimates how seat stands (the bot's evaluation, used by
// package autoplay on re-dealt matches): its points so far by the final
// scoring (markers times their value) minus the best other seat's; at the
// end of the game, the exact margin.
func (m *match) Evaluate(seat int) float64 {
	s := m.s
	if seat < 0 || seat >= len(s.Players) {
		return 0
	}
	best := -1 << 30
	for i := range s.Players {
		if i != seat {
			best = max(best, s.score(i).Total)
		}
	}
	return float64(s.score(seat).Total - best)
}

package coalbaron

// Evaluate estimates how seat stands (the bot's evaluation, used by
// package autoplay on re-dealt matches): its expected final victory points
// minus the best other seat's. A seat's worth is its points so far by the
// final scoring's categories, plus a share of what it is building towards:
// a third of the points of the orders in its hand, and for every piece of
// a train still to leave (a wagon on a dock, its lorry, an engine) and
// every lorry mined or stored, a part of a point. At the end of the game
// it is the exact margin.
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

// The evaluation's weights (Evaluate).
const (
	worthOrder  = 1.0 / 3 // per point of an order in hand
	worthWagon  = 0.5     // per wagon on a dock
	worthLoaded = 1.0     // per lorry loaded on a wagon
	worthEngine = 0.5     // per engine on a dock
	worthLorry  = 0.4     // per lorry mined or stored
)

// worth is seat's expected final points (Evaluate).
func (s *state) worth(seat int) float64 {
	p := &s.Players[seat]
	v := float64(s.score(seat).Total)
	for _, id := range p.Orders {
		v += worthOrder * float64(s.card(id).VP)
	}
	for _, d := range p.Docks {
		for _, w := range d.Wagons {
			v += worthWagon
			if w.Lorry != NoCard {
				v += worthLoaded
			}
		}
		if d.Engine != NoCard {
			v += worthEngine
		}
	}
	v += worthLorry * float64(len(p.Row)+len(p.Storage))
	return v
}

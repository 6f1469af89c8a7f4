package tinners

// Chooser picks one of n options; RandomPlayout uses it to choose moves.
type Chooser func(n int) int

// RandomPlayout plays s to the end choosing uniformly among legal moves
// (a bid's amount too) with pick, checking invariants after every action if
// check is true. It returns the final state and the actions applied.
func RandomPlayout(s *State, pick Chooser, check bool, limit int) (*State, []Action, error) {
	var log []Action
	for s.Phase != PhaseOver && len(log) < limit {
		seats := s.ToAct()
		seat := seats[pick(len(seats))]
		legal := s.Legal(seat)
		if len(legal) == 0 {
			return s, log, errorf("seat %d must act in %s but has no legal action", seat, s.Phase)
		}
		c := legal[pick(len(legal))]
		a := c.Action
		if a.Kind == ActBid && c.Max > a.Amount {
			// Favour small raises so auctions end in reasonable time.
			span := min(c.Max-a.Amount, 6)
			a.Amount += pick(span + 1)
		}
		next, _, err := Apply(s, a)
		if err != nil {
			return s, log, errorf("legal action %s refused: %v", a, err)
		}
		log = append(log, a)
		s = next
		if check {
			if err := CheckInvariants(s); err != nil {
				return s, log, errorf("after %s: %v", a, err)
			}
		}
	}
	if s.Phase != PhaseOver {
		return s, log, errorf("game did not end within %d actions", limit)
	}
	return s, log, nil
}

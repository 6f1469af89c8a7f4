package tinners

// The calciner (PhaseCalciner, Arsenic module): ActCalciner and
// ActNoCalciner. A seat that just built a mine may build its calciner there,
// putting arsenic cubes on that area and its live neighbours.

// checkCalciner is check for this phase: the rules past those every action shares.
func (s *State) checkCalciner(a Action, p *Player) error {
	return nil
}

// legalCalciner adds seat's moves in this phase to list (Legal's part for it).
func (s *State) legalCalciner(list *legalList, seat int, p Player) {
	list.try(list.with(ActCalciner, nil))
	list.try(list.with(ActNoCalciner, nil))
}

// doCalciner applies a checked action of this phase.
func (s *State) doCalciner(a Action) {
	who := s.who(a.Seat)
	switch a.Kind {
	case ActCalciner:
		i := s.CalcinerArea
		s.Areas[i].Calciner = true
		n := 1
		s.Areas[i].Arsenic++
		for _, j := range s.adjacency()[i] {
			if s.live(j) {
				s.Areas[j].Arsenic++
				n++
			}
		}
		s.Ledger.ArsenicPlaced += n
		s.Phase = PhaseActions
		if s.loud() {
			s.logm(a.Seat, say("tt_log_calciner", "P", who, "Area", s.areaName(i), "Count", n))
		}
	case ActNoCalciner:
		s.Phase = PhaseActions
		if s.loud() {
			s.logm(a.Seat, say("tt_log_no_calciner", "P", who))
		}
	}
}

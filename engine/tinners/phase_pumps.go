package tinners

// Steam pumps (PhasePumps): ActPump and ActPumpDone. The seat that took a
// pump group (ActSteamPumps) removes that many water cubes from mines, one
// at a time, or leaves the rest unused. Its state is Pumping.

// Pumping is the state of PhasePumps: the seat that took the steam pumps
// and how many it may still use. Embedded in State (flat in its JSON).
type Pumping struct {
	PumpSeat  int
	PumpsLeft int
}

// checkPumps is check for this phase: the rules past those every action shares.
func (s *State) checkPumps(a Action, p *Player) error {
	if a.Kind == ActPump {
		if !s.validArea(a.Area) || s.Areas[a.Area].Mine < 0 || s.Areas[a.Area].Water == 0 {
			return forbid(ErrBadArea, say("tt_err_pump_where"))
		}
	}
	return nil
}

// legalPumps adds seat's moves in this phase to list (Legal's part for it).
func (s *State) legalPumps(list *legalList, seat int, p Player) {
	for i, ar := range s.Areas {
		if ar.Mine >= 0 && ar.Water > 0 { // cheap filter; check decides
			list.try(list.with(ActPump, func(a *Action) { a.Area = i }))
		}
	}
	list.try(list.with(ActPumpDone, nil))
}

// doPumps applies a checked action of this phase.
func (s *State) doPumps(a Action) {
	who := s.who(a.Seat)
	switch a.Kind {
	case ActPump:
		s.Areas[a.Area].Water--
		s.PumpsLeft--
		if s.loud() {
			s.logm(a.Seat, say("tt_log_pump", "P", who, "Area", s.areaName(a.Area)))
		}
		if s.PumpsLeft == 0 || !s.anyWater() {
			s.PumpsLeft = 0
			s.Phase = PhaseActions
		}
	case ActPumpDone:
		if s.PumpsLeft > 0 {
			if s.loud() {
				s.logm(a.Seat, say("tt_log_pumps_unused", "P", who, "Count", s.PumpsLeft))
			}
		}
		s.PumpsLeft = 0
		s.Phase = PhaseActions
	}
}

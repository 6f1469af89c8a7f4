package tinners

// Michigan pieces in the action phase (Emigration module): ActFreeAdit,
// ActFreeTrain, ActFreePort, ActFreeMiner place a piece won in Michigan, free
// of work points, on the owner's turn.

// checkFree checks the placement of a piece taken in Michigan: the seat
// holds one, and it goes where a piece of its kind may go (a Michigan miner
// in any area in play, even one with miners).
func (s *State) checkFree(a Action, p *Player) error {
	e := s.Edition()
	if !s.Options.Emigration {
		return forbid(ErrNotAvailable, say("tt_err_no_emigration_module"))
	}
	left, name := p.Pending.Miners, "miner"
	switch a.Kind {
	case ActFreeAdit:
		left, name = p.Pending.Adits, "adit"
	case ActFreeTrain:
		left, name = p.Pending.Trains, "train"
	case ActFreePort:
		left, name = p.Pending.Ports, "port"
	}
	if left == 0 {
		return forbid(ErrNotAvailable, say("tt_err_no_michigan_"+name))
	}
	if a.Kind == ActFreeAdit {
		if a.Border < 0 || a.Border >= len(e.Borders) {
			return forbid(ErrBadArea, say("tt_err_not_border"))
		}
		b := e.Borders[a.Border]
		if !s.live(b[0]) || !s.live(b[1]) {
			return forbid(ErrBadArea, say("tt_err_adit_in_play"))
		}
		if s.Adits[a.Border] {
			return forbid(ErrBadArea, say("tt_err_has_adit"))
		}
		return nil
	}
	if !s.validArea(a.Area) || !s.live(a.Area) {
		return forbid(ErrBadArea, say("tt_err_area_not_in_play"))
	}
	ar := s.Areas[a.Area]
	switch {
	case a.Kind == ActFreePort && !e.Areas[a.Area].Coastal:
		return forbid(ErrBadArea, say("tt_err_port_coast"))
	case (a.Kind == ActFreePort && ar.Port) || (a.Kind == ActFreeTrain && ar.Train):
		return forbid(ErrBadArea, say("tt_err_has_"+name, "Area", e.Areas[a.Area].Name))
	}
	return nil
}

// legalFree lists the placements of seat's pending Michigan pieces.
func (s *State) legalFree(seat int, try func(Action), with func(ActionKind, func(*Action)) Action) {
	pend := s.Players[seat].Pending
	for i, ar := range s.Areas {
		if !s.live(i) {
			continue
		}
		if pend.Trains > 0 && !ar.Train {
			try(with(ActFreeTrain, func(a *Action) { a.Area = i }))
		}
		if pend.Ports > 0 && !ar.Port && s.Edition().Areas[i].Coastal {
			try(with(ActFreePort, func(a *Action) { a.Area = i }))
		}
		if pend.Miners > 0 {
			try(with(ActFreeMiner, func(a *Action) { a.Area = i }))
		}
	}
	if pend.Adits > 0 {
		for b := range s.Edition().Borders {
			if !s.Adits[b] {
				try(with(ActFreeAdit, func(a *Action) { a.Border = b }))
			}
		}
	}
}

// doFree places a checked Michigan piece, free of work points.
func (s *State) doFree(a Action) {
	e := s.Edition()
	p := &s.Players[a.Seat]
	who := s.who(a.Seat)
	switch a.Kind {
	case ActFreeAdit:
		p.Pending.Adits--
		s.placeAdit(a.Border)
		b := e.Borders[a.Border]
		if s.loud() {
			s.logm(a.Seat, say("tt_log_free_adit", "P", who, "A", s.areaName(b[0]), "B", s.areaName(b[1])))
		}
	case ActFreeTrain:
		p.Pending.Trains--
		s.placeTrain(a.Area)
		if s.loud() {
			s.logm(a.Seat, say("tt_log_free_train", "P", who, "Area", s.areaName(a.Area)))
		}
	case ActFreePort:
		p.Pending.Ports--
		s.placePort(a.Area)
		if s.loud() {
			s.logm(a.Seat, say("tt_log_free_port", "P", who, "Area", s.areaName(a.Area)))
		}
	case ActFreeMiner:
		p.Pending.Miners--
		s.Areas[a.Area].Extra++
		if s.loud() {
			s.logm(a.Seat, say("tt_log_free_miner", "P", who, "Area", s.areaName(a.Area)))
		}
	}
}

package tinners

// The end-of-round peek (PhasePeek): ActPeek and ActSkipPeek. Each queued
// seat may look at one face-down tile (solo: turn it face up). Its state is
// Peeking.

// Peeking is the state of PhasePeek. Embedded in State (flat in its JSON).
type Peeking struct {
	PeekQueue []int // seats still to choose their end-of-round peek
}

// checkPeek is check for this phase: the rules past those every action shares.
func (s *State) checkPeek(a Action, p *Player) error {
	if a.Kind == ActPeek {
		if !s.validArea(a.Area) || !s.Areas[a.Area].HasTile || s.Areas[a.Area].FaceUp {
			return forbid(ErrNoTile, say("tt_err_peek_face_down"))
		}
		if s.Areas[a.Area].Peekers&(1<<uint(a.Seat)) != 0 {
			return forbid(ErrNoTile, say("tt_err_peek_seen"))
		}
	}
	return nil
}

// legalPeek adds seat's moves in this phase to list (Legal's part for it).
func (s *State) legalPeek(list *legalList, seat int, p Player) {
	for i, ar := range s.Areas {
		if ar.HasTile && !ar.FaceUp { // cheap filter; check decides
			list.try(list.with(ActPeek, func(a *Action) { a.Area = i }))
		}
	}
	list.try(list.with(ActSkipPeek, nil))
}

// doPeek applies a checked action of this phase.
func (s *State) doPeek(a Action) {
	p := &s.Players[a.Seat]
	who := s.who(a.Seat)
	switch a.Kind {
	case ActPeek:
		ar := &s.Areas[a.Area]
		if s.solo() {
			// Solo: a tile you would peek at is turned face up instead.
			ar.FaceUp, ar.Peekers = true, 0
			s.reveal = true
			if s.loud() {
				s.logm(a.Seat, say("tt_log_peek_solo", "P", who, "Area", s.areaName(a.Area), "Tile", TileWords(ar.Tile)))
			}
			s.nextPeek()
			return
		}
		ar.Peekers |= 1 << uint(a.Seat)
		p.Peeked = append(p.Peeked, PeekedTile{Area: a.Area, Tile: ar.Tile})
		s.reveal = true
		if s.loud() {
			s.logm(a.Seat, say("tt_log_peek", "P", who, "Area", s.areaName(a.Area)))
		}
		s.nextPeek()
	case ActSkipPeek:
		if s.loud() {
			s.logm(a.Seat, say("tt_log_skip_peek", "P", who))
		}
		s.nextPeek()
	}
}

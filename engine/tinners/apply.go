package tinners

import "github.com/tinnersbot/tinnersbot/engine"

// ---- the transition ----

// Apply returns the state after seat's action a, with the public events it
// caused. On a *RuleError (or any error) s is returned unchanged and nothing
// happened. s is never modified.
func Apply(s *State, a Action) (*State, []Event, error) {
	if err := s.check(a); err != nil {
		return s, nil, err
	}
	n := s.Clone()
	return n, n.play(a), nil
}

// play carries out the checked action a on s itself and returns its
// events: Apply plays on a clone, a Sim (sim.go) on its own state.
func (s *State) play(a Action) []Event {
	s.events, s.reveal = nil, false
	s.do(a)
	s.settle()
	s.Version++
	ev := s.events
	if s.reveal && !s.quiet {
		// Every reveal is followed by the line that reports it; this is a
		// backstop so a reveal can never go unflagged.
		if len(ev) == 0 {
			ev = append(ev, Event{Seat: a.Seat})
		}
		ev[len(ev)-1].Reveal = true
	}
	s.events, s.reveal = nil, false
	return ev
}

// logm adds a log line, the catalogue message m, and its event. A reveal
// noted since the previous line (s.reveal) is flagged on this one: call it
// after the reveal, never before. Log gets an empty line, so that it keeps
// counting the lines and LogMessages stays aligned with its end (see
// LogMessage).
func (s *State) logm(seat int, m engine.Message) {
	if s.quiet {
		return
	}
	s.Log = append(s.Log, "")
	s.LogMessages = append(s.LogMessages, m)
	e := Event{Seat: seat, Reveal: s.reveal, Message: m, Kind: eventKinds[m.ID]}
	if s.wallacing {
		e.Turn = WallaceSeat + 1 // his turn, though the player's move plays it
	}
	s.events = append(s.events, e)
	s.reveal = false
}

// eventKinds sort the log's messages for a turn's account
// (engine.EventKind); a message not listed is what the seat did.
var eventKinds = map[string]engine.EventKind{
	"tt_log_pumps_drain": engine.Followed, "tt_log_kimberly_income": engine.Followed, "tt_log_nobody_else_bids": engine.Followed,
	"tt_log_wallace_cannot_bid": engine.Followed, "tt_log_no_sale_stays": engine.Followed, "tt_log_no_sale_out_of_play": engine.Followed,
	"tt_log_no_sale_removed": engine.Followed, "tt_log_wins_auction": engine.Followed, "tt_log_wallace_wins_auction": engine.Followed,
	"tt_log_insurance": engine.Followed, "tt_log_card_unusable": engine.Followed,
	// A revealed tile shows face up on the picture, and the mine built on
	// it says its cubes.
	"tt_log_tile_revealed": engine.Kept,
	"tt_log_pumps_lost":    engine.Followed,
	// Lord Wallace's card draws: the procedure of his turn (the picture
	// shows his last card); what he did is told.
	"tt_log_wallace_card": engine.Kept, "tt_log_wallace_reshuffle": engine.Kept,
	"tt_log_wallace_cannot_b": engine.Kept, "tt_log_wallace_cannot_m": engine.Kept, "tt_log_wallace_cannot_d": engine.Kept,
	"tt_log_wallace_cannot_t": engine.Kept, "tt_log_wallace_cannot_a": engine.Kept, "tt_log_wallace_cannot_p": engine.Kept,
	"tt_log_wallace_cannot_s": engine.Kept, "tt_log_wallace_cannot_n": engine.Kept,
	// His dice for a bid limit: the procedure too; his bids are told.
	"tt_log_wallace_rolls_net": engine.Kept, "tt_log_wallace_rolls_face_down": engine.Kept,
	// Setup, a round's prices and end, and the scores: the picture and the
	// final post show them.
	"tt_log_setup": engine.Kept, "tt_log_setup_solo": engine.Kept, "tt_log_round": engine.Kept, "tt_log_round_end": engine.Kept,
	"tt_log_score": engine.Kept, "tt_log_game_over_2": engine.Kept, "tt_log_game_over_3": engine.Kept,
	"tt_log_game_over_4": engine.Kept, "tt_log_game_over_5": engine.Kept, "tt_log_wins": engine.Kept,
	"tt_log_wins_tie_break": engine.Kept, "tt_log_solo_over": engine.Kept, "tt_log_solo_won": engine.Kept,
	"tt_log_solo_tie": engine.Kept, "tt_log_solo_lost": engine.Kept,
}

// loud reports whether the state keeps its log (not quiet): the callers of
// logm build a line only then.
func (s *State) loud() bool { return !s.quiet }

func (s *State) areaName(i int) string { return s.Edition().AreaName(i) }

// move advances seat's work marker by cost columns, to the bottom of that column.
func (s *State) move(seat, cost int) {
	s.Players[seat].Col += cost
	s.Players[seat].Arrive = s.Arrived
	s.Arrived++
}

func removeInt(xs []int, x int) []int {
	for i, y := range xs {
		if y == x {
			return append(xs[:i:i], xs[i+1:]...)
		}
	}
	return xs
}

// do carries out a checked action: each phase's kinds are applied by its
// phase_*.go.
func (s *State) do(a Action) {
	switch phaseOf(a.Kind) {
	case PhaseDraft:
		s.doDraft(a)
	case PhaseActions:
		s.doActions(a)
	case PhaseAuction:
		s.doAuction(a)
	case PhaseAfterAuction:
		s.doAfterAuction(a)
	case PhasePumps:
		s.doPumps(a)
	case PhaseInvest:
		s.doInvest(a)
	case PhasePeek:
		s.doPeek(a)
	case PhaseCalciner:
		s.doCalciner(a)
	}
}

// placePort, placeTrain and placeAdit put a development piece on the map
// with its drainage (and an adit's cubes), wherever the piece came from.
func (s *State) placePort(i int) {
	s.Areas[i].Port = true
	s.drain(i, 1)
}

func (s *State) placeTrain(i int) {
	s.Areas[i].Train = true
	s.drain(i, 2)
	for _, j := range s.adjacency()[i] {
		if s.live(j) {
			s.drain(j, 1)
		}
	}
}

func (s *State) placeAdit(border int) {
	s.Adits[border] = true
	for _, i := range s.Edition().Borders[border] {
		s.drain(i, 1)
		s.Areas[i].Tin++
		s.Areas[i].Copper++
		s.Ledger.TinPlaced++
		s.Ledger.CopperPlaced++
	}
}

// adelaideBonus is the money seat's Adelaide token adds to this round's
// sale of tin and copper cubes: the larger bonus on the ore with more cubes
// (decision: the choice that pays most is made for the player).
func (s *State) adelaideBonus(seat, tin, copper int) int {
	if !s.Options.Emigration || s.Emigrants[Adelaide][s.Round-1] != seat {
		return 0
	}
	b := s.Edition().AdelaideBonus[s.Round-1]
	return b[0]*max(tin, copper) + b[1]*min(tin, copper)
}

// adjacency returns, for every area index, its neighbours' indexes.
func (s *State) adjacency() [][]int { return s.Edition().Neighbours() }

// drain removes n water from area i if it has a mine, else adds n drainage tokens.
func (s *State) drain(i, n int) {
	a := &s.Areas[i]
	if a.Mine >= 0 {
		a.Water = max(0, a.Water-n)
	} else {
		a.Drain += n
	}
}

func (s *State) anyWater() bool {
	for _, a := range s.Areas {
		if a.Mine >= 0 && a.Water > 0 {
			return true
		}
	}
	return false
}

func (s *State) row(seat int) int {
	for i, q := range s.PassOrder {
		if q == seat {
			return i
		}
	}
	return len(s.PassOrder)
}

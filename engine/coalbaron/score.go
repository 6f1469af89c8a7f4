package coalbaron

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// score returns p's final score in the five categories. Leftover lorries,
// wagons, engines and orders in hand score nothing, so they stay where they
// are (returning them to the display would change no score). Shares are
// assigned automatically: per destination, as many as there are fulfilled
// orders of it, which is the most any assignment achieves.
func (s *state) score(seat int) ScoreView {
	e := s.ed()
	p := &s.Players[seat]
	sv := ScoreView{Seat: seat}
	var orders, lorriesShown [NumDests]int
	var engines [NumEngineTypes]int
	for _, t := range p.Delivered {
		o := s.card(t.Order)
		sv.B += o.VP
		orders[o.Dest]++
		lorriesShown[o.Dest] += o.Lorries
		engines[s.card(t.Engine).Engine]++
		for _, w := range t.Wagons {
			if w.Lorry != NoCard {
				if l := s.card(w.Lorry); l.Lorries == 1 {
					sv.A += l.VP
				}
			}
		}
	}
	var shares [NumDests]int
	for _, id := range p.Shares {
		shares[s.card(id).Dest]++
	}
	for d := range shares {
		sv.SharesAssigned[d] = min(shares[d], orders[d])
		sv.C += sv.SharesAssigned[d] * e.ShareVP
	}
	sv.D = len(p.Tokens) * e.TokenVP
	for _, id := range p.Objectives {
		o := s.card(id)
		switch o.Objective {
		case ObjTokens:
			sv.E += o.VP * (len(p.Tokens) / o.Per)
		case ObjObjectives:
			sv.E += o.VP * len(p.Objectives)
		case ObjEngines:
			sv.E += o.VP * engines[o.Engine]
		case ObjShares:
			sv.E += o.VP * sv.SharesAssigned[o.Dest]
		case ObjOrders:
			sv.E += o.VP * orders[o.Dest]
		case ObjLorries:
			if lorriesShown[o.Dest] >= o.Threshold {
				sv.E += o.VP
			}
		}
	}
	sv.Total = sv.A + sv.B + sv.C + sv.D + sv.E
	return sv
}

// highestToken returns the highest shift number seat holds, 0 for none.
func (s *state) highestToken(seat int) int {
	h := 0
	for _, t := range s.Players[seat].Tokens {
		h = max(h, t)
	}
	return h
}

// gameOver scores the game and ranks the seats: most VP first, ties broken
// by the highest shift token held (a tie where no tied seat holds one stays
// a shared place, ranked by seat).
func (s *state) gameOver() {
	s.Step = step{Kind: StepOver, Inno: NoCard, Zone: -1, Card: NoCard, Engine: -1, WildStack: -1, Kept: NoCard}
	s.Turn = -1
	s.Scores = nil
	res := &engine.Result{}
	for i := range s.Players {
		sv := s.score(i)
		s.Scores = append(s.Scores, sv)
		res.Scores = append(res.Scores, sv.Total)
	}
	for i := range s.Players {
		res.Ranking = append(res.Ranking, i)
	}
	slices.SortStableFunc(res.Ranking, func(a, b int) int {
		if res.Scores[a] != res.Scores[b] {
			return res.Scores[b] - res.Scores[a]
		}
		return s.highestToken(b) - s.highestToken(a)
	})
	if len(res.Ranking) > 1 && res.Scores[res.Ranking[0]] == res.Scores[res.Ranking[1]] {
		w, r := res.Ranking[0], res.Ranking[1]
		if s.highestToken(w) > s.highestToken(r) {
			// cb_tiebreak_holder names the seat holding the deciding token;
			// results recorded before it (cb_tiebreak_token, without P) still
			// read through their own message.
			res.TieBreakMessage = engine.Say("cb_tiebreak_holder", "VP", res.Scores[w], "Token", s.highestToken(w), "P", seatArg(w))
		} else {
			res.TieBreakMessage = engine.Say("cb_tiebreak_shared", "VP", res.Scores[w])
		}
	}
	s.Result = res
	for _, sv := range s.Scores {
		s.log(sv.Seat, engine.Say("cb_log_scores", "P", seatArg(sv.Seat), "Total", sv.Total, "A", sv.A, "B", sv.B, "C", sv.C, "D", sv.D, "E", sv.E))
	}
	s.log(res.Ranking[0], engine.Say("cb_log_game_over", "P", seatArg(res.Ranking[0])))
}

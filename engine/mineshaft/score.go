package mineshaft

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// score is seat's score by resource (MS-E2).
func (s *state) score(seat int) ScoreView {
	e := s.ed()
	m := s.Players[seat].Markers
	sv := ScoreView{Seat: seat, Gold: m[Gold], Silver: m[Silver], Coal: m[Coal],
		GoldPts: m[Gold] * e.Points[Gold], SilverPts: m[Silver] * e.Points[Silver], CoalPts: m[Coal] * e.Points[Coal]}
	sv.Total = sv.GoldPts + sv.SilverPts + sv.CoalPts
	return sv
}

// gameOver scores the game and ranks the seats: most points, then most
// gold, then most silver (MS-E4); a tie that survives is a shared place,
// ranked by seat.
func (s *state) gameOver() {
	s.Step = step{Kind: StepOver, Tile: NoTile, SwapTile: NoTile}
	s.Turn = -1
	s.Scores = nil
	res := &engine.Result{}
	for i := range s.Players {
		sv := s.score(i)
		s.Scores = append(s.Scores, sv)
		res.Scores = append(res.Scores, sv.Total)
		res.Ranking = append(res.Ranking, i)
	}
	cmp := func(a, b int) int {
		x, y := s.Scores[a], s.Scores[b]
		switch {
		case x.Total != y.Total:
			return y.Total - x.Total
		case x.Gold != y.Gold:
			return y.Gold - x.Gold
		}
		return y.Silver - x.Silver
	}
	slices.SortStableFunc(res.Ranking, cmp)
	if len(res.Ranking) > 1 {
		w, r := s.Scores[res.Ranking[0]], s.Scores[res.Ranking[1]]
		if w.Total == r.Total {
			switch {
			case w.Gold != r.Gold:
				res.TieBreakMessage = engine.Say("ms_tiebreak_gold", "Points", w.Total, "Gold", w.Gold)
			case w.Silver != r.Silver:
				res.TieBreakMessage = engine.Say("ms_tiebreak_silver", "Points", w.Total, "Silver", w.Silver)
			default:
				res.TieBreakMessage = engine.Say("ms_tiebreak_shared", "Points", w.Total)
				res.Shared = 1
				for res.Shared < len(res.Ranking) && cmp(res.Ranking[0], res.Ranking[res.Shared]) == 0 {
					res.Shared++
				}
			}
		}
	}
	s.Result = res
	for _, sv := range s.Scores {
		if s.loud() {
			s.log(sv.Seat, engine.Say("ms_log_scores", "P", seatArg(sv.Seat), "Total", sv.Total,
				"Gold", sv.Gold, "Silver", sv.Silver, "Coal", sv.Coal), PlacePlayer(sv.Seat))
		}
	}
	if res.TieBreakMessage.ID == "ms_tiebreak_shared" {
		// Nobody is named: the win is shared (MS-E4).
		if s.loud() {
			s.log(-1, engine.Say("ms_log_game_over_shared", "Points", s.Scores[res.Ranking[0]].Total))
		}
		return
	}
	if s.loud() {
		s.log(res.Ranking[0], engine.Say("ms_log_game_over", "P", seatArg(res.Ranking[0])))
	}
}

// Breakdown is the final score of every seat by resource, gold, silver,
// coal (engine.Breakdown); nil until the game is over.
func (m *match) Breakdown() *engine.ScoreTable {
	s := m.s
	if s.Result == nil || len(s.Scores) != len(s.Players) {
		return nil
	}
	t := &engine.ScoreTable{Totals: make([]int, len(s.Scores))}
	rows := []struct {
		id  string
		pts func(ScoreView) int
	}{
		{"ms_score_gold", func(sv ScoreView) int { return sv.GoldPts }},
		{"ms_score_silver", func(sv ScoreView) int { return sv.SilverPts }},
		{"ms_score_coal", func(sv ScoreView) int { return sv.CoalPts }},
	}
	for _, r := range rows {
		row := engine.ScoreRow{NameMessage: engine.Say(r.id), Points: make([]int, len(s.Scores))}
		for k, sv := range s.Scores {
			row.Points[k] = r.pts(sv)
		}
		t.Rows = append(t.Rows, row)
	}
	for k, sv := range s.Scores {
		t.Totals[k] = sv.Total
	}
	return t
}

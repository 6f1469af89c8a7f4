package coalbaron

import "github.com/tinnersbot/tinnersbot/engine"

// scoreCategories are the rulebook's five final scoring categories, A to E,
// as engine.ScoreTable rows: each row's catalogue message and the
// category's points in a ScoreView.
//
// Unlike this title's other words, their messages are not cb_* ids of the
// bot's coalbaron catalogue but g_cb_score_* ones of its flow catalogue
// (bot/i18n/flow.*.toml), where the final post that shows them lives.
var scoreCategories = []struct {
	id     string
	points func(ScoreView) int
}{
	{"g_cb_score_lorries", func(sv ScoreView) int { return sv.A }},
	{"g_cb_score_orders", func(sv ScoreView) int { return sv.B }},
	{"g_cb_score_shares", func(sv ScoreView) int { return sv.C }},
	{"g_cb_score_tokens", func(sv ScoreView) int { return sv.D }},
	{"g_cb_score_objectives", func(sv ScoreView) int { return sv.E }},
}

// Breakdown is the final score of every seat by category, A to E
// (engine.Breakdown); nil until the game is over.
func (m *match) Breakdown() *engine.ScoreTable {
	s := m.s
	if s.Result == nil || len(s.Scores) != len(s.Players) {
		return nil
	}
	t := &engine.ScoreTable{Totals: make([]int, len(s.Scores))}
	for _, c := range scoreCategories {
		row := engine.ScoreRow{NameMessage: engine.Say(c.id), Points: make([]int, len(s.Scores))}
		for k, sv := range s.Scores {
			row.Points[k] = c.points(sv)
		}
		t.Rows = append(t.Rows, row)
	}
	for k, sv := range s.Scores {
		t.Totals[k] = sv.Total
	}
	return t
}

package brass

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// StageEnd tells the end of the Canal era (engine.Stages): when events
// hold the Rail era's start ("bb_log_rail_era", logged once the Canal
// era's links and tiles are scored and its level-I tiles removed), it
// returns the era's name and every seat's points by category so far:
// Canal links and Canal tiles always, then merchant bonuses and VP lost to
// shortfalls when a seat has some. Totals are the seats' VP. In the
// introductory game the Canal era ends the game: that is the final post's
// (Breakdown), not a stage.
func (m *match) StageEnd(events []engine.Event) (engine.Message, *engine.ScoreTable, bool) {
	if !slices.ContainsFunc(events, func(e engine.Event) bool { return e.Message.ID == "bb_log_rail_era" }) {
		return engine.Message{}, nil, false
	}
	s := m.s
	var vp []int
	for _, p := range s.Players {
		vp = append(vp, p.VP)
	}
	return Canal.Message(), s.scoreTable(vp, map[string]bool{"bb_cat_canal_links": true, "bb_cat_canal_tiles": true}), true
}

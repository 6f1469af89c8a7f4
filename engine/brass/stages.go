package brass

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// StageEnd tells the end of the Canal era (engine.Stages): when events
// hold the Rail era's start ("bb_log_rail_era", logged once the Canal
// era's links and tiles are scored and its level-I tiles removed), it
// returns the era's name and every seat's points by category so far:
// Canal links, Canal tiles, then merchant bonuses and VP lost to
// shortfalls when any seat has some. Totals are the seats' VP. In the
// introductory game the Canal era ends the game: that is the final post's
// (Breakdown), not a stage.
func (m *match) StageEnd(events []engine.Event) (engine.Message, *engine.ScoreTable, bool) {
	if !slices.ContainsFunc(events, func(e engine.Event) bool { return e.Message.ID == "bb_log_rail_era" }) {
		return engine.Message{}, nil, false
	}
	s := m.s
	rows := []struct {
		id     string
		f      func(sc Score) int
		always bool
	}{
		{"bb_cat_canal_links", func(sc Score) int { return sc.Links[Canal] }, true},
		{"bb_cat_canal_tiles", func(sc Score) int { return sc.Tiles[Canal] }, true},
		{"bb_cat_bonus", func(sc Score) int { return sc.Bonus }, false},
		{"bb_cat_lost", func(sc Score) int { return -sc.Lost }, false},
	}
	t := &engine.ScoreTable{}
	for _, p := range s.Players {
		t.Totals = append(t.Totals, p.VP)
	}
	for _, r := range rows {
		row := engine.ScoreRow{NameMessage: engine.Say(r.id)}
		any := r.always
		for _, sc := range s.Scores {
			v := r.f(sc)
			any = any || v != 0
			row.Points = append(row.Points, v)
		}
		if any {
			t.Rows = append(t.Rows, row)
		}
	}
	return eraMsg(Canal), t, true
}

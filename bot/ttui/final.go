package ttui

import (
	"context"
	"fmt"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// scoreRows are, per seat, the points earned in each round and the ore
// mined over the game, from the record replayed (public facts only: points
// and ore cubes are on the board).
func scoreRows(rec *tinners.Record) (points [][]int, ore []int, err error) {
	s, err := tinners.NewGame(rec.SetupOf())
	if err != nil {
		return nil, nil, err
	}
	n := len(s.Players) // with Lord Wallace in a solo game
	points, ore = make([][]int, n), make([]int, n)
	base := make([]int, n)     // points at the start of the round
	mined := make([][2]int, n) // the most tin and copper held this round
	round := s.Round
	// closeRound ends a round at state e (points after its last action).
	closeRound := func(e *tinners.State) {
		for k := range n {
			points[k] = append(points[k], e.Players[k].Points-base[k])
			base[k] = e.Players[k].Points
			ore[k] += mined[k][0] + mined[k][1]
			mined[k] = [2]int{}
		}
	}
	for k, str := range rec.Actions {
		a, err := tinners.ParseAction(str)
		if err != nil {
			return nil, nil, fmt.Errorf("action %d: %w", k, err)
		}
		next, _, err := tinners.Apply(s, a)
		if err != nil {
			return nil, nil, fmt.Errorf("action %d: %w", k, err)
		}
		if next.Round != round && round >= 1 && len(points[0]) < tinners.NumRounds {
			closeRound(next)
		}
		round, s = next.Round, next
		for k := range n {
			// Ore is held from extraction until it is sold: the most held
			// in a round is what was mined in it.
			mined[k][0] = max(mined[k][0], s.Players[k].Tin)
			mined[k][1] = max(mined[k][1], s.Players[k].Copper)
		}
	}
	if s.Phase == tinners.PhaseOver && len(points[0]) < tinners.NumRounds {
		closeRound(s)
	}
	return points, ore, nil
}

// breakdownText is the final post's score breakdown, in ranking order, in
// l's language.
func breakdownText(l *i18n.Loc, t kit.Table, v tinners.PublicView, points [][]int, ore []int) string {
	if v.Result == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(l.T("flow_breakdown_head", nil) + "\n")
	rounds := func(k int) string {
		var rs []string
		for r, p := range points[k] {
			rs = append(rs, l.T("flow_round_points", kit.Args{"Round": r + 1, "Points": p}))
		}
		return strings.Join(rs, l.T("list_sep", nil))
	}
	for _, k := range v.Result.Ranking {
		if k >= len(points) {
			continue
		}
		fmt.Fprintf(&b, "%s: %s · £%d · %s\n", kit.SeatLabel(l, k), rounds(k), v.Seats[k].Money, l.N("flow_ore_cubes", ore[k], nil))
	}
	if w := tinners.WallaceSeat; v.Solo != nil && w < len(points) {
		fmt.Fprintf(&b, "%s: %s · %s\n", lordNameIn(l), rounds(w), l.N("flow_ore_cubes", ore[w], nil))
	}
	return b.String()
}

// finalExtras completes a final board (a public post, in the table's
// language): the breakdown above the record's line, and the Rematch button.
func (m *host) finalExtras(ctx context.Context, t kit.Table, s *tinners.State, msg *kit.Message) {
	l := kit.TableLoc(t)
	rec, err := m.tts().Record(ctx, t.ID)
	if err == nil {
		var points [][]int
		var ore []int
		if points, ore, err = scoreRows(rec); err == nil {
			msg.Content = kit.Clip(msg.Content + "\n" + breakdownText(l, t, s.PublicView(), points, ore))
		}
	}
	if err != nil {
		m.Log().Error("score breakdown", "table", t.ID, "err", err)
	}
	msg.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("flow_button_rematch", nil), Style: discordgo.SuccessButton, CustomID: kit.PlainID("tre", t.ID)},
	}}}
}

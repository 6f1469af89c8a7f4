package coalbaron

import "github.com/tinnersbot/tinnersbot/engine"

// ScoreDetails explains seat's final score so that a player can check it
// (issue 25): the delivered orders by destination, each destination's
// shares and how many of them delivered orders matched, and each objective
// with what it earned. nil until the game is over. Every number comes
// from the same rules as score (the categories' totals agree:
// TestScoreDetailsAddUp).
func (m *match) ScoreDetails(seat int) []engine.Message {
	s := m.s
	if s.Result == nil || seat < 0 || seat >= len(s.Players) {
		return nil
	}
	e := s.ed()
	p := &s.Players[seat]
	sv := s.score(seat)
	var orders, lorriesShown [NumDests]int
	var engines [NumEngineTypes]int
	var byDest [NumDests][]any
	for _, t := range p.Delivered {
		o := s.card(t.Order)
		orders[o.Dest]++
		lorriesShown[o.Dest] += o.Lorries
		engines[s.card(t.Engine).Engine]++
		byDest[o.Dest] = append(byDest[o.Dest], engine.Say("cb_detail_vp", "VP", o.VP))
	}
	var out []engine.Message
	if len(p.Delivered) == 0 {
		out = append(out, engine.Say("cb_detail_no_orders"))
	}
	for d := range Dest(NumDests) {
		if len(byDest[d]) > 0 {
			out = append(out, engine.Say("cb_detail_orders", "Dest", destIn(d, caseNom), "N", len(byDest[d]), "List", joinMsgs("cb_join_plus_spaced", byDest[d])))
		}
	}
	var shares [NumDests]int
	for _, id := range p.Shares {
		shares[s.card(id).Dest]++
	}
	for d := range Dest(NumDests) {
		if shares[d] > 0 {
			out = append(out, engine.Say("cb_detail_shares", "Dest", destIn(d, caseNom), "N", shares[d], "Orders", orders[d],
				"Matched", sv.SharesAssigned[d], "VP", sv.SharesAssigned[d]*e.ShareVP))
		}
	}
	for _, id := range p.Objectives {
		o := s.card(id)
		var times int
		switch o.Objective {
		case ObjTokens:
			times = len(p.Tokens) / o.Per
		case ObjObjectives:
			times = len(p.Objectives)
		case ObjEngines:
			times = engines[o.Engine]
		case ObjShares:
			times = sv.SharesAssigned[o.Dest]
		case ObjOrders:
			times = orders[o.Dest]
		case ObjLorries:
			if lorriesShown[o.Dest] >= o.Threshold {
				times = 1
			}
			out = append(out, engine.Say("cb_detail_objective_threshold", "Card", cardIn(o, caseNom), "Shown", lorriesShown[o.Dest], "VP", o.VP*times))
			continue
		}
		out = append(out, engine.Say("cb_detail_objective", "Card", cardIn(o, caseNom), "Times", times, "Each", o.VP, "VP", o.VP*times))
	}
	return out
}

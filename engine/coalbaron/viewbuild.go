package coalbaron

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

func (s *state) publicView() PublicView {
	v := PublicView{
		Edition: s.Edition, NumSeats: s.N, Version: s.Ver,
		Shift: s.Shift, Shifts: s.ed().Seats[s.N].Shifts, TokensLeft: slices.Clone(s.Tokens),
		StartSeat: s.Start, Turn: s.Turn,
	}
	if s.Step.Kind != StepOver {
		v.ToAct = []int{s.Turn}
	}
	st := s.Step
	v.Step = StepView{Kind: st.Kind, Seat: s.Turn, Placed: st.Placed, Innovation: st.Inno, Zone: st.Zone,
		Card: st.Card, StepsLeft: st.Left, StepsMin: max(st.Min, 0), StepsSpent: st.Spent,
		Engine: st.Engine, Departed: st.Departed, WildStack: st.WildStack, WildCount: len(st.Looked)}
	if st.Kind == StepWildKeep {
		v.Step.WildCount = len(st.Looked)
	}
	for z := Zone(0); z < NumStacks; z++ {
		sv := StackView{Zone: z, Kind: stackKind[z], Size: len(s.Stacks[z]), Top: NoCard}
		if sv.Size > 0 {
			sv.Top = s.Stacks[z][0]
		}
		v.Stacks[z] = sv
	}
	for z := Zone(0); z < NumZones; z++ {
		if !s.InPlay[z] {
			continue
		}
		zv := ZoneView{Zone: z, Name: z.Name(), Required: s.required(z)}
		if z == ZoneWild {
			zv.Printed = s.ed().WildPrinted
		}
		for _, pl := range s.Zones[z] {
			zv.Placements = append(zv.Placements, PlacementView{Seat: pl.Seat, Workers: pl.Count, Cards: slices.Clone(pl.Cards)})
		}
		if z.IsStack() {
			zv.Usable = len(s.Stacks[z]) > 0
		} else {
			zv.Usable = true
		}
		v.Zones = append(v.Zones, zv)
	}
	for i := range s.Players {
		p := &s.Players[i]
		pv := PlayerView{Seat: i, Workers: slices.Clone(p.Workers), WorkersInHand: s.handWorkers(p),
			Orders: len(p.Orders), Innovations: len(p.Innovations), Passed: p.Passed,
			Row: slices.Clone(p.Row), Storage: slices.Clone(p.Storage), Shares: slices.Clone(p.Shares),
			Objectives: slices.Clone(p.Objectives), Tokens: slices.Clone(p.Tokens)}
		for d := range p.Docks {
			dv := DockView{Engine: p.Docks[d].Engine, Lorries: s.lorriesIn(&p.Docks[d])}
			for _, w := range p.Docks[d].Wagons {
				dv.Wagons = append(dv.Wagons, WagonView(w))
			}
			pv.Docks[d] = dv
		}
		for _, t := range p.Delivered {
			tv := TrainView{Order: t.Order, Engine: t.Engine}
			for _, w := range t.Wagons {
				tv.Wagons = append(tv.Wagons, WagonView(w))
			}
			pv.Delivered = append(pv.Delivered, tv)
		}
		v.Players = append(v.Players, pv)
	}
	v.Scores = slices.Clone(s.Scores)
	if s.Result != nil {
		r := *s.Result
		r.Ranking, r.Scores = slices.Clone(r.Ranking), slices.Clone(r.Scores)
		v.Result = &r
	}
	return v
}

func (s *state) seatView(seat int) SeatView {
	v := SeatView{PublicView: s.publicView(), Seat: seat, Kept: NoCard}
	if seat < 0 || seat >= s.N {
		return v
	}
	p := &s.Players[seat]
	v.Orders = slices.Clone(p.Orders)
	v.Innovations = slices.Clone(p.Innovations)
	if seat == s.Turn && s.Step.WildStack >= 0 {
		v.Looked = slices.Clone(s.Step.Looked)
		v.Kept = s.Step.Kept
	}
	return v
}

// label describes a to the seat taking it.
func (s *state) label(a Action) engine.Label {
	c := func(id int) string {
		if id < 0 || id >= NumCards {
			return "?"
		}
		return s.card(id).String()
	}
	switch a.Kind {
	case ActPlace:
		var parts []string
		total := 0
		for _, w := range a.Workers {
			total += w.Value
			if w.Range == 0 {
				parts = append(parts, fmt.Sprint(w.Value))
			} else {
				parts = append(parts, fmt.Sprintf("innovation 1–%d as %d", w.Range, w.Value))
			}
		}
		unit := "workers"
		if total == 1 {
			unit = "worker"
		}
		cost := fmt.Sprintf("%d %s (%s)", total, unit, strings.Join(parts, " + "))
		what, effect := s.zoneLabel(a.Zone)
		return engine.Label{Path: []string{what, a.Zone.Name(), cost}, Line: fmt.Sprintf("%s: %s", cost, effect)}
	case ActInnovation:
		line := "Play the " + c(a.Card)
		if a.Zone >= 0 && a.Zone.IsStack() {
			top := "empty"
			if len(s.Stacks[a.Zone]) > 0 {
				top = c(s.Stacks[a.Zone][0])
			}
			line += fmt.Sprintf(": take the %s from the %s", top, a.Zone.Name())
		}
		return engine.Label{Path: []string{"Play an innovation", c(a.Card)}, Line: line + " (no workers)."}
	case ActDock:
		return engine.Label{Path: []string{"Choose a dock", fmt.Sprintf("Dock %d", a.Target+1)},
			Line: fmt.Sprintf("Put the %s in dock %d.", c(s.Step.Card), a.Target+1)}
	case ActMine:
		cost := 0
		if a.Card >= 0 && a.Card < NumCards {
			cost = s.card(a.Card).Lorries
		}
		to := "lorry storage"
		if a.Target != NoCard {
			to = "the " + c(a.Target)
			if s.Turn >= 0 {
				for d, dk := range s.Players[s.Turn].Docks {
					for _, w := range dk.Wagons {
						if w.Wagon == a.Target {
							to += fmt.Sprintf(" in dock %d", d+1)
						}
					}
				}
			}
		}
		return engine.Label{Path: []string{"Mine", c(a.Card), to},
			Line: fmt.Sprintf("%d step(s) of %d left: move the %s to %s.", cost, s.Step.Left, c(a.Card), to)}
	case ActStopMining:
		return engine.Label{Path: []string{"Stop mining"}, Line: fmt.Sprintf("Stop mining (%d step(s) unspent).", s.Step.Left)}
	case ActDeliver:
		return engine.Label{Path: []string{"Deliver", fmt.Sprintf("Dock %d", a.Target+1), c(a.Card)},
			Line: fmt.Sprintf("The train in dock %d departs with the %s.", a.Target+1, c(a.Card))}
	case ActStopDelivery:
		return engine.Label{Path: []string{"Stop delivering"}, Line: "No more trains depart."}
	case ActWildStack:
		return engine.Label{Path: []string{"Wild action: look at", a.Zone.Name()},
			Line: fmt.Sprintf("Look at the top %d cards of the %s and keep one.", min(s.ed().WildLook, len(s.Stacks[max(a.Zone, 0)])), a.Zone.Name())}
	case ActKeep:
		return engine.Label{Path: []string{"Keep", c(a.Card)}, Line: fmt.Sprintf("Keep the %s; the others go to the bottom.", c(a.Card))}
	case ActReturn:
		var names []string
		for _, id := range a.Cards {
			names = append(names, c(id))
		}
		return engine.Label{Path: []string{"Return to the bottom", strings.Join(names, ", ")},
			Line: "Return to the bottom, in this order from the top: " + strings.Join(names, ", ") + "."}
	case ActEndTurn:
		return engine.Label{Path: []string{"End turn"}, Line: "End your turn."}
	case ActPass:
		return engine.Label{Path: []string{"Pass"}, Line: fmt.Sprintf("Drop out of shift %d.", s.Shift)}
	}
	return engine.Label{Path: []string{a.String()}, Line: a.String()}
}

// zoneLabel names a zone's action for a menu and says its effect.
func (s *state) zoneLabel(z Zone) (string, string) {
	top := func() string {
		if z.IsStack() && len(s.Stacks[z]) > 0 {
			return s.card(s.Stacks[z][0]).String()
		}
		return "nothing"
	}
	switch z {
	case ZoneLorry1, ZoneLorry2:
		return "Take a lorry", "take the " + top() + " into your mining row"
	case ZoneWagon1, ZoneWagon2:
		return "Take a wagon", "take the " + top() + " into a loading dock"
	case ZoneEngine:
		return "Take an engine", "take the " + top() + " into a loading dock"
	case ZoneOrder:
		return "Take an order", "take the " + top() + " into your hand"
	case ZoneShare:
		return "Take a share", "take the " + top()
	case ZoneInnovation:
		return "Take an innovation", "take the " + top() + " into your hand"
	case ZoneObjective:
		return "Take an objective", "take the " + top()
	case ZoneMine01, ZoneMine12, ZoneMine23:
		m := s.ed().Mining[z.mining()]
		return "Mine", fmt.Sprintf("spend %d to %d mining steps", m.Min, m.Max)
	case ZoneDelivery:
		return "Deliver", "trains with the same engine type depart with orders from your hand"
	case ZoneWild:
		return "Wild action", fmt.Sprintf("look at the top %d cards of a stack and keep one", s.ed().WildLook)
	}
	return "?", "?"
}

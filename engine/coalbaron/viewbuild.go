package coalbaron

import (
	"fmt"
	"slices"

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
		zv := ZoneView{Zone: z, NameMessage: z.NameMessage(), Required: s.required(z)}
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

// label describes a to the seat taking it, as catalogue messages.
func (s *state) label(a Action) engine.Label {
	l := s.labelOf(a)
	l.Deliberate = s.asks(a)
	l.Where = s.where(a)
	return l
}

// where names the place a is about (engine.Label.Where; zones.go): the
// zone workers go to or the wild action looks at, the dock a card goes to
// or a train leaves from, the wagon's dock or the storage a lorry is
// mined to.
func (s *state) where(a Action) []int {
	switch a.Kind {
	case ActPlace, ActWildStack:
		return []int{int(a.Zone)}
	case ActDock, ActDeliver:
		return []int{PlaceDock(a.Seat, a.Target)}
	case ActMine:
		if a.Target == NoCard {
			return []int{PlaceRow(a.Seat)}
		}
		for d, dk := range s.Players[a.Seat].Docks {
			for _, w := range dk.Wagons {
				if w.Wagon == a.Target {
					return []int{PlaceDock(a.Seat, d)}
				}
			}
		}
	}
	return nil
}

// asks reports whether a is put to its seat even when it is the seat's only
// move (engine.Label.Deliberate). From edition 2 this is so for "end turn" and
// "stop delivering", and for "pass" and a departure unless what is public
// already forces them: the platform plays an only move for the seat, and
// its being the only one must not show what the seat holds.
func (s *state) asks(a Action) bool {
	if s.v1() {
		return false
	}
	p := &s.Players[a.Seat]
	switch a.Kind {
	case ActEndTurn, ActStopDelivery:
		return true
	case ActPass:
		return !s.passForced(p)
	case ActDeliver:
		docks := 0
		for d := range p.Docks {
			dk := &p.Docks[d]
			if dk.Engine != NoCard && (s.Step.Engine < 0 || s.card(dk.Engine).Engine == s.Step.Engine) && s.lorriesIn(dk) > 0 {
				docks++
			}
		}
		return len(p.Orders) != 1 || docks != 1
	}
	return false
}

// passForced reports whether what is public shows that p can place no
// workers: she holds no innovation card (one might be a worker innovation),
// and no zone takes a combination of her worker cards, counting the
// delivery zone as open whenever a dock with an engine has lorries and she
// holds an order.
func (s *state) passForced(p *player) bool {
	if len(p.Innovations) > 0 {
		return false
	}
	for z := Zone(0); z < NumZones; z++ {
		if !s.InPlay[z] || len(s.workerCombos(p, s.required(z))) == 0 {
			continue
		}
		if z != ZoneDelivery && s.canPerform(p, z) || z == ZoneDelivery && s.mayDepartAgain(p, -1) {
			return false
		}
	}
	return true
}

// labelOf words a as catalogue messages: the menu path, the line to the
// seat choosing and the note to the others, one kind of move per case.
func (s *state) labelOf(a Action) engine.Label {
	say := engine.Say
	switch a.Kind {
	case ActPlace:
		return s.placeLabel(a)
	case ActInnovation:
		return s.innovationLabel(a)
	case ActDock:
		return notedLabel([]engine.Message{say("cb_label_choose_dock"), say("cb_label_dock", "Dock", a.Target+1)},
			say("cb_label_dock_line", "Card", s.cardMsg(s.Step.Card, caseAcc), "Dock", a.Target+1),
			say("cb_note_dock", "Card", s.cardMsg(s.Step.Card, caseNom), "Dock", a.Target+1))
	case ActMine:
		return s.mineLabel(a)
	case ActStopMining:
		return notedLabel([]engine.Message{say("cb_label_stop_mining")}, say("cb_label_stop_mining_line", "Count", s.Step.Left),
			say("cb_note_stop_mining", "Count", s.Step.Left))
	case ActDeliver:
		l := engine.Label{PathMessages: []engine.Message{say("cb_label_deliver"), say("cb_label_dock", "Dock", a.Target+1), s.cardMsg(a.Card, caseNom)},
			LineMessage: say("cb_label_deliver_line", "Dock", a.Target+1, "Order", s.cardMsg(a.Card, caseAcc))}
		l.NoteMessage = l.LineMessage // the line says it in the third person
		return l
	case ActStopDelivery:
		l := engine.Label{PathMessages: []engine.Message{say("cb_label_stop_delivery")}, LineMessage: say("cb_label_stop_delivery_line")}
		l.NoteMessage = l.LineMessage // the line says it in the third person
		return l
	case ActWildStack:
		n := min(s.ed().WildLook, len(s.Stacks[max(a.Zone, 0)]))
		return notedLabel([]engine.Message{say("cb_label_wild_look"), zoneIn(a.Zone, caseNom)},
			say("cb_label_wild_look_line", "Count", n, "Zone", zoneIn(a.Zone, caseGen)),
			say("cb_note_wild_look", "Count", n, "Zone", zoneIn(a.Zone, caseGen)))
	case ActKeep:
		return notedLabel([]engine.Message{say("cb_label_keep"), s.cardMsg(a.Card, caseNom)}, say("cb_label_keep_line", "Card", s.cardMsg(a.Card, caseAcc)),
			say("cb_note_keep", "Card", s.cardMsg(a.Card, caseNom)))
	case ActReturn:
		return s.returnLabel(a)
	case ActEndTurn:
		return notedLabel([]engine.Message{say("cb_label_end_turn")}, say("cb_label_end_turn_line"), say("cb_note_end_turn"))
	case ActPass:
		return notedLabel([]engine.Message{say("cb_label_pass")}, say("cb_label_pass_line", "Shift", s.Shift), say("cb_note_pass", "Shift", s.Shift))
	}
	return moveLabel(a)
}

// notedLabel is a label with its menu path, the line that speaks to the
// player choosing, and the note others are told (engine.Label.NoteMessage).
func notedLabel(path []engine.Message, line, note engine.Message) engine.Label {
	return engine.Label{PathMessages: path, LineMessage: line, NoteMessage: note}
}

// placeLabel words placing workers: the cards' values (innovations with
// their range) summed, and the zone's effect.
func (s *state) placeLabel(a Action) engine.Label {
	say := engine.Say
	var parts []any
	total := 0
	for _, w := range a.Workers {
		total += w.Value
		if w.Range == 0 {
			parts = append(parts, fmt.Sprint(w.Value))
		} else {
			parts = append(parts, say("cb_label_innovation_as", "Range", w.Range, "Value", w.Value))
		}
	}
	cost := say("cb_label_workers", "Count", total, "Parts", joinMsgs("cb_join_plus_spaced", parts))
	what, effect := s.zoneLabel(a.Zone)
	return notedLabel([]engine.Message{what, zoneIn(a.Zone, caseNom), cost}, say("cb_label_place_line", "Cost", cost, "Effect", effect),
		say("cb_note_place", "Cost", cost, "Zone", zoneIn(a.Zone, caseLoc)))
}

// innovationLabel words playing an action innovation, with the card it
// takes when it takes the top of a stack.
func (s *state) innovationLabel(a Action) engine.Label {
	say := engine.Say
	line := say("cb_label_play_line", "Card", s.cardMsg(a.Card, caseAcc))
	if a.Zone >= 0 && a.Zone.IsStack() {
		top := say("cb_empty")
		if len(s.Stacks[a.Zone]) > 0 {
			top = s.cardMsg(s.Stacks[a.Zone][0], caseAcc)
		}
		line = say("cb_label_play_take_line", "Card", s.cardMsg(a.Card, caseAcc), "Top", top, "Zone", zoneIn(a.Zone, caseGen))
	}
	return notedLabel([]engine.Message{say("cb_label_play_innovation"), s.cardMsg(a.Card, caseNom)}, line,
		say("cb_note_play", "Card", s.cardMsg(a.Card, caseNom)))
}

// mineLabel words mining a lorry card: to storage, to a wagon, or to a
// wagon in one of the seat's docks.
func (s *state) mineLabel(a Action) engine.Label {
	say := engine.Say
	cost := 0
	if a.Card >= 0 && a.Card < NumCards {
		cost = s.card(a.Card).Lorries
	}
	to := say("cb_label_to_storage")
	line := say("cb_label_mine_storage_line", "Count", cost, "Left", s.Step.Left, "Card", s.cardMsg(a.Card, caseAcc))
	note := say("cb_note_mine_storage", "Count", cost, "Left", s.Step.Left, "Card", s.cardMsg(a.Card, caseNom))
	if a.Target != NoCard {
		to = say("cb_label_to_wagon", "Wagon", s.cardMsg(a.Target, caseNom))
		line = say("cb_label_mine_wagon_line", "Count", cost, "Left", s.Step.Left, "Card", s.cardMsg(a.Card, caseAcc),
			"Wagon", s.cardMsg(a.Target, caseGen))
		note = say("cb_note_mine_wagon", "Count", cost, "Left", s.Step.Left, "Card", s.cardMsg(a.Card, caseNom),
			"Wagon", s.cardMsg(a.Target, caseGen))
		if s.Turn >= 0 {
			for d, dk := range s.Players[s.Turn].Docks {
				for _, w := range dk.Wagons {
					if w.Wagon == a.Target {
						to = say("cb_label_to_wagon_dock", "Wagon", s.cardMsg(a.Target, caseNom), "Dock", d+1)
						line = say("cb_label_mine_wagon_dock_line", "Count", cost, "Left", s.Step.Left,
							"Card", s.cardMsg(a.Card, caseAcc), "Wagon", s.cardMsg(a.Target, caseGen), "Dock", d+1)
						note = say("cb_note_mine_wagon_dock", "Count", cost, "Left", s.Step.Left,
							"Card", s.cardMsg(a.Card, caseNom), "Wagon", s.cardMsg(a.Target, caseGen), "Dock", d+1)
					}
				}
			}
		}
	}
	return notedLabel([]engine.Message{say("cb_label_mine"), s.cardMsg(a.Card, caseNom), to}, line, note)
}

// returnLabel words returning the wild action's look to its stack: the
// order drawn is one click at the top of the menu; any other order is
// under "Reorder…" (issue 25: fewer clicks).
func (s *state) returnLabel(a Action) engine.Label {
	say := engine.Say
	var msgs []any
	for _, id := range a.Cards {
		msgs = append(msgs, s.cardMsg(id, caseNom))
	}
	if slices.Equal(a.Cards, s.Step.Looked) {
		return notedLabel([]engine.Message{say("cb_label_return_as_drawn", "List", joinMsgs("cb_join_comma", msgs))},
			say("cb_label_return_line", "List", joinMsgs("cb_join_comma", msgs)),
			say("cb_note_return", "List", joinMsgs("cb_join_comma", msgs)))
	}
	return notedLabel([]engine.Message{say("cb_label_reorder"), say("cb_label_list", "List", joinMsgs("cb_join_comma", msgs))},
		say("cb_label_return_line", "List", joinMsgs("cb_join_comma", msgs)),
		say("cb_note_return", "List", joinMsgs("cb_join_comma", msgs)))
}

// moveLabel is the label of a move this title does not describe: its
// compact form.
func moveLabel(a engine.Action) engine.Label {
	m := engine.Say("cb_label_move", "Move", a.String())
	return engine.Label{PathMessages: []engine.Message{m}, LineMessage: m}
}

// zoneLabel names a zone's action for a menu and says its effect.
func (s *state) zoneLabel(z Zone) (what, effect engine.Message) {
	top := engine.Say("cb_nothing")
	if z.IsStack() && len(s.Stacks[z]) > 0 {
		top = s.cardMsg(s.Stacks[z][0], caseAcc)
	}
	say := engine.Say
	switch z {
	case ZoneLorry1, ZoneLorry2:
		return say("cb_label_take_lorry"), say("cb_effect_into_row", "Card", top)
	case ZoneWagon1, ZoneWagon2:
		return say("cb_label_take_wagon"), say("cb_effect_into_dock", "Card", top)
	case ZoneEngine:
		return say("cb_label_take_engine"), say("cb_effect_into_dock", "Card", top)
	case ZoneOrder:
		return say("cb_label_take_order"), say("cb_effect_into_hand", "Card", top)
	case ZoneShare:
		return say("cb_label_take_share"), say("cb_effect_take", "Card", top)
	case ZoneInnovation:
		return say("cb_label_take_innovation"), say("cb_effect_into_hand", "Card", top)
	case ZoneObjective:
		return say("cb_label_take_objective"), say("cb_effect_take", "Card", top)
	case ZoneMine01, ZoneMine12, ZoneMine23:
		m := s.ed().Mining[z.mining()]
		return say("cb_label_mine"), say("cb_effect_mine", "Min", m.Min, "Count", m.Max)
	case ZoneDelivery:
		return say("cb_label_deliver"), say("cb_effect_deliver")
	case ZoneWild:
		return say("cb_label_wild"), say("cb_effect_wild", "Count", s.ed().WildLook)
	}
	return say("cb_unknown"), say("cb_unknown")
}

package brass

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Consuming coal and iron one cube at a time, asking the player only when
// there is a real choice (D16): mines at the same nearest distance, or
// several iron works, holding more cubes than are still needed. Whatever
// the choices, the cubes taken from tiles and bought from the markets are
// the same in number, so the cost check made before the action holds.

// coalTier lists the connected mines with coal nearest to the locations
// from (the seat's own first, then by space), none when no connected mine
// has coal.
func (s *state) coalTier(seat int, from []int) []int {
	if len(from) == 0 {
		return nil
	}
	e := s.ed()
	d := s.distances(from, -1)
	best := -1
	var tier []int
	for si, sl := range s.Spaces {
		if sl.Owner < 0 || sl.Ind != Coal || sl.Cubes == 0 {
			continue
		}
		dist := d[e.Spaces[si].Loc]
		if dist < 0 || (best >= 0 && dist > best) {
			continue
		}
		if dist < best || best < 0 {
			best, tier = dist, nil
		}
		tier = append(tier, si)
	}
	return ownFirst(s, seat, tier)
}

// ironWorks lists the iron works with iron (the seat's own first, then by
// space).
func (s *state) ironWorks(seat int) []int {
	var out []int
	for si, sl := range s.Spaces {
		if sl.Owner >= 0 && sl.Ind == Iron && sl.Cubes > 0 {
			out = append(out, si)
		}
	}
	return ownFirst(s, seat, out)
}

func ownFirst(s *state, seat int, spaces []int) []int {
	slices.SortStableFunc(spaces, func(a, b int) int {
		oa, ob := s.Spaces[a].Owner != seat, s.Spaces[b].Owner != seat
		switch {
		case oa == ob:
			return 0
		case !oa:
			return -1
		}
		return 1
	})
	return spaces
}

// takeLogged takes n cubes from the tile on si for seat's consumption and
// logs the source.
func (s *state) takeLogged(seat, si, n int, coal bool) {
	e := s.ed()
	owner := s.Spaces[si].Owner
	loc := e.Spaces[si].Loc
	switch {
	case !s.loud():
	case coal:
		dist := s.distances(s.Step.From, -1)[loc]
		s.log(seat, engine.Say("bb_log_coal_away", "Count", n, "Loc", locMsg(loc), "P", seatArg(owner), "Away", awayMsg(dist)), PlaceSpace(si))
	default:
		s.log(seat, engine.Say("bb_log_iron_from", "Count", n, "Loc", locMsg(loc), "P", seatArg(owner)), PlaceSpace(si))
	}
	s.take(si, n)
}

// resolve goes on with the consumption under way: cubes are taken by the
// rule while there is no real choice; a real choice stops at StepCoal or
// StepIron; when all is taken, the action goes on (finishConsumption).
func (s *state) resolve(seat int) {
	e := s.ed()
	for s.Step.Coal > 0 {
		tier := s.coalTier(seat, s.Step.From)
		if len(tier) == 0 {
			cost, left := e.CoalMarket.BuyCost(s.Coal, s.Step.Coal)
			s.spend(seat, cost)
			if s.loud() {
				s.log(seat, engine.Say("bb_log_coal_market", "Count", s.Step.Coal, "Money", cost), PlaceCoalMarket)
			}
			s.Coal, s.Step.Coal = left, 0
			break
		}
		total := 0
		for _, si := range tier {
			total += s.Spaces[si].Cubes
		}
		if len(tier) > 1 && s.Step.Coal < total {
			s.Step.Kind = StepCoal
			return
		}
		for _, si := range tier {
			n := min(s.Spaces[si].Cubes, s.Step.Coal)
			s.takeLogged(seat, si, n, true)
			s.Step.Coal -= n
		}
	}
	for s.Step.Iron > 0 {
		works := s.ironWorks(seat)
		if len(works) == 0 {
			cost, left := e.IronMarket.BuyCost(s.Iron, s.Step.Iron)
			s.spend(seat, cost)
			if s.loud() {
				s.log(seat, engine.Say("bb_log_iron_market", "Count", s.Step.Iron, "Money", cost), PlaceIronMarket)
			}
			s.Iron, s.Step.Iron = left, 0
			break
		}
		total := 0
		for _, si := range works {
			total += s.Spaces[si].Cubes
		}
		if len(works) > 1 && s.Step.Iron < total {
			s.Step.Kind = StepIron
			return
		}
		for _, si := range works {
			n := min(s.Spaces[si].Cubes, s.Step.Iron)
			s.takeLogged(seat, si, n, false)
			s.Step.Iron -= n
		}
	}
	s.finishConsumption(seat)
}

// finishConsumption completes the action whose coal and iron are taken.
func (s *state) finishConsumption(seat int) {
	st := s.Step
	s.Step = step{Kind: StepAction, Done: st.Done}
	switch st.Then {
	case thenBuild:
		s.marketSale(seat, st.Space)
		s.actionDone()
	case thenRail1:
		if s.secondRailPossible(seat) {
			s.Step = step{Kind: StepRail, Done: st.Done, Link: st.Link}
		} else {
			s.actionDone()
		}
	default:
		s.actionDone()
	}
}

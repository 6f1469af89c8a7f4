package mineshaft

import (
	"math"

	"github.com/tinnersbot/tinnersbot/engine"
)

// A simple heuristic player for golden games and the balance study (the
// players of components.md §6):
//   - greedy: move to the reachable tile with the best single collection;
//     with none, towards the nearest tile with markers, collapsed tile or
//     open end;
//   - explorer: the same, but standing on an open end is worth 4 points
//     (next turn's tile is 3 fresh markers beside the pawn).
//
// Both fill the nearest free tile on a colour; collapse an opponent's tile
// with the pickaxe, else the poorest; swap only for a tile worth 6 points
// or more; aim Fire at opponents and Timed Explosion at an opponent's
// richest tile; ride the Minecart to the richest tile; take the kind worth
// most; lay a tile where it leaves the most open ends; jump through
// Tunnels when that reaches more (a jump is one more destination).
type heuristic struct {
	explorer bool
	// Variants for the balance study's investigation (DECISIONS.md): on a
	// tie of destinations prefer one with an open end (tieOpen); lay tiles
	// at the first legal option instead of where most ends stay open
	// (firstPlace).
	tieOpen, firstPlace bool
	// random: no heuristic at all, a legal action at random (what the
	// bot's playtest players do), for the hand-offs a random table takes.
	random bool
}

// choose returns the heuristic's action for the seat to act in m.
func (h heuristic) choose(m *match) Action {
	s := m.s
	seat := s.Turn
	legal := s.legal(seat)
	if len(legal) == 1 {
		return legal[0]
	}
	score := func(a Action) float64 { return h.value(s, seat, a) }
	best, bv := legal[0], math.Inf(-1)
	for _, a := range legal {
		if v := score(a); v > bv {
			best, bv = a, v
		}
	}
	return best
}

// collectValue is the most points one collection takes from grid tile i.
func collectValue(s *state, i int) int {
	g := &s.Grid[i]
	if g.Collapsed || g.Tile == 0 {
		return 0
	}
	best := 0
	for r := Resource(0); r < NumResources; r++ {
		best = max(best, min(g.Markers[r], s.ed().Collect[r])*s.ed().Points[r])
	}
	return best
}

// nearestInterest is the fewest steps from grid tile i to a tile with
// markers, a collapsed tile or an open end (collapsed tiles passable);
// 99 for none.
func nearestInterest(s *state, i int) int {
	dist := s.distances(i)
	best := 99
	for j, d := range dist {
		g := &s.Grid[j]
		if g.Collapsed || (g.Tile != 0 && g.count() > 0) || len(s.openEnds(j)) > 0 {
			best = min(best, d)
		}
	}
	return best
}

func (h heuristic) value(s *state, seat int, a Action) float64 {
	i := s.at(a.X, a.Y)
	opp := func(i int) int {
		n := 0
		for k, p := range s.Players {
			if k != seat && p.X == s.Grid[i].X && p.Y == s.Grid[i].Y {
				n++
			}
		}
		return n
	}
	switch a.Kind {
	case ActPlace:
		if h.firstPlace {
			return 0
		}
		// Open ends the new tile would leave: tracks facing empty cells.
		tr := s.tile(s.Step.Tile).Tracks.Turn(a.Rot)
		n := 0
		for d := N; d < NumDirs; d++ {
			x, y := d.Step(a.X, a.Y)
			if tr.Has(d) && s.at(x, y) < 0 {
				n++
			}
		}
		return float64(n)
	case ActSwap:
		v := s.points(s.Grid[i].Markers)
		if v < 6 {
			return -1
		}
		return float64(v)
	case ActNoSwap, ActNoRide, ActCollectNone:
		return 0
	case ActFire:
		n := 0
		for k, p := range s.Players {
			if dx, dy := p.X-a.X, p.Y-a.Y; dx*dx+dy*dy <= 1 && !(p.X == 0 && p.Y == 0) {
				if k == seat {
					n -= 2
				} else {
					n++
				}
			}
		}
		return float64(n)
	case ActExplode:
		v := float64(s.points(s.Grid[i].Markers)) / 100
		if opp(i) > 0 {
			v += 10
		}
		if p := s.Players[seat]; p.X == a.X && p.Y == a.Y {
			v -= 20
		}
		return v
	case ActRide:
		return float64(s.points(s.Grid[i].Markers)) + 0.5
	case ActFill:
		return -float64(s.distances(s.pawnTile(seat))[i])
	case ActCollapse:
		return float64(10*opp(i)) - float64(s.points(s.Grid[i].Markers))/10
	case ActCollect:
		g := &s.Grid[s.pawnTile(seat)]
		return float64(min(g.Markers[a.Res], s.ed().Collect[a.Res]) * s.ed().Points[a.Res])
	case ActMove:
		v := float64(collectValue(s, i))
		open := !s.Grid[i].Collapsed && len(s.openEnds(i)) > 0
		if h.explorer && open {
			v += 4
		}
		if h.tieOpen && open {
			v += 0.01
		}
		if v > 0 {
			return 100 + v
		}
		return -float64(nearestInterest(s, i))
	}
	return 0
}

// heuristicPlayout plays m to the end with h for every seat, checking the
// invariants after every action when check is set.
func heuristicPlayout(m *match, h heuristic, check bool, limit int) (*match, []engine.Action, error) {
	var log []engine.Action
	for m.Result() == nil && len(log) < limit {
		a := h.choose(m)
		next, _, err := m.Apply(a)
		if err != nil {
			return m, log, err
		}
		if check {
			if err := CheckInvariants(next); err != nil {
				return m, log, err
			}
		}
		log = append(log, a)
		m = next.(*match)
	}
	return m, log, nil
}

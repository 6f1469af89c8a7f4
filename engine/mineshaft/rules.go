package mineshaft

import (
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// The rules: who may do what now (legal) and what an action does (apply).
// Rule numbers are those of components.md.

// option is one legal choice of a cell, with what the label and event need
// to say about it.
type option struct {
	X, Y, Rot int
	Dir       Dir  // placement: the edge of the tile it is laid from
	Tunnel    bool // move: reached only through a Tunnel
	TX, TY    int  // the Tunnel used
}

// legal lists what seat may do now (nil when it is not seat's turn).
func (s *state) legal(seat int) []Action {
	if s.Step.Kind == StepOver || seat != s.Turn {
		return nil
	}
	one := func(k ActionKind) []Action { return []Action{{Seat: seat, Kind: k}} }
	cells := func(k ActionKind, opts []option) []Action {
		out := make([]Action, 0, len(opts)+1)
		for _, o := range opts {
			out = append(out, Action{Seat: seat, Kind: k, X: o.X, Y: o.Y, Rot: o.Rot})
		}
		return out
	}
	switch s.Step.Kind {
	case StepDraw:
		return one(ActDraw)
	case StepClear:
		return one(ActClear)
	case StepRoll:
		return one(ActRoll)
	case StepPlace:
		return cells(ActPlace, s.placements())
	case StepSwap:
		return append(cells(ActSwap, s.swapTargets()), Action{Seat: seat, Kind: ActNoSwap})
	case StepFire:
		return cells(ActFire, s.fireTargets())
	case StepExplosion:
		return cells(ActExplode, s.explosionTargets())
	case StepRide:
		return append(cells(ActRide, s.rideTargets(seat)), Action{Seat: seat, Kind: ActNoRide})
	case StepRockStep:
		return cells(ActMove, s.rockSteps(seat))
	case StepColour:
		return cells(ActFill, s.colourTargets(Colour(s.Step.Face)))
	case StepPickaxe:
		return cells(ActCollapse, s.pickaxeTargets(seat))
	case StepMove:
		return cells(ActMove, s.moves(seat, s.Step.Steps))
	case StepCollect:
		var out []Action
		c := &s.Grid[s.pawnTile(seat)]
		for r := Resource(0); r < NumResources; r++ {
			if c.Markers[r] > 0 {
				out = append(out, Action{Seat: seat, Kind: ActCollect, Res: r})
			}
		}
		return append(out, Action{Seat: seat, Kind: ActCollectNone})
	}
	return nil
}

// placements are the options of StepPlace: every open end of the tile the
// tile is laid from × every rotation showing a track towards it (MS-G7),
// one per distinct set of tracks, ends in N, E, S, W order.
func (s *state) placements() []option {
	st := &s.Step
	var from int
	var ends []Dir
	if st.HasFrom {
		from = s.at(st.FromX, st.FromY)
		ends = []Dir{st.FromDir}
	} else {
		from = s.pawnTile(s.Turn)
		ends = s.openEnds(from)
	}
	base := s.tile(st.Tile).Tracks
	var out []option
	for _, d := range ends {
		x, y := d.Step(s.Grid[from].X, s.Grid[from].Y)
		var seen []Tracks
		for r := 0; r < 4; r++ {
			t := base.Turn(r)
			if t.Has(d.Opposite()) && !slices.Contains(seen, t) {
				seen = append(seen, t)
				out = append(out, option{X: x, Y: y, Rot: r, Dir: d})
			}
		}
	}
	return out
}

// mineTiles lists the grid's mine tiles (not the start tile) that ok
// accepts, as options in grid order.
func (s *state) mineTiles(ok func(i int) bool) []option {
	var out []option
	for i := range s.Grid {
		if !s.isStart(i) && ok(i) {
			out = append(out, option{X: s.Grid[i].X, Y: s.Grid[i].Y})
		}
	}
	return out
}

// swapTargets: face-up mine tiles with no pawn (MS-X1).
func (s *state) swapTargets() []option {
	return s.mineTiles(func(i int) bool {
		return !s.Grid[i].Collapsed && len(s.pawnsOn(s.Grid[i].X, s.Grid[i].Y)) == 0
	})
}

// fireTargets: every mine tile, face up or collapsed (MS-X2).
func (s *state) fireTargets() []option { return s.mineTiles(func(int) bool { return true }) }

// explosionTargets: every face-up mine tile (MS-X3).
func (s *state) explosionTargets() []option {
	return s.mineTiles(func(i int) bool { return !s.Grid[i].Collapsed })
}

// colourTargets: the free tiles of colour c, face up with room (MS-T2).
func (s *state) colourTargets(c Colour) []option {
	return s.mineTiles(func(i int) bool {
		g := &s.Grid[i]
		return !g.Collapsed && s.tile(g.Tile).Colour == c && g.count() < s.ed().Capacity
	})
}

// pickaxeTargets: face-up mine tiles adjacent to seat's pawn's tile
// (MS-T3), in N, E, S, W order.
func (s *state) pickaxeTargets(seat int) []option {
	i := s.pawnTile(seat)
	var out []option
	for d := N; d < NumDirs; d++ {
		if j := s.neighbour(i, d); j >= 0 && !s.isStart(j) && !s.Grid[j].Collapsed {
			out = append(out, option{X: s.Grid[j].X, Y: s.Grid[j].Y})
		}
	}
	return out
}

// rideTargets: the tiles a Minecart ride reaches from seat's pawn: along
// connections, every tile entered face up and without another pawn
// (MS-X5); in the order found (nearest first).
func (s *state) rideTargets(seat int) []option {
	i0 := s.pawnTile(seat)
	seen := map[int]bool{i0: true}
	queue := []int{i0}
	var out []option
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for d := N; d < NumDirs; d++ {
			j := s.connected(i, d)
			if j < 0 || seen[j] {
				continue
			}
			seen[j] = true
			g := &s.Grid[j]
			if g.Collapsed || s.othersOn(seat, g.X, g.Y) {
				continue
			}
			out = append(out, option{X: g.X, Y: g.Y})
			queue = append(queue, j)
		}
	}
	return out
}

// walk returns the shortest number of steps from grid tile i0 to every
// tile a pawn reaches in at most k steps (MS-T4), by grid index, -1 for a
// tile it does not reach: steps along connections, a collapsed tile
// entered only as the last step, no step at all from a collapsed tile.
func (s *state) walk(i0, k int) []int {
	dist := make([]int, len(s.Grid))
	for i := range dist {
		dist[i] = -1
	}
	dist[i0] = 0
	if s.Grid[i0].Collapsed {
		return dist
	}
	queue := []int{i0}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		if dist[i] >= k || s.Grid[i].Collapsed {
			continue
		}
		for d := N; d < NumDirs; d++ {
			j := s.connected(i, d)
			if j < 0 || dist[j] >= 0 {
				continue
			}
			dist[j] = dist[i] + 1
			queue = append(queue, j)
		}
	}
	return dist
}

// faceUpTunnel reports whether grid tile i is a face-up Tunnel.
func (s *state) faceUpTunnel(i int) bool {
	return !s.Grid[i].Collapsed && s.tile(s.Grid[i].Tile).Special == Tunnel
}

// moves are the destinations of seat's pawn moving up to k steps (MS-T4),
// staying first, then the tiles walked to (nearest first, then grid
// order), then the tiles reached only through a Tunnel entered on the way
// (MS-X7): any tile without another pawn.
func (s *state) moves(seat, k int) []option {
	i0 := s.pawnTile(seat)
	dist := s.walk(i0, k)
	out := []option{{X: s.Grid[i0].X, Y: s.Grid[i0].Y}}
	walked := []int{}
	for i := range s.Grid {
		if dist[i] >= 0 && i != i0 {
			walked = append(walked, i)
		}
	}
	slices.SortStableFunc(walked, func(a, b int) int { return dist[a] - dist[b] })
	for _, i := range walked {
		out = append(out, option{X: s.Grid[i].X, Y: s.Grid[i].Y})
	}
	// A Tunnel entered by the pawn's own steps: another one within k
	// steps, or its own entered again (out and back: 2 steps over a
	// face-up tile).
	tunnel := -1
	for _, i := range walked {
		if s.faceUpTunnel(i) {
			tunnel = i
			break
		}
	}
	if tunnel < 0 && k >= 2 && s.faceUpTunnel(i0) {
		for d := N; d < NumDirs; d++ {
			if j := s.connected(i0, d); j >= 0 && !s.Grid[j].Collapsed {
				tunnel = i0
				break
			}
		}
	}
	if tunnel >= 0 {
		out = append(out, s.jumps(seat, dist, tunnel)...)
	}
	return out
}

// jumps are the tiles a Tunnel (grid tile t) takes seat's pawn to that
// reach does not already list: any tile without another pawn.
func (s *state) jumps(seat int, reach []int, t int) []option {
	var out []option
	for i := range s.Grid {
		g := &s.Grid[i]
		if reach[i] >= 0 || s.othersOn(seat, g.X, g.Y) {
			continue
		}
		out = append(out, option{X: g.X, Y: g.Y, Tunnel: true, TX: s.Grid[t].X, TY: s.Grid[t].Y})
	}
	return out
}

// rockSteps are the options of a Loose Rock's step (MS-X4): stay, step
// onto the tile behind it (Step.FromX, FromY), and, when that is a
// face-up Tunnel, go on through it.
func (s *state) rockSteps(seat int) []option {
	i0 := s.pawnTile(seat)
	b := s.at(s.Step.FromX, s.Step.FromY)
	out := []option{{X: s.Grid[i0].X, Y: s.Grid[i0].Y}, {X: s.Grid[b].X, Y: s.Grid[b].Y}}
	if s.faceUpTunnel(b) {
		reach := make([]int, len(s.Grid))
		for i := range reach {
			reach[i] = -1
		}
		reach[i0], reach[b] = 0, 1
		out = append(out, s.jumps(seat, reach, b)...)
	}
	return out
}

// findOption returns the option of opts at a's cell (and rotation).
func findOption(opts []option, a Action) (option, bool) {
	for _, o := range opts {
		if o.X == a.X && o.Y == a.Y && (a.Kind != ActPlace || o.Rot == a.Rot) {
			return o, true
		}
	}
	return option{}, false
}

// apply plays a on s (a clone); on a refusal s is to be thrown away.
func (s *state) apply(a Action) error {
	if s.Step.Kind == StepOver {
		return engine.Refuse(engine.ErrGameOver, engine.Say("ms_err_game_over"))
	}
	if a.Seat != s.Turn {
		return engine.Refuse(engine.ErrNotYourTurn, engine.Say("ms_err_not_your_turn", "P", seatArg(s.Turn)))
	}
	ok := false
	for _, l := range s.legal(a.Seat) {
		if l == a {
			ok = true
			break
		}
	}
	if !ok {
		return engine.Refuse(engine.ErrNotAvailable, engine.Say("ms_err_not_available"))
	}
	s.do(a)
	return nil
}

// do plays a, which is one of legal's actions.
func (s *state) do(a Action) {
	s.Ver++
	seat := a.Seat
	switch a.Kind {
	case ActDraw:
		s.draw(seat)
	case ActPlace:
		s.place(seat, a)
	case ActSwap:
		i := s.at(a.X, a.Y)
		if s.loud() {
			s.log(seat, engine.Say("ms_log_swap_choice", "P", seatArg(seat), "Tile", s.tileMsg(s.Grid[i].Tile), "Cell", cellArg(a.X, a.Y)))
		}
		s.Step.SwapTile, s.Step.Tile = s.Step.Tile, s.Grid[i].Tile
		s.Step.SwapX, s.Step.SwapY = a.X, a.Y
		s.Step.Kind = StepPlace
	case ActNoSwap:
		if s.loud() {
			s.log(seat, engine.Say("ms_log_no_swap", "P", seatArg(seat)))
		}
		s.Step.Kind = StepPlace
	case ActFire:
		s.fire(seat, s.at(a.X, a.Y))
		s.afterResolve()
	case ActExplode:
		if s.loud() {
			s.log(seat, engine.Say("ms_log_explode", "P", seatArg(seat), "Cell", cellArg(a.X, a.Y)), PlaceCell(a.X, a.Y))
		}
		s.collapse(s.at(a.X, a.Y))
		s.afterResolve()
	case ActRide:
		s.ride(seat, s.at(a.X, a.Y))
		s.afterResolve()
	case ActNoRide:
		if s.loud() {
			s.log(seat, engine.Say("ms_log_no_ride", "P", seatArg(seat)))
		}
		s.afterResolve()
	case ActMove:
		var opts []option
		rock := s.Step.Kind == StepRockStep
		if rock {
			opts = s.rockSteps(seat)
		} else {
			opts = s.moves(seat, s.Step.Steps)
		}
		o, _ := findOption(opts, a)
		s.move(seat, o)
		if rock {
			s.afterResolve()
		} else {
			s.toCollect()
		}
	case ActClear:
		i := s.pawnTile(seat)
		s.Grid[i].Collapsed = false
		if s.loud() {
			s.log(seat, engine.Say("ms_log_clear", "P", seatArg(seat), "Cell", cellArg(s.Grid[i].X, s.Grid[i].Y)), PlaceCell(s.Grid[i].X, s.Grid[i].Y))
		}
		s.fill(seat, i)
		s.toCollect()
	case ActRoll:
		s.roll(seat)
	case ActFill:
		s.fill(seat, s.at(a.X, a.Y))
		s.toMove(s.Step.Steps)
	case ActCollapse:
		if s.loud() {
			s.log(seat, engine.Say("ms_log_pickaxe", "P", seatArg(seat), "Cell", cellArg(a.X, a.Y)), PlaceCell(a.X, a.Y))
		}
		s.collapse(s.at(a.X, a.Y))
		s.toMove(s.Step.Steps)
	case ActCollect:
		s.collect(seat, a.Res)
		s.endTurn()
	case ActCollectNone:
		if s.loud() {
			s.log(seat, engine.Say("ms_log_collect_none", "P", seatArg(seat)))
		}
		s.endTurn()
	}
}

// startTurn begins seat's turn (MS-T1, MS-R1): a clearing turn on a
// collapsed tile; else Step A when the pawn is at an open end and tiles
// are left; else the dice (or, in the first round, the step).
func (s *state) startTurn(seat int) {
	s.Turn = seat
	s.Players[seat].Turns++
	s.Drawn, s.DrawnSeat = NoTile, -1
	s.Moved = 0
	s.Rocks = nil
	i := s.pawnTile(seat)
	switch {
	case s.Grid[i].Collapsed:
		s.Step = step{Kind: StepClear, Tile: NoTile, SwapTile: NoTile}
	case s.canLay(seat):
		s.Step = step{Kind: StepDraw, Tile: NoTile, SwapTile: NoTile}
	default:
		s.toDice()
	}
}

// isEndOfShaft reports whether tile id is a plain End of Shaft.
func (s *state) isEndOfShaft(id int) bool {
	t := s.tile(id)
	return t.Shape == DeadEnd && t.Special == NoSpecial
}

// draw draws the top tile of the pile (MS-T7, MS-R2: an End of Shaft in
// the first round goes back at a random position and another is drawn).
func (s *state) draw(seat int) {
	for {
		id := s.Pile[0]
		s.Pile = s.Pile[1:]
		if s.Round == 1 && s.isEndOfShaft(id) && slices.ContainsFunc(s.Pile, func(t int) bool { return !s.isEndOfShaft(t) }) {
			at := s.rand(len(s.Pile) + 1)
			s.Pile = slices.Insert(s.Pile, at, id)
			if s.loud() {
				s.logReveal(seat, engine.Say("ms_log_redraw", "P", seatArg(seat), "Tile", s.tileMsg(id)), PlacePile)
			}
			continue
		}
		s.Drawn, s.DrawnSeat = id, seat
		if s.loud() {
			s.logReveal(seat, engine.Say("ms_log_draw", "P", seatArg(seat), "Tile", s.tileMsg(id)), PlaceDrawn, PlacePile)
		}
		s.resolveDrawn(seat, id)
		return
	}
}

// resolveDrawn starts resolving drawn tile id (MS-T7, MS-X0).
func (s *state) resolveDrawn(seat, id int) {
	s.Step.Tile, s.Step.SwapTile = id, NoTile
	switch s.tile(id).Special {
	case Fire:
		s.Box = append(s.Box, id)
		slices.Sort(s.Box)
		if len(s.fireTargets()) == 0 {
			if s.loud() {
				s.log(seat, engine.Say("ms_log_fire_none", "P", seatArg(seat)), PlaceDrawn)
			}
			s.afterResolve()
			return
		}
		s.Step.Kind = StepFire
	case Explosion:
		s.Box = append(s.Box, id)
		slices.Sort(s.Box)
		if len(s.explosionTargets()) == 0 {
			if s.loud() {
				s.log(seat, engine.Say("ms_log_explode_none", "P", seatArg(seat)), PlaceDrawn)
			}
			s.afterResolve()
			return
		}
		s.Step.Kind = StepExplosion
	case Swap:
		if len(s.swapTargets()) > 0 {
			s.Step.Kind = StepSwap
			return
		}
		s.Step.Kind = StepPlace
	default:
		s.Step.Kind = StepPlace
	}
}

// place lays the tile under way (MS-T7; a swapped tile, MS-X1), fills
// what is new, and starts the drawn tile's effect.
func (s *state) place(seat int, a Action) {
	st := s.Step
	var newTile int // grid index of the tile to fill
	if st.SwapTile != NoTile {
		xi := s.at(st.SwapX, st.SwapY)
		s.Grid[xi].X, s.Grid[xi].Y, s.Grid[xi].Rot = a.X, a.Y, a.Rot
		s.Grid = append(s.Grid, cell{X: st.SwapX, Y: st.SwapY, Tile: st.SwapTile})
		newTile = len(s.Grid) - 1
		if s.loud() {
			s.log(seat, engine.Say("ms_log_swap", "P", seatArg(seat), "Tile", s.tileMsg(st.Tile), "From", cellArg(st.SwapX, st.SwapY),
				"Cell", cellArg(a.X, a.Y), "Tracks", s.tracksMsg(xi)), PlaceCell(st.SwapX, st.SwapY), PlaceCell(a.X, a.Y))
		}
	} else {
		s.Grid = append(s.Grid, cell{X: a.X, Y: a.Y, Tile: st.Tile, Rot: a.Rot})
		newTile = len(s.Grid) - 1
		if s.loud() {
			s.log(seat, engine.Say("ms_log_place", "P", seatArg(seat), "Tile", s.tileMsg(st.Tile), "Cell", cellArg(a.X, a.Y),
				"Tracks", s.tracksMsg(newTile)), PlaceCell(a.X, a.Y))
		}
	}
	if n := len(s.Rocks); n > 0 {
		r := &s.Rocks[n-1]
		if bx, by := r.Dir.Step(r.X, r.Y); bx == a.X && by == a.Y {
			r.Placed = true
		}
	}
	s.fill(seat, newTile)
	if st.SwapTile != NoTile {
		s.afterResolve() // the swapped tile's own effect does not act (MS-X0)
		return
	}
	switch s.tile(st.Tile).Special {
	case LooseRock:
		fx, fy := st.FromX, st.FromY
		d := st.FromDir
		if !st.HasFrom {
			p := &s.Players[seat]
			fx, fy = p.X, p.Y
			for d = N; d < NumDirs; d++ {
				if x, y := d.Step(fx, fy); x == a.X && y == a.Y {
					break
				}
			}
		}
		s.Rocks = append(s.Rocks, rock{X: a.X, Y: a.Y, Dir: d, FromX: fx, FromY: fy, Moved: s.Moved})
		var got [NumResources]int
		for k := 0; k < s.ed().LooseRockDraw; k++ {
			if r, ok := s.drawMarker(); ok {
				got[r]++
				s.Players[seat].Markers[r]++
			}
		}
		if got != [NumResources]int{} {
			if s.loud() {
				s.logReveal(seat, engine.Say("ms_log_rock", "P", seatArg(seat), "Markers", markersMsg(got)), PlaceBag, PlacePlayer(seat))
			}
		} else {
			if s.loud() {
				s.log(seat, engine.Say("ms_log_rock_empty", "P", seatArg(seat)))
			}
		}
	case Minecart:
		if len(s.rideTargets(seat)) > 0 {
			s.Step.Kind = StepRide
			return
		}
	case CallForHelp:
		s.callForHelp(seat, newTile)
	}
	s.afterResolve()
}

// afterResolve goes on once a drawn tile is resolved: a Loose Rock's
// extra tile and step (MS-X4), innermost first; then the dice.
func (s *state) afterResolve() {
	for len(s.Rocks) > 0 {
		r := &s.Rocks[len(s.Rocks)-1]
		bx, by := r.Dir.Step(r.X, r.Y)
		if !r.Done {
			r.Done = true
			if s.at(bx, by) < 0 && s.at(r.X, r.Y) >= 0 && len(s.Pile) > 0 {
				s.Step = step{Kind: StepDraw, Tile: NoTile, SwapTile: NoTile, HasFrom: true, FromX: r.X, FromY: r.Y, FromDir: r.Dir, Extra: true}
				return
			}
			continue
		}
		rr := *r
		s.Rocks = s.Rocks[:len(s.Rocks)-1]
		p := &s.Players[s.Turn]
		// The step is a move (MS-T4): not from a collapsed tile (the
		// drawer's own, by a Timed Explosion drawn as an extra tile,
		// MS-X3) and not across the Loose Rock once it is collapsed.
		from, over := s.at(rr.FromX, rr.FromY), s.at(rr.X, rr.Y)
		if rr.Placed && s.Moved == rr.Moved && p.X == rr.FromX && p.Y == rr.FromY && s.at(bx, by) >= 0 &&
			from >= 0 && !s.Grid[from].Collapsed && over >= 0 && !s.Grid[over].Collapsed {
			s.Step = step{Kind: StepRockStep, Tile: NoTile, SwapTile: NoTile, FromX: bx, FromY: by}
			return
		}
	}
	s.toDice()
}

// toDice goes on to Step B: the roll, or in the first round the step
// (MS-R3).
func (s *state) toDice() {
	if s.Round == 1 {
		s.toMove(s.ed().FirstRoundSteps)
		return
	}
	s.Step = step{Kind: StepRoll, Tile: NoTile, SwapTile: NoTile}
}

// roll rolls both dice (MS-T9) and applies die A (MS-T2, MS-T3).
func (s *state) roll(seat int) {
	e := s.ed()
	var a Face
	var b int
	if len(s.Forced) > 0 {
		a, b = s.Forced[0].A, s.Forced[0].B
		s.Forced = s.Forced[1:]
	} else {
		a = e.DieA[s.rand(len(e.DieA))]
		b = e.DieB[s.rand(len(e.DieB))]
	}
	s.Dice = dice{Rolled: true, Seat: seat, Round: s.Round, A: a, B: b}
	if s.loud() {
		s.logReveal(seat, engine.Say("ms_log_roll", "P", seatArg(seat), "Face", faceMsg(a), "Steps", b), PlaceDice)
	}
	s.Step = step{Kind: StepRoll, Tile: NoTile, SwapTile: NoTile, Face: a, Steps: b}
	if a.IsColour() {
		if len(s.colourTargets(Colour(a))) > 0 {
			s.Step.Kind = StepColour
			return
		}
		if s.loud() {
			s.log(seat, engine.Say("ms_log_colour_none", "Colour", colourMsg(Colour(a))))
		}
	} else {
		if len(s.pickaxeTargets(seat)) > 0 {
			s.Step.Kind = StepPickaxe
			return
		}
		if s.loud() {
			s.log(seat, engine.Say("ms_log_pickaxe_none", "P", seatArg(seat)))
		}
	}
	s.toMove(b)
}

// toMove goes on to the move of up to k steps, or past it when the pawn
// can only stay.
func (s *state) toMove(k int) {
	if len(s.moves(s.Turn, k)) <= 1 {
		s.toCollect()
		return
	}
	s.Step = step{Kind: StepMove, Tile: NoTile, SwapTile: NoTile, Face: s.Step.Face, Steps: k}
}

// toCollect goes on to the collection (MS-T5), or ends the turn when the
// pawn's tile has nothing to collect.
func (s *state) toCollect() {
	g := &s.Grid[s.pawnTile(s.Turn)]
	if g.Collapsed || g.Tile == 0 || g.count() == 0 {
		s.endTurn()
		return
	}
	s.Step = step{Kind: StepCollect, Tile: NoTile, SwapTile: NoTile}
}

// move puts seat's pawn on o's cell by its own movement.
func (s *state) move(seat int, o option) {
	p := &s.Players[seat]
	fx, fy := p.X, p.Y
	if fx == o.X && fy == o.Y {
		if s.loud() {
			s.log(seat, engine.Say("ms_log_stay", "P", seatArg(seat), "Cell", cellArg(o.X, o.Y)))
		}
		return
	}
	p.X, p.Y = o.X, o.Y
	s.Moved++
	if o.Tunnel {
		if s.loud() {
			s.log(seat, engine.Say("ms_log_tunnel", "P", seatArg(seat), "Tunnel", cellArg(o.TX, o.TY), "Cell", cellArg(o.X, o.Y)),
				PlaceCell(fx, fy), PlaceCell(o.X, o.Y))
		}
		return
	}
	if s.loud() {
		s.log(seat, engine.Say("ms_log_move", "P", seatArg(seat), "From", cellArg(fx, fy), "Cell", cellArg(o.X, o.Y)),
			PlaceCell(fx, fy), PlaceCell(o.X, o.Y))
	}
}

// fill fills grid tile i from the bag, marker by marker, up to the
// capacity (MS-T8).
func (s *state) fill(seat, i int) {
	g := &s.Grid[i]
	var got [NumResources]int
	for g.count() < s.ed().Capacity {
		r, ok := s.drawMarker()
		if !ok {
			break
		}
		g.Markers[r]++
		got[r]++
	}
	switch {
	case got != [NumResources]int{}:
		if s.loud() {
			s.logReveal(seat, engine.Say("ms_log_fill", "Cell", cellArg(g.X, g.Y), "Markers", markersMsg(got)), PlaceCell(g.X, g.Y), PlaceBag)
		}
	case g.count() < s.ed().Capacity:
		if s.loud() {
			s.log(seat, engine.Say("ms_log_fill_empty", "Cell", cellArg(g.X, g.Y)))
		}
	}
}

// collapse turns grid tile i to its collapse side; its markers go back to
// the bag (MS-T3, MS-X3).
func (s *state) collapse(i int) {
	g := &s.Grid[i]
	g.Collapsed = true
	back := g.Markers
	for r := range back {
		s.Bag[r] += back[r]
	}
	g.Markers = [NumResources]int{}
	if back != [NumResources]int{} {
		if s.loud() {
			s.log(s.Turn, engine.Say("ms_log_back_to_bag", "Cell", cellArg(g.X, g.Y), "Markers", markersMsg(back)), PlaceCell(g.X, g.Y), PlaceBag)
		}
	}
}

// burnt lists the seats whose pawns a Fire on grid tile t sends to the
// start tile: those on t or on a tile adjacent to it, not those already
// on the start tile (MS-X2).
func (s *state) burnt(t int) []int {
	g := &s.Grid[t]
	cells := [][2]int{{g.X, g.Y}}
	for d := N; d < NumDirs; d++ {
		if j := s.neighbour(t, d); j >= 0 {
			cells = append(cells, [2]int{s.Grid[j].X, s.Grid[j].Y})
		}
	}
	var out []int
	for k, p := range s.Players {
		if (p.X != 0 || p.Y != 0) && slices.Contains(cells, [2]int{p.X, p.Y}) {
			out = append(out, k)
		}
	}
	return out
}

// fire sends every pawn on grid tile t or a tile adjacent to it to the
// start tile (MS-X2).
func (s *state) fire(seat, t int) {
	g := &s.Grid[t]
	if s.loud() {
		s.log(seat, engine.Say("ms_log_fire", "P", seatArg(seat), "Cell", cellArg(g.X, g.Y)), PlaceCell(g.X, g.Y))
	}
	for _, k := range s.burnt(t) {
		p := &s.Players[k]
		fx, fy := p.X, p.Y
		p.X, p.Y = 0, 0
		if k == seat {
			s.Moved++
		}
		if s.loud() {
			s.log(k, engine.Say("ms_log_fire_back", "P", seatArg(k), "From", cellArg(fx, fy)), PlaceCell(fx, fy), PlaceCell(0, 0))
		}
	}
}

// ride takes seat's pawn to grid tile t with all its markers (MS-X5).
func (s *state) ride(seat, t int) {
	p := &s.Players[seat]
	g := &s.Grid[t]
	fx, fy := p.X, p.Y
	p.X, p.Y = g.X, g.Y
	s.Moved++
	got := g.Markers
	for r := range got {
		p.Markers[r] += got[r]
	}
	g.Markers = [NumResources]int{}
	if s.loud() {
		s.log(seat, engine.Say("ms_log_ride", "P", seatArg(seat), "Cell", cellArg(g.X, g.Y), "Markers", markersMsg(got)),
			PlaceCell(fx, fy), PlaceCell(g.X, g.Y), PlacePlayer(seat))
	}
}

// callForHelp pulls every opponent towards grid tile t (MS-X6).
func (s *state) callForHelp(seat, t int) {
	dist := s.distances(t)
	for k := 1; k < s.N; k++ {
		o := (seat + k) % s.N
		i := s.pawnTile(o)
		if _, ok := dist[i]; !ok || s.Grid[i].Collapsed || i == t {
			continue
		}
		from := i
		path := s.pullPath(i, t, dist)
		i = path[len(path)-1]
		p := &s.Players[o]
		p.X, p.Y = s.Grid[i].X, s.Grid[i].Y
		id := "ms_log_pulled"
		if s.Grid[i].Collapsed {
			id = "ms_log_pulled_stuck"
		}
		if s.loud() {
			s.log(o, engine.Say(id, "P", seatArg(o), "From", cellArg(s.Grid[from].X, s.Grid[from].Y), "Cell", cellArg(p.X, p.Y)),
				PlaceCell(s.Grid[from].X, s.Grid[from].Y), PlaceCell(p.X, p.Y))
		}
	}
}

// pullPath is the way a pawn on grid tile i is pulled towards tile t
// (MS-X6), given every tile's distance to t: step after step to a
// connected tile one nearer, a face-up one before a collapsed one, then in
// N, E, S, W order, up to t or the first collapsed tile entered. It lists
// the tiles entered.
func (s *state) pullPath(i, t int, dist map[int]int) []int {
	var path []int
	for i != t {
		next := -1
		for d := N; d < NumDirs; d++ {
			j := s.connected(i, d)
			if j < 0 || dist[j] != dist[i]-1 {
				continue
			}
			if next < 0 || (s.Grid[next].Collapsed && !s.Grid[j].Collapsed) {
				next = j
			}
		}
		i = next
		path = append(path, i)
		if s.Grid[i].Collapsed {
			break
		}
	}
	return path
}

// distances returns every tile's fewest steps to grid tile t along
// connections, collapsed tiles passable (MS-X6).
func (s *state) distances(t int) map[int]int {
	dist := map[int]int{t: 0}
	queue := []int{t}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for d := N; d < NumDirs; d++ {
			if j := s.connected(i, d); j >= 0 {
				if _, ok := dist[j]; !ok {
					dist[j] = dist[i] + 1
					queue = append(queue, j)
				}
			}
		}
	}
	return dist
}

// collect takes resource r from seat's pawn's tile, up to the cap
// (MS-T5).
func (s *state) collect(seat int, r Resource) {
	i := s.pawnTile(seat)
	g := &s.Grid[i]
	n := min(g.Markers[r], s.ed().Collect[r])
	g.Markers[r] -= n
	s.Players[seat].Markers[r] += n
	var got [NumResources]int
	got[r] = n
	if s.loud() {
		s.log(seat, engine.Say("ms_log_collect", "P", seatArg(seat), "Markers", markersMsg(got), "Cell", cellArg(g.X, g.Y)),
			PlaceCell(g.X, g.Y), PlacePlayer(seat))
	}
}

// blocked reports whether no tile of the mine has an open end (MS-E1).
func (s *state) blocked() bool {
	for i := range s.Grid {
		if len(s.openEnds(i)) > 0 {
			return false
		}
	}
	return true
}

// endTurn checks the end conditions (MS-E1), finishes the round once one
// held (MS-E3) and starts the next turn.
func (s *state) endTurn() {
	last := (s.Start + s.N - 1) % s.N
	if !s.Ending.Triggered {
		e := ending{Blocked: s.blocked(), NoTiles: len(s.Pile) == 0, NoResources: s.bagCount() == 0, LastSeat: last}
		if e.Blocked || e.NoTiles || e.NoResources {
			e.Triggered = true
			s.Ending = e
			final := s.Turn != last
			for _, c := range []struct {
				held bool
				id   string
			}{{e.NoResources, "ms_log_end_bag"}, {e.NoTiles, "ms_log_end_pile"}, {e.Blocked, "ms_log_end_blocked"}} {
				if !c.held {
					continue
				}
				if final {
					if s.loud() {
						s.log(-1, engine.Say(c.id+"_round", "P", seatArg(last)))
					}
				} else {
					if s.loud() {
						s.log(-1, engine.Say(c.id))
					}
				}
			}
		}
	}
	if s.Turn == last {
		if s.Ending.Triggered {
			s.gameOver()
			return
		}
		s.Round++
		if s.loud() {
			s.log(-1, engine.Say("ms_log_round", "Round", s.Round))
		}
	}
	s.startTurn((s.Turn + 1) % s.N)
}

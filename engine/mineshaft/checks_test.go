package mineshaft

import (
	"slices"
	"testing"
)

// The "Checks" of components.md, one test each, in its order. A scenario's
// mine is set up through Overrides; dice are fixed there too.

// TestCheck01FirstRound: an End of Shaft drawn in the first round goes
// back and another is drawn; any cell next to the start tile takes the
// tile, a corner at (0, −1) as S+E or S+W; it is filled to 3; the player
// steps onto it and collects, with no dice; the next players lay where
// cells are still empty; a Timed Explosion on the game's first draw does
// nothing, places nothing, and the turn goes on.
func TestCheck01FirstRound(t *testing.T) {
	deadEnd := tileOf(t, DeadEnd, Yellow, NoSpecial)
	corner := tileOf(t, Corner, Blue, NoSpecial)
	m := newMatch(t, 3, 1, &Overrides{Start: intp(0), Pile: []int{deadEnd, corner}})
	m, ev := play(t, m, true, "0/d")
	if !hasEvent(ev, "ms_log_redraw") || m.s.Drawn != corner || m.s.Step.Tile != corner {
		t.Fatalf("drew %d (step tile %d), events %v; want the End of Shaft back and the blue corner", m.s.Drawn, m.s.Step.Tile, ev)
	}
	if !slices.Contains(m.s.Pile, deadEnd) {
		t.Fatalf("the End of Shaft is not back in the pile")
	}
	var north []string
	for _, o := range m.s.placements() {
		if o.X == 0 && o.Y == -1 {
			north = append(north, Glyph(Standard.Tiles[corner].Tracks.Turn(o.Rot)))
		}
	}
	slices.Sort(north)
	if want := []string{Glyph(tracksOf(t, "ES")), Glyph(tracksOf(t, "SW"))}; !slices.Equal(north, want) {
		t.Fatalf("rotations at (0, −1): %v, want S+E and S+W %v", north, want)
	}
	if n := len(m.s.placements()); n != 8 {
		t.Fatalf("%d placements, want 4 sides × 2 rotations", n)
	}
	m, _ = play(t, m, true, "0/p:0,-1:1")
	if g := tileAt(t, m, 0, -1); g.count() != 3 {
		t.Fatalf("the new tile holds %v, want 3 markers", g.Markers)
	}
	wantLegal(t, m, "0/m:0,0", "0/m:0,-1")
	m, _ = play(t, m, true, "0/m:0,-1")
	if m.s.Step.Kind != StepCollect {
		t.Fatalf("step %s after the step onto the new tile, want collect", m.s.Step.Kind)
	}
	g := tileAt(t, m, 0, -1)
	var take string
	for r := Resource(0); r < NumResources; r++ {
		if g.Markers[r] > 0 {
			take = "0/g:" + r.String()
			break
		}
	}
	m, _ = play(t, m, true, take)
	if m.s.Dice.Rolled || m.s.Turn != 1 || m.s.Step.Kind != StepDraw {
		t.Fatalf("after A's first turn: dice rolled %v, turn %d, step %s", m.s.Dice.Rolled, m.s.Turn, m.s.Step.Kind)
	}
	m, _ = play(t, m, true, "1/d")
	for _, o := range m.s.placements() {
		if o.X == 0 && o.Y == -1 {
			t.Fatalf("B may lay on A's cell")
		}
	}
	if len(m.s.placements()) == 0 {
		t.Fatalf("B has nowhere to lay")
	}

	// A Timed Explosion drawn first: nothing to collapse, nothing placed.
	boom := tileOf(t, ShapeNone, NoColour, Explosion)
	m = newMatch(t, 3, 1, &Overrides{Start: intp(0), Pile: []int{boom}})
	m, ev = play(t, m, true, "0/d")
	if !hasEvent(ev, "ms_log_explode_none") || len(m.s.Grid) != 1 || !slices.Contains(m.s.Box, boom) {
		t.Fatalf("explosion on the first draw: events %v, grid %d, box %v", ev, len(m.s.Grid), m.s.Box)
	}
	if m.s.Turn != 1 {
		t.Fatalf("A's turn did not go on to its end (turn %d, step %s)", m.s.Turn, m.s.Step.Kind)
	}
}

// TestCheck02OpenEnds: a pawn at an open end must draw and lay there; the
// rotations that fit; a track meeting a blank edge is a dead stub; no
// empty cell beyond the pawn's tile means Step B at once.
func TestCheck02OpenEnds(t *testing.T) {
	grid, _ := scenario(t, 2, lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"})
	corner := tileOf(t, Corner, Red, NoSpecial)
	straight := tileOf(t, Straight, Red, NoSpecial)
	deadEnd := tileOf(t, DeadEnd, Red, NoSpecial)
	for _, c := range []struct {
		tile int
		want []string
	}{
		{corner, []string{"0/p:2,0:2", "0/p:2,0:3"}}, // W+S, W+N
		{straight, []string{"0/p:2,0:1"}},            // E+W
		{deadEnd, []string{"0/p:2,0:3"}},             // W
	} {
		m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {0, 0}}, Pile: []int{c.tile}})
		if m.s.Step.Kind != StepDraw {
			t.Fatalf("A at an open end: step %s, want draw", m.s.Step.Kind)
		}
		m, _ = play(t, m, true, "0/d")
		wantLegal(t, m, c.want...)
	}
	// A W track at (3, 0) meets the corner's blank E edge: a dead stub.
	grid2, _ := scenario(t, 2, lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"}, lay{x: 3, y: 0, col: Blue, shape: DeadEnd, tracks: "W"})
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid2, Pawns: [][2]int{{1, 0}, {0, 0}}, Pile: []int{corner}})
	m, _ = play(t, m, false, "0/d", "0/p:2,0:3")
	i := m.s.at(2, 0)
	if m.s.connected(i, E) >= 0 || m.s.neighbour(i, E) < 0 {
		t.Fatalf("(2, 0) W+N and (3, 0) W: connected, or not adjacent")
	}
	if ends := m.s.openEnds(i); !slices.Equal(ends, []Dir{N}) {
		t.Fatalf("open ends of (2, 0): %v, want N", ends)
	}
	if ends := m.s.openEnds(m.s.at(3, 0)); len(ends) != 0 {
		t.Fatalf("the dead stub of (3, 0) is open: %v", ends)
	}
	// (2, 0) taken: no tile, straight to Step B.
	grid3, _ := scenario(t, 2, lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"}, lay{x: 2, y: 0, col: Blue, shape: DeadEnd, tracks: "W"})
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid3, Pawns: [][2]int{{1, 0}, {0, 0}}})
	if m.s.Step.Kind != StepRoll {
		t.Fatalf("A not at an open end: step %s, want roll", m.s.Step.Kind)
	}
	// The start tile with an empty neighbour is an open end.
	if !m.s.canLay(1) {
		t.Fatalf("a pawn on the start tile with empty neighbours is not at an open end")
	}
}

// TestCheck03Movement: reach by die B, a collapsed tile only as the last
// step, tiles beyond it out of reach, stopping on it means a clearing
// turn, pawns share tiles.
func TestCheck03Movement(t *testing.T) {
	grid, _ := scenario(t, 2,
		lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"},
		lay{x: 2, y: 0, col: Blue, shape: Corner, tracks: "SW", down: true},
		lay{x: 2, y: 1, col: Red, shape: Straight, tracks: "NS", m: [3]int{1, 0, 0}},
		lay{x: 0, y: 1, col: Green, shape: DeadEnd, tracks: "N"},
	)
	ov := &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{0, 0}, {2, 1}},
		Pile: []int{tileOf(t, DeadEnd, Red, NoSpecial), tileOf(t, DeadEnd, Blue, NoSpecial)}, Dice: []RollSetup{{"Y", 2}, {"G", 3}}}
	m := newMatch(t, 2, 1, ov)
	sameCells(t, "A, die 1", m.s.moves(0, 1), "0,0", "1,0", "0,1")
	for k := 2; k <= 3; k++ {
		sameCells(t, "A, die 2–3", m.s.moves(0, k), "0,0", "1,0", "0,1", "2,0")
	}
	sameCells(t, "B, die 3", m.s.moves(1, 3), "2,1", "2,0")
	// A lays a dead end north of the start tile, fills (1, 0) on yellow,
	// and ends on the collapsed (2, 0).
	m, _ = play(t, m, true, "0/d", "0/p:0,-1:2", "0/r", "0/t:1,0", "0/m:2,0")
	if m.s.Turn != 1 || m.s.Players[0].X != 2 {
		t.Fatalf("A's turn did not end on (2, 0)")
	}
	// B: lays south, fills the green dead end, stays and collects the gold.
	m, _ = play(t, m, true, "1/d", "1/p:2,2:0", "1/r", "1/t:0,1", "1/m:2,1", "1/g:G")
	if m.s.Turn != 0 || m.s.Step.Kind != StepClear {
		t.Fatalf("A's next turn: step %s, want a clearing turn", m.s.Step.Kind)
	}
	// Two pawns may end on one tile.
	m2 := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{0, 0}, {1, 0}}})
	sameCells(t, "A next to B", m2.s.moves(0, 1), "0,0", "1,0", "0,1")
}

// TestCheck04PickaxeAndClearing: the pickaxe must collapse an adjacent
// face-up mine tile; the markers go to the bag; the pawn on it clears it
// next turn, refilled, may collect, and does nothing else; with no
// candidate the pickaxe does nothing.
func TestCheck04PickaxeAndClearing(t *testing.T) {
	grid, _ := scenario(t, 2,
		lay{x: 1, y: 0, col: Red, shape: Cross, tracks: "NESW"},
		lay{x: 2, y: 0, col: Yellow, shape: Straight, tracks: "EW", m: [3]int{0, 0, 2}},
		lay{x: 1, y: 1, col: Blue, shape: Straight, tracks: "NS", m: [3]int{0, 1, 0}},
		lay{x: 1, y: -1, col: Green, shape: Straight, tracks: "NS", down: true},
		lay{x: 2, y: 1, col: Red, shape: Corner, tracks: "NE", m: [3]int{3, 0, 0}},
	)
	ov := &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {1, 1}}, Dice: []RollSetup{{"P", 1}}}
	m := newMatch(t, 2, 1, ov)
	if m.s.Step.Kind != StepRoll {
		t.Fatalf("R has no open end yet step %s", m.s.Step.Kind)
	}
	m, _ = play(t, m, false, "0/r")
	wantLegal(t, m, "0/k:2,0", "0/k:1,1")
	bag := m.s.Bag
	rot := tileAt(t, m, 1, 1).Rot
	m, _ = play(t, m, false, "0/k:1,1", "0/m:1,0")
	if g := tileAt(t, m, 1, 1); !g.Collapsed || g.count() != 0 || m.s.Bag[Silver] != bag[Silver]+1 {
		t.Fatalf("(1, 1) after the pickaxe: %+v, bag %v (was %v)", g, m.s.Bag, bag)
	}
	if m.s.Turn != 1 || m.s.Step.Kind != StepClear {
		t.Fatalf("O's turn: step %s, want a clearing turn", m.s.Step.Kind)
	}
	wantLegal(t, m, "1/cl")
	m, _ = play(t, m, false, "1/cl")
	if g := tileAt(t, m, 1, 1); g.Collapsed || g.Rot != rot || g.count() != 3 {
		t.Fatalf("(1, 1) cleared: %+v, want face up, rotation %d, 3 markers", g, rot)
	}
	if m.s.Step.Kind != StepCollect {
		t.Fatalf("after clearing: step %s, want collect", m.s.Step.Kind)
	}
	m, _ = play(t, m, false, "1/gn")
	if m.s.Turn != 0 || m.s.Dice.Seat != 0 || len(m.s.Grid) != 6 {
		t.Fatalf("the clearing turn did more: turn %d, dice by %d, %d tiles", m.s.Turn, m.s.Dice.Seat, len(m.s.Grid))
	}
	// Only the start tile and collapsed tiles next to R: nothing happens.
	grid2, _ := scenario(t, 2,
		lay{x: 1, y: 0, col: Red, shape: Cross, tracks: "NESW"},
		lay{x: 2, y: 0, col: Yellow, shape: Straight, tracks: "EW", down: true},
		lay{x: 1, y: 1, col: Blue, shape: Straight, tracks: "NS", down: true},
		lay{x: 1, y: -1, col: Green, shape: Straight, tracks: "NS", down: true},
	)
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid2, Pawns: [][2]int{{1, 0}, {0, 0}}, Dice: []RollSetup{{"P", 1}}})
	m, ev := play(t, m, false, "0/r")
	if !hasEvent(ev, "ms_log_pickaxe_none") || m.s.Step.Kind == StepPickaxe {
		t.Fatalf("pickaxe with no candidate: step %s, events %v", m.s.Step.Kind, ev)
	}
}

// TestCheck05ColourAndCollecting: die A's colour fills the one free tile
// of it; with none free nothing happens; a collection takes one kind.
func TestCheck05ColourAndCollecting(t *testing.T) {
	lays := []lay{
		{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW", m: [3]int{1, 2, 0}},
		{x: 2, y: 0, col: Blue, shape: Straight, tracks: "EW"},
		{x: 2, y: 1, col: Red, shape: Straight, tracks: "NS", m: [3]int{0, 1, 2}},
		{x: 3, y: 1, col: Red, shape: Straight, tracks: "EW", m: [3]int{0, 0, 1}},
		{x: -1, y: 0, col: Red, shape: Corner, tracks: "NE", down: true},
	}
	grid, _ := scenario(t, 2, lays...)
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {3, 1}}, Dice: []RollSetup{{"R", 1}}})
	m, _ = play(t, m, false, "0/r")
	wantLegal(t, m, "0/t:3,1")
	m, _ = play(t, m, false, "0/t:3,1")
	if g := tileAt(t, m, 3, 1); g.count() != 3 || g.Markers[Coal] < 1 {
		t.Fatalf("(3, 1) after the fill: %v", g.Markers)
	}
	m, _ = play(t, m, false, "0/m:1,0")
	wantLegal(t, m, "0/g:G", "0/g:S", "0/gn")
	gold, _ := play(t, m, false, "0/g:G")
	silver, _ := play(t, m, false, "0/g:S")
	if p := gold.s.Players[0]; p.Markers != [3]int{1, 0, 0} || gold.s.points(p.Markers) != 5 {
		t.Fatalf("taking gold: %v", p.Markers)
	}
	if p := silver.s.Players[0]; p.Markers != [3]int{0, 2, 0} || silver.s.points(p.Markers) != 6 {
		t.Fatalf("taking silver: %v", p.Markers)
	}
	if g := tileAt(t, silver, 1, 0); g.Markers != [3]int{1, 0, 0} {
		t.Fatalf("the tile after taking silver: %v", g.Markers)
	}
	// 1 silver alone: 1 silver.
	lays[0].m = [3]int{0, 1, 0}
	grid, _ = scenario(t, 2, lays...)
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {3, 1}}, Dice: []RollSetup{{"Y", 1}}})
	m, _ = play(t, m, false, "0/r", "0/t:1,0")
	if g := tileAt(t, m, 1, 0); g.count() != 3 {
		t.Fatalf("a tile filled beyond or below 3: %v", g.Markers)
	}
	// Every red tile full or collapsed: nothing.
	lays[0].m = [3]int{}
	lays[3].m = [3]int{0, 0, 3}
	grid, _ = scenario(t, 2, lays...)
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {3, 1}}, Dice: []RollSetup{{"R", 1}}})
	m, ev := play(t, m, false, "0/r")
	if !hasEvent(ev, "ms_log_colour_none") || m.s.Step.Kind == StepColour {
		t.Fatalf("red with no free red tile: step %s", m.s.Step.Kind)
	}
}

// TestCheck06Swap: declining lays a red cross; picking the green dead end
// moves it to the open end with its markers and leaves the cross, filled,
// in its cell, connected and open on three sides; occupied, start and
// collapsed tiles cannot be picked.
func TestCheck06Swap(t *testing.T) {
	grid, used := scenario(t, 4,
		lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"},
		lay{x: 0, y: 1, col: Green, shape: DeadEnd, tracks: "N", m: [3]int{1, 1, 0}},
		lay{x: 0, y: -1, col: Blue, shape: Straight, tracks: "NS", m: [3]int{0, 0, 3}},
		lay{x: -1, y: 0, col: Red, shape: Straight, tracks: "EW", down: true},
	)
	swap := tileOf(t, Cross, Red, Swap)
	ov := &Overrides{Start: intp(3), Round: 2, Grid: grid, Pawns: [][2]int{{0, -1}, {0, 0}, {0, 0}, {1, 0}}, Pile: []int{swap}}
	m := newMatch(t, 4, 1, ov)
	m, _ = play(t, m, true, "3/d")
	wantLegal(t, m, "3/w:0,1", "3/wn")

	no, _ := play(t, m, true, "3/wn")
	wantLegal(t, no, "3/p:2,0:0")
	no, _ = play(t, no, true, "3/p:2,0:0")
	if g := tileAt(t, no, 2, 0); g.Tile != swap || g.count() != 3 {
		t.Fatalf("declined swap: (2, 0) holds tile %d with %v", g.Tile, g.Markers)
	}

	yes, _ := play(t, m, true, "3/w:0,1")
	wantLegal(t, yes, "3/p:2,0:3")
	yes, _ = play(t, yes, true, "3/p:2,0:3")
	g := tileAt(t, yes, 2, 0)
	if g.Tile != used[1] || yes.s.tracks(yes.s.at(2, 0)) != tracksOf(t, "W") || g.Markers != [3]int{1, 1, 0} {
		t.Fatalf("(2, 0) after the swap: tile %d tracks %s markers %v", g.Tile, yes.s.tracks(yes.s.at(2, 0)), g.Markers)
	}
	c := tileAt(t, yes, 0, 1)
	if c.Tile != swap || c.count() != 3 {
		t.Fatalf("(0, 1) after the swap: tile %d with %v", c.Tile, c.Markers)
	}
	i := yes.s.at(0, 1)
	if yes.s.connected(i, N) != 0 || !slices.Equal(yes.s.openEnds(i), []Dir{E, S, W}) {
		t.Fatalf("the cross at (0, 1): connected north %d, open ends %v", yes.s.connected(i, N), yes.s.openEnds(i))
	}
}

// TestCheck07FireAndExplosion: Fire sends the pawns on the chosen tile and
// its neighbours to the start tile and changes nothing else; Timed
// Explosion collapses any face-up mine tile; both leave play and nothing
// is laid.
func TestCheck07FireAndExplosion(t *testing.T) {
	lays := []lay{
		{x: 2, y: 0, col: Yellow, shape: Cross, tracks: "NESW"},
		{x: 2, y: 1, col: Blue, shape: Cross, tracks: "NESW", down: true},
		{x: 1, y: 1, col: Red, shape: Cross, tracks: "NESW"},
		{x: 3, y: 1, col: Green, shape: Cross, tracks: "NESW"},
		{x: 2, y: 2, col: Yellow, shape: Straight, tracks: "NS"},
		{x: 3, y: 3, col: Blue, shape: Straight, tracks: "NS", m: [3]int{1, 0, 2}},
	}
	grid, _ := scenario(t, 4, lays...)
	// Seats: C 0, A 1, B 2, D 3; D starts on the start tile.
	pawns := [][2]int{{3, 3}, {2, 0}, {2, 1}, {0, 0}}
	fire := tileOf(t, ShapeNone, NoColour, Fire)
	m := newMatch(t, 4, 1, &Overrides{Start: intp(0), Turn: intp(3), Round: 2, Grid: grid, Pawns: pawns, Pile: []int{fire}, Dice: []RollSetup{{"P", 1}}})
	m, _ = play(t, m, false, "3/d")
	sameCells(t, "Fire targets", m.s.fireTargets(), "2,0", "2,1", "1,1", "3,1", "2,2", "3,3")
	before := slices.Clone(m.s.Grid)
	m, _ = play(t, m, false, "3/f:2,1")
	p := m.s.Players
	if p[1].X != 0 || p[1].Y != 0 || p[2].X != 0 || p[2].Y != 0 || p[0].X != 3 || p[0].Y != 3 {
		t.Fatalf("pawns after the fire: %+v", p)
	}
	if !slices.Equal(before, m.s.Grid) || !slices.Contains(m.s.Box, fire) {
		t.Fatalf("the fire changed tiles or markers, or stayed in play")
	}
	if m.s.Step.Kind != StepRoll {
		t.Fatalf("after the fire: step %s, want roll (Step B)", m.s.Step.Kind)
	}

	boom := tileOf(t, ShapeNone, NoColour, Explosion)
	m = newMatch(t, 4, 1, &Overrides{Start: intp(0), Turn: intp(3), Round: 2, Grid: grid, Pawns: pawns, Pile: []int{boom}, Dice: []RollSetup{{"P", 1}}})
	m, _ = play(t, m, false, "3/d")
	wantLegal(t, m, "3/x:2,0", "3/x:1,1", "3/x:3,1", "3/x:2,2", "3/x:3,3")
	bag := m.s.Bag
	m, _ = play(t, m, false, "3/x:3,3")
	if g := tileAt(t, m, 3, 3); !g.Collapsed || g.count() != 0 || m.s.Bag != [3]int{bag[0] + 1, bag[1], bag[2] + 2} {
		t.Fatalf("(3, 3) after the explosion: %+v, bag %v", g, m.s.Bag)
	}
	if !slices.Contains(m.s.Box, boom) || len(m.s.Grid) != 7 {
		t.Fatalf("the explosion stayed in play or a tile was laid")
	}
	m, _ = play(t, m, false, "3/r")
	if m.s.Turn != 0 || m.s.Step.Kind != StepClear {
		t.Fatalf("C's next turn: step %s, want a clearing turn", m.s.Step.Kind)
	}
}

// TestCheck08LooseRock: the Loose Rock continues the shaft, gives its
// drawer 2 markers, brings an extra tile behind it and a step onto it;
// with the cell behind taken, only the markers; an extra Fire burns and
// leaves the cell empty, with no step.
func TestCheck08LooseRock(t *testing.T) {
	rockTile := tileOf(t, Straight, Red, LooseRock)
	corner := tileOf(t, Corner, Green, NoSpecial)
	grid, _ := scenario(t, 2, lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"})
	ov := &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {0, 0}}, Pile: []int{rockTile, corner}}
	m := newMatch(t, 2, 1, ov)
	m, _ = play(t, m, true, "0/d")
	wantLegal(t, m, "0/p:2,0:1")
	m, ev := play(t, m, true, "0/p:2,0:1")
	if g := tileAt(t, m, 2, 0); g.count() != 3 || !hasEvent(ev, "ms_log_rock") {
		t.Fatalf("the Loose Rock: %v, events %v", g.Markers, ev)
	}
	if p := m.s.Players[0]; p.Markers[0]+p.Markers[1]+p.Markers[2] != 2 {
		t.Fatalf("the drawer holds %v, want 2 markers", p.Markers)
	}
	if m.s.Step.Kind != StepDraw || !m.s.Step.Extra {
		t.Fatalf("after the Loose Rock: step %s, want the extra draw", m.s.Step.Kind)
	}
	m, _ = play(t, m, true, "0/d")
	wantLegal(t, m, "0/p:3,0:2", "0/p:3,0:3")
	m, _ = play(t, m, true, "0/p:3,0:3")
	if g := tileAt(t, m, 3, 0); g.count() != 3 {
		t.Fatalf("the extra tile holds %v", g.Markers)
	}
	wantLegal(t, m, "0/m:1,0", "0/m:3,0")
	m, _ = play(t, m, true, "0/m:3,0")
	if m.s.Step.Kind != StepRoll || m.s.Players[0].X != 3 {
		t.Fatalf("after the step: step %s at x %d", m.s.Step.Kind, m.s.Players[0].X)
	}

	// (3, 0) taken: the markers, no extra tile, no step.
	grid2, _ := scenario(t, 2, lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"}, lay{x: 3, y: 0, col: Blue, shape: DeadEnd, tracks: "E"})
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid2, Pawns: [][2]int{{1, 0}, {0, 0}}, Pile: []int{rockTile, corner}})
	m, _ = play(t, m, false, "0/d", "0/p:2,0:1")
	if p := m.s.Players[0]; p.Markers[0]+p.Markers[1]+p.Markers[2] != 2 || m.s.Step.Kind != StepRoll || m.s.Pile[0] != corner {
		t.Fatalf("cell behind taken: markers %v, step %s", p.Markers, m.s.Step.Kind)
	}

	// The extra tile is Fire.
	fire := tileOf(t, ShapeNone, NoColour, Fire)
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {0, 0}}, Pile: []int{rockTile, fire}})
	m, _ = play(t, m, true, "0/d", "0/p:2,0:1", "0/d")
	if m.s.Step.Kind != StepFire {
		t.Fatalf("extra Fire: step %s", m.s.Step.Kind)
	}
	m, _ = play(t, m, true, "0/f:2,0")
	if m.s.at(3, 0) >= 0 || m.s.Step.Kind != StepRoll {
		t.Fatalf("extra Fire: (3, 0) taken or step %s", m.s.Step.Kind)
	}
}

// TestCheck09Minecart: the ride reaches face-up tiles without another
// pawn, along connections, and takes a whole tile; Step B follows from
// there.
func TestCheck09Minecart(t *testing.T) {
	grid, _ := scenario(t, 2,
		lay{x: 3, y: 0, col: Yellow, shape: Tee, tracks: "ESW"},
		lay{x: 2, y: 0, col: Blue, shape: Straight, tracks: "EW", m: [3]int{0, 0, 1}},
		lay{x: 1, y: 0, col: Red, shape: Straight, tracks: "EW", m: [3]int{2, 1, 0}},
		lay{x: 3, y: 1, col: Green, shape: Straight, tracks: "NS", m: [3]int{0, 3, 0}},
		lay{x: 3, y: 2, col: Red, shape: Straight, tracks: "NS", down: true},
		lay{x: 3, y: 3, col: Yellow, shape: DeadEnd, tracks: "N", m: [3]int{3, 0, 0}},
	)
	cart := tileOf(t, Straight, Blue, Minecart)
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{3, 0}, {2, 0}}, Pile: []int{cart}})
	m, _ = play(t, m, true, "0/d")
	wantLegal(t, m, "0/p:4,0:1")
	m, _ = play(t, m, true, "0/p:4,0:1")
	wantLegal(t, m, "0/c:4,0", "0/c:3,1", "0/cn")
	m, _ = play(t, m, true, "0/c:3,1")
	p := m.s.Players[0]
	if p.X != 3 || p.Y != 1 || p.Markers != [3]int{0, 3, 0} || m.s.points(p.Markers) != 9 || tileAt(t, m, 3, 1).count() != 0 {
		t.Fatalf("after the ride: %+v", p)
	}
	if m.s.Step.Kind != StepRoll {
		t.Fatalf("after the ride: step %s, want roll", m.s.Step.Kind)
	}
}

// TestCheck10CallForHelp: opponents walk to the Call for Help by the
// shortest way, face-up tiles first, then N, E, S, W; one stops on the
// first collapsed tile; one on a collapsed tile stays; nobody collects.
func TestCheck10CallForHelp(t *testing.T) {
	lays := []lay{
		{x: 0, y: -1, col: Yellow, shape: Cross, tracks: "NESW"},
		{x: 1, y: -1, col: Blue, shape: Corner, tracks: "SW", down: true},
		{x: 1, y: 0, col: Red, shape: Corner, tracks: "NW"},
		{x: 0, y: 1, col: Green, shape: Straight, tracks: "NS", down: true},
		{x: 0, y: 2, col: Yellow, shape: DeadEnd, tracks: "N"},
	}
	help := tileOf(t, Tee, Blue, CallForHelp)
	// D 0 on (0, −1), O1 1 on (1, 0), O2 2 on (0, 2), O3 3 on (1, −1).
	pawns := [][2]int{{0, -1}, {1, 0}, {0, 2}, {1, -1}}
	grid, _ := scenario(t, 4, lays...)
	m := newMatch(t, 4, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: pawns, Pile: []int{help}})
	m, _ = play(t, m, true, "0/d")
	markers := []([3]int){m.s.Players[0].Markers, m.s.Players[1].Markers}
	o1 := m.s.pawnTile(1)
	m, ev := play(t, m, true, "0/p:0,-2:0")
	want := [][2]int{{0, -1}, {0, -2}, {0, 1}, {1, -1}}
	for k, p := range m.s.Players {
		if p.X != want[k][0] || p.Y != want[k][1] {
			t.Fatalf("seat %d pulled to (%d, %d), want %v (events %v)", k, p.X, p.Y, want[k], ev)
		}
	}
	if !hasEvent(ev, "ms_log_pulled_stuck") || m.s.Players[0].Markers != markers[0] || m.s.Players[1].Markers != markers[1] {
		t.Fatalf("events %v; somebody collected", ev)
	}
	// O1's way: W to the start tile first (N is collapsed).
	t0 := m.s.at(0, -2)
	path := m.s.pullPath(o1, t0, m.s.distances(t0))
	if got := cellsPath(m, path); !slices.Equal(got, []string{"0,0", "0,-1", "0,-2"}) {
		t.Fatalf("O1's way %v", got)
	}
	// With (1, −1) face up, O1 goes N first and still ends on (0, −2).
	lays[1].down = false
	grid, _ = scenario(t, 4, lays...)
	m = newMatch(t, 4, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: pawns, Pile: []int{help}})
	m, _ = play(t, m, true, "0/d", "0/p:0,-2:0")
	t0 = m.s.at(0, -2)
	path = m.s.pullPath(m.s.at(1, 0), t0, m.s.distances(t0))
	if got := cellsPath(m, path); !slices.Equal(got, []string{"1,-1", "0,-1", "0,-2"}) {
		t.Fatalf("O1's way with (1, −1) face up %v", got)
	}
	if p := m.s.Players[1]; p.X != 0 || p.Y != -2 {
		t.Fatalf("O1 ends on (%d, %d)", p.X, p.Y)
	}
}

func cellsPath(m *match, path []int) []string {
	var out []string
	for _, i := range path {
		out = append(out, cellsOf([]option{{X: m.s.Grid[i].X, Y: m.s.Grid[i].Y}})...)
	}
	return out
}

// TestCheck11Tunnel: entering a face-up Tunnel by one's own steps lets the
// pawn jump to any tile without another pawn; a declined jump leaves the
// steps left; leaving a Tunnel or a collapsed one triggers nothing.
func TestCheck11Tunnel(t *testing.T) {
	lays := []lay{
		{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"},
		{x: 2, y: 0, col: Blue, shape: Corner, sp: Tunnel, tracks: "SW"},
		{x: 2, y: 1, col: Red, shape: Straight, tracks: "NS"},
		{x: -1, y: 0, col: Green, shape: Straight, tracks: "EW"},
		{x: 2, y: 2, col: Yellow, shape: Straight, tracks: "NS", m: [3]int{3, 0, 0}},
	}
	grid, _ := scenario(t, 2, lays...)
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{0, 0}, {-1, 0}}})
	sameCells(t, "die 1", m.s.moves(0, 1), "-1,0", "0,0", "1,0")
	two := m.s.moves(0, 2)
	sameCells(t, "die 2", two, "-1,0", "0,0", "1,0", "2,0", "2,1", "2,2")
	for _, o := range two {
		if o.X == -1 && o.Tunnel {
			t.Fatalf("a jump onto B's tile")
		}
		if o.X == 2 && o.Y == 2 && !o.Tunnel {
			t.Fatalf("(2, 2) walked to in 2 steps")
		}
	}
	three := m.s.moves(0, 3)
	for _, o := range three {
		if o.X == 2 && o.Y == 1 && o.Tunnel {
			t.Fatalf("(2, 1) only by tunnel with die 3")
		}
	}
	// Leaving the Tunnel does not trigger it.
	m2 := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{2, 0}, {-1, 0}}})
	sameCells(t, "from the Tunnel, die 1", m2.s.moves(0, 1), "2,0", "1,0", "2,1")
	// A collapsed Tunnel does not trigger.
	lays[1].down = true
	grid2, _ := scenario(t, 2, lays...)
	m3 := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid2, Pawns: [][2]int{{0, 0}, {-1, 0}}})
	sameCells(t, "collapsed Tunnel, die 3", m3.s.moves(0, 3), "-1,0", "0,0", "1,0", "2,0")
	// A Call for Help pull across it triggers nothing: it moves no pawn by
	// its own steps (callForHelp never offers a jump), and a jump is
	// played as a move: through the whole turn.
	ov := &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{0, 0}, {-1, 0}}, Dice: []RollSetup{{"G", 2}},
		Pile: []int{tileOf(t, DeadEnd, Red, NoSpecial), tileOf(t, DeadEnd, Green, NoSpecial)}}
	m = newMatch(t, 2, 1, ov)
	m, _ = play(t, m, true, "0/d", "0/p:0,-1:2", "0/r", "0/t:-1,0")
	m, ev := play(t, m, true, "0/m:2,2")
	if !hasEvent(ev, "ms_log_tunnel") || m.s.Players[0].X != 2 || m.s.Players[0].Y != 2 {
		t.Fatalf("the jump: events %v", ev)
	}
}

// TestCheck12End: the round is finished after the bag empties, and then
// the game ends, ranked by points, then gold; a refill in the same turn
// stops the trigger; a blocked mine and an empty pile end it too.
func TestCheck12End(t *testing.T) {
	// A row of 19 straights east of the start tile; everyone on (5, 0),
	// which has no open end. 55 markers on tiles, 1 in the bag.
	var lays []lay
	cols := []Colour{Yellow, Blue, Red, Green}
	left := [3]int{14, 15, 27} // what players do not hold
	for x := 1; x <= 19; x++ {
		sp := NoSpecial
		c := cols[x%4]
		if x > 12 {
			sp = []Special{LooseRock, Minecart}[x%2]
			c = cols[(x/2)%4]
		}
		var m [3]int
		for k := 0; k < 3 && (x < 19 || k < 1); k++ {
			for r := range m {
				if left[r] > 0 && (r == 2 || left[r] > 1 || x == 19) {
					left[r]--
					m[r]++
					break
				}
			}
		}
		lays = append(lays, lay{x: x, y: 0, col: c, shape: Straight, sp: sp, tracks: "EW", m: m})
	}
	grid, _ := scenario(t, 3, lays...)
	players := [][3]int{{3, 4, 7}, {2, 6, 6}, {1, 5, 10}}
	last := grid[len(grid)-1]
	colour := Standard.Tiles[last.Tile].Colour.String()
	ov := &Overrides{Start: intp(0), Turn: intp(1), Round: 11, Grid: grid, Players: players,
		Pawns: [][2]int{{5, 0}, {5, 0}, {5, 0}}, Dice: []RollSetup{{colour, 1}, {colour, 1}}}
	m := newMatch(t, 3, 1, ov)
	if m.s.bagCount() != 1 {
		t.Fatalf("the bag holds %v, want 1 marker", m.s.Bag)
	}
	m, _ = play(t, m, true, "1/r", "1/t:19,0", "1/m:5,0", "1/gn")
	if !m.s.Ending.Triggered || !m.s.Ending.NoResources || m.s.Turn != 2 || m.Result() != nil {
		t.Fatalf("after B's turn: ending %+v, turn %d", m.s.Ending, m.s.Turn)
	}
	m, ev := play(t, m, true, "2/r", "2/t:19,0")
	if !hasEvent(ev, "ms_log_fill_empty") {
		t.Fatalf("C's fill from an empty bag: %v", ev)
	}
	m, _ = play(t, m, true, "2/m:5,0", "2/gn")
	res := m.Result()
	if res == nil || m.s.Players[0].Turns != 11 {
		t.Fatalf("the game did not end after C's turn (A's turns %d)", m.s.Players[0].Turns)
	}
	if !slices.Equal(res.Scores, []int{34, 34, 30}) || !slices.Equal(res.Ranking, []int{0, 1, 2}) || res.TieBreakMessage.ID != "ms_tiebreak_gold" {
		t.Fatalf("result %+v", res)
	}

	// The bag empties in Step A, and a pickaxe refills it that turn.
	ov2 := &Overrides{Start: intp(0), Turn: intp(1), Round: 11, Grid: grid, Players: players,
		Pawns: [][2]int{{5, 0}, {19, 0}, {5, 0}}, Dice: []RollSetup{{"P", 1}}, Pile: []int{tileOf(t, DeadEnd, Red, NoSpecial)}}
	m = newMatch(t, 3, 1, ov2)
	m, _ = play(t, m, true, "1/d", "1/p:20,0:3")
	if m.s.bagCount() != 0 {
		t.Fatalf("the bag holds %v after the fill", m.s.Bag)
	}
	m, _ = play(t, m, true, "1/r", "1/k:18,0")
	for m.s.Turn == 1 {
		m, _ = play(t, m, true, m.Default(1).String())
	}
	if m.s.Ending.Triggered {
		t.Fatalf("the bag was refilled in the turn, yet the end was triggered")
	}

	// A blocked mine.
	blockedLays := []lay{
		{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"},
		{x: 2, y: 0, col: Blue, shape: DeadEnd, tracks: "W"},
		{x: -1, y: 0, col: Red, shape: DeadEnd, tracks: "E"},
		{x: 0, y: 1, col: Green, shape: DeadEnd, tracks: "N"},
		{x: 0, y: -1, col: Yellow, shape: DeadEnd, tracks: "S"},
	}
	grid3, _ := scenario(t, 3, blockedLays...)
	m = newMatch(t, 3, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid3})
	if !m.s.blocked() {
		t.Fatalf("the mine is not blocked")
	}
	for m.s.Turn == 0 {
		m, _ = play(t, m, true, m.Default(0).String())
	}
	if !m.s.Ending.Triggered || !m.s.Ending.Blocked || m.Result() != nil {
		t.Fatalf("blocked: ending %+v", m.s.Ending)
	}
	for m.Result() == nil {
		m, _ = play(t, m, true, m.Default(m.s.Turn).String())
	}
	if m.s.Players[0].Turns != 2 || m.s.Players[2].Turns != 2 {
		t.Fatalf("the round was not finished: turns %d, %d", m.s.Players[0].Turns, m.s.Players[2].Turns)
	}
	// (2, 0) a collapsed straight E+W with (3, 0) empty: not blocked.
	blockedLays[1] = lay{x: 2, y: 0, col: Blue, shape: Straight, tracks: "EW", down: true}
	grid4, _ := scenario(t, 3, blockedLays...)
	if m := newMatch(t, 3, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid4}); m.s.blocked() {
		t.Fatalf("a collapsed tile's open end does not count")
	}
	// The last tile of the pile.
	m = newMatch(t, 3, 1, &Overrides{Start: intp(0), Round: 2, Pile: []int{tileOf(t, Straight, Red, NoSpecial)}, PileOnly: true})
	m, _ = play(t, m, true, "0/d")
	for m.s.Turn == 0 {
		m, _ = play(t, m, true, m.Default(0).String())
	}
	if !m.s.Ending.Triggered || !m.s.Ending.NoTiles {
		t.Fatalf("empty pile: ending %+v", m.s.Ending)
	}
}

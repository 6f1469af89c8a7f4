package mineshaft

import (
	"slices"
	"testing"
)

// Scenario tests of each special tile (MS-X1…X7), beyond the Checks: the
// cases the Checks leave out.

// TestSwapScenario: a swapped special does not act again (MS-X0): moving
// a Minecart gives no ride and a Loose Rock no markers; the swap keeps
// every connection of the moved tile; in the first round too.
func TestSwapScenario(t *testing.T) {
	grid, used := scenario(t, 2,
		lay{x: 0, y: 1, col: Green, shape: Straight, sp: Minecart, tracks: "NS", m: [3]int{0, 2, 0}},
		lay{x: 0, y: 2, col: Blue, shape: Straight, sp: LooseRock, tracks: "NS", m: [3]int{1, 0, 0}},
	)
	swap := tileOf(t, Cross, Yellow, Swap)
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pile: []int{swap}})
	m, _ = play(t, m, true, "0/d")
	wantLegal(t, m, "0/w:0,1", "0/w:0,2", "0/wn")
	m, ev := play(t, m, true, "0/w:0,2")
	// The Loose Rock (a straight) goes east, west or north of the start
	// tile, one rotation each.
	wantLegal(t, m, "0/p:0,-1:0", "0/p:1,0:1", "0/p:-1,0:1")
	m, ev2 := play(t, m, true, "0/p:1,0:1")
	ev = append(ev, ev2...)
	if hasEvent(ev, "ms_log_rock") || m.s.Players[0].Markers != [3]int{} || m.s.Step.Kind != StepRoll {
		t.Fatalf("a swapped Loose Rock acted: markers %v, step %s", m.s.Players[0].Markers, m.s.Step.Kind)
	}
	if g := tileAt(t, m, 1, 0); g.Tile != used[1] || g.Markers != [3]int{1, 0, 0} {
		t.Fatalf("(1, 0): tile %d with %v", g.Tile, g.Markers)
	}
	if g := tileAt(t, m, 0, 2); g.Tile != swap || g.count() != 3 {
		t.Fatalf("(0, 2): tile %d with %v", g.Tile, g.Markers)
	}
	if err := CheckInvariants(m); err != nil {
		t.Fatal(err)
	}

	// First round, a swapped Minecart: no ride, then the step.
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Grid: grid, Pile: []int{swap}})
	m, _ = play(t, m, true, "0/d", "0/w:0,1", "0/p:1,0:1")
	if m.s.Step.Kind != StepMove || m.s.Step.Steps != 1 {
		t.Fatalf("after a first-round swap of a Minecart: step %s", m.s.Step.Kind)
	}
	// No tile can be swapped: the Swap is a plain cross.
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Pile: []int{swap}})
	m, _ = play(t, m, true, "0/d")
	if m.s.Step.Kind != StepPlace || m.s.Step.Tile != swap {
		t.Fatalf("a Swap with nothing to swap: step %s, tile %d", m.s.Step.Kind, m.s.Step.Tile)
	}
}

// TestFireScenario: Fire sends the drawer too; a pawn on a collapsed tile
// leaves it collapsed; pawns already on the start tile stay there.
func TestFireScenario(t *testing.T) {
	grid, _ := scenario(t, 3,
		lay{x: 1, y: 0, col: Yellow, shape: Cross, tracks: "NESW"},
		lay{x: 2, y: 0, col: Blue, shape: Straight, tracks: "EW", down: true},
	)
	fire := tileOf(t, ShapeNone, NoColour, Fire)
	// The drawer (seat 1) on (1, 0), seat 0 on the collapsed (2, 0), seat 2
	// on the start tile.
	m := newMatch(t, 3, 1, &Overrides{Start: intp(0), Turn: intp(1), Round: 2, Grid: grid, Pawns: [][2]int{{2, 0}, {1, 0}, {0, 0}}, Pile: []int{fire}})
	m, _ = play(t, m, true, "1/d")
	wantLegal(t, m, "1/f:1,0", "1/f:2,0")
	m, ev := play(t, m, true, "1/f:1,0")
	for k, p := range m.s.Players {
		if p.X != 0 || p.Y != 0 {
			t.Fatalf("seat %d at (%d, %d) after the fire", k, p.X, p.Y)
		}
	}
	n := 0
	for _, e := range ev {
		if e.Message.ID == "ms_log_fire_back" {
			n++
		}
	}
	if n != 2 || !tileAt(t, m, 2, 0).Collapsed {
		t.Fatalf("%d pawns fled (want 2: the start tile's stays), (2, 0) collapsed %v", n, tileAt(t, m, 2, 0).Collapsed)
	}
	if m.s.Step.Kind != StepRoll {
		t.Fatalf("after the fire: step %s", m.s.Step.Kind)
	}
}

// TestExplosionScenario: the drawer may collapse their own tile: they
// still roll, cannot move, and clear it next turn.
func TestExplosionScenario(t *testing.T) {
	grid, _ := scenario(t, 2,
		lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW", m: [3]int{0, 1, 1}},
	)
	boom := tileOf(t, ShapeNone, NoColour, Explosion)
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {0, 0}}, Pile: []int{boom}, Dice: []RollSetup{{"Y", 3}}})
	m, _ = play(t, m, true, "0/d", "0/x:1,0")
	if !tileAt(t, m, 1, 0).Collapsed || m.s.Step.Kind != StepRoll {
		t.Fatalf("own tile exploded: step %s", m.s.Step.Kind)
	}
	m, _ = play(t, m, true, "0/r")
	if m.s.Turn != 1 || m.s.Players[0].X != 1 {
		t.Fatalf("after the roll on a collapsed tile: turn %d, pawn x %d (no move, no collection)", m.s.Turn, m.s.Players[0].X)
	}
	for m.s.Turn == 1 {
		m, _ = play(t, m, true, m.Default(1).String())
	}
	if m.s.Step.Kind != StepClear {
		t.Fatalf("the drawer's next turn: step %s, want clear", m.s.Step.Kind)
	}
}

// TestLooseRockScenario: an extra Tunnel lets the step go on through it;
// an extra Minecart's ride moves the pawn, so no step follows; a Loose
// Rock drawn as the extra tile brings its own extra tile; in the first
// round an extra End of Shaft is drawn again.
func TestLooseRockScenario(t *testing.T) {
	grid, _ := scenario(t, 3,
		lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"},
		lay{x: -1, y: 0, col: Green, shape: Straight, tracks: "EW", m: [3]int{0, 0, 3}},
	)
	rock1 := tileOf(t, Straight, Red, LooseRock)
	rock2 := tileOf(t, Straight, Blue, LooseRock)
	tunnel := tileOf(t, Corner, Blue, Tunnel)
	cart := tileOf(t, Straight, Green, Minecart)
	corner := tileOf(t, Corner, Red, NoSpecial)
	pawns := [][2]int{{1, 0}, {-1, 0}, {0, 0}}

	m := newMatch(t, 3, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: pawns, Pile: []int{rock1, tunnel}})
	m, _ = play(t, m, true, "0/d", "0/p:2,0:1", "0/d", "0/p:3,0:3")
	legal := legalStrings(m)
	for _, want := range []string{"0/m:1,0", "0/m:3,0", "0/m:2,0"} {
		if !slices.Contains(legal, want) {
			t.Fatalf("a Loose Rock step onto a Tunnel: %s not in %v", want, legal)
		}
	}
	if slices.Contains(legal, "0/m:-1,0") || slices.Contains(legal, "0/m:0,0") {
		t.Fatalf("a jump onto another pawn's tile: %v", legal)
	}

	m = newMatch(t, 3, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: pawns, Pile: []int{rock1, cart}})
	m, _ = play(t, m, true, "0/d", "0/p:2,0:1", "0/d", "0/p:3,0:1")
	if m.s.Step.Kind != StepRide {
		t.Fatalf("extra Minecart: step %s", m.s.Step.Kind)
	}
	m, _ = play(t, m, true, "0/c:3,0")
	if m.s.Step.Kind != StepRoll {
		t.Fatalf("after an extra Minecart's ride: step %s, want roll (no step)", m.s.Step.Kind)
	}

	m = newMatch(t, 3, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: pawns, Pile: []int{rock1, rock2, corner}})
	m, _ = play(t, m, true, "0/d", "0/p:2,0:1", "0/d", "0/p:3,0:1")
	if got := m.s.Players[0].Markers; got[0]+got[1]+got[2] != 4 || m.s.Step.Kind != StepDraw {
		t.Fatalf("two Loose Rocks: markers %v, step %s", got, m.s.Step.Kind)
	}
	m, _ = play(t, m, true, "0/d", "0/p:4,0:3")
	// The inner rock's step is not the pawn's (it stands two tiles away);
	// the outer rock's step onto (3, 0) is.
	wantLegal(t, m, "0/m:1,0", "0/m:3,0")

	deadEnd := tileOf(t, DeadEnd, Red, NoSpecial)
	m = newMatch(t, 3, 1, &Overrides{Start: intp(0), Grid: grid, Pile: []int{rock1, deadEnd, corner}})
	m, _ = play(t, m, true, "0/d", "0/p:0,1:0", "0/d")
	if m.s.Step.Tile == deadEnd || !slices.Contains(m.s.Pile, deadEnd) {
		t.Fatalf("a first-round extra End of Shaft was kept")
	}
}

// TestMinecartScenario: no tile to ride to: no ride step; a ride through a
// Tunnel does not trigger it.
func TestMinecartScenario(t *testing.T) {
	cart := tileOf(t, Straight, Red, Minecart)
	// The cart north of the start tile, with another pawn on the start
	// tile: nowhere to ride but the cart itself.
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Pile: []int{cart}})
	m, _ = play(t, m, true, "0/d", "0/p:0,-1:0")
	wantLegal(t, m, "0/c:0,-1", "0/cn")
	grid, _ := scenario(t, 2, lay{x: 1, y: 0, col: Blue, shape: Corner, sp: Tunnel, tracks: "NW"}, lay{x: 1, y: -1, col: Green, shape: DeadEnd, tracks: "S", m: [3]int{0, 0, 2}})
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{0, 0}, {1, -1}}, Pile: []int{cart}})
	m, _ = play(t, m, true, "0/d", "0/p:0,1:0")
	wantLegal(t, m, "0/c:0,1", "0/c:1,0", "0/cn")
	m, _ = play(t, m, true, "0/c:1,0")
	if p := m.s.Players[0]; p.X != 1 || p.Y != 0 || m.s.Step.Kind != StepRoll {
		t.Fatalf("a ride onto a Tunnel: at (%d, %d), step %s", p.X, p.Y, m.s.Step.Kind)
	}
}

// TestCallForHelpScenario: the pull reaches over any distance and ignores
// pawns; the drawer stays; opponents on the Call for Help tile's way all
// arrive; one on a collapsed tile stays.
func TestCallForHelpScenario(t *testing.T) {
	var lays []lay
	for x := 1; x <= 6; x++ {
		lays = append(lays, lay{x: x, y: 0, col: []Colour{Yellow, Blue, Red, Green}[x%4], shape: Straight, tracks: "EW", down: x == 6})
	}
	grid, _ := scenario(t, 4, lays...)
	help := tileOf(t, Tee, Green, CallForHelp)
	pawns := [][2]int{{0, 0}, {5, 0}, {3, 0}, {6, 0}}
	m := newMatch(t, 4, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: pawns, Pile: []int{help}})
	m, _ = play(t, m, true, "0/d", "0/p:-1,0:1")
	want := [][2]int{{0, 0}, {-1, 0}, {-1, 0}, {6, 0}}
	for k, p := range m.s.Players {
		if p.X != want[k][0] || p.Y != want[k][1] {
			t.Fatalf("seat %d at (%d, %d), want %v", k, p.X, p.Y, want[k])
		}
	}
}

// TestTunnelScenario: the drawer may use a Tunnel laid earlier in the
// same turn; in the first round the one step into a Tunnel lets the pawn
// jump.
func TestTunnelScenario(t *testing.T) {
	tunnel := tileOf(t, Corner, Yellow, Tunnel)
	grid, _ := scenario(t, 2, lay{x: 0, y: 1, col: Green, shape: DeadEnd, tracks: "N", m: [3]int{2, 0, 0}})
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Grid: grid, Pile: []int{tunnel}})
	m, _ = play(t, m, true, "0/d", "0/p:1,0:2") // S+W: its W meets the start tile
	legal := legalStrings(m)
	if !slices.Contains(legal, "0/m:0,1") || !slices.Contains(legal, "0/m:1,0") {
		t.Fatalf("first round next to a new Tunnel: %v", legal)
	}
	m2, ev := play(t, m, true, "0/m:0,1")
	if !hasEvent(ev, "ms_log_move") || m2.s.Step.Kind != StepCollect {
		t.Fatalf("walked (0, 1) in one step: %v", ev)
	}
	// Round 2: the drawer lays the Tunnel and uses it in Step B.
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{0, 0}, {0, 1}}, Pile: []int{tunnel}, Dice: []RollSetup{{"P", 1}}})
	m, _ = play(t, m, true, "0/d", "0/p:1,0:2", "0/r")
	if m.s.Step.Kind == StepPickaxe {
		m, _ = play(t, m, true, legalStrings(m)[0])
	}
	opts := m.s.moves(0, 1)
	if len(opts) < 2 || !slices.ContainsFunc(opts, func(o option) bool { return o.X == 1 && o.Y == 0 }) {
		t.Fatalf("the Tunnel laid this turn is not reachable: %v", opts)
	}
}

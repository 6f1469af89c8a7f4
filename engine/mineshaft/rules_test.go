package mineshaft

import (
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Rule-by-rule tests of what the Checks and scenarios leave out: the
// geometry (MS-G*), the setup (MS-S*), the start tile, the tie that
// survives the tie-break (MS-E4) and the default moves.

// TestG7FitCounts: every shape fits every open end, with as many
// rotations as MS-G7 says (dead end 1, straight 1, corner 2, T 3,
// cross 1), the specials by their shapes, and every option shows a track
// towards the tile it is laid from.
func TestG7FitCounts(t *testing.T) {
	want := map[Shape]int{DeadEnd: 1, Straight: 1, Corner: 2, Tee: 3, Cross: 1}
	seen := map[int]bool{}
	for _, tl := range Standard.Tiles[1:] {
		if !tl.Special.Placed() || seen[tl.Row] {
			continue
		}
		seen[tl.Row] = true
		m := newMatch(t, 4, 1, &Overrides{Start: intp(0), Round: 2, Pile: []int{tl.ID}})
		m, _ = play(t, m, true, "0/d")
		if m.s.Step.Kind == StepSwap {
			m, _ = play(t, m, true, "0/wn")
		}
		opts := m.s.placements()
		per := map[Dir]int{}
		for _, o := range opts {
			per[o.Dir]++
			x, y := o.Dir.Step(0, 0)
			if o.X != x || o.Y != y {
				t.Fatalf("%s: option at (%d, %d) for end %s", Standard.Rows[tl.Row].Name, o.X, o.Y, o.Dir)
			}
			if !tl.Tracks.Turn(o.Rot).Has(o.Dir.Opposite()) {
				t.Fatalf("%s: rotation %d shows no track towards the start tile", Standard.Rows[tl.Row].Name, o.Rot)
			}
		}
		for d := N; d < NumDirs; d++ {
			if per[d] != want[tl.Shape] {
				t.Fatalf("%s (%s) at the %s end: %d rotations, want %d", Standard.Rows[tl.Row].Name, tl.Shape, d, per[d], want[tl.Shape])
			}
		}
	}
}

// TestG3G4AdjacentNotConnected: a tile next to the pawn's with a blank
// edge towards it is adjacent (the pickaxe may collapse it, Fire burns
// pawns on it) but not connected (no step onto it, no ride, no pull); a
// track that meets it is a dead stub, not an open end.
func TestG3G4AdjacentNotConnected(t *testing.T) {
	grid, _ := scenario(t, 2,
		lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"},
		// (1, 1) is next to (1, 0) but shows no track north: a stub.
		lay{x: 1, y: 1, col: Blue, shape: Straight, tracks: "EW", m: [3]int{0, 0, 3}},
		lay{x: 0, y: 1, col: Red, shape: Corner, tracks: "NE"},
	)
	// Seat 0 on (1, 0); seat 1 on (1, 1).
	ov := &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {1, 1}}, Dice: []RollSetup{{"P", 1}}}
	m := newMatch(t, 2, 1, ov)
	i := m.s.at(1, 0)
	if m.s.connected(i, S) >= 0 || m.s.neighbour(i, S) < 0 {
		t.Fatalf("(1, 0)–(1, 1): adjacent and not connected expected")
	}
	if slices.Contains(m.s.openEnds(m.s.at(1, 1)), N) {
		t.Fatalf("a blank edge counted as an open end")
	}
	// (1, 0) has an open end east: Step A first.
	m, _ = play(t, m, true, "0/d")
	m, _ = play(t, m, true, legalStrings(m)[0], "0/r")
	// The pickaxe: (1, 1) is a target though not connected; the start
	// tile is not.
	if m.s.Step.Kind != StepPickaxe {
		t.Fatalf("step %s, want pickaxe", m.s.Step.Kind)
	}
	sameCells(t, "pickaxe from (1, 0)", m.s.pickaxeTargets(0), "1,1", "2,0")
	// Movement: (1, 1) is not reachable in one step (only by (0, 1) in 3).
	sameCells(t, "one step from (1, 0)", m.s.moves(0, 1), "0,0", "1,0", "2,0")
	for _, o := range m.s.moves(0, 2) {
		if o.X == 1 && o.Y == 1 {
			t.Fatalf("(1, 1) reached in 2 steps: it connects to (1, 0) through nothing")
		}
	}
	// Fire on (1, 0) burns the pawn on the adjacent, unconnected (1, 1).
	s := m.s.clone()
	s.fire(0, s.at(1, 0))
	if p := s.Players[1]; p.X != 0 || p.Y != 0 {
		t.Fatalf("Fire spared a pawn on an adjacent tile: (%d, %d)", p.X, p.Y)
	}
}

// TestG5StartTileNeverTarget: the start tile is part of the mine (pawns
// walk over and stop on it) but never a target of the pickaxe, a colour,
// Fire, Timed Explosion or a Swap, and holds nothing to collect.
func TestG5StartTileNeverTarget(t *testing.T) {
	grid, _ := scenario(t, 2,
		lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"},
		lay{x: -1, y: 0, col: Yellow, shape: Straight, tracks: "EW"},
	)
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {-1, 0}}})
	s := m.s
	for what, opts := range map[string][]option{
		"pickaxe": s.pickaxeTargets(0), "fire": s.fireTargets(), "explosion": s.explosionTargets(),
		"swap": s.swapTargets(), "yellow": s.colourTargets(Yellow),
	} {
		for _, o := range opts {
			if o.X == 0 && o.Y == 0 {
				t.Fatalf("%s may choose the start tile", what)
			}
		}
	}
	// From (1, 0) two steps reach (−1, 0) across the start tile.
	sameCells(t, "two steps", s.moves(0, 2), "1,0", "0,0", "-1,0")
}

// TestS1S2S3Setup: 2 players play the 62 unmarked tiles (the 18 marked
// ones in the box), 3–4 all 80; every pawn starts on the start tile, the
// 100 markers in the bag; the start player comes from the seed and the
// turns go round in seat order from it.
func TestS1S2S3Setup(t *testing.T) {
	starts := map[int]bool{}
	for n := 2; n <= 4; n++ {
		for seed := uint64(1); seed <= 20; seed++ {
			m := newMatch(t, n, seed, nil)
			s := m.s
			wantPile := 80
			if n == 2 {
				wantPile = 62
			}
			if len(s.Pile) != wantPile || len(s.Pile)+len(s.Box) != 80 {
				t.Fatalf("%d players: pile %d, box %d", n, len(s.Pile), len(s.Box))
			}
			for _, id := range s.Pile {
				if n == 2 && Standard.Tiles[id].Marked {
					t.Fatalf("a marked tile %d in a 2-player pile", id)
				}
			}
			if s.Bag != [3]int{20, 30, 50} || len(s.Grid) != 1 || s.Grid[0].Tile != 0 {
				t.Fatalf("bag %v, grid %v", s.Bag, s.Grid)
			}
			for k, p := range s.Players {
				if p.X != 0 || p.Y != 0 {
					t.Fatalf("seat %d starts on (%d, %d)", k, p.X, p.Y)
				}
			}
			if s.Turn != s.Start || s.Round != 1 {
				t.Fatalf("turn %d, start %d, round %d", s.Turn, s.Start, s.Round)
			}
			if n == 4 {
				starts[s.Start] = true
			}
			// The first round goes round in seat order from the start
			// player, and round 2 begins with the start player again.
			var order []int
			mm := engine.Match(m)
			for mm.(*match).s.Round == 1 {
				seat := mm.ToAct()[0]
				if len(order) == 0 || order[len(order)-1] != seat {
					order = append(order, seat)
				}
				next, _, err := mm.Apply(mm.(engine.Defaults).Default(seat))
				if err != nil {
					t.Fatal(err)
				}
				mm = next
			}
			for k := range order {
				if order[k] != (s.Start+k)%n {
					t.Fatalf("%d players, start %d: first round in order %v", n, s.Start, order)
				}
			}
			if len(order) != n || mm.ToAct()[0] != s.Start {
				t.Fatalf("%d players: first round %v, then seat %v", n, order, mm.ToAct())
			}
		}
	}
	if len(starts) != 4 {
		t.Fatalf("4 players over 20 seeds: start seats %v", starts)
	}
}

// TestE4SharedWin: a tie on points, gold and silver is a shared win, and
// the last event says so: it does not name one winner.
func TestE4SharedWin(t *testing.T) {
	m := newMatch(t, 3, 1, &Overrides{Start: intp(0), Round: 2, Players: [][3]int{{1, 2, 3}, {2, 0, 2}, {1, 2, 3}}})
	s := m.s.clone()
	s.gameOver()
	res := s.Result
	if !slices.Equal(res.Ranking, []int{0, 2, 1}) || res.TieBreakMessage.ID != "ms_tiebreak_shared" || res.Shared != 2 {
		t.Fatalf("result %+v, want seats 0 and 2 sharing first place", res)
	}
	last := s.ev[len(s.ev)-1]
	if last.Message.ID != "ms_log_game_over_shared" {
		t.Fatalf("last event %s %v, want the shared win", last.Message.ID, last.Message.Args)
	}
	if last.Message.Args["Points"] != 14 {
		t.Fatalf("shared win args %v", last.Message.Args)
	}
	// A tie broken on gold names the winner.
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Players: [][3]int{{0, 5, 0}, {3, 0, 0}}})
	s = m.s.clone()
	s.gameOver()
	if last := s.ev[len(s.ev)-1]; last.Message.ID != "ms_log_game_over" || s.Result.Ranking[0] != 1 {
		t.Fatalf("tie on gold: %s, ranking %v", last.Message.ID, s.Result.Ranking)
	}
}

// TestDefaultMoves: a stalled seat's default move does the seat no harm
// where it has a choice: Timed Explosion collapses neither its own tile
// nor one with markers or pawns when a poorer one exists, Fire spares its
// own pawn and burns as few pawns as it can, the pickaxe takes the
// poorest neighbour, a colour fills the seat's own tile when it has room.
func TestDefaultMoves(t *testing.T) {
	lays := []lay{
		{x: 1, y: 0, col: Yellow, shape: Tee, tracks: "NEW"},
		{x: -1, y: 0, col: Yellow, shape: Straight, tracks: "EW", m: [3]int{0, 0, 1}},
		{x: 2, y: 0, col: Blue, shape: Straight, tracks: "EW"},
		{x: 3, y: 0, col: Red, shape: Straight, tracks: "EW", m: [3]int{1, 1, 0}},
	}
	grid, _ := scenario(t, 2, lays...)
	boom := tileOf(t, ShapeNone, NoColour, Explosion)
	fire := tileOf(t, ShapeNone, NoColour, Fire)
	def := func(m *match) string { return m.Default(m.s.Turn).String() }

	// Seat 0 on (1, 0), seat 1 on (3, 0).
	pawns := [][2]int{{1, 0}, {3, 0}}
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: pawns, Pile: []int{boom}})
	m, _ = play(t, m, true, "0/d")
	if got := def(m); got != "0/x:2,0" {
		t.Fatalf("default Timed Explosion %s, want the empty tile without pawns (2, 0)", got)
	}
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: pawns, Pile: []int{fire}})
	m, _ = play(t, m, true, "0/d")
	// Burning (−1, 0) sends nobody: (0, 0) is the start tile.
	if got := def(m); got != "0/f:-1,0" {
		t.Fatalf("default Fire %s, want (−1, 0), which sends nobody", got)
	}
	// The pickaxe from (1, 0): (2, 0) holds nothing.
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: pawns, Dice: []RollSetup{{"P", 1}},
		Pile: []int{tileOf(t, DeadEnd, Green, NoSpecial)}})
	m, _ = play(t, m, true, "0/d", "0/p:1,-1:2", "0/r")
	if got := def(m); got != "0/k:2,0" {
		t.Fatalf("default pickaxe %s, want (2, 0)", got)
	}
	// Yellow: seat 0 on (−1, 0), which has room, after (1, 0) in the grid.
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{-1, 0}, {3, 0}}, Dice: []RollSetup{{"Y", 1}},
		Pile: []int{tileOf(t, DeadEnd, Green, NoSpecial)}})
	m, _ = play(t, m, true, "0/d", "0/p:-2,0:1", "0/r")
	if got := def(m); got != "0/t:-1,0" {
		t.Fatalf("default yellow %s, want the seat's own tile (−1, 0)", got)
	}
}

// TestR1FirstRoundAfterCallForHelp: a Call for Help in the first round
// pulls the players who have not played yet; each then lays their
// first-round tile next to their pawn where it now stands (MS-R1), and the
// drawer is not pulled.
func TestR1FirstRoundAfterCallForHelp(t *testing.T) {
	help := tileOf(t, Tee, Blue, CallForHelp)
	corner := tileOf(t, Corner, Red, NoSpecial)
	m := newMatch(t, 3, 1, &Overrides{Start: intp(0), Pile: []int{help, corner}})
	m, _ = play(t, m, true, "0/d")
	// Rotation 1 shows E, S, W: the T's open ends are east and west.
	m, ev := play(t, m, true, "0/p:0,-1:1")
	if !hasEvent(ev, "ms_log_pulled") {
		t.Fatalf("nobody pulled: %v", ev)
	}
	for k, want := range [][2]int{{0, 0}, {0, -1}, {0, -1}} {
		if p := m.s.Players[k]; p.X != want[0] || p.Y != want[1] {
			t.Fatalf("seat %d at (%d, %d), want %v", k, p.X, p.Y, want)
		}
	}
	// The drawer steps (or stays) and collects; then seat 1 lays from
	// (0, −1): only its east and west ends, two rotations each.
	for m.s.Turn == 0 {
		m, _ = play(t, m, true, m.Default(0).String())
	}
	m, _ = play(t, m, true, "1/d")
	if m.s.Step.Kind != StepPlace {
		t.Fatalf("seat 1's first turn: step %s", m.s.Step.Kind)
	}
	sameCells(t, "seat 1's first tile", m.s.placements(), "-1,-1", "-1,-1", "1,-1", "1,-1")
}

// TestX7TunnelReentry: a pawn that starts its turn on a face-up Tunnel
// does not trigger it by starting there or by leaving; stepping off onto a
// face-up tile and back on (2 steps) enters it by its own movement, so the
// jump is offered (DECISIONS.md); with 1 step it is not.
func TestX7TunnelReentry(t *testing.T) {
	grid, _ := scenario(t, 2,
		lay{x: 1, y: 0, col: Yellow, shape: Corner, sp: Tunnel, tracks: "SW"},
		lay{x: 1, y: 1, col: Blue, shape: Straight, tracks: "NS"},
		lay{x: -1, y: 0, col: Red, shape: Straight, tracks: "EW"},
		lay{x: -2, y: 0, col: Green, shape: Straight, tracks: "EW", m: [3]int{1, 0, 0}},
		lay{x: -3, y: 0, col: Green, shape: DeadEnd, tracks: "E"},
	)
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {-3, 0}}})
	jumps := func(k int) []string {
		var out []string
		for _, o := range m.s.moves(0, k) {
			if o.Tunnel {
				out = append(out, cellsOf([]option{o})...)
			}
		}
		return out
	}
	if j := jumps(1); len(j) != 0 {
		t.Fatalf("one step from the Tunnel offers jumps %v", j)
	}
	// Out and back in 2 steps: (−2, 0) is far by foot, near by the
	// Tunnel; (−3, 0) holds seat 1.
	if j := jumps(2); !slices.Equal(j, []string{"-2,0"}) {
		t.Fatalf("out and back in: jumps %v, want (−2, 0)", j)
	}
}

// TestForcedStepsNeedNoClick: over random games no label asks to be
// clicked when it is the only move (nothing is hidden: MS-V1), and the
// steps the platform would ask about never offer a single option: a move
// that can only stay and a collection with nothing to take are skipped.
func TestForcedStepsNeedNoClick(t *testing.T) {
	for g := 0; g < 6; g++ {
		m := newMatch(t, 2+g%3, uint64(500+g), nil)
		pick := chooser(uint64(g))
		for steps := 0; m.Result() == nil; steps++ {
			if steps > 5000 {
				t.Fatal("game does not end")
			}
			seat := m.s.Turn
			legal := m.Legal(seat)
			for _, a := range legal {
				if m.Label(a).Deliberate {
					t.Fatalf("%s is deliberate", a)
				}
			}
			switch k := m.s.Step.Kind; k {
			case StepMove, StepCollect, StepSwap, StepRide, StepRockStep:
				if len(legal) < 2 {
					t.Fatalf("step %s with options %v", k, engine.Strings(legal))
				}
			}
			next, _, err := m.Apply(legal[pick(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			m = next.(*match)
		}
	}
}

// TestTargetLinesSayTheCost: a Fire option says when it sends the chooser's
// own pawn home and says plainly when it sends nobody; a collapse with
// nobody on the tile does not speak of "0 pawns".
func TestTargetLinesSayTheCost(t *testing.T) {
	grid, _ := scenario(t, 2,
		lay{x: 1, y: 0, col: Yellow, shape: Tee, tracks: "NEW"},
		lay{x: -1, y: 0, col: Yellow, shape: Straight, tracks: "EW", m: [3]int{0, 0, 1}},
		lay{x: 2, y: 0, col: Blue, shape: Straight, tracks: "EW"},
		lay{x: 3, y: 0, col: Red, shape: Straight, tracks: "EW", m: [3]int{1, 1, 0}},
	)
	fire := tileOf(t, ShapeNone, NoColour, Fire)
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {3, 0}}, Pile: []int{fire}})
	m, _ = play(t, m, true, "0/d")
	line := func(s string) engine.Message {
		a, err := ParseAction(s)
		if err != nil {
			t.Fatal(err)
		}
		return m.Label(a).LineMessage
	}
	for _, c := range []struct {
		move, id string
		count    int
	}{
		{"0/f:-1,0", "ms_line_fire_none", -1},
		{"0/f:1,0", "ms_line_fire_self", 1},
		{"0/f:2,0", "ms_line_fire_self", 2},
		{"0/f:3,0", "ms_line_fire", 1},
	} {
		l := line(c.move)
		if l.ID != c.id || (c.count >= 0 && l.Args["Count"] != c.count) {
			t.Fatalf("%s: line %s %v, want %s with %d", c.move, l.ID, l.Args, c.id, c.count)
		}
	}
	boom := tileOf(t, ShapeNone, NoColour, Explosion)
	m = newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {3, 0}}, Pile: []int{boom}})
	m, _ = play(t, m, true, "0/d")
	if l := line("0/x:2,0"); l.ID != "ms_line_collapse_free" {
		t.Fatalf("collapse of an empty tile: %s %v", l.ID, l.Args)
	}
	if l := line("0/x:3,0"); l.ID != "ms_line_collapse" || l.Args["Count"] != 1 {
		t.Fatalf("collapse under a pawn: %s %v", l.ID, l.Args)
	}
}

// TestT6SharedCollapsedTile: two pawns on one collapsed tile: the first to
// play clears it (flip, fill, collect, nothing else even at an open end);
// the other then plays a normal turn from the face-up tile.
func TestT6SharedCollapsedTile(t *testing.T) {
	grid, _ := scenario(t, 2, lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW", down: true})
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {1, 0}},
		Pile: []int{tileOf(t, Straight, Red, NoSpecial)}, Dice: []RollSetup{{"B", 1}}})
	wantLegal(t, m, "0/cl")
	bag := m.s.bagCount()
	m, _ = play(t, m, true, "0/cl")
	if g := tileAt(t, m, 1, 0); g.Collapsed || g.count() != 3 || m.s.bagCount() != bag-3 || m.s.Step.Kind != StepCollect {
		t.Fatalf("after clearing: %+v, step %s", g, m.s.Step.Kind)
	}
	m, _ = play(t, m, true, "0/gn")
	// Seat 1: (1, 0) is face up with an open end east: Step A, then dice.
	if m.s.Turn != 1 || m.s.Step.Kind != StepDraw {
		t.Fatalf("seat 1's turn: step %s", m.s.Step.Kind)
	}
	m, _ = play(t, m, true, "1/d", "1/p:2,0:1", "1/r")
	if m.s.Step.Kind != StepMove {
		t.Fatalf("seat 1 after the roll: step %s", m.s.Step.Kind)
	}
}

// TestX4StepNotOverCollapse: a Loose Rock's step is a move: it cannot
// start from a collapsed tile (MS-T4, MS-X3: the drawer whose own tile
// collapsed cannot move) nor pass over a collapsed Loose Rock. Here the
// Loose Rock's extra tile is a second Loose Rock, whose extra tile is a
// Timed Explosion.
func TestX4StepNotOverCollapse(t *testing.T) {
	grid, _ := scenario(t, 2, lay{x: 1, y: 0, col: Yellow, shape: Straight, tracks: "EW"})
	pile := []int{tileOf(t, Straight, Red, LooseRock), tileOf(t, Straight, Blue, LooseRock), tileOf(t, ShapeNone, NoColour, Explosion)}
	for _, c := range []struct {
		boom string
		step bool
	}{
		{"0/x:1,0", false}, // the drawer's own tile
		{"0/x:2,0", false}, // the outer Loose Rock, which the step passes over
		{"0/x:3,0", true},  // the inner Loose Rock: the step may end on it
	} {
		m := newMatch(t, 2, 1, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {0, 0}}, Pile: pile})
		m, _ = play(t, m, true, "0/d", "0/p:2,0:1", "0/d", "0/p:3,0:1", "0/d")
		if m.s.Step.Kind != StepExplosion {
			t.Fatalf("step %s, want the explosion", m.s.Step.Kind)
		}
		m, _ = play(t, m, true, c.boom)
		if got := m.s.Step.Kind == StepRockStep; got != c.step {
			t.Fatalf("after %s: step %s (legal %v), rock step wanted: %v", c.boom, m.s.Step.Kind, legalStrings(m), c.step)
		}
	}
}

// TestT8T9Randomness: die A shows the pickaxe a third of the time and each
// colour a sixth, die B 1, 2 and 3 a third each (MS-T9); a marker drawn
// from the bag is uniform among the markers in it (MS-T8). Loose bounds
// over 12,000 draws from the seeded generator.
func TestT8T9Randomness(t *testing.T) {
	grid, _ := scenario(t, 2, lay{x: 1, y: 0, col: Yellow, shape: DeadEnd, tracks: "W"})
	m := newMatch(t, 2, 9, &Overrides{Start: intp(0), Round: 2, Grid: grid, Pawns: [][2]int{{1, 0}, {1, 0}}})
	if m.s.Step.Kind != StepRoll {
		t.Fatalf("step %s", m.s.Step.Kind)
	}
	const n = 12000
	var faces [5]int
	var steps [4]int
	var drawn [NumResources]int
	s := m.s.clone()
	for i := 0; i < n; i++ {
		c := s.clone()
		c.roll(0)
		faces[c.Dice.A]++
		steps[c.Dice.B]++
		r, _ := c.drawMarker()
		drawn[r]++
		s.RNG = c.RNG
	}
	near := func(got int, p float64) bool { return float64(got) > 0.9*p*n && float64(got) < 1.1*p*n }
	for f := 0; f < 4; f++ {
		if !near(faces[f], 1.0/6) {
			t.Fatalf("die A faces %v", faces)
		}
	}
	if !near(faces[Pickaxe], 1.0/3) || steps[0] != 0 || !near(steps[1], 1.0/3) || !near(steps[2], 1.0/3) || !near(steps[3], 1.0/3) {
		t.Fatalf("die A %v, die B %v", faces, steps)
	}
	if !near(drawn[Gold], 0.2) || !near(drawn[Silver], 0.3) || !near(drawn[Coal], 0.5) {
		t.Fatalf("markers drawn from a full bag %v", drawn)
	}
}

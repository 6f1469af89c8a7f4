package mineshaft

import (
	"slices"
	"testing"
)

// TestEditionTable pins the design's numbers (components.md §1, §3): 80
// tiles, 62 unmarked, 19 (15) per colour, the shape mix per player count,
// 20 specials (17 with 2 players), the dice, 100 markers worth 240 points.
func TestEditionTable(t *testing.T) {
	e := Standard
	if err := e.Validate(); err != nil {
		t.Fatal(err)
	}
	if len(e.Tiles) != 81 || e.Tiles[0].Shape != Cross || e.Tiles[0].Colour != NoColour {
		t.Fatalf("%d tiles, start tile %+v", len(e.Tiles)-1, e.Tiles[0])
	}
	type mix struct{ perColour, deadEnd, straight, corner, tee, cross, fire, boom, specials int }
	count := func(n int) mix {
		var m mix
		for _, tl := range e.Tiles[1:] {
			if !e.InPlay(tl.ID, n) {
				continue
			}
			if tl.Colour == Yellow {
				m.perColour++
			}
			switch tl.Shape {
			case DeadEnd:
				m.deadEnd++
			case Straight:
				m.straight++
			case Corner:
				m.corner++
			case Tee:
				m.tee++
			case Cross:
				m.cross++
			}
			switch tl.Special {
			case Fire:
				m.fire++
			case Explosion:
				m.boom++
			case NoSpecial:
			default:
				m.specials++
			}
		}
		return m
	}
	if got, want := count(3), (mix{19, 8, 20, 24, 14, 10, 2, 2, 16}); got != want {
		t.Errorf("3–4 players: %+v, want %+v", got, want)
	}
	if got, want := count(2), (mix{15, 8, 16, 20, 10, 6, 1, 1, 15}); got != want {
		t.Errorf("2 players: %+v, want %+v", got, want)
	}
	if e.TotalMarkers() != 100 || e.points(e.Markers) != 240 {
		t.Errorf("%d markers worth %d points", e.TotalMarkers(), e.points(e.Markers))
	}
	picks := 0
	for _, f := range e.DieA {
		if f == Pickaxe {
			picks++
		}
	}
	if picks != 2 || !slices.Equal(e.DieB[:], []int{1, 1, 2, 2, 3, 3}) || e.Capacity != 3 || e.Collect != [3]int{1, 2, 3} {
		t.Errorf("dice %v %v, capacity %d, collect %v", e.DieA, e.DieB, e.Capacity, e.Collect)
	}
	// Tile ids follow the table: row by row, Y B R G, unmarked first.
	if tl := e.Tiles[1]; tl.Shape != DeadEnd || tl.Colour != Yellow {
		t.Errorf("tile 1 is %+v", tl)
	}
	if tl := e.Tiles[11]; tl.Shape != Straight || tl.Colour != Yellow || !tl.Marked {
		t.Errorf("tile 11 (the marked yellow straight) is %+v", tl)
	}
	if tl := e.Tiles[80]; tl.Special != Explosion || !tl.Marked {
		t.Errorf("tile 80 is %+v", tl)
	}
}

// points is what markers m are worth under e.
func (e *Edition) points(m [NumResources]int) int {
	return m[0]*e.Points[0] + m[1]*e.Points[1] + m[2]*e.Points[2]
}

// TestCorruptEditionRefused: Validate refuses a table that breaks what the
// rules rely on, and the package refuses to start with one (mustValid).
func TestCorruptEditionRefused(t *testing.T) {
	corrupt := []struct {
		name string
		f    func(e *Edition)
	}{
		{"a tile too many", func(e *Edition) { e.Rows[2].Count[0]++ }},
		{"colours unequal", func(e *Edition) { e.Rows[2].Count[0]++; e.Rows[3].Count[1]-- }},
		{"more marked than there are", func(e *Edition) { e.Rows[0].Marked[0] = 3 }},
		{"a corner with straight tracks", func(e *Edition) { e.Rows[2].Tracks = 5 }},
		{"a dead end with two tracks", func(e *Edition) { e.Rows[0].Tracks = 3 }},
		{"a Loose Rock that is a corner", func(e *Edition) { e.Rows[5].Shape, e.Rows[5].Tracks = Corner, 3 }},
		{"a Swap that is no cross", func(e *Edition) { e.Rows[8].Shape, e.Rows[8].Tracks = Tee, 7 }},
		{"a placed Fire", func(e *Edition) { e.Rows[10].Shape, e.Rows[10].Tracks = Cross, 15 }},
		{"die A without green", func(e *Edition) { e.DieA[3] = Pickaxe }},
		{"die A with a stray face", func(e *Edition) { e.DieA[4] = 9 }},
		{"die B with a zero", func(e *Edition) { e.DieB[0] = 0 }},
		{"no gold", func(e *Edition) { e.Markers[Gold] = 0 }},
		{"collect more than a tile holds", func(e *Edition) { e.Collect[Coal] = 4 }},
		{"a start tile that is no cross", func(e *Edition) { e.StartTracks = 7 }},
		{"five players", func(e *Edition) { e.MaxSeats = 5 }},
		{"tiles out of step with the rows", func(e *Edition) { e.Tiles[5].Special = Tunnel }},
	}
	for _, c := range corrupt {
		t.Run(c.name, func(t *testing.T) {
			e := buildStandard("test")
			c.f(e)
			if c.name != "tiles out of step with the rows" {
				e.Tiles = deriveTiles(e)
			}
			if err := e.Validate(); err == nil {
				t.Fatalf("a corrupted table was accepted")
			}
			defer func() {
				if recover() == nil {
					t.Fatalf("mustValid started with a corrupted table")
				}
			}()
			mustValid(e)
		})
	}
}

package tinnersimg

import (
	"fmt"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"math"
	"os"
	"sort"
	"strconv"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// areaBox is the bounding box of one item an area shows on the map.
type areaBox struct {
	area, what     string
	x0, y0, x1, y1 float64
}

// areaBoxes returns the boxes of what the map shows of each area: its id,
// cubes, tiles, mines, peeks, developments, capacities and callout plates
// (not the cell itself, the auction frame or the changed highlight).
func areaBoxes(items []Item, m *imaging.Measurer) []areaBox {
	var out []areaBox
	for _, it := range items {
		if it.Area == "" {
			continue
		}
		switch it.Kind {
		case KindCube, KindMine, KindTileDown, KindTileUp, KindPeek, KindDrain, KindMiner, KindPort, KindTrain,
			KindPump, KindCapacity, KindRemoved, KindCallout:
			out = append(out, areaBox{it.Area, it.Kind.String(), it.X, it.Y, it.X + it.W, it.Y + it.H})
		}
		for _, t := range itemTexts(it, m) {
			if t.Text == "" || t.Role == imaging.RoleDecor {
				continue
			}
			w := m.Width(t.Text, t.Size, t.Bold)
			x := t.X - w*t.Align
			out = append(out, areaBox{it.Area, it.Kind.String() + " " + t.Text, x, t.Y - 0.75*t.Size, x + w, t.Y + 0.05*t.Size})
		}
	}
	return out
}

// crowding lists the pairs of items of different areas that overlap by
// more than 1 px both ways; a callout plate may hold its own area's items
// only.
func crowding(items []Item, m *imaging.Measurer) []string {
	boxes := areaBoxes(items, m)
	var out []string
	for i, a := range boxes {
		for _, b := range boxes[i+1:] {
			if a.area == b.area {
				continue
			}
			ox := math.Min(a.x1, b.x1) - math.Max(a.x0, b.x0)
			oy := math.Min(a.y1, b.y1) - math.Max(a.y0, b.y0)
			if ox > 1 && oy > 1 {
				out = append(out, fmt.Sprintf("%s %s × %s %s (%.0f×%.0f px)", a.area, a.what, b.area, b.what, ox, oy))
			}
		}
	}
	sort.Strings(out)
	return out
}

// busyBoards are random public views of every player count from the
// middle and end of games, when the map is fullest.
func busyBoards(t testing.TB, perCount int) map[int][]tinners.PublicView {
	out := map[int][]tinners.PublicView{}
	for seats := 2; seats <= 5; seats++ {
		for k := 0; k < perCount; k++ {
			seed := int64(seats*7919 + k)
			s := randomState(t, seats, seed, 80+int(seed*31)%500)
			out[seats] = append(out[seats], s.PublicView())
		}
	}
	return out
}

// TestTurnNoCrowding holds that in the turn picture no two areas' contents
// overlap (ids, cubes, mines, developments, callout plates), on busy random
// boards of every player count.
func TestTurnNoCrowding(t *testing.T) {
	m, err := imaging.NewMeasurer()
	if err != nil {
		t.Fatal(err)
	}
	// One goroutine lays them out: outside the full pass (-race, -short) 12.
	n := testenv.Size(t, 12, 40)
	if os.Getenv("CROWD_N") != "" {
		n, _ = strconv.Atoi(os.Getenv("CROWD_N"))
	}
	bad := 0
	for seats, views := range busyBoards(t, n) {
		for k, v := range views {
			items, _, _ := turnItems(v, imaging.Options{Changed: changedFor(v)})
			if c := crowding(items, m); len(c) > 0 {
				bad++
				if bad <= 30 {
					t.Errorf("%dp #%d (round %d): %v", seats, k, v.Round, c)
				}
			}
		}
	}
	if bad > 0 {
		t.Logf("%d boards crowded", bad)
	}
}

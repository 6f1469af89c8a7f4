package tinnersimg

import (
	"flag"
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

var searchNudge = flag.Bool("searchnudge", false, "search site nudges")

func mismatchCost(e *tinners.Edition, g *mapGeometry) float64 {
	want := map[[2]int]bool{}
	for _, b := range e.Borders {
		want[b] = true
	}
	cost := 0.0
	for i := range e.Areas {
		for j := i + 1; j < len(e.Areas); j++ {
			l := math.Max(g.Shared[i][j], g.Shared[j][i])
			if want[[2]int{i, j}] && l < 0.009 {
				cost += 0.009 - l
			}
			if !want[[2]int{i, j}] && l > 0.0003 {
				cost += 3 * l
			}
		}
	}
	return cost
}

func TestSearchNudge(t *testing.T) {
	if !*searchNudge {
		t.Skip()
	}
	e := tinners.Standard
	r := rand.New(rand.NewSource(1))
	cur := map[string][2]float64{}
	for k, v := range siteNudge {
		cur[k] = v
	}
	eval := func(m map[string][2]float64) float64 {
		siteNudge = m
		g := buildGeometry(e)
		c := mismatchCost(e, g)
		for _, v := range m {
			c += 0.02 * math.Hypot(v[0], v[1])
		}
		return c
	}
	best := eval(cur)
	for it := 0; it < 20000 && best > 0; it++ {
		next := map[string][2]float64{}
		for k, v := range cur {
			next[k] = v
		}
		id := e.Areas[r.Intn(len(e.Areas))].ID
		v := next[id]
		v[0] += r.NormFloat64() * 0.004
		v[1] += r.NormFloat64() * 0.003
		v[0] = math.Max(-0.03, math.Min(0.03, v[0]))
		v[1] = math.Max(-0.02, math.Min(0.02, v[1]))
		next[id] = v
		if c := eval(next); c < best {
			best, cur = c, next
		}
	}
	siteNudge = cur
	g := buildGeometry(e)
	fmt.Println("cost", best, borderMismatch(e, g, 0.009))
	for _, a := range e.Areas {
		if v, ok := cur[a.ID]; ok && (v[0] != 0 || v[1] != 0) {
			fmt.Printf("\t%q: {%.4f, %.4f},\n", a.ID, v[0], v[1])
		}
	}
}

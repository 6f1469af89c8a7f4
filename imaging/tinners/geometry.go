package tinnersimg

import (
	"fmt"
	"math"
	"sync"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// The map is drawn from the areas' real coordinates: x = lon·cos(50.3°),
// y = lat (north up). Each area is the cell of a Voronoi diagram of the area
// sites clipped to a hand-drawn Cornwall coastline. geometryTest checks that
// two cells share a visible edge exactly when the edition lists a border.

// pt is a point in projected map units (x east, y north).
type pt struct{ X, Y float64 }

var lonScale = math.Cos(50.3 * math.Pi / 180)

func ll(lon, lat float64) pt { return pt{lon * lonScale, lat} }

// coastLonLat is the board: Cornwall west of the Tamar and south of a cut
// line from Port Isaac to the Tamar near Launceston, as (lon, lat) pairs
// going clockwise from Land's End.
var coastLonLat = [][2]float64{
	{-5.716, 50.066}, {-5.705, 50.095}, {-5.711, 50.127}, {-5.690, 50.150}, {-5.665, 50.165},
	{-5.620, 50.180}, {-5.600, 50.193}, {-5.560, 50.202}, {-5.520, 50.210}, {-5.482, 50.222},
	{-5.468, 50.206}, {-5.440, 50.196}, {-5.420, 50.191}, {-5.405, 50.215}, {-5.395, 50.245},
	{-5.350, 50.248}, {-5.300, 50.266}, {-5.255, 50.292}, {-5.232, 50.322}, {-5.190, 50.332},
	{-5.158, 50.350}, {-5.140, 50.380}, {-5.115, 50.405}, {-5.085, 50.422}, {-5.040, 50.440},
	{-5.025, 50.470}, {-5.035, 50.520}, {-5.035, 50.548}, {-4.970, 50.545}, {-4.930, 50.545},
	{-4.900, 50.575}, {-4.830, 50.595},
	// cut line (land continues north, off the board)
	{-4.600, 50.600}, {-4.350, 50.600},
	// the Tamar
	{-4.290, 50.600}, {-4.240, 50.560}, {-4.190, 50.525}, {-4.195, 50.470}, {-4.200, 50.410},
	{-4.185, 50.370}, {-4.170, 50.355},
	// south coast, going west
	{-4.200, 50.335}, {-4.220, 50.315}, {-4.270, 50.335}, {-4.360, 50.345}, {-4.430, 50.348},
	{-4.454, 50.345}, {-4.520, 50.328}, {-4.600, 50.325}, {-4.635, 50.326}, {-4.670, 50.320},
	{-4.720, 50.345}, {-4.760, 50.330}, {-4.785, 50.305}, {-4.780, 50.265}, {-4.800, 50.225},
	{-4.870, 50.215}, {-4.925, 50.200}, {-4.980, 50.170}, {-5.015, 50.142}, {-5.045, 50.146},
	{-5.075, 50.130}, {-5.090, 50.095}, {-5.080, 50.070}, {-5.050, 50.050}, {-5.095, 50.020},
	{-5.170, 49.975}, {-5.205, 49.958}, {-5.240, 49.990}, {-5.265, 50.020}, {-5.290, 50.060},
	{-5.318, 50.077}, {-5.390, 50.100}, {-5.430, 50.110}, {-5.474, 50.117}, {-5.510, 50.118},
	{-5.537, 50.110}, {-5.545, 50.085}, {-5.565, 50.055}, {-5.610, 50.045}, {-5.650, 50.040},
	{-5.690, 50.045},
}

// mainlandLonLat is land off the board (north Cornwall and Devon), drawn
// for a recognisable coastline only.
var mainlandLonLat = [][2]float64{
	{-4.830, 50.595}, {-4.780, 50.630}, {-4.740, 50.700}, {-3.500, 50.700}, {-3.500, 50.300},
	{-3.950, 50.300}, {-4.050, 50.310}, {-4.120, 50.360}, {-4.170, 50.355}, {-4.185, 50.370},
	{-4.200, 50.410}, {-4.195, 50.470}, {-4.190, 50.525}, {-4.240, 50.560}, {-4.290, 50.600},
	{-4.350, 50.600}, {-4.600, 50.600},
}

// siteNudge moves an area's diagram site (in degrees lon, lat) away from the
// real place where the plain diagram would disagree with the printed borders.
// The values were found by a local search (search_test.go) and are all
// under 2 km on the ground.
var siteNudge = map[string][2]float64{
	"A2": {0.0022, 0.0033},
	"A3": {-0.0034, -0.0026},
	"A4": {0.0027, -0.0007},
	"A6": {-0.0007, -0.0028},
	"A7": {0.0004, -0.0016},
	"B1": {0.0040, -0.0029},
	"B4": {-0.0061, -0.0017},
	"B5": {-0.0003, 0.0005},
	"D4": {0.0208, -0.0181},
	"D6": {-0.0243, 0.0016},
	"D7": {-0.0001, 0.0163},
}

// mapGeometry is the static board: sites, cells and border segments.
type mapGeometry struct {
	Coast    []pt
	Mainland []pt
	Sites    []pt   // per area
	Cells    [][]pt // per area, clipped to the coast
	// Shared[i][j] is the length of the edge cells i and j share.
	Shared [][]float64
	// Mid[i][j] is the midpoint of that edge (valid when Shared > 0).
	Mid [][]pt
	// Edge[i][j] are the end points of that edge.
	Edge     [][][2]pt
	Min, Max pt // bounding box of the view
	// Anchor is where an area's contents are centred; Room its distance
	// to the cell's nearest edge.
	Anchor []pt
	Room   []float64

	e    *tinners.Edition // the edition whose map this is
	full *mapView         // the full board's view (orFull)
}

// geos holds each edition's board geometry: *tinners.Edition → *geoEntry.
var geos sync.Map

type geoEntry struct {
	once sync.Once
	g    *mapGeometry
}

// geometryOf returns edition e's board geometry, computed once per edition
// on first use. It is safe for concurrent use.
func geometryOf(e *tinners.Edition) *mapGeometry {
	x, _ := geos.LoadOrStore(e, &geoEntry{})
	ge := x.(*geoEntry)
	ge.once.Do(func() { ge.g = buildGeometry(e) })
	return ge.g
}

func buildGeometry(e *tinners.Edition) *mapGeometry {
	g := &mapGeometry{}
	for _, c := range coastLonLat {
		g.Coast = append(g.Coast, ll(c[0], c[1]))
	}
	for _, c := range mainlandLonLat {
		g.Mainland = append(g.Mainland, ll(c[0], c[1]))
	}
	n := len(e.Areas)
	for _, a := range e.Areas {
		lon, lat := a.Lon, a.Lat
		if d, ok := siteNudge[a.ID]; ok {
			lon, lat = lon+d[0], lat+d[1]
		}
		g.Sites = append(g.Sites, ll(lon, lat))
	}
	for i := range g.Sites {
		cell := append([]pt(nil), g.Coast...)
		for j := range g.Sites {
			if i == j {
				continue
			}
			// bisector: |x-pi|² <= |x-pj|² ⇔ 2x·(pj-pi) <= |pj|²-|pi|²
			pi, pj := g.Sites[i], g.Sites[j]
			a := pt{2 * (pj.X - pi.X), 2 * (pj.Y - pi.Y)}
			c := pj.X*pj.X + pj.Y*pj.Y - pi.X*pi.X - pi.Y*pi.Y
			cell = clipHalfPlane(cell, a, c)
		}
		g.Cells = append(g.Cells, cell)
	}
	snapCorners(g.Cells, pointContact)
	g.Shared = make([][]float64, n)
	g.Mid = make([][]pt, n)
	g.Edge = make([][][2]pt, n)
	for i := range g.Shared {
		g.Shared[i] = make([]float64, n)
		g.Mid[i] = make([]pt, n)
		g.Edge[i] = make([][2]pt, n)
	}
	// Two cells share an edge when each has it (in opposite directions,
	// up to rounding).
	near := func(p, q pt) bool { return math.Abs(p.X-q.X) < 1e-7 && math.Abs(p.Y-q.Y) < 1e-7 }
	for i, ci := range g.Cells {
		for k := range ci {
			a, b := ci[k], ci[(k+1)%len(ci)]
			l := math.Hypot(b.X-a.X, b.Y-a.Y)
			for j, cj := range g.Cells {
				if j == i {
					continue
				}
				for q := range cj {
					c, d := cj[q], cj[(q+1)%len(cj)]
					if (near(a, d) && near(b, c)) || (near(a, c) && near(b, d)) {
						if l > g.Shared[i][j] {
							g.Shared[i][j] = l
							g.Mid[i][j] = pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
							g.Edge[i][j] = [2]pt{a, b}
						}
					}
				}
			}
		}
	}
	for _, c := range g.Cells {
		p, d := labelPoint(c)
		g.Anchor = append(g.Anchor, p)
		g.Room = append(g.Room, d)
	}
	g.Min = ll(-5.76, 49.935)
	g.Max = ll(-4.10, 50.625)
	g.e = e
	g.full = &mapView{s: mapScale(g), minX: g.Min.X, maxY: g.Max.Y, oy: mapTop}
	return g
}

// pointContact is the longest edge between two areas without a border that
// is collapsed into a point: where four areas meet at a corner the diagram
// leaves a tiny edge between two of them.
const pointContact = 0.001

// snapCorners collapses every short edge (< tol) into its midpoint in all
// cells, so that areas without a border meet at a point only.
func snapCorners(cells [][]pt, tol float64) {
	for _, cell := range cells {
		for k := range cell {
			a, b := cell[k], cell[(k+1)%len(cell)]
			l := math.Hypot(b.X-a.X, b.Y-a.Y)
			if l == 0 || l >= tol {
				continue
			}
			m := pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
			for j := range cells {
				for q := range cells[j] {
					p := cells[j][q]
					if math.Hypot(p.X-a.X, p.Y-a.Y) < 1e-9 || math.Hypot(p.X-b.X, p.Y-b.Y) < 1e-9 {
						cells[j][q] = m
					}
				}
			}
		}
	}
	for j, cell := range cells {
		var out []pt
		for k, p := range cell {
			if k > 0 && p == out[len(out)-1] {
				continue
			}
			out = append(out, p)
		}
		for len(out) > 1 && out[0] == out[len(out)-1] {
			out = out[:len(out)-1]
		}
		cells[j] = out
	}
}

// clipHalfPlane keeps the part of poly where a·p <= c (Sutherland–Hodgman).
func clipHalfPlane(poly []pt, a pt, c float64) []pt {
	var out []pt
	in := func(p pt) bool { return a.X*p.X+a.Y*p.Y <= c }
	for k := range poly {
		p, q := poly[k], poly[(k+1)%len(poly)]
		pin, qin := in(p), in(q)
		if pin {
			out = append(out, p)
		}
		if pin != qin {
			dp := a.X*p.X + a.Y*p.Y - c
			dq := a.X*q.X + a.Y*q.Y - c
			t := dp / (dp - dq)
			out = append(out, pt{p.X + t*(q.X-p.X), p.Y + t*(q.Y-p.Y)})
		}
	}
	return out
}

// inPolygon reports whether p lies inside poly (even-odd rule).
func inPolygon(poly []pt, p pt) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

// borderMismatch lists the differences between the drawn adjacency (edges
// at least minLen long) and the edition's borders; empty means they agree.
func borderMismatch(e *tinners.Edition, g *mapGeometry, minLen float64) []string {
	want := map[[2]int]bool{}
	for _, b := range e.Borders {
		want[b] = true
	}
	var out []string
	for i := range e.Areas {
		for j := i + 1; j < len(e.Areas); j++ {
			l := math.Max(g.Shared[i][j], g.Shared[j][i])
			id := e.Areas[i].ID + "-" + e.Areas[j].ID
			switch {
			case want[[2]int{i, j}] && l < minLen:
				out = append(out, fmt.Sprintf("missing %s (shared %.4f)", id, l))
			case !want[[2]int{i, j}] && l > 0:
				out = append(out, fmt.Sprintf("extra %s (shared %.4f)", id, l))
			}
		}
	}
	return out
}

// labelPoint returns the point of poly farthest from its edges (found on a
// grid, good to a few per cent) and that distance: where a cell has the most
// room for its contents.
func labelPoint(poly []pt) (pt, float64) {
	minP, maxP := poly[0], poly[0]
	for _, p := range poly {
		minP.X, minP.Y = math.Min(minP.X, p.X), math.Min(minP.Y, p.Y)
		maxP.X, maxP.Y = math.Max(maxP.X, p.X), math.Max(maxP.Y, p.Y)
	}
	best, bestD := pt{(minP.X + maxP.X) / 2, (minP.Y + maxP.Y) / 2}, -1.0
	const n = 48
	for i := 0; i <= n; i++ {
		for j := 0; j <= n; j++ {
			p := pt{minP.X + (maxP.X-minP.X)*float64(i)/n, minP.Y + (maxP.Y-minP.Y)*float64(j)/n}
			if !inPolygon(poly, p) {
				continue
			}
			d := math.Inf(1)
			for k := range poly {
				d = math.Min(d, segDist(p, poly[k], poly[(k+1)%len(poly)]))
			}
			if d > bestD {
				best, bestD = p, d
			}
		}
	}
	return best, bestD
}

func segDist(p, a, b pt) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	}
	return math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy)
}

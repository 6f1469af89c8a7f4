package rating

import (
	"math"
	"testing"
)

// TestGlickmanExample is the worked example of Glickman's "Example of the
// Glicko-2 system": a 1500/200/0.06 player beats a 1400/30 player and
// loses to 1550/100 and 1700/300, τ = 0.5; the paper gets r' = 1464.06,
// RD' = 151.52, σ' = 0.05999.
func TestGlickmanExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Vol: 0.06}
	got := Update(p, []Result{
		{Opponent: Rating{R: 1400, RD: 30}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300}, Score: 0},
	}, 0.5)
	for _, c := range []struct {
		name      string
		got, want float64
		tol       float64
	}{
		{"r'", got.R, 1464.06, 0.01},
		{"RD'", got.RD, 151.52, 0.01},
		// The paper prints σ' cut to five places; the algorithm gives
		// 0.0599960 (as do other implementations of it).
		{"σ'", got.Vol, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s = %.6f, want %.6f (±%g)", c.name, c.got, c.want, c.tol)
		}
	}
}

// TestNoGamesWidensDeviation: a period without games leaves the rating
// and grows the deviation to sqrt(φ² + σ²) (the paper's note to step 6).
func TestNoGamesWidensDeviation(t *testing.T) {
	p := Rating{R: 1600, RD: 50, Vol: 0.06}
	got := Update(p, nil, Tau)
	want := scale * math.Sqrt((50/scale)*(50/scale)+0.06*0.06)
	if got.R != 1600 || math.Abs(got.RD-want) > 1e-9 || got.Vol != 0.06 {
		t.Errorf("got %+v, want R 1600, RD %.4f, Vol 0.06", got, want)
	}
}

// TestDrawAndWinAreSymmetric: two new players who draw keep
// 1500; a win moves the winner up and the loser down by the same amount.
func TestDrawAndWinAreSymmetric(t *testing.T) {
	a, b := New(), New()
	d := Update(a, []Result{{Opponent: b, Score: 0.5}}, Tau)
	if math.Abs(d.R-1500) > 1e-9 || d.RD >= InitialRD {
		t.Errorf("draw: %+v, want R 1500 and a smaller RD", d)
	}
	w := Update(a, []Result{{Opponent: b, Score: 1}}, Tau)
	l := Update(b, []Result{{Opponent: a, Score: 0}}, Tau)
	if w.R <= 1500 || math.Abs((w.R-1500)+(l.R-1500)) > 1e-9 {
		t.Errorf("win %.3f, loss %.3f: want symmetric around 1500", w.R, l.R)
	}
}

// Package rating is the Glicko-2 rating system (Mark E. Glickman,
// "Example of the Glicko-2 system", 2013, boston.edu/~glickman), and the
// way a finished game of any number of seats becomes Glicko-2 results.
// It imports the standard library only.
package rating

import "math"

// Glicko-2's constants, as the paper gives them.
const (
	// Initial is a new player's rating, InitialRD its deviation and
	// InitialVol its volatility (the paper's suggested defaults).
	Initial    = 1500.0
	InitialRD  = 350.0
	InitialVol = 0.06
	// Tau constrains the volatility's change over time; the paper
	// suggests 0.3 to 1.2. Its worked example uses 0.5.
	Tau = 0.5
	// scale converts the Glicko scale to Glicko-2's (173.7178 = 400/ln 10).
	scale = 173.7178
	// epsilon is the convergence tolerance of the volatility iteration.
	epsilon = 0.000001
)

// Rating is one player's rating on the Glicko scale: R the rating, RD its
// deviation (R ± 2·RD holds the player's strength with about 95 %
// confidence) and Vol the volatility.
type Rating struct {
	R, RD, Vol float64
}

// New is a player's rating before any game.
func New() Rating { return Rating{R: Initial, RD: InitialRD, Vol: InitialVol} }

// Result is one game against one opponent within a rating period: the
// opponent's rating at the period's start and the score, 1 for a win,
// 0.5 for a draw, 0 for a loss.
type Result struct {
	Opponent Rating
	Score    float64
}

// Update returns p's rating after a rating period in which p played
// results (steps 1 to 8 of the paper), with system constant tau. With no
// results only the deviation grows (step 6 alone).
func Update(p Rating, results []Result, tau float64) Rating {
	mu, phi := (p.R-Initial)/scale, p.RD/scale
	if len(results) == 0 {
		return Rating{R: p.R, RD: scale * math.Sqrt(phi*phi+p.Vol*p.Vol), Vol: p.Vol}
	}
	// Steps 3 and 4: the estimated variance v and the improvement delta.
	var vinv, sum float64
	for _, r := range results {
		muj, phij := (r.Opponent.R-Initial)/scale, r.Opponent.RD/scale
		gj := g(phij)
		e := expected(mu, muj, gj)
		vinv += gj * gj * e * (1 - e)
		sum += gj * (r.Score - e)
	}
	v := 1 / vinv
	delta := v * sum
	// Step 5: the new volatility.
	sigma := volatility(phi, p.Vol, v, delta, tau)
	// Steps 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	// Step 8: back to the Glicko scale.
	return Rating{R: scale*muNew + Initial, RD: scale * phiNew, Vol: sigma}
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muj, gj float64) float64 { return 1 / (1 + math.Exp(-gj*(mu-muj))) }

// volatility is step 5: the Illinois algorithm the paper gives for the
// root of f.
func volatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 200; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

package autoplay

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// PruneFactor is the number of play-outs per legal action below which
// Choose searches only the actions that score best one move deep.
const PruneFactor = 8

// exploration is UCB1's constant, in units of the spread of the values
// seen so far.
const exploration = 0.5

// Choose picks seat's move in m by determinized Monte-Carlo search (see the
// package comment) within p's budget. It reads m only through what seat
// sees: its legal actions and matches re-dealt for it. With one legal
// action it returns it without searching.
func Choose(m engine.Match, seat int, p Params) (engine.Action, error) {
	legal := m.Legal(seat)
	if len(legal) == 0 {
		return nil, ErrNotToAct
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	d, err := determinizer(m)
	if err != nil {
		return nil, err
	}
	if p.Playouts <= 0 {
		p.Playouts = DefaultPlayouts
	}
	if p.Depth == 0 {
		p.Depth = DefaultDepth
	}
	r := newRand(p.Seed, 3)
	pick := func(n int) int { return r.IntN(n) }
	// cand are the root actions the play-outs share out (indexes into
	// legal). With fewer than PruneFactor play-outs per legal action, each
	// action is first scored one move deep in one re-dealt match (as Greedy
	// does) and only the best Playouts/PruneFactor (at least 2) are
	// searched, each starting with that score as one sample.
	cand := make([]int, len(legal))
	for k := range cand {
		cand[k] = k
	}
	st := rootStats{n: make([]int, len(legal)), sum: make([]float64, len(legal)), lo: math.Inf(1), hi: math.Inf(-1)}
	if p.Playouts < PruneFactor*len(legal) {
		if cand, err = prune(d, seat, legal, cand, p.Playouts, r, &st); err != nil {
			return nil, err
		}
	}
	for it := 0; it < p.Playouts; it++ {
		// Choose the root action: each candidate once, then by UCB1.
		var i int
		if it < len(cand) && st.n[cand[it]] == 0 {
			i = cand[it]
		} else {
			i = st.ucb(cand)
		}
		w := d.Determinize(seat, r)
		a := same(w, legal[i])
		if a == nil {
			return nil, fmt.Errorf("autoplay: %s is not legal in a re-dealt match", legal[i])
		}
		next, _, err := w.Apply(a)
		if err != nil {
			return nil, fmt.Errorf("autoplay: legal %s refused: %w", a, err)
		}
		v, err := playout(next, seat, p.Depth, pick)
		if err != nil {
			return nil, err
		}
		st.n[i]++
		st.sum[i] += v
		st.total++
		st.lo, st.hi = min(st.lo, v), max(st.hi, v)
	}
	return legal[st.mostPlayed(cand)], nil
}

// rootStats are the search's figures per root action (indexes into the
// legal actions): play-outs and the sum of their values, with the lowest
// and highest value seen and the play-outs in all.
type rootStats struct {
	n      []int
	sum    []float64
	lo, hi float64
	total  int
}

// prune scores every legal action one move deep in one match re-dealt with
// r, keeps the best max(2, playouts/PruneFactor) of cand (ties in r's shuffled
// order) and counts each kept score in st as one sample.
func prune(d engine.Determinizer, seat int, legal []engine.Action, cand []int, playouts int, r *rand.Rand, st *rootStats) ([]int, error) {
	prior := make([]float64, len(legal))
	if err := addOneDeep(prior, d.Determinize(seat, r), seat, legal); err != nil {
		return nil, err
	}
	r.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
	slices.SortStableFunc(cand, func(a, b int) int { return cmp.Compare(prior[b], prior[a]) })
	cand = cand[:max(2, min(len(cand), playouts/PruneFactor))]
	for _, k := range cand {
		st.n[k], st.sum[k] = 1, prior[k]
		st.lo, st.hi = min(st.lo, prior[k]), max(st.hi, prior[k])
		st.total++
	}
	return cand, nil
}

// ucb is the candidate with the highest UCB1 bound, the exploration term
// scaled by the spread of the values seen (1 when none); the first on ties.
func (st *rootStats) ucb(cand []int) int {
	spread := st.hi - st.lo
	if spread <= 0 {
		spread = 1
	}
	i := -1
	best := math.Inf(-1)
	logN := math.Log(float64(st.total))
	for _, k := range cand {
		u := st.sum[k]/float64(st.n[k]) + exploration*spread*math.Sqrt(logN/float64(st.n[k]))
		if u > best {
			best, i = u, k
		}
	}
	return i
}

// mostPlayed is the candidate played most; ties go to the better mean.
func (st *rootStats) mostPlayed(cand []int) int {
	best := cand[0]
	for _, k := range cand {
		if st.n[k] > st.n[best] || st.n[k] == st.n[best] && st.sum[k] > st.sum[best] {
			best = k
		}
	}
	return best
}

// playout plays m on at random for depth actions (to the end when depth is
// negative or the title has no Evaluator) and returns its value for seat.
// It plays on the title's fast path (engine.SimOf: a private copy applied
// in place, tested equal to Apply), so the same choices reach the same
// position as through Apply.
func playout(start engine.Match, seat, depth int, pick engine.Chooser) (float64, error) {
	_, hasEval := start.(Evaluator)
	if !hasEval {
		depth = -1
	}
	m := engine.SimOf(start)
	for steps := 0; m.Result() == nil && (depth < 0 || steps < depth); steps++ {
		if steps > 100000 {
			return 0, fmt.Errorf("autoplay: a play-out did not end")
		}
		toAct := m.ToAct()
		if len(toAct) == 0 {
			return 0, fmt.Errorf("autoplay: no seat to act and no result")
		}
		s := toAct[pick(len(toAct))]
		legal := m.Legal(s)
		if len(legal) == 0 {
			return 0, fmt.Errorf("autoplay: seat %d must act but has no legal action", s)
		}
		if err := m.ApplyInPlace(legal[pick(len(legal))]); err != nil {
			return 0, fmt.Errorf("autoplay: legal action refused in a play-out: %w", err)
		}
	}
	v, _ := value(m, seat)
	return v, nil
}

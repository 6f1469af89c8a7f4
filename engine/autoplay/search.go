package autoplay

import (
	"cmp"
	"fmt"
	"math"
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
	n := make([]int, len(legal))
	sum := make([]float64, len(legal))
	lo, hi := math.Inf(1), math.Inf(-1)
	total := 0
	if p.Playouts < PruneFactor*len(legal) {
		w := d.Determinize(seat, r)
		prior := make([]float64, len(legal))
		for k, a := range legal {
			b := same(w, a)
			if b == nil {
				return nil, fmt.Errorf("autoplay: %s is not legal in a re-dealt match", a)
			}
			next, _, err := w.Apply(b)
			if err != nil {
				return nil, fmt.Errorf("autoplay: legal %s refused: %w", a, err)
			}
			prior[k], _ = value(next, seat)
		}
		r.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
		slices.SortStableFunc(cand, func(a, b int) int { return cmp.Compare(prior[b], prior[a]) })
		cand = cand[:max(2, min(len(cand), p.Playouts/PruneFactor))]
		for _, k := range cand {
			n[k], sum[k] = 1, prior[k]
			lo, hi = min(lo, prior[k]), max(hi, prior[k])
			total++
		}
	}
	for it := 0; it < p.Playouts; it++ {
		// Choose the root action: each candidate once, then by UCB1.
		i := -1
		if it < len(cand) && n[cand[it]] == 0 {
			i = cand[it]
		} else {
			spread := hi - lo
			if spread <= 0 {
				spread = 1
			}
			best := math.Inf(-1)
			logN := math.Log(float64(total))
			for _, k := range cand {
				u := sum[k]/float64(n[k]) + exploration*spread*math.Sqrt(logN/float64(n[k]))
				if u > best {
					best, i = u, k
				}
			}
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
		n[i]++
		sum[i] += v
		total++
		lo, hi = min(lo, v), max(hi, v)
	}
	// The most played action; ties by the better mean.
	best := cand[0]
	for _, k := range cand {
		if n[k] > n[best] || n[k] == n[best] && sum[k] > sum[best] {
			best = k
		}
	}
	return legal[best], nil
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

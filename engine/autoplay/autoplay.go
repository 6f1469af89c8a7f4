// Package autoplay chooses moves for a seat no person holds: a bot player
// built on the title contract alone (package engine). It sees what its seat
// sees and nothing more: the first thing every search does with a match is
// re-deal what the seat cannot see (engine.Determinizer), so the search
// never reads another seat's secrets, the deck's order or the generator.
//
// Choose is determinized Monte-Carlo search: every play-out re-deals the
// hidden information at random, plays one of the seat's legal actions
// (chosen by UCB1 over the actions at the root), lets every seat play on
// at random for a few actions and scores the position with the title's
// evaluation (Evaluator) or, at the end of the game, with its result. Its
// budget is a number of play-outs, never wall-clock time, so one position
// and one seed give one choice on any machine.
//
// Random and Greedy are the baselines the arena measures it against.
package autoplay

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Evaluator is implemented by a Match that can estimate how a seat stands:
// Evaluate is seat's expected final score minus the best expected final
// score among the other seats (an automated opponent such as Lord Wallace
// included), in the title's points; at the end of a game, the exact final
// margin. The search calls it on re-dealt matches only, so it may read the
// whole state. A title without it is scored by play-outs to the end.
type Evaluator interface {
	Evaluate(seat int) float64
}

// Params bounds one search. The zero value of a field means its default.
type Params struct {
	// Playouts is the budget: how many play-outs one decision runs.
	Playouts int
	// Depth is how many actions a play-out plays after the seat's action
	// before it scores the position (Evaluator); a play-out always stops
	// at the end of the game. Negative: play every play-out to the end.
	Depth int
	// Seed seeds the search's generator (see Seed).
	Seed uint64
}

// DefaultPlayouts is the budget of a decision for a title whose own is not
// in Budgets.
const DefaultPlayouts = 1000

// DefaultDepth is the play-out depth of a title whose own is not in
// Depths, and when Params.Depth is 0.
const DefaultDepth = 12

// Depths is the play-out depth of a title's table search where it is not
// DefaultDepth, by title id. Tinners' Trail's long random play-outs score
// positions random play has spoiled: in the solo game against Lord
// Wallace, depth 4 wins more than depth 12, and the gap grows with the
// budget (docs/bots.md, "Strength, measured").
var Depths = map[string]int{
	"tinners": 4,
}

// Budgets is the number of play-outs per decision that takes about 300 ms
// of one core's time on the machines the bot runs on, by title id:
// BenchmarkChoose at -cpu 1 with DefaultParams (so Tinners' Trail at its
// depth of 4), its user CPU time per decision on the engines' fast path
// (the shared machine's wall clock ran up to three times longer),
// docs/bots.md, "Budget and depth".
var Budgets = map[string]int{
	"tinners":   3200,
	"coalbaron": 4000,
	"brass":     2000,
	"mineshaft": 18000,
}

// DefaultParams is the table's search for a title: its budget (Budgets)
// and its play-out depth (Depths), seeded with seed.
func DefaultParams(titleID string, seed uint64) Params {
	p := Params{Playouts: DefaultPlayouts, Depth: DefaultDepth, Seed: seed}
	if b, ok := Budgets[titleID]; ok {
		p.Playouts = b
	}
	if d, ok := Depths[titleID]; ok {
		p.Depth = d
	}
	return p
}

// Seed derives a bot's generator seed from its table's seed, its seat and
// the match version it decides at, through SHA-256: the seed of the game,
// which decides every hidden card, cannot be read back from it, and each
// decision gets its own.
func Seed(tableSeed uint64, seat, version int) uint64 {
	var b [8 + 8 + 8 + 16]byte
	copy(b[24:], "tinnersbot-bot-1")
	binary.BigEndian.PutUint64(b[0:], tableSeed)
	binary.BigEndian.PutUint64(b[8:], uint64(int64(seat)))
	binary.BigEndian.PutUint64(b[16:], uint64(int64(version)))
	h := sha256.Sum256(b[:])
	return binary.BigEndian.Uint64(h[:8])
}

// ErrNotToAct is returned when seat has nothing to decide.
var ErrNotToAct = errors.New("autoplay: the seat has no legal action")

// ErrNoDeterminizer is returned for a match that cannot re-deal what a
// seat cannot see: the bot would have to read hidden information.
var ErrNoDeterminizer = errors.New("autoplay: the title cannot re-deal hidden information (engine.Determinizer)")

func newRand(seed uint64, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, stream^0x9e3779b97f4a7c15))
}

// determinizer returns m's engine.Determinizer.
func determinizer(m engine.Match) (engine.Determinizer, error) {
	d, ok := m.(engine.Determinizer)
	if !ok {
		return nil, ErrNoDeterminizer
	}
	return d, nil
}

// Random is a player that chooses uniformly among seat's legal actions.
func Random(m engine.Match, seat int, seed uint64) (engine.Action, error) {
	legal := m.Legal(seat)
	if len(legal) == 0 {
		return nil, ErrNotToAct
	}
	return legal[newRand(seed, 1).IntN(len(legal))], nil
}

// GreedyDeals is how many deals Greedy averages its evaluation over.
const GreedyDeals = 2

// Greedy is a one-move player: it plays each of seat's legal actions in
// GreedyDeals re-dealt matches and takes the one whose position evaluates
// best on average (Evaluator; the result when the game ends), ties broken
// at random.
func Greedy(m engine.Match, seat int, seed uint64) (engine.Action, error) {
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
	r := newRand(seed, 2)
	sum := make([]float64, len(legal))
	for range GreedyDeals {
		if err := addOneDeep(sum, d.Determinize(seat, r), seat, legal); err != nil {
			return nil, err
		}
	}
	best, ties := 0, 0
	for i := range sum {
		switch {
		case sum[i] > sum[best]:
			best, ties = i, 1
		case sum[i] == sum[best]:
			ties++
			if r.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return legal[best], nil
}

// same returns the action of m's legal list for a's seat that reads as a.
func same(m engine.Match, a engine.Action) engine.Action {
	s := a.String()
	for _, b := range m.Legal(a.Actor()) {
		if b.String() == s {
			return b
		}
	}
	return nil
}

// WinBonus is what winning adds to a finished game's value, in units of
// Scale points of margin.
const WinBonus = 1.0

// addOneDeep plays each of legal in the re-dealt match w and adds the
// value of the position it leads to, for seat, to sum (0 for a position
// without a value).
func addOneDeep(sum []float64, w engine.Match, seat int, legal []engine.Action) error {
	for k, a := range legal {
		b := same(w, a)
		if b == nil {
			return fmt.Errorf("autoplay: %s is not legal in a re-dealt match", a)
		}
		next, _, err := w.Apply(b)
		if err != nil {
			return fmt.Errorf("autoplay: legal %s refused: %w", a, err)
		}
		v, _ := value(next, seat)
		sum[k] += v
	}
	return nil
}

// value scores m for seat: its margin (Evaluator, or the result's scores
// at the end) divided by the title's scale, plus WinBonus for a win at the
// end. ok is false for an unfinished match of a title without Evaluator.
func value(m engine.Match, seat int) (float64, bool) {
	res := m.Result()
	ev, hasEval := m.(Evaluator)
	if res == nil {
		if !hasEval {
			return 0, false
		}
		return ev.Evaluate(seat) / scale, true
	}
	var margin float64
	if hasEval {
		margin = ev.Evaluate(seat)
	} else {
		best := math.Inf(-1)
		for s, sc := range res.Scores {
			if s != seat {
				best = max(best, float64(sc))
			}
		}
		if seat < len(res.Scores) && !math.IsInf(best, -1) {
			margin = float64(res.Scores[seat]) - best
		}
	}
	v := margin / scale
	if won(res, seat, margin) {
		v += WinBonus
	}
	return v, true
}

// scale is the margin, in points, worth one win.
const scale = 10

// won reports whether seat won the finished game: first (or sharing first)
// in a ranking of several seats, or, alone against an automated opponent
// (a ranking of one), ahead of it.
func won(res *engine.Result, seat int, margin float64) bool {
	if len(res.Ranking) == 1 {
		return res.Ranking[0] == seat && margin > 0
	}
	for i, s := range res.Ranking {
		if s == seat {
			return res.Place(i) == 1
		}
	}
	return false
}

// Won reports whether seat won the finished match m (see Evaluator for how
// a solo game against an automated opponent is judged).
func Won(m engine.Match, seat int) bool {
	res := m.Result()
	if res == nil {
		return false
	}
	var margin float64
	if ev, ok := m.(Evaluator); ok {
		margin = ev.Evaluate(seat)
	} else if len(res.Ranking) == 1 {
		return false
	}
	return won(res, seat, margin)
}

// Margin is seat's final margin in the finished match m: its score minus
// the best other (Evaluator's, or from the result's scores).
func Margin(m engine.Match, seat int) float64 {
	if ev, ok := m.(Evaluator); ok {
		return ev.Evaluate(seat)
	}
	res := m.Result()
	if res == nil || seat >= len(res.Scores) {
		return 0
	}
	best := math.Inf(-1)
	for s, sc := range res.Scores {
		if s != seat {
			best = max(best, float64(sc))
		}
	}
	if math.IsInf(best, -1) {
		return 0
	}
	return float64(res.Scores[seat]) - best
}

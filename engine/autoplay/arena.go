package autoplay

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Player chooses seat's move in m; seed is the decision's seed (Seed).
type Player func(m engine.Match, seat int, seed uint64) (engine.Action, error)

// PlayerNames are the players an arena knows: the search, the random
// player and the one-move greedy player.
var PlayerNames = []string{"bot", "random", "greedy"}

// NewPlayer returns the player called name; the search ("bot") runs p's
// budget and depth, seeded per decision.
func NewPlayer(name string, p Params) (Player, error) {
	switch name {
	case "bot":
		return func(m engine.Match, seat int, seed uint64) (engine.Action, error) {
			q := p
			q.Seed = seed
			return Choose(m, seat, q)
		}, nil
	case "random":
		return Random, nil
	case "greedy":
		return Greedy, nil
	}
	return nil, fmt.Errorf("no player %q (%v)", name, PlayerNames)
}

// ArenaConfig is a seat-rotated tournament.
type ArenaConfig struct {
	Title   engine.Title
	Options string   // as for Title.ParseOptions
	Seats   []string // a player name per seat (PlayerNames)
	// Games is the number of games; every block of len(Seats) games plays
	// one deal (one setup seed) with the players rotated one seat each
	// game, so that each plays every seat of it.
	Games int
	// Params is the search's budget and depth ("bot").
	Params Params
	// Seed seeds the deals and every decision.
	Seed uint64
	// Progress, when set, is called after each game with the figures of
	// the games played so far.
	Progress func(done int, sofar *ArenaResult)
	// Trace, when set, is called after each action of game g with the
	// action, the player who chose it and what happened (a game's trace
	// for whoever studies the bot). With Workers > 1 the games' calls
	// interleave.
	Trace func(g int, player string, a engine.Action, events []engine.Event)
	// Workers is how many games are played at once (each game on one
	// goroutine; 0 or 1: one at a time). The figures do not depend on it:
	// every game's deal and decisions are seeded by the game alone, and
	// results are counted in game order.
	Workers int
}

// Standing is one player's figures over a tournament, counting each seat
// it held in each game once.
type Standing struct {
	Name  string
	Games int // seats played (games times the seats it held in each)
	// Wins counts a win as 1 and a shared first place as 1/k of k seats.
	Wins float64
	// WinRate is Wins/Games; Low and High its Wilson 95 % interval.
	WinRate, Low, High float64
	// Margin is the mean final margin (own score minus the best other's)
	// and MarginCI the half-width of its 95 % interval (1.96 standard
	// errors).
	Margin, MarginCI float64

	margins []float64
}

// ArenaResult is a tournament's figures, one Standing per player name in
// the order of first appearance in the seats.
type ArenaResult struct {
	Games     int
	Actions   int // actions applied in all games
	Standings []Standing
}

// Arena plays the tournament c.
func Arena(c ArenaConfig) (*ArenaResult, error) {
	n := len(c.Seats)
	if n == 0 || c.Games <= 0 {
		return nil, fmt.Errorf("arena: no seats or no games")
	}
	players, index, res, err := seatPlayers(c)
	if err != nil {
		return nil, err
	}
	options, err := c.Title.ParseOptions(c.Options)
	if err != nil {
		return nil, err
	}
	play := func(g int) outcome { return playGame(c, options, players, g) }
	results, stop := playAll(c.Games, min(max(c.Workers, 1), c.Games), play)
	defer stop()
	for g := 0; g < c.Games; g++ {
		o := <-results[g]
		if o.err != nil {
			return nil, o.err
		}
		res.count(c.Seats, index, g, o)
		if c.Progress != nil {
			sofar := *res
			sofar.Games = g + 1
			sofar.Standings = slices.Clone(res.Standings)
			figures(&sofar)
			c.Progress(g+1, &sofar)
		}
	}
	figures(res)
	return res, nil
}

// seatPlayers makes the player of each of c's seats and an empty result
// with one standing per player name, index giving a name's standing.
func seatPlayers(c ArenaConfig) (players []Player, index map[string]int, res *ArenaResult, err error) {
	players = make([]Player, len(c.Seats))
	index = map[string]int{}
	res = &ArenaResult{Games: c.Games}
	for i, name := range c.Seats {
		p, err := NewPlayer(name, c.Params)
		if err != nil {
			return nil, nil, nil, err
		}
		players[i] = p
		if _, ok := index[name]; !ok {
			index[name] = len(res.Standings)
			res.Standings = append(res.Standings, Standing{Name: name})
		}
	}
	return players, index, res, nil
}

// outcome is how one arena game ended, per seat.
type outcome struct {
	margins []float64 // per seat
	won     []bool
	shared  int
	ranked  bool // a ranking of several seats
	actions int
	err     error
}

// playGame plays game g of tournament c: deal g/n with the players rotated
// g seats.
func playGame(c ArenaConfig, options json.RawMessage, players []Player, g int) outcome {
	n := len(c.Seats)
	deal := dealSeed(c.Seed, g/n)
	m, err := c.Title.New(engine.Setup{Options: options, NumSeats: n, Seed: deal})
	if err != nil {
		return outcome{err: err}
	}
	// who[seat] is the index in c.Seats of the player holding seat.
	who := make([]int, n)
	for s := range who {
		who[s] = (s + g) % n
	}
	var o outcome
	for steps := 0; m.Result() == nil; steps++ {
		if steps > 100000 {
			return outcome{err: fmt.Errorf("arena: game %d did not end", g)}
		}
		toAct := m.ToAct()
		if len(toAct) == 0 {
			return outcome{err: fmt.Errorf("arena: game %d: no seat to act and no result", g)}
		}
		seat := toAct[0]
		if seat < 0 || seat >= n {
			return outcome{err: fmt.Errorf("arena: game %d: seat %d is no player's", g, seat)}
		}
		a, err := players[who[seat]](m, seat, Seed(deal^c.Seed, seat, m.Version()))
		if err != nil {
			return outcome{err: fmt.Errorf("arena: game %d, %s at seat %d: %w", g, c.Seats[who[seat]], seat, err)}
		}
		next, events, err := m.Apply(a)
		if err != nil {
			return outcome{err: fmt.Errorf("arena: game %d: %s refused: %w", g, a, err)}
		}
		if c.Trace != nil {
			c.Trace(g, c.Seats[who[seat]], a, events)
		}
		m = next
		o.actions++
	}
	r := m.Result()
	o.shared, o.ranked = max(r.Shared, 1), len(r.Ranking) > 1
	for seat := 0; seat < n; seat++ {
		o.won = append(o.won, Won(m, seat))
		o.margins = append(o.margins, Margin(m, seat))
	}
	return o
}

// playAll plays games 0..games-1 with play on up to workers goroutines;
// game g's outcome arrives on results[g]. Calling stop hands out no
// further games.
func playAll(games, workers int, play func(g int) outcome) (results []chan outcome, stop func()) {
	results = make([]chan outcome, games)
	for g := range results {
		results[g] = make(chan outcome, 1)
	}
	next := make(chan int)
	done := make(chan struct{})
	go func() {
		defer close(next)
		for g := 0; g < games; g++ {
			select {
			case next <- g:
			case <-done:
				return
			}
		}
	}()
	for range workers {
		go func() {
			for g := range next {
				results[g] <- play(g)
			}
		}()
	}
	return results, func() { close(done) }
}

// count adds game g's outcome o to res: each seat's player gets a game, its
// share of a win and its margin.
func (res *ArenaResult) count(seats []string, index map[string]int, g int, o outcome) {
	n := len(seats)
	res.Actions += o.actions
	for seat := 0; seat < n; seat++ {
		st := &res.Standings[index[seats[(seat+g)%n]]]
		st.Games++
		if o.won[seat] {
			if o.ranked {
				st.Wins += 1 / float64(o.shared)
			} else {
				st.Wins++
			}
		}
		st.margins = append(st.margins, o.margins[seat])
	}
}

// figures fills in the rates, intervals and margins of res's standings.
func figures(res *ArenaResult) {
	for i := range res.Standings {
		st := &res.Standings[i]
		st.WinRate = st.Wins / float64(st.Games)
		st.Low, st.High = wilson(st.Wins, float64(st.Games))
		st.Margin, st.MarginCI = meanCI(st.margins)
	}
}

// dealSeed is the setup seed of the k-th deal of a tournament seeded seed.
func dealSeed(seed uint64, k int) uint64 {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], seed)
	binary.BigEndian.PutUint64(b[8:], uint64(k))
	h := sha256.Sum256(b[:])
	return binary.BigEndian.Uint64(h[:8])
}

// wilson is the Wilson score 95 % interval of wins successes in n trials.
func wilson(wins, n float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959964
	p := wins / n
	d := 1 + z*z/n
	c := (p + z*z/(2*n)) / d
	h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / d
	return max(0, c-h), min(1, c+h)
}

// meanCI is the mean of xs and the half-width of its 95 % interval.
func meanCI(xs []float64) (mean, half float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / float64(len(xs)-1))
	return mean, 1.959964 * sd / math.Sqrt(float64(len(xs)))
}

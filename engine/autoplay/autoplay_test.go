package autoplay_test

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/autoplay"
	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

var titles = []engine.Title{tinners.Title, coalbaron.Title, brass.Title, mineshaft.Title}

// position plays a random game of ti with n seats for steps actions (or
// until it ends) and returns the match.
func position(t testing.TB, ti engine.Title, n int, seed uint64, steps int) engine.Match {
	t.Helper()
	m, err := ti.New(engine.Setup{NumSeats: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	for i := 0; i < steps && m.Result() == nil; i++ {
		to := m.ToAct()
		legal := m.Legal(to[r.IntN(len(to))])
		next, _, err := m.Apply(legal[r.IntN(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		m = next
	}
	return m
}

// decision plays on from m at random until some seat has at least two
// legal actions, and returns the match and that seat.
func decision(t testing.TB, m engine.Match, r *rand.Rand) (engine.Match, int) {
	t.Helper()
	for m.Result() == nil {
		for _, s := range m.ToAct() {
			if len(m.Legal(s)) >= 2 {
				return m, s
			}
		}
		to := m.ToAct()
		legal := m.Legal(to[r.IntN(len(to))])
		next, _, err := m.Apply(legal[r.IntN(len(legal))])
		if err != nil {
			t.Fatal(err)
		}
		m = next
	}
	return nil, -1
}

// TestHonest: re-dealing everything hidden from the bot's seat never
// changes its choice under a fixed generator, nor the greedy player's, in
// several positions of every title.
func TestHonest(t *testing.T) {
	// Outside the full pass one position, one deal, fewer playouts.
	positions, deals, playouts := testenv.Size(t, 1, 3), testenv.Size(t, 1, 2), testenv.Size(t, 20, 30)
	for _, ti := range titles {
		t.Run(ti.Meta().ID, func(t *testing.T) {
			r := rand.New(rand.NewPCG(11, 12))
			found := 0
			for k := 0; found < positions && k < 40; k++ {
				m, seat := decision(t, position(t, ti, 2+k%2, uint64(100+k), 10+17*k), r)
				if m == nil {
					continue
				}
				found++
				p := autoplay.Params{Playouts: playouts, Depth: 4, Seed: autoplay.Seed(uint64(k), seat, m.Version())}
				want, err := autoplay.Choose(m, seat, p)
				if err != nil {
					t.Fatal(err)
				}
				wantG, err := autoplay.Greedy(m, seat, p.Seed)
				if err != nil {
					t.Fatal(err)
				}
				view, _ := json.Marshal(m.Seat(seat))
				for i := 0; i < deals; i++ {
					other := m.(engine.Determinizer).Determinize(seat, rand.New(rand.NewPCG(uint64(i), 99)))
					if b, _ := json.Marshal(other.Seat(seat)); !bytes.Equal(b, view) {
						t.Fatalf("re-dealing changed seat %d's view", seat)
					}
					got, err := autoplay.Choose(other, seat, p)
					if err != nil {
						t.Fatal(err)
					}
					if got.String() != want.String() {
						t.Fatalf("version %d, seat %d: the bot chose %s, and %s once the hidden cards were re-dealt", m.Version(), seat, want, got)
					}
					gotG, err := autoplay.Greedy(other, seat, p.Seed)
					if err != nil {
						t.Fatal(err)
					}
					if gotG.String() != wantG.String() {
						t.Fatalf("version %d, seat %d: greedy chose %s, and %s once the hidden cards were re-dealt", m.Version(), seat, wantG, gotG)
					}
				}
			}
			if found < positions {
				t.Fatalf("found %d decisions, want %d", found, positions)
			}
		})
	}
}

// TestChooseLegalAndRepeatable: the bot's choice is one of the seat's legal
// actions and the same for the same seed.
func TestChooseLegalAndRepeatable(t *testing.T) {
	for _, ti := range titles {
		m, seat := decision(t, position(t, ti, 2, 5, 30), rand.New(rand.NewPCG(1, 2)))
		p := autoplay.Params{Playouts: 40, Seed: 3}
		a, err := autoplay.Choose(m, seat, p)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := autoplay.Choose(m, seat, p)
		if a.String() != b.String() {
			t.Fatalf("%s: two searches with one seed chose %s and %s", ti.Meta().ID, a, b)
		}
		legal := false
		for _, l := range m.Legal(seat) {
			legal = legal || l.String() == a.String()
		}
		if !legal || a.Actor() != seat {
			t.Fatalf("%s: chose %s, not a legal action of seat %d", ti.Meta().ID, a, seat)
		}
		if other := 1 - seat; len(m.Legal(other)) == 0 {
			if _, err := autoplay.Choose(m, other, p); err != autoplay.ErrNotToAct {
				t.Fatalf("%s: seat %d with nothing to decide: %v, want ErrNotToAct", ti.Meta().ID, other, err)
			}
		}
	}
}

// TestSeed: the bot's seed is a one-way function of the table's seed, the
// seat and the version: each changes it, and it is not the table's seed.
func TestSeed(t *testing.T) {
	base := autoplay.Seed(42, 1, 10)
	if base == 42 || base == autoplay.Seed(43, 1, 10) || base == autoplay.Seed(42, 0, 10) || base == autoplay.Seed(42, 1, 11) {
		t.Fatalf("Seed does not depend on each of its inputs: %d", base)
	}
	if base != autoplay.Seed(42, 1, 10) {
		t.Fatalf("Seed is not a function")
	}
	if p := autoplay.DefaultParams("tinners", 5); p.Playouts != autoplay.Budgets["tinners"] || p.Seed != 5 || p.Depth != autoplay.Depths["tinners"] || p.Depth == autoplay.DefaultDepth {
		t.Fatalf("DefaultParams: %+v", p)
	}
	if p := autoplay.DefaultParams("coalbaron", 5); p.Playouts != autoplay.Budgets["coalbaron"] || p.Depth != autoplay.DefaultDepth {
		t.Fatalf("DefaultParams: %+v", p)
	}
	if p := autoplay.DefaultParams("no-such-title", 5); p.Playouts != autoplay.DefaultPlayouts || p.Depth != autoplay.DefaultDepth {
		t.Fatalf("DefaultParams: %+v", p)
	}
}

// TestArenaAddsUp: a small tournament runs, and its figures add up: every
// game is counted once per seat, the wins of a 2-seat game sum to the
// games (no shared first places in these), the rates lie in their
// intervals, and the margins of two players are opposite.
func TestArenaAddsUp(t *testing.T) {
	games := 4
	res, err := autoplay.Arena(autoplay.ArenaConfig{Title: mineshaft.Title, Seats: []string{"greedy", "random"}, Games: games, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Standings) != 2 || res.Games != games || res.Actions == 0 {
		t.Fatalf("result %+v", res)
	}
	wins := 0.0
	for _, st := range res.Standings {
		if st.Games != games {
			t.Fatalf("%s played %d seats, want %d", st.Name, st.Games, games)
		}
		if st.Low > st.WinRate+1e-9 || st.WinRate > st.High+1e-9 || st.Low < 0 || st.High > 1 {
			t.Fatalf("%s: rate %.3f outside [%.3f, %.3f]", st.Name, st.WinRate, st.Low, st.High)
		}
		wins += st.Wins
	}
	if math.Abs(wins-float64(games)) > 1e-9 {
		t.Fatalf("wins add up to %.2f in %d games", wins, games)
	}
	if a, b := res.Standings[0].Margin, res.Standings[1].Margin; math.Abs(a+b) > 1e-9 {
		t.Fatalf("2-seat margins %.2f and %.2f are not opposite", a, b)
	}
}

// TestArenaWorkersSameFigures: games played at once (Workers) give the
// same figures as games played one after another, and the trace names
// every game and the player who chose each action.
func TestArenaWorkersSameFigures(t *testing.T) {
	// The greedy player plays in the full pass only: outside it, two
	// random games.
	cfg := autoplay.ArenaConfig{Title: mineshaft.Title, Seats: []string{"random", "random"}, Games: testenv.Size(t, 2, 4), Seed: 3}
	if testenv.Pick(t, false) {
		cfg.Seats[0] = "greedy"
	}
	one, err := autoplay.Arena(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	seen := map[int]map[string]bool{}
	cfg.Workers = 3
	cfg.Trace = func(g int, player string, a engine.Action, _ []engine.Event) {
		mu.Lock()
		defer mu.Unlock()
		if seen[g] == nil {
			seen[g] = map[string]bool{}
		}
		seen[g][player] = true
	}
	three, err := autoplay.Arena(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one, three) {
		t.Fatalf("one worker: %+v\nthree: %+v", one, three)
	}
	for g := range cfg.Games {
		if !seen[g][cfg.Seats[0]] || !seen[g][cfg.Seats[1]] {
			t.Fatalf("game %d traced players %v", g, seen[g])
		}
	}
}

// BenchmarkChoose measures one decision of the bot at the title's default
// budget (autoplay.Budgets), from a position a few rounds in.
func BenchmarkChoose(b *testing.B) {
	for _, ti := range titles {
		b.Run(ti.Meta().ID, func(b *testing.B) {
			m, seat := decision(b, position(b, ti, 2, 9, 40), rand.New(rand.NewPCG(1, 2)))
			p := autoplay.DefaultParams(ti.Meta().ID, 1)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p.Seed = uint64(i)
				if _, err := autoplay.Choose(m, seat, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestWonSolo: in the solo game against Lord Wallace, the arena's Won and
// Margin agree with the title's own result (a win needs more points than
// his; a tie is his).
func TestWonSolo(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		m := position(t, tinners.Title, 1, seed, 1<<20)
		s := tinners.StateOf(m)
		if s.Result == nil {
			t.Fatal("the solo game did not end")
		}
		if autoplay.Won(m, 0) != s.Result.Won {
			t.Fatalf("seed %d: Won %v, the title says %v", seed, autoplay.Won(m, 0), s.Result.Won)
		}
		if got, want := autoplay.Margin(m, 0), float64(s.Players[0].Points-s.Result.Wallace); got != want {
			t.Fatalf("seed %d: margin %v, want %v", seed, got, want)
		}
	}
}

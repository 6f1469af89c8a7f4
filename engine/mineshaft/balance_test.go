package mineshaft

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

var balanceGames = flag.Int("balance", 0, "play this many games per line of the balance table (components.md §6) and print it")

// lineStats gathers one line of the balance table.
type lineStats struct {
	games                                 int
	turns                                 []int // turns per player, per game
	drawn                                 []int
	bag, blocked, pile                    int
	banked, left, winner                  int
	wins                                  [4]float64
	collapses, clears, colour, colourNone int
	ties, shared                          int
	specials                              [NumSpecials]int
}

// playLine plays games of n players with h, seeds from seed0 on.
func playLine(t testing.TB, n int, h heuristic, games int, seed0 uint64) *lineStats {
	st := &lineStats{games: games}
	for g := 0; g < games; g++ {
		m, err := Title.New(engineSetup(n, seed0+uint64(g)))
		if err != nil {
			t.Fatal(err)
		}
		mm := m.(*match)
		pile0 := len(mm.s.Pile)
		r := rand.New(rand.NewPCG(seed0+uint64(g), 1))
		for mm.Result() == nil {
			var a Action
			if h.random {
				legal := mm.s.legal(mm.s.Turn)
				a = legal[r.IntN(len(legal))]
			} else {
				a = h.choose(mm)
			}
			next, ev, err := mm.Apply(a)
			if err != nil {
				t.Fatalf("%dp game %d: %s: %v", n, g, a, err)
			}
			for _, e := range ev {
				switch e.Message.ID {
				case "ms_log_pickaxe", "ms_log_explode":
					st.collapses++
				case "ms_log_clear":
					st.clears++
				case "ms_log_colour_none":
					st.colourNone++
				case "ms_log_draw":
					tm := e.Message.Args["Tile"].(engine.Message)
					if k, ok := tm.Args["Kind"].(engine.Message); ok {
						tm = k
					}
					for x := Special(1); x < NumSpecials; x++ {
						if tm.ID == "ms_special_"+strings.ReplaceAll(x.String(), "-", "_") {
							st.specials[x]++
						}
					}
				case "ms_log_roll":
					if f := next.(*match).s.Dice.A; f.IsColour() {
						st.colour++
					}
				}
			}
			mm = next.(*match)
			if mm.Version() > 5000 {
				t.Fatalf("%dp game %d did not end", n, g)
			}
		}
		s := mm.s
		st.turns = append(st.turns, s.Players[0].Turns)
		st.drawn = append(st.drawn, pile0-len(s.Pile))
		switch {
		case s.Ending.NoResources:
			st.bag++
		case s.Ending.Blocked:
			st.blocked++
		case s.Ending.NoTiles:
			st.pile++
		}
		res := mm.Result()
		for _, v := range res.Scores {
			st.banked += v
		}
		for _, g := range s.Grid {
			st.left += g.count()
		}
		st.winner += res.Scores[res.Ranking[0]]
		w0, w1 := s.Scores[res.Ranking[0]], s.Scores[res.Ranking[1]]
		if w0.Total == w1.Total {
			st.ties++
			if w0.Gold == w1.Gold && w0.Silver == w1.Silver {
				st.shared++
			}
		}
		st.wins[(res.Ranking[0]-s.Start+n)%n]++
	}
	return st
}

func pct(xs []int, p float64) int {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[int(p*float64(len(s)-1))]
}

func mean(xs []int) float64 {
	t := 0
	for _, x := range xs {
		t += x
	}
	return float64(t) / float64(len(xs))
}

func (st *lineStats) row(n int, play string) string {
	g := float64(st.games)
	var wins []string
	for k := 0; k < n; k++ {
		wins = append(wins, fmt.Sprintf("%.0f", 100*st.wins[k]/g))
	}
	end := fmt.Sprintf("bag %.1f %%", 100*float64(st.bag)/g)
	if st.blocked > 0 {
		end += fmt.Sprintf(", blocked %.1f %%", 100*float64(st.blocked)/g)
	}
	if st.pile > 0 {
		end += fmt.Sprintf(", pile %.1f %%", 100*float64(st.pile)/g)
	}
	return fmt.Sprintf("| %d | %s | %.1f (%d–%d) | %.0f | %.1f (%d) | %s | %.0f | %.0f | %.0f | %s |",
		n, play, mean(st.turns), pct(st.turns, 0.1), pct(st.turns, 0.9), mean(st.turns)*float64(n),
		mean(st.drawn), slices.Max(st.drawn), end, float64(st.banked)/g, float64(st.left)/g, float64(st.winner)/g, strings.Join(wins, "/"))
}

func (st *lineStats) extra(n int, play string) string {
	g := float64(st.games)
	sp := func(x Special) string { return fmt.Sprintf("%.1f", float64(st.specials[x])/g) }
	return fmt.Sprintf("| %d | %s | %.1f | %.1f | %.0f %% | %.1f %% (%.2f %%) | %s / %s / %s / %s / %s / %s / %s |",
		n, play, float64(st.collapses)/g, float64(st.clears)/g, 100*float64(st.colourNone)/float64(max(1, st.colour)),
		100*float64(st.ties)/g, 100*float64(st.shared)/g,
		sp(LooseRock), sp(Minecart), sp(Tunnel), sp(Swap), sp(Fire), sp(Explosion), sp(CallForHelp))
}

// TestBalanceTable re-measures components.md §6 with this engine and the
// heuristic players: go test -run TestBalanceTable -balance 4000.
func TestBalanceTable(t *testing.T) {
	games := *balanceGames
	if games == 0 {
		t.Skip("run with -balance N")
	}
	var rows, extras []string
	for n := 2; n <= 4; n++ {
		// The design's two players first (the greedy one breaking ties
		// towards open ends), then the variants of the investigation.
		for _, h := range []heuristic{{tieOpen: true}, {explorer: true}, {}, {explorer: true, firstPlace: true}, {random: true}} {
			play := "greedy"
			if h.explorer {
				play = "explorer"
			}
			if h.random {
				play = "random"
			}
			if !h.tieOpen && !h.explorer && !h.random {
				play += ", ties to staying"
			}
			if h.firstPlace {
				play += ", first placement"
			}
			st := playLine(t, n, h, games, uint64(100000*n))
			rows = append(rows, st.row(n, play))
			extras = append(extras, st.extra(n, play))
		}
	}
	fmt.Println("| players | play | turns per player, mean (p10–p90) | hand-offs per game | tiles drawn (max) | game ended by | points banked of 240 | markers left on board | winner's points | wins by seat |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	fmt.Println(strings.Join(rows, "\n"))
	fmt.Println()
	fmt.Println("| players | play | collapses per game | clearing turns | colour rolls with no effect | ties on points (shared) | drawn per game: Loose Rock / Minecart / Tunnel / Swap / Fire / Explosion / Call for Help |")
	fmt.Println("|---|---|---|---|---|---|---|")
	fmt.Println(strings.Join(extras, "\n"))
}

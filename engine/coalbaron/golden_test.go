package coalbaron

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

var update = flag.Bool("update", false, "re-record the golden games in testdata/")

// golden is one file of testdata/golden-*.json: a whole game and the result
// it must replay to.
type golden struct {
	Comment string         `json:"comment"`
	Record  *engine.Record `json:"record"`
	Expect  goldenExpect   `json:"expect"`
}

type goldenExpect struct {
	Scores   []ScoreView `json:"scores"`
	Ranking  []int       `json:"ranking"`
	TieBreak string      `json:"tieBreak,omitempty"`
	Version  int         `json:"version"`
}

// goldenGames are the recorded games, per edition: a game keeps the rules
// of its edition, so the first edition's records replay as they were
// recorded under every later engine.
var goldenGames = []struct {
	name    string
	edition string
	seats   int
	seed    uint64
}{
	{"2p", EditionV1, 2, 21}, {"3p", EditionV1, 3, 31}, {"4p", EditionV1, 4, 41},
	{"cb-2-2p", EditionV2, 2, 21}, {"cb-2-3p", EditionV2, 3, 31}, {"cb-2-4p", EditionV2, 4, 41},
}

// TestGoldenGames replays the recorded games to their recorded final
// scores and ranking. With -update they are recorded afresh by seeded
// random play-outs.
func TestGoldenGames(t *testing.T) {
	for _, g := range goldenGames {
		t.Run(g.name, func(t *testing.T) {
			path := filepath.Join("testdata", "golden-"+g.name+".json")
			if *update {
				record(t, path, g.edition, g.seats, g.seed)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to record)", err)
			}
			var gold golden
			if err := json.Unmarshal(b, &gold); err != nil {
				t.Fatal(err)
			}
			if gold.Record.Title != ID || gold.Record.Edition != g.edition {
				t.Fatalf("record of title %q, edition %q", gold.Record.Title, gold.Record.Edition)
			}
			m, err := engine.Replay(Title, gold.Record, -1)
			if err != nil {
				t.Fatal(err)
			}
			res := m.Result()
			if res == nil {
				t.Fatalf("the game is not over after %d actions", len(gold.Record.Actions))
			}
			got := goldenExpect{Scores: m.Public().(PublicView).Scores, Ranking: res.Ranking, TieBreak: tieBreakOf(res), Version: m.Version()}
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(gold.Expect)
			if string(gb) != string(wb) {
				t.Fatalf("replay ends\n%s\nwant\n%s", gb, wb)
			}
			if !slices.Equal(res.Scores, totals(gold.Expect.Scores)) {
				t.Fatalf("result scores %v", res.Scores)
			}
		})
	}
}

func totals(sv []ScoreView) []int {
	var out []int
	for _, s := range sv {
		out = append(out, s.Total)
	}
	return out
}

func record(t *testing.T, path, edition string, seats int, seed uint64) {
	t.Helper()
	end, log := greedyPlayout(t, newEdMatch(t, edition, seats, seed, nil), seed)
	rec := &engine.Record{Title: ID, Edition: edition, Seed: seed, Actions: engine.Strings(log)}
	for i := 0; i < seats; i++ {
		rec.Seats = append(rec.Seats, fmt.Sprintf("Player %d", i+1))
	}
	res := end.Result()
	gold := golden{
		Comment: fmt.Sprintf("A seeded random %d-player game of Coal Baron (edition %s); regenerate with go test -run TestGoldenGames -update.", seats, edition),
		Record:  rec,
		Expect:  goldenExpect{Scores: end.Public().(PublicView).Scores, Ranking: res.Ranking, TieBreak: tieBreakOf(res), Version: end.Version()},
	}
	b, err := json.MarshalIndent(gold, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// greedyPlayout plays m to the end with a weighted random policy that
// favours loading, delivering and mining over passing, so recorded games
// score in every category. It checks the invariants after every action.
func greedyPlayout(t *testing.T, m *match, seed uint64) (*match, []engine.Action) {
	t.Helper()
	r := newRand(seed)
	var log []engine.Action
	for m.Result() == nil {
		if len(log) > 5000 {
			t.Fatalf("no end after %d actions", len(log))
		}
		legal := m.s.legal(m.s.Turn)
		weights := make([]float64, len(legal))
		total := 0.0
		for i, a := range legal {
			w := 1.0
			switch a.Kind {
			case ActPass, ActStopMining, ActStopDelivery:
				w = 0.15
			case ActDeliver:
				w = 20
			case ActMine:
				if a.Target != NoCard {
					w = 8
				}
			case ActPlace:
				switch a.Zone {
				case ZoneDelivery:
					w = 15
				case ZoneMine12, ZoneMine23:
					w = 3
				}
				w /= float64(len(a.Workers))
			}
			weights[i] = w
			total += w
		}
		x := r.Float64() * total
		i := 0
		for ; i < len(legal)-1 && x >= weights[i]; i++ {
			x -= weights[i]
		}
		next, _, err := m.Apply(legal[i])
		if err != nil {
			t.Fatalf("legal %s refused: %v", legal[i], err)
		}
		if err := CheckInvariants(next); err != nil {
			t.Fatalf("after %s: %v", legal[i], err)
		}
		log = append(log, legal[i])
		m = next.(*match)
	}
	return m, log
}

// TestGreedyPlayouts plays games that deliver often, checking invariants.
func TestGreedyPlayouts(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for g := uint64(0); g < 10; g++ {
			end, _ := greedyPlayout(t, newMatch(t, n, 70+g, nil), g)
			best := slices.Max(end.Result().Scores)
			if best <= 0 {
				t.Errorf("%dp game %d: best score %d", n, g, best)
			}
		}
	}
}

// tieBreakOf is the tie-break of a result as the golden files keep it: its
// message's id and arguments, "" when no tie-break decided.
func tieBreakOf(r *engine.Result) string {
	if r.TieBreakMessage.IsZero() {
		return ""
	}
	return r.TieBreakMessage.String()
}

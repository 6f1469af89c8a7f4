package mineshaft

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
	Rounds   int         `json:"rounds"`
	Tiles    int         `json:"tiles"`
}

// goldenGames are the recorded games: one per player count, played by the
// heuristic players (greedy, explorer, greedy).
var goldenGames = []struct {
	name     string
	seats    int
	seed     uint64
	explorer bool
}{
	{"2p", 2, 21, false}, {"3p", 3, 31, true}, {"4p", 4, 41, false},
}

// TestGoldenGames replays the recorded games to their recorded final
// scores, ranking, length and mine. With -update they are recorded afresh.
func TestGoldenGames(t *testing.T) {
	for _, g := range goldenGames {
		t.Run(g.name, func(t *testing.T) {
			path := filepath.Join("testdata", "golden-"+g.name+".json")
			if *update {
				record(t, path, g.seats, g.seed, heuristic{explorer: g.explorer})
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to record)", err)
			}
			var gold golden
			if err := json.Unmarshal(b, &gold); err != nil {
				t.Fatal(err)
			}
			if gold.Record.Title != ID || gold.Record.Edition != EditionV1 {
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
			got := expectOf(m.(*match))
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(gold.Expect)
			if string(gb) != string(wb) {
				t.Fatalf("replay ends\n%s\nwant\n%s", gb, wb)
			}
			if err := CheckInvariants(m); err != nil {
				t.Fatal(err)
			}
			// The heuristic still plays the same game from the same setup.
			again, log, err := heuristicPlayout(newMatch(t, g.seats, g.seed, nil), heuristic{explorer: g.explorer}, false, 5000)
			if err != nil || !slices.Equal(engine.Strings(log), gold.Record.Actions) || again.Result() == nil {
				t.Fatalf("the heuristic plays another game now (%v)", err)
			}
		})
	}
}

func expectOf(m *match) goldenExpect {
	res := m.Result()
	return goldenExpect{Scores: m.Public().(PublicView).Scores, Ranking: res.Ranking, TieBreak: tieBreakOf(res),
		Version: m.Version(), Rounds: m.s.Round, Tiles: len(m.s.Grid)}
}

func record(t *testing.T, path string, seats int, seed uint64, h heuristic) {
	t.Helper()
	end, log, err := heuristicPlayout(newMatch(t, seats, seed, nil), h, true, 5000)
	if err != nil || end.Result() == nil {
		t.Fatalf("recording: %v", err)
	}
	rec := &engine.Record{Title: ID, Edition: EditionV1, Seed: seed, Actions: engine.Strings(log)}
	for i := 0; i < seats; i++ {
		rec.Seats = append(rec.Seats, fmt.Sprintf("Player %d", i+1))
	}
	gold := golden{
		Comment: fmt.Sprintf("A %d-player game of Mine Shaft (edition %s) played by the test's heuristic players; regenerate with go test -run TestGoldenGames -update.", seats, EditionV1),
		Record:  rec,
		Expect:  expectOf(end),
	}
	b, err := json.MarshalIndent(gold, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// tieBreakOf is the tie-break of a result as the golden files keep it.
func tieBreakOf(r *engine.Result) string {
	if r.TieBreakMessage.IsZero() {
		return ""
	}
	return r.TieBreakMessage.String()
}

// TestHeuristicPlayouts plays heuristic games of every player count with
// the invariants checked after every action: they end, by the bag nearly
// always, and every seat scores.
func TestHeuristicPlayouts(t *testing.T) {
	for n := 2; n <= 4; n++ {
		for g := uint64(0); g < 10; g++ {
			end, _, err := heuristicPlayout(newMatch(t, n, 70+g, nil), heuristic{explorer: g%2 == 1}, true, 5000)
			if err != nil || end.Result() == nil {
				t.Fatalf("%dp game %d: %v", n, g, err)
			}
			if slices.Min(end.Result().Scores) <= 0 {
				t.Errorf("%dp game %d: scores %v", n, g, end.Result().Scores)
			}
		}
	}
}

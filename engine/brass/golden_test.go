package brass

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

var update = flag.Bool("update", false, "re-record the golden games in testdata/")

// golden is one file of testdata/golden-*.json: a whole game and the
// result it must replay to.
type golden struct {
	Comment string         `json:"comment"`
	Record  *engine.Record `json:"record"`
	Expect  goldenExpect   `json:"expect"`
}

type goldenExpect struct {
	Scores  []Score `json:"scores"`
	VP      []int   `json:"vp"`
	Ranking []int   `json:"ranking"`
	Version int     `json:"version"`
}

var goldenGames = []struct {
	name    string
	seats   int
	options string
	seed    uint64
}{
	{"2p", 2, "", 21}, {"3p", 3, "", 31}, {"4p", 4, "", 41}, {"3p-intro", 3, "intro", 32},
}

// TestGoldenGames replays the recorded games to their recorded scores by
// category and ranking. With -update they are recorded afresh by seeded
// random play-outs.
func TestGoldenGames(t *testing.T) {
	for _, g := range goldenGames {
		t.Run(g.name, func(t *testing.T) {
			path := filepath.Join("testdata", "golden-"+g.name+".json")
			if *update {
				recordGolden(t, path, g.seats, g.options, g.seed)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to record)", err)
			}
			var gold golden
			if err := json.Unmarshal(b, &gold); err != nil {
				t.Fatal(err)
			}
			m, err := engine.Replay(Title, gold.Record, -1)
			if err != nil {
				t.Fatal(err)
			}
			if m.Result() == nil {
				t.Fatalf("the game is not over after %d actions", len(gold.Record.Actions))
			}
			got, _ := json.Marshal(expectOf(m))
			want, _ := json.Marshal(gold.Expect)
			if string(got) != string(want) {
				t.Fatalf("replay ends\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func expectOf(m engine.Match) goldenExpect {
	s := m.(*match).s
	return goldenExpect{Scores: s.Scores, VP: m.Result().Scores, Ranking: m.Result().Ranking, Version: m.Version()}
}

func recordGolden(t *testing.T, path string, n int, opts string, seed uint64) {
	t.Helper()
	raw, err := Title.ParseOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Title.New(engine.Setup{NumSeats: n, Seed: seed, Options: raw})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 1))
	m, log, err := engine.RandomPlayout(m, func(k int) int { return r.IntN(k) }, 5000, CheckInvariants)
	if err != nil {
		t.Fatal(err)
	}
	rec := &engine.Record{Title: ID, Edition: Standard.Version, Options: raw, Seed: seed}
	for i := 0; i < n; i++ {
		rec.Seats = append(rec.Seats, fmt.Sprintf("P%d", i+1))
	}
	for _, a := range log {
		rec.Actions = append(rec.Actions, a.String())
	}
	g := golden{Comment: fmt.Sprintf("a seeded random %d-player game (options %q)", n, opts), Record: rec, Expect: expectOf(m)}
	b, err := json.MarshalIndent(g, "", " ")
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

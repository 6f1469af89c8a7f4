package tinners

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "re-record the golden games in testdata/")

// golden is one file of testdata/golden-*.json: a whole game and the final
// result it must replay to.
type golden struct {
	Comment string  `json:"comment"`
	Record  *Record `json:"record"`
	Expect  expect  `json:"expect"`
}

type expect struct {
	Points   []int  `json:"points"`
	Money    []int  `json:"money"`
	Ranking  []int  `json:"ranking"`
	TieBreak string `json:"tieBreak,omitempty"`
	Version  int    `json:"version"`
	LastLine string `json:"lastLine"`
}

// goldenGames are the games in testdata/. With -update a missing game, or one
// whose actions no longer replay, is recorded afresh by a seeded random
// play-out; every expectation is rewritten from the current engine.
var goldenGames = []struct {
	name  string
	seats int
	seed  uint64
	setup *SetupOverrides
	opts  Options
}{
	{"golden-2p", 2, 2002, nil, Options{}},
	{"golden-3p", 3, 3003, nil, Options{}},
	{"golden-4p", 4, 4004, nil, Options{}},
	{"golden-5p", 5, 5005, nil, Options{}},
	{"golden-3p-fixed", 3, 3333, &SetupOverrides{Order: []int{2, 0, 1}, Money: []int{25, 20, 15},
		Dice: []int{0, 1, 1, 1, 2, 4, 3, 4, 5, 0, 0, 1}}, Options{}},
	{"golden-2p-modules", 2, 2222, nil, Options{Arsenic: true, Emigration: true, Kickstarter: true}},
	{"golden-3p-modules", 3, 3030, nil, Options{Arsenic: true, Emigration: true, Kickstarter: true}},
	{"golden-5p-modules", 5, 5050, nil, Options{Arsenic: true, Emigration: true, Kickstarter: true}},
	{"golden-solo", 1, 1001, nil, Options{Solo: true}},
	{"golden-solo-hard", 1, 1011, nil, Options{Solo: true, BetterMines: true, CheapLabour: true, MoreMines: 2, DeepPockets: true,
		FriendsInHighPlaces: true, FinancialSabotage: true, BailingOut: true, ShadyLandPurchases: true}},
	{"golden-solo-modules", 1, 1021, nil, Options{Solo: true, Arsenic: true, Emigration: true, Kickstarter: true,
		BetterMines: true, MoreMines: 1, DeepPockets: true}},
}

func expectOf(s *State) expect {
	e := expect{Version: s.Version, TieBreak: s.Result.TieBreak, Ranking: slices.Clone(s.Result.Ranking)}
	for _, p := range s.Players {
		e.Points = append(e.Points, p.Points)
		e.Money = append(e.Money, p.Money)
	}
	last, err := renderEnglish(s.LogMessage(len(s.Log) - 1))
	if err != nil {
		panic(err)
	}
	e.LastLine = last
	return e
}

func recordGame(t *testing.T, seats int, seed uint64, setup *SetupOverrides, opts Options) *Record {
	t.Helper()
	rec := &Record{Edition: Standard.Version, Seed: seed, Setup: setup, Options: opts}
	for i := 0; i < seats; i++ {
		rec.Seats = append(rec.Seats, fmt.Sprintf("P%d", i+1))
	}
	s, err := NewGame(rec.SetupOf())
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 99))
	_, log, err := RandomPlayout(s, func(n int) int { return r.IntN(n) }, true, 5000)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range log {
		rec.Actions = append(rec.Actions, a.String())
	}
	return rec
}

func TestGoldenGames(t *testing.T) {
	for _, g := range goldenGames {
		t.Run(g.name, func(t *testing.T) {
			path := filepath.Join("testdata", g.name+".json")
			var gf golden
			b, err := os.ReadFile(path)
			if err == nil {
				err = json.Unmarshal(b, &gf)
			}
			if err != nil && !*update {
				t.Fatalf("%s: %v (run go test ./engine/tinners -run Golden -update)", path, err)
			}
			var s *State
			if gf.Record != nil {
				s, err = Replay(gf.Record)
			}
			if *update {
				if gf.Record == nil || err != nil || s.Phase != PhaseOver {
					gf.Record = recordGame(t, g.seats, g.seed, g.setup, g.opts)
					if s, err = Replay(gf.Record); err != nil {
						t.Fatal(err)
					}
				}
				gf.Comment = fmt.Sprintf("%d players, seed %d%s: a seeded random play-out. Replayed to exactly this result; re-record with go test ./engine/tinners -run Golden -update.", g.seats, g.seed, moduleWords(g.opts))
				gf.Expect = expectOf(s)
				out, err := json.MarshalIndent(gf, "", " ")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, append(out, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			if s.Phase != PhaseOver {
				t.Fatalf("game not over after %d actions: %s", len(gf.Record.Actions), s.Phase)
			}
			got, _ := json.Marshal(expectOf(s))
			want, _ := json.Marshal(gf.Expect)
			if !bytes.Equal(got, want) {
				t.Errorf("final result\n got %s\nwant %s", got, want)
			}
			// The record survives its own JSON form.
			b, err = MarshalRecord(gf.Record)
			if err != nil {
				t.Fatal(err)
			}
			r2, err := UnmarshalRecord(b)
			if err != nil {
				t.Fatal(err)
			}
			s2, err := Replay(r2)
			if err != nil || s2.Version != s.Version {
				t.Fatalf("round trip through JSON: %v", err)
			}
		})
	}
}

func moduleWords(o Options) string {
	var m []string
	if o.Arsenic {
		m = append(m, "Arsenic")
	}
	if o.Emigration {
		m = append(m, "Emigration")
	}
	if o.Kickstarter {
		m = append(m, "Kickstarter")
	}
	out := ""
	if len(m) > 0 {
		out = ", modules " + strings.Join(m, ", ")
	}
	if d := o.DifficultyKeys(); len(d) > 0 {
		out += ", against Lord Wallace with " + strings.Join(d, ", ")
	}
	return out
}

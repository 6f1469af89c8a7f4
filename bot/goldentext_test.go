package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

var updateText = flag.Bool("update-text", false, "re-record testdata/golden-text/ from the golden games")

// TestGoldenGamesReadTheSame renders, in English, everything a player can
// read of each title's golden games: every event of the whole log as /tt
// log, past boards and the hand-off show it (and, for Tinners' Trail, its
// own log as /tt log shows it), the result's tie-break and score table; and,
// as digests, every label of every legal action at every step, every
// secret of every seat, and the refusal of a malformed and of a stale move
// at every step. The text is compared with testdata/golden-text/, which was
// recorded before the engines stopped writing English: stored games read
// exactly as they did. One goroutine reads recorded games: nothing for
// the race detector, so -race leaves it to .ci/run's race-free pass.
func TestGoldenGamesReadTheSame(t *testing.T) {
	if !*updateText {
		testenv.FullOnly(t) // text of recorded games, one goroutine: nothing for the race detector
	}
	titles := []struct {
		title engine.Title
		dir   string
	}{
		{coalbaron.Title, "../engine/coalbaron/testdata"},
		{tinners.Title, "../engine/tinners/testdata"},
	}
	en := i18n.Localizer(i18n.English)
	for _, tt := range titles {
		files, err := filepath.Glob(filepath.Join(tt.dir, "golden-*.json"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no golden games (%v)", tt.dir, err)
		}
		for _, f := range files {
			name := tt.title.Meta().ID + "-" + strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "golden-"), ".json")
			t.Run(name, func(t *testing.T) {
				got := goldenText(t, en, tt.title, f)
				path := filepath.Join("testdata", "golden-text", name+".txt")
				if *updateText {
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (record with -update-text)", err)
				}
				if got != string(want) {
					gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
					for k := range max(len(gl), len(wl)) {
						var g, w string
						if k < len(gl) {
							g = gl[k]
						}
						if k < len(wl) {
							w = wl[k]
						}
						if g != w {
							t.Fatalf("%s differs from line %d:\n got %q\nwant %q", path, k+1, g, w)
						}
					}
				}
			})
		}
	}
}

// digest counts and hashes lines.
type digest struct {
	n int
	h [32]byte
	b strings.Builder
}

func (d *digest) add(s string) {
	d.n++
	d.b.WriteString(s)
	d.b.WriteByte('\n')
}

func (d *digest) String() string {
	return fmt.Sprintf("%d %x", d.n, sha256.Sum256([]byte(d.b.String())))
}

// goldenText is the English text of the golden game in file f (see
// TestGoldenGamesReadTheSame).
func goldenText(t *testing.T, l *i18n.Loc, title engine.Title, f string) string {
	t.Helper()
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	var gold struct {
		Record *engine.Record `json:"record"`
	}
	if err := json.Unmarshal(b, &gold); err != nil {
		t.Fatal(err)
	}
	rec := gold.Record
	names := rec.Seats
	cur, err := title.New(rec.SetupOf())
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	var labels, secrets, refusals digest
	refusal := func(err error) string {
		var re *engine.RuleError
		if !errors.As(err, &re) {
			t.Fatalf("%v is not a rule error", err)
		}
		return re.Code + ": " + kit.RuleErrorIn(l, re)
	}
	look := func(mt engine.Match, prev engine.Action) {
		for _, seat := range mt.ToAct() {
			// A menu groups a level by its message: the groups are those
			// its English words made before.
			keyWord, wordKey := map[string]string{}, map[string]string{}
			for _, a := range mt.Legal(seat) {
				lab := mt.Label(a)
				for d := range kit.LabelDepth(lab) {
					key, _ := kit.LabelKey(lab, d)
					w := fmt.Sprintf("%d %s", d, gen.PathWord(l, lab, d))
					key = fmt.Sprintf("%d %s", d, key)
					if k, ok := wordKey[w]; ok && k != key || keyWord[key] != "" && keyWord[key] != w {
						t.Fatalf("menu level %q groups by %q and %q", w, k, key)
					}
					wordKey[w], keyWord[key] = key, w
				}
				var ws []string
				for d := range kit.LabelDepth(lab) {
					ws = append(ws, gen.PathWord(l, lab, d))
				}
				labels.add(a.String() + " | " + strings.Join(ws, " › ") + " | " + gen.LabelLine(l, lab))
			}
		}
		if _, ok := mt.(engine.Secrets); ok {
			for seat := range names {
				secrets.add(engine.FormatLine(gen.SecretsText(l, mt, seat), names))
			}
		}
		if _, err := title.ParseAction("zz!"); err != nil {
			refusals.add(refusal(err))
		}
		if prev != nil {
			if _, _, err := mt.Apply(prev); err != nil {
				refusals.add(refusal(err))
			}
		}
	}
	look(cur, nil)
	for k, str := range rec.Actions {
		a, err := title.ParseAction(str)
		if err != nil {
			t.Fatal(err)
		}
		next, ev, err := cur.Apply(a)
		if err != nil {
			t.Fatalf("action %d %s: %v", k, str, err)
		}
		fmt.Fprintf(&out, "%d %s\n", k+1, str)
		for _, e := range ev {
			out.WriteString("  " + engine.FormatLine(kit.EventLine(e).Say(l), names) + "\n")
		}
		cur = next
		look(cur, a)
	}
	if tm, ok := cur.(tinners.Match); ok {
		s := tm.S
		out.WriteString("log:\n")
		for k := range s.Log {
			out.WriteString("  " + engine.FormatLine(l.Message(s.LogMessage(k), s.Log[k]), names) + "\n")
		}
	}
	res := cur.Result()
	if res == nil {
		t.Fatal("the game is not over")
	}
	fmt.Fprintf(&out, "result: %v %v\n", res.Ranking, res.Scores)
	if tb := tieBreakText(l, cur); tb != "" {
		out.WriteString("tie-break: " + tb + "\n")
	}
	if bd, ok := cur.(engine.Breakdown); ok {
		out.WriteString(kit.ScoreTableText(l, bd.Breakdown(), res.Ranking) + "\n")
	}
	fmt.Fprintf(&out, "labels: %s\nsecrets: %s\nrefusals: %s\n", &labels, &secrets, &refusals)
	return out.String()
}

// tieBreakText is the tie-break of a finished match as the final post
// shows it.
func tieBreakText(l *i18n.Loc, mt engine.Match) string {
	return kit.ResultTieBreakIn(l, mt.Result())
}

// ttLog is the log of a Tinners' Trail state in English, seats still as
// {P0}…, as the bot renders it.
func ttLog(s *tinners.State) []string {
	en := i18n.Localizer(i18n.English)
	out := make([]string, len(s.Log))
	for k := range s.Log {
		out[k] = en.Message(s.LogMessage(k), s.Log[k])
	}
	return out
}

// TestStoredEnglishLogReadsTheSame: a Tinners' Trail game stored before the
// engine spoke in messages holds its log in English only (State.Log, no
// LogMessages). Restored from such a snapshot and played on, its log reads
// line for line as the replayed game's does, and /tt log pages it by round
// alike: the old lines by their English, the new by their messages.
func TestStoredEnglishLogReadsTheSame(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "engine", "tinners", "testdata", "golden-3p-modules.json"))
	if err != nil {
		t.Fatal(err)
	}
	var gold struct {
		Record *engine.Record `json:"record"`
	}
	if err := json.Unmarshal(b, &gold); err != nil {
		t.Fatal(err)
	}
	rec := gold.Record
	full, err := engine.Replay(tinners.Title, rec, -1)
	if err != nil {
		t.Fatal(err)
	}
	for _, cut := range []int{0, 40, len(rec.Actions) / 2, len(rec.Actions)} {
		m, err := engine.Replay(tinners.Title, rec, cut)
		if err != nil {
			t.Fatal(err)
		}
		old := m.(tinners.Match).S.Clone()
		old.Log, old.LogMessages = ttLog(old), nil // as a build before messages stored it
		snap, err := json.Marshal(old)
		if err != nil {
			t.Fatal(err)
		}
		m, err = tinners.Title.Restore(snap)
		if err != nil {
			t.Fatal(err)
		}
		for _, str := range rec.Actions[cut:] {
			a, err := tinners.Title.ParseAction(str)
			if err != nil {
				t.Fatal(err)
			}
			if m, _, err = m.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		got, want := m.(tinners.Match).S, full.(tinners.Match).S
		if !slices.Equal(ttLog(got), ttLog(want)) {
			t.Errorf("cut at %d: the log reads\n%s\nwant\n%s", cut, strings.Join(ttLog(got), "\n"), strings.Join(ttLog(want), "\n"))
		}
		if gp, wp := tt.LogRounds(got), tt.LogRounds(want); !reflect.DeepEqual(gp, wp) || len(wp) != tinners.NumRounds+1 {
			t.Errorf("cut at %d: log pages %v, want %v", cut, gp, wp)
		}
		// The stored lines are read in English, the later ones from messages.
		last := len(got.Log) - 1
		if !got.LogMessage(0).IsZero() || got.Log[0] == "" || cut < len(rec.Actions) && got.LogMessage(last).IsZero() {
			t.Errorf("cut at %d: line 0 %q (%v), last line's message %v", cut, got.Log[0], got.LogMessage(0), got.LogMessage(last))
		}
	}
}

package coalbaron

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestEdition1ReplaysUnchanged replays the first edition's golden records
// move by move and digests everything a table of that edition shows or
// keeps: every snapshot, public view, seat view, event, legal list and
// label. The digests in testdata/edition1-digest.txt were taken with the
// engine before edition 2 existed (and re-taken, without the English the
// engine wrote beside its messages then, just before it stopped writing
// English; bot's TestGoldenGamesReadTheSame keeps the text); a rule change
// that leaks into the first edition changes them. -update re-takes them.
func TestEdition1ReplaysUnchanged(t *testing.T) {
	path := filepath.Join("testdata", "edition1-digest.txt")
	var lines []string
	for _, name := range []string{"2p", "3p", "4p"} {
		b, err := os.ReadFile(filepath.Join("testdata", "golden-"+name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var gold golden
		if err := json.Unmarshal(b, &gold); err != nil {
			t.Fatal(err)
		}
		if gold.Record.Edition != "cb-1" {
			t.Fatalf("%s: edition %q", name, gold.Record.Edition)
		}
		m, err := engine.Replay(Title, gold.Record, 0)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		dump := func(v any) {
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			h.Write(crest1Of(b))
			h.Write([]byte{'\n'})
		}
		for i := 0; ; i++ {
			snap, err := m.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			h.Write(snap)
			h.Write(crest1Of(view1Of(t, m.Public())))
			h.Write([]byte{'\n'})
			dump(m.ToAct())
			for seat := range gold.Record.Seats {
				h.Write(crest1Of(view1Of(t, m.Seat(seat))))
				h.Write([]byte{'\n'})
				for _, a := range m.Legal(seat) {
					dump(a.String())
					dump(label1Of(m.Label(a)))
				}
			}
			if i == len(gold.Record.Actions) {
				break
			}
			a, err := Title.ParseAction(gold.Record.Actions[i])
			if err != nil {
				t.Fatal(err)
			}
			next, ev, err := m.Apply(a)
			if err != nil {
				t.Fatalf("%s: action %d %s: %v", name, i, a, err)
			}
			dump(events1Of(ev))
			m = next
		}
		lines = append(lines, fmt.Sprintf("%s %x", name, h.Sum(nil)))
	}
	got := strings.Join(lines, "\n") + "\n"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to record)", err)
	}
	if got != string(want) {
		t.Fatalf("the first edition's games replay differently:\n%s\nwant\n%s", got, want)
	}
}

// label1 and event1 are engine.Label and engine.Event in the shape the
// digests were taken with, without the English the engine wrote beside its
// messages then (Path, Line and Text stay empty).
type label1 struct {
	Path         []string
	Line         string
	PathMessages []engine.Message `json:",omitempty"`
	LineMessage  engine.Message   `json:",omitzero"`
	Ask          bool             `json:",omitempty"`
}

type event1 struct {
	Seat    int
	Text    string
	Reveal  bool           `json:",omitempty"`
	Message engine.Message `json:",omitzero"`
}

func label1Of(l engine.Label) label1 {
	return label1{PathMessages: l.PathMessages, LineMessage: l.LineMessage, Ask: l.Deliberate}
}

func events1Of(ev []engine.Event) []event1 {
	var out []event1
	for _, e := range ev {
		out = append(out, event1{Seat: e.Seat, Reveal: e.Reveal, Message: e.Message})
	}
	return out
}

// crest1RE finds a lorry card's crest as a message (crestWith), which the
// first edition's digest read as its letter.
var crest1RE = regexp.MustCompile(`\{"id":"cb_crest_(wheel|clover|tower|fox)_with"\}`)

// crest1Of is JSON b with each lorry crest message back as its letter: the
// names changed their words only.
func crest1Of(b []byte) []byte {
	letters := map[string]string{"wheel": `"W"`, "clover": `"C"`, "tower": `"T"`, "fox": `"F"`}
	return crest1RE.ReplaceAllFunc(b, func(m []byte) []byte {
		return []byte(letters[string(crest1RE.FindSubmatch(m)[1])])
	})
}

// zoneView1RE finds a zone view in a public view's JSON, which once began
// with the zone's English name.
var zoneView1RE = regexp.MustCompile(`\{"Zone":(-?\d+),"NameMessage"`)

// view1Of is the JSON of view v (public or a seat's) as the first
// edition's digest read it, when a zone's view carried its English name
// (Name) before its name as a catalogue message: the view lost only that
// English.
func view1Of(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return zoneView1RE.ReplaceAllFunc(b, func(m []byte) []byte {
		z, err := strconv.Atoi(string(zoneView1RE.FindSubmatch(m)[1]))
		if err != nil {
			t.Fatal(err)
		}
		name, _ := json.Marshal(Zone(z).Name())
		return []byte(fmt.Sprintf(`{"Zone":%d,"Name":%s,"NameMessage"`, z, name))
	})
}

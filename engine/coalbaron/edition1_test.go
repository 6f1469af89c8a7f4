package coalbaron

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestEdition1ReplaysUnchanged replays the first edition's golden records
// move by move and digests everything a table of that edition shows or
// keeps: every snapshot, public view, seat view, event, legal list and
// label. The digests in testdata/edition1-digest.txt were taken with the
// engine before edition 2 existed; a rule change that leaks into the first
// edition changes them. -update re-takes them.
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
			h.Write(b)
			h.Write([]byte{'\n'})
		}
		for i := 0; ; i++ {
			snap, err := m.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			h.Write(snap)
			dump(m.Public())
			dump(m.ToAct())
			for seat := range gold.Record.Seats {
				dump(m.Seat(seat))
				for _, a := range m.Legal(seat) {
					dump(a.String())
					lab := m.Label(a)
					lab.Where = nil // places came later; the digest is of play
					dump(lab)
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
			dump(withoutPlaces(ev))
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

// withoutPlaces is events without their places (engine.Event.Where, added
// after the digest was taken): the digest stays a record of play.
func withoutPlaces(events []engine.Event) []engine.Event {
	if events == nil {
		return nil
	}
	out := make([]engine.Event, len(events))
	for k, e := range events {
		e.Where = nil
		out[k] = e
	}
	return out
}

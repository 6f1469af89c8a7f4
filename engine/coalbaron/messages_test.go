package coalbaron

import (
	"errors"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestSpeaksInMessagesOnly plays random games of every size and edition and
// checks that everything the engine says — events, labels, refusals, the
// tie-break, the score categories — is a catalogue message and nothing of
// it English: the bot renders every sentence from its catalogue.
func TestSpeaksInMessagesOnly(t *testing.T) {
	for _, ed := range []string{EditionV1, EditionV2} {
		for n := 2; n <= 4; n++ {
			for seed := uint64(1); seed <= 2; seed++ {
				m, err := Title.New(engine.Setup{Edition: ed, NumSeats: n, Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				checkRefusal := func(err error) {
					t.Helper()
					var re *engine.RuleError
					if !errors.As(err, &re) || re.Message.IsZero() {
						t.Fatalf("%s %dp: refusal %#v", ed, n, err)
					}
				}
				_, err = Title.ParseAction("nonsense")
				checkRefusal(err)
				var prev engine.Action
				pick := chooser(seed)
				for m.Result() == nil {
					seat := m.ToAct()[0]
					legal := m.Legal(seat)
					for _, a := range legal {
						if lb := m.Label(a); len(lb.PathMessages) == 0 || lb.LineMessage.IsZero() {
							t.Fatalf("%s %dp: label of %s: %+v", ed, n, a, lb)
						}
					}
					if prev != nil {
						if _, _, err := m.Apply(prev); err != nil {
							checkRefusal(err)
						}
					}
					a := legal[pick(len(legal))]
					next, ev, err := m.Apply(a)
					if err != nil {
						t.Fatal(err)
					}
					for _, e := range ev {
						if e.Message.IsZero() {
							t.Fatalf("%s %dp: event of %s: %+v", ed, n, a, e)
						}
					}
					m, prev = next, a
				}
				if r := m.Result(); r.TieBreak != "" {
					t.Fatalf("%s %dp: tie-break in English: %q", ed, n, r.TieBreak)
				}
				for _, row := range m.(engine.Breakdown).Breakdown().Rows {
					if row.NameMessage.IsZero() {
						t.Fatalf("%s %dp: score row %+v", ed, n, row)
					}
				}
				if lb := m.Label(fakeAction{}); len(lb.PathMessages) == 0 || lb.LineMessage.IsZero() {
					t.Fatalf("label of another title's action: %+v", lb)
				}
			}
		}
	}
}

// fakeAction is an action of no title.
type fakeAction struct{}

func (fakeAction) String() string { return "fake" }
func (fakeAction) Actor() int     { return 0 }

package i18n

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestBrassMessages plays random Brass games (2–4 players, the full and
// the introductory game) and checks every event, every label of every
// legal action, every seat's secrets, refusals (another seat's move, a
// stale move, malformed strings), the tie-break and the score categories:
// each is in the catalogue, renders without gaps in English and Polish,
// shows all its arguments, and reads differently in Polish.
func TestBrassMessages(t *testing.T) {
	c := newCBChecker(t)
	seeds := []uint64{1, 2}
	seeds = seeds[:testenv.Size(t, 1, len(seeds))]
	for _, opts := range []string{"", "intro"} {
		raw, err := brass.Title.ParseOptions(opts)
		if err != nil {
			t.Fatal(err)
		}
		for n := 2; n <= 4; n++ {
			if !testenv.Pick(t, n == 3) {
				continue // one goroutine checks the texts: under -race the 3-player games only
			}
			for _, seed := range seeds {
				m, err := brass.Title.New(engine.Setup{NumSeats: n, Seed: seed, Options: raw})
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(seed, uint64(n)))
				var stale engine.Action
				for step := 0; m.Result() == nil; step++ {
					where := fmt.Sprintf("%dp %q seed %d step %d", n, opts, seed, step)
					for s := 0; s < n; s++ {
						for _, l := range m.(engine.Secrets).Secrets(s) {
							c.check(where+" secrets", l, "")
						}
					}
					seat := m.ToAct()[0]
					legal := m.Legal(seat)
					for _, a := range legal {
						l := m.Label(a)
						for _, p := range l.PathMessages {
							c.check(where+" path of "+a.String(), p, "")
						}
						c.check(where+" line of "+a.String(), l.LineMessage, "")
						if !l.NoteMessage.IsZero() {
							c.check(where+" note of "+a.String(), l.NoteMessage, "")
						}
						if !l.Pick.Group.IsZero() {
							c.check(where+" pick of "+a.String(), l.Pick.Group, "")
						}
					}
					a := legal[r.IntN(len(legal))]
					if stale != nil {
						if _, _, err := m.Apply(stale); err != nil {
							c.checkErr(where+" stale "+stale.String(), err)
						}
					}
					if _, err := brass.Title.ParseAction(a.String() + ":9"); err != nil {
						c.checkErr(where+" malformed", err)
					}
					next, ev, err := m.Apply(a)
					if err != nil {
						t.Fatalf("%s: %s refused: %v", where, a, err)
					}
					for _, e := range ev {
						c.check(where+" event of "+a.String(), e.Message, "")
					}
					stale, m = a, next
				}
				if tb := m.Result().TieBreakMessage; !tb.IsZero() {
					c.check("tie-break", tb, "")
				}
				for _, row := range m.(engine.Breakdown).Breakdown().Rows {
					c.check("breakdown", row.NameMessage, "")
				}
				c.check("round name", m.(engine.RoundNames).RoundName(3), "")
				c.check("round name", m.(engine.RoundNames).RoundName(15), "")
				testenv.Played(t, 1)
			}
		}
	}
	// Distances go through plural forms; the ids of logs stored before
	// (an integer Dist) still read.
	for n, want := range map[int][2]string{0: {"0 links away", "odległość: 0 połączeń"}, 1: {"1 link away", "odległość: 1 połączenie"},
		2: {"2 links away", "odległość: 2 połączenia"}, 5: {"5 links away", "odległość: 5 połączeń"}, 22: {"22 links away", "odległość: 22 połączenia"}} {
		m := engine.Say("bb_away", "Count", n)
		c.check("distance", m, want[0])
		if got := c.pl.Message(m, ""); got != want[1] {
			t.Errorf("bb_away %d in Polish: %q, want %q", n, got, want[1])
		}
	}
	c.check("stored coal log", engine.Say("bb_log_coal_from", "Count", 1, "Loc", engine.Say("bb_loc_leek"), "P", "{P0}", "Dist", 2),
		"coal ×1 from {P0}'s mine in Leek, 2 links away")
	c.check("stored coal line", engine.Say("bb_line_coal_from", "Loc", engine.Say("bb_loc_leek"), "No", 1, "Whose", engine.Say("bb_whose_own"), "Dist", 2, "Cubes", 3, "Count", 1), "")
	if len(c.checked) < 100 {
		t.Errorf("only %d message ids checked", len(c.checked))
	}
}

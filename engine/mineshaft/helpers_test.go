package mineshaft

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
)

// newMatch sets up a game of n seats with seed and overrides (nil: none).
func newMatch(t *testing.T, n int, seed uint64, ov *Overrides) *match {
	t.Helper()
	var raw json.RawMessage
	if ov != nil {
		b, err := json.Marshal(ov)
		if err != nil {
			t.Fatal(err)
		}
		raw = b
	}
	m, err := Title.New(engine.Setup{NumSeats: n, Seed: seed, Overrides: raw})
	if err != nil {
		t.Fatal(err)
	}
	return m.(*match)
}

// play applies the compact forms in order, failing the test on any
// refusal; it checks the invariants after each when check is set.
func play(t *testing.T, m *match, check bool, moves ...string) (*match, []engine.Event) {
	t.Helper()
	var all []engine.Event
	for _, str := range moves {
		a, err := ParseAction(str)
		if err != nil {
			t.Fatalf("parse %s: %v", str, err)
		}
		next, ev, err := m.Apply(a)
		if err != nil {
			t.Fatalf("%s refused: %v (step %s, legal: %v)", str, err, m.s.Step.Kind, legalStrings(m))
		}
		if check {
			if err := CheckInvariants(next); err != nil {
				t.Fatalf("after %s: %v", str, err)
			}
		}
		m = next.(*match)
		all = append(all, ev...)
	}
	return m, all
}

// refuse checks that str is refused with code.
func refuse(t *testing.T, m *match, str, code string) {
	t.Helper()
	a, err := ParseAction(str)
	if err != nil {
		t.Fatalf("parse %s: %v", str, err)
	}
	_, _, err = m.Apply(a)
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s: got %v, want a rule error %s", str, err, code)
	}
	if code != "" && re.Code != code {
		t.Fatalf("%s: code %s (%v), want %s", str, re.Code, re.Message, code)
	}
}

// legalStrings returns the compact forms of the legal actions of the seat
// to act.
func legalStrings(m *match) []string {
	if m.s.Turn < 0 {
		return nil
	}
	return engine.Strings(m.Legal(m.s.Turn))
}

// wantLegal checks that the legal actions are exactly want (any order).
func wantLegal(t *testing.T, m *match, want ...string) {
	t.Helper()
	got := legalStrings(m)
	a, b := slices.Clone(got), slices.Clone(want)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		t.Fatalf("step %s: legal %v, want %v", m.s.Step.Kind, got, want)
	}
}

func chooser(seed uint64) engine.Chooser {
	r := rand.New(rand.NewPCG(seed, 7))
	return func(n int) int { return r.IntN(n) }
}

// tileOf returns the first tile id of Standard of shape, colour and
// special not in not.
func tileOf(t *testing.T, shape Shape, c Colour, x Special, not ...int) int {
	t.Helper()
	for _, tl := range Standard.Tiles[1:] {
		if tl.Shape == shape && tl.Colour == c && tl.Special == x && !slices.Contains(not, tl.ID) {
			return tl.ID
		}
	}
	t.Fatalf("no %s %s %s tile", c.Name(), shape, x)
	return 0
}

func intp(v int) *int { return &v }

// lay describes one tile of a scenario's mine: where, what (colour, shape,
// special), its tracks as laid ("EW"), collapsed or not, and its markers.
type lay struct {
	x, y   int
	col    Colour
	shape  Shape
	sp     Special
	tracks string
	down   bool
	m      [NumResources]int
}

// tracksOf reads "NESW"-style edges.
func tracksOf(t *testing.T, s string) Tracks {
	t.Helper()
	var tr Tracks
	for _, c := range s {
		d := strings.IndexRune("NESW", c)
		if d < 0 {
			t.Fatalf("tracks %q", s)
		}
		tr |= 1 << d
	}
	return tr
}

// scenario turns lays into the grid of Overrides for n players: each gets
// the first tile of its kind in play and not used yet, turned to show its
// tracks. It returns the grid and the tile ids used, in order.
func scenario(t *testing.T, n int, lays ...lay) ([]CellSetup, []int) {
	t.Helper()
	var out []CellSetup
	var used []int
	for _, l := range lays {
		id := -1
		for _, tl := range Standard.Tiles[1:] {
			if tl.Shape == l.shape && tl.Colour == l.col && tl.Special == l.sp && Standard.InPlay(tl.ID, n) && !slices.Contains(used, tl.ID) {
				id = tl.ID
				break
			}
		}
		if id < 0 {
			t.Fatalf("no %s %s %s tile left", l.col.Name(), l.shape, l.sp)
		}
		want := tracksOf(t, l.tracks)
		rot := -1
		for r := 0; r < 4; r++ {
			if Standard.Tiles[id].Tracks.Turn(r) == want {
				rot = r
				break
			}
		}
		if rot < 0 {
			t.Fatalf("a %s cannot show tracks %s", l.shape, l.tracks)
		}
		used = append(used, id)
		out = append(out, CellSetup{X: l.x, Y: l.y, Tile: id, Rot: rot, Collapsed: l.down, Markers: l.m})
	}
	return out, used
}

// cellsOf lists the cells of options as "x,y", sorted.
func cellsOf(opts []option) []string {
	var out []string
	for _, o := range opts {
		out = append(out, fmt.Sprintf("%d,%d", o.X, o.Y))
	}
	slices.Sort(out)
	return out
}

// sameCells checks that opts are exactly the cells want ("x,y").
func sameCells(t *testing.T, what string, opts []option, want ...string) {
	t.Helper()
	slices.Sort(want)
	if got := cellsOf(opts); !slices.Equal(got, want) {
		t.Fatalf("%s: cells %v, want %v", what, got, want)
	}
}

// tileAt returns the grid tile at (x, y) or fails.
func tileAt(t *testing.T, m *match, x, y int) cell {
	t.Helper()
	i := m.s.at(x, y)
	if i < 0 {
		t.Fatalf("no tile at (%d, %d)", x, y)
	}
	return m.s.Grid[i]
}

// hasEvent reports whether events hold a message of id.
func hasEvent(ev []engine.Event, id string) bool {
	for _, e := range ev {
		if e.Message.ID == id {
			return true
		}
	}
	return false
}

// engineSetup is a plain setup of n seats.
func engineSetup(n int, seed uint64) engine.Setup { return engine.Setup{NumSeats: n, Seed: seed} }

package coalbaronimg

import (
	"encoding/json"
	"image"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

// The renderers admit only the public view: these lines stop compiling if
// their signatures ever take anything that could hold hidden information.
var (
	_ func(coalbaron.PublicView, imaging.Options) (image.Image, error) = RenderTurn
	_ func(coalbaron.PublicView, imaging.Options) (image.Image, error) = RenderBoard
)

// TestGlyphsDistinct holds that crests, engine types and destinations are
// told apart by shape and by letter within each family, not by colour,
// and that the layout draws each with its family's glyph.
func TestGlyphsDistinct(t *testing.T) {
	for family, gs := range Glyphs() {
		shapes, letters := map[string]int{}, map[string]int{}
		for k, g := range gs {
			if g.Letter == "" || g.Shape == "" {
				t.Errorf("%s %d has no letter or shape", family, k)
			}
			if j, ok := shapes[g.Shape]; ok {
				t.Errorf("%s %d and %d share the shape %s", family, j, k, g.Shape)
			}
			if j, ok := letters[g.Letter]; ok {
				t.Errorf("%s %d and %d share the letter %s", family, j, k, g.Letter)
			}
			shapes[g.Shape], letters[g.Letter] = k, k
		}
	}
	// In the layout: every glyph drawn for a card is its family's glyph for
	// that card's crest, engine type or destination, and every kind of each
	// family appears over a few games.
	e := coalbaron.Standard
	seen := map[string]map[string]bool{FamilyCrest: {}, FamilyEngine: {}, FamilyDest: {}}
	for _, views := range randomViews(t, 8) {
		for _, v := range views {
			items, _, _ := turnItems(v, imaging.Options{}, true)
			for _, it := range items {
				if seen[it.Kind] == nil {
					continue
				}
				seen[it.Kind][it.Shape+" "+it.Text] = true
				if it.Card < 0 {
					continue
				}
				c := e.Card(it.Card)
				var want Glyph
				switch it.Kind {
				case KindCrest:
					want = crestGlyph(c.Crest)
				case KindEngine:
					want = engineGlyph(c.Engine)
				case KindDest:
					want = destGlyph(c.Dest)
				}
				if it.Shape != want.Shape || it.Text != want.Letter {
					t.Fatalf("%s glyph %s %q for %s", it.Kind, it.Shape, it.Text, c)
				}
			}
		}
	}
	for family, gs := range Glyphs() {
		if len(seen[family]) != len(gs) {
			t.Errorf("%s: the layouts drew %d distinct glyphs, want %d: %v", family, len(seen[family]), len(gs), seen[family])
		}
	}
}

// TestNoLeak holds that the public pictures show nothing hidden: the
// layouts of two matches that differ only in hidden cards (every hand and
// stack below its top re-dealt) are identical, and a seat view is refused
// where a public view is wanted.
func TestNoLeak(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	checked := 0
	for seats := 2; seats <= 4; seats++ {
		for k := 0; k < 6; k++ {
			m := randomMatch(t, seats, int64(seats*100+k), 20+k*60)
			other := redealt(t, m, r)
			if other == nil {
				continue
			}
			v1, v2 := m.Public().(coalbaron.PublicView), other.Public().(coalbaron.PublicView)
			if !reflect.DeepEqual(v1, v2) {
				t.Fatalf("%dp #%d: the re-deal changed the public view", seats, k)
			}
			differ := false
			for s := 0; s < seats; s++ {
				if !reflect.DeepEqual(m.Seat(s), other.Seat(s)) {
					differ = true
				}
			}
			if !differ {
				continue
			}
			checked++
			o := imaging.Options{Names: fixtureNames[:seats]}
			if a, b := TurnLayout(v1, o), TurnLayout(v2, o); !reflect.DeepEqual(a, b) {
				t.Errorf("%dp #%d: turn layouts differ with hidden cards re-dealt", seats, k)
			}
			i1, _, _ := turnItems(v1, o, true)
			i2, _, _ := turnItems(v2, o, true)
			if !reflect.DeepEqual(i1, i2) {
				t.Errorf("%dp #%d: board items differ with hidden cards re-dealt", seats, k)
			}
			// No card of a hand is drawn in the public picture unless it is
			// also public (a top card or on a board).
			shown := map[int]bool{}
			for _, it := range i1 {
				shown[it.Card] = true
			}
			for s := 0; s < seats; s++ {
				sv := m.Seat(s).(coalbaron.SeatView)
				for _, id := range append(append([]int(nil), sv.Orders...), sv.Innovations...) {
					if shown[id] {
						t.Errorf("%dp #%d: seat %d's hand card %s is drawn in public", seats, k, s, coalbaron.Standard.Card(id))
					}
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d re-deals changed a hand", checked)
	}
	rd := Renderer
	m := randomMatch(t, 3, 1, 30)
	if _, err := rd.Turn(m.Seat(0), imaging.Options{}); err == nil {
		t.Error("Turn drew a seat view")
	}
	if _, err := rd.Board(m.Seat(0), imaging.Options{}); err == nil {
		t.Error("Board drew a seat view")
	}
	if _, err := rd.Turn(m.Public(), imaging.Options{}); err != nil {
		t.Errorf("Turn of the public view: %v", err)
	}
	if _, err := rd.Hand(m.Seat(1), imaging.Options{}); err != nil {
		t.Errorf("Hand of a seat view: %v", err)
	}
}

// fixedView is the public view the golden pins: a 3-player game in its
// third shift, stored in testdata so that the golden depends on the
// renderer only (a change of the rules does not move it). -update records
// it from a random game when the file is missing.
func fixedView(t *testing.T) coalbaron.PublicView {
	t.Helper()
	path := filepath.Join("testdata", "view-3p.json")
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) && *update {
		v := randomMatch(t, 3, 42, 130).Public().(coalbaron.PublicView)
		if b, err = json.MarshalIndent(v, "", " "); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	} else if err != nil {
		t.Fatalf("%v (run with -update to record)", err)
	}
	var v coalbaron.PublicView
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestTurnGolden pins the turn picture of one fixed state: its items as
// JSON and its pixels (with a tolerance) in testdata; -update re-records.
func TestTurnGolden(t *testing.T) {
	v := fixedView(t)
	o := imaging.Options{Names: fixtureNames[:3]}
	items, _, _ := turnItems(v, o, false)
	got, err := json.MarshalIndent(golden(items), "", " ")
	if err != nil {
		t.Fatal(err)
	}
	img, err := RenderTurn(v, o)
	if err != nil {
		t.Fatal(err)
	}
	imagingtest.Golden(t, *update, filepath.Join("testdata", "turn-layout-3p.json"), got, filepath.Join("testdata", "turn-3p.png"), img)
}

// goldenItem is an item as recorded in testdata, rounded to whole pixels.
type goldenItem struct {
	Kind  string `json:"k"`
	Seat  int    `json:"s,omitempty"`
	Card  int    `json:"c,omitempty"`
	N     int    `json:"n,omitempty"`
	Text  string `json:"t,omitempty"`
	Shape string `json:"sh,omitempty"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	W     int    `json:"w,omitempty"`
	H     int    `json:"h,omitempty"`
}

func golden(items []Item) []goldenItem {
	var out []goldenItem
	r := func(f float64) int { return int(f + 0.5) }
	for _, it := range items {
		out = append(out, goldenItem{it.Kind, it.Seat, it.Card, it.N, it.Text, it.Shape, r(it.X), r(it.Y), r(it.W), r(it.H)})
	}
	return out
}

// redealt returns m with every hand's orders and innovations re-dealt
// with the hidden cards of their stacks (below the top), hand sizes kept:
// a match that differs from m in hidden cards only. It goes through the
// snapshot, so it needs nothing of the title's internals but the names of
// its snapshot's fields. Nil when m has no snapshot to re-deal.
func redealt(t *testing.T, m engine.Match, r *rand.Rand) engine.Match {
	t.Helper()
	snap, err := m.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	if err := json.Unmarshal(snap, &s); err != nil {
		t.Fatal(err)
	}
	stacks, ok1 := s["Stacks"].([]any)
	players, ok2 := s["Players"].([]any)
	if !ok1 || !ok2 {
		t.Fatalf("snapshot fields changed: %.200s", snap)
	}
	for _, pool := range []struct {
		zone  coalbaron.Zone
		field string
	}{{coalbaron.ZoneOrder, "Orders"}, {coalbaron.ZoneInnovation, "Innovations"}} {
		type slot struct {
			list []any
			i    int
		}
		var slots []slot
		if st, _ := stacks[pool.zone].([]any); len(st) > 1 {
			for i := 1; i < len(st); i++ {
				slots = append(slots, slot{st, i})
			}
		}
		for _, p := range players {
			hand, _ := p.(map[string]any)[pool.field].([]any)
			for i := range hand {
				slots = append(slots, slot{hand, i})
			}
		}
		cards := make([]any, len(slots))
		for i, sl := range slots {
			cards[i] = sl.list[sl.i]
		}
		r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
		for i, sl := range slots {
			sl.list[sl.i] = cards[i]
		}
	}
	for _, p := range players {
		if hand, _ := p.(map[string]any)["Orders"].([]any); len(hand) > 1 {
			sort.Slice(hand, func(i, j int) bool { return hand[i].(float64) < hand[j].(float64) })
		}
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	other, err := coalbaron.Title.Restore(b)
	if err != nil {
		t.Fatalf("restore the re-dealt snapshot: %v", err)
	}
	return other
}

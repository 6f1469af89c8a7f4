package mineshaft

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tinnersbot/tinnersbot/engine"
)

// TestRulesSummary: the /tt rules text fits its bound and states the
// numbers of Standard.
func TestRulesSummary(t *testing.T) {
	r := Title.Meta().Rules
	if n := utf8.RuneCountInString(r); n == 0 || n > engine.MaxRulesLen {
		t.Fatalf("rules summary has %d characters (at most %d)", n, engine.MaxRulesLen)
	}
	e := Standard
	for _, want := range []string{
		fmt.Sprintf("gold %d, silver %d, coal %d", e.Points[Gold], e.Points[Silver], e.Points[Coal]),
		fmt.Sprintf("2 players use the %d unmarked tiles, 3–4 all %d", e.NumUnmarked, e.NumTiles),
		fmt.Sprintf("filled to %d markers", e.Capacity),
		fmt.Sprintf("step up to %d tile", e.FirstRoundSteps),
		fmt.Sprintf("%d gold, or %d silver, or %d coal", e.Collect[Gold], e.Collect[Silver], e.Collect[Coal]),
		fmt.Sprintf("die B (%d–%d)", e.DieB[0], e.DieB[5]),
		fmt.Sprintf("Loose Rock (%d markers to you", e.LooseRockDraw),
	} {
		if !strings.Contains(r, want) {
			t.Errorf("rules summary lacks %q", want)
		}
	}
}

// TestNothingSecret: nothing is hidden but the pile's order (MS-V1): the
// match has no secrets, a seat sees the public view, and the public view
// holds the pile's size, not its tiles, nor the seed.
func TestNothingSecret(t *testing.T) {
	m := newMatch(t, 3, 99, nil)
	if _, ok := any(m).(engine.Secrets); ok {
		t.Fatalf("a Mine Shaft match has secrets")
	}
	sv := m.Seat(1).(SeatView)
	pb, _ := json.Marshal(m.Public())
	sb, _ := json.Marshal(sv.PublicView)
	if string(pb) != string(sb) || sv.Seat != 1 {
		t.Fatalf("a seat sees other than the public view")
	}
	v := m.Public().(PublicView)
	if v.Pile != len(m.s.Pile) || strings.Contains(string(pb), "RNG") || strings.Contains(string(pb), fmt.Sprint(m.s.RNG)) {
		t.Fatalf("the public view shows the pile or the seed")
	}
	// Every tile of the pile is still listed as in play: the box holds
	// only the unused marked tiles.
	if len(v.Box) != 0 {
		t.Fatalf("3 players: box %v", v.Box)
	}
	if v2 := newMatch(t, 2, 99, nil).Public().(PublicView); len(v2.Box) != 18 || v2.Pile != 62 {
		t.Fatalf("2 players: box of %d, pile of %d", len(v2.Box), v2.Pile)
	}
}

// TestPublicView: the view a renderer draws agrees with the state: every
// tile with its tracks as laid, pawns, open ends, bag, players' points.
func TestPublicView(t *testing.T) {
	m := newMatch(t, 4, 7, nil)
	end, _, err := engine.RandomPlayout(m, chooser(3), 120, CheckInvariants)
	if err != nil && end.Result() == nil && !strings.Contains(err.Error(), "within") {
		t.Fatal(err)
	}
	mm := end.(*match)
	v := mm.Public().(PublicView)
	if len(v.Tiles) != len(mm.s.Grid) || !v.Tiles[0].Start || v.Tiles[0].Place != PlaceCell(0, 0) {
		t.Fatalf("tiles %d, first %+v", len(v.Tiles), v.Tiles[0])
	}
	pawns := 0
	for i, tv := range v.Tiles {
		g := mm.s.Grid[i]
		if tv.ID != g.Tile || tv.X != g.X || tv.Tracks != Standard.Tiles[g.Tile].Tracks.Turn(g.Rot) || tv.Markers != g.Markers || tv.Collapsed != g.Collapsed {
			t.Fatalf("tile view %+v of %+v", tv, g)
		}
		pawns += len(tv.Pawns)
	}
	if pawns != 4 {
		t.Fatalf("%d pawns on the tiles of the view", pawns)
	}
	ends := 0
	for i := range mm.s.Grid {
		ends += len(mm.s.openEnds(i))
	}
	if len(v.OpenEnds) != ends {
		t.Fatalf("%d open ends in the view, %d in the mine", len(v.OpenEnds), ends)
	}
	for _, o := range v.OpenEnds {
		if mm.s.at(o.CellX, o.CellY) >= 0 || o.Place != PlaceCell(o.CellX, o.CellY) {
			t.Fatalf("open end %+v faces a tile", o)
		}
	}
	if v.BagCount != v.Bag[0]+v.Bag[1]+v.Bag[2] {
		t.Fatalf("bag %v count %d", v.Bag, v.BagCount)
	}
	for k, p := range v.Players {
		if p.Points != mm.s.points(mm.s.Players[k].Markers) {
			t.Fatalf("player view %+v", p)
		}
	}
}

// TestDefaultsAndBreakdown: a table of default moves plays to the end
// (the bag empties); the default moves are the ones DECISIONS.md names;
// the final breakdown adds up to the result; the round never goes down.
func TestDefaultsAndBreakdown(t *testing.T) {
	for n := 2; n <= 4; n++ {
		var mm engine.Match = newMatch(t, n, uint64(5+n), nil)
		round := 1
		for mm.Result() == nil {
			if mm.Version() > 5000 {
				t.Fatalf("%d players: a table of default moves does not end", n)
			}
			s := mm.(*match).s
			seat := mm.ToAct()[0]
			d := mm.(engine.Defaults).Default(seat)
			a := d.(Action)
			switch s.Step.Kind {
			case StepCollect:
				g := s.Grid[s.pawnTile(seat)]
				if a.Kind != ActCollect || min(g.Markers[a.Res], Standard.Collect[a.Res])*Standard.Points[a.Res] < collectValue(s, s.pawnTile(seat)) {
					t.Fatalf("default collection %s from %v", a, g.Markers)
				}
			case StepRide:
				if a.Kind != ActNoRide {
					t.Fatalf("default ride %s", a)
				}
			case StepSwap:
				if a.Kind != ActNoSwap {
					t.Fatalf("default swap %s", a)
				}
			}
			if mm.(engine.Breakdown).Breakdown() != nil {
				t.Fatalf("a breakdown before the end")
			}
			next, _, err := mm.Apply(d)
			if err != nil {
				t.Fatal(err)
			}
			if r := next.(engine.Rounds).Round(); r < round {
				t.Fatalf("round %d after %d", r, round)
			} else {
				round = r
			}
			mm = next
		}
		bd := mm.(engine.Breakdown).Breakdown()
		res := mm.Result()
		for seat := range res.Scores {
			sum := 0
			for _, row := range bd.Rows {
				sum += row.Points[seat]
			}
			if sum != res.Scores[seat] || bd.Totals[seat] != res.Scores[seat] {
				t.Fatalf("seat %d: rows add up to %d, total %d, result %d", seat, sum, bd.Totals[seat], res.Scores[seat])
			}
		}
		if len(bd.Rows) != 3 {
			t.Fatalf("%d rows", len(bd.Rows))
		}
	}
}

// TestRefusals: moves out of turn, after the end, not legal now, and
// setups the rules do not allow are refused.
func TestRefusals(t *testing.T) {
	m := newMatch(t, 2, 1, &Overrides{Start: intp(0)})
	refuse(t, m, "1/d", engine.ErrNotYourTurn)
	refuse(t, m, "0/r", engine.ErrNotAvailable)
	refuse(t, m, "0/p:5,5:0", engine.ErrNotAvailable)
	for _, ov := range []string{`{"start": 5}`, `{"grid": [{"x": 0, "y": 0, "tile": 5}]}`, `{"grid": [{"x": 1, "y": 0, "tile": 79}]}`,
		`{"grid": [{"x": 1, "y": 0, "tile": 11}]}`, `{"pawns": [[4, 4]]}`, `{"players": [[21, 0, 0]]}`, `{"dice": [{"a": "X", "b": 1}]}`, `{"bogus": 1}`} {
		if _, err := Title.New(engine.Setup{NumSeats: 2, Seed: 1, Overrides: json.RawMessage(ov)}); err == nil {
			t.Errorf("overrides %s accepted", ov)
		}
	}
	if _, err := Title.New(engine.Setup{NumSeats: 1, Seed: 1}); err == nil {
		t.Errorf("a 1-seat game was set up")
	}
	if _, err := Title.New(engine.Setup{NumSeats: 2, Seed: 1, Edition: "ms-0"}); err == nil {
		t.Errorf("an unknown edition was set up")
	}
}

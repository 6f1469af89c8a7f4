package i18n

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// notMS is an action of no Mine Shaft kind.
type notMS struct{}

func (notMS) String() string { return "x" }
func (notMS) Actor() int     { return 0 }

// TestMineShaftMessages plays random games for 2, 3 and 4 players and
// checks every event, every label of every legal action, the result's
// tie-break and refusals (another seat's move, stale moves, malformed
// strings): each message is in the catalogue and renders in English and
// Polish without gaps, and Polish differs from English. Then every term,
// and every ms_ message no game reached, is checked by hand, so that every
// message of the area is checked.
func TestMineShaftMessages(t *testing.T) {
	c := newCBChecker(t)
	seeds := []uint64{1, 2, 3, 4}
	seeds = seeds[:testenv.Size(t, 1, len(seeds))]
	for n := 2; n <= 4; n++ {
		for _, seed := range seeds {
			m, err := mineshaft.Title.New(engine.Setup{NumSeats: n, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, uint64(n)))
			var stale []engine.Action
			for step := 0; m.Result() == nil; step++ {
				where := fmt.Sprintf("%dp seed %d step %d", n, seed, step)
				seat := m.ToAct()[0]
				legal := m.Legal(seat)
				for _, a := range legal {
					l := m.Label(a)
					// One level; a move through a Tunnel two, under "Through
					// the Tunnel".
					if n := len(l.PathMessages); n != 1 && (n != 2 || l.PathMessages[0].ID != "ms_opt_tunnel") {
						t.Fatalf("%s: label of %s has %d levels, want 1", where, a, len(l.PathMessages))
					}
					for _, pm := range l.PathMessages {
						c.check(where+" path of "+a.String(), pm, "")
					}
					msFits(t, where+" "+a.String(), l)
					c.check(where+" line of "+a.String(), l.LineMessage, "")
					if !l.NoteMessage.IsZero() {
						c.check(where+" note of "+a.String(), l.NoteMessage, "")
					}
				}
				a := legal[r.IntN(len(legal))].(mineshaft.Action)
				other := a
				other.Seat = (seat + 1 + r.IntN(n-1)) % n
				if _, _, err := m.Apply(other); err != nil {
					c.checkErr(where+" other seat", err)
				} else {
					t.Fatalf("%s: seat %d played in seat %d's turn", where, other.Seat, seat)
				}
				for _, old := range stale {
					if old.Actor() != seat {
						continue
					}
					if _, _, err := m.Apply(old); err != nil {
						c.checkErr(where+" stale "+old.String(), err)
					}
				}
				if step%5 == 0 {
					stale = append(stale[:0], legal...)
				}
				next, events, err := m.Apply(a)
				if err != nil {
					t.Fatalf("%s: %s: %v", where, a, err)
				}
				for _, e := range events {
					c.check(where+" event", e.Message, "")
				}
				m = next
			}
			testenv.Played(t, 1)
			if res := m.Result(); !res.TieBreakMessage.IsZero() {
				c.check(fmt.Sprintf("%dp seed %d tie-break", n, seed), res.TieBreakMessage, "")
			}
			for _, row := range m.(engine.Breakdown).Breakdown().Rows {
				c.check("score row", row.NameMessage, "")
			}
			_, _, err = m.Apply(mineshaft.Action{Seat: 0, Kind: mineshaft.ActRoll})
			c.checkErr("game over", err)
			_, _, err = m.Apply(notMS{})
			c.checkErr("not a move", err)
			c.check("label of not a move", m.Label(notMS{}).LineMessage, "x")
		}
	}
	for _, s := range []string{"", "x", "0", "0/", "9/d", "0/p:1", "0/p:1,1", "0/p:1,1:4", "0/m:a,b", "0/g:X", "01/d", "0/d:1"} {
		_, err := mineshaft.Title.ParseAction(s)
		c.checkErr(fmt.Sprintf("parse %q", s), err)
	}
	// Terms: every colour, die face, tile kind, side and set of tracks.
	for _, f := range []string{"yellow", "blue", "red", "green"} {
		c.check("colour", engine.Say("ms_colour_"+f), f)
	}
	c.check("face", engine.Say("ms_face_pickaxe"), "pickaxe")
	for _, tl := range mineshaft.Standard.Tiles[1:] {
		c.check(fmt.Sprintf("tile %d", tl.ID), tileMessage(tl), "")
	}
	c.check("start", engine.Say("ms_tile_start"), "start tile")
	for _, d := range []string{"n", "e", "s", "w"} {
		c.check("side", engine.Say("ms_side_"+d), "")
	}
	for tr := mineshaft.Tracks(1); tr < 16; tr++ {
		c.check("tracks", engine.Say("ms_tracks", "Glyph", mineshaft.Glyph(tr), "Words", engine.Say("ms_tracks_"+tr.String())), "")
		c.check("tracks in a menu", engine.Say("ms_opt_place", "Side", engine.Say("ms_side_n"), "Glyph", mineshaft.Glyph(tr), "Words", engine.Say("ms_tshort_"+tr.String())), "")
	}
	// Messages random games seldom or never reach, with their English.
	P, cell := "{P0}", "(1, −2)"
	red := engine.Say("ms_tile", "Colour", engine.Say("ms_colour_red"), "Kind", engine.Say("ms_shape_corner"))
	for _, x := range []struct {
		m       engine.Message
		english string
	}{
		{engine.Say("ms_tiebreak_gold", "Points", 30, "Gold", 3), "Tied on 30 points: the most gold (3) wins."},
		{engine.Say("ms_tiebreak_silver", "Points", 30, "Silver", 4), "Tied on 30 points and on gold: the most silver (4) wins."},
		{engine.Say("ms_tiebreak_shared", "Points", 30), "Tied on 30 points, gold and silver: the win is shared."},
		{engine.Say("ms_log_game_over_shared", "Points", 30), "Game over: a shared win on 30 points."},
		{engine.Say("ms_log_end_blocked"), "Every shaft is blocked: the game ends with this round."},
		{engine.Say("ms_log_end_blocked_round", "P", P), "Every shaft is blocked: the round is finished, up to {P0}, then the game ends."},
		{engine.Say("ms_log_end_pile"), "The pile is empty: the game ends with this round."},
		{engine.Say("ms_log_end_pile_round", "P", P), "The pile is empty: the round is finished, up to {P0}, then the game ends."},
		{engine.Say("ms_log_end_bag"), "The bag is empty: the game ends with this round."},
		{engine.Say("ms_log_end_bag_round", "P", P), "The bag is empty: the round is finished, up to {P0}, then the game ends."},
		{engine.Say("ms_log_fire_none", "P", P), "{P0}'s Fire finds no mine tile to burn."},
		{engine.Say("ms_log_explode_none", "P", P), "{P0}'s Timed Explosion finds no face-up mine tile."},
		{engine.Say("ms_log_rock_empty", "P", P), "The bag is empty: {P0} gets nothing from the Loose Rock."},
		{engine.Say("ms_log_fill_empty", "Cell", cell), "The bag is empty: (1, −2) gets nothing."},
		{engine.Say("ms_log_pulled_stuck", "P", P, "From", "(0, 0)", "Cell", cell), "Call for Help: {P0} is pulled from (0, 0) and stops on the collapsed (1, −2)."},
		{engine.Say("ms_log_pulled", "P", P, "From", "(0, 0)", "Cell", cell), "Call for Help: {P0} is pulled from (0, 0) to (1, −2)."},
		{engine.Say("ms_log_redraw", "P", P, "Tile", engine.Say("ms_tile", "Colour", engine.Say("ms_colour_red"), "Kind", engine.Say("ms_shape_dead_end"))),
			"{P0} draws a red End of Shaft in the first round: it goes back into the pile at random, and they draw again."},
		{engine.Say("ms_log_no_swap", "P", P), "{P0} lays the Swap without swapping."},
		{engine.Say("ms_line_place_swapped", "Tile", red, "Side", engine.Say("ms_side_s"),
			"Tracks", engine.Say("ms_tracks", "Glyph", "┐", "Words", engine.Say("ms_tracks_SW"))),
			"Move the red corner south, tracks ┐ south–west; the Swap takes its place."},
		{engine.Say("ms_log_swap", "P", P, "Tile", engine.Say("ms_tile_start"), "Cell", cell, "From", "(0, 1)",
			"Tracks", engine.Say("ms_tracks", "Glyph", "┼", "Words", engine.Say("ms_tracks_NESW"))), ""},
		{engine.Say("ms_log_swap_choice", "P", P, "Tile", engine.Say("ms_tile_start"), "Cell", cell), ""},
		{engine.Say("ms_list3", "A", "a", "B", "b", "C", "c"), "a, b and c"},
		{engine.Say("ms_line_collapse", "Tile", red, "Markers", engine.Say("ms_nothing"), "Count", 2), "Collapse the red corner (2 pawns stuck); back to the bag: nothing."},
		{engine.Say("ms_line_fire", "Tile", red, "Count", 1), "Burn the red corner: 1 pawn on it or next to it goes back to the start tile."},
		{engine.Say("ms_line_tunnel", "Place", engine.Say("ms_place_collapsed", "Tile", red)), "Jump to the collapsed red corner; your move ends."},
		{engine.Say("ms_line_stay", "Place", engine.Say("ms_place_start")), "Stay on the start tile."},
		{engine.Say("ms_move", "Move", "0/d"), "0/d"},
		{engine.Say("mineshaft_name"), "Mine Shaft"},
	} {
		c.check("by hand", x.m, x.english)
	}
	if got := Localizer(English).T("mineshaft_rules", nil); got != mineshaft.Title.Meta().Rules {
		t.Errorf("mineshaft_rules in English is not the title's own summary:\n%s\n%s", got, mineshaft.Title.Meta().Rules)
	}
	if got := Localizer(Polish).T("mineshaft_rules", nil); len(got) > engine.MaxRulesLen || got == mineshaft.Title.Meta().Rules {
		t.Errorf("mineshaft_rules in Polish: %d characters, or the English", len(got))
	}
	c.mark(engine.Say("mineshaft_rules"))
	for id := range catalogue(t, English) {
		if !testenv.Full() {
			break // one seed meets fewer messages; the full pass plays every seed
		}
		if (strings.HasPrefix(id, "ms_") || strings.HasPrefix(id, "mineshaft_")) && c.checked[id] == 0 {
			t.Errorf("no game or term checked %s", id)
		}
	}
	t.Logf("%d messages checked, %d ids", sum(c.checked), len(c.checked))
}

// tileMessage is tile tl's name as the engine writes it.
func tileMessage(tl mineshaft.Tile) engine.Message {
	kind := engine.Say("ms_shape_" + strings.ReplaceAll(tl.Shape.String(), "-", "_"))
	if tl.Special != mineshaft.NoSpecial {
		kind = engine.Say("ms_special_" + strings.ReplaceAll(tl.Special.String(), "-", "_"))
	}
	if tl.Colour == mineshaft.NoColour {
		return kind
	}
	return engine.Say("ms_tile", "Colour", engine.Say("ms_colour_"+tl.Colour.Name()), "Kind", kind)
}

// msFits checks that label l shows whole in the generic menu in English
// and Polish: its levels joined as a lone option shows them ("Tunnel ·
// →2: 1 coal"), after a ringed number, within the 60 characters of an
// option's label in the text (Discord: 80 for a button, 100 for a select
// option), and its line within a select option's 100-character
// description.
func msFits(t *testing.T, where string, l engine.Label) {
	t.Helper()
	for _, lang := range []string{English, Polish} {
		loc := Localizer(lang)
		var words []string
		for _, pm := range l.PathMessages {
			words = append(words, loc.Message(pm, ""))
		}
		if s := "⑳ " + strings.Join(words, " · "); len([]rune(s)) > 60 {
			t.Errorf("%s (%s): label of %d characters, more than 60: %q", where, lang, len([]rune(s)), s)
		}
		if s := loc.Message(l.LineMessage, ""); len([]rune(s)) > 100 {
			t.Errorf("%s (%s): line of %d characters, more than 100: %q", where, lang, len([]rune(s)), s)
		}
	}
}

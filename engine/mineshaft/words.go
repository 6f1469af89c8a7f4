package mineshaft

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// The words of this title as catalogue messages (engine.Message): the bot
// renders them in a reader's language (bot/i18n/mineshaft.*.toml). Every
// id starts with "ms_". Cells are written as coordinates, "(2, −1)", the
// same in every language; a rotation reads as a track glyph ("┐") and in
// words ("south–west"), never as an angle.

// seatArg is seat's placeholder in a message's arguments; FormatLine
// fills it with a name after rendering.
func seatArg(seat int) string { return fmt.Sprintf("{P%d}", seat) }

// cellArg writes cell (x, y), e.g. "(2, −1)".
func cellArg(x, y int) string {
	n := func(v int) string {
		if v < 0 {
			return fmt.Sprintf("−%d", -v)
		}
		return fmt.Sprint(v)
	}
	return "(" + n(x) + ", " + n(y) + ")"
}

// colourMsg names colour c ("red").
func colourMsg(c Colour) engine.Message { return engine.Say("ms_colour_" + c.Name()) }

// faceMsg names a face of die A: a colour or the pickaxe.
func faceMsg(f Face) engine.Message {
	if f.IsColour() {
		return colourMsg(Colour(f))
	}
	return engine.Say("ms_face_pickaxe")
}

// kindMsg names what a tile is: its special, else its shape.
func kindMsg(t Tile) engine.Message {
	if t.Special != NoSpecial {
		return engine.Say("ms_special_" + strings.ReplaceAll(t.Special.String(), "-", "_"))
	}
	return engine.Say("ms_shape_" + strings.ReplaceAll(t.Shape.String(), "-", "_"))
}

// tileMsg names tile id: "red corner", "blue Tunnel", "Fire", "the start
// tile".
func (s *state) tileMsg(id int) engine.Message {
	if id == 0 {
		return engine.Say("ms_tile_start")
	}
	t := s.tile(id)
	if t.Colour == NoColour {
		return kindMsg(t)
	}
	return engine.Say("ms_tile", "Colour", colourMsg(t.Colour), "Kind", kindMsg(t))
}

// Glyph draws a set of tracks as one box-drawing character, e.g. "┐" for
// S+W.
func Glyph(t Tracks) string {
	return [16]string{"·", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"}[t&15]
}

// tracksWords names a set of tracks in words ("south–west").
func tracksWords(t Tracks) engine.Message { return engine.Say("ms_tracks_" + t.String()) }

// tracksMsg is grid tile i's tracks as laid, glyph and words.
func (s *state) tracksMsg(i int) engine.Message {
	t := s.tracks(i)
	return engine.Say("ms_tracks", "Glyph", Glyph(t), "Words", tracksWords(t))
}

// sideMsg names an edge as the side of a tile ("north").
func sideMsg(d Dir) engine.Message { return engine.Say("ms_side_" + strings.ToLower(d.String())) }

// resourceIDs are the plural messages of each resource ("2 silver").
var resourceIDs = [NumResources]string{"ms_n_gold", "ms_n_silver", "ms_n_coal"}

// markersMsg lists markers by kind, "1 gold, 2 coal"; "nothing" for none.
func markersMsg(m [NumResources]int) engine.Message {
	var parts []engine.Message
	for r, n := range m {
		if n > 0 {
			parts = append(parts, engine.Say(resourceIDs[r], "Count", n))
		}
	}
	switch len(parts) {
	case 0:
		return engine.Say("ms_nothing")
	case 1:
		return parts[0]
	case 2:
		return engine.Say("ms_list2", "A", parts[0], "B", parts[1])
	}
	return engine.Say("ms_list3", "A", parts[0], "B", parts[1], "C", parts[2])
}

// contentMsg says what grid tile i holds for a player choosing it: its
// markers, "collapsed", or "start tile".
func (s *state) contentMsg(i int) engine.Message {
	g := &s.Grid[i]
	switch {
	case g.Collapsed:
		return engine.Say("ms_collapsed")
	case g.Tile == 0:
		return engine.Say("ms_tile_start")
	}
	return markersMsg(g.Markers)
}

// label describes a for the seat taking it: one menu level naming the
// option (a cell, a rotation as a glyph and words, a kind of marker) and a
// line with its effect; Where is its place.
func (s *state) label(a Action) engine.Label {
	cell := cellArg(a.X, a.Y)
	i := s.at(a.X, a.Y)
	lbl := func(path, line engine.Message, where ...int) engine.Label {
		return engine.Label{PathMessages: []engine.Message{path}, LineMessage: line, Where: where}
	}
	switch a.Kind {
	case ActDraw:
		return lbl(engine.Say("ms_opt_draw"), engine.Say("ms_line_draw", "Pile", len(s.Pile)), PlacePile)
	case ActRoll:
		return lbl(engine.Say("ms_opt_roll"), engine.Say("ms_line_roll"), PlaceDice)
	case ActClear:
		p := &s.Players[a.Seat]
		return lbl(engine.Say("ms_opt_clear"), engine.Say("ms_line_clear", "Cell", cellArg(p.X, p.Y)), PlaceCell(p.X, p.Y))
	case ActPlace:
		if s.Step.Kind != StepPlace {
			break
		}
		o, ok := findOption(s.placements(), a)
		if !ok {
			break
		}
		t := s.tile(s.Step.Tile).Tracks.Turn(a.Rot)
		path := engine.Say("ms_opt_place", "Side", sideMsg(o.Dir), "Glyph", Glyph(t), "Words", tracksWords(t))
		tr := engine.Say("ms_tracks", "Glyph", Glyph(t), "Words", tracksWords(t))
		line := engine.Say("ms_line_place", "Tile", s.tileMsg(s.Step.Tile), "Cell", cell, "Tracks", tr)
		if s.Step.SwapTile != NoTile {
			line = engine.Say("ms_line_place_swapped", "Tile", s.tileMsg(s.Step.Tile), "Cell", cell, "Tracks", tr,
				"From", cellArg(s.Step.SwapX, s.Step.SwapY))
		}
		return lbl(path, line, PlacePlacement(a.X, a.Y, a.Rot))
	case ActSwap:
		if i < 0 {
			break
		}
		return lbl(engine.Say("ms_opt_swap", "Cell", cell, "Tile", s.tileMsg(s.Grid[i].Tile)),
			engine.Say("ms_line_swap", "Tile", s.tileMsg(s.Grid[i].Tile), "Markers", s.contentMsg(i), "Cell", cell), PlaceCell(a.X, a.Y))
	case ActNoSwap:
		return lbl(engine.Say("ms_opt_no_swap"), engine.Say("ms_line_no_swap"))
	case ActFire:
		if i < 0 {
			break
		}
		burnt := s.burnt(i)
		line := engine.Say("ms_line_fire", "Cell", cell, "Count", len(burnt))
		switch {
		case len(burnt) == 0:
			line = engine.Say("ms_line_fire_none", "Cell", cell)
		case slices.Contains(burnt, a.Seat):
			line = engine.Say("ms_line_fire_self", "Cell", cell, "Count", len(burnt))
		}
		return lbl(engine.Say("ms_opt_fire", "Cell", cell, "Tile", s.tileMsg(s.Grid[i].Tile)), line, PlaceCell(a.X, a.Y))
	case ActExplode, ActCollapse:
		if i < 0 {
			break
		}
		id := "ms_opt_explode"
		if a.Kind == ActCollapse {
			id = "ms_opt_collapse"
		}
		line := engine.Say("ms_line_collapse_free", "Cell", cell, "Markers", markersMsg(s.Grid[i].Markers))
		if n := len(s.pawnsOn(a.X, a.Y)); n > 0 {
			line = engine.Say("ms_line_collapse", "Cell", cell, "Markers", markersMsg(s.Grid[i].Markers), "Count", n)
		}
		return lbl(engine.Say(id, "Cell", cell, "Tile", s.tileMsg(s.Grid[i].Tile)), line, PlaceCell(a.X, a.Y))
	case ActRide:
		if i < 0 {
			break
		}
		return lbl(engine.Say("ms_opt_ride", "Cell", cell, "Markers", markersMsg(s.Grid[i].Markers)),
			engine.Say("ms_line_ride", "Cell", cell, "Markers", markersMsg(s.Grid[i].Markers), "Count", s.points(s.Grid[i].Markers)), PlaceCell(a.X, a.Y))
	case ActNoRide:
		return lbl(engine.Say("ms_opt_no_ride"), engine.Say("ms_line_no_ride"))
	case ActFill:
		if i < 0 {
			break
		}
		return lbl(engine.Say("ms_opt_fill", "Cell", cell, "Markers", markersMsg(s.Grid[i].Markers)),
			engine.Say("ms_line_fill", "Cell", cell, "Tile", s.tileMsg(s.Grid[i].Tile), "Count", max(0, s.ed().Capacity-s.Grid[i].count())), PlaceCell(a.X, a.Y))
	case ActMove:
		if i < 0 {
			break
		}
		p := &s.Players[a.Seat]
		if p.X == a.X && p.Y == a.Y {
			return lbl(engine.Say("ms_opt_stay", "Cell", cell), engine.Say("ms_line_stay", "Cell", cell, "Markers", s.contentMsg(i)), PlaceCell(a.X, a.Y))
		}
		var opts []option
		if s.Step.Kind == StepRockStep {
			opts = s.rockSteps(a.Seat)
		} else if s.Step.Kind == StepMove {
			opts = s.moves(a.Seat, s.Step.Steps)
		}
		if o, ok := findOption(opts, a); ok && o.Tunnel {
			return lbl(engine.Say("ms_opt_tunnel", "Cell", cell, "Markers", s.contentMsg(i)),
				engine.Say("ms_line_tunnel", "Cell", cell, "Tunnel", cellArg(o.TX, o.TY), "Markers", s.contentMsg(i)), PlaceCell(a.X, a.Y))
		}
		return lbl(engine.Say("ms_opt_move", "Cell", cell, "Markers", s.contentMsg(i)),
			engine.Say("ms_line_move", "Cell", cell, "Markers", s.contentMsg(i)), PlaceCell(a.X, a.Y))
	case ActCollect:
		p := &s.Players[a.Seat]
		j := s.at(p.X, p.Y)
		if j < 0 {
			break
		}
		var got [NumResources]int
		got[a.Res] = min(s.Grid[j].Markers[a.Res], s.ed().Collect[a.Res])
		return lbl(engine.Say("ms_opt_collect", "Markers", markersMsg(got)),
			engine.Say("ms_line_collect", "Markers", markersMsg(got), "Count", s.points(got)), PlaceCell(p.X, p.Y))
	case ActCollectNone:
		return lbl(engine.Say("ms_opt_collect_none"), engine.Say("ms_line_collect_none"))
	}
	return moveLabel(a)
}

// moveLabel is the label of an action that is not legal now: its compact
// form.
func moveLabel(a engine.Action) engine.Label {
	m := engine.Say("ms_move", "Move", a.String())
	return engine.Label{PathMessages: []engine.Message{m}, LineMessage: m}
}

package mineshaft

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// The words of this title as catalogue messages (engine.Message): the bot
// renders them in a reader's language (bot/i18n/mineshaft.*.toml). Every
// id starts with "ms_". The log writes cells as coordinates, "(2, −1)", the
// same in every language (the picture's rulers number columns and rows);
// menu options name none (see label); a rotation reads as a track glyph
// ("┐") and in words ("south–west"), never as an angle.

// seatArg is seat's placeholder in a message's arguments; FormatLine
// fills it with a name after rendering.
func seatArg(seat int) string { return "{P" + strconv.Itoa(seat) + "}" }

// cellArg writes cell (x, y), e.g. "(2, −1)".
func cellArg(x, y int) string {
	n := func(v int) string {
		if v < 0 {
			return "−" + strconv.Itoa(-v)
		}
		return strconv.Itoa(v)
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

// placeMsg says which tile grid tile i is and what it holds, for a
// player choosing it by its ringed number on the picture: "the blue
// straight (1 gold and 2 coal)", "the start tile", "the collapsed red
// corner".
func (s *state) placeMsg(i int) engine.Message {
	g := &s.Grid[i]
	switch {
	case g.Tile == 0:
		return engine.Say("ms_place_start")
	case g.Collapsed:
		return engine.Say("ms_place_collapsed", "Tile", s.tileMsg(g.Tile))
	}
	return engine.Say("ms_place_tile", "Tile", s.tileMsg(g.Tile), "Markers", markersMsg(g.Markers))
}

// plainPlaceMsg is placeMsg without the markers, for a line beside an
// option that shows them: "the blue straight".
func (s *state) plainPlaceMsg(i int) engine.Message {
	if g := &s.Grid[i]; g.Tile != 0 && !g.Collapsed {
		return engine.Say("ms_place_plain", "Tile", s.tileMsg(g.Tile))
	}
	return s.placeMsg(i)
}

// offArg is where cell (x, y) lies from seat's pawn, in arrows and
// steps, north up as on the picture: "↑1 →2"; the pawn's own tile is
// "your tile". Options on cells say it first, so that no two read alike.
func (s *state) offArg(seat, x, y int) any {
	p := &s.Players[seat]
	dx, dy := x-p.X, y-p.Y
	var parts []string
	switch {
	case dy < 0:
		parts = append(parts, fmt.Sprintf("↑%d", -dy))
	case dy > 0:
		parts = append(parts, fmt.Sprintf("↓%d", dy))
	}
	switch {
	case dx < 0:
		parts = append(parts, fmt.Sprintf("←%d", -dx))
	case dx > 0:
		parts = append(parts, fmt.Sprintf("→%d", dx))
	}
	if len(parts) == 0 {
		return engine.Say("ms_off_here")
	}
	return strings.Join(parts, " ")
}

// tracksShort names a set of tracks in a menu option's few words ("north–
// south–west"; Polish abbreviates the sides).
func tracksShort(t Tracks) engine.Message { return engine.Say("ms_tshort_" + t.String()) }

// label describes a for the seat taking it: one menu level naming the
// option (what is on the tile, a rotation as a glyph and words, a kind of
// marker) and a line with its effect; Where is its place. Options name no
// coordinates: the bot numbers each place on the step's picture and
// before the option (①, ②…), and the words say where it lies from the
// pawn (offArg) and what is there. A move
// through a Tunnel is one level down, under "Via the Tunnel", so that
// the walked moves stay a short menu.
func (s *state) label(a Action) engine.Label {
	i := s.at(a.X, a.Y)
	off := s.offArg(a.Seat, a.X, a.Y)
	lbl := func(path, line engine.Message, where ...int) engine.Label {
		return engine.Label{PathMessages: []engine.Message{path}, LineMessage: line, Where: where}
	}
	// noted gives a label the words others are told when the seat did not
	// click it (engine.Label.NoteMessage): the line speaks to the chooser.
	noted := func(l engine.Label, note engine.Message) engine.Label {
		l.NoteMessage = note
		return l
	}
	switch a.Kind {
	case ActDraw:
		return noted(lbl(engine.Say("ms_opt_draw"), engine.Say("ms_line_draw", "Pile", len(s.Pile)), PlacePile), engine.Say("ms_note_draw"))
	case ActRoll:
		return noted(lbl(engine.Say("ms_opt_roll"), engine.Say("ms_line_roll"), PlaceDice), engine.Say("ms_note_roll"))
	case ActClear:
		p := &s.Players[a.Seat]
		return noted(lbl(engine.Say("ms_opt_clear"), engine.Say("ms_line_clear"), PlaceCell(p.X, p.Y)), engine.Say("ms_note_clear"))
	case ActPlace:
		if s.Step.Kind != StepPlace {
			break
		}
		o, ok := findOption(s.placements(), a)
		if !ok {
			break
		}
		t := s.tile(s.Step.Tile).Tracks.Turn(a.Rot)
		path := engine.Say("ms_opt_place", "Side", sideMsg(o.Dir), "Glyph", Glyph(t), "Words", tracksShort(t))
		tr := engine.Say("ms_tracks", "Glyph", Glyph(t), "Words", tracksWords(t))
		line := engine.Say("ms_line_place", "Tile", s.tileMsg(s.Step.Tile), "Side", sideMsg(o.Dir), "Tracks", tr)
		note := engine.Say("ms_note_place", "Tile", s.tileMsg(s.Step.Tile), "Side", sideMsg(o.Dir), "Tracks", tr)
		if s.Step.SwapTile != NoTile {
			line = engine.Say("ms_line_place_swapped", "Tile", s.tileMsg(s.Step.Tile), "Side", sideMsg(o.Dir), "Tracks", tr)
			note = engine.Say("ms_note_place_swapped", "Tile", s.tileMsg(s.Step.Tile), "Side", sideMsg(o.Dir), "Tracks", tr)
		}
		return noted(lbl(path, line, PlacePlacement(a.X, a.Y, a.Rot)), note)
	case ActSwap:
		if i < 0 {
			break
		}
		return noted(lbl(engine.Say("ms_opt_swap", "Off", off, "Tile", s.tileMsg(s.Grid[i].Tile)),
			engine.Say("ms_line_swap", "Markers", markersMsg(s.Grid[i].Markers)), PlaceCell(a.X, a.Y)),
			engine.Say("ms_note_swap", "Tile", s.tileMsg(s.Grid[i].Tile), "Markers", markersMsg(s.Grid[i].Markers)))
	case ActNoSwap:
		return noted(lbl(engine.Say("ms_opt_no_swap"), engine.Say("ms_line_no_swap")), engine.Say("ms_note_no_swap"))
	case ActFire:
		if i < 0 {
			break
		}
		burnt := s.burnt(i)
		tile := s.tileMsg(s.Grid[i].Tile)
		line := engine.Say("ms_line_fire", "Tile", tile, "Count", len(burnt))
		note := engine.Say("ms_note_fire", "Tile", tile, "Count", len(burnt)) // the seat's own pawn among them too
		switch {
		case len(burnt) == 0:
			line = engine.Say("ms_line_fire_none", "Tile", tile)
			note = engine.Say("ms_note_fire_none", "Tile", tile)
		case slices.Contains(burnt, a.Seat):
			line = engine.Say("ms_line_fire_self", "Tile", tile, "Count", len(burnt))
		}
		return noted(lbl(engine.Say("ms_opt_fire", "Off", off, "Tile", tile), line, PlaceCell(a.X, a.Y)), note)
	case ActExplode, ActCollapse:
		if i < 0 {
			break
		}
		id := "ms_opt_explode"
		if a.Kind == ActCollapse {
			id = "ms_opt_collapse"
		}
		tile := s.tileMsg(s.Grid[i].Tile)
		line := engine.Say("ms_line_collapse_free", "Tile", tile, "Markers", markersMsg(s.Grid[i].Markers))
		note := engine.Say("ms_note_collapse_free", "Tile", tile, "Markers", markersMsg(s.Grid[i].Markers))
		if n := len(s.pawnsOn(a.X, a.Y)); n > 0 {
			line = engine.Say("ms_line_collapse", "Tile", tile, "Markers", markersMsg(s.Grid[i].Markers), "Count", n)
			note = engine.Say("ms_note_collapse", "Tile", tile, "Markers", markersMsg(s.Grid[i].Markers), "Count", n)
		}
		return noted(lbl(engine.Say(id, "Off", off, "Tile", tile), line, PlaceCell(a.X, a.Y)), note)
	case ActRide:
		if i < 0 {
			break
		}
		return noted(lbl(engine.Say("ms_opt_ride", "Off", off, "Markers", markersMsg(s.Grid[i].Markers)),
			engine.Say("ms_line_ride", "Tile", s.tileMsg(s.Grid[i].Tile), "Markers", markersMsg(s.Grid[i].Markers), "Count", s.points(s.Grid[i].Markers)), PlaceCell(a.X, a.Y)),
			engine.Say("ms_note_ride", "Tile", s.tileMsg(s.Grid[i].Tile), "Markers", markersMsg(s.Grid[i].Markers), "Count", s.points(s.Grid[i].Markers)))
	case ActNoRide:
		return noted(lbl(engine.Say("ms_opt_no_ride"), engine.Say("ms_line_no_ride")), engine.Say("ms_note_no_ride"))
	case ActFill:
		if i < 0 {
			break
		}
		return noted(lbl(engine.Say("ms_opt_fill", "Off", off, "Tile", s.tileMsg(s.Grid[i].Tile)),
			engine.Say("ms_line_fill", "Place", s.placeMsg(i), "Count", max(0, s.ed().Capacity-s.Grid[i].count())), PlaceCell(a.X, a.Y)),
			engine.Say("ms_note_fill", "Place", s.placeMsg(i), "Count", max(0, s.ed().Capacity-s.Grid[i].count())))
	case ActMove:
		if i < 0 {
			break
		}
		p := &s.Players[a.Seat]
		if p.X == a.X && p.Y == a.Y {
			return noted(lbl(engine.Say("ms_opt_stay"), engine.Say("ms_line_stay", "Place", s.placeMsg(i)), PlaceCell(a.X, a.Y)),
				engine.Say("ms_note_stay", "Place", s.placeMsg(i)))
		}
		var opts []option
		if s.Step.Kind == StepRockStep {
			opts = s.rockSteps(a.Seat)
		} else if s.Step.Kind == StepMove {
			opts = s.moves(a.Seat, s.Step.Steps)
		}
		if o, ok := findOption(opts, a); ok && o.Tunnel {
			return engine.Label{
				PathMessages: []engine.Message{engine.Say("ms_opt_tunnel"), engine.Say("ms_opt_move", "Off", off, "Markers", s.contentMsg(i))},
				LineMessage:  engine.Say("ms_line_tunnel", "Place", s.plainPlaceMsg(i)),
				NoteMessage:  engine.Say("ms_note_tunnel", "Place", s.plainPlaceMsg(i)),
				Where:        []int{PlaceCell(a.X, a.Y)},
			}
		}
		return noted(lbl(engine.Say("ms_opt_move", "Off", off, "Markers", s.contentMsg(i)),
			engine.Say("ms_line_move", "Place", s.plainPlaceMsg(i)), PlaceCell(a.X, a.Y)),
			engine.Say("ms_note_move", "Place", s.plainPlaceMsg(i)))
	case ActCollect:
		p := &s.Players[a.Seat]
		j := s.at(p.X, p.Y)
		if j < 0 {
			break
		}
		var got [NumResources]int
		got[a.Res] = min(s.Grid[j].Markers[a.Res], s.ed().Collect[a.Res])
		return noted(lbl(engine.Say("ms_opt_collect", "Markers", markersMsg(got)),
			engine.Say("ms_line_collect", "Markers", markersMsg(got), "Count", s.points(got)), PlaceCell(p.X, p.Y)),
			engine.Say("ms_note_collect", "Markers", markersMsg(got), "Count", s.points(got)))
	case ActCollectNone:
		return noted(lbl(engine.Say("ms_opt_collect_none"), engine.Say("ms_line_collect_none")), engine.Say("ms_note_collect_none"))
	}
	return moveLabel(a)
}

// moveLabel is the label of an action that is not legal now: its compact
// form.
func moveLabel(a engine.Action) engine.Label {
	m := engine.Say("ms_move", "Move", a.String())
	return engine.Label{PathMessages: []engine.Message{m}, LineMessage: m}
}

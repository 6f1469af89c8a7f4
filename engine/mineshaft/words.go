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
	switch a.Kind {
	case ActDraw:
		return notedLabel(engine.Say("ms_opt_draw"), engine.Say("ms_line_draw", "Pile", len(s.Pile)), engine.Say("ms_note_draw"), PlacePile)
	case ActRoll:
		return notedLabel(engine.Say("ms_opt_roll"), engine.Say("ms_line_roll"), engine.Say("ms_note_roll"), PlaceDice)
	case ActClear:
		p := &s.Players[a.Seat]
		return notedLabel(engine.Say("ms_opt_clear"), engine.Say("ms_line_clear"), engine.Say("ms_note_clear"), PlaceCell(p.X, p.Y))
	case ActPlace:
		if l, ok := s.placeLabel(a); ok {
			return l
		}
	case ActNoSwap:
		return notedLabel(engine.Say("ms_opt_no_swap"), engine.Say("ms_line_no_swap"), engine.Say("ms_note_no_swap"))
	case ActNoRide:
		return notedLabel(engine.Say("ms_opt_no_ride"), engine.Say("ms_line_no_ride"), engine.Say("ms_note_no_ride"))
	case ActCollectNone:
		return notedLabel(engine.Say("ms_opt_collect_none"), engine.Say("ms_line_collect_none"), engine.Say("ms_note_collect_none"))
	case ActSwap, ActRide, ActFill:
		if i >= 0 {
			return s.tileLabel(a, i, off)
		}
	case ActFire:
		if i >= 0 {
			return s.fireLabel(a, i, off)
		}
	case ActExplode, ActCollapse:
		if i >= 0 {
			return s.collapseLabel(a, i, off)
		}
	case ActMove:
		if i >= 0 {
			return s.pawnMoveLabel(a, i, off)
		}
	case ActCollect:
		if l, ok := s.collectLabel(a); ok {
			return l
		}
	}
	return moveLabel(a)
}

// notedLabel is a label of one menu level: the option path, the line
// that speaks to the chooser, the note others are told when the seat did
// not click it (engine.Label.NoteMessage), and the places it is about.
func notedLabel(path, line, note engine.Message, where ...int) engine.Label {
	return engine.Label{PathMessages: []engine.Message{path}, LineMessage: line, NoteMessage: note, Where: where}
}

// placeLabel words laying the tile in hand: the side of the mine, the
// rotation as a glyph and words, and whether it came from a swap; ok is
// false when a is not a placement of this step.
func (s *state) placeLabel(a Action) (engine.Label, bool) {
	if s.Step.Kind != StepPlace {
		return engine.Label{}, false
	}
	o, ok := findOption(s.placements(), a)
	if !ok {
		return engine.Label{}, false
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
	return notedLabel(path, line, note, PlacePlacement(a.X, a.Y, a.Rot)), true
}

// tileLabel words swapping, riding from or filling grid tile i, off the
// pawn's cell by off.
func (s *state) tileLabel(a Action, i int, off any) engine.Label {
	g := &s.Grid[i]
	switch a.Kind {
	case ActSwap:
		return notedLabel(engine.Say("ms_opt_swap", "Off", off, "Tile", s.tileMsg(g.Tile)),
			engine.Say("ms_line_swap", "Markers", markersMsg(g.Markers)),
			engine.Say("ms_note_swap", "Tile", s.tileMsg(g.Tile), "Markers", markersMsg(g.Markers)), PlaceCell(a.X, a.Y))
	case ActRide:
		return notedLabel(engine.Say("ms_opt_ride", "Off", off, "Markers", markersMsg(g.Markers)),
			engine.Say("ms_line_ride", "Tile", s.tileMsg(g.Tile), "Markers", markersMsg(g.Markers), "Count", s.points(g.Markers)),
			engine.Say("ms_note_ride", "Tile", s.tileMsg(g.Tile), "Markers", markersMsg(g.Markers), "Count", s.points(g.Markers)), PlaceCell(a.X, a.Y))
	}
	return notedLabel(engine.Say("ms_opt_fill", "Off", off, "Tile", s.tileMsg(g.Tile)),
		engine.Say("ms_line_fill", "Place", s.placeMsg(i), "Count", max(0, s.ed().Capacity-g.count())),
		engine.Say("ms_note_fill", "Place", s.placeMsg(i), "Count", max(0, s.ed().Capacity-g.count())), PlaceCell(a.X, a.Y))
}

// fireLabel words setting fire to grid tile i: how many pawns burn, and
// whether the seat's own is among them.
func (s *state) fireLabel(a Action, i int, off any) engine.Label {
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
	return notedLabel(engine.Say("ms_opt_fire", "Off", off, "Tile", tile), line, note, PlaceCell(a.X, a.Y))
}

// collapseLabel words exploding or collapsing grid tile i: the markers
// lost and the pawns standing on it.
func (s *state) collapseLabel(a Action, i int, off any) engine.Label {
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
	return notedLabel(engine.Say(id, "Off", off, "Tile", tile), line, note, PlaceCell(a.X, a.Y))
}

// pawnMoveLabel words moving the pawn to grid tile i: staying put, a move
// through a Tunnel (one level down, under "Via the Tunnel"), or a walk.
func (s *state) pawnMoveLabel(a Action, i int, off any) engine.Label {
	p := &s.Players[a.Seat]
	if p.X == a.X && p.Y == a.Y {
		return notedLabel(engine.Say("ms_opt_stay"), engine.Say("ms_line_stay", "Place", s.placeMsg(i)),
			engine.Say("ms_note_stay", "Place", s.placeMsg(i)), PlaceCell(a.X, a.Y))
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
	return notedLabel(engine.Say("ms_opt_move", "Off", off, "Markers", s.contentMsg(i)),
		engine.Say("ms_line_move", "Place", s.plainPlaceMsg(i)),
		engine.Say("ms_note_move", "Place", s.plainPlaceMsg(i)), PlaceCell(a.X, a.Y))
}

// collectLabel words collecting one kind of marker from the pawn's tile
// and the points it scores; ok is false when the pawn is off the mine.
func (s *state) collectLabel(a Action) (engine.Label, bool) {
	p := &s.Players[a.Seat]
	j := s.at(p.X, p.Y)
	if j < 0 {
		return engine.Label{}, false
	}
	var got [NumResources]int
	got[a.Res] = min(s.Grid[j].Markers[a.Res], s.ed().Collect[a.Res])
	return notedLabel(engine.Say("ms_opt_collect", "Markers", markersMsg(got)),
		engine.Say("ms_line_collect", "Markers", markersMsg(got), "Count", s.points(got)),
		engine.Say("ms_note_collect", "Markers", markersMsg(got), "Count", s.points(got)), PlaceCell(p.X, p.Y)), true
}

// moveLabel is the label of an action that is not legal now: its compact
// form.
func moveLabel(a engine.Action) engine.Label {
	m := engine.Say("ms_move", "Move", a.String())
	return engine.Label{PathMessages: []engine.Message{m}, LineMessage: m}
}

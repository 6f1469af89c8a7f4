package coalbaronimg

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Item kinds: what a layout item draws.
const (
	KindText      = "text"      // Text at X,Y (baseline; left, centre or right by Align)
	KindBox       = "box"       // a box X,Y,W,H; N=1 highlighted, N=2 closed (grey), N=3 a loading dock
	KindPanel     = "panel"     // a player's board X,Y,W,H; N=1 the seat to act
	KindSlot      = "slot"      // an empty place (no engine, an empty wagon), dashed
	KindMarker    = "marker"    // a disc of Seat with its letter, diameter W, centred on X,Y
	KindCrest     = FamilyCrest // a crest glyph (lorry or wagon card) in X,Y,W,H
	KindEngine    = FamilyEngine
	KindDest      = FamilyDest
	KindCardBack  = "card-back" // a face-down card (hand sizes), N cards
	KindObjective = "objective" // an objective card X,Y,W,H (its texts are separate items)
	KindInno      = "innovation"
	KindNext      = "next"   // the frame round the card that moves next in a mining row
	KindLoaded    = "loaded" // a dark bar under a wagon a lorry is loaded in (a strip's dock), X,Y,W,H
	// KindChanged rings a place changed since the last post (imaging.Options.Changed), X,Y,W,H.
	KindChanged = "changed"
	// KindMark is a private step's mark (imaging.Options.Marks): a ringed
	// number Text centred on X,Y, diameter W.
	KindMark = "mark"
)

// Item is one thing drawn: the layout as data, in drawing order, in pixels
// of the picture.
type Item struct {
	Kind string
	Seat int // -1: none
	// Card is the card shown (an id of the edition) or coalbaron.NoCard.
	Card int
	N    int
	// Text is a text item's text or a glyph's letter; Shape a glyph's shape.
	Text string
	// Letter is a seat marker's letter in the picture's language
	// (withLetters); "": the English letter.
	Letter string
	Shape  string
	X, Y   float64
	W, H   float64
	Size   float64 // font size in px for text
	Bold   bool
	Align  float64 // 0 left, 0.5 centre, 1 right
	Color  color.RGBA
	Fill   color.RGBA // a glyph's fill
	// Role is a text's role in the Layout (imaging.RoleEssential...).
	Role string
}

// Picture geometry in pixels.
const (
	// TurnW is the turn picture's width.
	TurnW = 1000
	pad   = 16.0
	glyph = 38.0 // a crest or engine glyph: its letter is 0.62 of it, 23.6 px
	chipW = 56.0 // a lorry card: its crest over its label
	chipH = glyph + 28
)

// edition returns the edition v is played under (only one so far).
func edition(v coalbaron.PublicView) *coalbaron.Edition { return coalbaron.Standard }

// builder collects items.
type builder struct {
	o     imaging.Options // the picture's words (t)
	items []Item
	e     *coalbaron.Edition
	m     *imaging.Measurer
	// places are the boxes of the board's places (coalbaron.PlaceRow...),
	// by item index of their box (docks: their height comes later) or as
	// a box of their own.
	places map[int]placeBox
}

// placeBox is where a place is drawn: the box of item Item (when >= 0) or
// X,Y,W,H, and where its mark goes (MX,MY).
type placeBox struct {
	Item           int
	X, Y, W, H     float64
	MX, MY         float64
	markFromCorner bool // the mark sits MX,MY from the box's bottom right
}

// place notes where place p is drawn.
func (b *builder) place(p int, pb placeBox) {
	if b.places == nil {
		b.places = map[int]placeBox{}
	}
	b.places[p] = pb
}

// marksAndChanges adds, over everything drawn, a ring round each changed
// place and each mark on its place.
func (b *builder) marksAndChanges() {
	box := func(pb placeBox) (x, y, w, h float64) {
		if pb.Item >= 0 {
			it := b.items[pb.Item]
			return it.X, it.Y, it.W, it.H
		}
		return pb.X, pb.Y, pb.W, pb.H
	}
	for _, p := range b.o.Changed {
		if pb, ok := b.places[p]; ok {
			x, y, w, h := box(pb)
			b.add(Item{Kind: KindChanged, Seat: -1, Card: coalbaron.NoCard, X: x, Y: y, W: w, H: h})
		}
	}
	r := imaging.MarkRadius(TurnW)
	for _, p := range sortedPlaces(b.o.Marks) {
		pb, ok := b.places[p]
		if !ok {
			continue
		}
		x, y, w, h := box(pb)
		mx, my := x+pb.MX, y+pb.MY
		if pb.markFromCorner {
			mx, my = x+w-pb.MX, y+h-pb.MY
		}
		b.add(Item{Kind: KindMark, Seat: -1, Card: coalbaron.NoCard, Text: b.o.Marks[p], X: mx, Y: my, W: 2 * r})
	}
}

// sortedPlaces are the places of marks (or boxes) in order.
func sortedPlaces[V any](marks map[int]V) []int {
	out := make([]int, 0, len(marks))
	for p := range marks {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

func (b *builder) add(it Item) { b.items = append(b.items, it) }

func (b *builder) text(s string, x, y, size float64, bold bool, align float64, c color.RGBA, role string) {
	b.add(Item{Kind: KindText, Seat: -1, Card: coalbaron.NoCard, Text: s, X: x, Y: y, Size: size, Bold: bold, Align: align, Color: c, Role: role})
}

func (b *builder) box(x, y, w, h float64, n int) {
	b.add(Item{Kind: KindBox, Seat: -1, Card: coalbaron.NoCard, N: n, X: x, Y: y, W: w, H: h})
}

func (b *builder) marker(seat int, cx, cy, d float64) {
	it := Item{Kind: KindMarker, Seat: seat, Card: coalbaron.NoCard, X: cx, Y: cy, W: d}
	if b.o.Words != nil { // English pictures keep their items as they were
		it.Letter = b.o.SeatLetter(seat)
	}
	b.add(it)
}

func (b *builder) glyph(kind string, g Glyph, card int, x, y, w, h float64) {
	b.add(Item{Kind: kind, Seat: -1, Card: card, Text: g.Letter, Shape: g.Shape, X: x, Y: y, W: w, H: h, Color: g.Ink, Fill: g.Fill})
}

// width is the advance of s (an estimate when the fonts do not parse:
// then nothing is drawn either).
func (b *builder) width(s string, size float64, bold bool) float64 {
	if b.m == nil {
		return 0.6 * size * float64(len([]rune(s)))
	}
	return b.m.Width(s, size, bold)
}

// fit is the size, at most size and no less than the least an essential
// text may have, at which s fits in width.
func (b *builder) fit(s string, size, width float64, bold bool) float64 {
	if b.m == nil {
		return size
	}
	return b.m.Fit(s, size, imaging.MinEssentialPx*TurnW/imaging.PhoneWidth, width, bold)
}

// lorry lays out a lorry card: its crest over its label, in a chipW-wide
// column from x,y.
func (b *builder) lorry(id int, x, y float64) {
	c := b.e.Card(id)
	b.glyph(KindCrest, b.crestGlyph(c.Crest), id, x+(chipW-glyph)/2, y, glyph, glyph)
	b.text(b.lorryText(c), x+chipW/2, y+glyph+23, 23, true, 0.5, colInk, imaging.RoleEssential)
}

// statusLine says whose turn it is and what they are deciding, and names
// the seat whose marker goes in front (or -1).
func statusLine(v coalbaron.PublicView, o imaging.Options) (string, int) {
	e := edition(v)
	st := v.Step
	name := o.Name(st.Seat)
	switch st.Kind {
	case coalbaron.StepOver:
		if v.Result != nil && len(v.Result.Ranking) > 0 {
			w := v.Result.Ranking[0]
			s := o.Say(fmt.Sprintf("%s wins", o.Name(w)), "img_cb_status_wins", "Name", o.Name(w))
			if w < len(v.Result.Scores) {
				s = o.Say(fmt.Sprintf("%s wins with %d VP", o.Name(w), v.Result.Scores[w]), "img_cb_status_wins_vp", "Name", o.Name(w), "VP", v.Result.Scores[w])
			}
			if why := tieBreak(o, v.Result); why != "" {
				s = o.Say(s+" ("+why+")", "img_cb_status_tie_break", "Status", s, "Why", why)
			}
			return s, w
		}
		return o.Say("game over", "img_cb_status_over"), -1
	case coalbaron.StepMain:
		return o.Say(name+" to place workers or pass", "img_cb_status_main", "Name", name), st.Seat
	case coalbaron.StepDock:
		if st.Card >= 0 && st.Card < len(e.Cards) {
			return o.Say(fmt.Sprintf("%s: a dock for the %s", name, e.Card(st.Card)), "img_cb_status_dock_for", "Name", name, "Card", dockCard(o, e.Card(st.Card))), st.Seat
		}
		return o.Say(name+" to choose a dock", "img_cb_status_dock", "Name", name), st.Seat
	case coalbaron.StepMine:
		return o.Say(fmt.Sprintf("%s mining: %d steps left, %d must", name, st.StepsLeft, st.StepsMin), "img_cb_status_mine", "Name", name, "Left", st.StepsLeft, "Must", st.StepsMin), st.Seat
	case coalbaron.StepDeliver:
		if st.Departed > 0 {
			return o.Say(fmt.Sprintf("%s delivering: %d gone, engine %s", name, st.Departed, st.Engine), "img_cb_status_delivering", "Name", name, "Gone", st.Departed, "Engine", st.Engine), st.Seat
		}
		return o.Say(name+" to deliver", "img_cb_status_deliver", "Name", name), st.Seat
	case coalbaron.StepWildStack:
		return o.Say(name+": wild action, which stack?", "img_cb_status_wild_stack", "Name", name), st.Seat
	case coalbaron.StepWildKeep, coalbaron.StepWildReturn:
		z := coalbaron.Zone(st.WildStack)
		return o.Say(fmt.Sprintf("%s: wild action on the %s", name, z.Name()), "img_cb_status_wild_on", "Name", name, "Stack", zoneName(o, z)), st.Seat
	case coalbaron.StepAfter:
		return o.Say(name+": innovation or end turn", "img_cb_status_after", "Name", name), st.Seat
	}
	if st.Seat >= 0 {
		return o.Say(name+" to act", "img_cb_status_act", "Name", name), st.Seat
	}
	return "", -1
}

// ordinal returns "1st", "2nd", ...
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return fmt.Sprintf("%dth", n)
	case n%10 == 1:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}

// zoneTitles are the zones' headings in the display.
var zoneTitles = [coalbaron.NumZones]string{"Lorries 1", "Lorries 2", "Wagons 1", "Wagons 2", "Engines",
	"Orders", "Shares", "Innovations", "Objectives", "Mine 0/1", "Mine 1/2", "Mine 2/3", "Delivery", "Wild"}

// turnItems lays out the turn picture of v at width TurnW and returns its
// items and height. full adds every player's delivered trains.
func turnItems(v coalbaron.PublicView, o imaging.Options, full bool) ([]Item, int, int) {
	b, h := turnBuild(v, o, full)
	return b.items, TurnW, h
}

// TurnPlaces lists the places RenderTurn draws for v, on which it draws
// marks: the zones of the display (their stacks and action cards), each
// seat's mining row (coalbaron.PlaceRow) and loading docks
// (coalbaron.PlaceDock).
func TurnPlaces(v coalbaron.PublicView, o imaging.Options) []int {
	b, _ := turnBuild(v, o, false)
	return sortedPlaces(b.places)
}

// turnBuild lays out the turn picture of v (see turnItems) and returns
// its builder and height.
func turnBuild(v coalbaron.PublicView, o imaging.Options, full bool) (*builder, int) {
	m, _ := imaging.NewMeasurer()
	b := &builder{o: o, e: edition(v), m: m}
	W := float64(TurnW)

	status, who := statusLine(v, o)
	x := pad
	if who >= 0 {
		b.marker(who, x+17, 30, 34)
		x += 44
	}
	b.text(status, x, 40, b.fit(status, 26, W-pad-x, true), true, 0, colInk, imaging.RoleEssential)
	shift := b.t(fmt.Sprintf("Shift %d of %d", v.Shift, v.Shifts), "img_cb_shift_of", "Shift", v.Shift, "Shifts", v.Shifts)
	if v.Step.Kind == coalbaron.StepOver {
		shift = o.T(engine.Say("img_cb_final_shifts", "Count", v.Shifts), fmt.Sprintf("Final · %d shifts", v.Shifts))
	}
	b.text(shift, pad, 76, 24, true, 0, colInk, imaging.RoleEssential)
	if len(v.TokensLeft) > 0 {
		b.text(b.t(fmt.Sprintf("next token %s · %d left", ordinal(v.TokensLeft[0]), len(v.TokensLeft)), "img_cb_next_token", "Token", b.ordinal(v.TokensLeft[0]), "Left", len(v.TokensLeft)), W-pad, 76, 24, false, 1, colInk, imaging.RoleEssential)
	}
	y := 90.0

	if full || v.Step.Kind != coalbaron.StepOver {
		// The turn picture of a finished game leaves the display out: the
		// scores take its place.
		y = b.display(v, y, W)
	}
	for seat := range v.Players {
		if full {
			y = b.player(v, o, seat, y, W, true)
		} else {
			y = b.strip(v, o, seat, y, W)
		}
	}
	if len(v.Scores) > 0 {
		y = b.scores(v, o, y, W)
	}
	if full || v.Step.Kind != coalbaron.StepOver {
		y = b.legend(y, W) // a finished game's turn picture is its result
	}
	b.marksAndChanges()
	return b, int(math.Ceil(y + 4))
}

// display lays out the nine stacks (their zones) and the action cards
// from y and returns the y below them.
func (b *builder) display(v coalbaron.PublicView, y, W float64) float64 {
	b.text(b.t("Display · top card, cards left, workers the zone needs now", "img_cb_display_head"), pad, y+20, 20, false, 0, colMuted, imaging.RoleSecondary)
	y += 28
	zones := map[coalbaron.Zone]coalbaron.ZoneView{}
	var actions []coalbaron.ZoneView
	for _, z := range v.Zones {
		zones[z.Zone] = z
		if !z.Zone.IsStack() {
			actions = append(actions, z)
		}
	}
	rows := [][]coalbaron.Zone{
		{coalbaron.ZoneLorry1, coalbaron.ZoneLorry2, coalbaron.ZoneWagon1, coalbaron.ZoneWagon2, coalbaron.ZoneEngine},
		{coalbaron.ZoneOrder, coalbaron.ZoneShare, coalbaron.ZoneInnovation, coalbaron.ZoneObjective},
		nil,
	}
	for _, a := range actions {
		rows[2] = append(rows[2], a.Zone)
	}
	for _, row := range rows {
		if len(row) == 0 {
			continue
		}
		bw := (W - 2*pad) / float64(len(row))
		lines := 0
		for _, z := range row {
			_, more := b.placementSpots(v, z, zones[z], bw-6)
			lines = max(lines, more)
		}
		bh := 140 + 36*float64(lines)
		for k, z := range row {
			bx := pad + float64(k)*bw
			b.zone(v, z, zones[z], bx+3, y, bw-6, bh)
		}
		y += bh + 8
	}
	return y
}

// zone lays out one stack or action card with its worker zone.
func (b *builder) zone(v coalbaron.PublicView, z coalbaron.Zone, zv coalbaron.ZoneView, x, y, w, h float64) {
	n := 0
	switch {
	case z.IsStack() && v.Stacks[z].Size == 0, !zv.Usable && zv.Zone == z && !z.IsStack():
		n = 2
	case v.Step.Zone == z && v.Step.Kind != coalbaron.StepOver && v.Step.Kind != coalbaron.StepMain,
		v.Step.WildStack == z && (v.Step.Kind == coalbaron.StepWildKeep || v.Step.Kind == coalbaron.StepWildReturn):
		n = 1
	}
	if zv.Zone != z { // not in play (mining 1/2 with two players is left out of Zones)
		n = 2
	}
	r := imaging.MarkRadius(TurnW)
	b.place(int(z), placeBox{Item: len(b.items), MX: r + 6, MY: r + 6, markFromCorner: true})
	b.box(x, y, w, h, n)
	title := b.t(zoneTitles[z], zoneTitleIDs[z])
	// A title too long for its box (longer words) shrinks to a heading's
	// least size, beside the stack's count.
	room := w - 20
	if z.IsStack() {
		room -= b.width(fmt.Sprintf("×%d", v.Stacks[z].Size), 23, false) + 6
	}
	size, role := 23.0, imaging.RoleEssential
	if b.m != nil && b.width(title, 23, true) > room {
		size, role = b.m.Fit(title, 23, imaging.MinSecondaryPx*TurnW/imaging.PhoneWidth+1, room, true), imaging.RoleSecondary
	}
	b.text(title, x+10, y+26, size, true, 0, colInk, role)
	cy := y + 34.0
	if z.IsStack() {
		st := v.Stacks[z]
		b.text(fmt.Sprintf("×%d", st.Size), x+w-10, y+26, 23, false, 1, colInk, imaging.RoleEssential)
		b.card(st.Top, x+10, cy, w-20)
	} else {
		b.action(v, z, x+10, cy, w-20)
	}
	// The workers the zone needs now, and who stands on it.
	ny := y + 130.0
	need, _ := b.needText(v, z, zv)
	if zv.Zone == z {
		b.text(need, x+10, ny, 23, true, 0, colInk, imaging.RoleEssential)
	} else {
		b.text(need, x+10, ny, 20, false, 0, colMuted, imaging.RoleSecondary)
	}
	spots, _ := b.placementSpots(v, z, zv, w)
	for k, p := range zv.Placements {
		px, py := x+spots[k][0], ny-26+spots[k][1]
		b.marker(p.Seat, px+15, py+16, 30)
		b.text(fmt.Sprint(p.Workers), px+33, py+25, 23, true, 0, colInk, imaging.RoleEssential)
	}
}

// needText is what a zone says under its card: the workers it needs now,
// "empty", or "not in play", and that text's width.
func (b *builder) needText(v coalbaron.PublicView, z coalbaron.Zone, zv coalbaron.ZoneView) (string, float64) {
	if zv.Zone != z {
		s := b.t("not in play", "img_cb_not_in_play")
		return s, b.width(s, 20, false)
	}
	s := b.t(fmt.Sprintf("needs %d", zv.Required), "img_cb_needs", "N", zv.Required)
	if z.IsStack() && v.Stacks[z].Size == 0 {
		s = b.t("empty", "img_cb_empty")
	}
	return s, b.width(s, 23, true)
}

// placementSpots are where a zone w wide puts its placements (a marker
// and a number, 52 px each), relative to its left edge and to the line of
// its need text: on that line after the text, then on lines of their
// own, 36 px apart. It returns them and how many lines of their own they
// take.
func (b *builder) placementSpots(v coalbaron.PublicView, z coalbaron.Zone, zv coalbaron.ZoneView, w float64) ([][2]float64, int) {
	_, nw := b.needText(v, z, zv)
	x, line := 10+nw+8, 0
	var out [][2]float64
	for range zv.Placements {
		if x+50 > w-4 {
			x, line = 10, line+1
		}
		out = append(out, [2]float64{x, float64(line) * 36})
		x += 52
	}
	return out, line
}

// card lays out the face of a stack's top card in a w-wide space from x,y
// (about 80 px high).
func (b *builder) card(id int, x, y, w float64) {
	if id < 0 || id >= len(b.e.Cards) {
		b.text(b.t("empty", "img_cb_empty"), x, y+40, 23, false, 0, colMuted, imaging.RoleSecondary)
		return
	}
	c := b.e.Card(id)
	tx := x + glyph + 10
	switch c.Kind {
	case coalbaron.KindLorry:
		b.glyph(KindCrest, b.crestGlyph(c.Crest), id, x, y+6, glyph, glyph)
		b.text(b.lorryText(c), tx, y+33, 24, true, 0, colInk, imaging.RoleEssential)
		b.text(b.crestName(c.Crest), tx, y+62, 20, false, 0, colMuted, imaging.RoleSecondary)
	case coalbaron.KindWagon:
		b.glyph(KindCrest, b.crestGlyph(c.Crest), id, x, y+6, glyph, glyph)
		b.text(b.t("wagon", "img_cb_wagon"), tx, y+33, 24, true, 0, colInk, imaging.RoleEssential)
		b.text(b.crestName(c.Crest), tx, y+62, 20, false, 0, colMuted, imaging.RoleSecondary)
	case coalbaron.KindEngine:
		b.glyph(KindEngine, engineGlyph(c.Engine), id, x, y+6, glyph, glyph)
		b.text(b.t("engine "+c.Engine.String(), "img_cb_display_engine", "Type", c.Engine.String()), tx, y+33, 24, true, 0, colInk, imaging.RoleEssential)
	case coalbaron.KindOrder:
		b.glyph(KindDest, b.destGlyph(c.Dest), id, x, y+6, 54, glyph)
		b.text(b.t(fmt.Sprintf("%d+ L", c.Lorries), "img_cb_order_lorries", "N", c.Lorries), x+64, y+33, 24, true, 0, colInk, imaging.RoleEssential)
		b.text(b.vp(c.VP), x+64, y+64, 24, true, 0, colInk, imaging.RoleEssential)
	case coalbaron.KindShare:
		b.glyph(KindDest, b.destGlyph(c.Dest), id, x, y+6, 54, glyph)
		b.text(b.vp(c.VP), x+64, y+33, 24, true, 0, colInk, imaging.RoleEssential)
		b.text(b.destName(c.Dest), x+64, y+62, 20, false, 0, colMuted, imaging.RoleSecondary)
	case coalbaron.KindInnovation:
		b.add(Item{Kind: KindInno, Seat: -1, Card: id, X: x, Y: y + 2, W: w, H: 72})
		b.text(b.innovationText(c), x+8, y+31, 23, true, 0, colInk, imaging.RoleEssential)
		kind := b.t("action", "img_cb_inno_action")
		if c.Innovation == coalbaron.InnoWorkers {
			kind = b.t("worker", "img_cb_inno_worker")
		}
		b.text(kind, x+8, y+62, 20, false, 0, colMuted, imaging.RoleSecondary)
	case coalbaron.KindObjective:
		b.add(Item{Kind: KindObjective, Seat: -1, Card: id, X: x, Y: y + 2, W: w, H: 72})
		l1, l2 := b.objectiveText(c)
		b.text(l1, x+8, y+31, 23, true, 0, colInk, imaging.RoleEssential)
		b.text(l2, x+8, y+62, 23, true, 0, colInk, imaging.RoleEssential)
	default:
		b.text(b.o.T(c.Message(), c.String()), x, y+33, 23, true, 0, colInk, imaging.RoleEssential)
	}
}

// action lays out what an action card does.
func (b *builder) action(v coalbaron.PublicView, z coalbaron.Zone, x, y, w float64) {
	e := b.e
	switch z {
	case coalbaron.ZoneMine01, coalbaron.ZoneMine12, coalbaron.ZoneMine23:
		mc := e.Mining[z-coalbaron.ZoneMine01]
		b.text(b.t(fmt.Sprintf("%d–%d steps", mc.Min, mc.Max), "img_cb_steps", "Min", mc.Min, "Count", mc.Max), x, y+33, 24, true, 0, colInk, imaging.RoleEssential)
		if z == coalbaron.ZoneMine01 && len(v.TokensLeft) > 0 {
			b.text(b.t("last: token "+ordinal(v.TokensLeft[0]), "img_cb_last_token", "Token", b.ordinal(v.TokensLeft[0])), x, y+64, 23, false, 0, colMuted, imaging.RoleSecondary)
		}
	case coalbaron.ZoneDelivery:
		b.text(b.t("trains go", "img_cb_trains_go"), x, y+33, 24, true, 0, colInk, imaging.RoleEssential)
		b.text(b.t("same engine", "img_cb_same_engine"), x, y+64, 20, false, 0, colMuted, imaging.RoleSecondary)
	case coalbaron.ZoneWild:
		b.text(b.t(fmt.Sprintf("look at %d", e.WildLook), "img_cb_look_at", "N", e.WildLook), x, y+33, 24, true, 0, colInk, imaging.RoleEssential)
		b.text(b.t("keep 1", "img_cb_keep_one"), x, y+64, 23, false, 0, colMuted, imaging.RoleSecondary)
	}
}

// player lays out seat's board from y and returns the y below it.
func (b *builder) player(v coalbaron.PublicView, o imaging.Options, seat int, y, W float64, full bool) float64 {
	p := v.Players[seat]
	top := y
	panel := len(b.items)
	b.add(Item{Kind: KindPanel, Seat: p.Seat, Card: coalbaron.NoCard, X: pad, Y: y})
	y += 8
	y = b.playerName(o, p, y, W)
	y = b.playerHand(o, p, y, W)
	y = b.playerRow(p, y, W)
	y = b.playerDocks(p, y, W)
	y = b.playerHoldings(p, y, W)
	if full && len(p.Delivered) > 0 {
		y = b.delivered(p, y, W)
	}
	b.items[panel].W, b.items[panel].H = W-2*pad, y-top
	return y + 10
}

// playerName lays out the name line of player p's panel from y: the
// marker, the name and the workers in hand. It returns the next y.
func (b *builder) playerName(o imaging.Options, p coalbaron.PlayerView, y, W float64) float64 {
	b.marker(p.Seat, pad+26, y+20, 34)
	name := o.Name(p.Seat)
	if p.Passed {
		name = b.t(name+" · passed", "img_cb_passed", "Name", name)
	}
	b.text(name, pad+50, y+29, 24, true, 0, colInk, imaging.RoleEssential)
	var ws []string
	for _, id := range p.Workers {
		ws = append(ws, fmt.Sprint(b.e.Card(id).Workers))
	}
	work := o.T(engine.Say("img_cb_workers", "Count", p.WorkersInHand), fmt.Sprintf("%d workers", p.WorkersInHand))
	if len(ws) > 1 {
		work = b.t(fmt.Sprintf("workers %s = %d", strings.Join(ws, "+"), p.WorkersInHand), "img_cb_workers_sum", "Cards", strings.Join(ws, "+"), "Total", p.WorkersInHand)
	}
	b.text(work, W-pad-12, y+29, 23, true, 1, colInk, imaging.RoleEssential)
	y += 42
	return y
}

// playerHand lays out p's hand sizes as card backs with counts, the
// tokens and the delivered orders from y, and returns the next y.
func (b *builder) playerHand(o imaging.Options, p coalbaron.PlayerView, y, W float64) float64 {
	x := pad + 12
	b.add(Item{Kind: KindCardBack, Seat: -1, Card: coalbaron.NoCard, N: p.Orders, X: x, Y: y, W: 26, H: 34})
	orders := o.T(engine.Say("img_cb_orders", "Count", p.Orders), ordersEnglish(p.Orders))
	b.text(orders, x+32, y+26, 23, true, 0, colInk, imaging.RoleEssential)
	x += 32 + b.width(orders, 23, true) + 16
	b.add(Item{Kind: KindCardBack, Seat: -1, Card: coalbaron.NoCard, N: p.Innovations, X: x, Y: y, W: 26, H: 34})
	inn := b.t(fmt.Sprintf("%d innov.", p.Innovations), "img_cb_innov_short", "N", p.Innovations)
	b.text(inn, x+32, y+26, 23, true, 0, colInk, imaging.RoleEssential)
	x += 32 + b.width(inn, 23, true) + 16
	tok := b.t("tokens –", "img_cb_tokens_none")
	if len(p.Tokens) > 0 {
		var ts, en []string
		for _, t := range p.Tokens {
			ts = append(ts, b.ordinal(t))
			en = append(en, ordinal(t))
		}
		list := ts[0]
		for _, t := range ts[1:] {
			list = b.t(list+" "+t, "img_cb_list_join", "A", list, "B", t)
		}
		tok = b.t("tokens "+strings.Join(en, " "), "img_cb_tokens", "List", list)
	}
	b.text(tok, x, y+26, 23, true, 0, colInk, imaging.RoleEssential)
	x += b.width(tok, 23, true) + 16
	if len(p.Delivered) > 0 {
		vp := 0
		for _, t := range p.Delivered {
			if t.Order >= 0 && t.Order < len(b.e.Cards) {
				vp += b.e.Card(t.Order).VP
			}
		}
		s := b.t(fmt.Sprintf("delivered %d · %d VP", len(p.Delivered), vp), "img_cb_delivered", "N", len(p.Delivered), "VP", vp)
		if x+b.width(s, 23, true) > W-pad-12 {
			y += 36
			x = pad + 12
		}
		b.text(s, x, y+26, 23, true, 0, colInk, imaging.RoleEssential)
	}
	y += 44
	return y
}

// playerRow lays out p's mining row (the rightmost card moves next) and
// lorry storage from y, with the row's place for marks, and returns the
// next y.
func (b *builder) playerRow(p coalbaron.PlayerView, y, W float64) float64 {
	rowH := chipH
	if len(p.Row)+len(p.Storage) == 0 {
		rowH = 30
	}
	x := pad + 12
	rowTop := y
	row := b.t("row", "img_cb_row")
	b.text(row, x, y+26, 20, false, 0, colMuted, imaging.RoleSecondary)
	x += max(42, b.width(row, 20, false)+8)
	if len(p.Row) == 0 {
		empty := b.t("empty", "img_cb_empty")
		b.text(empty, x, y+26, 20, false, 0, colMuted, imaging.RoleSecondary)
		x += max(70, b.width(empty, 20, false)+15)
	}
	for k, id := range p.Row {
		if x+chipW > W-pad-8 {
			y += chipH + 8
			x = pad + 54
		}
		if k == len(p.Row)-1 {
			b.add(Item{Kind: KindNext, Seat: -1, Card: id, X: x - 3, Y: y - 3, W: chipW + 6, H: chipH + 6})
		}
		b.lorry(id, x, y)
		x += chipW + 6
	}
	x += 14
	storage := b.t("storage", "img_cb_storage")
	sw := b.width(storage, 20, false) + 10
	if x+sw+chipW > W-pad-8 {
		y += chipH + 8
		x = pad + 12
	}
	b.text(storage, x, y+26, 20, false, 0, colMuted, imaging.RoleSecondary)
	x += sw
	if len(p.Storage) == 0 {
		b.text("–", x, y+26, 23, false, 0, colMuted, imaging.RoleSecondary)
	}
	for _, id := range p.Storage {
		if x+chipW > W-pad-8 {
			y += chipH + 8
			x = pad + 12 + sw
		}
		b.lorry(id, x, y)
		x += chipW + 6
	}
	y += rowH + 10
	mr := imaging.MarkRadius(TurnW)
	b.place(coalbaron.PlaceRow(p.Seat), placeBox{Item: -1, X: pad + 6, Y: rowTop - 4, W: W - 2*pad - 12, H: y - rowTop - 6,
		MX: 6 + mr, MY: min(rowH, chipH)/2 + 4})
	return y
}

// playerDocks lays out p's three loading docks side by side from y, as
// high as the highest, and returns the next y.
func (b *builder) playerDocks(p coalbaron.PlayerView, y, W float64) float64 {
	dw := (W - 2*pad - 24) / 3
	dockH := 0.0
	var boxes []int
	for d, dv := range p.Docks {
		dx := pad + 12 + float64(d)*dw
		boxes = append(boxes, len(b.items))
		b.place(coalbaron.PlaceDock(p.Seat, d), placeBox{Item: len(b.items), MX: dw - 4 - 70, MY: 22})
		dockH = math.Max(dockH, b.dock(d, dv, dx+2, y, dw-4))
	}
	for _, i := range boxes { // the three docks as high as the highest
		b.items[i].H = dockH
	}
	y += dockH + 8
	return y
}

// playerHoldings lays out p's shares (one tag per destination) and
// objectives from y, and returns the next y.
func (b *builder) playerHoldings(p coalbaron.PlayerView, y, W float64) float64 {
	if len(p.Shares)+len(p.Objectives) > 0 {
		x := pad + 12
		if len(p.Shares) > 0 {
			shares := b.t("shares", "img_cb_shares")
			b.text(shares, x, y+30, 20, false, 0, colMuted, imaging.RoleSecondary)
			x += max(66, b.width(shares, 20, false)+5)
			// One tag per destination, with the count of its shares.
			var byDest [coalbaron.NumDests][]int
			for _, id := range p.Shares {
				if d := b.e.Card(id).Dest; d >= 0 && d < coalbaron.NumDests {
					byDest[d] = append(byDest[d], id)
				}
			}
			for d, ids := range byDest {
				if len(ids) == 0 {
					continue
				}
				if x+100 > W-pad-8 {
					y += 50
					x = pad + 78
				}
				b.glyph(KindDest, b.destGlyph(coalbaron.Dest(d)), ids[0], x, y+4, 54, glyph)
				x += 58
				if len(ids) > 1 {
					n := fmt.Sprintf("×%d", len(ids))
					b.text(n, x, y+31, 23, true, 0, colInk, imaging.RoleEssential)
					x += b.width(n, 23, true) + 4
				}
				x += 8
			}
			x += 12
		}
		if len(p.Objectives) > 0 {
			if x+110+170 > W-pad-8 {
				y += 50
				x = pad + 12
			}
			objectives := b.t("objectives", "img_cb_objectives")
			b.text(objectives, x, y+30, 20, false, 0, colMuted, imaging.RoleSecondary)
			x += max(100, b.width(objectives, 20, false)+8)
			for _, id := range p.Objectives {
				if x+170 > W-pad-8 {
					y += 82
					x = pad + 112
				}
				b.add(Item{Kind: KindObjective, Seat: -1, Card: id, X: x, Y: y, W: 166, H: 74})
				l1, l2 := b.objectiveText(b.e.Card(id))
				b.text(l1, x+8, y+30, 23, true, 0, colInk, imaging.RoleEssential)
				b.text(l2, x+8, y+62, 23, true, 0, colInk, imaging.RoleEssential)
				x += 174
			}
			y += 32
		}
		y += 50
	}
	return y
}

// dock lays out loading dock d (0..2) in a w-wide column from x,y and
// returns its height: its crests and lorries loaded, then each wagon with
// the lorry card in it, then the engine.
func (b *builder) dock(d int, dv coalbaron.DockView, x, y, w float64) float64 {
	b.add(Item{Kind: KindBox, Seat: -1, Card: coalbaron.NoCard, N: 3, X: x, Y: y, W: w}) // its height is set by the caller
	dock := b.t(fmt.Sprintf("Dock %d", d+1), "img_cb_dock", "N", d+1)
	b.text(dock, x+8, y+24, 23, true, 0, colInk, imaging.RoleSecondary)
	cx := x + max(84, 8+b.width(dock, 23, true)+8)
	for c := coalbaron.Crest(0); c < coalbaron.NumCrests; c++ {
		if coalbaron.DockShows(d, c) {
			b.glyph(KindCrest, b.crestGlyph(c), coalbaron.NoCard, cx, y+3, 29, 29)
			cx += 32
		}
	}
	if dv.Lorries > 0 {
		b.text(b.t(fmt.Sprintf("%dL", dv.Lorries), "img_cb_dock_lorries", "N", dv.Lorries), x+w-8, y+24, 23, true, 1, colInk, imaging.RoleEssential)
	}
	// Wagons left to right, each with its lorry card below; the engine
	// last.
	colW := chipW + 4
	perLine := max(1, int((w-16-colW)/colW))
	wy := y + 38
	lineH := glyph + 6 + chipH + 6
	for k, wg := range dv.Wagons {
		wx := x + 8 + float64(k%perLine)*colW
		ly := wy + float64(k/perLine)*lineH
		b.glyph(KindCrest, b.crestGlyph(b.e.Card(wg.Wagon).Crest), wg.Wagon, wx+(chipW-glyph)/2, ly, glyph, glyph)
		if wg.Lorry >= 0 {
			b.lorry(wg.Lorry, wx, ly+glyph+6)
		} else {
			b.add(Item{Kind: KindSlot, Seat: -1, Card: coalbaron.NoCard, X: wx + (chipW-glyph)/2, Y: ly + glyph + 6, W: glyph, H: glyph})
		}
	}
	lines := max(1, (len(dv.Wagons)+perLine-1)/perLine)
	if len(dv.Wagons) == 0 {
		b.text(b.t("no wagon", "img_cb_no_wagon"), x+8, wy+30, 20, false, 0, colMuted, imaging.RoleSecondary)
	}
	ex := x + w - 8 - glyph
	if dv.Engine >= 0 {
		b.glyph(KindEngine, engineGlyph(b.e.Card(dv.Engine).Engine), dv.Engine, ex, wy, glyph, glyph)
	} else {
		b.add(Item{Kind: KindSlot, Seat: -1, Card: coalbaron.NoCard, X: ex, Y: wy, W: glyph, H: glyph})
		b.text(b.t("no", "img_cb_no_engine_1"), ex+glyph/2, wy+glyph+22, 18, false, 0.5, colMuted, imaging.RoleSecondary)
		b.text(b.t("engine", "img_cb_no_engine_2"), ex+glyph/2, wy+glyph+42, 18, false, 0.5, colMuted, imaging.RoleSecondary)
	}
	return 38 + float64(lines)*lineH
}

// delivered lays out a player's departed trains (the full board only).
func (b *builder) delivered(p coalbaron.PlayerView, y, W float64) float64 {
	b.text(b.t("Delivered trains", "img_cb_delivered_trains"), pad+12, y+22, 20, false, 0, colMuted, imaging.RoleSecondary)
	y += 30
	x := pad + 12
	for _, t := range p.Delivered {
		w := 64 + glyph + 6 + float64(len(t.Wagons))*(chipW+4) + 8
		if x+w > W-pad-8 && x > pad+12 {
			x = pad + 12
			y += glyph + 6 + chipH + 14
		}
		b.box(x, y, w-6, glyph+chipH+14, 0)
		if t.Order >= 0 {
			c := b.e.Card(t.Order)
			b.glyph(KindDest, b.destGlyph(c.Dest), t.Order, x+6, y+6, 54, glyph)
			b.text(b.vp(c.VP), x+6, y+glyph+34, 23, true, 0, colInk, imaging.RoleEssential)
		}
		ex := x + 66
		if t.Engine >= 0 {
			b.glyph(KindEngine, engineGlyph(b.e.Card(t.Engine).Engine), t.Engine, ex, y+6, glyph, glyph)
		}
		for k, wg := range t.Wagons {
			wx := ex + glyph + 6 + float64(k)*(chipW+4)
			b.glyph(KindCrest, b.crestGlyph(b.e.Card(wg.Wagon).Crest), wg.Wagon, wx+(chipW-glyph)/2, y+6, glyph, glyph)
			if wg.Lorry >= 0 {
				b.lorry(wg.Lorry, wx, y+glyph+10)
			}
		}
		x += w
	}
	return y + glyph + chipH + 22
}

// scores lays out the final scores by category.
func (b *builder) scores(v coalbaron.PublicView, o imaging.Options, y, W float64) float64 {
	b.text(b.t("Final scores · A lorry VP · B orders · C shares · D tokens · E objectives", "img_cb_scores_head"), pad, y+22, 20, false, 0, colMuted, imaging.RoleSecondary)
	y += 32
	cols := []string{"A", "B", "C", "D", "E", b.t("total", "img_cb_total")}
	cw := 90.0
	x0 := W - pad - cw*float64(len(cols))
	for k, c := range cols {
		b.text(c, x0+cw*float64(k)+cw-12, y+24, 23, true, 1, colMuted, imaging.RoleEssential)
	}
	y += 34
	for _, s := range v.Scores {
		to := b.deliveredTo(v, s.Seat)
		h := 40.0
		if len(to) > 0 {
			h += 38
		}
		b.box(pad, y, W-2*pad, h, 0)
		b.marker(s.Seat, pad+22, y+20, 28)
		b.text(o.Name(s.Seat), pad+44, y+29, 23, true, 0, colInk, imaging.RoleEssential)
		for k, n := range []int{s.A, s.B, s.C, s.D, s.E, s.Total} {
			b.text(fmt.Sprint(n), x0+cw*float64(k)+cw-12, y+29, 23, k == 5, 1, colInk, imaging.RoleEssential)
		}
		if len(to) > 0 {
			// Where the seat's delivered orders went: a destination's
			// glyph and how many orders reached it (the B column's orders).
			label := b.t("orders to", "img_cb_orders_to")
			b.text(label, pad+44, y+65, 22, false, 0, colMuted, imaging.RoleSecondary)
			x := pad + 44 + b.width(label, 22, false) + 12
			for _, dn := range to {
				b.glyph(KindDest, b.destGlyph(dn.dest), coalbaron.NoCard, x, y+40, 48, 32)
				n := fmt.Sprintf("×%d", dn.n)
				b.text(n, x+54, y+65, 25, true, 0, colInk, imaging.RoleEssential)
				x += 54 + b.width(n, 25, true) + 20
			}
		}
		y += h + 4
	}
	return y + 6
}

// destCount is how many of a seat's delivered orders went to dest.
type destCount struct {
	dest coalbaron.Dest
	n    int
}

// deliveredTo counts seat's delivered orders by destination, in the
// destinations' order, leaving out those none reached.
func (b *builder) deliveredTo(v coalbaron.PublicView, seat int) []destCount {
	if seat < 0 || seat >= len(v.Players) {
		return nil
	}
	var n [coalbaron.NumDests]int
	for _, t := range v.Players[seat].Delivered {
		if t.Order < 0 || t.Order >= len(b.e.Cards) {
			continue
		}
		if d := b.e.Card(t.Order).Dest; d >= 0 && d < coalbaron.NumDests {
			n[d]++
		}
	}
	var out []destCount
	for d := coalbaron.Dest(0); d < coalbaron.NumDests; d++ {
		if n[d] > 0 {
			out = append(out, destCount{d, n[d]})
		}
	}
	return out
}

// legend explains the glyphs in one block at the foot.
func (b *builder) legend(y, W float64) float64 {
	y += 4
	x := pad
	for c := coalbaron.Crest(0); c <= coalbaron.CrestWild; c++ {
		b.glyph(KindCrest, b.crestGlyph(c), coalbaron.NoCard, x, y, 30, 30)
		b.text(b.crestName(c), x+36, y+22, 20, false, 0, colInk, imaging.RoleDecor)
		x += 36 + b.width(b.crestName(c), 20, false) + 18
	}
	b.text(b.t("L lorries · +N VP", "img_cb_legend_lorries"), W-pad, y+22, 20, false, 1, colInk, imaging.RoleDecor)
	y += 40
	x = pad
	for d := coalbaron.Dest(0); d < coalbaron.NumDests; d++ {
		b.glyph(KindDest, b.destGlyph(d), coalbaron.NoCard, x, y, 44, 30)
		b.text(b.destName(d), x+50, y+22, 20, false, 0, colInk, imaging.RoleDecor)
		x += 50 + b.width(b.destName(d), 20, false) + 18
	}
	engines := b.t("engines", "img_cb_engines")
	b.text(engines, x+4, y+22, 20, false, 0, colInk, imaging.RoleDecor)
	x += 4 + b.width(engines, 20, false) + 8
	for t := coalbaron.EngineType(0); t < coalbaron.NumEngineTypes; t++ {
		b.glyph(KindEngine, engineGlyph(t), coalbaron.NoCard, x, y, 30, 30)
		x += 36
	}
	return y + 38
}

// glyphLetterSize is the size of the letter on a glyph of height h.
func glyphLetterSize(it Item) float64 {
	if it.Kind == KindDest {
		return 0.6 * it.H
	}
	return 0.62 * it.H
}

// itemTexts returns the texts item it draws: the one source for both the
// painter and the layout data.
func itemTexts(it Item) []imaging.TextSpec {
	switch it.Kind {
	case KindText:
		return []imaging.TextSpec{{Text: it.Text, X: it.X, Y: it.Y, Size: it.Size, Bold: it.Bold, Align: it.Align, Color: it.Color, Role: it.Role}}
	case KindMark:
		r := it.W / 2
		return []imaging.TextSpec{{Text: it.Text, X: it.X, Y: imaging.MarkBaseline(it.Text, it.Y, r), Size: imaging.MarkSize(it.Text, r), Bold: true, Align: 0.5, Color: imaging.White, Role: imaging.RoleEssential}}
	case KindMarker:
		l := it.Letter
		if l == "" {
			_, l, _ = imaging.Seat(it.Seat)
		}
		return []imaging.TextSpec{{Text: l, X: it.X, Y: it.Y + it.W*0.25, Size: it.W * 0.66, Bold: true, Align: 0.5, Color: imaging.SeatInk(it.Seat), Role: imaging.RoleSecondary}}
	case KindCrest, KindEngine, KindDest:
		if it.Text == "" {
			return nil // a shape alone (a crest in Polish)
		}
		size := glyphLetterSize(it)
		if it.Shape == ShapeStar { // "*" is small for its em
			size *= 1.5
		}
		role := imaging.RoleEssential
		if size < imaging.MinEssential*TurnW {
			role = imaging.RoleSecondary // the dock's crests, the legend
		}
		cy := it.Y + it.H/2 + size*0.36
		switch it.Shape {
		case ShapeTriangle:
			cy = it.Y + it.H*0.62 + size*0.36
		case ShapeTriDown:
			cy = it.Y + it.H*0.4 + size*0.36
		case ShapeHouse, ShapeSawtooth:
			cy = it.Y + it.H*0.6 + size*0.36
		case ShapeBoat:
			cy = it.Y + it.H*0.46 + size*0.36
		case ShapeStar:
			cy = it.Y + it.H*0.5 + size*0.5
		}
		return []imaging.TextSpec{{Text: it.Text, X: it.X + it.W/2, Y: cy, Size: size, Bold: true, Align: 0.5, Color: it.Color, Role: role}}
	}
	return nil
}

// layoutOf measures the texts of items.
func layoutOf(items []Item, w, h int) imaging.Layout {
	out := imaging.Layout{Width: w, Height: h, Texts: []imaging.LayoutText{}}
	m, err := imaging.NewMeasurer()
	if err != nil {
		return out
	}
	for _, it := range items {
		for _, t := range itemTexts(it) {
			x := t.X - m.Width(t.Text, t.Size, t.Bold)*t.Align
			out.Texts = append(out.Texts, imaging.LayoutText{Text: t.Text, X: imaging.Round1(x), Y: imaging.Round1(t.Y), SizePx: imaging.Round1(t.Size), Role: t.Role})
		}
	}
	return out
}

// TurnLayout returns the texts RenderTurn draws for v, with their sizes and
// roles.
func TurnLayout(v coalbaron.PublicView, o imaging.Options) imaging.Layout {
	items, w, h := turnItems(v, o, false)
	return layoutOf(items, w, h)
}

// TurnItems returns everything RenderTurn draws for v, in drawing order,
// and the picture's size.
func TurnItems(v coalbaron.PublicView, o imaging.Options) ([]Item, int, int) {
	return turnItems(v, o, false)
}

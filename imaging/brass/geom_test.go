package brassimg

import (
	"image"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

// TestSchematicNoOverlap: every location of the edition has a place on
// the schematic, and no two locations' boxes, names included (the longest
// name, in English or Polish, at its drawn size), overlap.
func TestSchematicNoOverlap(t *testing.T) {
	e := brass.Standard
	m, err := imaging.NewMeasurer()
	if err != nil {
		t.Fatal(err)
	}
	var boxes []rect
	for loc, l := range e.Locations {
		if _, ok := spots[l.ID]; !ok {
			t.Fatalf("location %s has no place on the schematic", l.ID)
		}
		b := locBox(e, loc, 0)
		name := max(m.Width(l.Name, 15, true), m.Width("browar wiejski", 15, true)*map[bool]float64{true: 1, false: 0}[l.Kind == brass.Farm])
		w := max(b.W, name)
		boxes = append(boxes, rect{b.cx() - w/2, b.Y - nameH, w, b.H + nameH})
		if l.Kind == brass.MerchantLoc {
			boxes[loc].H += 22 // the bonus line
		}
		if r := boxes[loc]; r.X < 0 || r.X+r.W > TurnW || r.Y+r.H > mapH {
			t.Errorf("%s at %+v runs off the map (%d×%.0f)", l.ID, r, TurnW, mapH)
		}
	}
	for i := range boxes {
		for j := i + 1; j < len(boxes); j++ {
			if boxes[i].overlaps(boxes[j]) {
				t.Errorf("%s %+v overlaps %s %+v", e.Locations[i].ID, boxes[i], e.Locations[j].ID, boxes[j])
			}
		}
	}
}

// TestMarksAndChangesDrawn: a mark on a build space, a line, a merchant
// and a market is drawn there (the pixels round its place change), with
// its number as an essential text at least 9 px at 400 px wide; a place
// passed as changed is ringed there.
func TestMarksAndChangesDrawn(t *testing.T) {
	v := randomMatch(t, 3, 5, 30, "").Public().(brass.PublicView)
	o := opts(v)
	plain, err := RenderTurn(v, o)
	if err != nil {
		t.Fatal(err)
	}
	places := map[int]rect{}
	p, err := newPic(o, TurnW, boardHeight(v, false), 1, false)
	if err != nil {
		t.Fatal(err)
	}
	p.drawMap(v, brass.Standard, headerH, places)
	p.markets(v, brass.Standard, headerH+mapH, places)
	for _, place := range []int{brass.PlaceSpace(10), brass.PlaceLine(5), brass.PlaceMerchant(2), brass.PlaceIronMarket} {
		r, ok := places[place]
		if !ok {
			t.Fatalf("place %d is not drawn", place)
		}
		area := image.Rect(int(r.X)-4, int(r.Y)-4, int(r.X+r.W)+4, int(r.Y+r.H)+4)
		for _, c := range []struct {
			name string
			o    imaging.Options
		}{{"mark", withMarks(o, map[int]string{place: "7"})}, {"changed", withChanged(o, place)}} {
			img, err := RenderTurn(v, c.o)
			if err != nil {
				t.Fatal(err)
			}
			if d := imagingtest.PixelDiff(sub(plain, area), sub(img, area)); d < 0.05 {
				t.Errorf("place %d: the %s changes %.3f of its pixels", place, c.name, d)
			}
		}
		l := TurnLayout(v, withMarks(o, map[int]string{place: "7"}))
		found := false
		for _, tx := range l.Texts {
			if tx.Text == "7" && tx.Role == imaging.RoleEssential && imaging.PhonePx(l, tx) >= imaging.MinEssentialPx {
				found = true
			}
		}
		if !found {
			t.Errorf("place %d: the mark's number is not a legible essential text", place)
		}
	}
}

func withMarks(o imaging.Options, m map[int]string) imaging.Options { o.Marks = m; return o }
func withChanged(o imaging.Options, p int) imaging.Options          { o.Changed = []int{p}; return o }

func sub(img image.Image, r image.Rectangle) image.Image {
	out := image.NewRGBA(r)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out
}

// TestHandOnlyFromSeatView: the hand picture draws the seat's own cards
// and the turn picture of the same position names none of them.
func TestHandOnlyFromSeatView(t *testing.T) {
	m := randomMatch(t, 4, 9, 20, "")
	sv := m.Seat(1).(brass.SeatView)
	en := imaging.Options{Words: i18n.Localizer(i18n.English).Message}
	hl := HandLayout(sv, en)
	p, err := newPic(en, HandW, 10, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]bool{}
	for _, tx := range hl.Texts {
		texts[tx.Text] = true
	}
	for _, id := range sv.Hand {
		e := brass.Standard
		want := p.cardName(id)
		if id < brass.CardIron {
			want = e.Locations[e.Cards[id].Loc].Name // the catalogue's English is the town's name
		} else if c := e.Cards[id]; c.Kind == brass.IndustryCard {
			want = en.T(c.Ind[0].Message(), "")
		}
		if !texts[want] {
			t.Errorf("card %d (%s) is not on the hand picture", id, want)
		}
	}
	if _, err := Renderer.Hand(m.Public(), imaging.Options{}); err == nil {
		t.Error("the hand picture accepts a public view")
	}
}

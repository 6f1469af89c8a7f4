package mineshaftimg

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// tilesDrawn counts the laid tiles (not ghosts, not legend swatches) in
// items.
func tilesDrawn(items []Item) int {
	n := 0
	for _, it := range items {
		if it.Kind == KindTile && it.N == 0 && it.W >= MinCell-1 {
			n++
		}
	}
	return n
}

// TestCropAndWholeMine: when the mine sprawls, the turn picture shows part
// of it and says how many tiles are off the picture, with the pawn of the
// seat to act on it; /tt board full:true draws every tile; a picture that
// cuts no tile says nothing of it.
func TestCropAndWholeMine(t *testing.T) {
	cropped, whole := 0, 0
	for _, v := range randomViews(t, 8) {
		items, _, _ := TurnItems(v, opts(v))
		board, _, _ := turnItems(v, opts(v), true)
		if got := tilesDrawn(board); got != len(v.Tiles) {
			t.Errorf("%s: the whole mine draws %d tiles of %d", key(v), got, len(v.Tiles))
		}
		said := false
		for _, tx := range TurnLayout(v, opts(v)).Texts {
			said = said || strings.HasPrefix(tx.Text, "Part of the mine:")
		}
		drawn := tilesDrawn(items)
		switch {
		case drawn < len(v.Tiles):
			cropped++
			if !said {
				t.Errorf("%s: %d of %d tiles drawn and the picture does not say so", key(v), drawn, len(v.Tiles))
			}
			if v.Turn >= 0 {
				p := v.Players[v.Turn]
				var grid Item // the rock under the mine
				for _, it := range items {
					if it.Kind == KindRect && it.Fill == colRock {
						grid = it
						break
					}
				}
				found := false
				for _, it := range items {
					found = found || it.Kind == KindPawn && it.Seat == v.Turn &&
						it.X > grid.X && it.X < grid.X+grid.W && it.Y > grid.Y && it.Y < grid.Y+grid.H
				}
				if !found {
					t.Errorf("%s: the pawn of the seat to act at (%d, %d) is cropped away", key(v), p.X, p.Y)
				}
			}
		default:
			whole++
			if said {
				t.Errorf("%s: every tile drawn, yet the picture says part of the mine is off it", key(v))
			}
		}
	}
	if cropped == 0 || whole == 0 {
		t.Errorf("%d cropped and %d whole pictures: the views do not exercise both", cropped, whole)
	}
}

// TestTwelvePlacements: a T-junction drawn on the start tile has 4 open
// ends × 3 rotations = 12 placements, the most a step has; with 4 players
// the picture still fits a phone (no taller than 1.3 × its width, every
// text legible at 400 px), draws all 12 marks, and shows the tile as each
// of the 12 lays it.
func TestTwelvePlacements(t *testing.T) {
	tee := -1
	for _, tl := range mineshaft.Standard.Tiles {
		if tl.Shape == mineshaft.Tee && tl.Special == mineshaft.NoSpecial {
			tee = tl.ID
			break
		}
	}
	m, err := mineshaft.Title.New(engine.Setup{NumSeats: 4, Seed: 1, Overrides: json.RawMessage(fmt.Sprintf(`{"pile": [%d]}`, tee))})
	if err != nil {
		t.Fatal(err)
	}
	legal := m.Legal(m.ToAct()[0])
	if m, _, err = m.Apply(legal[0]); err != nil { // the draw
		t.Fatal(err)
	}
	v := m.Public().(mineshaft.PublicView)
	marks := marksOf(m)
	if v.Step.Kind != mineshaft.StepPlace || len(marks) != 12 {
		t.Fatalf("step %s with %d marks, want a placement with 12", v.Step.Kind, len(marks))
	}
	for _, lang := range []string{i18n.English, i18n.Polish} {
		o := opts(v)
		o.Marks = marks
		o.Words = i18n.Localizer(lang).Message
		items, w, h := TurnItems(v, o)
		if h > 1.3*w {
			t.Errorf("%s: %.0f × %.0f, taller than 1.3 × its width", lang, w, h)
		}
		n, strip := 0, 0
		for _, it := range items {
			if it.Kind == KindMark {
				n++
			}
			if it.Kind == KindTile && it.W == stripTile {
				strip++
			}
		}
		if n != 24 || strip != 12 { // each mark on the mine and in the strip
			t.Errorf("%s: %d marks and %d option tiles drawn, want 24 and 12", lang, n, strip)
		}
		if bad := imaging.PhoneIllegible(TurnLayout(v, o)); len(bad) > 0 {
			t.Errorf("%s: %v", lang, bad)
		}
		if *samples != "" {
			img, err := RenderTurn(v, o)
			if err != nil {
				t.Fatal(err)
			}
			writePNG(t, *samples, "4p-twelve-"+lang+".png", img)
		}
	}
}

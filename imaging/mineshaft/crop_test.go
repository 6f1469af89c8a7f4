package mineshaftimg

import (
	"strings"
	"testing"
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

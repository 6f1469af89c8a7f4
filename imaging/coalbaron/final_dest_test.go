package coalbaronimg

import (
	"fmt"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// TestFinalPictureShowsDeliveredDestinations: under each seat's final
// score the picture draws, after "orders to", one destination glyph and
// "×n" per destination its delivered orders reached, as counted from the
// seat's delivered trains; a seat that delivered nothing has no such line.
func TestFinalPictureShowsDeliveredDestinations(t *testing.T) {
	shown := 0
	for seats := 2; seats <= 4; seats++ {
		v := randomMatch(t, seats, int64(seats), 100000).Public().(coalbaron.PublicView)
		if v.Step.Kind != coalbaron.StepOver || len(v.Scores) != seats {
			t.Fatalf("%d seats: the game did not finish", seats)
		}
		items, _, _ := TurnItems(v, imaging.Options{})
		// What the picture says per line: the glyph letters and counts after
		// each "orders to", in drawing order.
		var got []string
		for k := 0; k < len(items); k++ {
			if items[k].Kind != KindText || items[k].Text != "orders to" {
				continue
			}
			line := ""
			for k++; k < len(items) && (items[k].Kind == KindDest || items[k].Kind == KindText && items[k].Text[0] == "×"[0]); k++ {
				line += items[k].Text + " "
			}
			k--
			got = append(got, line)
		}
		var want []string
		for _, s := range v.Scores {
			var n [coalbaron.NumDests]int
			for _, tr := range v.Players[s.Seat].Delivered {
				n[coalbaron.Standard.Card(tr.Order).Dest]++
			}
			line := ""
			for d := coalbaron.Dest(0); d < coalbaron.NumDests; d++ {
				if n[d] > 0 {
					line += destGlyph(d).Letter + " " + fmt.Sprintf("×%d", n[d]) + " "
				}
			}
			if line != "" {
				want = append(want, line)
			}
		}
		shown += len(want)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%d seats: destinations drawn %q, want %q", seats, got, want)
		}
	}
	if shown == 0 {
		t.Error("no seat delivered an order in these games: the test checks nothing")
	}
}

package mineshaftimg

import (
	"fmt"
	"math/rand"
	"regexp"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// msKinds name the pictures' texts; the essential ones are what a player
// decides by: counts, points, where a marked cell lies from the pawn
// ("↑1 →2") and the marks' numbers.
var msKinds = []imagingtest.Kind{
	{Name: "counts", Match: regexp.MustCompile(`^(= )?\d+$`), Essential: true},
	{Name: "points", Match: regexp.MustCompile(`^\d+ (pts|pkt)$`), Essential: true},
	{Name: "scores", Match: regexp.MustCompile(`^\d+ = \d+$`), Essential: true},
	{Name: "cells", Match: regexp.MustCompile(`^([↑↓]\d+( [←→]\d+)?|[←→]\d+|·)$`), Essential: true},
}

// stepView is a view with the marks of its seat's private step, as the
// bot draws it.
type stepView struct {
	v     mineshaft.PublicView
	marks map[int]string
}

// key identifies a view among those of the suite.
func key(v mineshaft.PublicView) string {
	return fmt.Sprintf("%d/%d/%d/%d/%d", v.NumSeats, v.Version, v.Turn, len(v.Tiles), v.BagCount)
}

// playedViews plays random games of 2, 3 and 4 players and keeps views
// along the way, the private steps with their marks (placements, moves,
// targets) and the end.
func playedViews(t testing.TB, every int) []stepView {
	var out []stepView
	for seats := 2; seats <= 4; seats++ {
		m, err := mineshaft.Title.New(engine.Setup{NumSeats: seats, Seed: uint64(40 + seats)})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewSource(int64(seats)))
		for n := 0; m.Result() == nil; n++ {
			if marks := marksOf(m); n%every == 0 || marks != nil && n%(every/8+1) == 0 {
				out = append(out, stepView{m.Public().(mineshaft.PublicView), marks})
			}
			legal := m.Legal(m.ToAct()[0])
			if m, _, err = m.Apply(legal[r.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, stepView{v: m.Public().(mineshaft.PublicView)})
	}
	return out
}

// TestPictures runs the pictures suite on the mine-shaft renderer, over
// random games of every player count from the first move to the end, the
// private steps drawn with their marks.
func TestPictures(t *testing.T) {
	// Outside the full pass the same kinds of picture, fewer of each.
	every, random := testenv.Size(t, 80, 25), testenv.Size(t, 1, 4)
	sv := playedViews(t, every)
	marks := map[string]map[int]string{}
	var views []mineshaft.PublicView
	for _, s := range sv {
		views = append(views, s.v)
		if s.marks != nil {
			marks[key(s.v)] = s.marks
		}
	}
	views = append(views, randomViews(t, random)...)
	options := func(v mineshaft.PublicView) imaging.Options {
		o := opts(v)
		o.Marks = marks[key(v)]
		return o
	}
	var hands []mineshaft.SeatView
	for _, v := range views[:3] {
		hands = append(hands, mineshaft.SeatView{PublicView: v, Seat: 0})
	}
	imagingtest.Run(t, imagingtest.Config[mineshaft.PublicView, mineshaft.SeatView]{
		Renderer: Renderer, TurnLayout: TurnLayout, BoardLayout: BoardLayout,
		HandLayout: func(s mineshaft.SeatView, o imaging.Options) imaging.Layout { return TurnLayout(s.PublicView, o) },
		Views:      views, Hands: hands, Options: options,
		English: i18n.Localizer(i18n.English).Message, Polish: i18n.Localizer(i18n.Polish).Message, Catalogued: i18n.Has,
		Kinds: msKinds,
		// Under -race two pictures drawn, spread over the game; every one in the full pass (0).
		Drawn:      testenv.Size(t, 2, 0),
		SameInBoth: []string{"true"},
		Changed: func(v mineshaft.PublicView) []int {
			last := v.Tiles[len(v.Tiles)-1]
			return []int{last.Place, mineshaft.PlaceBag, mineshaft.PlacePlayer(0)}
		},
		Checks: []imagingtest.Check[mineshaft.PublicView]{
			{Name: "PhoneShape", Run: func(t *testing.T, _ imaging.Renderer, v mineshaft.PublicView, o imaging.Options) {
				_, w, h := TurnItems(v, o)
				if h > 1.3*w+0.5 {
					t.Errorf("%s: the turn picture is %.0f × %.0f, taller than 1.3 × its width", key(v), w, h)
				}
			}},
			{Name: "EveryMarkDrawn", Run: func(t *testing.T, _ imaging.Renderer, v mineshaft.PublicView, o imaging.Options) {
				items, _, _ := TurnItems(v, o)
				drawn := map[string]bool{}
				for _, it := range items {
					if it.Kind == KindMark {
						drawn[it.Text] = true
						if err := imaging.CheckMark(it.Text); err != nil {
							t.Error(err)
						}
					}
				}
				for p, m := range o.Marks {
					if !drawn[m] {
						t.Errorf("%s: mark %s of place %d is not on the picture", key(v), m, p)
					}
				}
			}},
		},
	})
}

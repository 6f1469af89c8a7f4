package brassimg

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"regexp"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

// views are public views of random games of 2, 3 and 4 players (and an
// introductory game), from the first move to the end.
func views(t testing.TB) []brass.PublicView {
	var out []brass.PublicView
	for seats := 2; seats <= 4; seats++ {
		for k, steps := range []int{0, 60, 250, 500, 100000} {
			out = append(out, randomMatch(t, seats, int64(seats*100+k), steps, "").Public().(brass.PublicView))
		}
	}
	return append(out, randomMatch(t, 3, 77, 100000, "intro").Public().(brass.PublicView))
}

// hands are seat views of a few random games.
func hands(t testing.TB) []brass.SeatView {
	var out []brass.SeatView
	for seats := 2; seats <= 4; seats++ {
		m := randomMatch(t, seats, int64(seats), 40, "")
		for s := 0; s < seats; s++ {
			out = append(out, m.Seat(s).(brass.SeatView))
		}
	}
	return out
}

// bbKinds name Brass's texts; the essential ones are what a player
// decides by: money, counts and levels, points, prices.
var bbKinds = []imagingtest.Kind{
	{Name: "money", Match: regexp.MustCompile(`£\d+`), Essential: true},
	{Name: "counts", Match: regexp.MustCompile(`^[+−-]?\d+\.?$`), Essential: true},
	{Name: "points", Match: regexp.MustCompile(`\d+ (VP|pkt)\b`), Essential: true},
	// Seat letters on tiles, links and markers (their colours tell them
	// apart too): secondary.
	{Name: "seat letters", Match: regexp.MustCompile(`^[OBGYP]$`)},
}

// sameInBoth are the words a Polish picture shares with the English one:
// the towns' names, and "era" (English and Polish alike).
func sameInBoth() []string {
	out := []string{"era"}
	for _, l := range brass.Standard.Locations {
		out = append(out, l.Name)
	}
	return out
}

// TestPictures runs the pictures suite on Brass's renderer.
func TestPictures(t *testing.T) {
	imagingtest.Run(t, imagingtest.Config[brass.PublicView, brass.SeatView]{
		Renderer: Renderer, TurnLayout: TurnLayout, BoardLayout: BoardLayout, HandLayout: HandLayout,
		Views: views(t), Hands: hands(t), Options: opts,
		English: i18n.Localizer(i18n.English).Message, Polish: i18n.Localizer(i18n.Polish).Message, Catalogued: i18n.Has,
		Kinds: bbKinds,
		// Under -race two pictures drawn, spread over the game; every one in the full pass (0).
		Drawn:      testenv.Size(t, 2, 0),
		SameInBoth: sameInBoth(),
		Changed: func(brass.PublicView) []int {
			return []int{brass.PlaceSpace(0), brass.PlaceLine(3), brass.PlaceMerchant(1), brass.PlaceCoalMarket}
		},
	})
}

// TestTurnFitsAPhone: the turn picture is no taller than 1.3 times its
// width, at every player count and stage.
func TestTurnFitsAPhone(t *testing.T) {
	for k, v := range views(t) {
		l := TurnLayout(v, opts(v))
		if l.Width != TurnW || float64(l.Height) > 1.3*float64(l.Width) {
			t.Errorf("view %d (%d players): turn picture %d×%d, want %d wide and at most 1.3 times as tall", k, len(v.Players), l.Width, l.Height, TurnW)
		}
		img, err := RenderTurn(v, opts(v))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != l.Width || b.Dy() != l.Height {
			t.Errorf("view %d: picture %v, layout %d×%d", k, b, l.Width, l.Height)
		}
	}
	_ = imaging.PhoneWidth
}

package coalbaronimg

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"regexp"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
)

// polishViews are random games of every player count, from the first move
// to the end (final scores), and the golden's fixed view.
func polishViews(t *testing.T) []coalbaron.PublicView {
	var out []coalbaron.PublicView
	for _, vs := range randomViews(t, 8) {
		out = append(out, vs...)
	}
	return append(out, fixedView(t))
}

func opts(v coalbaron.PublicView) imaging.Options {
	return imaging.Options{Names: fixtureNames[:min(len(fixtureNames), len(v.Players))]}
}

// handsOf are the hand views of a few random games.
func handsOf(t *testing.T) []coalbaron.SeatView {
	var out []coalbaron.SeatView
	for seats := 2; seats <= 4; seats++ {
		m := randomMatch(t, seats, int64(seats), 90)
		for s := 0; s < seats; s++ {
			out = append(out, m.Seat(s).(coalbaron.SeatView))
		}
	}
	return out
}

// cbKinds name Coal Baron's texts; the essential ones are what a player
// decides by: counts, points, lorries and worker numbers.
var cbKinds = []imagingtest.Kind{
	{Name: "counts", Match: regexp.MustCompile(`^[×x]?\d+$`), Essential: true},
	{Name: "points", Match: regexp.MustCompile(`\d+ (VP|PZ|pkt)\b`), Essential: true},
	{Name: "lorries", Match: regexp.MustCompile(`^\d+L(\+\d+)?$`), Essential: true},
	{Name: "workers", Match: regexp.MustCompile(`\d+[–-]\d+|\d+\+\d+`), Essential: true},
	// The letters in the crest, engine and destination glyphs (their
	// shapes tell them apart too): secondary.
	{Name: "glyph letters", Match: regexp.MustCompile(`^\p{Lu}\p{Ll}?$`)},
}

// TestPictures runs the pictures suite on Coal Baron's renderer, with no
// known failure: the turn picture (the display and a strip per player)
// and the My board picture hold the phone measure, and the turn picture
// is at most 1.3 × as tall as it is wide.
func TestPictures(t *testing.T) {
	imagingtest.Run(t, imagingtest.Config[coalbaron.PublicView, coalbaron.SeatView]{
		Renderer: Renderer, TurnLayout: TurnLayout, BoardLayout: BoardLayout, HandLayout: HandLayout,
		Views: polishViews(t), Hands: handsOf(t), Options: opts,
		English: i18n.Localizer(i18n.English).Message, Polish: i18n.Localizer(i18n.Polish).Message, Catalogued: i18n.Has,
		Kinds: cbKinds,
		// Under -race two pictures drawn, spread over the game; every one in the full pass (0).
		Drawn:      testenv.Size(t, 2, 0),
		SameInBoth: []string{"wagon min"},
		Changed:    func(coalbaron.PublicView) []int { return []int{int(coalbaron.ZoneOrder), coalbaron.PlaceRow(0)} },
	})
}

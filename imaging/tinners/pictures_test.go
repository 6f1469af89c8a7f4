package tinnersimg

import (
	"regexp"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/imaging/imagingtest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

func words(lang string) func(o imaging.Options) imaging.Options {
	l := i18n.Localizer(lang)
	return func(o imaging.Options) imaging.Options {
		o.Words = l.Message
		return o
	}
}

var inPolish = words(i18n.Polish)

// pictureBoards are random boards of every player count with the
// modules, and the fixtures (auction, arsenic, emigration, investing…).
func pictureBoards(t testing.TB) []tinners.PublicView {
	var out []tinners.PublicView
	for _, vs := range turnBoards(t, 4) {
		out = append(out, vs...)
	}
	for _, name := range sortedFixtures() {
		out = append(out, fixtureViews()[name])
	}
	return out
}

func names(v tinners.PublicView) imaging.Options {
	return imaging.Options{Names: fixtureNames[:min(len(fixtureNames), max(1, len(v.Seats)))], Changed: changedFor(v)}
}

// sameInBoth are words a Polish picture may share with the English one:
// proper names (places, Lord Wallace, the title) and words that are the
// same in both languages.
func sameInBoth() []string {
	out := []string{"Lord Wallace Tinners' Trail English Channel Devon port region min"}
	for _, a := range tinners.Standard.Areas {
		out = append(out, a.Name)
	}
	for _, e := range tinners.Standard.Emigration {
		out = append(out, e.Name)
	}
	return out
}

// ttKinds name Tinners' Trail's texts; the essential ones are what a
// player decides by: money and prices, points, counts, area ids.
var ttKinds = []imagingtest.Kind{
	// An amount with a few words ("£7", "+£1 all ore", "£10 a round"); a
	// heading that names amounts is not one.
	{Name: "money", Match: regexp.MustCompile(`^[^£]{0,12}£\d+[^£]{0,16}$`), Essential: true},
	{Name: "points", Match: regexp.MustCompile(`\d+ (pts|pkt)\b`), Essential: true},
	{Name: "counts", Match: regexp.MustCompile(`^[×−]\d+$`), Essential: true},
	{Name: "area ids", Match: regexp.MustCompile(`^[A-D]\d$`), Essential: true},
	// The seats' letters beside their pieces (their colours tell them
	// apart too): secondary.
	{Name: "seat letters", Match: regexp.MustCompile(`^\p{Lu}{1,2}$`)},
}

// TestPictures runs the pictures suite on Tinners' Trail's renderer,
// with no known failure: the turn picture holds the phone measure and
// is at most 1.3 × as tall as it is wide.
func TestPictures(t *testing.T) {
	// Drawing in one goroutine: the race detector has nothing to watch;
	// the full pass draws it (other tests draw under -race).
	testenv.FullOnly(t)
	s := randomState(t, 4, 3, 30)
	var hands []tinners.SeatView
	for seat := range 4 {
		hands = append(hands, s.SeatView(seat))
	}
	imagingtest.Run(t, imagingtest.Config[tinners.PublicView, tinners.SeatView]{
		Renderer: Renderer, TurnLayout: TurnLayout, BoardLayout: BoardLayout,
		Views: pictureBoards(t), Hands: hands, Options: names,
		English: i18n.Localizer(i18n.English).Message, Polish: i18n.Localizer(i18n.Polish).Message, Catalogued: i18n.Has,
		Kinds: ttKinds, SameInBoth: sameInBoth(), Changed: changedFor,
	})
}

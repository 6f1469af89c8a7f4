package bot

import (
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestNonPlayersNamedByTheGame: a seat no player holds (Lord Wallace) is
// named where seats are named by what the match or its view says
// (engine.NonPlayers), in the reader's language; a table given no game,
// or a game of players only, names none.
func TestNonPlayersNamedByTheGame(t *testing.T) {
	solo, err := tinners.NewGame(tinners.Setup{NumSeats: 1, Seed: 7, Options: tinners.Options{Solo: true}})
	if err != nil {
		t.Fatal(err)
	}
	duo, err := tinners.NewGame(tinners.Setup{NumSeats: 2, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	tb := randomTable(1)
	tb.Title = tinners.ID
	en, pl := i18n.Localizer(i18n.English), i18n.Localizer(i18n.Polish)
	for _, game := range []any{tinners.Match{S: solo}, solo.PublicView()} {
		names := kit.SeatNamesIn(en, tb, game)
		if len(names) != 2 || names[1] != "**Lord Wallace**" {
			t.Errorf("%T: seat names %q", game, names)
		}
		if got := kit.NameOfIn(pl, tb, game, tinners.WallaceSeat); got != pl.T("tt_lord_wallace", nil) || got == "" {
			t.Errorf("%T: seat %d is %q", game, tinners.WallaceSeat, got)
		}
		if got := kit.SeatPlainNames(en, tb, game); !slices.Equal(got, []string{tb.Seats[0].Name, "Lord Wallace"}) {
			t.Errorf("%T: picture names %q", game, got)
		}
	}
	for _, game := range []any{nil, tinners.Match{S: duo}} {
		if names := kit.SeatNamesIn(en, tb, game); len(names) != 1 {
			t.Errorf("%T: seat names %q", game, names)
		}
		if got := kit.NameOfIn(en, tb, game, 1); got != kit.SeatLabel(en, 1) {
			t.Errorf("%T: seat 1 is %q", game, got)
		}
	}
}

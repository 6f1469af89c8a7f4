package bot

import (
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine"
)

// A win the tie-breaks leave shared (engine.Result.Shared) puts every
// sharer first in the final ranking, in the history and in the stats.
func TestSharedWinIsFirstPlaceForEach(t *testing.T) {
	mt, err := pickGame.New(engine.Setup{NumSeats: 3})
	if err != nil {
		t.Fatal(err)
	}
	tb := kit.Table{Title: pickGameID, Seats: []kit.Seat{{UserID: "1", Name: "Ann"}, {UserID: "2", Name: "Bob"}, {UserID: "3", Name: "Cy"}}}
	r := &engine.Result{Ranking: []int{1, 0, 2}, Scores: []int{30, 30, 10}, Shared: 2}
	text := gen.ResultText(kit.English(), tb, mt, r)
	var places []string
	for _, line := range strings.Split(text, "\n")[1:] {
		p, _, _ := strings.Cut(line, ".")
		places = append(places, p)
	}
	if got := strings.Join(places, ","); got != "1,1,3" {
		t.Errorf("places %s, want 1,1,3:\n%s", got, text)
	}
	if r.Place(0) != 1 || r.Place(1) != 1 || r.Place(2) != 3 {
		t.Errorf("Place: %d %d %d", r.Place(0), r.Place(1), r.Place(2))
	}
	one := &engine.Result{Ranking: []int{1, 0, 2}, Scores: []int{30, 30, 10}}
	if one.Place(1) != 2 {
		t.Errorf("without Shared the second seat is second, got %d", one.Place(1))
	}
}

// A tie-break that is a sentence of its own ends the ranking with one
// full stop, not two.
func TestTieBreakLineEndsOnce(t *testing.T) {
	mt, err := pickGame.New(engine.Setup{NumSeats: 2})
	if err != nil {
		t.Fatal(err)
	}
	tb := kit.Table{Title: pickGameID, Seats: []kit.Seat{{UserID: "1", Name: "Ann"}, {UserID: "2", Name: "Bob"}}}
	r := &engine.Result{Ranking: []int{0, 1}, Scores: []int{3, 3}, TieBreakMessage: pickWords("The later token decides.")}
	text := gen.ResultText(kit.English(), tb, mt, r)
	if !strings.HasSuffix(text, "Tie-break: The later token decides.") {
		t.Errorf("ranking ends %q", text[strings.LastIndex(text, "\n")+1:])
	}
}

package rating

import (
	"math"
	"testing"
)

// TestMultiplayerGameIsPairwise: a 3-player game rates each player as if
// they had played the two others in one rating period: the winner beat
// both, the second beat the third and lost to the first.
func TestMultiplayerGameIsPairwise(t *testing.T) {
	l := NewLedger(Tau)
	if !l.Add(Game{Key: "tt", Seats: []Seat{{Player: "b", Place: 2}, {Player: "a", Place: 1}, {Player: "c", Place: 3}}}) {
		t.Fatal("a 3-player game was not rated")
	}
	n := New()
	want := map[string]Rating{
		"a": Update(n, []Result{{n, 1}, {n, 1}}, Tau),
		"b": Update(n, []Result{{n, 0}, {n, 1}}, Tau),
		"c": Update(n, []Result{{n, 0}, {n, 0}}, Tau),
	}
	for p, w := range want {
		if got := l.Get("tt", p); got.Rating != w || got.Games != 1 {
			t.Errorf("%s: %+v, want %+v after 1 game", p, got, w)
		}
	}
	if a, b, c := l.Get("tt", "a").R, l.Get("tt", "b").R, l.Get("tt", "c").R; !(a > b && b > c) || math.Abs(b-1500) > 1e-9 {
		t.Errorf("ratings %.1f, %.1f, %.1f: want a > b = 1500 > c", a, b, c)
	}
}

// TestSharedWinIsADraw: seats sharing first place draw with each other
// and both beat the third.
func TestSharedWinIsADraw(t *testing.T) {
	l := NewLedger(Tau)
	l.Add(Game{Key: "cb", Seats: []Seat{{Player: "a", Place: 1}, {Player: "b", Place: 1}, {Player: "c", Place: 3}}})
	n := New()
	want := Update(n, []Result{{n, 0.5}, {n, 1}}, Tau)
	if l.Get("cb", "a").Rating != want || l.Get("cb", "b").Rating != want {
		t.Errorf("sharers %+v and %+v, want both %+v", l.Get("cb", "a"), l.Get("cb", "b"), want)
	}
}

// TestUnratedSeats: a solo game, a game against unrated seats only and a
// seat nobody holds change nothing; in a game with a bot seat the people
// are rated against each other only.
func TestUnratedSeats(t *testing.T) {
	l := NewLedger(Tau)
	for _, g := range []Game{
		{Key: "tt", Seats: []Seat{{Player: "a", Place: 1}}},
		{Key: "tt", Seats: []Seat{{Player: "a", Place: 2}, {Place: 1}}},
		{Key: "tt", Seats: []Seat{{Player: "a", Place: 1}, {Player: "bot", Place: 2, Unrated: true}}},
		{Key: "tt", Seats: []Seat{{Player: "a", Place: 1}, {Player: "a", Place: 2}}},
	} {
		if l.Add(g) {
			t.Errorf("%+v was rated", g)
		}
	}
	if l.Has("tt", "a") || len(l.Keys()) != 0 {
		t.Errorf("unrated games left ratings: %+v", l.byID)
	}
	l.Add(Game{Key: "tt", Seats: []Seat{{Player: "bot", Place: 1, Unrated: true}, {Player: "a", Place: 2}, {Player: "b", Place: 3}}})
	n := New()
	if got, want := l.Get("tt", "a").Rating, Update(n, []Result{{n, 1}}, Tau); got != want {
		t.Errorf("a beside a bot: %+v, want %+v (a beat b; the bot does not count)", got, want)
	}
	if l.Has("tt", "bot") {
		t.Error("the bot seat got a rating")
	}
}

// TestOrderMatters: the same two games rated in the other order give
// other ratings (so the order games ended in is part of the definition).
func TestOrderMatters(t *testing.T) {
	g1 := Game{Key: "tt", Seats: []Seat{{Player: "a", Place: 1}, {Player: "b", Place: 2}}}
	g2 := Game{Key: "tt", Seats: []Seat{{Player: "b", Place: 1}, {Player: "c", Place: 2}}}
	x, y := NewLedger(Tau), NewLedger(Tau)
	x.Add(g1)
	x.Add(g2)
	y.Add(g2)
	y.Add(g1)
	if x.Get("tt", "a") == y.Get("tt", "a") {
		t.Errorf("a's rating does not depend on the order: %+v", x.Get("tt", "a"))
	}
	// Keys are separate: a game of another title leaves these alone.
	before := x.Get("tt", "a")
	x.Add(Game{Key: "cb", Seats: []Seat{{Player: "c", Place: 1}, {Player: "a", Place: 2}}})
	if x.Get("tt", "a") != before || x.Get("cb", "a").Games != 1 {
		t.Errorf("a game of another key changed tt's ratings, or was not rated under its own")
	}
}

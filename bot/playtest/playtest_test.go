package playtest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

func placeholders(o playtest.Options) playtest.Options {
	o.Render = func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG board"), nil }
	o.RenderHand = func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG hand"), nil }
	return o
}

// The same seed plays the same game: the same clicks and the same posts.
func TestDeterministic(t *testing.T) {
	var stats []playtest.Stats
	for range 2 {
		res, err := playtest.Play(context.Background(), placeholders(playtest.Options{Players: 2, Seed: 7}))
		if err != nil {
			t.Fatal(err)
		}
		testenv.Played(t, 1)
		s := res.Stats
		s.GameID, s.ElapsedSeconds = "", 0
		stats = append(stats, s)
	}
	a, b := stats[0], stats[1]
	if a.Interactions != b.Interactions || a.PublicPosts != b.PublicPosts || a.EngineActions != b.EngineActions ||
		a.Handoffs != b.Handoffs || *a.Winner != *b.Winner {
		t.Errorf("two runs of seed 7 differ:\n%+v\n%+v", a, b)
	}
}

// A game cut short by the interaction cap fails with the last messages.
func TestCapFails(t *testing.T) {
	res, err := playtest.Play(context.Background(), placeholders(playtest.Options{Players: 2, Seed: 1, MaxInteractions: 12}))
	if err == nil || !strings.Contains(err.Error(), "no end after 12 interactions") || !strings.Contains(err.Error(), "last messages") {
		t.Fatalf("err = %v", err)
	}
	if res == nil || res.Stats.Completed || res.Stats.Interactions != 12 || !strings.Contains(res.Transcript, "/tt new") {
		t.Errorf("partial result: %+v", res)
	}
}

func TestIsRefusal(t *testing.T) {
	for _, s := range []string{"It is not your turn: the game waits for X.", "This board has moved on; use the buttons on the newest board.",
		"You are not seated at this table, so these buttons are not for you."} {
		if !playtest.IsRefusal(s) {
			t.Errorf("IsRefusal(%q) = false", s)
		}
	}
	if !playtest.IsRefusal("That choice is another player's; use your own buttons.") {
		t.Error("a click on another player's choice is not a refusal")
	}
	// Ordinary Brass text that says "another player's" (issue 37).
	for _, s := range []string{"Done.", "**Your move**: Overbuild another player's coal mine in Leek (£5)"} {
		if playtest.IsRefusal(s) {
			t.Errorf("IsRefusal(%q) = true", s)
		}
	}
}

// BenchmarkPlaytest plays whole games through the fake Discord with the
// real renderer and reports the table-flow figures per game (the README's
// table): public posts, pictures and their bytes, pings, self-pings,
// hand-offs, interactions and engine actions.
func BenchmarkPlaytest(b *testing.B) {
	for _, n := range []int{3, 5} {
		b.Run(fmt.Sprintf("%dp", n), func(b *testing.B) {
			var st playtest.Stats
			for k := 0; k < b.N; k++ {
				res, err := playtest.Play(context.Background(), playtest.Options{Players: n, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				st = res.Stats
			}
			b.ReportMetric(float64(st.PublicPosts), "posts/game")
			b.ReportMetric(float64(st.ImagePosts), "pictures/game")
			b.ReportMetric(float64(st.ImageBytes)/1e6, "MB/game")
			b.ReportMetric(float64(st.Pings), "pings/game")
			b.ReportMetric(float64(st.SelfPings), "self-pings/game")
			b.ReportMetric(float64(st.Handoffs), "handoffs/game")
			b.ReportMetric(float64(st.Interactions), "interactions/game")
			b.ReportMetric(float64(st.EngineActions), "actions/game")
		})
	}
}

// TestSoloPlaytest plays the solo game (`playtest --players 1`) to its end:
// nobody is pinged during the game (the player is the only one to act, and
// Lord Wallace's turns come in the player's own interaction) — only the
// final post pings, as it pings every player —, no click is refused, and
// the winner is the player or Lord Wallace.
func TestSoloPlaytest(t *testing.T) {
	res, err := playtest.Play(context.Background(), placeholders(playtest.Options{Players: 1, Seed: 1}))
	if err != nil {
		t.Fatal(err)
	}
	testenv.Played(t, 1)
	s := res.Stats
	if !s.Completed || s.Seats != 1 || s.Pings != 1 || s.SelfPings != 0 || s.Refused != 0 || s.Unanswered != 0 || s.Winner == nil {
		t.Fatalf("solo playtest: %+v", s)
	}
	if s.Winner.Seat == tinners.WallaceSeat && s.Winner.Name != "Lord Wallace" {
		t.Errorf("winner %+v", *s.Winner)
	}
	if !strings.Contains(res.Transcript, "Lord Wallace reveals action card") || strings.Contains(res.Transcript, "Seat 2") {
		t.Error("the transcript lacks Lord Wallace's account, or names him Seat 2")
	}
}

package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// TestHandoffPostsFitAPhone plays one whole game of each title (and Tinners'
// Trail's solo game) with placeholder pictures, and holds every public
// post of the game to issues 25's and 37's rules: a hand-off post (one
// with buttons) opens with the ask line naming whom it pings; the final
// post pings every player and its first line is the result, then "Game
// over"; the posts, as last edited, tell every action of the record (bot
// seats' and Lord Wallace's too), and no catch-up leaves turns out with
// nothing to open them. Everything the players were shown is free of
// issue 25's wording warts (playtest.WordFindings).
func TestHandoffPostsFitAPhone(t *testing.T) {
	for _, c := range []struct {
		game    string
		players int
	}{{"tinners", 3}, {"tinners", 1}, {"coalbaron", 3}, {"brass", 2}, {"mineshaft", 2}} {
		t.Run(fmt.Sprintf("%s-%dp", c.game, c.players), func(t *testing.T) {
			if !testenv.Pick(t, c.game == "brass") {
				t.Skip("outside the full pass one game plays (Brass, whose posts are the tallest); the full pass plays every game")
			}
			opt := playtest.Options{Game: c.game, Titles: titles(), Renderers: fakeRenderers(), UIs: uis(), Players: c.players, Seed: 1,
				Render:     func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG placeholder"), nil },
				RenderHand: func(any, kit.RenderOptions) ([]byte, error) { return []byte("\x89PNG placeholder"), nil }}
			res, err := playtest.Play(context.Background(), opt)
			if err != nil {
				t.Fatal(err)
			}
			testenv.Played(t, 1)
			for _, f := range playtest.WordFindings(res) {
				t.Error(f)
			}
			var users []string
			for k := range c.players {
				users = append(users, playtest.UserID(k))
			}
			handoffs, finals := 0, 0
			for k, p := range res.Posts {
				first, rest, _ := strings.Cut(p.Text, "\n")
				if p.Final {
					finals++
					if !strings.HasPrefix(first, "🏆 ") || !strings.Contains(strings.SplitN(rest, "\n", 2)[0], "Game over") {
						t.Errorf("final post %d does not open with the result, then Game over:\n%s", k, p.Text)
					}
					for _, u := range users {
						if !strings.Contains(first, "<@"+u+">") {
							t.Errorf("the result line does not name %s: %q", u, first)
						}
					}
					if !slices.Equal(slices.Sorted(slices.Values(p.Pings)), users) {
						t.Errorf("the final post pings %v, want every player %v", p.Pings, users)
					}
					continue
				}
				if p.Rows == 0 {
					continue // not a hand-off (a stage post)
				}
				handoffs++
				if !strings.HasPrefix(first, "<@") {
					t.Errorf("hand-off post %d does not open with the ask line:\n%s", k, p.Text)
				}
				for _, u := range p.Pings {
					if !strings.Contains(first, "<@"+u+">") {
						t.Errorf("hand-off post %d pings %s, whom its first line does not name:\n%s", k, u, p.Text)
					}
				}
			}
			if finals != 1 || handoffs < 10 {
				t.Errorf("%d final posts (want 1), %d hand-off posts", finals, handoffs)
			}
			if s := res.Stats.Story; s == nil || s.Actions == 0 || s.Told != s.Actions || s.CatchUpsCut > 0 {
				t.Errorf("the story: %+v (want every action told, no catch-up cut)", s)
			}
			t.Logf("%d hand-off posts; at 400 px: median %d px, max %d px (placeholder pictures); story %+v", handoffs, res.Stats.PostHeightMedian, res.Stats.PostHeightMax, res.Stats.Story)
		})
	}
}

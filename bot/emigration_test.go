package bot

import (
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// emigrationState replays a 3-player Emigration game: seat 0 builds C6 and
// places its own miner there, then plays more.
func emigrationState(t *testing.T, more ...string) *tinners.State {
	t.Helper()
	rec := &tinners.Record{Edition: tinners.Standard.Version, Options: tinners.Options{Emigration: true}, Seats: make([]string, 3), Seed: 5,
		Setup:   &tinners.SetupOverrides{Hands: [][]int{{}, {}, {}}, Order: []int{0, 1, 2}, FaceUp: []string{"C6"}, Dice: []int{2, 2, 2, 2, 2, 3}},
		Actions: append([]string{"0/b:C6", "0/bid:1", "1/drop", "2/drop", "1/pass", "2/pass", "0/omi:C6"}, more...)}
	s, err := tinners.Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// labels are the labels of every button and select option in comps.
func labels(comps []discordgo.MessageComponent) []string {
	var out []string
	for _, c := range comps {
		row, ok := c.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, x := range row.Components {
			switch x := x.(type) {
			case discordgo.Button:
				out = append(out, x.Label)
			case discordgo.SelectMenu:
				for _, o := range x.Options {
					out = append(out, o.Label+" | "+o.Description)
				}
			}
		}
	}
	return out
}

func hasLabel(ls []string, prefix string) bool {
	for _, l := range ls {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// TestEmigrationChoices: the new actions are offered with their cost and
// effect, and a Michigan piece's placement whenever it is legal (in the
// final column too).
func TestEmigrationChoices(t *testing.T) {
	tb := randomTable(3)
	s := emigrationState(t)
	if ls := labels(turnComponents(tb, s, 0)); !hasLabel(ls, "Emigrate a miner… (1 WP)") || hasLabel(ls, "Own miner") {
		t.Fatalf("board buttons %q", ls)
	}
	msg, _ := stepMessage(tb, s, 0, "em")
	ls := labels(msg.Components)
	for _, want := range []string{"Emigrate to Michigan: a free adit to place now or later (1 WP)", "Emigrate to Sierra Madre: +12 pts (1 WP)",
		"Emigrate to Kimberly: +£5 now and +£5 each later round (1 WP)", "Emigrate to Adelaide: this round's sale +£0 so far (one ore +£3) (1 WP)"} {
		if !hasLabel(ls, want+" | your miner leaves C6") {
			t.Errorf("no %q in %q", want, ls)
		}
	}
	if !strings.Contains(boardText(tb, s.PublicView(), nil), "Emigration, round 1: Michigan (adit) open · Sierra Madre (12 points) open") {
		t.Errorf("board text:\n%s", boardText(tb, s.PublicView(), nil))
	}
	s = emigrationState(t, "0/em:C6:mi")
	if ls := labels(turnComponents(tb, s, 0)); !hasLabel(ls, "Place Michigan adit… (free, 0 WP)") || !hasLabel(ls, "Own miner… (1 WP)") {
		t.Fatalf("board buttons %q", ls)
	}
	msg, _ = stepMessage(tb, s, 0, "dp:fad")
	if ls := labels(msg.Components); !hasLabel(ls, "★ C4 Truro – C6 Newquay (yours) | 0 WP") {
		t.Fatalf("adit places %q", ls)
	}
	text := boardText(tb, s.PublicView(), nil)
	if !strings.Contains(text, "Michigan: 1 adit to place") || !strings.Contains(text, "Michigan (adit) "+kit.SeatName(0)) {
		t.Errorf("board text:\n%s", text)
	}
	// In the final column the adit is still offered, beside the pass.
	for s.Players[0].Col < 10 {
		var err error
		if s, _, err = tinners.Apply(s, tinners.Action{Seat: 0, Kind: tinners.ActPasties, Area: -1, Border: -1, Card: tinners.NoCard}); err != nil {
			t.Fatal(err)
		}
	}
	acts, _, _ := uiActions(t, tb, s, 0)
	if len(acts) != len(s.Legal(0)) || len(acts) < 2 {
		t.Fatalf("final column: offered %d, legal %d", len(acts), len(s.Legal(0)))
	}
}

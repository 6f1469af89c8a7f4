package bot

import (
	"errors"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
)

// TestWildReturnOneClickInDrawnOrder: when Coal Baron's wild action asks
// for the order in which the unkept cards go back, the step's menu offers
// the order drawn as one option of its own (one click), and every other
// order under one "Reorder…" entry; in Polish too.
func TestWildReturnOneClickInDrawnOrder(t *testing.T) {
	errFound := errors.New("found")
	var at engine.Match
	for seed := uint64(1); at == nil && seed < 40; seed++ {
		mt, err := coalbaron.Title.New(engine.Setup{NumSeats: 3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 3))
		_, _, err = engine.RandomPlayout(mt, func(n int) int { return r.IntN(n) }, 3000, func(m engine.Match) error {
			if v := m.Public().(coalbaron.PublicView); v.Step.Kind == coalbaron.StepWildReturn && len(m.Legal(v.Step.Seat)) > 1 {
				at = m
				return errFound
			}
			return nil
		})
		if err != nil && !errors.Is(err, errFound) {
			t.Fatal(err)
		}
	}
	if at == nil {
		t.Fatal("no game reached the wild action's return step")
	}
	seat := at.ToAct()[0]
	h := newHarness(t)
	tb := kit.Table{ID: "wildtest", Title: coalbaron.ID, Seats: make([]kit.Seat, at.Public().(coalbaron.PublicView).NumSeats)}
	for _, c := range []struct{ lang, drawn, reorder string }{{"en", "Return them in the order drawn: ", "Reorder…"}, {"pl", "Odłóż w kolejności dobrania: ", "Inna kolejność…"}} {
		msg := gen.Menu(h.m, i18n.Localizer(c.lang), tb, at, seat, nil, 0)
		var drawn, reorder, other int
		for _, comp := range msg.Components {
			row, ok := comp.(discordgo.ActionsRow)
			if !ok {
				continue
			}
			var items [][2]string // label, what a click does: "a" an action, "m" a submenu
			for _, x := range row.Components {
				switch x := x.(type) {
				case discordgo.Button:
					if strings.HasPrefix(x.CustomID, "gi:") {
						items = append(items, [2]string{x.Label, "a"})
					} else if strings.HasPrefix(x.CustomID, "gm:") && !strings.Contains(x.Label, "Back") && !strings.Contains(x.Label, "Wstecz") {
						items = append(items, [2]string{x.Label, "m"})
					}
				case discordgo.SelectMenu:
					for _, o := range x.Options {
						items = append(items, [2]string{o.Label, o.Value[:1]})
					}
				}
			}
			for _, it := range items {
				switch {
				case strings.Contains(it[0], c.drawn) && it[1] == "a":
					drawn++
				case strings.Contains(it[0], c.reorder) && it[1] == "m":
					reorder++
				default:
					other++
				}
			}
		}
		if drawn != 1 || reorder != 1 || other != 0 {
			t.Errorf("%s: the return step offers %d drawn-order options, %d reorder entries and %d others; want 1, 1, 0:\n%s", c.lang, drawn, reorder, other, msg.Content)
		}
	}
}

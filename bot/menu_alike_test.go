package bot

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// walkMenus opens every menu level and page of seat's private step in mt
// and calls visit with each message; it returns the actions the leaves
// offer, in compact form (a choice of several counts each pick once).
func walkMenus(t *testing.T, m *Main, tb Table, mt engine.Match, seat int, visit func(where string, msg *message)) map[string]bool {
	t.Helper()
	legal := mt.Legal(seat)
	got := map[string]bool{}
	var walk func(path []int, page, depth int)
	walk = func(path []int, page, depth int) {
		where := fmt.Sprintf("%s v%d seat %d menu %v~%d", tb.Title, mt.Version(), seat, path, page)
		if depth > 8 {
			t.Fatalf("%s: the menu does not end", where)
		}
		msg := m.gmenu(english(), tb, mt, seat, path, page)
		if msg == nil {
			t.Fatalf("%s: no menu", where)
		}
		visit(where, msg)
		for _, row := range msg.Components {
			for _, c := range row.(discordgo.ActionsRow).Components {
				switch c := c.(type) {
				case discordgo.Button:
					f := strings.Split(c.CustomID, ":")
					switch {
					case f[0] == "gi":
						k, _ := strconv.Atoi(f[3])
						got[legal[k].String()] = true
					case f[0] == "gm" && c.Label != "Back":
						p, pg, ok := parsePath(f[3])
						if !ok {
							t.Fatalf("%s: bad path %q", where, f[3])
						}
						walk(p, pg, depth+1)
					}
				case discordgo.SelectMenu:
					for _, o := range c.Options {
						if _, ok := strings.CutPrefix(o.Value, "a:"); ok {
							a, _, ok := parsePickValue(o.Value)
							if !ok {
								t.Fatalf("%s: bad value %q", where, o.Value)
							}
							got[a] = true
							continue
						}
						p, pg, ok := parsePath(strings.TrimPrefix(o.Value, "m:"))
						if !ok {
							t.Fatalf("%s: bad value %q", where, o.Value)
						}
						walk(p, pg, depth+1)
					}
				}
			}
		}
	}
	walk(nil, 0, 0)
	return got
}

// visibleOptions lists what a player sees of each option of msg: a
// button's label; a select option's label and description, as Discord
// shows them. Back and More… are left out.
func visibleOptions(msg *message) []string {
	var out []string
	for _, row := range msg.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			switch c := c.(type) {
			case discordgo.Button:
				if c.Label != "Back" {
					out = append(out, c.Label)
				}
			case discordgo.SelectMenu:
				for _, o := range c.Options {
					out = append(out, trunc(o.Label, 100)+" — "+trunc(o.Description, 100))
				}
			}
		}
	}
	return out
}

// shownKey is everything a label shows a player (the test's own
// reading, apart from the menu's sameLabel).
func shownKey(lab engine.Label) string {
	return fmt.Sprintf("%v %v", lab.PathMessages, lab.LineMessage)
}

// menuWant is what a single-pick menu offers of legal: every action but
// those whose labels repeat an earlier one's (merged into it).
func menuWant(mt engine.Match, legal []engine.Action) map[string]bool {
	want, seen := map[string]bool{}, map[string]bool{}
	for _, a := range legal {
		if k := shownKey(mt.Label(a)); !seen[k] {
			seen[k], want[a.String()] = true, true
		}
	}
	return want
}

// TestMenuOptionsLookApart plays random games of both titles and opens
// every menu level of every private step: no two options of one menu look
// the same to a player, and the menu offers exactly the legal actions,
// those whose labels are identical merged into the first.
func TestMenuOptionsLookApart(t *testing.T) {
	m := &Main{cfg: Config{Titles: engine.NewRegistry(tinners.Title, coalbaron.Title)}}
	type game struct {
		title engine.Title
		seats int
		seed  uint64
	}
	var games []game
	for n := 2; n <= 4; n++ {
		for seed := range uint64(3) {
			games = append(games, game{coalbaron.Title, n, 700 + seed})
		}
		games = append(games, game{tinners.Title, n, 900 + uint64(n)})
	}
	alike := 0
	for _, g := range games {
		name := fmt.Sprintf("%s/%dp/seed%d", g.title.Meta().ID, g.seats, g.seed)
		t.Run(name, func(t *testing.T) {
			tb := randomTable(g.seats)
			tb.Title = g.title.Meta().ID
			mt, err := g.title.New(engine.Setup{NumSeats: g.seats, Seed: g.seed})
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(g.seed, uint64(g.seats)))
			for step := 0; mt.Result() == nil; step++ {
				if step > 5000 {
					t.Fatal("no end")
				}
				seat := mt.ToAct()[r.IntN(len(mt.ToAct()))]
				legal := mt.Legal(seat)
				got := walkMenus(t, m, tb, mt, seat, func(where string, msg *message) {
					seen := map[string]bool{}
					for _, v := range visibleOptions(msg) {
						if seen[v] {
							alike++
							if alike <= 5 {
								t.Errorf("%s: two options look the same: %q", where, v)
							}
						}
						seen[v] = true
					}
				})
				if want := menuWant(mt, legal); !maps.Equal(got, want) {
					t.Fatalf("v%d seat %d: the menu offers %v, legal are %v (identical ones merged)", mt.Version(), seat, got, want)
				}
				if mt, _, err = mt.Apply(legal[r.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	if alike > 0 {
		t.Errorf("%d options looked like another of their menu", alike)
	}
}

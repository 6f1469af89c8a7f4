package bot

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
)

// msPlacementMenu is the menus suite's further check for the mine-shaft
// game (TestMenusMineshaft): laying a tile is one menu of at most 12
// options (open end × rotation), each pointing at its own place, so that
// the picture numbers every option.
func msPlacementMenu(t *testing.T, where string, _ *i18n.Loc, mt engine.Match, seat int, msg message) {
	t.Helper()
	v := mt.Public().(mineshaft.PublicView)
	if v.Step.Kind != mineshaft.StepPlace {
		return
	}
	n := 0
	for _, row := range msg.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			switch c := c.(type) {
			case discordgo.Button:
				if strings.HasPrefix(c.CustomID, "gi:") {
					n++
				}
				if strings.HasPrefix(c.CustomID, "gm:") && !strings.HasPrefix(c.Label, "◀") && c.Label != "Back" && c.Label != "Wstecz" {
					t.Errorf("%s: the placement menu has a level below it (%q)", where, c.Label)
				}
			case discordgo.SelectMenu:
				n += len(c.Options)
			}
		}
	}
	if legal := len(mt.Legal(seat)); n != legal || n > 12 {
		t.Errorf("%s: the placement menu offers %d options for %d placements (at most 12, all in one menu)", where, n, legal)
	}
	places := map[int]bool{}
	for _, a := range mt.Legal(seat) {
		if w := mt.Label(a).Where; len(w) == 1 {
			places[w[0]] = true
		}
	}
	if len(places) != len(mt.Legal(seat)) {
		t.Errorf("%s: %d placements share %d places: the picture cannot number each", where, len(mt.Legal(seat)), len(places))
	}
}

package genericui

import (
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
)

// msPlacementMenu is the menus suite's further check for the mine-shaft
// game (TestMenusMineshaft): laying a tile is one menu of at most 12
// options (open end × rotation), each pointing at its own place, so that
// the picture numbers every option.
func msPlacementMenu(t *testing.T, where string, _ *i18n.Loc, mt engine.Match, seat int, msg kit.Message) {
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

// msNothingCut is the menus suite's further check for the mine-shaft game
// (TestMenusMineshaft), over random games in English and Polish: no
// option a menu shows is cut (its label in the text, a button's label, a
// select option's label and description: a cut one ends in "…"), the
// step's text is whole (shorter than what clip keeps, so that no first
// line was dropped), and a move's menu stays short, the moves through a
// Tunnel one level down.
func msNothingCut(t *testing.T, where string, l *i18n.Loc, mt engine.Match, seat int, msg kit.Message) {
	t.Helper()
	cut := func(what, s string) {
		if strings.HasSuffix(s, "…") {
			t.Errorf("%s: %s is cut: %q", where, what, s)
		}
	}
	if n := len([]rune(msg.Content)); n >= 1990 {
		t.Errorf("%s: the step's text has %d characters, and clip drops its first lines", where, n)
	}
	for _, line := range strings.Split(msg.Content, "\n") {
		rest, ok := strings.CutPrefix(line, "• **")
		if !ok {
			continue
		}
		label, _, _ := strings.Cut(rest, "**")
		cut("the label in the text", label)
	}
	options, more := 0, false
	for _, row := range msg.Components {
		for _, c := range row.(discordgo.ActionsRow).Components {
			switch c := c.(type) {
			case discordgo.Button:
				cut("a button's label", c.Label)
				options++
			case discordgo.SelectMenu:
				for _, o := range c.Options {
					cut("a select option's label", o.Label)
					cut("a select option's description", o.Description)
					options++
					more = more || o.Label == l.T("g_more", nil)
				}
			}
		}
	}
	// The walked moves fit one menu at its root; the Tunnel's may page.
	if v := mt.Public().(mineshaft.PublicView); v.Step.Kind == mineshaft.StepMove && strings.HasSuffix(where, "menu []~0") && (more || options > 25) {
		t.Errorf("%s: a move's menu of %d options, in pages", where, options)
	}
}

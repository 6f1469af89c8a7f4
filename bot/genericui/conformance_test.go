package genericui

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/brass"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	brassimg "github.com/tinnersbot/tinnersbot/imaging/brass"
	coalbaronimg "github.com/tinnersbot/tinnersbot/imaging/coalbaron"
	mineshaftimg "github.com/tinnersbot/tinnersbot/imaging/mineshaft"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// Every title's private steps in the generic UI, through the menus suite
// (menusuite_test.go): one line per title.

func TestMenusCoalBaron(t *testing.T) {
	runMenuSuite(t, menuSuite{Title: coalbaron.Title, Renderer: coalbaronimg.Renderer, Seeds: 1})
}

func TestMenusTinners(t *testing.T) {
	runMenuSuite(t, menuSuite{Title: tinners.Title, Renderer: tinnersimg.Renderer, SameInBoth: ttProperNames(), Seeds: 1, Options: []string{"", "arsenic,kickstarter,emigration"}})
}

// ttProperNames are Tinners' Trail's names that Polish shares with
// English: its areas and their ids, the emigration destinations, Lord
// Wallace, the title, Kickstarter, and "port".
func ttProperNames() []string {
	var out []string
	for _, a := range tinners.Standard.Areas {
		out = append(out, a.Name, a.ID)
	}
	for _, e := range tinners.Standard.Emigration {
		out = append(out, e.Name)
	}
	return append(out, "Lord Wallace", "Tinners' Trail", "Kickstarter", "port")
}

func TestMenusBrass(t *testing.T) {
	runMenuSuite(t, menuSuite{Title: brass.Title, Renderer: brassimg.Renderer, Seeds: 1, Options: []string{"", "intro"}})
}

func TestMenusMineshaft(t *testing.T) {
	runMenuSuite(t, menuSuite{Title: mineshaft.Title, Renderer: mineshaftimg.Renderer, Seeds: 1, StepChecks: []stepCheck{msPlacementMenu, msNothingCut}})
}

package bot

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// Every title's private steps in the generic UI, through the menus suite
// (menusuite_test.go): one line per title.

func TestMenusCoalBaron(t *testing.T) {
	runMenuSuite(t, menuSuite{Title: coalbaron.Title, Seeds: 1})
}

func TestMenusTinners(t *testing.T) {
	runMenuSuite(t, menuSuite{Title: tinners.Title, Seeds: 1, Options: []string{"", "arsenic,kickstarter,emigration"}})
}

func TestMenusMineshaft(t *testing.T) {
	runMenuSuite(t, menuSuite{Title: mineshaft.Title, Seeds: 1, StepChecks: []stepCheck{msPlacementMenu}})
}

package bot

import (
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// Every title's private steps in the generic UI, through the menus suite
// (menusuite_test.go): one line per title.

// alikeKnown: both titles' labels still let two different actions read the
// same (Coal Baron's two wild wagons of one dock, Tinners' Trail's mine
// built with or without a card), which the generic menu then shows twice
// or under a fourth level. Issue 22 ("Controls a title can ask for": no
// two options alike) merges identical actions and tells the others apart;
// the suite reports them until then, and fails once they are gone so that
// this line goes too.
const alikeKnown = "issue 22, controls: no two options alike"

func TestMenusCoalBaron(t *testing.T) {
	runMenuSuite(t, menuSuite{Title: coalbaron.Title, AlikeKnown: alikeKnown})
}

func TestMenusTinners(t *testing.T) {
	runMenuSuite(t, menuSuite{Title: tinners.Title, Options: []string{"", "arsenic,kickstarter,emigration"}, AlikeKnown: alikeKnown})
}

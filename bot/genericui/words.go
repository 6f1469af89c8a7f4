package genericui

import (
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// titleWord is message id, or its title's own version (id + "_" + the
// title's id) when the catalogue has one: Coal Baron's "My hand" button
// is "My board", since its private picture is the seat's whole board with
// its hidden cards under it (issue 25).
func titleWord(id string, t kit.Table) string {
	if own := id + "_" + t.TitleID(); i18n.Has(own) {
		return own
	}
	return id
}

package genericui

import (
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"
)

// grulesText is the quick reference of a title other than Tinners' Trail:
// its own summary (engine.Meta.Rules) and the commands of the generic flow.
func grulesText(l *i18n.Loc, mt engine.Meta) string {
	var b strings.Builder
	b.WriteString(l.T("ui_grules_header", kit.Args{"Title": kit.TitleNameIn(l, mt)}))
	b.WriteByte('\n')
	// Who made the game, in l's language, for a title whose catalogue
	// says it (credits_<title id>; engine.Meta.Credits is its English).
	if id := "credits_" + mt.ID; i18n.Has(id) {
		b.WriteString(l.T(id, nil) + "\n")
	}
	if mt.Rules != "" {
		// The title's summary in l's language: by convention the catalogue's
		// <title id>_rules (docs/i18n.md), else the title's own English.
		rules := mt.Rules
		if id := mt.ID + "_rules"; i18n.Has(id) {
			rules = l.T(id, nil)
		}
		b.WriteString(rules + "\n")
	} else {
		b.WriteString(l.T("ui_grules_none", nil))
		b.WriteByte('\n')
	}
	b.WriteString(l.T("ui_grules_commands", nil))
	return kit.Clip(b.String())
}

package bot

import (
	"context"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// rulesText is the short reference of /tt rules, from the edition's costs.
// cmdRules is the quick reference of the channel's table's title (its
// open table, else its last finished one); Tinners' Trail's when the
// channel has none or the table plays Tinners' Trail.
func (m *Main) cmdRules(ctx context.Context, i *discordgo.Interaction) kit.Response {
	l := kit.UserLoc(i)
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	if err != nil {
		if t, err = m.store.LastFinished(ctx, i.ChannelID); err != nil {
			t = kit.Table{} // the default title's
		}
	}
	return kit.Response{Reply: &kit.Message{Content: m.ui(t).Rules(l, t)}}
}

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

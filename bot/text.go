package bot

import (
	"context"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
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

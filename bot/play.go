package bot

import (
	"context"
	"errors"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
)

// LoadMatch loads the running game a custom ID names (of this channel),
// or the refusal.
func (m *Main) LoadMatch(ctx context.Context, i *discordgo.Interaction, id string) (kit.Table, engine.Match, *kit.Response) {
	t, err := m.store.Table(ctx, id)
	if errors.Is(err, kit.ErrNotFound) {
		r := kit.Forged(i)
		return t, nil, &r
	}
	if err != nil {
		r := m.ErrReply(i, "load table", err)
		return t, nil, &r
	}
	if t.ChannelID != i.ChannelID {
		r := kit.Forged(i)
		return t, nil, &r
	}
	switch t.Status {
	case kit.StatusLobby:
		r := kit.Say(kit.UserLoc(i), "state_not_started", nil)
		return t, nil, &r
	case kit.StatusFinished:
		r := kit.Say(kit.UserLoc(i), "state_game_over", nil)
		return t, nil, &r
	case kit.StatusAborted:
		r := kit.Say(kit.UserLoc(i), "state_table_ended", nil)
		return t, nil, &r
	}
	mt, err := m.store.Match(ctx, id)
	if err != nil {
		r := m.ErrReply(i, "load game", err)
		return t, nil, &r
	}
	return t, mt, nil
}

// runningTable loads this channel's running table, or the refusal.
func (m *Main) runningTable(ctx context.Context, i *discordgo.Interaction) (kit.Table, *kit.Response) {
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	if err != nil {
		r := m.ErrReply(i, "load table", err)
		return t, &r
	}
	if t.Status != kit.StatusRunning {
		r := kit.Say(kit.UserLoc(i), "adm_not_started", nil)
		return t, &r
	}
	return t, nil
}

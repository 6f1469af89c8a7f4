package ttui

import (
	"context"
	"fmt"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// game loads a running game named by a custom ID and checks it belongs to
// the channel the click came from.
func (m *host) game(ctx context.Context, i *discordgo.Interaction, id string) (kit.Table, *tinners.State, *kit.Response) {
	t, mt, r := m.LoadMatch(ctx, i, id)
	if r != nil {
		return t, nil, r
	}
	s := stateOf(mt)
	if s == nil {
		r := m.ErrReply(i, "load game", fmt.Errorf("%w: game %s", kit.ErrOtherTitle, id))
		return t, nil, &r
	}
	return t, s, nil
}

// player loads the running game a custom ID names and the clicker's seat
// at it, or the refusal.
func (m *host) player(ctx context.Context, i *discordgo.Interaction, gameID string) (kit.Table, *tinners.State, int, *kit.Response) {
	t, s, r := m.game(ctx, i, gameID)
	if r != nil {
		return t, s, -1, r
	}
	seat, r := kit.Seated(i, t)
	return t, s, seat, r
}

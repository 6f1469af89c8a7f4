package bot

import (
	"context"
	"errors"

	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// game loads a running game named by a custom ID and checks it belongs to
// the channel the click came from.
func (m *Main) game(ctx context.Context, i *discordgo.Interaction, id string) (Table, *tinners.State, *response) {
	t, err := m.store.Table(ctx, id)
	if errors.Is(err, ErrNotFound) {
		r := forged()
		return t, nil, &r
	}
	if err != nil {
		r := m.errReply(i, "load table", err)
		return t, nil, &r
	}
	if t.ChannelID != i.ChannelID {
		r := forged()
		return t, nil, &r
	}
	switch t.Status {
	case StatusLobby:
		r := replyText("The game has not started yet.")
		return t, nil, &r
	case StatusFinished:
		r := replyText("This game is over.")
		return t, nil, &r
	case StatusAborted:
		r := replyText("This table has been ended.")
		return t, nil, &r
	}
	s, err := m.store.State(ctx, id)
	if err != nil {
		r := m.errReply(i, "load game", err)
		return t, nil, &r
	}
	return t, s, nil
}

// player loads the running game a custom ID names and the clicker's seat
// at it, or the refusal.
func (m *Main) player(ctx context.Context, i *discordgo.Interaction, gameID string) (Table, *tinners.State, int, *response) {
	t, s, r := m.game(ctx, i, gameID)
	if r != nil {
		return t, s, -1, r
	}
	seat, r := seated(i, t)
	return t, s, seat, r
}

// seated returns the clicker's seat or a refusal.
func seated(i *discordgo.Interaction, t Table) (int, *response) {
	uid, _ := user(i)
	seat := t.SeatOf(uid)
	if seat < 0 {
		r := replyText("You are not seated at this table, so these buttons are not for you.")
		return -1, &r
	}
	return seat, nil
}

func waitingFor(t Table, s *tinners.State) string {
	var who []string
	for _, k := range s.ToAct() {
		who = append(who, seatRef(t, k))
	}
	if len(who) == 0 {
		return "nobody"
	}
	return strings.Join(who, ", ")
}

func notYourTurn(t Table, s *tinners.State) response {
	return replyText("It is not your turn: the game waits for %s.", waitingFor(t, s))
}

func movedOn() response {
	return replyText("This board has moved on; use the buttons on the newest board.")
}

package bot

import (
	"context"
	"errors"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// seated returns the clicker's seat or a refusal.
func seated(i *discordgo.Interaction, t Table) (int, *response) {
	uid, _ := user(i)
	seat := t.SeatOf(uid)
	if seat < 0 {
		r := say(userLoc(i), "not_seated_buttons", nil)
		return -1, &r
	}
	return seat, nil
}

// whoIn names seats by colour and mention in l's language, e.g.
// "**orange (O)** (<@1>), **blue (B)** (<@2>)", or "nobody".
func whoIn(l *i18n.Loc, t Table, seats []int) string {
	var who []string
	for _, k := range seats {
		who = append(who, seatRefIn(l, t, nil, k)) // a seat no player holds never acts
	}
	if len(who) == 0 {
		return l.T("nobody", nil)
	}
	return strings.Join(who, l.T("list_sep", nil))
}

// notYourTurn is the reply to a click out of turn, in i's user's language.
func notYourTurn(i *discordgo.Interaction, t Table, seats []int) response {
	return say(userLoc(i), "not_your_turn", args{"Who": whoIn(userLoc(i), t, seats)})
}

// movedOn is the reply to a click on a board the game has moved past.
func movedOn(i *discordgo.Interaction) response {
	return say(userLoc(i), "moved_on", nil)
}

// loadMatch loads the running game a custom ID names (of this channel),
// or the refusal.
func (m *Main) loadMatch(ctx context.Context, i *discordgo.Interaction, id string) (Table, engine.Match, *response) {
	t, err := m.store.Table(ctx, id)
	if errors.Is(err, ErrNotFound) {
		r := forged(i)
		return t, nil, &r
	}
	if err != nil {
		r := m.errReply(i, "load table", err)
		return t, nil, &r
	}
	if t.ChannelID != i.ChannelID {
		r := forged(i)
		return t, nil, &r
	}
	switch t.Status {
	case StatusLobby:
		r := say(userLoc(i), "state_not_started", nil)
		return t, nil, &r
	case StatusFinished:
		r := say(userLoc(i), "state_game_over", nil)
		return t, nil, &r
	case StatusAborted:
		r := say(userLoc(i), "state_table_ended", nil)
		return t, nil, &r
	}
	mt, err := m.store.Match(ctx, id)
	if err != nil {
		r := m.errReply(i, "load game", err)
		return t, nil, &r
	}
	return t, mt, nil
}

// runningTable loads this channel's running table, or the refusal.
func (m *Main) runningTable(ctx context.Context, i *discordgo.Interaction) (Table, *response) {
	t, err := m.store.TableInChannel(ctx, i.ChannelID)
	if err != nil {
		r := m.errReply(i, "load table", err)
		return t, &r
	}
	if t.Status != StatusRunning {
		r := say(userLoc(i), "adm_not_started", nil)
		return t, &r
	}
	return t, nil
}

func without(xs []int, x int) []int {
	var out []int
	for _, y := range xs {
		if y != x {
			out = append(out, y)
		}
	}
	return out
}

// undoSentence says in l's language why an undo was refused; revealed is
// the message saying so when something hidden was revealed, which names
// what counts as revealed in the table's game.
func undoSentence(l *i18n.Loc, err error, revealed string) string {
	switch {
	case errors.Is(err, ErrUndoNothing):
		return l.T("flow_undo_nothing", nil)
	case errors.Is(err, ErrUndoOther):
		return l.T("flow_undo_other", nil)
	case errors.Is(err, ErrUndoRevealed):
		return l.T(revealed, nil)
	}
	return l.T("flow_undo_either", nil)
}

func rows(buttons []discordgo.MessageComponent) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for len(buttons) > 0 && len(out) < 5 {
		n := min(5, len(buttons))
		out = append(out, discordgo.ActionsRow{Components: buttons[:n]})
		buttons = buttons[n:]
	}
	return out
}

// lastMove stands for "the last move" in at: (clamped to the record).
const lastMove = 1 << 30

// maxTextPosts is how many boards in a row may go without a picture.
const maxTextPosts = 3

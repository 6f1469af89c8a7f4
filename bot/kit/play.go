package kit

import (
	"errors"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// Seated returns the clicker's seat or a refusal.
func Seated(i *discordgo.Interaction, t Table) (int, *Response) {
	uid, _ := User(i)
	seat := t.SeatOf(uid)
	if seat < 0 {
		r := Say(UserLoc(i), "not_seated_buttons", nil)
		return -1, &r
	}
	return seat, nil
}

// WhoIn names seats by colour and mention in l's language, e.g.
// "**orange (O)** (<@1>), **blue (B)** (<@2>)", or "nobody".
func WhoIn(l *i18n.Loc, t Table, seats []int) string {
	var who []string
	for _, k := range seats {
		who = append(who, SeatRefIn(l, t, nil, k)) // a seat no player holds never acts
	}
	if len(who) == 0 {
		return l.T("nobody", nil)
	}
	return strings.Join(who, l.T("list_sep", nil))
}

// NotYourTurn is the reply to a click out of turn, in i's user's language.
func NotYourTurn(i *discordgo.Interaction, t Table, seats []int) Response {
	return Say(UserLoc(i), "not_your_turn", Args{"Who": WhoIn(UserLoc(i), t, seats)})
}

// MovedOn is the reply to a click on a board the game has moved past.
func MovedOn(i *discordgo.Interaction) Response {
	return Say(UserLoc(i), "moved_on", nil)
}

func Without(xs []int, x int) []int {
	var out []int
	for _, y := range xs {
		if y != x {
			out = append(out, y)
		}
	}
	return out
}

// UndoSentence says in l's language why an undo was refused; revealed is
// the message saying so when something hidden was revealed, which names
// what counts as revealed in the table's game.
func UndoSentence(l *i18n.Loc, err error, revealed string) string {
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

func Rows(buttons []discordgo.MessageComponent) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for len(buttons) > 0 && len(out) < 5 {
		n := min(5, len(buttons))
		out = append(out, discordgo.ActionsRow{Components: buttons[:n]})
		buttons = buttons[n:]
	}
	return out
}

// LastMove stands for "the last move" in at: (clamped to the record).
const LastMove = 1 << 30

// MaxTextPosts is how many boards in a row may go without a picture.
const MaxTextPosts = 3

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

// Rows lays buttons out in Discord's rows of at most five, in order, in
// as few rows as five a row would take (at most five: a caller may add a
// row of its own after them), cut where they take the fewest px on a
// phone (PackRows).
func Rows(buttons []discordgo.MessageComponent) []discordgo.MessageComponent {
	return PackRows(buttons, min(5, (len(buttons)+4)/5))
}

// PackRows lays buttons out in order in at most maxRows rows of at most
// five, cut where they take the fewest px on a phone (ButtonRowPx: a row
// whose labels would wrap is better cut in two while rows are left); of
// layouts as short, the one with the fewest rows. Buttons that do not fit
// are left out.
func PackRows(buttons []discordgo.MessageComponent, maxRows int) []discordgo.MessageComponent {
	n := min(len(buttons), 5*max(maxRows, 0))
	labels := make([]string, n)
	for k, b := range buttons[:n] {
		switch b := b.(type) {
		case discordgo.Button:
			labels[k] = buttonText(b)
		case *discordgo.Button:
			labels[k] = buttonText(*b)
		}
	}
	// best[i][r]: the fewest px for buttons[i:] in at most r rows; take[i][r]:
	// how many the first of those rows holds.
	const none = 1 << 30
	best, take := make([][]int, n+1), make([][]int, n+1)
	for i := range best {
		best[i], take[i] = make([]int, maxRows+1), make([]int, maxRows+1)
		if i < n {
			best[i][0] = none
		}
	}
	for i := n - 1; i >= 0; i-- {
		for r := 1; r <= maxRows; r++ {
			best[i][r] = none
			for k := min(5, n-i); k >= 1; k-- {
				if rest := best[i+k][r-1]; rest < none {
					if c := ButtonRowPx(labels[i:i+k]) + rest; c < best[i][r] {
						best[i][r], take[i][r] = c, k
					}
				}
			}
		}
	}
	var out []discordgo.MessageComponent
	for i, r := 0, maxRows; i < n; r-- {
		k := take[i][r]
		out = append(out, discordgo.ActionsRow{Components: buttons[i : i+k]})
		i += k
	}
	return out
}

// LastMove stands for "the last move" in at: (clamped to the record).
const LastMove = 1 << 30

// MaxTextPosts is how many boards in a row may go without a picture.
const MaxTextPosts = 3

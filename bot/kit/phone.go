package kit

import (
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// A hand-off post fits one phone screen (issue 25): the ask line first,
// at most phoneLines lines of text before the buttons, the account since
// the last post compact (the rest in /tt log), per-seat rows in the
// picture rather than in text.
const (
	PhoneLines   = 6
	PhoneAccount = 2 // account lines a post shows; more become "… N lines earlier: /tt log" and the newest
)

// CompactAccount is account as a post shows it: all of it when it has at
// most keep lines, else a line saying how many earlier lines /tt log
// holds, then the newest keep-1.
func CompactAccount(l *i18n.Loc, account []string, keep int) []string {
	return CompactAs(l, account, keep, "ui_board_earlier")
}

// CompactFinal is compactAccount for a final post: it says how many lines
// it left out and that they are on the last page of /tt log.
func CompactFinal(l *i18n.Loc, account []string, keep int) []string {
	return CompactAs(l, account, keep, "phone_final_earlier")
}

func CompactAs(l *i18n.Loc, account []string, keep int, id string) []string {
	if len(account) <= keep {
		return account
	}
	drop := len(account) - (keep - 1)
	return append([]string{l.N(id, drop, nil)}, account[drop:]...)
}

// ResultLine is the first line of a final post: the winner (or the
// seats that share the win, Shared of them at the head of ranking) with
// their points, then every other seat with theirs, in ranking order.
// name names a seat (a mention for a player), points gives its score.
func ResultLine(l *i18n.Loc, ranking []int, shared int, name func(k int) string, points func(k int) int) string {
	if len(ranking) == 0 {
		return ""
	}
	win := max(1, min(shared, len(ranking)))
	var others []string
	for _, k := range ranking[win:] {
		others = append(others, l.T("phone_result_other", Args{"Seat": name(k), "Points": points(k)}))
	}
	a := Args{"Others": strings.Join(others, l.T("list_sep", nil))}
	id := "phone_result_wins"
	if win > 1 {
		var ws []string
		for _, k := range ranking[:win] {
			ws = append(ws, name(k))
		}
		a["Winners"] = strings.Join(ws[:win-1], l.T("list_sep", nil)) + l.T("phone_result_and", nil) + ws[win-1]
		id = "phone_result_shared"
	} else {
		a["Winner"] = name(ranking[0])
	}
	if len(others) == 0 {
		id += "_alone"
	}
	return l.N(id, points(ranking[0]), a)
}

// Everyone are all the players' user IDs at t: the final post pings them.
func Everyone(t Table) []string {
	var out []string
	for _, s := range t.Seats {
		if !s.Bot { // a bot seat is never pinged
			out = append(out, s.UserID)
		}
	}
	return out
}

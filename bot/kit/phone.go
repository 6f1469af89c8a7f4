package kit

import (
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

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

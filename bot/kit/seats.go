package kit

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// IsBot reports whether seat k is a bot seat.
func (t *Table) IsBot(k int) bool { return k >= 0 && k < len(t.Seats) && t.Seats[k].Bot }

// HasBots reports whether any seat of t is a bot's.
func (t *Table) HasBots() bool {
	return slices.ContainsFunc(t.Seats, func(s Seat) bool { return s.Bot })
}

// Humans are the seats of ks that people hold (the ones to ping).
func (t *Table) Humans(ks []int) []int {
	var out []int
	for _, k := range ks {
		if !t.IsBot(k) {
			out = append(out, k)
		}
	}
	return out
}

// Bots are the seats of ks that are bots'.
func (t *Table) Bots(ks []int) []int {
	var out []int
	for _, k := range ks {
		if t.IsBot(k) {
			out = append(out, k)
		}
	}
	return out
}

// MentionOf is how a post names seat k's holder: a mention of the member
// (pinging only when the post's Mentions allow it), or a bot's name,
// which pings nobody.
func MentionOf(t Table, k int) string {
	if t.IsBot(k) {
		return "🤖 " + Sanitize(t.Seats[k].Name)
	}
	if k < 0 || k >= len(t.Seats) {
		return ""
	}
	return "<@" + t.Seats[k].UserID + ">"
}

// OwnSeatArg is the seat /tt default plays when a player who is not the
// host or an admin names none: their own, when the game waits for it.
func OwnSeatArg(i *discordgo.Interaction, t Table, toAct []int, seatArg string) string {
	uid, _ := User(i)
	if k := t.SeatOf(uid); seatArg == "" && !HostOrAdmin(i, t) && slices.Contains(toAct, k) {
		return strconv.Itoa(k + 1)
	}
	return seatArg
}

// ParseSeat reads a seat given as its number (1-based), colour or letter,
// the colour in any language of the catalogue.
func ParseSeat(x string, n int) (int, bool) {
	x = strings.ToLower(strings.TrimSpace(x))
	if k, err := strconv.Atoi(x); err == nil {
		return k - 1, k >= 1 && k <= n
	}
	for k := range n {
		name, letter, _ := imaging.Seat(k)
		if x == strings.ToLower(name) || x == strings.ToLower(letter) || x == strings.ToLower(SeatName(k)) {
			return k, true
		}
		for _, lang := range i18n.Languages {
			l := i18n.Localizer(lang)
			if x == strings.ToLower(l.T("colour_"+name, nil)) || x == strings.ToLower(SeatLabel(l, k)) {
				return k, true
			}
		}
	}
	return -1, false
}

// HostOrAdmin reports whether the interacting member runs table t.
func HostOrAdmin(i *discordgo.Interaction, t Table) bool {
	uid, _ := User(i)
	return uid == t.Host || IsAdmin(i)
}

// DefaultSeatIn is the seat whose default move /tt default plays: seatArg
// when given (it must be one the game waits for), else the one seat the
// game waits for; waiting names those seats for the refusals, which are
// in l's language.
func DefaultSeatIn(l *i18n.Loc, t Table, who []int, seatArg, waiting string) (int, *Response) {
	var r Response
	switch {
	case seatArg != "":
		k, ok := ParseSeat(seatArg, len(t.Seats))
		if !ok {
			r = Say(l, "adm_no_such_seat", Args{"Seat": strconv.Quote(seatArg)})
		} else if !slices.Contains(who, k) {
			r = Say(l, "adm_default_not_waiting", Args{"Seat": SeatLabelGen(l, k), "Who": waiting})
		} else {
			return k, nil
		}
	case len(who) == 1:
		return who[0], nil
	default:
		r = Say(l, "adm_default_several", Args{"Who": waiting})
	}
	return -1, &r
}

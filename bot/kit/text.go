package kit

import (
	"fmt"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// SeatName returns the colour of a seat, e.g. "orange (O)", from the
// renderer's palette, so that a colour in a message is that colour (and
// letter) on the board.
func SeatName(k int) string { return imaging.SeatLabel(k) }

// SeatRefIn is seatRef in l's language; a seat no player holds is named
// by game (nonPlayersIn: a match or view, or nil).
func SeatRefIn(l *i18n.Loc, t Table, game any, k int) string {
	if k < 0 || k >= len(t.Seats) {
		return NameOfIn(l, t, game, k)
	}
	return fmt.Sprintf("**%s** (%s)", SeatLabel(l, k), MentionOf(t, k))
}

// SeatRefGenIn is seatRefIn as the object of a preposition or of another
// noun (seatLabelGen): "za **gracza niebieskiego (N)** (@X)".
func SeatRefGenIn(l *i18n.Loc, t Table, game any, k int) string {
	if k < 0 || k >= len(t.Seats) {
		return NameOfIn(l, t, game, k)
	}
	return fmt.Sprintf("**%s** (%s)", SeatLabelGen(l, k), MentionOf(t, k))
}

// SeatNamesIn is seatNames in l's language, then the names game gives the
// seats no player holds (nonPlayersIn).
func SeatNamesIn(l *i18n.Loc, t Table, game any) []string {
	var out []string
	for k, s := range t.Seats {
		out = append(out, fmt.Sprintf("**%s** (%s)", SeatLabel(l, k), Sanitize(s.Name)))
	}
	for _, x := range NonPlayersIn(l, game) {
		out = append(out, "**"+x+"**")
	}
	return out
}

// Sanitize keeps a display name from pinging or formatting.
func Sanitize(s string) string { return Trunc(NameReplacer.Replace(s), 32) }

var NameReplacer = strings.NewReplacer("@", "@\u200b", "`", "'", "*", "", "_", "", "<", "‹", ">", "›")

func Trunc(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	// Cut between words when a space is near the end, so that no label
	// ends in half a word.
	cut := n - 1
	for k := cut - 1; k > cut*2/3; k-- { // shorter than n: a word cut shows
		if r[k] == ' ' {
			return strings.TrimRight(string(r[:k]), " ·,;:—–-") + "…"
		}
	}
	return string(r[:cut]) + "…"
}

// Clip keeps a message under Discord's 2000 characters, dropping lines from
// the top (the oldest account lines) first.
func Clip(s string) string {
	for len([]rune(s)) > 1990 {
		_, rest, ok := strings.Cut(s, "\n")
		if !ok {
			return Trunc(s, 1990)
		}
		s = rest
	}
	return s
}

// WithStep is a private reply: head (what happened) and, below it, the
// seat's next step, within Discord's length. The step stays whole when it
// can (its first line says what the menu is); the head then keeps its
// first line and as many of the next as fit. A step too long by itself
// loses its last lines (the menu's own options still list every choice).
func WithStep(head, step string) string {
	const most = 1990
	if step == "" {
		return Clip(head)
	}
	n := func(s string) int { return len([]rune(s)) }
	if n(head)+2+n(step) <= most {
		return head + "\n\n" + step
	}
	lines := strings.Split(head, "\n")
	kept := lines[0]
	for _, line := range lines[1:] {
		if n(kept)+1+n(line)+2+n("…")+2+n(step) > most {
			kept += "\n…"
			break
		}
		kept += "\n" + line
	}
	out := kept + "\n\n" + step
	for n(out) > most {
		cut := strings.LastIndex(strings.TrimSuffix(out, "\n…"), "\n")
		if cut <= len(kept) {
			return Trunc(out, most)
		}
		out = out[:cut] + "\n…"
	}
	return out
}

// SeatRefShortIn is seatRefShort in l's language (game as for seatRefIn).
func SeatRefShortIn(l *i18n.Loc, t Table, game any, k int) string {
	if k < 0 || k >= len(t.Seats) {
		return NameOfIn(l, t, game, k)
	}
	return fmt.Sprintf("**%s** %s", SeatLabel(l, k), MentionOf(t, k))
}

// SeatPlainNames are the seats' display names, then the names game gives
// the seats no player holds, in l's language (pictures draw them).
func SeatPlainNames(l *i18n.Loc, t Table, game any) []string {
	var names []string
	for _, st := range t.Seats {
		names = append(names, st.Name)
	}
	return append(names, NonPlayersIn(l, game)...)
}

// NameOfIn names seat k at table t in account text, in l's language: its
// colour, or the name game gives a seat that no player holds (Lord
// Wallace).
func NameOfIn(l *i18n.Loc, t Table, game any, k int) string {
	if j := k - len(t.Seats); j >= 0 {
		if x := NonPlayersIn(l, game); j < len(x) {
			return x[j]
		}
	}
	return SeatLabel(l, k)
}

// NonPlayersIn names the seats no player holds in l's language, in order
// from the seat after the players', as game (a match or a view that
// implements engine.NonPlayers) gives them; none when game is nil or
// names none. The names are carried by the game, not kept by the bot.
func NonPlayersIn(l *i18n.Loc, game any) []string {
	np, ok := game.(engine.NonPlayers)
	if !ok {
		return nil
	}
	var out []string
	for _, m := range np.NonPlayers() {
		out = append(out, l.Message(m, m.ID))
	}
	return out
}

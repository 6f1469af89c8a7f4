package kit

import (
	"fmt"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// Alt is what a board picture's alt text says (issue 37): a screen-reader
// user follows the game from the posts.
type Alt struct {
	Game  string // the title's name
	Move  int    // the game's version
	Round string // the round's name ("" when the title has none)
	// ToAct are the seats to act; Result, at the end, the ranking.
	ToAct  []int
	Result *engine.Result
	// Points are the seats' points now, when the title keeps them during
	// the game (engine.Standings); nil otherwise.
	Points []int
	Names  []string // the seats' names without markdown
}

// AltText is a's description in l's language, at most 1024 characters
// (Discord's limit for an attachment's description).
func AltText(l *i18n.Loc, a Alt) string {
	name := func(k int) string {
		if k >= 0 && k < len(a.Names) {
			return a.Names[k]
		}
		return SeatLabel(l, k)
	}
	var b strings.Builder
	b.WriteString(l.T("alt_board", Args{"Game": a.Game, "Move": a.Move}))
	if a.Round != "" {
		b.WriteString(" " + l.T("alt_round", Args{"Round": a.Round}))
	}
	points := a.Points
	if r := a.Result; r != nil {
		points = r.Scores
		var ws []string
		for _, k := range r.Ranking[:max(1, min(r.Shared, len(r.Ranking)))] {
			ws = append(ws, name(k))
		}
		b.WriteString(" " + l.T("alt_over", Args{"Winners": strings.Join(ws, l.T("list_sep", nil))}))
	} else if len(a.ToAct) > 0 {
		var who []string
		for _, k := range a.ToAct {
			who = append(who, name(k))
		}
		b.WriteString(" " + l.T("alt_to_act", Args{"Who": strings.Join(who, l.T("list_sep", nil))}))
	}
	if len(points) > 0 {
		var cells []string
		for k, p := range points {
			cells = append(cells, fmt.Sprintf("%s %d", name(k), p))
		}
		b.WriteString(" " + l.T("alt_points", Args{"Points": strings.Join(cells, l.T("list_sep", nil))}))
	}
	return Trunc(b.String(), 1024)
}

// AltOf is the Alt of match mt at table t in l's language, from what
// every title tells: its name, rounds, seats to act, result and (when it
// keeps them) points.
func AltOf(l *i18n.Loc, t Table, meta engine.Meta, mt engine.Match) Alt {
	a := Alt{Game: TitleNameIn(l, meta), Move: mt.Version(), ToAct: mt.ToAct(), Result: mt.Result(), Names: SeatPlainNames(l, t, mt)}
	for k := range t.Seats { // a player by colour and name, as the picture draws them
		a.Names[k] = SeatLabel(l, k) + " " + a.Names[k]
	}
	if r, ok := mt.(engine.Rounds); ok && r.Round() > 0 {
		a.Round = l.T("g_round_name", Args{"Round": r.Round()})
		if n, ok := mt.(engine.RoundNames); ok {
			a.Round = l.Message(n.RoundName(r.Round()), a.Round)
		}
	}
	if s, ok := mt.(engine.Standings); ok {
		a.Points = s.Points()
	}
	return a
}

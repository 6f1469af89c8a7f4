package ttui

import (
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// phoneBoardTextIn is the text of a Tinners' Trail board post, sized for
// a phone (issue 25), from the public view only: the ask line (who, what),
// the round, the account since the last post compact (its earlier lines
// in /tt log), the developments left or the auction, and where the rest
// is: each seat's row is in the picture, and in full on /tt board
// full:true (boardTextIn, the long form, is /tt board at:N's). At the
// end: the result first, then the final scores. room is the height the
// text may take on a phone; the first keep turns are the ones the board
// was posted for (kit.FitTurnsAfter); pictured says the post has a
// picture.
func phoneBoardTextIn(l *i18n.Loc, t kit.Table, v tinners.PublicView, turns []string, keep, room int, pictured bool) string {
	// The account goes where "\x00" stands, as many turns as room leaves.
	text := phoneBoardFrame(l, t, v, pictured)
	room -= kit.PhoneLinePx * kit.WrappedLines(strings.Replace(text, "\x00\n", "", 1))
	id := "phone_turns_earlier"
	if v.Phase == tinners.PhaseOver {
		id = "phone_final_turns_earlier"
	}
	var account []string
	for _, a := range kit.FitTurnsAfter(l, turns, keep, room, id) {
		account = append(account, "> • "+a)
	}
	if len(account) == 0 {
		return strings.Replace(text, "\x00\n", "", 1)
	}
	return strings.Replace(text, "\x00", strings.Join(account, "\n"), 1)
}

// phoneBoardFrame is phoneBoardTextIn with "\x00" on the line of the
// account. pictured: the post has a picture, which draws the developments
// left, so the text does not say them again.
func phoneBoardFrame(l *i18n.Loc, t kit.Table, v tinners.PublicView, pictured bool) string {
	var lines []string
	account := []string{"\x00"}
	if v.Phase == tinners.PhaseOver {
		if r := ttResultLine(l, t, v); r != "" {
			lines = append(lines, r)
		}
		tail := finalText(l, t, v)
		switch {
		case v.Solo != nil:
			tail = soloFinalText(l, t, v)
		case len(lines) > 0:
			// The first line ranks every seat with points, and the breakdown
			// below gives money: no second ranking list (issue 37).
			tail = finalTextRanked(l, t, v)
		}
		header, scores, _ := strings.Cut(strings.TrimRight(tail, "\n"), "\n")
		lines = append(lines, header)
		lines = append(lines, account...)
		return strings.Join(append(lines, scores), "\n")
	}
	if line := askLineIn(l, t, v); line != "" {
		lines = append(lines, line)
	}
	lines = append(lines, l.T("ui_board_round", kit.Args{"Round": v.Round, "Phase": phaseIn(l, v.Phase), "Tin": v.Tin, "Copper": v.Copper, "Table": t.ID}))
	lines = append(lines, account...)
	if o := v.Solo; o != nil {
		// Solo: Lord Wallace's row (his decks and last card are in the
		// picture) and the difficulty, with where the rest is.
		if pictured {
			// The picture has his points, work, what he owes, his decks and
			// the difficulty; not the mines he has left.
			lines = append(lines, l.N("ui_solo_lord_pictured", o.Lord.MinesLeft, kit.Args{"Lord": lordNameIn(l)}))
			return strings.Join(lines, "\n")
		}
		lines = append(lines, strings.TrimRight(l.N("ui_solo_lord", o.Lord.MinesLeft, kit.Args{"Lord": lordNameIn(l), "Points": o.Lord.Points, "Work": o.Lord.Col, "Owed": o.Owed}), "\n"),
			l.T("ui_solo_difficulty", kit.Args{"List": difficultyLine(l, o.Difficulty)})+l.T("phone_board_rest", nil))
		return strings.Join(lines, "\n")
	}
	switch au := v.Auction; {
	case au != nil && v.Phase == tinners.PhaseAuction && !pictured:
		// The picture's auction panel has the lot, the card, the minimum,
		// the high bid and who is insured.
		lines = append(lines, strings.TrimRight(auctionLineIn(l, t, v), "\n"))
	case pictured:
	case v.Phase == tinners.PhaseActions || v.Phase == tinners.PhaseAfterAuction || v.Phase == tinners.PhasePumps:
		d := l.T("ui_board_developments", kit.Args{"Miners": l.N("ui_n_miners", v.Dev.Miners, nil), "Ports": l.N("ui_n_ports", v.Dev.Ports, nil),
			"Trains": l.N("ui_n_trains", v.Dev.Trains, nil), "Adits": l.N("ui_n_adits", v.Dev.Adits, nil)})
		if v.Dev.NextPumps > 0 {
			d += l.T("ui_board_next_pumps", kit.Args{"Pumps": v.Dev.NextPumps})
		}
		lines = append(lines, d)
	}
	if !pictured {
		// With a picture, the seats are in it (and /tt help names /tt board full).
		lines = append(lines, l.T("phone_board_seats", nil))
	}
	return strings.Join(lines, "\n")
}

// ttResultLine is a Tinners' Trail final post's first line: the ranking
// with points (Lord Wallace in a solo game: he wins a tie).
func ttResultLine(l *i18n.Loc, t kit.Table, v tinners.PublicView) string {
	r := v.Result
	if r == nil {
		return ""
	}
	name := func(k int) string {
		if k >= 0 && k < len(t.Seats) {
			return kit.MentionOf(t, k)
		}
		return kit.NameOfIn(l, t, v, k)
	}
	points := func(k int) int {
		if k >= 0 && k < len(v.Seats) {
			return v.Seats[k].Points
		}
		return 0
	}
	if v.Solo != nil && len(v.Seats) > 0 {
		lord := len(t.Seats) // Lord Wallace, named as a seat no player holds
		ranking := []int{lord, 0}
		if r.Won {
			ranking = []int{0, lord}
		}
		return kit.ResultLine(l, ranking, 1, func(k int) string {
			if k == lord {
				return lordNameIn(l)
			}
			return name(k)
		}, func(k int) int {
			if k == lord {
				return r.Wallace
			}
			return points(k)
		})
	}
	return kit.ResultLine(l, r.Ranking, 1, name, points)
}

package genericui

import (
	"context"
	"slices"
	"strconv"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// Rounds of a generic table: a title whose matches implement engine.Rounds
// (Coal Baron: its shifts) answers /tt board round:<n> with the past board
// (past.go) at the first move after which the game is in round n, the
// start of that round, and /tt log round:<n> with the events of the moves
// made in round n, replayed from the record like the whole log. The move
// that ends a round is that round's, with everything it made happen: the
// announcement of the next round closes the page of the round it ends.
// Custom ID
//
//	glog:<game>:<round>   the log of another round
//
// A round's name is the match's own (engine.RoundNames: "Shift 2", "Canal
// era, round 3"), else g_round_name ("Round 2"). A title without rounds
// answers round: with g_round_no_rounds, as before.

// roundNameIn names round r in l's language: by names, the match's own
// names of its rounds, when it has them (nil: it has none).
func roundNameIn(l *i18n.Loc, names engine.RoundNames, r int) string {
	number := l.T("g_round_name", kit.Args{"Round": r})
	if names == nil {
		return number
	}
	return l.Message(names.RoundName(r), number)
}

// groundNotReached is the refusal of a round the game has not reached (or
// never has: before its first), naming the round it is in now.
func groundNotReached(l *i18n.Loc, names engine.RoundNames, asked int, rounds []int) kit.Response {
	return kit.Say(l, "g_round_not_reached", kit.Args{"Asked": asked, "Current": roundNameIn(l, names, rounds[len(rounds)-1])})
}

// groundBoard answers /tt board round:<round> at a generic table t: the past
// board at the start of that round, the asker's alone.
func (m *host) groundBoard(ctx context.Context, i *discordgo.Interaction, t kit.Table, round int) kit.Response {
	l := kit.UserLoc(i)
	title, rec, r := m.gpastRecord(ctx, i, t)
	if r != nil {
		return *r
	}
	rounds, _, last, ok, err := kit.GroundsOf(title, rec)
	names, _ := last.(engine.RoundNames)
	if err != nil {
		return m.ErrReply(i, "replay record", err)
	}
	if !ok {
		return kit.Say(l, "g_round_no_rounds", nil)
	}
	at := slices.Index(rounds, round)
	if at < 0 {
		return groundNotReached(l, names, round, rounds)
	}
	return m.gpastBoardLead(ctx, i, t, at, l.T("g_round_board_head", kit.Args{"Round": roundNameIn(l, names, round)}))
}

// glogRound is the log of one round of a generic table t with rounds (the
// moves made in it and what they made happen), with a button for each
// round the game has reached.
func (m *host) glogRound(i *discordgo.Interaction, t kit.Table, rounds []int, events [][]engine.Event, last engine.Match, round, page int) kit.Response {
	l := kit.UserLoc(i)
	rnames, _ := last.(engine.RoundNames)
	if !slices.Contains(rounds, round) {
		return groundNotReached(l, rnames, round, rounds)
	}
	names := kit.SeatNamesIn(l, t, last)
	var lines []string
	for k, ev := range events {
		if rounds[k] != round {
			continue
		}
		for _, e := range ev {
			lines = append(lines, engine.FormatLine(kit.EventLine(e).Say(l), names))
		}
	}
	name := roundNameIn(l, rnames, round)
	head := l.N("g_log_round_head", len(lines), kit.Args{"Table": t.ID, "Round": name})
	if len(lines) == 0 {
		lines = []string{l.T("g_log_empty", nil)}
	}
	// The heading stays; a round too long for one message has pages.
	content, pager := kit.LogPage(l, head, lines, page, func(p int) string { return kit.PlainID("glog", t.ID, strconv.Itoa(round), strconv.Itoa(p)) })
	return kit.Response{Reply: &kit.Message{Content: content, Components: kit.WithPager(pager, groundButtons(l, t, rounds, rnames, round))}}
}

// groundButtons are the buttons of a generic table's log pages: one per
// round the game has reached (rounds as groundsOf gives them), each opening
// that round's log; the button of round current, the page shown, is
// disabled (-1, the whole game's log: none).
func groundButtons(l *i18n.Loc, t kit.Table, rounds []int, names engine.RoundNames, current int) []discordgo.MessageComponent {
	var bs []discordgo.MessageComponent
	for k, r := range rounds {
		if k > 0 && r == rounds[k-1] {
			continue
		}
		bs = append(bs, discordgo.Button{Label: kit.Trunc(roundNameIn(l, names, r), 80), Style: discordgo.SecondaryButton,
			CustomID: kit.PlainID("glog", t.ID, strconv.Itoa(r)), Disabled: r == current})
	}
	return kit.Rows(bs)
}

// glogClick answers a glog: button: the log of another round, or
// another page (-1: the last) of a round or ("a") of the whole game.
func (m *host) glogClick(ctx context.Context, i *discordgo.Interaction, game, round, page string) kit.Response {
	r, err := strconv.Atoi(round)
	if err != nil || r < 0 || len(round) > 3 {
		r = -1 // "a": the whole game
		if round != "a" {
			return kit.Forged(i)
		}
	}
	p, err := strconv.Atoi(page)
	if err != nil || p < -1 || len(page) > 3 {
		return kit.Forged(i)
	}
	t, rr := m.TableHere(ctx, i, game)
	if rr != nil {
		return *rr
	}
	if m.OwnUI(t) || (t.Status != kit.StatusRunning && t.Status != kit.StatusFinished) {
		return kit.Forged(i)
	}
	return m.glogPage(ctx, i, t, r, p)
}

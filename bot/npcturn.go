package bot

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// A seat no player holds (Lord Wallace, Tinners' Trail's solo opponent)
// may play a long turn after the player's move: card after card, 10 to 20
// lines. The player's private answer tells such a run in two lines, what
// it did in short and its last line, with a button that opens the whole
// run, replayed from the record:
//
//	gfull:<game>:<from>:<to>[:<page>]   the events of moves from+1..to, in full
//
// (they are public: every line is in /tt log too).

// npcRunMin is the shortest run of a non-player's lines that is summed up.
const npcRunMin = 6

// accountLines are the lines of events as the actor's private answer
// tells them; summed is true when a non-player's run was summed up.
func accountLines(l *i18n.Loc, t kit.Table, events []engine.Event, names []string) (lines []string, summed bool) {
	players := len(t.Seats)
	for k := 0; k < len(events); {
		e := events[k]
		if e.Seat < players || e.Seat < 0 {
			lines = append(lines, engine.FormatLine(kit.EventLine(e).Say(l), names))
			k++
			continue
		}
		// The run goes on through lines about nobody (a tile revealed)
		// and a player's single line inside it (a forced "can't outbid").
		end, last := k, k
		for end < len(events) {
			switch s := events[end].Seat; {
			case s == e.Seat:
				last = end
			case s < 0:
			case end+1 < len(events) && events[end+1].Seat == e.Seat:
			default:
				end = len(events)
				continue
			}
			end++
		}
		end = last + 1
		run := events[k:end]
		if len(run) < npcRunMin {
			for _, e := range run {
				lines = append(lines, engine.FormatLine(kit.EventLine(e).Say(l), names))
			}
		} else {
			lines = append(lines, npcSummary(l, run, names, e.Seat), engine.FormatLine(kit.EventLine(run[len(run)-1]).Say(l), names))
			summed = true
		}
		k = end
	}
	return lines, summed
}

// npcSummary is the first line of a summed-up run: the action cards it
// revealed when it revealed any ("Lord Wallace plays 4 action cards:
// Develop, Mine, Mine, Build; 12 lines in full below"), else its length.
func npcSummary(l *i18n.Loc, run []engine.Event, names []string, seat int) string {
	var acts []string
	for _, e := range run {
		if e.Message.ID == "tt_log_wallace_card" {
			if a, ok := e.Message.Args["Act"]; ok {
				acts = append(acts, renderArg(l, a))
			}
		}
	}
	who := "?"
	if seat < len(names) {
		who = names[seat]
	}
	if len(acts) == 0 {
		return l.N("flow_npc_run", len(run), kit.Args{"Who": who})
	}
	return l.N("flow_npc_cards", len(acts), kit.Args{"Who": who, "Acts": strings.Join(acts, l.T("list_sep", nil)), "Lines": len(run)})
}

// renderArg renders a message argument (a message or a plain value).
func renderArg(l *i18n.Loc, a any) string {
	switch a := a.(type) {
	case engine.Message:
		return l.Message(a, "")
	case string:
		return a
	}
	return ""
}

// npcButton is the button that opens moves from+1..to in full.
func npcButton(l *i18n.Loc, t kit.Table, from, to int) discordgo.MessageComponent {
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: l.T("flow_npc_full", nil), Style: discordgo.SecondaryButton,
		CustomID: kit.PlainID("gfull", t.ID, strconv.Itoa(from), strconv.Itoa(to))}}}
}

// gfull answers the button: every line the moves from+1..to made, to the
// clicker alone.
func (m *Main) gfull(ctx context.Context, i *discordgo.Interaction, game, fromS, toS string, page int) kit.Response {
	return m.replayed(ctx, i, "gfull", game, fromS, toS, page)
}

// gsince answers a catch-up's "Earlier ▸" (kit.SinceButton): the turns of
// moves from+1..to (the catch-up showed the turns after them), one line a
// turn, paged from the newest page back.
func (m *Main) gsince(ctx context.Context, i *discordgo.Interaction, game, fromS, toS string, page int) kit.Response {
	return m.replayed(ctx, i, "gsince", game, fromS, toS, page)
}

// replayed is gfull's answer (kind "gfull": every line) or gsince's.
func (m *Main) replayed(ctx context.Context, i *discordgo.Interaction, kind, game, fromS, toS string, page int) kit.Response {
	from, err1 := strconv.Atoi(fromS)
	to, err2 := strconv.Atoi(toS)
	if err1 != nil || err2 != nil || from < 0 || to <= from || to-from > 1000 {
		return kit.Forged(i)
	}
	t, r := m.TableHere(ctx, i, game)
	if r != nil {
		return *r
	}
	rec, err := m.store.MatchRecord(ctx, t.ID)
	if err != nil {
		return m.ErrReply(i, "load record", err)
	}
	if to > len(rec.Actions) {
		return kit.Forged(i)
	}
	title, err := m.cfg.Titles.Get(t.Title)
	if err != nil {
		return m.ErrReply(i, "title", err)
	}
	short := *rec
	short.Actions = rec.Actions[:to]
	_, events, last, _, err := kit.GroundsOf(title, &short)
	if err != nil {
		return m.ErrReply(i, "replay", err)
	}
	l := kit.UserLoc(i)
	names := kit.SeatNamesIn(l, t, last)
	var lines []string
	head := l.T("flow_npc_full_head", nil)
	if kind == "gsince" {
		var logged []kit.LogLine
		for _, ev := range events[from:to] {
			for _, e := range ev {
				logged = append(logged, kit.EventLine(e))
			}
		}
		turns := kit.TurnLines(l, logged, names)
		for _, s := range turns {
			lines = append(lines, "• "+s)
		}
		head = l.N("since_earlier_head", len(turns), nil)
	} else {
		for _, ev := range events[from:to] {
			for _, e := range ev {
				lines = append(lines, "• "+engine.FormatLine(kit.EventLine(e).Say(l), names))
			}
		}
	}
	content, pager := kit.LogPage(l, head, lines, page, func(p int) string {
		if kind == "gsince" {
			return kit.PlainID("gsince", t.ID, fromS, toS, strconv.Itoa(p))
		}
		return kit.PlainID("gfull", t.ID, fromS, toS, strconv.Itoa(p))
	})
	if so, ok := m.ui(t).(kit.StepOpener); ok && kind == "gsince" && t.Status == kit.StatusRunning {
		// The earlier turns took the step's place: a way back to it.
		uid, _ := kit.User(i)
		if mt, err := m.store.Match(ctx, t.ID); err == nil && slices.Contains(mt.ToAct(), t.SeatOf(uid)) {
			pager = append(pager, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{
				Label: l.T("since_back", nil), Style: discordgo.PrimaryButton, CustomID: so.StepID(t, mt)}}})
		}
	}
	return kit.Response{Reply: &kit.Message{Content: content, Components: pager}}
}

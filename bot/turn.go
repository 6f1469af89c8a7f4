package bot

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/storage"
)

// The table flow, the same for every title. One interaction applies one
// player's choice (one or several engine actions, all or nothing), then
// the automatic follow-ups the title asks for (a seat's only option; in
// Tinners' Trail also standing auction orders), in one transaction. Then:
//
//   - when someone who was not already waiting must now act (a hand-off),
//     or the game ended, a new public board is posted: its first line says
//     what is asked of whom, it carries every move since the previous post,
//     and it pings exactly the seats that must act now, never the actor;
//   - otherwise the current board is edited in place (no notification) so
//     its buttons stay current, and the actor, if still to act, continues
//     in their private reply.
//
// Every button carries a token: the game's version and the undo epoch
// (Token, customid.go). An undo takes back the actor's last interaction
// while nobody else has acted and nothing hidden was revealed; it pings
// nobody. What differs by title (the follow-ups, the bookkeeping of a move,
// the private steps, the board) comes from its turnUI.

// maxAutoMoves bounds the follow-ups one interaction may take (a seat's
// only option, standing orders): the most storage plays in one batch, so
// the chain stops there instead of failing the move. A bidding war between
// two standing orders can take dozens.
const maxAutoMoves = storage.MaxFollowUps

// CommitMoves applies seat's actions and the follow-ups to mt at table t
// and builds the answer: a hand-off post or an edit in place, and the
// actor's private reply. onBehalf says someone else chose seat's move (a
// default move): when the seat must act again it was not told, so that is
// a hand-off that pings it too.
func (m *Main) CommitMoves(ctx context.Context, i *discordgo.Interaction, t kit.Table, mt engine.Match, seat int, acts []engine.Action, onBehalf bool) kit.Response {
	ui := m.ui(t)
	l := kit.UserLoc(i) // the reply is the actor's
	names := kit.SeatNamesIn(l, t, mt)
	mb, told, owedp := m.moveBatch(ui, t, mt, seat, acts, onBehalf, l, names)
	next, events, t2, err := m.store.ApplyMatch(ctx, t.ID, mt.Version(), mb)
	owed := *owedp
	var re *engine.RuleError
	if errors.As(err, &re) {
		// Offer the choice again, so a wrong pick costs one click.
		msg := &kit.Message{Content: l.T("flow_refused", kit.Args{"Refusal": kit.RuleErrorIn(l, re)})}
		if step := ui.Step(l, t, mt, seat); step != nil {
			msg.Content = kit.WithStep(msg.Content, step.Content)
			msg.Components = step.Components
			msg.Files = step.Files // its marked picture, if any
		}
		return kit.Response{Reply: msg}
	}
	if err != nil {
		return m.ErrReply(i, "apply action", err)
	}
	after := next.ToAct()
	var resp kit.Response // a stage's end is owed ahead of the board (owe)
	if owed != nil {
		p, dms, err := ui.Post(ctx, t2, next, owed.Ping)
		if err != nil {
			return m.ErrReply(i, "render board", err)
		}
		p.Owed = owed
		resp.Posts, resp.DMs = append(resp.Posts, p), dms
	} else {
		resp.Edits = append(resp.Edits, kit.Edit{ChannelID: t2.ChannelID, MessageID: t2.BoardMsg, TableID: t2.ID, Message: ui.BoardMessage(t2, next)})
	}

	// The actor's private answer: what happened, what only they learn,
	// and their next choice when they are still to act.
	var b strings.Builder
	b.WriteString(l.T("flow_done", nil))
	lines, summed := accountLines(l, t2, events, names) // a non-player's long run in two lines (npcturn.go)
	for _, line := range lines {
		b.WriteString("\n• " + line)
	}
	for _, line := range *told {
		b.WriteString("\n" + line)
	}
	for _, line := range ui.Learned(l, t2, mt, next, seat) {
		b.WriteString("\n" + line)
	}
	reply := &kit.Message{}
	var stepText string
	switch line := ui.ReplyLine(l, t2, mt, next, seat); {
	case line != "":
		b.WriteString("\n" + line)
	case slices.Contains(after, seat):
		if step := ui.Step(l, t2, next, seat); step != nil {
			stepText = step.Content
			reply.Components = step.Components
			reply.Files = step.Files // its marked picture, if any
		}
	default:
		b.WriteString("\n" + l.T("flow_now_waiting_for", kit.Args{"Who": kit.WhoIn(l, t2, after)}))
	}
	if !engine.Reveals(events) && len(reply.Components) < 5 && next.Result() == nil {
		reply.Components = append(reply.Components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("flow_button_undo", nil), Style: discordgo.SecondaryButton, CustomID: ui.UndoID(t2, next)}}})
	}
	if summed && len(reply.Components) < 5 {
		reply.Components = append(reply.Components, npcButton(l, t2, mt.Version(), next.Version()))
	}
	reply.Content = kit.WithStep(b.String(), stepText)
	resp.Reply = reply
	return resp
}

// moveBatch is the batch of seat's actions acts on mt at table t: the
// title's follow-ups (told, in l's language with names, says what they
// did), the notes of the move, its wait and reminder, and the post it
// owes (owed, set inside the transaction; nil: the board is edited).
// onBehalf: someone else chose seat's move (commitMoves). A bot's move
// (bots.go) is the same batch with no interaction.
func (m *Main) moveBatch(ui kit.TurnUI, t kit.Table, mt engine.Match, seat int, acts []engine.Action, onBehalf bool, l *i18n.Loc, names []string) (kit.MatchBatch, *[]string, **storage.Outbox) {
	before := mt.ToAct()
	told := new([]string)
	follow, moves := ui.Follow(t, seat), 0
	then := func(cur engine.Match) (engine.Action, bool) {
		a, tell, ok := follow(cur)
		if !ok || moves >= maxAutoMoves {
			return nil, false
		}
		moves++
		if tell != nil {
			*told = append(*told, tell(l, names))
		}
		return a, true
	}
	update := func(nt *kit.Table, next engine.Match, events []engine.Event) error {
		n := nt.Notes.Clone()
		n.Undo = &kit.UndoPoint{Seat: seat, From: mt.Version(), To: next.Version(), Pending: n.Pending}
		ui.NoteMove(&n, *nt, seat, mt, next, events)
		now := m.cfg.Now()
		n.Wait = newWait(n.Wait, before, next.ToAct(), seat, now)
		nt.Notes = n
		if next.Result() != nil {
			nt.Notes.Ended = now
			nt.NextRemind = time.Time{}
		} else {
			nt.NextRemind = nextDue(*nt)
		}
		return nil
	}
	// The hand-off post is owed in the move's own transaction (outbox.go).
	owed := new(*storage.Outbox)
	outbox := func(pending *storage.Outbox, nt kit.Table, next engine.Match, events []engine.Event) *storage.Outbox {
		var ahead []string
		if sp, ok := stagePost(nt, next, events); ok {
			ahead = append(ahead, sp.Message.Content)
		}
		*owed = owe(ui, pending, nt, next, events, before, seat, onBehalf, m.cfg.Now(), ahead...)
		return *owed
	}
	return kit.MatchBatch{Actions: acts, Then: then, Update: update, Outbox: outbox}, told, owed
}

// UndoMove takes back seat's last interaction at table t (tk: the token of
// the button clicked, nil for /tt undo), if nobody else has acted and
// nothing hidden was revealed since. Nobody is pinged.
func (m *Main) UndoMove(ctx context.Context, i *discordgo.Interaction, t kit.Table, mt engine.Match, seat int, tk *kit.Token) kit.Response {
	ui := m.ui(t)
	l := kit.UserLoc(i)
	if tk != nil && (tk.Ver != mt.Version() || tk.Epoch != t.Notes.Epoch) {
		return kit.Say(l, "cannot_undo_moved_on", nil)
	}
	u := t.Notes.Undo
	if u == nil || u.Seat != seat || u.To != mt.Version() {
		return kit.Say(l, "flow_undo_none", nil)
	}
	next, t2, err := m.store.UndoMatch(ctx, t.ID, mt.Version(), seat, u.From, func(nt *kit.Table, back engine.Match) error {
		n := nt.Notes.Clone()
		n.Pending = append([]kit.LogLine(nil), u.Pending...)
		if u.Posted {
			// The move (and what was pending before it) was shown
			// publicly: the next post says it was taken back, with a new
			// picture (the last one may show the move).
			n.Pending = []kit.LogLine{kit.TakesBack(seat)}
			n.PicAt = ""
		}
		n.Undo = nil
		n.Epoch++
		ui.NoteUndo(&n, *u, back)
		n.Wait = kit.Wait{Seats: back.ToAct(), Since: m.cfg.Now()}
		nt.Notes = n
		nt.NextRemind = nextDue(*nt)
		return nil
	})
	if errors.Is(err, kit.ErrCannotUndo) {
		return kit.ReplyText("%s", kit.UndoSentence(l, err, ui.UndoRevealed()))
	}
	if err != nil {
		return m.ErrReply(i, "undo", err)
	}
	// With no board message known (a post failed), the board is posted anew.
	resp := kit.Response{Edits: []kit.Edit{{ChannelID: t2.ChannelID, MessageID: t2.BoardMsg, TableID: t2.ID, Message: ui.BoardMessage(t2, next)}}}
	msg := &kit.Message{Content: l.T("flow_taken_back", nil)}
	if slices.Contains(next.ToAct(), seat) {
		if step := ui.Step(l, t2, next, seat); step != nil {
			msg.Content = kit.WithStep(msg.Content, step.Content)
			msg.Components = step.Components
			msg.Files = step.Files // its marked picture, if any
		}
	}
	resp.Reply = msg
	return resp
}

// stagePost is the post of its own that tells the end of a stage (an
// engine.Stages match's: Brass's Canal era) in the table's language, with
// the points by category so far, when events end one. It pings nobody;
// the board that follows does. It is owed with the move, ahead of that
// board (owe, outbox.go), and has no buttons.
func stagePost(t kit.Table, mt engine.Match, events []engine.Event) (kit.Post, bool) {
	st, ok := mt.(engine.Stages)
	if !ok {
		return kit.Post{}, false
	}
	name, scores, ok := st.StageEnd(events)
	if !ok {
		return kit.Post{}, false
	}
	l := kit.TableLoc(t)
	var ranking []int
	for k := range t.Seats {
		ranking = append(ranking, k)
	}
	if scores != nil {
		slices.SortStableFunc(ranking, func(a, b int) int {
			if a < len(scores.Totals) && b < len(scores.Totals) {
				return scores.Totals[b] - scores.Totals[a]
			}
			return 0
		})
	}
	content := l.T("g_stage_end", kit.Args{"Stage": l.Message(name, ""), "Table": t.ID})
	if scores != nil {
		var cells []string
		for _, k := range ranking {
			if k < len(scores.Totals) {
				cells = append(cells, l.T("g_breakdown_cell", kit.Args{"Seat": kit.SeatLabel(l, k), "Points": scores.Totals[k]}))
			}
		}
		content += "\n" + l.T("g_stage_totals", kit.Args{"Points": strings.Join(cells, " · ")})
		if s := kit.ScoreTableText(l, scores, ranking); s != "" {
			content += "\n" + s
		}
	}
	return kit.Post{ChannelID: t.ChannelID, Message: kit.Message{Content: kit.Clip(content)}}, true
}

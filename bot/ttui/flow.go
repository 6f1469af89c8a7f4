package ttui

import (
	"context"
	"slices"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// The table flow. One interaction applies one player's choice (one or
// several engine actions, all or nothing), then the automatic follow-ups
// (standing auction orders, moves with a single option). Then:
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
// (Token, customid.go).

// autoKinds are the moves the bot takes for a seat when they are its only
// option. A survey-card question is never answered for the player: whether
// it has one option depends on their hand.
var autoKinds = map[tinners.ActionKind]bool{
	tinners.ActPass: true, tinners.ActDrop: true, tinners.ActPumpDone: true,
	tinners.ActEndInvestTurn: true, tinners.ActSkipPeek: true,
}

// autoMove is a move the bot made for a seat, and why.
type autoMove struct {
	Action tinners.Action
	Order  bool // from a standing order (private: never said publicly)
}

// follow returns the next automatic move in s, if any: a standing order of
// the seat to bid, or a seat's only option.
func follow(orders map[int]Order, s *tinners.State) (autoMove, bool) {
	who := s.ToAct()
	if len(who) != 1 || s.Phase == tinners.PhaseOver || s.Phase == tinners.PhaseDraft {
		return autoMove{}, false
	}
	k := who[0]
	legal := s.Legal(k)
	if s.Phase == tinners.PhaseAuction {
		if o, ok := orders[k]; ok {
			for _, a := range legal {
				if a.Kind == tinners.ActBid && o.Max >= a.Amount {
					return autoMove{Action: bidAt(a.Action, a.Amount), Order: true}, true
				}
			}
			for _, a := range legal {
				if a.Kind == tinners.ActDrop {
					return autoMove{Action: a.Action, Order: true}, true
				}
			}
		}
	}
	if len(legal) == 1 && autoKinds[legal[0].Kind] {
		return autoMove{Action: legal[0].Action}, true
	}
	return autoMove{}, false
}

// changedAreas lists the areas whose public state differs between two
// states, with both ends of a new adit and the area of a new auction.
func changedAreas(a, b *tinners.State) []int { return tinners.ChangedAreas(a, b) }

// newAuction reports whether next runs another auction than s.
func newAuction(s, next *tinners.State) bool {
	a, b := s.Auction, next.Auction
	return a == nil || b == nil || a.Area != b.Area || a.Opener != b.Opener || s.Round != next.Round
}

func mergeInts(a, b []int) []int {
	out := append([]int(nil), a...)
	for _, x := range b {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	slices.Sort(out)
	return out
}

// commit applies one interaction's actions for seat and builds the answer.
// t and s are the table and state the actions were chosen on.
func (m *host) commit(ctx context.Context, i *discordgo.Interaction, t kit.Table, s *tinners.State, seat int, acts []tinners.Action) kit.Response {
	return m.commitAs(ctx, i, t, s, seat, acts, false)
}

// commitAs is commit; onBehalf says someone else chose seat's move (a
// default move).
func (m *host) commitAs(ctx context.Context, i *discordgo.Interaction, t kit.Table, s *tinners.State, seat int, acts []tinners.Action, onBehalf bool) kit.Response {
	ea := make([]engine.Action, len(acts))
	for k, a := range acts {
		ea[k] = a
	}
	return m.CommitMoves(ctx, i, t, tinners.Match{S: s}, seat, ea, onBehalf)
}

// Tinners' Trail's turn (turnUI).

// Follow takes the seats' standing auction orders and their only options
// (autoKinds); the actor hears of their own order's bids and drops, and
// of every only option.
func (ttUI) Follow(t kit.Table, seat int) func(engine.Match) (engine.Action, func(*i18n.Loc, []string) string, bool) {
	orders := NotesOf(t.Notes).Orders
	return func(cur engine.Match) (engine.Action, func(*i18n.Loc, []string) string, bool) {
		mv, ok := follow(orders, tinners.StateOf(cur))
		if !ok {
			return nil, nil, false
		}
		var tell func(*i18n.Loc, []string) string
		switch {
		case mv.Order && mv.Action.Seat == seat && mv.Action.Kind == tinners.ActBid:
			tell = func(l *i18n.Loc, _ []string) string {
				return l.T("flow_order_made_bid", kit.Args{"Amount": mv.Action.Amount})
			}
		case mv.Order && mv.Action.Seat == seat:
			tell = func(l *i18n.Loc, _ []string) string { return l.T("flow_order_made_drop", nil) }
		case !mv.Order:
			tell = func(l *i18n.Loc, names []string) string {
				return l.T("flow_only_option", kit.Args{"Seat": names[mv.Action.Seat], "Move": kindWordsIn(l, mv.Action.Kind)})
			}
		}
		return mv.Action, tell, true
	}
}

// NoteMove keeps the log lines for the next post, the areas changed (the
// picture highlights them) and the auction's standing orders.
func (ttUI) NoteMove(n *kit.Notes, _ kit.Table, seat int, prev, next engine.Match, events []engine.Event) {
	s, nx := tinners.StateOf(prev), tinners.StateOf(next)
	tn := NotesOf(*n)
	n.Undo.Changed = n.Changed
	n.Undo.Title = nil
	if len(tn.Orders) > 0 {
		_ = kit.SetUndoTitle(n.Undo, undoNotes{Orders: cloneOrders(tn.Orders)})
	}
	// Each new log line is one event (the engine logs them together):
	// the events say whose turn each belongs to and how it is told.
	aligned := len(events) == len(nx.Log)-len(s.Log)
	for i := len(s.Log); i < len(nx.Log); i++ {
		line := kit.LogLine{Text: nx.Log[i], Message: nx.LogMessage(i)}
		if aligned {
			e := events[i-len(s.Log)]
			line.Turn, line.Kind = e.Turn, e.Kind
		}
		n.Pending = append(n.Pending, line)
	}
	n.Changed = mergeInts(n.Changed, changedAreas(s, nx))
	if nx.Phase != tinners.PhaseAuction {
		tn.Orders = nil
	}
	if nx.Phase == tinners.PhaseAuction && (s.Phase != tinners.PhaseAuction || newAuction(s, nx)) {
		tn.AuctionFrom = nx.Version
	}
	SetNotes(n, tn)
	for len(n.Seen) < nx.NumSeats {
		n.Seen = append(n.Seen, 0)
	}
	n.Seen[seat] = len(nx.Log)
}

// NoteUndo brings back the areas to highlight and, when the auction the
// move had ended runs again, the orders it had.
func (ttUI) NoteUndo(n *kit.Notes, u kit.UndoPoint, back engine.Match) {
	n.Changed = append([]int(nil), u.Changed...)
	before, _ := kit.UndoTitle[undoNotes](u)
	editNotes(n, func(v *Notes) {
		v.Orders = nil
		if tinners.StateOf(back).Phase == tinners.PhaseAuction {
			v.Orders = before.Orders
		}
	})
}

// Step: the steps of steam pumps and peeking choose areas, numbered on
// their picture (markTT); the survey draft has its picture (draftReply);
// the first menu of a turn offers kinds of moves.
func (u ttUI) Step(l *i18n.Loc, t kit.Table, mt engine.Match, seat int) *kit.Message {
	s := tinners.StateOf(mt)
	if s.Phase == tinners.PhaseDraft {
		return u.m.draftReply(l, t, s, seat)
	}
	msg := nextStepIn(l, t, s, seat)
	if s.Phase == tinners.PhasePumps || s.Phase == tinners.PhasePeek {
		return u.m.markTT(l, t, s, msg)
	}
	return msg
}

func (u ttUI) Post(ctx context.Context, t kit.Table, mt engine.Match, ping []int) (kit.Post, []kit.Dm, error) {
	s := stateOf(mt)
	p, err := u.m.board(ctx, t, s, boardOpts{Ping: ping, TextOnly: !needsPicture(t, s)})
	return p, turnDMs(t, s, ping), err
}

// HandsOff: Lord Wallace's turns are a hand-off and back: a new board
// carries his account (and a fresh picture); it pings nobody, since the
// player who just clicked gets it in their reply too.
func (ttUI) HandsOff(t kit.Table, events []engine.Event) bool {
	return soloTable(t) && wallaceMoved(events)
}

// Learned: the tiles the seat peeked at.
func (ttUI) Learned(l *i18n.Loc, _ kit.Table, prev, next engine.Match, seat int) []string {
	s := tinners.StateOf(prev)
	before := s.SeatView(seat).Peeked
	var out []string
	for _, pk := range tinners.StateOf(next).SeatView(seat).Peeked {
		if !slices.ContainsFunc(before, func(b tinners.PeekedTile) bool { return b.Area == pk.Area }) {
			out = append(out, l.T("flow_peeked", kit.Args{"Area": areaLabel(s.Edition(), pk.Area), "Tile": tileWordsIn(l, pk.Tile)}))
		}
	}
	return out
}

func (ttUI) ReplyLine(l *i18n.Loc, t kit.Table, prev, next engine.Match, seat int) string {
	s, nx := tinners.StateOf(prev), tinners.StateOf(next)
	switch {
	case nx.Phase == tinners.PhaseOver:
		return l.T("flow_game_over_reply", nil)
	case nx.Phase == tinners.PhaseDraft && s.Phase == tinners.PhaseDraft && !slices.Contains(nx.ToAct(), seat):
		return l.T("flow_draft_chosen", kit.Args{"Who": kit.WhoIn(l, t, nx.ToAct())})
	}
	return ""
}

func (ttUI) UndoID(t kit.Table, mt engine.Match) string { return kit.MatchID("tu", t, mt) }
func (ttUI) UndoRevealed() string                       { return "flow_undo_revealed" }

// kindWordsIn names a move the bot may take for a seat (autoKinds), in l's
// language.
func kindWordsIn(l *i18n.Loc, k tinners.ActionKind) string {
	switch k {
	case tinners.ActPass:
		return l.T("flow_move_pass", nil)
	case tinners.ActDrop:
		return l.T("flow_move_drop", nil)
	case tinners.ActPumpDone:
		return l.T("flow_move_pump_done", nil)
	case tinners.ActEndInvestTurn:
		return l.T("flow_move_end_invest", nil)
	case tinners.ActSkipPeek:
		return l.T("flow_move_skip_peek", nil)
	}
	return l.T("flow_move_other", nil)
}

// play checks a click that applies actions for the clicker and commits it.
// token is the version stamp of the message the choice was made on.
func (m *host) play(ctx context.Context, i *discordgo.Interaction, gameID string, tk kit.Token, acts []tinners.Action) kit.Response {
	ver, epoch := tk.Ver, tk.Epoch
	if len(acts) == 0 {
		return kit.Forged(i)
	}
	t, s, seat, r := m.player(ctx, i, gameID)
	if r != nil {
		return *r
	}
	for _, a := range acts {
		if a.Seat != seat {
			if slices.Contains(s.ToAct(), seat) {
				return kit.Say(kit.UserLoc(i), "flow_not_your_choice", nil)
			}
			return kit.NotYourTurn(i, t, s.ToAct())
		}
	}
	if !kit.IsEphemeral(i.Message) && i.Message != nil && t.BoardMsg != "" && i.Message.ID != t.BoardMsg {
		return kit.MovedOn(i)
	}
	if epoch != t.Notes.Epoch {
		return kit.MovedOn(i)
	}
	if ver != s.Version && (tinners.Match{S: s}).Simultaneous() && s.Allows(acts[0]) {
		// The one rule for simultaneous steps (the engine says which: the
		// draft): another player's move since this menu was drawn does not
		// change what this one means while it is still legal.
		ver = s.Version
	}
	if ver != s.Version {
		return kit.MovedOn(i)
	}
	if !slices.Contains(s.ToAct(), seat) {
		return kit.NotYourTurn(i, t, s.ToAct())
	}
	return m.commit(ctx, i, t, s, seat, acts)
}

// undo takes back the clicker's last interaction, if nobody else has acted
// and nothing hidden was revealed since. Nobody is pinged.
func (m *host) undo(ctx context.Context, i *discordgo.Interaction, gameID string, tk *kit.Token) kit.Response {
	t, s, r := m.game(ctx, i, gameID)
	if r != nil {
		return *r
	}
	seat, r := kit.Seated(i, t)
	if r != nil {
		return *r
	}
	return m.UndoMove(ctx, i, t, tinners.Match{S: s}, seat, tk)
}

// setOrder stores a standing order for the clicker in the running auction
// and, when it is their turn, plays it at once.
func (m *host) setOrder(ctx context.Context, i *discordgo.Interaction, gameID string, tk kit.Token, max int, cancel bool) kit.Response {
	t, s, seat, r := m.player(ctx, i, gameID)
	if r != nil {
		return *r
	}
	ver, epoch := tk.Ver, tk.Epoch
	l := kit.UserLoc(i)
	if s.Phase != tinners.PhaseAuction || s.Auction == nil {
		return kit.Say(l, "flow_order_no_auction", nil)
	}
	v := s.PublicView()
	if !slices.Contains(v.Auction.In, seat) {
		return kit.Say(l, "flow_order_not_bidding", nil)
	}
	if epoch != t.Notes.Epoch || ver > s.Version || ver < NotesOf(t.Notes).AuctionFrom {
		// A button from another auction (or from an undone state).
		return kit.MovedOn(i)
	}
	t, err := m.Store().UpdateTable(ctx, t.ID, func(nt *kit.Table) error {
		n := nt.Notes.Clone()
		editNotes(&n, func(v *Notes) {
			if v.Orders == nil {
				v.Orders = map[int]Order{}
			}
			if cancel {
				delete(v.Orders, seat)
			} else {
				v.Orders[seat] = Order{Max: max}
			}
		})
		nt.Notes = n
		return nil
	})
	if err != nil {
		return m.ErrReply(i, "set standing order", err)
	}
	what := l.T("flow_order_cancelled", nil)
	switch {
	case cancel:
	case max == 0:
		what = l.T("flow_order_set_drop", nil)
	default:
		what = l.T("flow_order_set", kit.Args{"Max": max})
	}
	what += " " + l.T("flow_order_private", nil)
	if !cancel && slices.Contains(s.ToAct(), seat) {
		if mv, ok := follow(NotesOf(t.Notes).Orders, s); ok {
			resp := m.commit(ctx, i, t, s, seat, []tinners.Action{mv.Action})
			if resp.Reply != nil {
				resp.Reply.Content = kit.Clip(what + "\n" + resp.Reply.Content)
			}
			return resp
		}
		what += " " + l.T("flow_order_cannot_now", nil)
	}
	msg := &kit.Message{Content: what}
	if slices.Contains(s.ToAct(), seat) {
		if step := nextStepIn(kit.UserLoc(i), t, s, seat); step != nil {
			msg.Content = kit.WithStep(msg.Content, step.Content)
			msg.Components = step.Components
		}
	}
	if !cancel && len(msg.Components) < 5 {
		msg.Components = append(msg.Components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("flow_button_cancel_order", nil), Style: discordgo.SecondaryButton, CustomID: tinnersID("toc", t, s)}}})
	}
	return kit.Response{Reply: msg}
}

// turnDMs are the notices for seats that have just become due to act;
// sendDMs sends those the players asked for (at table t or for the server).
func turnDMs(t kit.Table, s *tinners.State, seats []int) []kit.Dm {
	v := s.PublicView()
	var out []kit.Dm
	for _, k := range seats {
		if k < 0 || k >= len(t.Seats) {
			continue
		}
		out = append(out, kit.Dm{UserID: t.Seats[k].UserID, TableID: t.ID, Ask: askTextIn(kit.RecipientLoc(t, t.Seats[k].UserID), t, v, k), Game: tinners.Title.Meta().Name})
	}
	return out
}

package genericui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The generic UI (ui.go): every table whose title has no UI of its
// own is played here, through engine.Match and imaging.Renderer alone,
// with the table flow of turn.go: one interaction is one batch of actions
// plus the automatic follow-ups (a seat's only option), all or nothing; a
// new public board is posted only on a hand-off (someone not already
// waiting must act, or the game ended), pinging exactly the seats that must
// act and never the actor; otherwise the board is edited in place. Every
// button carries the game's version and undo epoch (tok), so a click on an
// older board changes nothing.
//
// Custom IDs (all under Discord's 100 characters):
//
//	gp:<game>:<tok>          Play: open my private step (public board)
//	gh:<game>                my hand (ephemeral)
//	gu:<game>:<tok>          undo my last move
//	gm:<game>:<tok>:<path>   open a menu node: indices by level, "0.3", "~2" for a page
//	gi:<game>:<tok>:<n>      take my n-th legal action (a button leaf)
//	gs:<game>:<tok>:<k>      a select; values "a:<action>" (compact form) or "m:<path>"
//	gs:<game>:<tok>:p<n>     a choice of several; values "a:<action>", "a:<action>#<copy>"
//
// Menu choices appear only on ephemeral messages: what a seat may do can
// depend on its hand.

// gstart starts a lobby of a generic title and posts its first board.
func (m *host) gstart(ctx context.Context, i *discordgo.Interaction, t kit.Table, uid string, fromButton bool) kit.Response {
	title, err := m.Titles().Get(t.Title)
	if err != nil {
		return kit.Say(kit.UserLoc(i), "g_not_installed_start", nil)
	}
	opts := t.Options // chosen when the lobby opened (genericUI.newOptions)
	if len(opts) == 0 {
		if opts, err = title.ParseOptions(""); err != nil {
			return m.ErrReply(i, "start game", err)
		}
	}
	mt, err := m.Store().StartMatch(ctx, t.ID, engine.Setup{Options: opts, NumSeats: len(t.Seats), Seed: m.Seed()})
	if err != nil {
		return m.ErrReply(i, "start game", err)
	}
	// A first move that is the seat's only one (a forced draw) is played
	// at once, as after any move, and said in the first post.
	pending := []kit.LogLine{kit.GameBegins()}
	var changed []int
	if _, ok := soleMove(mt); ok {
		next, events, _, err := m.Store().ApplyMatch(ctx, t.ID, mt.Version(), kit.MatchBatch{Then: func(cur engine.Match) (engine.Action, bool) { return soleMove(cur) }})
		if err != nil {
			// The game has started; the seat is offered its only move instead.
			m.Log().Error("play the forced first move", "table", t.ID, "err", err)
		} else {
			mt = next
			for _, e := range events {
				pending = append(pending, kit.EventLine(e))
			}
			changed = engine.Places(events)
		}
	}
	t, err = m.Store().UpdateTable(ctx, t.ID, func(t *kit.Table) error {
		// StartMatch made the table running. The settings chosen in the lobby stay.
		t.Notes = kit.Notes{Pending: pending, Changed: changed, Seen: make([]int, len(t.Seats)),
			Settings: t.Notes.Settings, Wait: kit.Wait{Seats: mt.ToAct(), Since: m.Now()}}
		t.NextRemind = m.NextDue(*t)
		return nil
	})
	if err != nil {
		return m.ErrReply(i, "start game", err)
	}
	ping := t.Humans(kit.Without(mt.ToAct(), t.SeatOf(uid))) // never a bot seat
	b, err := m.gboard(t, mt, ping, true)
	if err != nil {
		return m.ErrReply(i, "render board", err)
	}
	b.Retire = ""
	resp := kit.Response{Posts: []kit.Post{b}, DMs: m.gturnDMs(t, ping)}
	resp.Edits = []kit.Edit{{ChannelID: t.ChannelID, MessageID: t.BoardMsg, Message: m.StartedLobby(t)}}
	if !fromButton {
		resp.Reply = &kit.Message{Content: kit.UserLoc(i).T("started", nil)}
	}
	resp.Failed = kit.UserLoc(i).T("start_post_failed", nil)
	return resp
}

// gboard is a new public board of mt pinging the seats ping, with the
// turn picture drawn from the public view alone when pic is set.
func (m *host) gboard(t kit.Table, mt engine.Match, ping []int, pic bool) (kit.Post, error) {
	var files []kit.File
	picPx := 0
	if r, err := m.Renderers().Get(t.TitleID()); err == nil && pic {
		img, err := r.Turn(mt.Public(), gpictureOptions(t, mt))
		if err != nil {
			return kit.Post{}, fmt.Errorf("render turn picture: %w", err)
		}
		png, err := imaging.EncodePNG(img)
		if err != nil {
			return kit.Post{}, err
		}
		b := img.Bounds()
		picPx = kit.PicturePx(b.Dx(), b.Dy())
		l := kit.TableLoc(t)
		files = []kit.File{{Name: fmt.Sprintf("board-%s-%d.png", t.ID, mt.Version()), Data: png,
			Description: kit.AltText(l, kit.AltOf(l, t, m.Meta(t), mt))}}
	}
	// A new post tells the turns since the previous one.
	msg := m.gboardText(t, mt, nil, t.Notes.Pending, picPx)
	msg.Files = files
	if mt.Result() != nil {
		msg.Mentions = kit.Everyone(t) // the final post pings every player
		ping = nil
	}
	for _, k := range ping {
		if k >= 0 && k < len(t.Seats) {
			msg.Mentions = append(msg.Mentions, t.Seats[k].UserID)
		}
	}
	p := kit.Post{TableID: t.ID, ChannelID: t.ChannelID, Message: msg, Retire: t.BoardMsg, PicPx: picPx}
	if len(msg.Files) > 0 {
		p.PicAt = strconv.Itoa(mt.Version())
	}
	return p, nil
}

// gpictureOptions draw t's pictures in the table's language.
func gpictureOptions(t kit.Table, mt engine.Match) imaging.Options {
	return imaging.Options{Names: kit.SeatPlainNames(kit.TableLoc(t), t, mt), Words: kit.TableLoc(t).Message, Changed: t.Notes.Changed}
}

// gneedsPicture says whether a hand-off post of mt at table t (its notes
// as stored with the batch that led to it) carries the turn picture. The
// rule is the title-free form of Tinners' Trail's (needsPicture): the
// public events in the post's text tell what the players did; a picture is
// needed when the newest one no longer shows what there is to see. That
// is when something hidden became public since it (an event with Reveal:
// a card turned up, a stack cut, dice; the text names it, the picture
// places it), when there is no picture to go by (the first board, or the
// last picture showed a move taken back since), after maxTextPosts posts
// in a row without one (the last picture is a few posts up), and at the
// end. A change on the board (an event naming places, engine.Event.Where,
// kept in Notes.Changed) counts as a reveal: the picture rings it. Moves
// that change nothing drawn (passing, ending a turn) go as text.
func gneedsPicture(t kit.Table, mt engine.Match) bool {
	n := t.Notes
	return mt.Result() != nil || n.PicAt == "" || n.Revealed || len(n.Changed) > 0 || n.TextPosts >= kit.MaxTextPosts
}

// gask is the first line of a board in l's language: who must act
// (mentioned; only a post's Mentions ping) and, at a table with a
// deadline, when the default move is played; or the end. It is built from
// public facts only.
func (m *host) gask(l *i18n.Loc, t kit.Table, mt engine.Match) string {
	who := mt.ToAct()
	if len(who) == 0 {
		return l.T("g_game_over", kit.Args{"Game": kit.TitleNameIn(l, m.Meta(t)), "Table": t.ID})
	}
	var refs []string
	for _, k := range who {
		// A bot seat is never asked to press anything: it plays by itself.
		if k >= 0 && k < len(t.Seats) && !t.IsBot(k) {
			refs = append(refs, kit.MentionOf(t, k))
		}
	}
	if len(refs) == 0 {
		for _, k := range who {
			if k >= 0 && k < len(t.Seats) {
				refs = append(refs, kit.MentionOf(t, k))
			}
		}
	}
	id := "g_ask"
	if len(refs) > 1 {
		id = "g_ask_several"
	}
	ask := l.T(id, kit.Args{"Who": strings.Join(refs, l.T("list_sep", nil)), "Game": kit.TitleNameIn(l, m.Meta(t)), "Table": t.ID, "Move": mt.Version()})
	return kit.WithDeadline(l, "g_ask_deadline", t, ask)
}

// gboardMessage is the text and buttons of the newest board as an edit
// in place shows it (no picture, no pings), in the table's language: the
// turns it was posted with, then those since.
func (m *host) gboardMessage(t kit.Table, mt engine.Match) kit.Message {
	return m.gboardText(t, mt, t.Notes.Shown, t.Notes.Pending, t.Notes.PicPx)
}

// gboardText is a board telling the lines it was posted with (shown; nil
// for a new post) and those since, one line a turn (issue 37), with a
// picture picPx tall on a phone (0: none).
func (m *host) gboardText(t kit.Table, mt engine.Match, shown, since []kit.LogLine, picPx int) kit.Message {
	l := kit.TableLoc(t)
	// The ask line stays first whatever the length (a notification shows
	// one line); then every turn since the previous post, the oldest
	// giving way to a pointer only when the post would not fit a phone,
	// and never those the post was made for.
	ask := m.gask(l, t, mt)
	var b strings.Builder
	names := kit.SeatNamesIn(l, t, mt)
	turns := kit.TurnLines(l, shown, names)
	keep := len(turns)
	turns = append(turns, kit.TurnLines(l, since, names)...)
	if r := mt.Result(); r != nil {
		// The end is an event: the result first, then the breakdown.
		ask = gresultLine(l, t, mt, r) + "\n" + ask
		tail := "\n" + finalPostScores(l, t, mt, r)
		room := kit.PhoneMaxPx - picPx - kit.PhoneRowPx - kit.PhoneLinePx*kit.WrappedLines(ask+tail)
		for _, line := range kit.FitTurnsAfter(l, turns, keep, room, "phone_final_turns_earlier") {
			b.WriteString("\n• " + line)
		}
		b.WriteString(tail)
		final := []discordgo.MessageComponent{discordgo.Button{Label: l.T("flow_button_rematch", nil), Style: discordgo.SuccessButton, CustomID: kit.PlainID("tre", t.ID)}}
		if b, ok := scoreDetailsButton(l, t, mt); ok {
			final = append(final, b) // how each score was made (scores.go)
		}
		return kit.Message{Content: clipAfter(ask, b.String()), Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: final}}}
	}
	room := kit.PhoneMaxPx - picPx - kit.PhoneRowPx - kit.PhoneLinePx*kit.WrappedLines(ask)
	for _, line := range kit.FitTurnsAfter(l, turns, keep, room, "phone_turns_earlier") {
		b.WriteString("\n• " + line)
	}
	// "My hand" only where a seat can hold something the others do not see.
	bs := []discordgo.MessageComponent{discordgo.Button{Label: l.T("flow_button_play", nil), Style: discordgo.PrimaryButton, CustomID: kit.MatchID("gp", t, mt)}}
	if _, ok := mt.(engine.Secrets); ok {
		bs = append(bs, discordgo.Button{Label: l.T(titleWord("flow_button_hand", t), nil), Style: discordgo.SecondaryButton, CustomID: kit.PlainID("gh", t.ID)})
	}
	bs = append(bs, discordgo.Button{Label: l.T("flow_button_undo", nil), Style: discordgo.SecondaryButton, CustomID: kit.MatchID("gu", t, mt)})
	return kit.Message{Content: clipAfter(ask, b.String()), Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: bs}}}
}

// clipAfter is first followed by rest (which starts with a line break),
// the first lines of rest dropped until it fits one message.
func clipAfter(first, rest string) string {
	n := len([]rune(first))
	for n+len([]rune(rest)) > 1990 {
		_, after, ok := strings.Cut(strings.TrimPrefix(rest, "\n"), "\n")
		if !ok {
			return kit.Clip(first + rest)
		}
		rest = "\n" + after
	}
	return first + rest
}

// resultText is the ranking with scores, in l's language.
func resultText(l *i18n.Loc, t kit.Table, mt engine.Match, r *engine.Result) string {
	var b strings.Builder
	b.WriteString(l.T("g_final_ranking", nil))
	for place, k := range r.Ranking {
		score := 0
		if k >= 0 && k < len(r.Scores) {
			score = r.Scores[k]
		}
		b.WriteString("\n" + l.N("g_rank_line", score, kit.Args{"Place": r.Place(place), "Seat": kit.SeatRefShortIn(l, t, mt, k)}))
	}
	if tb := engine.FormatLine(kit.ResultTieBreakIn(l, r), kit.SeatNamesIn(l, t, mt)); tb != "" { // it may name a seat
		// The template ends the sentence; a rule that is a sentence of its own loses its stop.
		b.WriteString("\n" + l.T("g_tie_break", kit.Args{"Rule": strings.TrimRight(tb, ".")}))
	}
	return b.String()
}

// gturnDMs are the turn notices of seats at a generic table.
func (m *host) gturnDMs(t kit.Table, seats []int) []kit.Dm {
	var out []kit.Dm
	for _, k := range seats {
		if k < 0 || k >= len(t.Seats) { // sendDMs keeps those the player wants
			continue
		}
		rl := kit.RecipientLoc(t, t.Seats[k].UserID) // the notice is in the recipient's language
		out = append(out, kit.Dm{UserID: t.Seats[k].UserID, TableID: t.ID, Ask: rl.T("g_dm_your_turn", nil), Game: kit.TitleNameIn(rl, m.Meta(t))})
	}
	return out
}

// gload loads the running generic game named by a custom ID, checking that
// it belongs to this channel, and the clicker's seat when seatedOnly
// (refusing anyone not seated; -1 otherwise).
func (m *host) gload(ctx context.Context, i *discordgo.Interaction, id string, seatedOnly bool) (kit.Table, engine.Match, int, *kit.Response) {
	refuse := func(r kit.Response) (kit.Table, engine.Match, int, *kit.Response) { return kit.Table{}, nil, -1, &r }
	t, err := m.Store().Table(ctx, id)
	if errors.Is(err, kit.ErrNotFound) || err == nil && (t.ChannelID != i.ChannelID || m.OwnUI(t)) {
		return refuse(kit.Forged(i))
	}
	if err != nil {
		return refuse(m.ErrReply(i, "load table", err))
	}
	l := kit.UserLoc(i)
	switch t.Status {
	case kit.StatusLobby:
		return refuse(kit.Say(l, "g_not_started", nil))
	case kit.StatusFinished:
		return refuse(kit.Say(l, "g_over", nil))
	case kit.StatusAborted:
		return refuse(kit.Say(l, "g_ended", nil))
	}
	mt, err := m.Store().Match(ctx, id)
	if err != nil {
		return refuse(m.ErrReply(i, "load game", err))
	}
	seat := -1
	if seatedOnly {
		s, r := kit.Seated(i, t)
		if r != nil {
			return kit.Table{}, nil, -1, r
		}
		seat = s
	}
	return t, mt, seat, nil
}

// gcheck is the stale-click check of a token on the current board: a click
// on an older board or a private menu of an older state has moved on.
// act, when not nil, is the action clicked (a simultaneous step accepts an
// older version while it is still legal).
func (m *host) gcheck(i *discordgo.Interaction, t kit.Table, mt engine.Match, seat int, tk kit.Token, act engine.Action) *kit.Response {
	ver, epoch := tk.Ver, tk.Epoch
	if !kit.IsEphemeral(i.Message) && i.Message != nil && t.BoardMsg != "" && i.Message.ID != t.BoardMsg {
		r := kit.MovedOn(i)
		return &r
	}
	if epoch != t.Notes.Epoch {
		r := kit.MovedOn(i)
		return &r
	}
	if ver != mt.Version() && act != nil && mt.Simultaneous() && legalHas(mt.Legal(seat), act) {
		ver = mt.Version()
	}
	if ver != mt.Version() {
		r := kit.MovedOn(i)
		return &r
	}
	if !slices.Contains(mt.ToAct(), seat) {
		r := kit.NotYourTurn(i, t, mt.ToAct())
		return &r
	}
	return nil
}

func legalHas(legal []engine.Action, a engine.Action) bool {
	for _, l := range legal {
		if l.String() == a.String() {
			return true
		}
	}
	return false
}

// gselect answers a gs: select: its value is "m:<path>", a menu node to
// open, or "a:<action>", an action in compact form.
func (m *host) gselect(ctx context.Context, i *discordgo.Interaction, id kit.ID, values []string) kit.Response {
	if strings.HasPrefix(id.Rest[0], "p") {
		return m.gpickSeveral(ctx, i, id, values) // a choice of several (pick.go)
	}
	if len(values) != 1 {
		return kit.Say(kit.UserLoc(i), "g_pick_one", nil)
	}
	v := values[0]
	if path, ok := strings.CutPrefix(v, "m:"); ok {
		return m.gstep(ctx, i, id.Game, id.Tok, path)
	}
	str, ok := strings.CutPrefix(v, "a:")
	if !ok {
		return kit.Forged(i)
	}
	if str == "" {
		return kit.Forged(i)
	}
	return m.gpick(ctx, i, id.Game, id.Tok, -1, str)
}

// gpick applies the action a click names: str is its compact form (a
// select's value) or, when str is "", index is its place in the seat's
// legal list (a button).
func (m *host) gpick(ctx context.Context, i *discordgo.Interaction, gameID string, tk kit.Token, index int, str string) kit.Response {
	t, mt, seat, r := m.gload(ctx, i, gameID, true)
	if r != nil {
		return *r
	}
	var a engine.Action
	if str != "" {
		title, err := m.Titles().Get(t.Title)
		if err != nil {
			return m.ErrReply(i, "title", err)
		}
		if a, err = title.ParseAction(str); err != nil {
			return kit.Forged(i)
		}
		if a.Actor() != seat {
			if slices.Contains(mt.ToAct(), seat) {
				return kit.Say(kit.UserLoc(i), "flow_not_your_choice", nil)
			}
			return kit.NotYourTurn(i, t, mt.ToAct())
		}
	}
	if r := m.gcheck(i, t, mt, seat, tk, a); r != nil {
		return *r
	}
	if a == nil {
		legal := mt.Legal(seat)
		if index < 0 || index >= len(legal) {
			return kit.Forged(i)
		}
		a = legal[index]
	}
	return m.gcommit(ctx, i, t, mt, seat, []engine.Action{a})
}

// soleMove is the move of the only seat to act when it has one option
// and the title does not ask for it to be put to the seat (engine.Label.Deliberate).
func soleMove(mt engine.Match) (engine.Action, bool) {
	who := mt.ToAct()
	if len(who) != 1 || mt.Result() != nil {
		return nil, false
	}
	legal := mt.Legal(who[0])
	if len(legal) != 1 || mt.Label(legal[0]).Deliberate {
		return nil, false // a deliberate move is put to the seat: its being the only one is not public
	}
	return legal[0], true
}

// gcommit applies seat's actions and the follow-ups (commitMoves).
func (m *host) gcommit(ctx context.Context, i *discordgo.Interaction, t kit.Table, mt engine.Match, seat int, acts []engine.Action) kit.Response {
	return m.CommitMoves(ctx, i, t, mt, seat, acts, false)
}

// gstep opens the private step of the clicker at the menu node path.
func (m *host) gstep(ctx context.Context, i *discordgo.Interaction, gameID string, tk kit.Token, path string) kit.Response {
	t, mt, seat, r := m.gload(ctx, i, gameID, true)
	if r != nil {
		return *r
	}
	idx, page, ok := parsePath(path)
	if !ok {
		return kit.Forged(i)
	}
	if r := m.gcheck(i, t, mt, seat, tk, nil); r != nil {
		return *r
	}
	l := kit.UserLoc(i)
	msg := m.gmenu(l, t, mt, seat, idx, page)
	if msg == nil {
		return kit.Forged(i)
	}
	if len(idx) == 0 && page == 0 {
		// The first step of the turn: what happened since the seat's last move.
		earlier := "since_earlier_turns" // behind the button
		if len(msg.Components) >= 5 {
			earlier = "since_earlier_turns_log"
		}
		if since, more, from, to := m.gsinceLastMove(ctx, l, t, mt, seat, earlier, kit.SinceBudget(msg.Content)); since != "" {
			msg.Content = kit.Clip(since + "\n\n" + msg.Content)
			if more > 0 && len(msg.Components) < 5 {
				msg.Components = append(msg.Components, kit.SinceButton(l, t, from, to))
			}
		}
	}
	return kit.Response{Reply: msg}
}

// gundo takes back the clicker's last interaction, if nobody else has
// acted and nothing hidden was revealed since. Nobody is pinged.
func (m *host) gundo(ctx context.Context, i *discordgo.Interaction, gameID string, tk *kit.Token) kit.Response {
	t, mt, seat, r := m.gload(ctx, i, gameID, true)
	if r != nil {
		return *r
	}
	return m.gundoAt(ctx, i, t, mt, seat, tk)
}

func (m *host) gundoAt(ctx context.Context, i *discordgo.Interaction, t kit.Table, mt engine.Match, seat int, tk *kit.Token) kit.Response {
	return m.UndoMove(ctx, i, t, mt, seat, tk)
}

// gcommand answers /tt board, hand, undo and log at table t of a title
// the generic flow hosts (see titleUI.command).
func (m *host) gcommand(ctx context.Context, i *discordgo.Interaction, t kit.Table, name string, opt kit.OptFn) kit.Response {
	l := kit.UserLoc(i)
	mt, err := m.Store().Match(ctx, t.ID)
	if err != nil {
		return m.ErrReply(i, "load game", err)
	}
	var r kit.Response
	switch name {
	case "board":
		if round := opt("round"); round != nil {
			switch _, ok := mt.(engine.Rounds); {
			case !ok:
				r = kit.Say(l, "g_round_no_rounds", nil)
			case opt("at") != nil:
				r = kit.Say(l, "adm_board_at_or_round", nil)
			default:
				r = m.groundBoard(ctx, i, t, int(round.IntValue()))
			}
			break
		}
		if at := opt("at"); at != nil {
			r = m.gpastBoard(ctx, i, t, int(at.IntValue()))
			break
		}
		full := opt("full") != nil && opt("full").BoolValue()
		r = kit.WithSince(i, t, m.gboardCmd(i, t, mt, full), func(seat, budget int) string {
			s, _, _, _ := m.gsinceLastMove(ctx, l, t, mt, seat, "since_earlier_turns_log", budget)
			return s
		})
	case "hand":
		seat, rr := kit.Seated(i, t)
		if rr != nil {
			return *rr
		}
		r = m.ghandAt(l, t, mt, seat)
	case "undo":
		if t.Status != kit.StatusRunning {
			r = kit.Say(l, "g_over", nil)
			break
		}
		seat, rr := kit.Seated(i, t)
		if rr != nil {
			return *rr
		}
		r = m.gundoAt(ctx, i, t, mt, seat, nil)
	case "log":
		round := -1
		if o := opt("round"); o != nil {
			round = int(o.IntValue())
		}
		r = m.glog(ctx, i, t, round)
	}
	return r
}

// gboardCmd reposts the board (nobody is pinged); full draws the
// renderer's full board instead of the turn picture.
func (m *host) gboardCmd(i *discordgo.Interaction, t kit.Table, mt engine.Match, full bool) kit.Response {
	l := kit.UserLoc(i)
	failed := l.T("g_board_failed", nil)
	b, err := m.gboard(t, mt, nil, true)
	if err != nil {
		m.Log().Error("render board", "table", t.ID, "err", err)
		return kit.SomethingWrong(i)
	}
	if t.Status != kit.StatusRunning {
		// A finished table's board is shown, not made the table's board
		// again, and pings nobody (the command says so).
		b.TableID, b.Retire = "", ""
		b.Message.Components, b.Message.Mentions = nil, nil
	}
	if full {
		if r, err := m.Renderers().Get(t.TitleID()); err == nil {
			if img, err := r.Board(mt.Public(), gpictureOptions(t, mt)); err == nil {
				if png, err := imaging.EncodePNG(img); err == nil {
					b.Message.Files = []kit.File{{Name: fmt.Sprintf("board-full-%s-%d.png", t.ID, mt.Version()), Data: png}}
				}
			}
		}
	}
	return kit.Response{Posts: []kit.Post{b}, Reply: &kit.Message{Content: l.T("g_board_posted", nil)}, Failed: failed}
}

// glog is the game in words: every public event since the start, replayed
// from the record, the newest last (clipped to one message); with round >= 0
// at a title with rounds, that round's page (glogRound). A title without
// rounds ignores round.
func (m *host) glog(ctx context.Context, i *discordgo.Interaction, t kit.Table, round int) kit.Response {
	return m.glogPage(ctx, i, t, round, -1)
}

// glogPage is page (-1: the last) of glog's answer (logpage.go).
func (m *host) glogPage(ctx context.Context, i *discordgo.Interaction, t kit.Table, round, page int) kit.Response {
	rec, err := m.Store().MatchRecord(ctx, t.ID)
	if err != nil {
		return m.ErrReply(i, "load record", err)
	}
	title, err := m.Titles().Get(t.Title)
	if err != nil {
		return m.ErrReply(i, "title", err)
	}
	rounds, events, last, hasRounds, err := kit.GroundsOf(title, rec)
	if err != nil {
		return m.ErrReply(i, "replay", err)
	}
	if hasRounds && round >= 0 {
		return m.glogRound(i, t, rounds, events, last, round, page)
	}
	l := kit.UserLoc(i)
	names := kit.SeatNamesIn(l, t, last)
	var lines []string
	for _, ev := range events {
		for _, e := range ev {
			lines = append(lines, engine.FormatLine(kit.EventLine(e).Say(l), names))
		}
	}
	if len(lines) == 0 {
		lines = []string{l.T("g_log_empty", nil)}
	}
	// The heading stays; a log too long for one message has pages (the
	// last, the newest lines, first). A title with rounds adds a button per
	// round, to open one round's log.
	content, pager := kit.LogPage(l, l.N("g_log_head", len(lines), kit.Args{"Table": t.ID}), lines, page, func(p int) string { return kit.PlainID("glog", t.ID, "a", strconv.Itoa(p)) })
	msg := &kit.Message{Content: content, Components: pager}
	if hasRounds {
		rnames, _ := last.(engine.RoundNames)
		msg.Components = kit.WithPager(pager, groundButtons(l, t, rounds, rnames, -1))
	}
	return kit.Response{Reply: msg}
}

// finalScores is the ranking of finished match mt (result r) and, when
// its title breaks the scores down (engine.Breakdown), the points by
// category, in l's language: the final post and the final past board.
func finalScores(l *i18n.Loc, t kit.Table, mt engine.Match, r *engine.Result) string {
	out := resultText(l, t, mt, r)
	if bd, ok := mt.(engine.Breakdown); ok {
		if s := kit.ScoreTableText(l, bd.Breakdown(), r.Ranking); s != "" {
			out += "\n" + s
		}
	}
	return out
}

// finalPostScores are the scores the final post shows below the turns:
// with a breakdown by category, the tie-break and the breakdown alone (the
// first line ranks the seats with their points and letters, which the
// breakdown's columns use), so that the post fits a phone; else the
// ranking (finalScores).
func finalPostScores(l *i18n.Loc, t kit.Table, mt engine.Match, r *engine.Result) string {
	bd, ok := mt.(engine.Breakdown)
	if !ok {
		return finalScores(l, t, mt, r)
	}
	s := kit.ScoreTableText(l, bd.Breakdown(), r.Ranking)
	if s == "" {
		return finalScores(l, t, mt, r)
	}
	if tb := engine.FormatLine(kit.ResultTieBreakIn(l, r), kit.SeatNamesIn(l, t, mt)); tb != "" {
		s = l.T("g_tie_break", kit.Args{"Rule": strings.TrimRight(tb, ".")}) + "\n" + s
	}
	return s
}

// gresultLine is the final post's first line at a generic table: each
// seat by its letter and mention when the post has a breakdown whose
// columns are letters.
func gresultLine(l *i18n.Loc, t kit.Table, mt engine.Match, r *engine.Result) string {
	_, lettered := mt.(engine.Breakdown)
	return kit.ResultLine(l, r.Ranking, r.Shared, func(k int) string {
		if k >= 0 && k < len(t.Seats) {
			if lettered {
				return kit.SeatLetterOf(l, k) + " " + kit.MentionOf(t, k)
			}
			return kit.MentionOf(t, k)
		}
		return kit.NameOfIn(l, t, mt, k)
	}, func(k int) int {
		if k >= 0 && k < len(r.Scores) {
			return r.Scores[k]
		}
		return 0
	})
}

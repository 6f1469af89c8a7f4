package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The generic UI (gtitle.go): every table whose title has no UI of its
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

// meta returns the metadata of t's title (a stand-in naming the id when it
// is not installed). A table opened for several seats needs two players to
// start, whatever the title's minimum (one is a solo game, a table of its
// own).
func (m *Main) meta(t Table) engine.Meta {
	if title, err := m.cfg.Titles.Get(t.Title); err == nil {
		mt := title.Meta()
		if t.MaxPlayers > 1 {
			mt.MinSeats = max(mt.MinSeats, 2)
		}
		return mt
	}
	return engine.Meta{ID: t.TitleID(), Name: t.TitleID(), MinSeats: 2, MaxSeats: len(t.Seats)}
}

// gstart starts a lobby of a generic title and posts its first board.
func (m *Main) gstart(ctx context.Context, i *discordgo.Interaction, t Table, uid string, fromButton bool) response {
	title, err := m.cfg.Titles.Get(t.Title)
	if err != nil {
		return say(userLoc(i), "g_not_installed_start", nil)
	}
	opts := t.Options // chosen when the lobby opened (genericUI.newOptions)
	if len(opts) == 0 {
		if opts, err = title.ParseOptions(""); err != nil {
			return m.errReply(i, "start game", err)
		}
	}
	mt, err := m.store.StartMatch(ctx, t.ID, engine.Setup{Options: opts, NumSeats: len(t.Seats), Seed: m.cfg.Seed()})
	if err != nil {
		return m.errReply(i, "start game", err)
	}
	// A first move that is the seat's only one (a forced draw) is played
	// at once, as after any move, and said in the first post.
	pending := []LogLine{gameBegins()}
	var changed []int
	if _, ok := soleMove(mt); ok {
		next, events, _, err := m.store.ApplyMatch(ctx, t.ID, mt.Version(), MatchBatch{Then: func(cur engine.Match) (engine.Action, bool) { return soleMove(cur) }})
		if err != nil {
			// The game has started; the seat is offered its only move instead.
			m.log.Error("play the forced first move", "table", t.ID, "err", err)
		} else {
			mt = next
			for _, e := range events {
				pending = append(pending, eventLine(e))
			}
			changed = engine.Places(events)
		}
	}
	t, err = m.store.UpdateTable(ctx, t.ID, func(t *Table) error {
		// StartMatch made the table running. The settings chosen in the lobby stay.
		t.Notes = Notes{Pending: pending, Changed: changed, Seen: make([]int, len(t.Seats)),
			Settings: t.Notes.Settings, Wait: Wait{Seats: mt.ToAct(), Since: m.cfg.Now()}}
		t.NextRemind = nextDue(*t)
		return nil
	})
	if err != nil {
		return m.errReply(i, "start game", err)
	}
	ping := t.humans(without(mt.ToAct(), t.SeatOf(uid))) // never a bot seat
	b, err := m.gboard(t, mt, ping, true)
	if err != nil {
		return m.errReply(i, "render board", err)
	}
	b.Retire = ""
	resp := response{Posts: []post{b}, DMs: m.gturnDMs(t, ping)}
	resp.Edits = []edit{{ChannelID: t.ChannelID, MessageID: t.BoardMsg, Message: m.startedLobby(t)}}
	if !fromButton {
		resp.Reply = &message{Content: userLoc(i).T("started", nil)}
	}
	resp.Failed = userLoc(i).T("start_post_failed", nil)
	return resp
}

// gboard is a new public board of mt pinging the seats ping, with the
// turn picture drawn from the public view alone when pic is set.
func (m *Main) gboard(t Table, mt engine.Match, ping []int, pic bool) (post, error) {
	msg := m.gboardMessage(t, mt)
	if mt.Result() != nil {
		msg.Mentions = everyone(t) // the final post pings every player
		ping = nil
	}
	for _, k := range ping {
		if k >= 0 && k < len(t.Seats) {
			msg.Mentions = append(msg.Mentions, t.Seats[k].UserID)
		}
	}
	if r, err := m.cfg.Renderers.Get(t.TitleID()); err == nil && pic {
		img, err := r.Turn(mt.Public(), gpictureOptions(t, mt))
		if err != nil {
			return post{}, fmt.Errorf("render turn picture: %w", err)
		}
		png, err := imaging.EncodePNG(img)
		if err != nil {
			return post{}, err
		}
		msg.Files = []file{{Name: fmt.Sprintf("board-%s-%d.png", t.ID, mt.Version()), Data: png}}
	}
	p := post{TableID: t.ID, ChannelID: t.ChannelID, Message: msg, Retire: t.BoardMsg}
	if len(msg.Files) > 0 {
		p.PicAt = strconv.Itoa(mt.Version())
	}
	return p, nil
}

// gpictureOptions draw t's pictures in the table's language.
func gpictureOptions(t Table, mt engine.Match) imaging.Options {
	return imaging.Options{Names: seatPlainNames(tableLoc(t), t, mt), Words: tableLoc(t).Message, Changed: t.Notes.Changed}
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
func gneedsPicture(t Table, mt engine.Match) bool {
	n := t.Notes
	return mt.Result() != nil || n.PicAt == "" || n.Revealed || len(n.Changed) > 0 || n.TextPosts >= maxTextPosts
}

// gask is the first line of a board in l's language: who must act
// (mentioned; only a post's Mentions ping) and, at a table with a
// deadline, when the default move is played; or the end. It is built from
// public facts only.
func (m *Main) gask(l *i18n.Loc, t Table, mt engine.Match) string {
	who := mt.ToAct()
	if len(who) == 0 {
		return l.T("g_game_over", args{"Game": titleNameIn(l, m.meta(t)), "Table": t.ID})
	}
	var refs []string
	for _, k := range who {
		if k >= 0 && k < len(t.Seats) {
			refs = append(refs, mentionOf(t, k))
		}
	}
	id := "g_ask"
	if len(refs) > 1 {
		id = "g_ask_several"
	}
	ask := l.T(id, args{"Who": strings.Join(refs, l.T("list_sep", nil)), "Game": titleNameIn(l, m.meta(t)), "Table": t.ID, "Move": mt.Version()})
	return withDeadline(l, "g_ask_deadline", t, ask)
}

// gboardMessage is the text and buttons of the newest board (no picture,
// no pings), in the table's language: a post and an edit in place share it.
func (m *Main) gboardMessage(t Table, mt engine.Match) message {
	l := tableLoc(t)
	// The ask line stays first whatever the length (a notification shows
	// one line); the oldest account lines give way when all would not fit.
	// The account since the last post is compact (phoneAccount lines, the
	// rest in /tt log): the post fits a phone screen (issue 25).
	ask := m.gask(l, t, mt)
	var b strings.Builder
	names := seatNamesIn(l, t, mt)
	var account []string
	for _, line := range t.Notes.Pending {
		account = append(account, engine.FormatLine(line.say(l), names))
	}
	compact := compactAccount
	if mt.Result() != nil {
		compact = compactFinal
	}
	for _, line := range compact(l, account, phoneAccount) {
		b.WriteString("\n• " + line)
	}
	if r := mt.Result(); r != nil {
		// The end is an event: the result first, then the breakdown.
		ask = gresultLine(l, t, mt, r) + "\n" + ask
		b.WriteString("\n" + finalScores(l, t, mt, r))
		final := []discordgo.MessageComponent{discordgo.Button{Label: l.T("flow_button_rematch", nil), Style: discordgo.SuccessButton, CustomID: plainID("tre", t.ID)}}
		if b, ok := scoreDetailsButton(l, t, mt); ok {
			final = append(final, b) // how each score was made (scoredetails.go)
		}
		return message{Content: clipAfter(ask, b.String()), Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: final}}}
	}
	// "My hand" only where a seat can hold something the others do not see.
	bs := []discordgo.MessageComponent{discordgo.Button{Label: l.T("flow_button_play", nil), Style: discordgo.PrimaryButton, CustomID: matchID("gp", t, mt)}}
	if _, ok := mt.(engine.Secrets); ok {
		bs = append(bs, discordgo.Button{Label: l.T(titleWord("flow_button_hand", t), nil), Style: discordgo.SecondaryButton, CustomID: plainID("gh", t.ID)})
	}
	bs = append(bs, discordgo.Button{Label: l.T("flow_button_undo", nil), Style: discordgo.SecondaryButton, CustomID: matchID("gu", t, mt)})
	return message{Content: clipAfter(ask, b.String()), Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: bs}}}
}

// clipAfter is first followed by rest (which starts with a line break),
// the first lines of rest dropped until it fits one message.
func clipAfter(first, rest string) string {
	n := len([]rune(first))
	for n+len([]rune(rest)) > 1990 {
		_, after, ok := strings.Cut(strings.TrimPrefix(rest, "\n"), "\n")
		if !ok {
			return clip(first + rest)
		}
		rest = "\n" + after
	}
	return first + rest
}

// resultText is the ranking with scores, in l's language.
func resultText(l *i18n.Loc, t Table, mt engine.Match, r *engine.Result) string {
	var b strings.Builder
	b.WriteString(l.T("g_final_ranking", nil))
	for place, k := range r.Ranking {
		score := 0
		if k >= 0 && k < len(r.Scores) {
			score = r.Scores[k]
		}
		b.WriteString("\n" + l.N("g_rank_line", score, args{"Place": r.Place(place), "Seat": seatRefShortIn(l, t, mt, k)}))
	}
	if tb := engine.FormatLine(resultTieBreakIn(l, r), seatNamesIn(l, t, mt)); tb != "" { // it may name a seat
		// The template ends the sentence; a rule that is a sentence of its own loses its stop.
		b.WriteString("\n" + l.T("g_tie_break", args{"Rule": strings.TrimRight(tb, ".")}))
	}
	return b.String()
}

// gturnDMs are the turn notices of seats at a generic table.
func (m *Main) gturnDMs(t Table, seats []int) []dm {
	var out []dm
	for _, k := range seats {
		if k < 0 || k >= len(t.Seats) { // sendDMs keeps those the player wants
			continue
		}
		rl := recipientLoc(t, t.Seats[k].UserID) // the notice is in the recipient's language
		out = append(out, dm{UserID: t.Seats[k].UserID, TableID: t.ID, Ask: rl.T("g_dm_your_turn", nil), Game: titleNameIn(rl, m.meta(t))})
	}
	return out
}

// gload loads the running generic game named by a custom ID, checking that
// it belongs to this channel, and the clicker's seat when seatedOnly
// (refusing anyone not seated; -1 otherwise).
func (m *Main) gload(ctx context.Context, i *discordgo.Interaction, id string, seatedOnly bool) (Table, engine.Match, int, *response) {
	refuse := func(r response) (Table, engine.Match, int, *response) { return Table{}, nil, -1, &r }
	t, err := m.store.Table(ctx, id)
	if errors.Is(err, ErrNotFound) || err == nil && (t.ChannelID != i.ChannelID || m.ownUI(t)) {
		return refuse(forged(i))
	}
	if err != nil {
		return refuse(m.errReply(i, "load table", err))
	}
	l := userLoc(i)
	switch t.Status {
	case StatusLobby:
		return refuse(say(l, "g_not_started", nil))
	case StatusFinished:
		return refuse(say(l, "g_over", nil))
	case StatusAborted:
		return refuse(say(l, "g_ended", nil))
	}
	mt, err := m.store.Match(ctx, id)
	if err != nil {
		return refuse(m.errReply(i, "load game", err))
	}
	seat := -1
	if seatedOnly {
		s, r := seated(i, t)
		if r != nil {
			return Table{}, nil, -1, r
		}
		seat = s
	}
	return t, mt, seat, nil
}

// gcheck is the stale-click check of a token on the current board: a click
// on an older board or a private menu of an older state has moved on.
// act, when not nil, is the action clicked (a simultaneous step accepts an
// older version while it is still legal).
func (m *Main) gcheck(i *discordgo.Interaction, t Table, mt engine.Match, seat int, tk Token, act engine.Action) *response {
	ver, epoch := tk.Ver, tk.Epoch
	if !isEphemeral(i.Message) && i.Message != nil && t.BoardMsg != "" && i.Message.ID != t.BoardMsg {
		r := movedOn(i)
		return &r
	}
	if epoch != t.Notes.Epoch {
		r := movedOn(i)
		return &r
	}
	if ver != mt.Version() && act != nil && mt.Simultaneous() && legalHas(mt.Legal(seat), act) {
		ver = mt.Version()
	}
	if ver != mt.Version() {
		r := movedOn(i)
		return &r
	}
	if !slices.Contains(mt.ToAct(), seat) {
		r := notYourTurn(i, t, mt.ToAct())
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
func (m *Main) gselect(ctx context.Context, i *discordgo.Interaction, id ID, values []string) response {
	if strings.HasPrefix(id.Rest[0], "p") {
		return m.gpickSeveral(ctx, i, id, values) // a choice of several (gpick.go)
	}
	if len(values) != 1 {
		return say(userLoc(i), "g_pick_one", nil)
	}
	v := values[0]
	if path, ok := strings.CutPrefix(v, "m:"); ok {
		return m.gstep(ctx, i, id.Game, id.Tok, path)
	}
	str, ok := strings.CutPrefix(v, "a:")
	if !ok {
		return forged(i)
	}
	if str == "" {
		return forged(i)
	}
	return m.gpick(ctx, i, id.Game, id.Tok, -1, str)
}

// gpick applies the action a click names: str is its compact form (a
// select's value) or, when str is "", index is its place in the seat's
// legal list (a button).
func (m *Main) gpick(ctx context.Context, i *discordgo.Interaction, gameID string, tk Token, index int, str string) response {
	t, mt, seat, r := m.gload(ctx, i, gameID, true)
	if r != nil {
		return *r
	}
	var a engine.Action
	if str != "" {
		title, err := m.cfg.Titles.Get(t.Title)
		if err != nil {
			return m.errReply(i, "title", err)
		}
		if a, err = title.ParseAction(str); err != nil {
			return forged(i)
		}
		if a.Actor() != seat {
			if slices.Contains(mt.ToAct(), seat) {
				return say(userLoc(i), "flow_not_your_choice", nil)
			}
			return notYourTurn(i, t, mt.ToAct())
		}
	}
	if r := m.gcheck(i, t, mt, seat, tk, a); r != nil {
		return *r
	}
	if a == nil {
		legal := mt.Legal(seat)
		if index < 0 || index >= len(legal) {
			return forged(i)
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
func (m *Main) gcommit(ctx context.Context, i *discordgo.Interaction, t Table, mt engine.Match, seat int, acts []engine.Action) response {
	return m.commitMoves(ctx, i, t, mt, seat, acts, false)
}

// gstep opens the private step of the clicker at the menu node path.
func (m *Main) gstep(ctx context.Context, i *discordgo.Interaction, gameID string, tk Token, path string) response {
	t, mt, seat, r := m.gload(ctx, i, gameID, true)
	if r != nil {
		return *r
	}
	idx, page, ok := parsePath(path)
	if !ok {
		return forged(i)
	}
	if r := m.gcheck(i, t, mt, seat, tk, nil); r != nil {
		return *r
	}
	l := userLoc(i)
	msg := m.gmenu(l, t, mt, seat, idx, page)
	if msg == nil {
		return forged(i)
	}
	if len(idx) == 0 && page == 0 {
		// The first step of the turn: what happened since the seat's last move.
		if since := m.gsinceLastMove(ctx, l, t, mt, seat); since != "" {
			msg.Content = clip(since + "\n\n" + msg.Content)
		}
	}
	return response{Reply: msg}
}

// gundo takes back the clicker's last interaction, if nobody else has
// acted and nothing hidden was revealed since. Nobody is pinged.
func (m *Main) gundo(ctx context.Context, i *discordgo.Interaction, gameID string, tk *Token) response {
	t, mt, seat, r := m.gload(ctx, i, gameID, true)
	if r != nil {
		return *r
	}
	return m.gundoAt(ctx, i, t, mt, seat, tk)
}

func (m *Main) gundoAt(ctx context.Context, i *discordgo.Interaction, t Table, mt engine.Match, seat int, tk *Token) response {
	return m.undoMove(ctx, i, t, mt, seat, tk)
}

// gcommand answers /tt board, hand, undo and log at table t of a title
// the generic flow hosts (see titleUI.command).
func (m *Main) gcommand(ctx context.Context, i *discordgo.Interaction, t Table, name string, opt optFn) response {
	l := userLoc(i)
	mt, err := m.store.Match(ctx, t.ID)
	if err != nil {
		return m.errReply(i, "load game", err)
	}
	var r response
	switch name {
	case "board":
		if round := opt("round"); round != nil {
			switch _, ok := mt.(engine.Rounds); {
			case !ok:
				r = say(l, "g_round_no_rounds", nil)
			case opt("at") != nil:
				r = say(l, "adm_board_at_or_round", nil)
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
		r = withSince(i, t, m.gboardCmd(i, t, mt, full), func(seat int) string { return m.gsinceLastMove(ctx, l, t, mt, seat) })
	case "hand":
		seat, rr := seated(i, t)
		if rr != nil {
			return *rr
		}
		r = m.ghandAt(l, t, mt, seat)
	case "undo":
		if t.Status != StatusRunning {
			r = say(l, "g_over", nil)
			break
		}
		seat, rr := seated(i, t)
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
func (m *Main) gboardCmd(i *discordgo.Interaction, t Table, mt engine.Match, full bool) response {
	l := userLoc(i)
	failed := l.T("g_board_failed", nil)
	b, err := m.gboard(t, mt, nil, true)
	if err != nil {
		m.log.Error("render board", "table", t.ID, "err", err)
		return somethingWrong(i)
	}
	if t.Status != StatusRunning {
		// A finished table's board is shown, not made the table's board again.
		b.TableID, b.Retire = "", ""
		b.Message.Components = nil
	}
	if full {
		if r, err := m.cfg.Renderers.Get(t.TitleID()); err == nil {
			if img, err := r.Board(mt.Public(), gpictureOptions(t, mt)); err == nil {
				if png, err := imaging.EncodePNG(img); err == nil {
					b.Message.Files = []file{{Name: fmt.Sprintf("board-full-%s-%d.png", t.ID, mt.Version()), Data: png}}
				}
			}
		}
	}
	return response{Posts: []post{b}, Reply: &message{Content: l.T("g_board_posted", nil)}, Failed: failed}
}

// glog is the game in words: every public event since the start, replayed
// from the record, the newest last (clipped to one message); with round >= 0
// at a title with rounds, that round's page (glogRound). A title without
// rounds ignores round.
func (m *Main) glog(ctx context.Context, i *discordgo.Interaction, t Table, round int) response {
	return m.glogPage(ctx, i, t, round, -1)
}

// glogPage is page (-1: the last) of glog's answer (logpage.go).
func (m *Main) glogPage(ctx context.Context, i *discordgo.Interaction, t Table, round, page int) response {
	rec, err := m.store.MatchRecord(ctx, t.ID)
	if err != nil {
		return m.errReply(i, "load record", err)
	}
	title, err := m.cfg.Titles.Get(t.Title)
	if err != nil {
		return m.errReply(i, "title", err)
	}
	rounds, events, last, hasRounds, err := groundsOf(title, rec)
	if err != nil {
		return m.errReply(i, "replay", err)
	}
	if hasRounds && round >= 0 {
		return m.glogRound(i, t, rounds, events, last, round, page)
	}
	l := userLoc(i)
	names := seatNamesIn(l, t, last)
	var lines []string
	for _, ev := range events {
		for _, e := range ev {
			lines = append(lines, engine.FormatLine(eventLine(e).say(l), names))
		}
	}
	if len(lines) == 0 {
		lines = []string{l.T("g_log_empty", nil)}
	}
	// The heading stays; a log too long for one message has pages (the
	// last, the newest lines, first). A title with rounds adds a button per
	// round, to open one round's log.
	content, pager := logPage(l, l.N("g_log_head", len(lines), args{"Table": t.ID}), lines, page, func(p int) string { return plainID("glog", t.ID, "a", strconv.Itoa(p)) })
	msg := &message{Content: content, Components: pager}
	if hasRounds {
		rnames, _ := last.(engine.RoundNames)
		msg.Components = withPager(pager, groundButtons(l, t, rounds, rnames, -1))
	}
	return response{Reply: msg}
}

// finalScores is the ranking of finished match mt (result r) and, when
// its title breaks the scores down (engine.Breakdown), the points by
// category, in l's language: the final post and the final past board.
func finalScores(l *i18n.Loc, t Table, mt engine.Match, r *engine.Result) string {
	out := resultText(l, t, mt, r)
	if bd, ok := mt.(engine.Breakdown); ok {
		if s := scoreTableText(l, bd.Breakdown(), r.Ranking); s != "" {
			out += "\n" + s
		}
	}
	return out
}

// gresultLine is the final post's first line at a generic table.
func gresultLine(l *i18n.Loc, t Table, mt engine.Match, r *engine.Result) string {
	return resultLine(l, r.Ranking, r.Shared, func(k int) string {
		if k >= 0 && k < len(t.Seats) {
			return mentionOf(t, k)
		}
		return nameOfIn(l, t, mt, k)
	}, func(k int) int {
		if k >= 0 && k < len(r.Scores) {
			return r.Scores[k]
		}
		return 0
	})
}

package ttui

import (
	"context"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// cmdBoard reposts the board of t, running or finished (the newest one
// with buttons); nobody is pinged.
func (m *host) cmdBoard(ctx context.Context, i *discordgo.Interaction, t kit.Table, full bool) kit.Response {
	l := kit.UserLoc(i)
	failed := l.T("adm_board_post_failed", nil)
	s, err := m.tts().State(ctx, t.ID)
	if err != nil {
		return m.ErrReply(i, "load game", err)
	}
	b, err := m.board(ctx, t, s, boardOpts{Full: full})
	if err != nil {
		return m.ErrReply(i, "render board", err)
	}
	if t.Status != kit.StatusRunning {
		// A finished table's board is shown, not made the table's board
		// again, and pings nobody (the command says so).
		b.TableID, b.Retire = "", ""
		b.Message.Components, b.Message.Mentions = nil, nil
	}
	r := kit.Response{Posts: []kit.Post{b}, Reply: &kit.Message{Content: l.T("adm_board_posted", nil)}, Failed: failed}
	return kit.WithSince(i, t, r, func(seat, budget int) string {
		text, _, _, _ := m.sinceLastMove(ctx, l, t, s, seat, "since_earlier_turns_log", budget)
		return text
	})
}

// cmdHand shows the clicker their hand at table id, text and picture, to
// them alone.
func (m *host) cmdHand(ctx context.Context, i *discordgo.Interaction, id string) kit.Response {
	t, err := m.Store().Table(ctx, id)
	if err != nil {
		return m.ErrReply(i, "load table", err)
	}
	if t.ChannelID != i.ChannelID {
		return kit.Forged(i)
	}
	s, err := m.tts().State(ctx, id)
	if err != nil {
		return m.ErrReply(i, "load game", err)
	}
	uid, _ := kit.User(i)
	seat := t.SeatOf(uid)
	if seat < 0 {
		return kit.Say(kit.UserLoc(i), "lobby_not_seated", nil)
	}
	v := s.SeatView(seat)
	msg := &kit.Message{Content: handTextIn(kit.UserLoc(i), t, v)}
	if png, err := m.ttRenderHand(v, kit.RenderOptions{Loc: kit.UserLoc(i)}); err != nil {
		m.Log().Error("render hand", "table", t.ID, "seat", seat, "err", err)
	} else if png != nil {
		msg.Files = []kit.File{{Name: "hand.png", Data: png}}
	}
	return kit.Response{Reply: msg}
}

// cmdLog shows one round of the log (round 0: setup; -1: the current
// round), with buttons to page through the whole game.
func (m *host) cmdLog(ctx context.Context, i *discordgo.Interaction, id string, round int) kit.Response {
	return m.cmdLogPage(ctx, i, id, round, -1)
}

// cmdLogPage is page of round's log (-1: the last page; logpage.go).
func (m *host) cmdLogPage(ctx context.Context, i *discordgo.Interaction, id string, round, page int) kit.Response {
	t, r := m.TableHere(ctx, i, id)
	if r != nil {
		return *r
	}
	s, err := m.tts().State(ctx, id)
	if err != nil {
		return m.ErrReply(i, "load game", err)
	}
	l := kit.UserLoc(i)
	pages := logRounds(s)
	if round < 0 || round >= len(pages) {
		round = len(pages) - 1
	}
	names := kit.SeatNamesIn(l, t, tinners.Match{S: s})
	var lines []string
	for _, k := range pages[round] {
		lines = append(lines, engine.FormatLine(l.Message(s.LogMessage(k), s.Log[k]), names))
	}
	title := l.N("adm_log_title_round", len(lines), kit.Args{"Table": t.ID, "Round": round})
	if round == 0 {
		title = l.T("adm_log_title_setup", kit.Args{"Table": t.ID})
	}
	if len(lines) == 0 {
		lines = []string{l.T("adm_log_empty", nil)}
	}
	var bs []discordgo.MessageComponent
	for r := range pages {
		bs = append(bs, discordgo.Button{Label: roundLabel(l, r), Style: discordgo.SecondaryButton, CustomID: kit.PlainID("tlog", t.ID, strconv.Itoa(r)), Disabled: r == round})
	}
	content, pager := kit.LogPage(l, title, lines, page, func(p int) string { return kit.PlainID("tlog", t.ID, strconv.Itoa(round), strconv.Itoa(p)) })
	return kit.Response{Reply: &kit.Message{Content: content, Components: kit.WithPager(pager, kit.Rows(bs))}}
}

// roundLabel is the button of round r's page ("Setup" for round 0).
func roundLabel(l *i18n.Loc, r int) string {
	if r == 0 {
		return l.T("adm_button_setup", nil)
	}
	return l.T("adm_button_round", kit.Args{"Round": r})
}

// roundLine reports whether log line k of s begins a round ("Round 2. Tin
// £5 …"): its message says so, or, for a line stored before the engine
// spoke in messages, its English.
func roundLine(s *tinners.State, k int) bool {
	if m := s.LogMessage(k); !m.IsZero() {
		return m.ID == "tt_log_round"
	}
	return strings.HasPrefix(s.Log[k], "Round ")
}

// logRounds splits the log at the start of each round: [0] is the setup.
// A page holds the indices of its lines in log.
func logRounds(s *tinners.State) [][]int {
	out := [][]int{nil}
	for k := range s.Log {
		if roundLine(s, k) && len(out) <= tinners.NumRounds {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], k)
	}
	return out
}

// modulesIn is modulesLine in l's language: " Modules: Arsenic." or "".
func modulesIn(l *i18n.Loc, o tinners.Options) string {
	var names []string
	if o.Arsenic {
		names = append(names, l.T("module_arsenic", nil))
	}
	if o.Emigration {
		names = append(names, l.T("module_emigration", nil))
	}
	if o.Kickstarter {
		names = append(names, l.T("module_kickstarter", nil))
	}
	if len(names) == 0 {
		return ""
	}
	return l.T("lobby_modules", kit.Args{"List": strings.Join(names, l.T("list_sep", nil))})
}

package ttui

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// ttUI is Tinners' Trail's own UI: its turn controls (bid box, standing
// orders, pumps, the draft, investing), its board text and pictures, the
// solo game against Lord Wallace, and its past boards and log by round.
type ttUI struct{ m *host }

// host is the bot as Tinners' Trail's UI reaches it.
type host struct{ kit.Host }

// TinnersTrailUI is Tinners' Trail's own UI and its custom-ID kinds, for
// Config.UIs. Its pictures are Config.Render and RenderHand, else its own
// (render.go).
func TinnersTrailUI() kit.UI {
	return kit.UI{ID: tinners.ID, New: func(h kit.Host, _ string) kit.TitleUI { return ttUI{&host{h}} }, Routes: ttRoutes()}
}

// ttOptions are the Tinners' Trail options table t was opened with.
func ttOptions(t kit.Table) tinners.Options {
	var o tinners.Options
	if len(t.Options) > 0 {
		_ = json.Unmarshal(t.Options, &o) // written by newOptions: always parses
	}
	return o
}

// soloTable reports whether t is a Tinners' Trail table for one player: the
// game against Lord Wallace.
func soloTable(t kit.Table) bool { return t.TitleID() == tinners.ID && t.MaxPlayers == 1 }

func (ttUI) NewOptions(keys []string, players int) (json.RawMessage, string, error) {
	o, err := tinners.ParseOptions(kit.KeyList(keys))
	if err != nil {
		return nil, "", err
	}
	if players == tinners.SoloSeats {
		o.Solo = true
	}
	return tinners.Setup{Options: o}.Generic().Options, "", nil
}

func (ttUI) Opened(l *i18n.Loc, t kit.Table) string {
	if soloTable(t) {
		return l.T("new_opened_solo", kit.Args{"Table": t.ID, "Lord": lordNameIn(l)})
	}
	return l.T("new_opened", kit.Args{"Table": t.ID})
}

func (u ttUI) Lobby(l *i18n.Loc, t kit.Table, started bool) *kit.Message {
	if !soloTable(t) {
		return nil
	}
	msg := u.m.soloLobbyIn(l, t, started)
	return &msg
}

func (ttUI) Modules(l *i18n.Loc, t kit.Table) string { return modulesIn(l, ttOptions(t)) }

func (ttUI) JoinRefusal(l *i18n.Loc, t kit.Table) string {
	if soloTable(t) {
		return soloJoinRefusal(l, t)
	}
	return ""
}

func (ttUI) RematchNotes(old kit.Table, n *kit.Notes) {
	editNotes(n, func(v *Notes) { v.Difficulty = ttOptions(old).DifficultyKeys() })
}

func (u ttUI) Start(ctx context.Context, i *discordgo.Interaction, t kit.Table, uid string, fromButton bool) kit.Response {
	m, l := u.m, kit.UserLoc(i)
	s, err := m.tts().Start(ctx, t.ID, tinners.Setup{Options: ttSetup(t), NumSeats: len(t.Seats), Seed: m.Seed()})
	if err != nil {
		return m.ErrReply(i, "start game", err)
	}
	// Start made the table running; its bookkeeping begins here.
	t, err = m.Store().UpdateTable(ctx, t.ID, func(t *kit.Table) error {
		// The settings chosen in the lobby stay.
		t.Notes = kit.Notes{Pending: []kit.LogLine{kit.GameBegins()}, Seen: make([]int, len(t.Seats)),
			Settings: t.Notes.Settings, Wait: kit.Wait{Seats: s.ToAct(), Since: m.Now()}}
		t.NextRemind = m.NextDue(*t)
		return nil
	})
	if err != nil {
		return m.ErrReply(i, "start game", err)
	}
	ping := t.Humans(kit.Without(s.ToAct(), t.SeatOf(uid))) // never a bot seat
	b, err := m.board(ctx, t, s, boardOpts{Ping: ping})
	if err != nil {
		return m.ErrReply(i, "render board", err)
	}
	resp := kit.Response{Posts: []kit.Post{b}, DMs: turnDMs(t, s, ping)}
	resp.Edits = []kit.Edit{{ChannelID: t.ChannelID, MessageID: t.BoardMsg, Message: m.StartedLobby(t)}}
	resp.Posts[0].Retire = ""
	if !fromButton {
		resp.Reply = &kit.Message{Content: l.T("started", nil)}
	}
	resp.Failed = l.T("start_post_failed", nil)
	return resp
}

func (ttUI) BoardMessage(t kit.Table, mt engine.Match) kit.Message {
	return boardMessage(t, stateOf(mt))
}

func (u ttUI) Command(ctx context.Context, i *discordgo.Interaction, t kit.Table, name string, opt kit.OptFn) kit.Response {
	m := u.m
	switch name {
	case "board":
		full := false
		if o := opt("full"); o != nil {
			full = o.BoolValue()
		}
		at, round := opt("at"), opt("round")
		switch {
		case at != nil && round != nil:
			return kit.Say(kit.UserLoc(i), "adm_board_at_or_round", nil)
		case at != nil:
			return m.pastBoard(ctx, i, t.ID, int(at.IntValue()), -1)
		case round != nil:
			return m.pastBoard(ctx, i, t.ID, 0, int(round.IntValue()))
		}
		return m.cmdBoard(ctx, i, t, full)
	case "undo":
		return m.undo(ctx, i, t.ID, nil)
	case "hand":
		return m.cmdHand(ctx, i, t.ID)
	}
	round := -1
	if o := opt("round"); o != nil {
		round = int(o.IntValue())
	}
	return m.cmdLog(ctx, i, t.ID, round)
}

func (u ttUI) History(ctx context.Context, i *discordgo.Interaction, t kit.Table, kind string) kit.Response {
	if kind == "log" {
		return u.m.cmdLog(ctx, i, t.ID, -1)
	}
	return u.m.pastBoard(ctx, i, t.ID, kit.LastMove, -1)
}

func (ttUI) What(l *i18n.Loc, mt engine.Match) string { return whatIn(l, stateOf(mt).PublicView()) }

func (ttUI) HasDefaults() bool { return true }

func (u ttUI) Deadline(ctx context.Context, t kit.Table, mt engine.Match, now time.Time) (bool, error) {
	return true, u.m.Deadline(ctx, t, stateOf(mt), now)
}

func (u ttUI) AskDefault(ctx context.Context, i *discordgo.Interaction, t kit.Table, seatArg string) kit.Response {
	m := u.m
	s, err := m.tts().State(ctx, t.ID)
	if err != nil {
		return m.ErrReply(i, "load game", err)
	}
	l := kit.UserLoc(i)
	uid, _ := kit.User(i)
	if !kit.HostOrAdmin(i, t) && !slices.Contains(s.ToAct(), t.SeatOf(uid)) {
		return kit.Say(l, "adm_default_host_only", kit.Args{"Host": t.Host})
	}
	seat, r := kit.DefaultSeatIn(l, t, s.ToAct(), kit.OwnSeatArg(i, t, s.ToAct(), seatArg), kit.WhoIn(l, t, s.ToAct()))
	if r != nil {
		return *r
	}
	if r := m.MayRescue(i, t, s.ToAct(), seat, "adm_default_host_only"); r != nil {
		return *r
	}
	words := defaultWordsIn(l, defaultMove(s, seat))
	return kit.Response{Reply: &kit.Message{
		Content: l.T("adm_default_confirm", kit.Args{"Seat": kit.SeatRefGenIn(l, t, nil, seat), "Words": words}),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("adm_default_button", nil), Style: discordgo.DangerButton, CustomID: tinnersID("tdef", t, s, strconv.Itoa(seat))},
		}}}}}
}

func (u ttUI) ConfirmDefault(ctx context.Context, i *discordgo.Interaction, t kit.Table, tk kit.Token, seat int) kit.Response {
	m := u.m
	t, s, r := m.game(ctx, i, t.ID)
	if r != nil {
		return *r
	}
	uid, _ := kit.User(i)
	if !kit.HostOrAdmin(i, t) && (seat < 0 || seat >= len(t.Seats) || t.Seats[seat].UserID != uid) {
		return kit.Say(kit.UserLoc(i), "adm_default_host_only", kit.Args{"Host": t.Host})
	}
	if tk.Ver != s.Version || tk.Epoch != t.Notes.Epoch || !slices.Contains(s.ToAct(), seat) {
		return kit.Say(kit.UserLoc(i), "adm_default_moved_on", nil)
	}
	if r := m.MayRescue(i, t, s.ToAct(), seat, "adm_default_host_only"); r != nil {
		return *r
	}
	resp, _ := m.playDefault(ctx, i, t, s, seat, fmt.Sprintf("<@%s>", uid))
	return resp
}

// Result is the public view's points and ranking.
func (u ttUI) Result(ctx context.Context, t kit.Table) (*engine.Result, error) {
	s, err := u.m.tts().State(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	v := s.PublicView()
	if v.Result == nil {
		return nil, nil
	}
	r := &engine.Result{Ranking: v.Result.Ranking, Scores: make([]int, len(v.Seats))}
	for k, st := range v.Seats {
		r.Scores[k] = st.Points
	}
	return r, nil
}

// Behind: a solo game lost to Lord Wallace sets the player back a place.
func (ttUI) Behind(t kit.Table, mt engine.Match) int {
	if s := tinners.StateOf(mt); soloTable(t) && (s.Result == nil || !s.Result.Won) {
		return 1
	}
	return 0
}

func (u ttUI) Export(ctx context.Context, t kit.Table) ([]byte, error) {
	rec, err := u.m.tts().Record(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	return tinners.MarshalRecord(rec)
}

func (ttUI) Rules(l *i18n.Loc, _ kit.Table) string { return rulesTextIn(l) }

func (ttUI) GamesRow(l *i18n.Loc, t kit.Table, mt engine.Match, seat int) string {
	s := stateOf(mt)
	v := s.PublicView()
	if slices.Contains(s.ToAct(), seat) {
		return l.T("adm_games_row_turn", kit.Args{"Round": v.Round, "Ask": askTextIn(l, t, v, seat)})
	}
	return l.T("adm_games_row_waiting", kit.Args{"Round": v.Round, "Who": kit.WhoIn(l, t, s.ToAct())})
}

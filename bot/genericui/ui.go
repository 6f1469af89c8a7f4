package genericui

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// genericUI is the UI of every title without one of its own: the generic
// flow (flow.go, menu.go, pick.go, defaults.go, past.go, rounds.go).
// UI is the UI of every title without one of its own and its
// custom-ID kinds, for Config.Generic.
func UI() kit.UI {
	return kit.UI{New: func(h kit.Host, id string) kit.TitleUI { return genericUI{m: &host{h}, id: id} }, Routes: genericRoutes()}
}

// host is the bot as the generic UI reaches it.
type host struct{ kit.Host }

type genericUI struct {
	m  *host
	id string // the title's id
}

func (g genericUI) NewOptions(keys []string, _ int) (json.RawMessage, string, error) {
	title, err := g.m.Titles().Get(g.id)
	if err != nil {
		return nil, "", err
	}
	opts, err := title.ParseOptions(kit.KeyList(keys))
	if err != nil {
		return nil, "new_options_refused", nil
	}
	return opts, "", nil
}

func (g genericUI) Opened(l *i18n.Loc, t kit.Table) string {
	return l.T("new_opened", kit.Args{"Table": t.ID})
}

func (genericUI) Lobby(*i18n.Loc, kit.Table, bool) *kit.Message { return nil }
func (genericUI) Modules(*i18n.Loc, kit.Table) string           { return "" }
func (genericUI) JoinRefusal(*i18n.Loc, kit.Table) string       { return "" }
func (genericUI) RematchNotes(kit.Table, *kit.Notes)            {}
func (genericUI) ForgetSeat(*kit.Notes, int)                    {}

func (g genericUI) Start(ctx context.Context, i *discordgo.Interaction, t kit.Table, uid string, fromButton bool) kit.Response {
	return g.m.gstart(ctx, i, t, uid, fromButton)
}

func (g genericUI) BoardMessage(t kit.Table, mt engine.Match) kit.Message {
	return g.m.gboardMessage(t, mt)
}

func (g genericUI) Command(ctx context.Context, i *discordgo.Interaction, t kit.Table, name string, opt kit.OptFn) kit.Response {
	return g.m.gcommand(ctx, i, t, name, opt)
}

func (g genericUI) History(ctx context.Context, i *discordgo.Interaction, t kit.Table, kind string) kit.Response {
	if kind == "log" {
		return g.m.glog(ctx, i, t, -1)
	}
	return g.m.gpastBoard(ctx, i, t, kit.LastMove)
}

func (genericUI) What(l *i18n.Loc, _ engine.Match) string { return l.T("adm_remind_what_turn", nil) }

func (g genericUI) HasDefaults() bool { return g.m.TitleHasDefaults(g.id) }

func (g genericUI) Deadline(ctx context.Context, t kit.Table, mt engine.Match, now time.Time) (bool, error) {
	if toAct := mt.ToAct(); len(toAct) == 0 || gdefaultOf(mt, toAct[0]) == nil {
		return false, nil
	}
	return true, g.m.gdeadline(ctx, t, mt, now)
}

func (g genericUI) AskDefault(ctx context.Context, i *discordgo.Interaction, t kit.Table, seatArg string) kit.Response {
	return g.m.gcmdDefault(ctx, i, t, seatArg)
}

func (g genericUI) ConfirmDefault(ctx context.Context, i *discordgo.Interaction, t kit.Table, tk kit.Token, seat int) kit.Response {
	return g.m.gdefaultConfirm(ctx, i, t, tk.Ver, tk.Epoch, seat)
}

func (g genericUI) Result(ctx context.Context, t kit.Table) (*engine.Result, error) {
	mt, err := g.m.Store().Match(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	return mt.Result(), nil
}

func (genericUI) Behind(kit.Table, engine.Match) int { return 0 }

func (g genericUI) Export(ctx context.Context, t kit.Table) ([]byte, error) {
	rec, err := g.m.Store().MatchRecord(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	return engine.MarshalRecord(rec)
}

func (g genericUI) Rules(l *i18n.Loc, t kit.Table) string { return grulesText(l, g.m.Meta(t)) }

func (g genericUI) GamesRow(l *i18n.Loc, t kit.Table, mt engine.Match, seat int) string {
	name := kit.TitleNameIn(l, g.m.Meta(t))
	if slices.Contains(mt.ToAct(), seat) {
		return l.T("adm_games_row_generic_turn", kit.Args{"Game": name, "Move": mt.Version()})
	}
	return l.T("adm_games_row_generic_waiting", kit.Args{"Game": name, "Move": mt.Version(), "Who": kit.WhoIn(l, t, mt.ToAct())})
}

// The generic turn (turnUI): a seat's only option is taken for it; the
// board and the private steps are built from the engine's labels.

func (genericUI) Follow(kit.Table, int) func(engine.Match) (engine.Action, func(*i18n.Loc, []string) string, bool) {
	return func(cur engine.Match) (engine.Action, func(*i18n.Loc, []string) string, bool) {
		a, ok := soleMove(cur)
		if !ok {
			return nil, nil, false
		}
		label := cur.Label(a)
		return a, func(l *i18n.Loc, names []string) string {
			return l.T("g_only_option", kit.Args{"Seat": names[a.Actor()], "Move": strings.TrimSuffix(labelNote(l, label), ".")})
		}, true
	}
}

func (genericUI) NoteMove(n *kit.Notes, t kit.Table, seat int, _, next engine.Match, events []engine.Event) {
	for _, e := range events {
		n.Pending = append(n.Pending, kit.EventLine(e))
	}
	if engine.Reveals(events) {
		n.Revealed = true
	}
	// The places changed since the last post: the next picture rings them.
	n.Undo.Changed = n.Changed
	n.Changed = addPlaces(n.Changed, engine.Places(events))
	for len(n.Seen) < len(t.Seats) {
		n.Seen = append(n.Seen, 0)
	}
	n.Seen[seat] = next.Version()
}

// NoteUndo brings back the places to ring as they were before the move.
func (genericUI) NoteUndo(n *kit.Notes, u kit.UndoPoint, _ engine.Match) {
	n.Changed = append([]int(nil), u.Changed...)
}

func (g genericUI) Step(l *i18n.Loc, t kit.Table, mt engine.Match, seat int) *kit.Message {
	return g.m.gmenu(l, t, mt, seat, nil, 0)
}

func (g genericUI) Post(_ context.Context, t kit.Table, mt engine.Match, ping []int) (kit.Post, []kit.Dm, error) {
	p, err := g.m.gboard(t, mt, ping, gneedsPicture(t, mt))
	return p, g.m.gturnDMs(t, ping), err
}

func (genericUI) HandsOff(kit.Table, []engine.Event) bool                                { return false }
func (genericUI) Learned(*i18n.Loc, kit.Table, engine.Match, engine.Match, int) []string { return nil }

func (genericUI) ReplyLine(l *i18n.Loc, _ kit.Table, _, next engine.Match, _ int) string {
	if next.Result() != nil {
		return l.T("g_game_over_reply", nil)
	}
	return ""
}

func (genericUI) UndoID(t kit.Table, mt engine.Match) string { return kit.MatchID("gu", t, mt) }
func (genericUI) StepID(t kit.Table, mt engine.Match) string { return kit.MatchID("gp", t, mt) }
func (genericUI) UndoRevealed() string                       { return "g_undo_revealed" }

// genericRoutes are the generic UI's custom-ID kinds.
func genericRoutes() map[string]kit.Route {
	return map[string]kit.Route{
		"gp": {Shape: kit.Shape{Game: true, Tok: true}, Ack: kit.AckEphemeral,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.gstep(ctx, i, id.Game, id.Tok, "")
			}},
		"gh": {Shape: kit.Shape{Game: true}, Ack: kit.AckEphemeral,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.ghand(ctx, i, id.Game)
			}},
		"gu": {Shape: kit.Shape{Game: true, Tok: true}, Ack: kit.AckUpdate,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.gundo(ctx, i, id.Game, &id.Tok)
			}},
		"gm": {Shape: kit.Shape{Game: true, Tok: true, Min: 1, Max: 1, Tail: true}, Ack: kit.AckEphemeral,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.gstep(ctx, i, id.Game, id.Tok, id.Rest[0])
			}},
		"gi": {Shape: kit.Shape{Game: true, Tok: true, Min: 1, Max: 1, Tail: true}, Ack: kit.AckUpdate,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				n, err := strconv.Atoi(id.Rest[0])
				if err != nil || n < 0 || len(id.Rest[0]) > 4 {
					return kit.Forged(i)
				}
				return m.gpick(ctx, i, id.Game, id.Tok, n, "")
			}},
		"gs": {Shape: kit.Shape{Game: true, Tok: true, Min: 1, Max: 1, Tail: true}, Ack: kit.AckEphemeral,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.gselect(ctx, i, id, kit.ComponentValues(i))
			}},
		"glog": {Shape: kit.Shape{Game: true, Min: 1, Max: 2}, Ack: kit.AckUpdate,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				page := "-1"
				if len(id.Rest) > 1 {
					page = id.Rest[1]
				}
				return m.glogClick(ctx, i, id.Game, id.Rest[0], page)
			}},
		"gscore": {Shape: kit.Shape{Game: true}, Ack: kit.AckEphemeral,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.gscore(ctx, i, id.Game)
			}},
		"gpast": {Shape: kit.Shape{Game: true, Min: 2, Max: 2}, Ack: kit.AckUpdate,
			Handle: func(h kit.Host, ctx context.Context, i *discordgo.Interaction, id kit.ID) kit.Response {
				m := &host{h}
				return m.gpastClick(ctx, i, id.Game, id.Rest[0], id.Rest[1])
			}},
	}
}

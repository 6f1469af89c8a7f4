package genericui

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// Default moves and deadlines of the generic UI: the title names a seat's
// default move (engine.Defaults); the bot plays it through the table flow
// like a click of the seat's own, announces it publicly with a ping to the
// seat's player and keeps a notice for their next private reply
// (stalled.go: announceDefaultIn, playDeadline).

// gdefaultOf is seat's default move, or nil.
func gdefaultOf(mt engine.Match, seat int) engine.Action {
	d, ok := mt.(engine.Defaults)
	if !ok {
		return nil
	}
	return d.Default(seat)
}

// gdefaultWords is the public description of a default move: what it does,
// in the title's words, without anything private (the label of a move the
// seat alone could make, such as playing a card from its hand, is not
// said: only that a default move was played), in l's language.
func gdefaultWords(l *i18n.Loc, mt engine.Match, a engine.Action) string {
	lab := mt.Label(a)
	if kit.LabelDepth(lab) != 1 || lab.LineMessage.IsZero() {
		// A deeper label may name a hand card (a dock for a kept card, a
		// card to return): only that a default move was played is said.
		return l.T("g_default_hidden", nil)
	}
	line := strings.TrimSuffix(labelNote(l, lab), ".")
	r, n := utf8.DecodeRuneInString(line)
	return string(unicode.ToLower(r)) + line[n:]
}

// gdefaultLoad loads a generic table's match for a default move by its
// host, an admin or a player the game waits for (mayRescue then decides
// for the seat), or the refusal.
func (m *host) gdefaultLoad(ctx context.Context, i *discordgo.Interaction, t kit.Table) (engine.Match, *kit.Response) {
	l := kit.UserLoc(i)
	mt, err := m.Store().Match(ctx, t.ID)
	if err != nil {
		r := m.ErrReply(i, "load game", err)
		return nil, &r
	}
	if uid, _ := kit.User(i); !kit.HostOrAdmin(i, t) && !slices.Contains(mt.ToAct(), t.SeatOf(uid)) {
		// Neither the host, an admin nor a player the game waits for.
		r := kit.Say(l, "g_default_host_only", kit.Args{"Host": t.Host})
		return nil, &r
	}
	return mt, nil
}

// gcmdDefault asks the host or an admin to confirm the default move of the
// seat a generic table waits for.
func (m *host) gcmdDefault(ctx context.Context, i *discordgo.Interaction, t kit.Table, seatArg string) kit.Response {
	l := kit.UserLoc(i)
	mt, r := m.gdefaultLoad(ctx, i, t)
	if r != nil {
		return *r
	}
	seat, r := kit.DefaultSeatIn(l, t, mt.ToAct(), kit.OwnSeatArg(i, t, mt.ToAct(), seatArg), kit.WhoIn(l, t, mt.ToAct()))
	if r != nil {
		return *r
	}
	if r := m.MayRescue(i, t, mt.ToAct(), seat, "g_default_host_only"); r != nil {
		return *r
	}
	a := gdefaultOf(mt, seat)
	if a == nil {
		return kit.Say(l, "g_default_none", kit.Args{"Game": kit.TitleNameIn(l, m.Meta(t))})
	}
	return kit.Response{Reply: &kit.Message{
		Content: l.T("g_default_confirm", kit.Args{"Seat": kit.SeatRefGenIn(l, t, mt, seat), "Move": gdefaultWords(l, mt, a)}),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: l.T("g_button_default", nil), Style: discordgo.DangerButton, CustomID: kit.MatchID("tdef", t, mt, strconv.Itoa(seat))},
		}}}}}
}

// gdefaultConfirm plays a confirmed default move at a generic table.
func (m *host) gdefaultConfirm(ctx context.Context, i *discordgo.Interaction, t kit.Table, ver, epoch, seat int) kit.Response {
	l := kit.UserLoc(i)
	mt, r := m.gdefaultLoad(ctx, i, t)
	if r != nil {
		return *r
	}
	if t.Status != kit.StatusRunning || ver != mt.Version() || epoch != t.Notes.Epoch || !slices.Contains(mt.ToAct(), seat) {
		return kit.Say(l, "g_default_moved_on", nil)
	}
	if r := m.MayRescue(i, t, mt.ToAct(), seat, "g_default_host_only"); r != nil {
		return *r
	}
	uid, _ := kit.User(i)
	resp, _ := m.gplayDefault(ctx, i, t, mt, seat, fmt.Sprintf("<@%s>", uid))
	return resp
}

// gplayDefault plays seat's default move; ok is false when nothing was
// played (the reply says why).
func (m *host) gplayDefault(ctx context.Context, i *discordgo.Interaction, t kit.Table, mt engine.Match, seat int, why string) (kit.Response, bool) {
	l := kit.UserLoc(i) // the reply is the asker's; the announcement is public
	a := gdefaultOf(mt, seat)
	if a == nil || seat >= len(t.Seats) {
		return kit.Say(l, "g_default_no_decision", kit.Args{"Seat": kit.SeatLabel(l, seat)}), false
	}
	resp := m.gcommit(ctx, i, t, mt, seat, []engine.Action{a})
	after, err := m.Store().Match(ctx, t.ID)
	if err != nil || after.Version() == mt.Version() {
		if err != nil {
			m.Log().Error("default move", "table", t.ID, "seat", seat, "err", err)
		}
		// The refusal was built for the seat; whoever asked gets a
		// neutral sentence instead.
		return kit.Say(l, "g_default_not_played", nil), false
	}
	// Each reader's words: the table's in public, the asker's in the reply.
	words := func(l *i18n.Loc) string { return gdefaultWords(l, mt, a) }
	return m.AnnounceDefaultIn(ctx, i, t, seat, why, words, resp), true
}

// gdeadline plays the default move of every seat a generic table waits
// for, on the reminder tick.
func (m *host) gdeadline(ctx context.Context, t kit.Table, mt engine.Match, now time.Time) error {
	return m.PlayDeadline(ctx, t, mt.ToAct(), now, func(i *discordgo.Interaction, t2 kit.Table, k int, why string) (kit.Response, bool, error) {
		m2, err := m.Store().Match(ctx, t.ID)
		if err != nil || !slices.Contains(m2.ToAct(), k) {
			return kit.Response{}, false, err
		}
		resp, ok := m.gplayDefault(ctx, i, t2, m2, k, why)
		return resp, ok, nil
	})
}

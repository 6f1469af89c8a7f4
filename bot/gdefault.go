package bot

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
)

// Default moves and deadlines for tables of other titles than Tinners'
// Trail: the title names a seat's default move (engine.Defaults); the bot
// plays it through gcommit like a click of the seat's own, announces it
// publicly with a ping to the seat's player and keeps a notice for their
// next private reply, exactly as for Tinners' Trail (stalled.go).

// titleHasDefaults reports whether title names default moves.
func titleHasDefaults(t engine.Title) bool {
	m, err := t.New(engine.Setup{NumSeats: t.Meta().MinSeats, Seed: 1})
	if err != nil {
		return false
	}
	_, ok := m.(engine.Defaults)
	return ok
}

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
// said: only that a default move was played).
func gdefaultWords(mt engine.Match, a engine.Action) string {
	l := mt.Label(a)
	if len(l.Path) != 1 || l.Line == "" {
		// A deeper label may name a hand card (a dock for a kept card, a
		// card to return): only that a default move was played is said.
		return "their default move"
	}
	line := strings.TrimSuffix(l.Line, ".")
	return strings.ToLower(line[:1]) + line[1:]
}

// gcmdDefault asks the host or an admin to confirm the default move of the
// seat a generic table waits for.
func (m *Main) gcmdDefault(ctx context.Context, i *discordgo.Interaction, t Table, seatArg string) response {
	ms := m.mstore()
	if ms == nil {
		return replyText("This bot cannot host that game.")
	}
	mt, err := ms.Match(ctx, t.ID)
	if err != nil {
		return m.errReply(i, "load game", err)
	}
	if !hostOrAdmin(i, t) {
		return replyText("Only the host (<@%s>) or an admin can play a player's default move.", t.Host)
	}
	seat, r := defaultSeat(t, mt.ToAct(), seatArg, gwaiting(t, mt))
	if r != nil {
		return *r
	}
	a := gdefaultOf(mt, seat)
	if a == nil {
		return replyText("%s names no default moves; `/tt substitute` another member into the seat instead.", m.meta(t).Name)
	}
	return response{Reply: &message{
		Content: fmt.Sprintf("Play the default move for %s now: %s? It is announced in the channel.", seatRef(t, seat), gdefaultWords(mt, a)),
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Play the default move", Style: discordgo.DangerButton, CustomID: matchID("tdef", t, mt, strconv.Itoa(seat))},
		}}}}}
}

// gdefaultConfirm plays a confirmed default move at a generic table.
func (m *Main) gdefaultConfirm(ctx context.Context, i *discordgo.Interaction, t Table, ver, epoch, seat int) response {
	ms := m.mstore()
	if ms == nil {
		return replyText("This bot cannot host that game.")
	}
	mt, err := ms.Match(ctx, t.ID)
	if err != nil {
		return m.errReply(i, "load game", err)
	}
	if !hostOrAdmin(i, t) {
		return replyText("Only the host (<@%s>) or an admin can play a player's default move.", t.Host)
	}
	if t.Status != StatusRunning || ver != mt.Version() || epoch != t.Notes.Epoch || !slices.Contains(mt.ToAct(), seat) {
		return replyText("The game has moved on since you asked; nothing was played. Ask again with `/tt default` if the table is still stuck.")
	}
	uid, _ := user(i)
	resp, _ := m.gplayDefault(ctx, i, t, mt, seat, fmt.Sprintf("<@%s>", uid))
	return resp
}

// gplayDefault plays seat's default move; ok is false when nothing was
// played (the reply says why).
func (m *Main) gplayDefault(ctx context.Context, i *discordgo.Interaction, t Table, mt engine.Match, seat int, why string) (response, bool) {
	a := gdefaultOf(mt, seat)
	if a == nil || seat >= len(t.Seats) {
		return replyText("%s has no decision waiting.", seatName(seat)), false
	}
	words := gdefaultWords(mt, a)
	resp := m.gcommit(ctx, i, t, mt, seat, []engine.Action{a})
	after, err := m.mstore().Match(ctx, t.ID)
	if err != nil || after.Version() == mt.Version() {
		if err != nil {
			m.log.Error("default move", "table", t.ID, "seat", seat, "err", err)
		}
		// The refusal was built for the seat; whoever asked gets a
		// neutral sentence instead.
		return replyText("Nothing was played: the game has moved on or the move was refused. Look at the board and try `/tt default` again."), false
	}
	return m.announceDefault(ctx, t, seat, why, words, resp), true
}

// gdeadline plays the default move of every seat a generic table waits
// for, on the reminder tick.
func (m *Main) gdeadline(ctx context.Context, t Table, mt engine.Match, now time.Time) error {
	return m.playDeadline(ctx, t, mt.ToAct(), now, func(i *discordgo.Interaction, t2 Table, k int, why string) (response, bool, error) {
		m2, err := m.mstore().Match(ctx, t.ID)
		if err != nil || !slices.Contains(m2.ToAct(), k) {
			return response{}, false, err
		}
		resp, ok := m.gplayDefault(ctx, i, t2, m2, k, why)
		return resp, ok, nil
	})
}

// hasDefaults reports whether t's title names default moves (worked out
// once per title, at start-up).
func (m *Main) hasDefaults(t Table) bool { return m.defaults[t.TitleID()] }

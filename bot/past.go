package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
)

// /tt board at:<move>: a past moment of this channel's running or last
// finished table, as a private reply, drawn from the public view of the
// state after that many moves (the record replayed up to there). Custom ID
//
//	tpast:<game>:<move>   the same reply at another move
//
// Nothing hidden at that moment (or now) is shown: only PublicView is used.

// replayTo replays the first n actions of rec (all when n is larger). It
// also returns the public log's length before the last action replayed.
func replayTo(rec *engine.Record, n int) (s *engine.State, prevLog int, err error) {
	s, err = engine.NewGame(rec.SetupOf())
	if err != nil {
		return nil, 0, err
	}
	n = min(n, len(rec.Actions))
	for k := range n {
		if k == n-1 {
			prevLog = len(s.PublicView().Log)
		}
		a, err := engine.ParseAction(rec.Actions[k])
		if err != nil {
			return nil, 0, fmt.Errorf("action %d: %w", k, err)
		}
		if s, _, err = engine.Apply(s, a); err != nil {
			return nil, 0, fmt.Errorf("action %d: %w", k, err)
		}
	}
	return s, prevLog, nil
}

// pastBoard answers /tt board at: (id empty: this channel's table) and its
// buttons.
func (m *Main) pastBoard(ctx context.Context, i *discordgo.Interaction, id string, at int) response {
	var t Table
	if id == "" {
		var r *response
		if t, _, r = m.pastOrRunning(ctx, i); r != nil {
			return *r
		}
	} else {
		var err error
		if t, err = m.store.Table(ctx, id); err != nil {
			return m.errReply(i, "load table", err)
		}
		if t.ChannelID != i.ChannelID || (t.Status != StatusRunning && t.Status != StatusFinished) {
			return forged()
		}
	}
	rec, err := m.store.Record(ctx, t.ID)
	if err != nil {
		return m.errReply(i, "load record", err)
	}
	total := len(rec.Actions)
	at = max(0, min(at, total))
	s, prevLog, err := replayTo(rec, at)
	if err != nil {
		return m.errReply(i, "replay record", err)
	}
	v := s.PublicView()
	names := seatNames(t)
	var b strings.Builder
	fmt.Fprintf(&b, "**Table %s after move %d of %d** (round %d, %s; only you see this)\n", t.ID, at, total, v.Round, v.Phase)
	if at > 0 {
		for _, l := range v.Log[prevLog:] {
			b.WriteString("> " + engine.FormatLine(l, names) + "\n")
		}
	} else {
		b.WriteString("> The start of the game.\n")
	}
	text := boardText(t, v, nil)
	if ask := askLine(t, v); ask != "" {
		// At a past moment the ask is history: say whose move it was.
		text = strings.TrimPrefix(text, ask+"\n")
		if v.Phase != engine.PhaseOver {
			fmt.Fprintf(&b, "Waiting for %s.\n", waitingFor(t, s))
		}
	}
	b.WriteString(text)
	msg := &message{Content: clip(b.String())}
	if png, err := m.cfg.Render(v, RenderOptions{Names: seatPlainNames(t)}); err != nil {
		m.log.Error("render past board", "table", t.ID, "at", at, "err", err)
	} else if png != nil {
		msg.Files = []file{{Name: fmt.Sprintf("board-%s-at-%d.png", t.ID, at), Data: png}}
	}
	btn := func(label string, to int, off bool) discordgo.MessageComponent {
		return discordgo.Button{Label: label, Style: discordgo.SecondaryButton, CustomID: "tpast:" + t.ID + ":" + strconv.Itoa(max(0, min(to, total))), Disabled: off}
	}
	msg.Components = rows([]discordgo.MessageComponent{
		btn("◀◀ 10", at-10, at == 0), btn("◀ previous", at-1, at == 0),
		btn("next ▶", at+1, at >= total), btn("10 ▶▶", at+10, at >= total),
	})
	return response{Reply: msg}
}

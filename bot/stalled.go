package bot

import (
	"context"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// AnnounceDefaultIn completes the response of a default move played for
// seat: a public announcement pinging the seat's player first (in the
// table's language), a neutral reply for whoever asked (in theirs; i may
// be nil), and a notice kept for the player's next private reply (in the
// player's). why is who played it, a mention, or "" for the table's
// deadline; words say what the move was, in a language.
func (m *Main) AnnounceDefaultIn(ctx context.Context, i *discordgo.Interaction, t kit.Table, seat int, why string, words func(*i18n.Loc) string, resp kit.Response) kit.Response {
	uid := t.Seats[seat].UserID
	by := func(l *i18n.Loc, byID, deadlineID string, a kit.Args) string {
		a["Table"] = t.ID
		if why == "" {
			a["Hours"] = kit.HoursIn(l, t.Notes.Settings.Deadline)
			return l.T(deadlineID, a)
		}
		a["By"] = why
		return l.T(byID, a)
	}
	nl := kit.RecipientLoc(t, uid)
	notice := by(nl, "adm_default_notice_by", "adm_default_notice_deadline", kit.Args{"Words": words(nl)})
	if _, err := m.store.UpdateTable(ctx, t.ID, func(nt *kit.Table) error {
		n := nt.Notes.Clone()
		if n.Told == nil {
			n.Told = map[string][]string{}
		}
		n.Told[uid] = append(n.Told[uid], notice)
		if len(n.Told[uid]) > 5 {
			n.Told[uid] = n.Told[uid][len(n.Told[uid])-5:]
		}
		nt.Notes = n
		return nil
	}); err != nil {
		m.log.Error("keep default-move notice", "table", t.ID, "err", err)
	}
	tl := kit.TableLoc(t)
	announce := kit.Post{ChannelID: t.ChannelID, Message: kit.Message{
		Content:  by(tl, "adm_default_announce_by", "adm_default_announce_deadline", kit.Args{"Seat": kit.SeatRefGenIn(tl, t, nil, seat), "Words": words(tl)}),
		Mentions: []string{uid},
	}}
	resp.Posts = append([]kit.Post{announce}, resp.Posts...)
	rl := kit.English()
	if i != nil {
		rl = kit.UserLoc(i)
	}
	resp.Reply = &kit.Message{Content: rl.T("adm_default_played", kit.Args{"Seat": kit.SeatLabelGen(rl, seat), "Words": words(rl)})}
	return resp
}

// PlayDeadline is the deadline of any title: for each seat of toAct, while
// the table still runs, play (which reloads the game and plays the seat's
// default if it still waits) and send what it produced. When nothing could
// be played the wait starts afresh, so the tick never loops.
func (m *Main) PlayDeadline(ctx context.Context, t kit.Table, toAct []int, now time.Time,
	play func(i *discordgo.Interaction, t kit.Table, seat int, why string) (kit.Response, bool, error)) error {
	i := &discordgo.Interaction{ID: "deadline-" + t.ID, GuildID: t.GuildID, ChannelID: t.ChannelID}
	why := "" // the deadline passed (announceDefaultIn)
	played := false
	for _, k := range toAct {
		t2, err := m.store.Table(ctx, t.ID)
		if err != nil {
			return err
		}
		if t2.Status != kit.StatusRunning {
			continue
		}
		resp, ok, err := play(i, t2, k, why)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		played = true
		m.deliver(ctx, resp)
	}
	if !played {
		m.log.Error("deadline: no default move could be played", "table", t.ID)
		_, err := m.store.UpdateTable(ctx, t.ID, func(t *kit.Table) error {
			t.Notes.Wait = kit.Wait{Seats: toAct, Since: now}
			t.NextRemind = nextDue(*t)
			return nil
		})
		return err
	}
	return nil
}

// deliver sends a response's posts and edits outside any interaction.
func (m *Main) deliver(ctx context.Context, resp kit.Response) {
	sess := m.sess()
	if sess == nil {
		return
	}
	for _, p := range resp.Posts {
		if p.Owed != nil {
			if done, _ := m.deliverOwed(ctx, sess, p, false, "by", "deadline"); !done {
				m.wakeOutbox() // the sender posts it
			}
			continue
		}
		if err := m.postOnce(ctx, sess, p, false, "by", "deadline"); err != nil {
			m.log.Error("post message", "channel", p.ChannelID, "table", p.TableID, "err", err)
		}
	}
	for _, e := range resp.Edits {
		if err := m.editMessage(sess, e); err != nil {
			m.log.Error("edit message", "channel", e.ChannelID, "message", e.MessageID, "err", err)
		}
	}
	m.sendDMs(ctx, sess, resp.DMs)
}

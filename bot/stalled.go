package bot

import (
	"context"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// defaultMove is the move played for seat when it stalls (by the host's
// /tt default, or when the table's deadline passes): the choice that
// commits the seat to the least. It returns nil when seat is not to act.
//
//   - action phase: pass;
//   - auction: drop out (the opener of an auction with no bid yet may not
//     drop, so they make the minimum opening bid);
//   - after an auction: play no survey card;
//   - steam pumps: leave the unused pumps;
//   - investing: finish investing for the round;
//   - end-of-round peek: skip it;
//   - survey draft: keep the cards drawn first, that is, discard the later
//     card of each region still to discard.
//
// Every action comes from s.Legal, so it is legal in the state reached by
// the actions before it.
func defaultMove(s *tinners.State, seat int) []tinners.Action {
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return nil
	}
	pick := func(k tinners.ActionKind) (tinners.Action, bool) {
		for _, a := range legal {
			if a.Kind == k {
				return a.Action, true
			}
		}
		return tinners.Action{}, false
	}
	one := func(kinds ...tinners.ActionKind) []tinners.Action {
		for _, k := range kinds {
			if a, ok := pick(k); ok {
				return []tinners.Action{a}
			}
		}
		return nil
	}
	switch s.Phase {
	case tinners.PhaseActions:
		return one(tinners.ActPass)
	case tinners.PhaseAuction:
		return one(tinners.ActDrop, tinners.ActBid)
	case tinners.PhaseAfterAuction:
		for _, a := range legal {
			if a.Kind == tinners.ActAfterCard && a.Card == tinners.NoCard {
				return []tinners.Action{a.Action}
			}
		}
	case tinners.PhasePumps:
		return one(tinners.ActPumpDone)
	case tinners.PhaseInvest:
		return one(tinners.ActFinishInvest, tinners.ActEndInvestTurn)
	case tinners.PhasePeek:
		return one(tinners.ActSkipPeek)
	case tinners.PhaseCalciner:
		return one(tinners.ActNoCalciner)
	case tinners.PhaseDraft:
		// Legal lists the draft in the order drawn: the last discard
		// listed of each region is its later card.
		last := map[tinners.Deck]tinners.Action{}
		var decks []tinners.Deck
		for _, a := range legal {
			if a.Kind != tinners.ActDraftDiscard {
				continue
			}
			d := s.Edition().Cards[a.Card].Deck
			if _, ok := last[d]; !ok {
				decks = append(decks, d)
			}
			last[d] = a.Action
		}
		var out []tinners.Action
		for _, d := range decks {
			out = append(out, last[d])
		}
		return out
	}
	return nil
}

// defaultWordsIn says what a default move does, for players, in l's
// language.
func defaultWordsIn(l *i18n.Loc, acts []tinners.Action) string {
	if len(acts) == 0 {
		return l.T("adm_default_nothing", nil)
	}
	switch acts[0].Kind {
	case tinners.ActDraftDiscard:
		return l.T("adm_default_draft", nil)
	case tinners.ActBid:
		return l.T("adm_default_opening_bid", args{"Amount": acts[0].Amount})
	case tinners.ActAfterCard:
		return l.T("adm_default_no_card", nil)
	case tinners.ActFinishInvest, tinners.ActEndInvestTurn:
		return l.T("adm_default_done_investing", nil)
	case tinners.ActPumpDone:
		return l.T("adm_default_leave_pumps", nil)
	case tinners.ActPass:
		return l.T("adm_default_pass", nil)
	case tinners.ActDrop:
		return l.T("adm_default_drop", nil)
	case tinners.ActSkipPeek:
		return l.T("adm_default_no_peek", nil)
	}
	return l.T("adm_default_move", nil)
}

// playDefault plays seat's default move through commit, like a click of
// the seat's own (so undo and pings follow the usual rules), announces it
// publicly with a ping to the seat's player, and keeps a notice for their
// next private reply. why is who played it, a mention ("<@id>"), or ""
// when the table's deadline passed.
// ok is false when nothing was played (the reply says why).
func (m *Main) playDefault(ctx context.Context, i *discordgo.Interaction, t Table, s *tinners.State, seat int, why string) (response, bool) {
	acts := defaultMove(s, seat)
	if len(acts) == 0 || seat >= len(t.Seats) {
		return say(userLoc(i), "adm_default_no_decision", args{"Seat": seatLabel(userLoc(i), seat)}), false
	}
	resp := m.commitAs(ctx, i, t, s, seat, acts, true)
	after, err := m.store.State(ctx, t.ID)
	if err != nil || after.Version == s.Version {
		if err != nil {
			m.log.Error("default move", "table", t.ID, "seat", seat, "err", err)
		}
		// The refusal was built for the seat (it may show their next
		// private step); whoever asked gets a neutral sentence instead.
		return say(userLoc(i), "adm_default_refused", nil), false
	}
	return m.announceDefaultIn(ctx, i, t, seat, why, func(l *i18n.Loc) string { return defaultWordsIn(l, acts) }, resp), true
}

// announceDefault is announceDefaultIn with words in one language.
func (m *Main) announceDefault(ctx context.Context, t Table, seat int, why, words string, resp response) response {
	return m.announceDefaultIn(ctx, nil, t, seat, why, func(*i18n.Loc) string { return words }, resp)
}

// announceDefaultIn completes the response of a default move played for
// seat: a public announcement pinging the seat's player first (in the
// table's language), a neutral reply for whoever asked (in theirs; i may
// be nil), and a notice kept for the player's next private reply (in the
// player's). why is who played it, a mention, or "" for the table's
// deadline; words say what the move was, in a language.
func (m *Main) announceDefaultIn(ctx context.Context, i *discordgo.Interaction, t Table, seat int, why string, words func(*i18n.Loc) string, resp response) response {
	uid := t.Seats[seat].UserID
	by := func(l *i18n.Loc, byID, deadlineID string, a args) string {
		a["Table"] = t.ID
		if why == "" {
			a["Hours"] = hoursIn(l, t.Notes.Settings.Deadline)
			return l.T(deadlineID, a)
		}
		a["By"] = why
		return l.T(byID, a)
	}
	nl := recipientLoc(t, uid)
	notice := by(nl, "adm_default_notice_by", "adm_default_notice_deadline", args{"Words": words(nl)})
	if _, err := m.store.UpdateTable(ctx, t.ID, func(nt *Table) error {
		n := nt.Notes.clone()
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
	tl := tableLoc(t)
	announce := post{ChannelID: t.ChannelID, Message: message{
		Content:  by(tl, "adm_default_announce_by", "adm_default_announce_deadline", args{"Seat": whoIn(tl, t, []int{seat}), "Words": words(tl)}),
		Mentions: []string{uid},
	}}
	resp.Posts = append([]post{announce}, resp.Posts...)
	rl := english()
	if i != nil {
		rl = userLoc(i)
	}
	resp.Reply = &message{Content: rl.T("adm_default_played", args{"Seat": seatLabel(rl, seat), "Words": words(rl)})}
	return resp
}

// deadline plays the default move of every seat the game waits for, on
// the reminder tick, and sends what it produced.
func (m *Main) deadline(ctx context.Context, t Table, s *tinners.State, now time.Time) error {
	return m.playDeadline(ctx, t, s.ToAct(), now, func(i *discordgo.Interaction, t2 Table, k int, why string) (response, bool, error) {
		s2, err := m.store.State(ctx, t.ID)
		if err != nil || !slices.Contains(s2.ToAct(), k) {
			return response{}, false, err
		}
		resp, ok := m.playDefault(ctx, i, t2, s2, k, why)
		return resp, ok, nil
	})
}

// playDeadline is the deadline of any title: for each seat of toAct, while
// the table still runs, play (which reloads the game and plays the seat's
// default if it still waits) and send what it produced. When nothing could
// be played the wait starts afresh, so the tick never loops.
func (m *Main) playDeadline(ctx context.Context, t Table, toAct []int, now time.Time,
	play func(i *discordgo.Interaction, t Table, seat int, why string) (response, bool, error)) error {
	i := &discordgo.Interaction{ID: "deadline-" + t.ID, GuildID: t.GuildID, ChannelID: t.ChannelID}
	why := "" // the deadline passed (announceDefaultIn)
	played := false
	for _, k := range toAct {
		t2, err := m.store.Table(ctx, t.ID)
		if err != nil {
			return err
		}
		if t2.Status != StatusRunning {
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
		_, err := m.store.UpdateTable(ctx, t.ID, func(t *Table) error {
			t.Notes.Wait = Wait{Seats: toAct, Since: now}
			t.NextRemind = nextDue(*t)
			return nil
		})
		return err
	}
	return nil
}

// deliver sends a response's posts and edits outside any interaction.
func (m *Main) deliver(ctx context.Context, resp response) {
	sess := m.sess()
	if sess == nil {
		return
	}
	for _, p := range resp.Posts {
		if err := m.postBoard(ctx, sess, p); err != nil {
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

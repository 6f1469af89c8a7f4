package ttui

import (
	"context"
	"slices"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

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
		return l.T("adm_default_opening_bid", kit.Args{"Amount": acts[0].Amount})
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
func (m *host) playDefault(ctx context.Context, i *discordgo.Interaction, t kit.Table, s *tinners.State, seat int, why string) (kit.Response, bool) {
	acts := defaultMove(s, seat)
	if len(acts) == 0 || seat >= len(t.Seats) {
		return kit.Say(kit.UserLoc(i), "adm_default_no_decision", kit.Args{"Seat": kit.SeatLabel(kit.UserLoc(i), seat)}), false
	}
	resp := m.commitAs(ctx, i, t, s, seat, acts, true)
	after, err := m.tts().State(ctx, t.ID)
	if err != nil || after.Version == s.Version {
		if err != nil {
			m.Log().Error("default move", "table", t.ID, "seat", seat, "err", err)
		}
		// The refusal was built for the seat (it may show their next
		// private step); whoever asked gets a neutral sentence instead.
		return kit.Say(kit.UserLoc(i), "adm_default_refused", nil), false
	}
	return m.AnnounceDefaultIn(ctx, i, t, seat, why, func(l *i18n.Loc) string { return defaultWordsIn(l, acts) }, resp), true
}

// Deadline plays the default move of every seat the game waits for, on
// the reminder tick, and sends what it produced.
func (m *host) Deadline(ctx context.Context, t kit.Table, s *tinners.State, now time.Time) error {
	return m.PlayDeadline(ctx, t, s.ToAct(), now, func(i *discordgo.Interaction, t2 kit.Table, k int, why string) (kit.Response, bool, error) {
		s2, err := m.tts().State(ctx, t.ID)
		if err != nil || !slices.Contains(s2.ToAct(), k) {
			return kit.Response{}, false, err
		}
		resp, ok := m.playDefault(ctx, i, t2, s2, k, why)
		return resp, ok, nil
	})
}

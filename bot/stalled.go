package bot

import (
	"github.com/tinnersbot/tinnersbot/engine"
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
func defaultMove(s *engine.State, seat int) []engine.Action {
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return nil
	}
	pick := func(k engine.ActionKind) (engine.Action, bool) {
		for _, a := range legal {
			if a.Kind == k {
				a.Max = 0
				return a, true
			}
		}
		return engine.Action{}, false
	}
	one := func(kinds ...engine.ActionKind) []engine.Action {
		for _, k := range kinds {
			if a, ok := pick(k); ok {
				return []engine.Action{a}
			}
		}
		return nil
	}
	switch s.Phase {
	case engine.PhaseActions:
		return one(engine.ActPass)
	case engine.PhaseAuction:
		return one(engine.ActDrop, engine.ActBid)
	case engine.PhaseAfterAuction:
		for _, a := range legal {
			if a.Kind == engine.ActAfterCard && a.Card == engine.NoCard {
				return []engine.Action{a}
			}
		}
	case engine.PhasePumps:
		return one(engine.ActPumpDone)
	case engine.PhaseInvest:
		return one(engine.ActFinishInvest, engine.ActEndInvestTurn)
	case engine.PhasePeek:
		return one(engine.ActSkipPeek)
	case engine.PhaseDraft:
		// Legal lists the draft in the order drawn: the last discard
		// listed of each region is its later card.
		last := map[engine.Deck]engine.Action{}
		var decks []engine.Deck
		for _, a := range legal {
			if a.Kind != engine.ActDraftDiscard {
				continue
			}
			d := engine.Standard.Cards[a.Card].Deck
			if _, ok := last[d]; !ok {
				decks = append(decks, d)
			}
			last[d] = a
		}
		var out []engine.Action
		for _, d := range decks {
			out = append(out, last[d])
		}
		return out
	}
	return nil
}

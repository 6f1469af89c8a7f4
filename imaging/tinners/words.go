package tinnersimg

import (
	"fmt"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The pictures' words come from the bot's catalogue (ids img_…) through
// imaging.Options.Words; each is given with its English, which is what a
// picture draws when Words is nil.

// sayN is the plural message id for count n ("1 port", "2 ports"), one
// and many being its English nouns.
func sayN(o imaging.Options, id string, n int, one, many string) string {
	return o.T(engine.Say(id, "Count", n), plural(n, one, many))
}

// phaseIDs are the phases' message ids, by tinners.Phase.
var phaseIDs = []string{"img_phase_draft", "img_phase_actions", "img_phase_auction", "img_phase_after_auction",
	"img_phase_pumps", "img_phase_invest", "img_phase_peek", "img_phase_over", "img_phase_calciner"}

// phaseMsg is phase p in words, as a message (its English p.String()).
func phaseMsg(p tinners.Phase) engine.Message {
	if p < 0 || int(p) >= len(phaseIDs) {
		return engine.Message{}
	}
	return engine.Say(phaseIDs[p])
}

// phaseText is phase p in o's language.
func phaseText(o imaging.Options, p tinners.Phase) string {
	m := phaseMsg(p)
	if m.IsZero() {
		return p.String()
	}
	return o.T(m, p.String())
}

// benefitMsg is a survey card's benefit as a message (English
// c.BenefitText()): "+2 copper", "-1 water", "miner".
func benefitMsg(c tinners.Card) engine.Message {
	switch c.Benefit {
	case tinners.BenefitWater:
		return engine.Say("img_benefit_water", "Amount", c.Amount)
	case tinners.BenefitTin:
		return engine.Say("img_benefit_tin", "Amount", c.Amount)
	case tinners.BenefitCopper:
		return engine.Say("img_benefit_copper", "Amount", c.Amount)
	case tinners.BenefitMiner:
		return engine.Say("img_benefit_miner")
	case tinners.BenefitPort:
		return engine.Say("img_benefit_port")
	case tinners.BenefitSteamPump:
		return engine.Say("img_benefit_pump")
	}
	return engine.Message{}
}

// benefitText is c's benefit in o's language.
func benefitText(o imaging.Options, c tinners.Card) string {
	m := benefitMsg(c)
	if m.IsZero() {
		return c.BenefitText()
	}
	return o.T(m, c.BenefitText())
}

// regionLabel is c's regions ("B", "A/C") or "wild", in o's language.
func regionLabel(o imaging.Options, c tinners.Card) string {
	if c.Deck == tinners.DeckWild {
		return o.Say(c.RegionLabel(), "img_card_wild")
	}
	return c.RegionLabel()
}

// cardText is c in words, as c.String(): "B +1 copper £2".
func cardText(o imaging.Options, c tinners.Card) string {
	return o.Say(c.String(), "img_card", "Regions", regionLabel(o, c), "Benefit", benefitText(o, c), "Value", c.Value)
}

// michiganReward is Michigan's pieces in round r (1-based) in o's
// language, as edition e names them ("adit", "2 miners").
func michiganReward(o imaging.Options, e *tinners.Edition, r int) string {
	english := e.Emigration[tinners.Michigan].Rewards[r-1]
	p := e.MichiganPieces[r-1]
	for _, x := range []struct {
		n  int
		id string
	}{{p.Adits, "adit"}, {p.Trains, "train"}, {p.Ports, "port"}, {p.Miners, "miner"}} {
		switch {
		case x.n == 1 && p.Total() == 1:
			return o.Say(english, "img_piece_"+x.id)
		case x.n > 1 && p.Total() == x.n:
			return o.T(engine.Say("img_n_"+x.id+"s", "Count", x.n), english)
		}
	}
	return english
}

// arsenicCaption names the rounds arsenic market section k is open
// ("R1", "R1–3"), or "closed".
func arsenicCaption(o imaging.Options, k int, closed bool) string {
	switch {
	case closed:
		return o.Say("closed", "img_closed")
	case k == 0:
		return o.Say("R1", "img_round_short", "Round", 1)
	}
	return o.Say(fmt.Sprintf("R1–%d", k+1), "img_rounds_short", "From", 1, "To", k+1)
}

// tieBreakIDs are the messages of the engine's tie-breaks by code
// (Result.TieBreak in a view), with their English.
var tieBreakIDs = map[string]struct{ id, english string }{
	tinners.TieMoney: {"img_tie_money", "money"},
	tinners.TieOre:   {"img_tie_ore", "ore cubes in their mines"},
	tinners.TieOrder: {"img_tie_order", "work track order"},
}

// soloAct is Lord Wallace's action act (its English name in the view,
// "Steam pumps") in o's language.
func soloAct(o imaging.Options, act string) string {
	if act == "" || act == "?" {
		return act
	}
	return o.Say(act, "img_wallace_"+strings.ReplaceAll(strings.ToLower(act), " ", "_"))
}

package tinners

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// ---- catalogue messages ----
//
// Every English sentence the engine writes for a player has a catalogue
// message beside it (bot/i18n/tinners.*.toml, ids tt_…): the engine gives
// the id and arguments, the bot renders them in the reader's language.
// Area names ("A4 (Ding Dong)"), seat placeholders and numbers are
// arguments; words that change (a card, a tile, a phase) are nested
// messages.

// say is engine.Say.
func say(id string, kv ...any) engine.Message { return engine.Say(id, kv...) }

// forbid returns a rule error with code and its catalogue message m.
func forbid(code string, m engine.Message) error {
	return &RuleError{Code: code, Message: m}
}

// CardWords returns survey card c as a catalogue message, the same words
// as c.String() ("B +1 copper £2").
func CardWords(c Card) engine.Message {
	return say("tt_card", "Regions", regionWords(c), "Benefit", BenefitWords(c), "Value", c.Value)
}

// regionWords is c.RegionLabel() for a message: region letters as they
// are, the wild card's word as a message.
func regionWords(c Card) any {
	if c.Deck == DeckWild {
		return say("tt_card_wild")
	}
	return c.RegionLabel()
}

// BenefitWords returns c.BenefitText() as a catalogue message.
func BenefitWords(c Card) engine.Message {
	switch c.Benefit {
	case BenefitWater:
		return say("tt_benefit_water", "N", c.Amount)
	case BenefitTin:
		return say("tt_benefit_tin", "N", c.Amount)
	case BenefitCopper:
		return say("tt_benefit_copper", "N", c.Amount)
	case BenefitMiner:
		return say("tt_benefit_miner")
	case BenefitPort:
		return say("tt_benefit_port")
	case BenefitSteamPump:
		return say("tt_benefit_steam_pump")
	}
	return say("tt_unknown")
}

// TileWords returns t.String() as a catalogue message ("2/1/3 +£3").
func TileWords(t Tile) engine.Message {
	id := "tt_tile"
	switch t.Kind {
	case TileBonus:
		id = "tt_tile_bonus"
	case TileLight:
		id = "tt_tile_light"
	}
	return say(id, "Tin", t.Tin, "Copper", t.Copper, "Water", t.Water)
}

// PhaseWords returns p.String() as a catalogue message.
func PhaseWords(p Phase) engine.Message {
	if p < 0 || int(p) >= len(phaseNames) {
		return say("tt_unknown")
	}
	return say(fmt.Sprintf("tt_phase_%d", p))
}

// deckWords is d.String() as a message: a region letter, or the wild or
// dual (Kickstarter) deck.
func deckWords(d Deck) any {
	switch d {
	case DeckWild:
		return say("tt_deck_wild")
	case DeckKickstarter:
		return say("tt_deck_dual")
	}
	return d.String()
}

// kindWords is the menu name of an action kind as a message.
func kindWords(k ActionKind) engine.Message {
	if k < 0 || int(k) >= len(kinds) {
		return say("tt_unknown")
	}
	return say("tt_kind_" + kinds[k].code)
}

// WallaceActWords returns w.String() as a catalogue message.
func WallaceActWords(w WallaceAct) engine.Message {
	if w < 0 || int(w) >= len(wallaceActCodes) {
		return say("tt_unknown")
	}
	if w == WNone {
		return say("tt_wact_none")
	}
	return say("tt_wact_" + strings.ToLower(wallaceActCodes[w]))
}

// tieBreakWords is a tie-break of endGame (Result.TieBreak's code) as a
// message.
var tieBreakWords = map[string]string{
	TieMoney: "tt_tiebreak_money",
	TieOre:   "tt_tiebreak_ore",
	TieOrder: "tt_tiebreak_order",
}

// quoted is s as %q writes it, for messages of sentences that quote.
func quoted(s string) string { return strconv.Quote(s) }

// parseError is a malformed action string: its English and its message.
type parseError struct {
	msg string
	m   engine.Message
}

func (e *parseError) Error() string { return e.msg }

// badParse returns a parseError with message m and English format, args.
func badParse(m engine.Message, format string, args ...any) error {
	return &parseError{msg: fmt.Sprintf(format, args...), m: m}
}

// parseWords is the message of a parse error (an unknown error: a
// message the catalogue lacks, so the English shows).
func parseWords(err error) engine.Message {
	var pe *parseError
	if errors.As(err, &pe) {
		return pe.m
	}
	return say("tt_unknown")
}

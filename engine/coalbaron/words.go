package coalbaron

import (
	"fmt"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// The words of this title as catalogue messages (engine.Message), beside
// the English the engine has always produced: the bot renders them in a
// reader's language (bot/i18n/coalbaron.*.toml). Every id starts with
// "cb_". A term that Polish inflects (a card, a zone) comes in the case the
// sentence around it needs: grammatical case gc is one of caseNom,
// caseAcc, caseGen, the suffix of the term's id; the English of every case
// is the same.

// Grammatical cases of a term's message (the suffix of its id).
const (
	caseNom = ""
	caseAcc = "_acc"
	caseGen = "_gen"
	caseLoc = "_loc" // zones only
)

// seatArg is seat's placeholder in a message's arguments; FormatLine
// fills it with a name after rendering.
func seatArg(seat int) string { return fmt.Sprintf("{P%d}", seat) }

// Message returns the card's name (String) as a catalogue message, for a
// reader of any language.
func (c Card) Message() engine.Message { return cardIn(c, caseNom) }

// NameMessage returns the zone's name (Name) as a catalogue message.
func (z Zone) NameMessage() engine.Message { return zoneIn(z, caseNom) }

// NameMessage returns the destination's name (String) as a catalogue
// message.
func (d Dest) NameMessage() engine.Message { return destIn(d, caseNom) }

// NameMessage returns the crest's name (Name) as a catalogue message.
func (c Crest) NameMessage() engine.Message {
	if c < 0 || c > CrestWild {
		return engine.Say("cb_unknown")
	}
	return engine.Say("cb_crest_" + c.Name())
}

// zoneIn is zone z's name in grammatical case gc.
func zoneIn(z Zone, gc string) engine.Message {
	if z < 0 || z >= NumZones {
		return engine.Say("cb_unknown")
	}
	return engine.Say("cb_zone_" + ZoneCodes[z] + gc)
}

// destIn is destination d's name in case gc (caseNom or caseGen).
func destIn(d Dest, gc string) engine.Message {
	if d < 0 || d >= NumDests {
		return engine.Say("cb_unknown")
	}
	return engine.Say("cb_dest_" + d.String() + gc)
}

// stepMessage is the step kind's name (String) as a message.
func stepMessage(k StepKind) engine.Message {
	if k < 0 || int(k) >= len(stepNames) {
		return engine.Say("cb_unknown")
	}
	return engine.Say("cb_step_" + strings.ReplaceAll(stepNames[k], "-", "_"))
}

var innoIDs = map[InnovationKind]string{InnoWorkers: "workers", InnoLorry: "lorry", InnoWagon: "wagon",
	InnoEngine: "engine", InnoOrder: "order", InnoShare: "share", InnoMining: "mining", InnoDelivery: "delivery"}

var objIDs = map[ObjectiveKind]string{ObjTokens: "tokens", ObjObjectives: "objectives", ObjEngines: "engines",
	ObjShares: "shares", ObjOrders: "orders", ObjLorries: "lorries"}

// crestWith is crest c as a lorry card names it: the letter in English
// ("1-lorry C"), the crest's name in a language whose readers do not
// decode English initials (Polish "wózek z koniczyną").
func crestWith(c Crest) any {
	if c < 0 || c >= CrestWild {
		return c.String()
	}
	return engine.Say("cb_crest_" + c.Name() + "_with")
}

// cardIn is card c's name (c.String()) in grammatical case gc.
func cardIn(c Card, gc string) engine.Message {
	say := func(id string, kv ...any) engine.Message { return engine.Say("cb_card_"+id+gc, kv...) }
	switch c.Kind {
	case KindWorker:
		return say("worker", "Count", c.Workers)
	case KindLorry:
		if c.Lorries == 2 {
			return say("lorry2", "Crest", crestWith(c.Crest))
		}
		return say("lorry1", "Crest", crestWith(c.Crest), "VP", c.VP)
	case KindWagon:
		if c.Crest < 0 || c.Crest > CrestWild {
			break
		}
		return say("wagon_" + c.Crest.Name())
	case KindEngine:
		return say("engine", "Type", c.Engine.String())
	case KindOrder:
		return say("order", "Lorries", c.Lorries, "Dest", destIn(c.Dest, caseNom), "VP", c.VP)
	case KindShare:
		return say("share", "Dest", destIn(c.Dest, caseNom))
	case KindObjective:
		id, ok := objIDs[c.Objective]
		if !ok {
			break
		}
		switch c.Objective {
		case ObjTokens:
			return say("obj_"+id, "VP", c.VP, "Count", c.Per)
		case ObjEngines:
			return say("obj_"+id, "VP", c.VP, "Type", c.Engine.String())
		case ObjShares, ObjOrders:
			return say("obj_"+id, "VP", c.VP, "Dest", destIn(c.Dest, caseNom))
		case ObjLorries:
			return say("obj_"+id, "VP", c.VP, "Count", c.Threshold, "Dest", destIn(c.Dest, caseGen))
		}
		return say("obj_"+id, "VP", c.VP)
	case KindInnovation:
		id, ok := innoIDs[c.Innovation]
		if !ok {
			break
		}
		if c.Innovation == InnoWorkers {
			return say("inno_"+id, "Max", c.Max)
		}
		return say("inno_" + id)
	case KindAction:
		if gc == caseAcc {
			gc = caseNom // no sentence takes an action card in the accusative
		}
		return zoneIn(NumStacks+Zone(c.Action), gc)
	}
	return engine.Say("cb_unknown")
}

// cardMsg is card id's name in case gc ("?" as a message for no card).
func (s *state) cardMsg(id int, gc string) engine.Message {
	if id < 0 || id >= NumCards {
		return engine.Say("cb_unknown")
	}
	return cardIn(s.card(id), gc)
}

// joinMsgs joins items (strings or messages) with the separator of
// message id ("{{.A}}+{{.B}}"), left to right.
func joinMsgs(id string, items []any) any {
	if len(items) == 0 {
		return ""
	}
	out := items[0]
	for _, it := range items[1:] {
		out = engine.Say(id, "A", out, "B", it)
	}
	return out
}

// cardList joins the names of cards ids (nominative) with separator
// message id; none (a message) when there are none.
func cardList(id string, ids []int, none engine.Message) any {
	if len(ids) == 0 {
		return none
	}
	items := make([]any, len(ids))
	for i, c := range ids {
		items[i] = cardIn(Standard.Card(c), caseNom)
	}
	return joinMsgs(id, items)
}

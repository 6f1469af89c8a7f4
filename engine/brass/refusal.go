package brass

import "github.com/tinnersbot/tinnersbot/engine"

// refusal is why check refuses an action; the zero refusal accepts it. It
// holds the catalogue id and its numbers, and becomes the rule error (with
// its message) only when Apply reports it (err): Legal, which tries
// hundreds of candidates per position, asks only whether one is refused,
// and so builds no message and allocates nothing for a refusal.
type refusal struct {
	code, id string
	arg      refusalArg
	x, y     int
}

// refusalArg says which arguments a refusal's message takes.
type refusalArg int8

const (
	argNone  refusalArg = iota
	argInd              // "Ind": industry x
	argEra              // "Era": era x
	argLevel            // "Level": x
	argCount            // "Count": x
	argMoney            // "Need": x, "Have": y
)

// refused is the refusal with code and the argument-less message id.
func refused(code, id string) refusal { return refusal{code: code, id: id} }

// refusedInd is the refusal whose message names industry i ("Ind").
func refusedInd(code, id string, i Industry) refusal {
	return refusal{code: code, id: id, arg: argInd, x: int(i)}
}

// refusedMoney is the refusal of a move costing need with have in hand.
func refusedMoney(need, have int) refusal {
	return refusal{code: ErrMoney, id: "bb_err_money", arg: argMoney, x: need, y: have}
}

// ok reports whether r accepts the action.
func (r refusal) ok() bool { return r.id == "" }

// err is r as the rule error Apply returns (nil when r accepts).
func (r refusal) err() error {
	if r.ok() {
		return nil
	}
	var m engine.Message
	switch r.arg {
	case argInd:
		m = engine.Say(r.id, "Ind", indMsg(Industry(r.x)))
	case argEra:
		m = engine.Say(r.id, "Era", eraMsg(Era(r.x)))
	case argLevel:
		m = engine.Say(r.id, "Level", r.x)
	case argCount:
		m = engine.Say(r.id, "Count", r.x)
	case argMoney:
		m = engine.Say(r.id, "Need", r.x, "Have", r.y)
	default:
		m = engine.Say(r.id)
	}
	return engine.Refuse(r.code, m)
}

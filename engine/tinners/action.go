package tinners

import (
	"fmt"
	"strconv"
	"strings"
)

// ActionKind names what an action does. Persisted: only grow at the end.
type ActionKind int8

// Action kinds.
const (
	ActDraftDiscard   ActionKind = iota // setup: discard Card from one's draft
	ActBuild                            // start an auction in Area; Card played before it (or NoCard); Draw: 2p, play the top of the deck
	ActBid                              // bid Amount in the live auction
	ActDrop                             // drop out of the live auction
	ActAfterCard                        // auction winner plays Card after the auction (paying its value), or NoCard
	ActExtract                          // extract Tin and Copper from one's mine in Area
	ActMiner                            // place a miner in Area
	ActPort                             // place a port in Area
	ActTrain                            // place a train in Area
	ActAdit                             // place an adit on Border
	ActSteamPumps                       // take the rightmost available group of steam pumps
	ActPump                             // use one taken steam pump on Area
	ActPumpDone                         // give up the remaining taken steam pumps
	ActPasties                          // sell pasties: +£1
	ActPass                             // pass for the rest of phase 2
	ActInvest                           // invest Amount (10 or 5)
	ActEndInvestTurn                    // end one's investing turn (with nothing invested this turn: done for the round)
	ActPeek                             // end of round: look at the face-down tile in Area
	ActSkipPeek                         // end of round: decline to peek
	ActFinishInvest                     // after investing this turn: be done investing for the round
	ActCalciner                         // Arsenic: build one's calciner at the mine just built
	ActNoCalciner                       // Arsenic: do not build the calciner now
	ActProcessArsenic                   // Arsenic: take 1 arsenic cube from one's mine in Area; the limiter moves left
	ActSellArsenic                      // Arsenic: sell every arsenic cube one holds on the market
	ActOwnMiner                         // Emigration: take a miner development, return it and place one's own miner in Area (one's mine)
	ActEmigrate                         // Emigration: move one's own miner from Area to location Amount of this round
	ActFreeAdit                         // Emigration: place a Michigan adit on Border (free)
	ActFreeTrain                        // Emigration: place a Michigan train in Area (free)
	ActFreePort                         // Emigration: place a Michigan port in Area (free)
	ActFreeMiner                        // Emigration: place a Michigan miner in Area (free; may share an area)
	numActionKinds
)

// NoCard is the Card value of an action that plays no survey card.
const NoCard = -1

// Action is one move by one seat. Only the fields its Kind uses are read.
type Action struct {
	Seat   int
	Kind   ActionKind
	Area   int // area index
	Border int // border index
	Card   int // card ID or NoCard
	Draw   bool
	Amount int
	Tin    int
	Copper int
}

// Choice is one entry of a seat's legal listing (State.Legal): an action
// and, for a bid, the range of amounts: every amount from Action.Amount to
// Max is legal. Max is 0 for every other kind.
type Choice struct {
	Action
	Max int `json:",omitempty"`
}

// count is how many actions Actions lists.
func (c Choice) count() int {
	if c.Kind != ActBid || c.Max <= c.Amount {
		return 1
	}
	return c.Max - c.Amount + 1
}

// Actions lists each of c's actions, a bid once per amount: the
// contract's form of the listing (engine.Match.Legal).
func (c Choice) Actions() []Action {
	if c.Kind != ActBid || c.Max <= c.Amount {
		return []Action{c.Action}
	}
	out := make([]Action, 0, c.Max-c.Amount+1)
	for amt := c.Amount; amt <= c.Max; amt++ {
		a := c.Action
		a.Amount = amt
		out = append(out, a)
	}
	return out
}

// argShape is the form of an action kind's arguments in the compact string.
type argShape int8

const (
	argNone      argShape = iota
	argCard               // ":17" a card ID
	argBuild              // ":A4", ":A4:c17" or ":A4:draw"
	argAmount             // ":7" a bid
	argInvest             // ":10" or ":5"
	argAfterCard          // ":17" or ":-"
	argExtract            // ":A4:1:2" area, tin, copper
	argArea               // ":A4"
	argEmigrate           // ":A4:ki" area and location
	argBorder             // ":A4-A5"
)

// kinds is the one table of action kinds for the codec: each kind's code
// and the shape of its arguments. Persisted: append only.
var kinds = [numActionKinds]struct {
	code  string
	shape argShape
}{
	ActDraftDiscard: {"dd", argCard}, ActBuild: {"b", argBuild}, ActBid: {"bid", argAmount}, ActDrop: {"drop", argNone},
	ActAfterCard: {"ac", argAfterCard}, ActExtract: {"x", argExtract}, ActMiner: {"mi", argArea}, ActPort: {"po", argArea},
	ActTrain: {"tr", argArea}, ActAdit: {"ad", argBorder}, ActSteamPumps: {"sp", argNone}, ActPump: {"pw", argArea},
	ActPumpDone: {"pd", argNone}, ActPasties: {"pa", argNone}, ActPass: {"pass", argNone}, ActInvest: {"inv", argInvest},
	ActEndInvestTurn: {"ie", argNone}, ActPeek: {"pk", argArea}, ActSkipPeek: {"pks", argNone},
	ActFinishInvest: {"if", argNone}, ActCalciner: {"cal", argNone}, ActNoCalciner: {"ncal", argNone},
	ActProcessArsenic: {"pra", argArea}, ActSellArsenic: {"sla", argNone}, ActOwnMiner: {"omi", argArea},
	ActEmigrate: {"em", argEmigrate}, ActFreeAdit: {"fad", argBorder}, ActFreeTrain: {"ftr", argArea},
	ActFreePort: {"fpo", argArea}, ActFreeMiner: {"fmi", argArea},
}

// Code is the kind's code in the compact form ("bid", "x", …).
func (k ActionKind) Code() string {
	if k < 0 || k >= numActionKinds {
		return "?"
	}
	return kinds[k].code
}

// locationCodes name the Emigration board's locations in action strings.
var locationCodes = [NumLocations]string{Michigan: "mi", SierraMadre: "sm", Kimberly: "ki", Adelaide: "ad"}

// IsFree reports whether an action of kind k is a free action: taken on
// one's turn without work points, even in one's final column.
func (k ActionKind) IsFree() bool { return k >= ActFreeAdit && k <= ActFreeMiner }

// String returns the compact form, e.g. "1/b:A4:c17" or "0/x:C4:1:2".
// ParseAction reads it back. It fits easily in a Discord custom ID.
func (a Action) String() string {
	if a.Kind < 0 || a.Kind >= numActionKinds {
		return fmt.Sprintf("%d/?%d", a.Seat, a.Kind)
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(a.Seat))
	b.WriteByte('/')
	b.WriteString(kinds[a.Kind].code)
	arg := func(s string) { b.WriteByte(':'); b.WriteString(s) }
	switch kinds[a.Kind].shape {
	case argCard:
		arg(strconv.Itoa(a.Card))
	case argBuild:
		arg(areaCode(a.Area))
		switch {
		case a.Draw:
			arg("draw")
		case a.Card != NoCard:
			arg("c" + strconv.Itoa(a.Card))
		}
	case argAmount, argInvest:
		arg(strconv.Itoa(a.Amount))
	case argAfterCard:
		if a.Card == NoCard {
			arg("-")
		} else {
			arg(strconv.Itoa(a.Card))
		}
	case argExtract:
		arg(areaCode(a.Area))
		arg(strconv.Itoa(a.Tin))
		arg(strconv.Itoa(a.Copper))
	case argArea:
		arg(areaCode(a.Area))
	case argEmigrate:
		arg(areaCode(a.Area))
		if a.Amount >= 0 && a.Amount < NumLocations {
			arg(locationCodes[a.Amount])
		} else {
			arg("?")
		}
	case argBorder:
		if a.Border >= 0 && a.Border < len(codes.borders) {
			br := codes.borders[a.Border]
			arg(areaCode(br[0]) + "-" + areaCode(br[1]))
		} else {
			arg("?")
		}
	}
	return b.String()
}

// codeBook is the codec's vocabulary: areas by their printed ids ("C4"),
// borders by their two areas ("C4-C5"), cards by id (0..NumCards-1). It is
// the printed map and deck, which every edition shares (Edition.Validate
// checks that an edition agrees), so the codec needs no edition and a
// record's actions read the same whatever edition it is for. Persisted:
// never reorder.
type codeBook struct {
	areas   []string
	index   map[string]int
	borders [][2]int // area indexes, lower first
}

var codes = newCodeBook()

func newCodeBook() codeBook {
	b := codeBook{index: map[string]int{}}
	for i, r := range areaRows {
		b.areas = append(b.areas, r.id)
		b.index[r.id] = i
	}
	for _, f := range strings.Fields(borderList) {
		x, y, _ := strings.Cut(f, "-")
		ia, oka := b.index[x]
		ib, okb := b.index[y]
		if !oka || !okb {
			ia, ib = -1, -1 // caught by Edition.Validate
		}
		b.borders = append(b.borders, [2]int{min(ia, ib), max(ia, ib)})
	}
	return b
}

// border returns the index of the border between areas a and b, or -1.
func (b codeBook) border(x, y int) int {
	x, y = min(x, y), max(x, y)
	for i, br := range b.borders {
		if br[0] == x && br[1] == y {
			return i
		}
	}
	return -1
}

func areaCode(i int) string {
	if i < 0 || i >= len(codes.areas) {
		return "?"
	}
	return codes.areas[i]
}

func parseArea(s string) (int, error) {
	i, ok := codes.index[strings.ToUpper(s)]
	if !ok {
		return 0, badParse(say("tt_err_parse_area", "Q", quoted(s)), "no area %q", s)
	}
	return i, nil
}

func parseSmallInt(s string, lo, hi int) (int, error) {
	if len(s) == 0 || len(s) > 6 {
		return 0, badParse(say("tt_err_parse_number", "Q", quoted(s)), "bad number %q", s)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, badParse(say("tt_err_parse_number", "Q", quoted(s)), "bad number %q", s)
	}
	return n, nil
}

// ParseAction reads the compact form written by Action.String. It checks the
// syntax and value ranges only; whether the action is legal is Apply's job.
func ParseAction(s string) (Action, error) {
	a := Action{Card: NoCard, Area: -1, Border: -1}
	seat, rest, ok := strings.Cut(s, "/")
	if !ok {
		return a, badParse(say("tt_err_parse_seat", "Q", quoted(s)), "action %q: missing seat", s)
	}
	var err error
	if a.Seat, err = parseSmallInt(seat, 0, MaxSeats-1); err != nil {
		return a, badParse(say("tt_err_parse", "Q", quoted(s), "Detail", parseWords(err)), "action %q: %v", s, err)
	}
	parts := strings.Split(rest, ":")
	kind := ActionKind(-1)
	for k, x := range kinds {
		if x.code == parts[0] {
			kind = ActionKind(k)
		}
	}
	if kind < 0 {
		return a, badParse(say("tt_err_parse_kind", "Q", quoted(s)), "action %q: unknown kind", s)
	}
	a.Kind = kind
	shape := kinds[kind].shape
	args := parts[1:]
	want := map[argShape]int{argNone: 0, argExtract: 3, argEmigrate: 2}
	n, ok := want[shape]
	if !ok {
		n = 1
	}
	if shape == argBuild {
		if len(args) < 1 || len(args) > 2 {
			return a, badParse(say("tt_err_parse_build", "Q", quoted(s)), "action %q: want area[:card]", s)
		}
	} else if len(args) != n {
		return a, badParse(say("tt_err_parse_args", "Q", quoted(s), "Count", n), "action %q: want %d arguments", s, n)
	}
	if err := a.parseArgs(shape, args); err != nil {
		return a, badParse(say("tt_err_parse", "Q", quoted(s), "Detail", parseWords(err)), "action %q: %v", s, err)
	}
	return a, nil
}

// parseArgs reads the arguments of an action of the given shape into a,
// their count already checked; the error is about the argument alone.
func (a *Action) parseArgs(shape argShape, args []string) error {
	var err error
	switch shape {
	case argCard:
		a.Card, err = parseSmallInt(args[0], 0, NumCards-1)
	case argBuild:
		return a.parseBuildArgs(args)
	case argAmount:
		a.Amount, err = parseSmallInt(args[0], 0, 99999)
	case argInvest:
		if a.Amount, err = parseSmallInt(args[0], 5, 10); err != nil || (a.Amount != 5 && a.Amount != 10) {
			return badParse(say("tt_err_parse_invest"), "invest 5 or 10")
		}
	case argAfterCard:
		if args[0] != "-" {
			a.Card, err = parseSmallInt(args[0], 0, NumCards-1)
		}
	case argExtract:
		if a.Area, err = parseArea(args[0]); err != nil {
			return err
		}
		if a.Tin, err = parseSmallInt(args[1], 0, 99); err != nil {
			return err
		}
		a.Copper, err = parseSmallInt(args[2], 0, 99)
	case argArea:
		a.Area, err = parseArea(args[0])
	case argEmigrate:
		return a.parseEmigrateArgs(args)
	case argBorder:
		return a.parseBorderArg(args[0])
	}
	return err
}

// parseBuildArgs reads a build's area and, if given, "draw" or "c" and a
// survey card.
func (a *Action) parseBuildArgs(args []string) error {
	var err error
	if a.Area, err = parseArea(args[0]); err != nil {
		return err
	}
	if len(args) == 2 {
		switch {
		case args[1] == "draw":
			a.Draw = true
		case strings.HasPrefix(args[1], "c"):
			if a.Card, err = parseSmallInt(args[1][1:], 0, NumCards-1); err != nil {
				return err
			}
		default:
			return badParse(say("tt_err_parse_card", "Q", quoted(args[1])), "bad card %q", args[1])
		}
	}
	return nil
}

// parseEmigrateArgs reads an emigration's area and location code.
func (a *Action) parseEmigrateArgs(args []string) error {
	var err error
	if a.Area, err = parseArea(args[0]); err != nil {
		return err
	}
	a.Amount = -1
	for l, code := range locationCodes {
		if code == args[1] {
			a.Amount = l
		}
	}
	if a.Amount < 0 {
		return badParse(say("tt_err_parse_location", "Q", quoted(args[1])), "no location %q (mi, sm, ki, ad)", args[1])
	}
	return nil
}

// parseBorderArg reads an adit's border, written AREA-AREA.
func (a *Action) parseBorderArg(arg string) error {
	x, y, ok := strings.Cut(arg, "-")
	if !ok {
		return badParse(say("tt_err_parse_border_form"), "want AREA-AREA")
	}
	ia, err1 := parseArea(x)
	ib, err2 := parseArea(y)
	if err1 != nil || err2 != nil {
		return badParse(say("tt_err_parse_border", "Q", quoted(arg)), "bad border %q", arg)
	}
	if a.Border = codes.border(ia, ib); a.Border < 0 {
		return badParse(say("tt_err_parse_no_border", "A", x, "B", y), "%s and %s do not share a border", x, y)
	}
	return nil
}

// sameAction reports whether two actions mean the same move.
func sameAction(a, b Action) bool { return a.String() == b.String() }

package brass

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// ActionKind names what an action does. Persisted: only grow at the end.
type ActionKind int8

// Action kinds, with their compact forms (S is the seat, 0-based; CARD a
// card id of the edition, SPACE a build space, LINE a line, M a merchant
// space, IND an industry code; BEER is '.'-separated beer sources: "m" the
// merchant's barrel, else a brewery's build space).
const (
	// ActBuild: "S/b:CARD:IND:SPACE" build the lowest IND tile on SPACE.
	ActBuild ActionKind = iota
	// ActNetwork: "S/n:CARD:LINE" a canal link, or the first rail link.
	ActNetwork
	// ActRail2: "S/n2:LINE:BEER" the second rail link of a Network.
	ActRail2
	// ActRailStop: "S/ns" place no second rail link.
	ActRailStop
	// ActDevelop: "S/d:CARD" start a Develop.
	ActDevelop
	// ActDevPick: "S/dp:IND" remove the lowest IND tile (Develop).
	ActDevPick
	// ActDevStop: "S/ds" develop no more tiles.
	ActDevStop
	// ActSell: "S/s:CARD:SPACE:M:BEER" start a Sell: sell the tile on
	// SPACE to merchant space M; ActSellMore "S/sm:SPACE:M:BEER" another.
	ActSell
	ActSellMore
	// ActSellStop: "S/ss" sell nothing more.
	ActSellStop
	// ActBonusDevelop: "S/g:IND" the Gloucester bonus removes IND's lowest tile.
	ActBonusDevelop
	// ActLoan: "S/l:CARD" take a loan.
	ActLoan
	// ActScout: "S/x:CARD" discard one of the Scout's cards (a pick).
	ActScout
	// ActPass: "S/p:CARD" pass.
	ActPass
	// ActEndTurn: "S/e" end the turn and refill the hand.
	ActEndTurn
	// ActRemove: "S/r:SPACE" remove an own tile to cover a shortfall.
	ActRemove
	// ActCoalFrom: "S/cf:SPACE" take the next coal cube from the mine on SPACE.
	ActCoalFrom
	// ActIronFrom: "S/if:SPACE" take the next iron cube from the works on SPACE.
	ActIronFrom
	numActionKinds
)

var actionCodes = [numActionKinds]string{"b", "n", "n2", "ns", "d", "dp", "ds", "s", "sm", "ss", "g", "l", "x", "p", "e", "r", "cf", "if"}

// MerchantBeer is the beer source "the merchant's barrel" in Action.Beer.
const MerchantBeer = -1

// Action is one move by one seat. Only the fields its Kind uses are set.
type Action struct {
	Seat  int
	Kind  ActionKind
	Card  int      // a card id
	Ind   Industry // ActBuild, ActDevPick, ActBonusDevelop
	Space int      // ActBuild, ActSell(More), ActRemove
	Line  int      // ActNetwork, ActRail2
	Merch int      // ActSell(More): the merchant space
	Beer  []int    // ActRail2, ActSell(More): sources, sorted
}

// Actor returns the seat taking the action.
func (a Action) Actor() int { return a.Seat }

func beerString(b []int) string {
	if len(b) == 0 {
		return "-"
	}
	parts := make([]string, len(b))
	for i, v := range b {
		if v == MerchantBeer {
			parts[i] = "m"
		} else {
			parts[i] = strconv.Itoa(v)
		}
	}
	return strings.Join(parts, ".")
}

// String returns the compact form, e.g. "1/b:16:manuf:38".
func (a Action) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/", a.Seat)
	if a.Kind < 0 || a.Kind >= numActionKinds {
		return b.String() + "?"
	}
	b.WriteString(actionCodes[a.Kind])
	switch a.Kind {
	case ActBuild:
		fmt.Fprintf(&b, ":%d:%s:%d", a.Card, a.Ind, a.Space)
	case ActNetwork:
		fmt.Fprintf(&b, ":%d:%d", a.Card, a.Line)
	case ActRail2:
		fmt.Fprintf(&b, ":%d:%s", a.Line, beerString(a.Beer))
	case ActDevelop, ActLoan, ActScout, ActPass:
		fmt.Fprintf(&b, ":%d", a.Card)
	case ActDevPick, ActBonusDevelop:
		fmt.Fprintf(&b, ":%s", a.Ind)
	case ActSell:
		fmt.Fprintf(&b, ":%d:%d:%d:%s", a.Card, a.Space, a.Merch, beerString(a.Beer))
	case ActSellMore:
		fmt.Fprintf(&b, ":%d:%d:%s", a.Space, a.Merch, beerString(a.Beer))
	case ActRemove, ActCoalFrom, ActIronFrom:
		fmt.Fprintf(&b, ":%d", a.Space)
	}
	return b.String()
}

func malformed(s string) error {
	return engine.Refuse(engine.ErrMalformedAction, engine.Say("bb_err_malformed", "Move", fmt.Sprintf("%q", s)))
}

// ParseAction reads an action's compact form (see Action.String). A string
// that is not one gives a *engine.RuleError with code
// engine.ErrMalformedAction.
func ParseAction(s string) (Action, error) {
	a := Action{Card: -1, Ind: NoIndustry, Space: -1, Line: -1, Merch: -1}
	seat, rest, ok := strings.Cut(s, "/")
	if !ok || len(s) > engine.MaxActionLen {
		return a, malformed(s)
	}
	n, err := strconv.Atoi(seat)
	if err != nil || n < 0 || n > 3 || strconv.Itoa(n) != seat {
		return a, malformed(s)
	}
	a.Seat = n
	parts := strings.Split(rest, ":")
	kind := slices.Index(actionCodes[:], parts[0])
	if kind < 0 {
		return a, malformed(s)
	}
	a.Kind = ActionKind(kind)
	want := [numActionKinds]int{ActBuild: 4, ActNetwork: 3, ActRail2: 3, ActRailStop: 1, ActDevelop: 2, ActDevPick: 2,
		ActDevStop: 1, ActSell: 5, ActSellMore: 4, ActSellStop: 1, ActBonusDevelop: 2, ActLoan: 2, ActScout: 2,
		ActPass: 2, ActEndTurn: 1, ActRemove: 2, ActCoalFrom: 2, ActIronFrom: 2}
	if len(parts) != want[a.Kind] {
		return a, malformed(s)
	}
	num := func(p string, limit int) (int, bool) {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || v >= limit || strconv.Itoa(v) != p {
			return 0, false
		}
		return v, true
	}
	beer := func(p string) ([]int, bool) {
		if p == "-" {
			return nil, true
		}
		var out []int
		for _, t := range strings.Split(p, ".") {
			if t == "m" {
				out = append(out, MerchantBeer)
				continue
			}
			v, ok := num(t, 1000)
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
		return out, slices.IsSorted(out)
	}
	ok = true
	switch a.Kind {
	case ActBuild:
		a.Card, ok = num(parts[1], 1000)
		if ok {
			a.Ind, ok = industryByCode(parts[2])
		}
		if ok {
			a.Space, ok = num(parts[3], 1000)
		}
	case ActNetwork:
		a.Card, ok = num(parts[1], 1000)
		if ok {
			a.Line, ok = num(parts[2], 1000)
		}
	case ActRail2:
		a.Line, ok = num(parts[1], 1000)
		if ok {
			a.Beer, ok = beer(parts[2])
		}
	case ActDevelop, ActLoan, ActScout, ActPass:
		a.Card, ok = num(parts[1], 1000)
	case ActDevPick, ActBonusDevelop:
		a.Ind, ok = industryByCode(parts[1])
	case ActSell, ActSellMore:
		i := 1
		if a.Kind == ActSell {
			a.Card, ok = num(parts[1], 1000)
			i = 2
		}
		if ok {
			a.Space, ok = num(parts[i], 1000)
		}
		if ok {
			a.Merch, ok = num(parts[i+1], 1000)
		}
		if ok {
			a.Beer, ok = beer(parts[i+2])
		}
	case ActRemove, ActCoalFrom, ActIronFrom:
		a.Space, ok = num(parts[1], 1000)
	}
	if !ok || a.String() != s {
		return a, malformed(s)
	}
	return a, nil
}

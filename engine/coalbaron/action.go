package coalbaron

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// ActionKind names what an action does. Persisted: only grow at the end.
type ActionKind int8

// Action kinds, with their compact forms (S is the seat, 0-based).
const (
	// ActPlace: "S/w:ZONE:TOKENS" place workers on Zone and take its
	// action. TOKENS are '.'-separated: "2" a 2-worker card, "b3" a worker
	// innovation of range 1..4 (a=3, b=4, c=5) played as 3 workers.
	ActPlace ActionKind = iota
	// ActInnovation: "S/i:CARD" or "S/i:CARD:STACK" play an action
	// innovation (a lorry or wagon one names the stack to take from).
	ActInnovation
	// ActDock: "S/d:N" put the wagon or engine just taken in dock N (1..3).
	ActDock
	// ActMine: "S/m:LORRY:WAGON" move a lorry card into a wagon, or
	// "S/m:LORRY:s" into lorry storage (one mining step action).
	ActMine
	// ActStopMining: "S/ms" spend no more mining steps.
	ActStopMining
	// ActDeliver: "S/v:N:ORDER" the train in dock N departs with ORDER.
	ActDeliver
	// ActStopDelivery: "S/vd" no more trains depart.
	ActStopDelivery
	// ActWildStack: "S/ws:STACK" the wild action looks at STACK.
	ActWildStack
	// ActKeep: "S/k:CARD" keep CARD from the wild action.
	ActKeep
	// ActReturn: "S/o:C1.C2.C3" return the other cards to the bottom of the
	// stack, C1 first (C1 ends up above C2).
	ActReturn
	// ActEndTurn: "S/e" end the turn without playing more innovations.
	ActEndTurn
	// ActPass: "S/p" drop out of the shift.
	ActPass
	numActionKinds
)

var actionCodes = [numActionKinds]string{"w", "i", "d", "m", "ms", "v", "vd", "ws", "k", "o", "e", "p"}

// WorkerUse is one card of a placement: a worker card of Value workers
// (Range 0), or a worker innovation of range 1..Range played as Value.
type WorkerUse struct{ Range, Value int }

func (w WorkerUse) String() string {
	if w.Range == 0 {
		return strconv.Itoa(w.Value)
	}
	return string(rune('a'+w.Range-3)) + strconv.Itoa(w.Value)
}

// Action is one move by one seat. Only the fields its Kind uses are set.
type Action struct {
	Seat    int
	Kind    ActionKind
	Zone    Zone        // ActPlace, ActWildStack, ActInnovation (stack, or -1)
	Workers []WorkerUse // ActPlace
	Card    int         // ActInnovation, ActMine (lorry), ActDeliver (order), ActKeep
	Target  int         // ActDock, ActDeliver: dock 0..2; ActMine: wagon id or NoCard (storage)
	Cards   []int       // ActReturn
}

// equal reports whether a and b are the same action, field by field.
func (a Action) equal(b Action) bool {
	return a.Seat == b.Seat && a.Kind == b.Kind && a.Zone == b.Zone && a.Card == b.Card && a.Target == b.Target &&
		slices.Equal(a.Workers, b.Workers) && slices.Equal(a.Cards, b.Cards)
}

// Actor returns the seat taking the action.
func (a Action) Actor() int { return a.Seat }

// String returns the compact form, e.g. "1/w:w2:1.2".
func (a Action) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/", a.Seat)
	if a.Kind < 0 || a.Kind >= numActionKinds {
		return b.String() + "?"
	}
	b.WriteString(actionCodes[a.Kind])
	switch a.Kind {
	case ActPlace:
		b.WriteString(":" + a.Zone.String() + ":")
		for i, w := range a.Workers {
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(w.String())
		}
	case ActInnovation:
		fmt.Fprintf(&b, ":%d", a.Card)
		if a.Zone >= 0 {
			b.WriteString(":" + a.Zone.String())
		}
	case ActDock:
		fmt.Fprintf(&b, ":%d", a.Target+1)
	case ActMine:
		if a.Target == NoCard {
			fmt.Fprintf(&b, ":%d:s", a.Card)
		} else {
			fmt.Fprintf(&b, ":%d:%d", a.Card, a.Target)
		}
	case ActDeliver:
		fmt.Fprintf(&b, ":%d:%d", a.Target+1, a.Card)
	case ActWildStack:
		b.WriteString(":" + a.Zone.String())
	case ActKeep:
		fmt.Fprintf(&b, ":%d", a.Card)
	case ActReturn:
		b.WriteByte(':')
		for i, c := range a.Cards {
			if i > 0 {
				b.WriteByte('.')
			}
			b.WriteString(strconv.Itoa(c))
		}
	}
	return b.String()
}

func malformed(s string) error {
	return engine.Refuse(engine.ErrMalformedAction, engine.Say("cb_err_malformed", "Move", fmt.Sprintf("%q", s)))
}

// ParseAction reads an action's compact form (see Action.String). A string
// that is not one gives a *engine.RuleError with code
// engine.ErrMalformedAction.
func ParseAction(s string) (Action, error) {
	a := Action{Zone: -1, Card: NoCard, Target: NoCard}
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
	kind := -1
	for i, c := range actionCodes {
		if c == parts[0] {
			kind = i
		}
	}
	if kind < 0 {
		return a, malformed(s)
	}
	a.Kind = ActionKind(kind)
	num := func(p string) (int, bool) {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || v >= NumCards || strconv.Itoa(v) != p {
			return 0, false
		}
		return v, true
	}
	want := map[ActionKind]int{ActPlace: 3, ActDock: 2, ActMine: 3, ActStopMining: 1, ActDeliver: 3,
		ActStopDelivery: 1, ActWildStack: 2, ActKeep: 2, ActReturn: 2, ActEndTurn: 1, ActPass: 1}
	if w, fixed := want[a.Kind]; fixed && len(parts) != w {
		return a, malformed(s)
	}
	ok = true
	switch a.Kind {
	case ActPlace:
		a.Zone, ok = zoneByCode(parts[1])
		if !ok || parts[2] == "" {
			return a, malformed(s)
		}
		for _, t := range strings.Split(parts[2], ".") {
			w, good := parseWorker(t)
			if !good {
				return a, malformed(s)
			}
			a.Workers = append(a.Workers, w)
		}
	case ActInnovation:
		if len(parts) != 2 && len(parts) != 3 {
			return a, malformed(s)
		}
		a.Card, ok = num(parts[1])
		if ok && len(parts) == 3 {
			a.Zone, ok = zoneByCode(parts[2])
		}
	case ActDock:
		a.Target, ok = dockNum(parts[1])
	case ActMine:
		a.Card, ok = num(parts[1])
		if ok && parts[2] != "s" {
			a.Target, ok = num(parts[2])
		}
	case ActDeliver:
		a.Target, ok = dockNum(parts[1])
		if ok {
			a.Card, ok = num(parts[2])
		}
	case ActWildStack:
		a.Zone, ok = zoneByCode(parts[1])
	case ActKeep:
		a.Card, ok = num(parts[1])
	case ActReturn:
		for _, t := range strings.Split(parts[1], ".") {
			v, good := num(t)
			if !good {
				return a, malformed(s)
			}
			a.Cards = append(a.Cards, v)
		}
	}
	if !ok || a.String() != s {
		return a, malformed(s)
	}
	return a, nil
}

func dockNum(p string) (int, bool) {
	if len(p) != 1 || p[0] < '1' || p[0] > '3' {
		return 0, false
	}
	return int(p[0] - '1'), true
}

func parseWorker(t string) (WorkerUse, bool) {
	if len(t) == 1 && t[0] >= '1' && t[0] <= '5' {
		return WorkerUse{Value: int(t[0] - '0')}, true
	}
	if len(t) == 2 && t[0] >= 'a' && t[0] <= 'c' && t[1] >= '1' && t[1] <= '5' {
		w := WorkerUse{Range: int(t[0]-'a') + 3, Value: int(t[1] - '0')}
		return w, w.Value <= w.Range
	}
	return WorkerUse{}, false
}

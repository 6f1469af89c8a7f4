package mineshaft

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
)

// ActionKind names what an action does. Persisted: only grow at the end.
type ActionKind int8

// Action kinds, with their compact forms (S is the seat, 0-based; X,Y a
// cell, signed).
const (
	// ActDraw: "S/d" draw a tile (forced).
	ActDraw ActionKind = iota
	// ActPlace: "S/p:X,Y:R" lay the tile under way in cell (X, Y) at
	// rotation R (0..3 quarter turns clockwise).
	ActPlace
	// ActSwap: "S/w:X,Y" the Swap takes the place of the tile at (X, Y).
	ActSwap
	// ActNoSwap: "S/wn" lay the Swap as a plain cross.
	ActNoSwap
	// ActFire: "S/f:X,Y" Fire burns the tile at (X, Y).
	ActFire
	// ActExplode: "S/x:X,Y" Timed Explosion collapses the tile at (X, Y).
	ActExplode
	// ActRide: "S/c:X,Y" ride the Minecart to (X, Y).
	ActRide
	// ActNoRide: "S/cn" do not ride.
	ActNoRide
	// ActMove: "S/m:X,Y" move the pawn to (X, Y) (staying is moving to
	// its own cell): Step B's move, the first round's step, a Loose
	// Rock's step.
	ActMove
	// ActClear: "S/cl" flip the collapsed tile back and fill it (forced).
	ActClear
	// ActRoll: "S/r" roll both dice (forced).
	ActRoll
	// ActFill: "S/t:X,Y" fill the tile at (X, Y) (die A's colour).
	ActFill
	// ActCollapse: "S/k:X,Y" collapse the tile at (X, Y) (die A's pickaxe).
	ActCollapse
	// ActCollect: "S/g:R" collect resource R (G, S or C).
	ActCollect
	// ActCollectNone: "S/gn" collect nothing.
	ActCollectNone
	numActionKinds
)

var actionCodes = [numActionKinds]string{"d", "p", "w", "wn", "f", "x", "c", "cn", "m", "cl", "r", "t", "k", "g", "gn"}

// Action is one move by one seat. Only the fields its Kind uses are set.
type Action struct {
	Seat int
	Kind ActionKind
	X, Y int      // the cell of a placement, target or destination
	Rot  int      // ActPlace
	Res  Resource // ActCollect
}

// Actor returns the seat taking the action.
func (a Action) Actor() int { return a.Seat }

// hasCell reports whether actions of kind k name a cell.
func hasCell(k ActionKind) bool {
	switch k {
	case ActPlace, ActSwap, ActFire, ActExplode, ActRide, ActMove, ActFill, ActCollapse:
		return true
	}
	return false
}

// String returns the compact form, e.g. "1/p:2,-1:3".
func (a Action) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/", a.Seat)
	if a.Kind < 0 || a.Kind >= numActionKinds {
		return b.String() + "?"
	}
	b.WriteString(actionCodes[a.Kind])
	if hasCell(a.Kind) {
		fmt.Fprintf(&b, ":%d,%d", a.X, a.Y)
	}
	switch a.Kind {
	case ActPlace:
		fmt.Fprintf(&b, ":%d", a.Rot)
	case ActCollect:
		b.WriteString(":" + a.Res.String())
	}
	return b.String()
}

func malformed(s string) error {
	return engine.Refuse(engine.ErrMalformedAction, engine.Say("ms_err_malformed", "Move", fmt.Sprintf("%q", s)))
}

// ParseAction reads an action's compact form (see Action.String). A string
// that is not one gives a *engine.RuleError with code
// engine.ErrMalformedAction.
func ParseAction(s string) (Action, error) {
	var a Action
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
	want := 1
	if hasCell(a.Kind) {
		want++
	}
	if a.Kind == ActPlace || a.Kind == ActCollect {
		want++
	}
	if len(parts) != want {
		return a, malformed(s)
	}
	coord := func(p string) (int, bool) {
		v, err := strconv.Atoi(p)
		if err != nil || v <= -CellBias || v >= CellBias || strconv.Itoa(v) != p {
			return 0, false
		}
		return v, true
	}
	i := 1
	if hasCell(a.Kind) {
		xs, ys, ok := strings.Cut(parts[1], ",")
		if !ok {
			return a, malformed(s)
		}
		var okx, oky bool
		a.X, okx = coord(xs)
		a.Y, oky = coord(ys)
		if !okx || !oky {
			return a, malformed(s)
		}
		i++
	}
	switch a.Kind {
	case ActPlace:
		if len(parts[i]) != 1 || parts[i][0] < '0' || parts[i][0] > '3' {
			return a, malformed(s)
		}
		a.Rot = int(parts[i][0] - '0')
	case ActCollect:
		r := strings.Index("GSC", parts[i])
		if len(parts[i]) != 1 || r < 0 {
			return a, malformed(s)
		}
		a.Res = Resource(r)
	}
	if a.String() != s {
		return a, malformed(s)
	}
	return a, nil
}

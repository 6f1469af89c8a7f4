package tinners

import (
	"sync/atomic"

	"github.com/tinnersbot/tinnersbot/engine"
)

// Boxing an Action as an engine.Action copies it to the heap: the
// contract's Legal did that once per listed action, and in play-outs for
// search it was the largest share of the allocations (a bid listed once
// per amount). Actions are plain values, so one boxed copy of each common
// action can serve every list in every goroutine: box hands out a shared
// copy from these tables, made the first time it is needed, and boxes
// anything else afresh.

const (
	boxAreas   = 40  // area indexes -1..38
	boxBorders = 64  // border indexes 0..63
	boxCards   = 64  // card IDs 0..63
	boxOre     = 8   // cubes of tin and of copper extracted, 0..7
	boxAmounts = 256 // bid and invest amounts, 0..255
)

var (
	// boxPlain: seat, kind and area only (no card, border or amount).
	boxPlain [MaxSeats][numActionKinds][boxAreas]atomic.Pointer[engine.Action]
	// boxCard: seat, kind and card (a draft discard, a card after an
	// auction), and boxBuild: a build of seat in an area with a card.
	boxCard  [MaxSeats][numActionKinds][boxCards]atomic.Pointer[engine.Action]
	boxBuild [MaxSeats][boxAreas][boxCards]atomic.Pointer[engine.Action]
	// boxBorder: an adit of seat on a border, paid for or free.
	boxBorder [MaxSeats][2][boxBorders]atomic.Pointer[engine.Action]
	// boxAmount: a bid or investment of seat by amount.
	boxAmount [MaxSeats][2][boxAmounts]atomic.Pointer[engine.Action]
	// boxExtract: an extraction of seat in an area by tin and copper.
	boxExtract [MaxSeats][boxAreas][boxOre][boxOre]atomic.Pointer[engine.Action]
)

// box returns a as an engine.Action, a shared copy when it has one.
func box(a Action) engine.Action {
	slot := boxSlot(a)
	if slot == nil {
		return a
	}
	if p := slot.Load(); p != nil {
		return *p
	}
	v := engine.Action(a)
	slot.CompareAndSwap(nil, &v)
	return *slot.Load()
}

// boxSlot is a's place in the tables, or nil.
func boxSlot(a Action) *atomic.Pointer[engine.Action] {
	if a.Seat < 0 || a.Seat >= MaxSeats || a.Kind < 0 || a.Kind >= numActionKinds || a.Draw ||
		a.Area < -1 || a.Area+1 >= boxAreas || a.Card < NoCard || a.Card >= boxCards ||
		a.Border < -1 || a.Border >= boxBorders || a.Amount < 0 || a.Amount >= boxAmounts ||
		a.Tin < 0 || a.Tin >= boxOre || a.Copper < 0 || a.Copper >= boxOre {
		return nil
	}
	card, border, amount, ore := a.Card != NoCard, a.Border != -1, a.Amount != 0, a.Tin != 0 || a.Copper != 0
	switch {
	case !card && !border && !amount && !ore:
		return &boxPlain[a.Seat][a.Kind][a.Area+1]
	case card && !border && !amount && !ore && a.Area == -1:
		return &boxCard[a.Seat][a.Kind][a.Card]
	case card && !border && !amount && !ore && a.Kind == ActBuild:
		return &boxBuild[a.Seat][a.Area+1][a.Card]
	case !card && border && !amount && !ore && a.Area == -1 && (a.Kind == ActAdit || a.Kind == ActFreeAdit):
		k := 0
		if a.Kind == ActFreeAdit {
			k = 1
		}
		return &boxBorder[a.Seat][k][a.Border]
	case !card && !border && amount && !ore && a.Area == -1 && (a.Kind == ActBid || a.Kind == ActInvest):
		k := 0
		if a.Kind == ActInvest {
			k = 1
		}
		return &boxAmount[a.Seat][k][a.Amount]
	case !card && !border && !amount && a.Kind == ActExtract:
		return &boxExtract[a.Seat][a.Area+1][a.Tin][a.Copper]
	}
	return nil
}

package ttui

import (
	"maps"

	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// Notes is Tinners' Trail's own bookkeeping of a table, kept in the
// table's notes as this UI's JSON (kit.TitleNotes). Orders are private to
// their seats: nothing here may be shown publicly. The JSON names are
// those of the core's notes fields the bookkeeping lived in before, so a
// table stored then reads the same (kit.Notes.Old).
type Notes struct {
	// Orders are standing auction orders by seat; cleared when an auction ends.
	Orders map[int]Order `json:"orders,omitempty"`
	// AuctionFrom is the first version of the running auction: a
	// standing-order button from before it belongs to an earlier auction.
	AuctionFrom int `json:"auctionFrom,omitempty"`
	// Difficulty are the difficulty options (keys) chosen in a solo
	// lobby; storage fixes a table's options when it opens, so they wait
	// here until the start puts them into the game's setup.
	Difficulty []string `json:"difficulty,omitempty"`
}

// Order is a standing order in the current auction: bid for the seat up
// to Max (the minimum needed each time), or drop out when Max is 0.
type Order struct {
	Max int `json:"max"`
}

// undoNotes is what an undo point keeps of Notes: the orders before it.
type undoNotes struct {
	Orders map[int]Order `json:"orders,omitempty"`
}

// NotesOf is the Tinners' Trail bookkeeping in n (zero when there is none
// or it is damaged: it costs only bookkeeping).
func NotesOf(n kit.Notes) Notes {
	v, _ := kit.TitleNotes[Notes](n)
	return v
}

// SetNotes keeps v as the Tinners' Trail bookkeeping in n.
func SetNotes(n *kit.Notes, v Notes) {
	if len(v.Orders) == 0 {
		v.Orders = nil
	}
	if n.Title == nil && len(n.Old) == 0 && v.Orders == nil && v.AuctionFrom == 0 && len(v.Difficulty) == 0 {
		return // nothing kept, nothing to keep
	}
	_ = kit.SetTitleNotes(n, v) // a struct of maps and numbers always encodes
}

// editNotes changes the Tinners' Trail bookkeeping in n with f.
func editNotes(n *kit.Notes, f func(*Notes)) {
	v := NotesOf(*n)
	f(&v)
	SetNotes(n, v)
}

// ForgetSeat drops seat's standing order: it goes with its holder.
func (ttUI) ForgetSeat(n *kit.Notes, seat int) {
	if _, ok := NotesOf(*n).Orders[seat]; ok {
		editNotes(n, func(v *Notes) { delete(v.Orders, seat) })
	}
}

func cloneOrders(m map[int]Order) map[int]Order { return maps.Clone(m) }

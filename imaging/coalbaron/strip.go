package coalbaronimg

import (
	"fmt"
	"math"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The turn picture shows each player as a compact strip (issue 25: the
// whole boards made a 3- or 4-player picture 2,200–3,000 px tall at
// 1,000 px wide, most of it repeated from post to post): the name, the
// workers in hand and what the others can count (orders, innovations,
// tokens, shares, objectives, deliveries), then the mining row's size and
// its next lorry, the storage, and each loading dock's wagons, lorries
// and engine. The places a move touched are ringed (Options.Changed) and
// a private step's marks go on the row and the docks as on the full
// board. A player's whole board is their "My board" picture (RenderHand)
// and the full board's (/tt board full).

const (
	stripGlyph = 30.0 // a crest or engine glyph in a strip: its letter is 18.6 px
	stripText  = 23.0 // a strip's words and numbers: 9.2 px at 400 px wide
)

// strip lays out seat's strip from y and returns the y below it.
func (b *builder) strip(v coalbaron.PublicView, o imaging.Options, seat int, y, W float64) float64 {
	p := v.Players[seat]
	top := y
	panel := len(b.items)
	b.add(Item{Kind: KindPanel, Seat: p.Seat, Card: coalbaron.NoCard, X: pad, Y: y})
	y += 4
	// Name, then the workers in hand at the right.
	b.marker(p.Seat, pad+24, y+17, 30)
	name := o.Name(p.Seat)
	if p.Passed {
		name = b.t(name+" · passed", "img_cb_passed", "Name", name)
	}
	var ws []string
	for _, id := range p.Workers {
		ws = append(ws, fmt.Sprint(b.e.Card(id).Workers))
	}
	work := o.T(engine.Say("img_cb_workers", "Count", p.WorkersInHand), fmt.Sprintf("%d workers", p.WorkersInHand))
	if len(ws) > 1 {
		work = b.t(fmt.Sprintf("workers %s = %d", strings.Join(ws, "+"), p.WorkersInHand), "img_cb_workers_sum", "Cards", strings.Join(ws, "+"), "Total", p.WorkersInHand)
	}
	ww := b.width(work, stripText, true)
	b.text(work, W-pad-12, y+25, stripText, true, 1, colInk, imaging.RoleEssential)
	b.text(name, pad+46, y+25, b.fit(name, 24, W-pad-12-ww-24-pad-46, true), true, 0, colInk, imaging.RoleEssential)
	y += 36

	// What the others can count, in one line (shrunk to fit).
	var counts []string
	counts = append(counts, o.T(engine.Say("img_cb_orders", "Count", p.Orders), ordersEnglish(p.Orders)))
	counts = append(counts, b.t(fmt.Sprintf("%d innov.", p.Innovations), "img_cb_innov_short", "N", p.Innovations))
	if len(p.Tokens) > 0 {
		var ts, en []string
		for _, t := range p.Tokens {
			ts = append(ts, b.ordinal(t))
			en = append(en, ordinal(t))
		}
		list := ts[0]
		for _, t := range ts[1:] {
			list = b.t(list+" "+t, "img_cb_list_join", "A", list, "B", t)
		}
		counts = append(counts, b.t("tokens "+strings.Join(en, " "), "img_cb_tokens", "List", list))
	}
	if len(p.Shares) > 0 {
		counts = append(counts, fmt.Sprintf("%s %d", b.t("shares", "img_cb_shares"), len(p.Shares)))
	}
	if len(p.Objectives) > 0 {
		counts = append(counts, fmt.Sprintf("%s %d", b.t("objectives", "img_cb_objectives"), len(p.Objectives)))
	}
	if len(p.Delivered) > 0 {
		vp := 0
		for _, t := range p.Delivered {
			if t.Order >= 0 && t.Order < len(b.e.Cards) {
				vp += b.e.Card(t.Order).VP
			}
		}
		counts = append(counts, b.t(fmt.Sprintf("delivered %d · %d VP", len(p.Delivered), vp), "img_cb_delivered", "N", len(p.Delivered), "VP", vp))
	}
	line := strings.Join(counts, " · ")
	b.text(line, pad+12, y+22, b.fit(line, stripText, W-2*pad-24, false), false, 0, colInk, imaging.RoleEssential)
	y += 30

	// The mining row and storage, then the three docks, in boxes of one
	// line each.
	const bh = 44.0
	rowW := 292.0
	x := pad + 8
	rowBox := len(b.items)
	b.box(x, y, rowW, bh, 0)
	mr := imaging.MarkRadius(TurnW)
	b.place(coalbaron.PlaceRow(p.Seat), placeBox{Item: rowBox, MX: rowW - mr - 4, MY: bh / 2})
	tx := x + 8
	row := fmt.Sprintf("%s %d", b.t("row", "img_cb_row"), len(p.Row))
	b.text(row, tx, y+30, stripText, true, 0, colInk, imaging.RoleEssential)
	tx += b.width(row, stripText, true) + 6
	if n := len(p.Row); n > 0 {
		// The next lorry to move: its crest and label.
		c := b.e.Card(p.Row[n-1])
		b.add(Item{Kind: KindNext, Seat: -1, Card: p.Row[n-1], X: tx - 2, Y: y + 4, W: stripGlyph + 4 + b.width(b.lorryText(c), stripText, true) + 6, H: bh - 8})
		b.glyph(KindCrest, b.crestGlyph(c.Crest), p.Row[n-1], tx, y+(bh-stripGlyph)/2, stripGlyph, stripGlyph)
		tx += stripGlyph + 4
		b.text(b.lorryText(c), tx, y+30, stripText, true, 0, colInk, imaging.RoleEssential)
		tx += b.width(b.lorryText(c), stripText, true) + 12
	}
	storage := fmt.Sprintf("%s %d", b.t("storage", "img_cb_storage"), len(p.Storage))
	b.text(storage, math.Min(tx, x+rowW-8-b.width(storage, stripText, false)), y+30, b.fit(storage, stripText, x+rowW-8-tx, false), false, 0, colInk, imaging.RoleEssential)

	dx := x + rowW + 8
	dw := (W - pad - 8 - dx - 16) / 3
	for d, dv := range p.Docks {
		bx := dx + float64(d)*(dw+8)
		b.place(coalbaron.PlaceDock(p.Seat, d), placeBox{Item: len(b.items), MX: dw - mr - 4, MY: bh / 2})
		b.box(bx, y, dw, bh, 3)
		b.miniDock(d, dv, bx, y, dw, bh)
	}
	y += bh + 6
	b.items[panel].W, b.items[panel].H = W-2*pad, y-top
	return y + 6
}

// miniDock lays out dock d in one line of a w × h box at x,y: its
// number, the crests of its wagons (a loaded wagon over a dark bar), the
// lorries loaded ("3L") and the engine, or an empty slot for it.
func (b *builder) miniDock(d int, dv coalbaron.DockView, x, y, w, h float64) {
	gy := y + (h-stripGlyph)/2
	b.text(fmt.Sprint(d+1), x+8, y+30, stripText, true, 0, colMuted, imaging.RoleEssential)
	ex := x + w - 6 - stripGlyph
	if dv.Engine >= 0 {
		b.glyph(KindEngine, engineGlyph(b.e.Card(dv.Engine).Engine), dv.Engine, ex, gy, stripGlyph, stripGlyph)
	} else {
		b.add(Item{Kind: KindSlot, Seat: -1, Card: coalbaron.NoCard, X: ex, Y: gy, W: stripGlyph, H: stripGlyph})
	}
	right := ex - 4
	if dv.Lorries > 0 {
		l := b.t(fmt.Sprintf("%dL", dv.Lorries), "img_cb_dock_lorries", "N", dv.Lorries)
		b.text(l, right, y+30, stripText, true, 1, colInk, imaging.RoleEssential)
		right -= b.width(l, stripText, true) + 4
	}
	wx := x + 30
	// As many wagons as fit; the rest as "+N" after them.
	shown := len(dv.Wagons)
	if fit := int((right - wx + 3) / (stripGlyph + 3)); shown > fit {
		more := func(k int) float64 { return b.width(fmt.Sprintf("+%d", k), stripText, true) + 4 }
		shown = max(0, int((right-wx-more(shown)+3)/(stripGlyph+3)))
		b.text(fmt.Sprintf("+%d", len(dv.Wagons)-shown), wx+float64(shown)*(stripGlyph+3), y+30, stripText, true, 0, colInk, imaging.RoleEssential)
	}
	for _, wg := range dv.Wagons[:shown] {
		b.glyph(KindCrest, b.crestGlyph(b.e.Card(wg.Wagon).Crest), wg.Wagon, wx, gy-2, stripGlyph, stripGlyph)
		if wg.Lorry >= 0 {
			b.add(Item{Kind: KindLoaded, Seat: -1, Card: wg.Lorry, X: wx + 2, Y: gy + stripGlyph, W: stripGlyph - 4, H: 4})
		}
		wx += stripGlyph + 3
	}
}

// ordersEnglish is "1 order", "2 orders": the English of img_cb_orders.
func ordersEnglish(n int) string {
	if n == 1 {
		return "1 order"
	}
	return fmt.Sprintf("%d orders", n)
}

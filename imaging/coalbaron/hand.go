package coalbaronimg

import (
	"fmt"
	"image"

	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// Hand picture geometry in pixels.
const (
	// HandW is the hand picture's width.
	HandW       = 1000
	handCardW   = 180.0
	handCardH   = 112.0
	handGap     = 12.0
	handPerLine = 5
)

// handItems lays out the seat's "My board" picture: its whole board
// (mining row, storage, docks, shares, objectives, delivered trains; the
// turn picture shows each player as a strip) and what only seat v.Seat
// may see: its order and innovation cards and, during its wild action,
// the cards it looks at or still has to return and the one it kept.
func handItems(v coalbaron.SeatView, o imaging.Options) ([]Item, int, int) {
	m, _ := imaging.NewMeasurer()
	b := &builder{o: o, e: edition(v.PublicView), m: m}
	name, english, _ := imaging.Seat(v.Seat)
	letter := o.SeatLetter(v.Seat)
	b.marker(v.Seat, pad+20, 32, 40)
	b.text(b.t(fmt.Sprintf("Only for %s (%s) · shift %d of %d", name, english, v.Shift, v.Shifts), "img_cb_hand_only_for",
		"Colour", o.Say(name, "colour_"+name), "Letter", letter, "Shift", v.Shift, "Shifts", v.Shifts), pad+50, 42, 28, true, 0, colInk, imaging.RoleEssential)
	y := 64.0
	if v.Seat >= 0 && v.Seat < len(v.Players) {
		y = b.player(v.PublicView, o, v.Seat, y, HandW, true)
	}
	section := func(title string, cards []int) {
		b.text(title, pad, y+30, 24, true, 0, colInk, imaging.RoleEssential)
		y += 42
		if len(cards) == 0 {
			b.text(b.t("none", "img_none"), pad, y+28, 23, false, 0, colMuted, imaging.RoleSecondary)
			y += 44
			return
		}
		for k, id := range cards {
			x := pad + float64(k%handPerLine)*(handCardW+handGap)
			cy := y + float64(k/handPerLine)*(handCardH+handGap)
			b.box(x, cy, handCardW, handCardH, 0)
			b.handCard(id, x+10, cy+8, handCardW-20)
		}
		y += float64((len(cards)+handPerLine-1)/handPerLine)*(handCardH+handGap) + 4
	}
	section(b.t(fmt.Sprintf("Your orders (%d)", len(v.Orders)), "img_cb_hand_orders", "N", len(v.Orders)), v.Orders)
	section(b.t(fmt.Sprintf("Your innovations (%d)", len(v.Innovations)), "img_cb_hand_innovations", "N", len(v.Innovations)), v.Innovations)
	if len(v.Looked) > 0 {
		title := b.t("Wild action: the cards you look at, top first", "img_cb_hand_looked")
		if v.Step.Kind == coalbaron.StepWildReturn {
			title = b.t("Wild action: cards to return to the bottom", "img_cb_hand_return")
		}
		section(title, v.Looked)
	}
	if v.Kept >= 0 && v.Kept < len(b.e.Cards) {
		section(b.t("Kept with the wild action", "img_cb_hand_kept"), []int{v.Kept})
	}
	return b.items, HandW, int(y + 8)
}

// handCard lays out a card's face in a w-wide space (about 96 px high):
// the display's face of it, and an order's destination named.
func (b *builder) handCard(id int, x, y, w float64) {
	c := b.e.Card(id)
	switch c.Kind {
	case coalbaron.KindOrder:
		b.glyph(KindDest, b.destGlyph(c.Dest), id, x, y+4, 54, glyph)
		b.text(b.t(fmt.Sprintf("%d+ L", c.Lorries), "img_cb_order_lorries", "N", c.Lorries), x+64, y+30, 24, true, 0, colInk, imaging.RoleEssential)
		b.text(b.vp(c.VP), x+64, y+60, 24, true, 0, colInk, imaging.RoleEssential)
		b.text(b.destName(c.Dest), x, y+90, 23, false, 0, colInk, imaging.RoleEssential)
	default:
		b.card(id, x, y, w)
	}
}

// RenderHand draws what only seat v.Seat may see, for an ephemeral
// message: its orders and innovations, and what its wild action shows it.
// The error reports an unusable font.
func RenderHand(v coalbaron.SeatView, o imaging.Options) (image.Image, error) {
	items, w, h := handItems(v, o)
	img, err := paint(items, w, h, 1)
	if err != nil {
		return nil, err
	}
	return palette().Quantize(img), nil
}

// HandLayout returns the texts RenderHand draws for v.
func HandLayout(v coalbaron.SeatView, o imaging.Options) imaging.Layout {
	items, w, h := handItems(v, o)
	return layoutOf(items, w, h)
}

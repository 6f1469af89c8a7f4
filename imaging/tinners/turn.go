package tinnersimg

import (
	"fmt"
	"image"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The turn picture is made for Discord's chat column, where it is shown
// about 400 px wide: every number a player decides by is at least 9 px
// there (22.5 px of 1,000), and the picture is at most 1.3 × as tall as
// wide. It shows the areas in play as cards by region (turngrid.go), the
// auction, prices, the work track, investment rows, the development
// supply, each seat's money and points, and a legend of the symbols
// shown. The rest of the players' table (mines left, cards in hand, ore
// out, names) and the log are the message text's. The full board keeps
// the map.
const (
	// TurnW is the turn picture's width in pixels.
	TurnW    = 1000
	turnPad  = 16.0
	turnU    = 1.25 // piece size relative to the full board's
	turnDevH = 32.0
)

// RenderTurn draws the turn picture of v: what a player needs to decide,
// readable at 400 px wide. It returns a paletted image (a PNG of it stays
// small). It reads only the public view; the error reports an unusable font.
func RenderTurn(v tinners.PublicView, o imaging.Options) (image.Image, error) {
	items, w, h := turnItems(v, o)
	p, err := newPainter(geometryOf(v.Edition()), w, h)
	if err != nil {
		return nil, err
	}
	p.dc.SetColor(colPanel)
	p.dc.Clear()
	for _, it := range items {
		p.item(it)
	}
	return quantize(p.img), nil
}

// TurnLayout returns the texts RenderTurn draws for v, with their sizes and
// roles.
func TurnLayout(v tinners.PublicView, o imaging.Options) imaging.Layout {
	items, w, h := turnItems(v, o)
	return layoutOf(items, w, h)
}

// nextArsenicSpace returns the section and space the next arsenic cube
// would go on this round ({-1, -1} when none: never, the last space takes
// any number).
func nextArsenicSpace(v tinners.PublicView) [2]int {
	e := v.Edition()
	last := len(e.Arsenic) - 1
	for k := max(v.ArsenicOpen, 0); k <= last && k < len(v.ArsenicMarket); k++ {
		if v.ArsenicMarket[k] < len(e.Arsenic[k]) {
			return [2]int{k, v.ArsenicMarket[k]}
		}
	}
	return [2]int{last, len(e.Arsenic[last]) - 1}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// piecesShort is a seat's pending Michigan pieces: "+train", "+2 miners",
// or "+A +T" when several kinds wait ("" for none).
func piecesShort(o imaging.Options, p tinners.Pieces) string {
	type k struct {
		n           int
		word, short string
		id          string
	}
	var ks []k
	for _, x := range []k{{p.Adits, "adit", "A", "adit"}, {p.Trains, "train", "T", "train"}, {p.Ports, "port", "P", "port"}, {p.Miners, "miner", "M", "miner"}} {
		if x.n > 0 {
			ks = append(ks, x)
		}
	}
	switch {
	case len(ks) == 0:
		return ""
	case len(ks) == 1 && ks[0].n == 1:
		return o.Say("+"+ks[0].word, "img_plus_"+ks[0].id)
	case len(ks) == 1:
		return o.T(engine.Say("img_plus_n_"+ks[0].id+"s", "Count", ks[0].n), fmt.Sprintf("+%d %ss", ks[0].n, ks[0].word))
	}
	var parts []string
	for _, x := range ks {
		short := o.Say(x.short, "img_short_"+x.id)
		s := "+" + short
		if x.n > 1 {
			s = fmt.Sprintf("+%d%s", x.n, short)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// emigrationReward is a location's reward in round r (1-based) on edition
// e's board, short.
func emigrationReward(o imaging.Options, e *tinners.Edition, l, r int) string {
	switch l {
	case tinners.Michigan:
		return michiganReward(o, e, r)
	case tinners.SierraMadre:
		return o.Say(fmt.Sprintf("%d pts", e.SierraPoints[r-1]), "img_points_short", "Points", e.SierraPoints[r-1])
	case tinners.Kimberly:
		return o.Say(fmt.Sprintf("£%d a round", e.KimberlyMoney[r-1]), "img_money_a_round", "Money", e.KimberlyMoney[r-1])
	case tinners.Adelaide:
		b := e.AdelaideBonus[r-1]
		switch {
		case b[1] == 0:
			return o.Say(fmt.Sprintf("+£%d one ore", b[0]), "img_bonus_one_ore", "Money", b[0])
		case b[0] == b[1]:
			return o.Say(fmt.Sprintf("+£%d all ore", b[0]), "img_bonus_all_ore", "Money", b[0])
		}
		return fmt.Sprintf("+£%d / +£%d", b[0], b[1])
	}
	return ""
}

package tinnersimg

import (
	"fmt"
	"math"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The full board's panels: each is laid out by its own function in its own
// units, from its top left corner; boardPanels places them.
const (
	playersX, playersY, playersW = 12.0, 12.0, 740.0 // status and players, in the Atlantic
	stripPad                     = 24.0              // the strip's left margin (ore prices, survey decks)
	stripRowY                    = 44.0              // the strip's panels' headings, from its top
	workX                        = 470.0             // the work track, in the strip
	workColW                     = 50.0              // a work-track column
	investGap                    = 16.0              // between the work track and the investment rows
	devGap                       = 260.0             // from the investment rows to the development board
	arsenicGap                   = 364.0             // from the development board to the arsenic market
	legendW                      = 560.0             // the legend, bottom right in the Channel
	legendRowH                   = 38.0
)

// boardPanels lays out the status, players, auction, prices, work track,
// investment, development, arsenic market and legend panels of the full
// board, whose map is mapH(g) high.
func boardPanels(b *builder, v tinners.PublicView, o imaging.Options, g *mapGeometry) {
	e := v.Edition()
	first := len(b.items)

	b.Push()
	b.Translate(playersX, playersY)
	ph := playersPanel(b, v, o)
	b.Pop()
	if a := v.Auction; a != nil && a.Area >= 0 && a.Area < len(e.Areas) {
		b.Push()
		b.Translate(playersX, playersY+ph+10)
		auctionPanel(b, *a)
		b.Pop()
	}

	// The strip under the map: prices, work track, investment, development.
	top := mapH(g)
	b.Push()
	b.Translate(0, top)
	b.add(Item{Kind: KindPanel, Seat: -1, W: CanvasW, H: stripH, Base: true})
	b.add(Item{Kind: KindLine, Seat: -1, X2: CanvasW, Base: true})
	b.Pop()
	b.Push()
	b.Translate(stripPad, top+stripRowY)
	orePrices(b, v)
	b.Pop()
	b.Push()
	b.Translate(workX, top+stripRowY)
	workTrack(b, v)
	b.Pop()
	ix := workX + float64(e.WorkTrackLen+1)*workColW + investGap
	b.Push()
	b.Translate(ix, top+stripRowY)
	investRows(b, v)
	b.Pop()
	dx := ix + devGap
	b.Push()
	b.Translate(dx, top+stripRowY)
	devBoard(b, v)
	b.Pop()
	if v.NumSeats == 2 {
		b.Push()
		b.Translate(0, top)
		b.text(o.Say(fmt.Sprintf("survey decks: A %d · B %d · C %d", v.DeckSizes[0], v.DeckSizes[1], v.DeckSizes[2]), "img_survey_decks", "A", v.DeckSizes[0], "B", v.DeckSizes[1], "C", v.DeckSizes[2]), stripPad, stripH-20, 20, false, 0, colInk, "")
		b.Pop()
	}
	if v.Arsenic && len(v.ArsenicMarket) == len(e.Arsenic) {
		b.Push()
		b.Translate(dx+arsenicGap, top+stripRowY)
		boardArsenicMarket(b, v)
		b.Pop()
	}

	b.Push()
	legendPanel(b, v, top)
	b.Pop()

	// Plain track boxes only depend on the player count.
	for k := first; k < len(b.items); k++ {
		if it := &b.items[k]; it.Kind == KindBox && it.N == 0 {
			it.Base = true
		}
	}
}

// playersPanel lays out the status and the players' table, and returns
// its height.
func playersPanel(b *builder, v tinners.PublicView, o imaging.Options) float64 {
	const pw = playersW
	toAct := map[int]bool{}
	for _, s := range v.ToAct {
		toAct[s] = true
	}
	solo := soloLines(v, o)
	ph := 150.0 + 46*float64(len(v.Seats)) + 8 + 32*float64(len(solo))
	b.add(Item{Kind: KindPanel, Seat: -1, W: pw, H: ph, Base: true})
	round := o.Say(fmt.Sprintf("Round %d of %d · %s", v.Round, tinners.NumRounds, v.Phase), "img_round_of_phase", "Round", v.Round, "Rounds", tinners.NumRounds, "Phase", phaseText(o, v.Phase))
	if v.Round == 0 {
		round = o.Say("Setup · "+v.Phase.String(), "img_setup_phase", "Phase", phaseText(o, v.Phase))
	}
	b.text("Tinners' Trail", 20, 40, 32, true, 0, colInk, "")
	b.text(round, pw-20, 40, 28, true, 1, colInk, "")
	status, who := statusLine(v, o)
	x := 20.0
	if who >= 0 {
		b.marker(who, 36, 72, 30)
		x = 58
	}
	b.text(status, x, 82, 24, false, 0, colInk, "")
	// players table
	cols := []struct {
		head  string
		x     float64
		align float64
	}{{"player", 62, 0}, {"money", 310, 1}, {"points", 388, 1}, {"mines left", 478, 1},
		{"cards", 540, 1}, {"ore out", 598, 0.5}, {"work", pw - 14, 1}}
	const ty = 128.0
	for _, c := range cols {
		b.text(o.Say(c.head, "img_col_"+strings.ReplaceAll(c.head, " ", "_")), c.x, ty, 18, false, c.align, colMuted, "")
	}
	b.add(Item{Kind: KindLine, Seat: -1, X: 14, Y: ty + 8, X2: pw - 14, Y2: ty + 8})
	for k, sp := range v.Seats {
		ry := ty + 18 + 46*float64(k)
		if toAct[sp.Seat] {
			b.add(Item{Kind: KindBox, Seat: -1, N: 1, X: 10, Y: ry, W: pw - 20, H: 42})
		}
		base := ry + 30
		b.marker(sp.Seat, 36, ry+21, 32)
		b.text(o.Name(sp.Seat), cols[0].x, base, 24, toAct[sp.Seat], 0, colInk, "")
		if isLord(v, sp.Seat) {
			// He keeps no money during a round: his marker is what he owes.
			b.text(o.Say(fmt.Sprintf("owes £%d", v.Solo.Owed), "img_owes", "Money", v.Solo.Owed), cols[1].x, base, 20, true, 1, colInk, "")
		} else {
			b.text(fmt.Sprintf("£%d", sp.Money), cols[1].x, base, 24, true, 1, colInk, "")
		}
		b.text(fmt.Sprint(sp.Points), cols[2].x, base, 24, true, 1, colInk, "")
		b.text(fmt.Sprint(sp.MinesLeft), cols[3].x, base, 24, false, 1, colInk, "")
		b.text(fmt.Sprint(sp.HandCount), cols[4].x, base, 24, false, 1, colInk, "")
		b.add(Item{Kind: KindCube, Seat: -1, Text: "tin", N: sp.Tin, X: cols[5].x - 29, Y: ry + 8, W: 26, H: 26})
		b.add(Item{Kind: KindCube, Seat: -1, Text: "copper", N: sp.Copper, X: cols[5].x + 3, Y: ry + 8, W: 26, H: 26})
		if v.Arsenic {
			b.add(Item{Kind: KindCube, Seat: -1, Text: "arsenic", N: sp.Arsenic, X: cols[5].x + 35, Y: ry + 8, W: 26, H: 26})
		}
		work := o.Say(fmt.Sprintf("col %d", sp.Col), "img_work_col", "Col", sp.Col)
		if sp.Passed {
			work = o.Say(fmt.Sprintf("passed %d", sp.PassRow), "img_work_passed", "Row", sp.PassRow)
		}
		b.text(work, cols[6].x, base, 20, false, 1, colInk, "")
	}
	for k, l := range solo {
		b.text(l, 20, ty+18+46*float64(len(v.Seats))+28+32*float64(k), 22, k == 0, 0, colInk, "")
	}
	return ph
}

// auctionPanel lays out the auction of a (its area valid): the area, the
// bid, who is in and out, the card played.
func auctionPanel(b *builder, a tinners.AuctionView) {
	const pw, ah = playersW, 112.0
	b.add(Item{Kind: KindPanel, Seat: -1, W: pw, H: ah})
	ad := b.e.Areas[a.Area]
	b.add(Item{Kind: KindAuctionIcon, Seat: -1, X: 40, Y: 40, W: 36})
	b.text(b.o.Say(fmt.Sprintf("Auction: %s %s", ad.ID, ad.Name), "img_auction_area_colon", "Area", ad.ID, "Name", ad.Name), 70, 38, 26, true, 0, colInk, "")
	bid := b.o.Say(fmt.Sprintf("min £%d · no bid yet", a.Min), "img_auction_no_bid", "Min", a.Min)
	if a.HighSeat >= 0 {
		bid = b.o.Say(fmt.Sprintf("min £%d · high bid £%d by", a.Min, a.High), "img_auction_min_high_by", "Min", a.Min, "High", a.High)
	}
	b.text(bid, pw-60, 38, 22, false, 1, colInk, "")
	if a.HighSeat >= 0 {
		b.marker(a.HighSeat, pw-34, 30, 30)
	}
	x := 20.0
	in := b.o.Say("in:", "img_auction_in_colon")
	b.text(in, x, 82, 22, false, 0, colMuted, "")
	x += max(36, b.width(in, 22, false)+8)
	for _, s := range a.In {
		b.marker(s, x+16, 74, 30)
		if s == a.Turn {
			bids := b.o.Say("▲ to bid", "img_auction_to_bid")
			b.text(bids, x+34, 82, 18, true, 0, colAuction, "")
			x += max(80, b.width(bids, 18, true)+8)
		}
		x += 38
	}
	if len(a.Out) > 0 {
		out := b.o.Say("out:", "img_auction_out_colon")
		b.text(out, x+10, 82, 22, false, 0, colMuted, "")
		x += max(56, b.width(out, 22, false)+18)
		for _, s := range a.Out {
			b.marker(s, x+16, 74, 26)
			x += 34
		}
	}
	card := ""
	if a.Card != nil {
		card = b.o.Say("card played: "+a.Card.String(), "img_auction_card_played", "Card", cardText(b.o, *a.Card))
		if a.FromDeck {
			card = b.o.Say("from the deck: "+a.Card.String(), "img_auction_from_deck", "Card", cardText(b.o, *a.Card))
		}
	}
	if a.Insured {
		if card != "" {
			card += " · "
		}
		card += b.o.Say("insured", "img_auction_insured")
	}
	if card != "" {
		b.text(card, pw-20, 82, 20, false, 1, colInk, "")
	}
}

// orePrices lays out the tin and copper price tracks, the current price
// highlighted, with the last dice rolled.
func orePrices(b *builder, v tinners.PublicView) {
	e := v.Edition()
	b.text(b.o.Say("Ore prices", "img_ore_prices_head"), 0, 0, 24, true, 0, colInk, "")
	for r, tr := range []struct {
		kind   string
		prices [4]int
		col    int
		dice   [3]int
	}{{"tin", e.TinPrices, v.TinCol, v.TinDice}, {"copper", e.CopperPrices, v.CopperCol, v.CopDice}} {
		y := 22 + float64(r)*70
		b.add(Item{Kind: KindCube, Seat: -1, Text: tr.kind, N: -1, Y: y + 12, W: 30, H: 30})
		for c, p := range tr.prices {
			hl := b2i(c == tr.col)
			bx := 42 + float64(c)*76
			b.add(Item{Kind: KindBox, Seat: -1, N: hl, X: bx, Y: y, W: 70, H: 54})
			b.text(fmt.Sprintf("£%d", p), bx+35, y+37, 26, hl == 1, 0.5, colInk, "")
			if hl == 1 {
				b.add(Item{Kind: KindCube, Seat: -1, Text: tr.kind, N: -1, X: bx + 52, Y: y - 6, W: 18, H: 18})
			}
		}
		if tr.dice != [3]int{} {
			b.text(b.o.Say(fmt.Sprintf("dice %d+%d+%d", tr.dice[0], tr.dice[1], tr.dice[2]), "img_dice", "A", tr.dice[0], "B", tr.dice[1], "C", tr.dice[2]), 42+4*76, y+35, 18, false, 0, colMuted, "")
		}
	}
}

// workStacks are the markers on each column of the work track: the seats
// still in, in turn order (then any not in it), bottom first.
func workStacks(v tinners.PublicView) [][]int {
	e := v.Edition()
	stacks := make([][]int, e.WorkTrackLen+1)
	inOrder := map[int]bool{}
	for _, s := range v.TurnOrder {
		if s >= 0 && s < len(v.Seats) && !v.Seats[s].Passed {
			c := clamp(v.Seats[s].Col, 0, e.WorkTrackLen)
			stacks[c] = append(stacks[c], s)
			inOrder[s] = true
		}
	}
	for _, sp := range v.Seats {
		if !sp.Passed && !inOrder[sp.Seat] {
			c := clamp(sp.Col, 0, e.WorkTrackLen)
			stacks[c] = append(stacks[c], sp.Seat)
		}
	}
	return stacks
}

// workTrack lays out the work track: a column per work point with the
// markers of the seats still in (in turn order), and Arsenic's limiters
// under their columns.
func workTrack(b *builder, v tinners.PublicView) {
	e := v.Edition()
	b.text(b.o.Say("Work track", "img_work_track"), 0, 0, 24, true, 0, colInk, "")
	b.text(b.o.Say("active: leftmost, then uppermost", "img_work_track_active"), 150, 0, 18, false, 0, colMuted, "")
	stacks := workStacks(v)
	const colW = workColW
	for c := 0; c <= e.WorkTrackLen; c++ {
		bx := float64(c) * colW
		b.add(Item{Kind: KindBox, Seat: -1, X: bx, Y: 14, W: colW - 4, H: 244})
		b.text(fmt.Sprint(c), bx+(colW-4)/2, 40, 20, true, 0.5, colMuted, "")
		for k, s := range stacks[c] {
			b.marker(s, bx+(colW-4)/2, 68+float64(k)*42, 38)
		}
	}
	// Arsenic: each seat's limiter, under its column.
	limiters := make([][]int, e.WorkTrackLen+1)
	for _, sp := range v.Seats {
		if c := sp.Limiter; c > 0 && c <= e.WorkTrackLen {
			limiters[c] = append(limiters[c], sp.Seat)
		}
	}
	for c, seats := range limiters {
		tw := math.Min(22, (colW-4)/float64(max(len(seats), 1)))
		for k, s := range seats {
			bx := float64(c)*colW + (colW-4)/2 - tw*float64(len(seats))/2 + float64(k)*tw
			b.add(Item{Kind: KindLimiter, Seat: s, X: bx, Y: 261, W: tw - 1, H: 22})
		}
	}
}

// investRows lays out the investment rows: points for £10 / £5, and who
// passed into each.
func investRows(b *builder, v tinners.PublicView) {
	b.text(b.o.Say("Investment", "img_investment"), 0, 0, 24, true, 0, colInk, "")
	b.text("£10 / £5", 150, 0, 18, false, 0, colMuted, "")
	byRow := map[int]int{}
	for _, sp := range v.Seats {
		if sp.PassRow > 0 {
			byRow[sp.PassRow] = sp.Seat
		}
	}
	for r := 0; r < len(v.InvestRows); r++ {
		y := 14 + float64(r)*50
		hl := 0
		if s, ok := byRow[r+1]; ok && s == v.InvestTurn {
			hl = 1
		}
		b.add(Item{Kind: KindBox, Seat: -1, N: hl, Y: y, W: 230, H: 46})
		b.text(fmt.Sprint(r+1), 16, y+31, 18, false, 0.5, colMuted, "")
		b.text(fmt.Sprintf("%d / %d", v.InvestRows[r][0], v.InvestRows[r][1]), 90, y+32, 24, true, 0.5, colInk, "")
		if s, ok := byRow[r+1]; ok {
			b.marker(s, 190, y+23, 36)
			if v.Seats[s].InvestDone {
				b.text(b.o.Say("done", "img_done"), 150, y+31, 14, false, 1, colMuted, "")
			}
		}
	}
}

// devBoard lays out this round's column of the development board: the
// pieces left and the steam pump groups of every round.
func devBoard(b *builder, v tinners.PublicView) {
	b.text(b.o.Say(fmt.Sprintf("Development, round %d", clamp(v.Round, 1, tinners.NumRounds)), "img_development_round", "Round", clamp(v.Round, 1, tinners.NumRounds)), 0, 0, 24, true, 0, colInk, "")
	devs := []struct {
		kind      Kind
		one, name string
		n         int
	}{{KindMiner, "miner", "miners", v.Dev.Miners}, {KindPort, "port", "ports", v.Dev.Ports}, {KindTrain, "train", "trains", v.Dev.Trains}, {KindAdit, "adit", "adits", v.Dev.Adits}}
	// The second column 170 px on, or further when a label of the first
	// (longer words) needs it.
	col := 170.0
	labels := make([]string, len(devs))
	for k, d := range devs {
		labels[k] = sayN(b.o, "img_n_"+d.name, d.n, d.one, d.name)
		if k%2 == 0 {
			col = max(col, 46+b.width(labels[k], 22, d.n > 0)+10)
		}
	}
	for k, d := range devs {
		x := float64(k%2) * col
		y := 22 + float64(k/2)*48
		b.add(Item{Kind: KindDevPiece, Seat: -1, Icon: d.kind, N: d.n, X: x, Y: y, W: 36, H: 36})
		b.text(labels[k], x+46, y+27, 22, d.n > 0, 0, colInk, "")
	}
	b.text(b.o.Say("steam pump groups", "img_pump_groups"), 0, 140, 20, false, 0, colMuted, "")
	for r, groups := range v.Dev.Pumps {
		x := float64(r) * 86
		const y = 152.0
		hl := b2i(r+1 == v.Round)
		b.add(Item{Kind: KindBox, Seat: -1, N: hl, X: x, Y: y, W: 80, H: 92})
		b.text(b.o.Say(fmt.Sprintf("R%d", r+1), "img_round_short", "Round", r+1), x+40, y+22, 18, hl == 1, 0.5, colMuted, "")
		for k, n := range groups {
			t := ""
			if n == 0 {
				t = "taken"
			}
			b.add(Item{Kind: KindPump, Seat: -1, N: n, Text: t, X: x + 8 + float64(k)*34, Y: y + 38, W: 30, H: 30})
		}
	}
	if v.Dev.NextPumps > 0 {
		b.text(b.o.T(engine.Say("img_next_group", "Count", v.Dev.NextPumps), "next group: "+plural(v.Dev.NextPumps, "pump", "pumps")), 0, 272, 18, false, 0, colMuted, "")
	}
}

// boardArsenicMarket lays out the full board's arsenic market: one row
// per section, best first, with the rounds it is open in.
func boardArsenicMarket(b *builder, v tinners.PublicView) {
	e := v.Edition()
	b.text(b.o.Say("Arsenic market", "img_arsenic_market"), 0, 0, 24, true, 0, colInk, "")
	b.text(b.o.Say(fmt.Sprintf("next £%d", v.ArsenicNext), "img_arsenic_next", "Price", v.ArsenicNext), 320, 0, 22, true, 1, colInk, "")
	next := nextArsenicSpace(v)
	for k, sec := range e.Arsenic {
		ry := 14 + float64(k)*56
		closed := k < v.ArsenicOpen
		caption := arsenicCaption(b.o, k, closed)
		b.text(caption, 0, ry+31, b.fit(caption, 16, 11, 56, false), false, 0, colMuted, "")
		for j, price := range sec {
			n := 0
			switch {
			case closed:
				n = 2
			case k == next[0] && j == next[1]:
				n = 1
			}
			bx := 58 + float64(j)*66
			b.add(Item{Kind: KindBox, Seat: -1, N: n, X: bx, Y: ry, W: 62, H: 50})
			if filled := v.ArsenicMarket[k]; j < filled {
				cubes := -1
				if k == len(e.Arsenic)-1 && j == len(sec)-1 && filled > len(sec) {
					cubes = filled - len(sec) + 1
				}
				b.add(Item{Kind: KindCube, Seat: -1, Text: "arsenic", N: cubes, X: bx + 16, Y: ry + 10, W: 30, H: 30})
				continue
			}
			ink := colInk
			if closed {
				ink = colMuted
			}
			b.text(fmt.Sprintf("£%d", price), bx+31, ry+33, 22, !closed, 0.5, ink, "")
		}
	}
}

// legendPanel lays out the legend, bottom right in the Channel, its
// bottom 30 px above top (the map's bottom edge).
func legendPanel(b *builder, v tinners.PublicView, top float64) {
	type row struct {
		kind      Kind
		sub, text string
	}
	legend := []row{
		{KindCube, "tin", "tin"}, {KindCube, "copper", "copper"}, {KindCube, "water", "water"},
		{KindTileDown, "", "face-down tile"}, {KindPeek, "", "peeked by"}, {KindDrain, "", "drainage"},
		{KindMine, "", "mine (owner)"}, {KindMiner, "", "miner"}, {KindPort, "", "port"},
		{KindTrain, "", "train"}, {KindPump, "", "steam pump"}, {KindAdit, "", "adit"},
		{KindCapacity, "", "capacity"}, {KindAuction, "", "auction"}, {KindRemoved, "", "tile removed"},
	}
	if v.Arsenic {
		legend = append(legend, row{KindCube, "arsenic", "arsenic"}, row{KindCalciner, "", "calciner"}, row{KindLimiter, "", "limiter"})
	}
	lrows := float64((len(legend) + 2) / 3)
	b.Translate(CanvasW-legendW, top-30-legendRowH*lrows)
	b.add(Item{Kind: KindPanel, Seat: -1, X: -14, Y: -14, W: legendW, H: 16 + legendRowH*lrows, Base: true})
	for k, l := range legend {
		x := float64(k%3) * 180
		y := float64(k/3) * legendRowH
		id := "img_legend_" + strings.NewReplacer(" ", "_", "-", "_", "(", "", ")", "").Replace(l.text)
		word := ""
		if l.kind == KindRemoved {
			word = b.o.Say("tile removed (2p)", "img_legend_tile_removed_2p")
		}
		b.add(Item{Kind: KindLegend, Seat: -1, Text: b.o.Say(l.text, id), Word: word, Icon: l.kind, Area: l.sub, X: x, Y: y, W: 30, H: 28, Base: true})
	}
}

package tinnersimg

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// The turn picture is a column of full-width bands. Each band is laid out
// by its own function from its top (x stays the picture's, with turnPad
// margins) and returns its height; turnItems stacks them.

// turnItems lays out the turn picture and returns its size.
func turnItems(v tinners.PublicView, o imaging.Options) ([]Item, int, int) {
	v, o = soloPrep(v, o)
	b := &builder{o: o, e: v.Edition()}
	y := 0.0
	band := func(lay func() float64) {
		b.Push()
		b.Translate(0, y)
		y += lay()
		b.Pop()
	}
	band(func() float64 { return turnHeader(b, v, o) })
	changed := map[int]bool{}
	for _, i := range o.Changed {
		changed[i] = true
	}
	band(func() float64 { return turnAreaGrid(b, v, o, changed) + gridGap })
	if len(v.Seats) > 0 {
		band(func() float64 { return turnChips(b, v) })
	}
	// Solo: Lord Wallace's money marker, decks and the difficulty.
	for k, l := range soloLines(v, o) {
		band(func() float64 {
			b.text(l, turnPad+4, 24, 23, k == 0, 0, colInk, imaging.RoleEssential)
			return 32
		})
	}
	if a := v.Auction; a != nil && a.Area >= 0 && a.Area < len(v.Edition().Areas) {
		band(func() float64 { return turnAuction(b, *a) })
	}
	// A finished game's picture is the result: the mines and the seats'
	// money and points, without the tracks no one will play on.
	over := v.Phase == tinners.PhaseOver
	if !over {
		band(func() float64 { return turnSupply(b, v) })
		band(func() float64 { return turnWorkTrack(b, v) })
	}
	if !over && v.Arsenic && len(v.ArsenicMarket) == len(v.Edition().Arsenic) {
		band(func() float64 { return turnArsenicMarket(b, v) })
	}
	if !over && v.Emigration && len(v.Emigrants) == tinners.NumLocations {
		band(func() float64 { return turnEmigration(b, v) })
	}
	if !over && len(v.InvestRows) > 0 {
		band(func() float64 { return turnInvest(b, v) })
	}
	band(func() float64 { return turnNotes(b, v) })
	band(func() float64 { return turnLegend(b, b.items) })
	return withLetters(resolveColours(v.Edition(), soloColours(v, b.items)), o), TurnW, int(math.Ceil(y + 6))
}

// turnHeader lays out who acts, the round and phase, and the prices.
func turnHeader(b *builder, v tinners.PublicView, o imaging.Options) float64 {
	const W = float64(TurnW)
	status, who := statusLine(v, o)
	x := turnPad
	if who >= 0 {
		b.marker(who, x+17, 30, 34)
		x += 44
	}
	b.text(status, x, 40, b.fit(status, 26, imaging.MinEssentialPx*W/imaging.PhoneWidth, W-turnPad-x, true), true, 0, colInk, imaging.RoleEssential)
	phase := phaseText(o, v.Phase)
	round := o.Say(fmt.Sprintf("Round %d of %d · %s", v.Round, tinners.NumRounds, v.Phase), "img_round_of_phase", "Round", v.Round, "Rounds", tinners.NumRounds, "Phase", phase)
	if v.Round == 0 {
		round = o.Say("Setup · "+v.Phase.String(), "img_setup_phase", "Phase", phase)
	}
	b.text(round, turnPad, 76, 24, false, 0, colInk, imaging.RoleEssential)
	b.text(o.Say(fmt.Sprintf("tin £%d · copper £%d", v.Tin, v.Copper), "img_ore_prices", "Tin", v.Tin, "Copper", v.Copper), W-turnPad, 76, 24, true, 1, colInk, imaging.RoleEssential)
	return 88
}

// turnChips lays out money and points, one chip per seat (with arsenic
// held and the last column, and own miners and pieces to place, in those
// modules).
func turnChips(b *builder, v tinners.PublicView) float64 {
	const W = float64(TurnW)
	toAct := map[int]bool{}
	for _, s := range v.ToAct {
		toAct[s] = true
	}
	cw := (W - 2*turnPad) / float64(len(v.Seats))
	// With both modules, own miners share the arsenic row: a narrow chip
	// (4 or 5 seats) then gives the last column as a limiter tab and its
	// number, which the legend explains.
	oneRow := v.Arsenic && v.Emigration
	narrow := cw < 320
	pending := false
	for _, sp := range v.Seats {
		pending = pending || piecesShort(b.o, sp.Pending) != ""
	}
	chipH := 48.0
	if v.Arsenic || v.Emigration {
		chipH += 40
	}
	if v.Arsenic && v.Emigration && narrow && pending {
		chipH += 36 // Michigan's pieces on a row of their own
	}
	for k, sp := range v.Seats {
		b.Push()
		b.Translate(turnPad+float64(k)*cw, 0)
		b.add(Item{Kind: KindBox, Seat: -1, N: b2i(toAct[sp.Seat]), X: 2, W: cw - 4, H: chipH})
		b.marker(sp.Seat, 24, 24, 34)
		if isLord(v, sp.Seat) {
			// He keeps no money during a round: his marker is what he owes.
			b.text(b.o.Say(fmt.Sprintf("owes £%d", v.Solo.Owed), "img_owes", "Money", v.Solo.Owed), 46, 33, 25, true, 0, colInk, imaging.RoleEssential)
		} else {
			b.text(fmt.Sprintf("£%d", sp.Money), 46, 33, 25, true, 0, colInk, imaging.RoleEssential)
		}
		b.text(sayN(b.o, "img_pts", sp.Points, "pt", "pts"), cw-10, 33, 23, false, 1, colInk, imaging.RoleEssential)
		ex := 10.0
		if v.Arsenic {
			// Arsenic held, and the last column once the limiter is down.
			b.add(Item{Kind: KindCube, Seat: -1, Text: "arsenic", N: sp.Arsenic, X: 10, Y: 50, W: 32, H: 32})
			switch {
			case sp.Limiter > 0 && oneRow && narrow:
				b.add(Item{Kind: KindLimiter, Seat: sp.Seat, X: 50, Y: 51, W: 24, H: 30})
				b.text(fmt.Sprint(sp.FinalCol), 80, 75, 23, true, 0, colInk, imaging.RoleEssential)
				ex = 112
			case sp.Limiter > 0:
				last := b.o.Say(fmt.Sprintf("last col %d", sp.FinalCol), "img_last_col", "Col", sp.FinalCol)
				b.text(last, 50, 75, 23, true, 0, colInk, imaging.RoleEssential)
				ex = 50 + b.width(last, 23, true) + 16
			case oneRow:
				ex = 56
			default:
				b.text(b.o.Say("arsenic", "img_arsenic"), 50, 74, 20, false, 0, colMuted, imaging.RoleSecondary)
			}
		}
		if v.Emigration {
			// Own miners in hand, and Michigan's pieces to place.
			ey := 50.0
			b.add(Item{Kind: KindOwnMiner, Seat: sp.Seat, X: ex, Y: ey, W: 30, H: 30})
			b.text(fmt.Sprintf("×%d", sp.OwnMiners), ex+36, ey+24, 23, true, 0, colInk, imaging.RoleEssential)
			if p := piecesShort(b.o, sp.Pending); p != "" {
				py := ey + 24
				if v.Arsenic && narrow {
					py += 36
				}
				b.text(p, cw-10, py, 23, true, 1, colInk, imaging.RoleEssential)
			}
		}
		b.Pop()
	}
	return chipH + 10
}

// turnAuction lays out the auction of a (its area valid): the area, the
// bid, who is in and out, the card played and the minimum.
func turnAuction(b *builder, a tinners.AuctionView) float64 {
	const W = float64(TurnW)
	ad := b.e.Areas[a.Area]
	panel := len(b.items)
	b.add(Item{Kind: KindPanel, Seat: -1, X: turnPad, W: W - 2*turnPad, H: 96})
	b.add(Item{Kind: KindAuction, Seat: -1, X: turnPad + 8, Y: 8, W: 40, H: 36, Size: 4})
	b.text(b.o.Say(fmt.Sprintf("Auction %s %s", ad.ID, ad.Name), "img_auction_area", "Area", ad.ID, "Name", ad.Name), turnPad+58, 36, 25, true, 0, colInk, imaging.RoleEssential)
	bid := b.o.Say(fmt.Sprintf("min £%d · no bid yet", a.Min), "img_auction_no_bid", "Min", a.Min)
	if a.HighSeat >= 0 {
		bid = b.o.Say(fmt.Sprintf("high bid £%d by", a.High), "img_auction_high_by", "High", a.High)
	}
	bx := W - turnPad - 12
	if a.HighSeat >= 0 {
		b.marker(a.HighSeat, bx-16, 27, 32)
		bx -= 40
	}
	b.text(bid, bx, 36, 24, true, 1, colInk, imaging.RoleEssential)
	// Who bids now, then who else is in, then who is out: each word
	// before its discs ("in (O)(B) ▲ bids (G)" read as "G bids").
	x := turnPad + 12
	group := func(word string, bold bool, c color.RGBA, seats []int) {
		if len(seats) == 0 {
			return
		}
		b.text(word, x, 80, 22, bold, 0, c, imaging.RoleSecondary)
		x += b.width(word, 22, bold) + 8
		for _, s := range seats {
			b.marker(s, x+15, 72, 30)
			x += 34
		}
		x += 14
	}
	var others []int
	for _, s := range a.In {
		if s != a.Turn {
			others = append(others, s)
		}
	}
	if slices.Contains(a.In, a.Turn) {
		group(b.o.Say("to bid:", "img_auction_bidder"), true, colAuction, []int{a.Turn})
		group(b.o.Say("also in:", "img_auction_also_in"), false, colMuted, others)
	} else {
		group(b.o.Say("in:", "img_auction_in_colon"), false, colMuted, a.In)
	}
	group(b.o.Say("out:", "img_auction_out_colon"), false, colMuted, a.Out)
	var notes []string
	if a.Card != nil {
		if a.FromDeck {
			notes = append(notes, b.o.Say("deck: "+a.Card.String(), "img_auction_deck_card", "Card", cardText(b.o, *a.Card)))
		} else {
			notes = append(notes, b.o.Say("card: "+a.Card.String(), "img_auction_card", "Card", cardText(b.o, *a.Card)))
		}
	}
	if a.HighSeat >= 0 {
		notes = append(notes, b.o.Say(fmt.Sprintf("min £%d", a.Min), "img_auction_min", "Min", a.Min))
	}
	if a.Insured {
		notes = append(notes, b.o.Say("insured", "img_auction_insured"))
	}
	// The card, minimum and insurance after the seats, or on a line of
	// their own when they do not fit there (longer words).
	line := strings.Join(notes, " · ")
	if x+b.width(line, 23, false) > W-turnPad-12 {
		b.text(line, W-turnPad-12, 114, 23, false, 1, colInk, imaging.RoleEssential)
		b.items[panel].H += 34
		return 106 + 34
	}
	b.text(line, W-turnPad-12, 80, 23, false, 1, colInk, imaging.RoleEssential)
	return 106
}

// turnSupply lays out the ore prices (left), the development supply and
// this round's steam pump groups (right).
func turnSupply(b *builder, v tinners.PublicView) float64 {
	e := v.Edition()
	for r, tr := range []struct {
		kind   string
		prices [4]int
		col    int
	}{{"tin", e.TinPrices, v.TinCol}, {"copper", e.CopperPrices, v.CopperCol}} {
		ry := float64(r) * 52
		b.add(Item{Kind: KindCube, Seat: -1, Text: tr.kind, N: -1, X: turnPad, Y: ry + 9, W: 30, H: 30})
		for c, p := range tr.prices {
			bx := turnPad + 40 + float64(c)*70
			b.add(Item{Kind: KindBox, Seat: -1, N: b2i(c == tr.col), X: bx, Y: ry, W: 66, H: 46})
			b.text(fmt.Sprintf("£%d", p), bx+33, ry+32, 24, c == tr.col, 0.5, colInk, imaging.RoleEssential)
		}
	}
	dx := turnPad + 40 + 4*70 + 24
	devs := []struct {
		kind      Kind
		one, many string
		n         int
	}{{KindMiner, "miner", "miners", v.Dev.Miners}, {KindPort, "port", "ports", v.Dev.Ports},
		{KindTrain, "train", "trains", v.Dev.Trains}, {KindAdit, "adit", "adits", v.Dev.Adits}}
	labels := make([]string, len(devs))
	// Two columns, 170 px apart unless a label (longer words) needs more.
	colW := [2]float64{170, 170}
	for k, d := range devs {
		labels[k] = sayN(b.o, "img_n_"+d.many, d.n, d.one, d.many)
		colW[k%2] = max(colW[k%2], 42+b.width(labels[k], 24, d.n > 0)+14)
	}
	for k, d := range devs {
		x := dx + float64(k%2)*colW[0]
		ry := float64(k/2) * 52
		b.add(Item{Kind: KindDevPiece, Seat: -1, Icon: d.kind, N: d.n, X: x, Y: ry + 6, W: 34, H: 34})
		b.text(labels[k], x+42, ry+32, 24, d.n > 0, 0, colInk, imaging.RoleEssential)
	}
	// This round's steam pump groups.
	px := dx + colW[0] + colW[1]
	b.text(b.o.Say("pumps", "img_pumps"), px, 20, 20, false, 0, colMuted, imaging.RoleSecondary)
	if r := v.Round - 1; r >= 0 && r < len(v.Dev.Pumps) {
		for k, n := range v.Dev.Pumps[r] {
			t := ""
			if n == 0 {
				t = "taken"
			}
			b.add(Item{Kind: KindPump, Seat: -1, N: n, Text: t, X: px + float64(k)*58, Y: 30, W: 52, H: 34})
		}
	}
	if v.Dev.NextPumps > 0 {
		b.text(b.o.T(engine.Say("img_next_pumps", "Count", v.Dev.NextPumps), "next "+plural(v.Dev.NextPumps, "pump", "pumps")), px, 96, 23, false, 0, colInk, imaging.RoleEssential)
	}
	return 112
}

// turnWorkTrack lays out the work track: columns 0..10 with the seats
// still in, active first, two markers a row, and Arsenic's limiters under
// their columns.
func turnWorkTrack(b *builder, v tinners.PublicView) float64 {
	e := v.Edition()
	const W = float64(TurnW)
	e0 := e.WorkTrackLen + 1
	stacks := workStacks(v)
	cw := (W - 2*turnPad) / float64(e0)
	// Markers of 28 px, as many a row as a column holds (at most 3).
	perRow := max(1, min(3, int((cw-4)/27)))
	rows := 1
	for _, st := range stacks {
		rows = max(rows, (len(st)+perRow-1)/perRow)
	}
	// Arsenic: each seat's limiter sits under its column, in a row of tabs.
	limiters := make([][]int, e0)
	limRows := 0
	for _, sp := range v.Seats {
		if sp.Limiter > 0 && sp.Limiter <= e.WorkTrackLen {
			limiters[sp.Limiter] = append(limiters[sp.Limiter], sp.Seat)
			limRows = max(limRows, (len(limiters[sp.Limiter])+2)/3)
		}
	}
	head := b.o.Say("Work track · leftmost acts first, then the upper", "img_work_track_head")
	if limRows > 0 {
		head = b.o.Say("Work track · leftmost first · dark tab: limiter", "img_work_track_head_limiter")
	}
	b.text(head, turnPad, 20, 20, false, 0, colMuted, imaging.RoleSecondary)
	const y = 28.0
	bh := 34 + 29*float64(rows) + 34*float64(limRows)
	for c := 0; c < e0; c++ {
		b.Push()
		b.Translate(turnPad+float64(c)*cw, y)
		b.add(Item{Kind: KindBox, Seat: -1, X: 2, W: cw - 4, H: bh})
		b.text(fmt.Sprint(c), cw/2, 26, 23, true, 0.5, colMuted, imaging.RoleEssential)
		for k, s := range stacks[c] {
			// Each row centred: the last one may hold fewer.
			inRow := min(perRow, len(stacks[c])-perRow*(k/perRow))
			mx := cw/2 + 27*(float64(k%perRow)-float64(inRow-1)/2)
			b.marker(s, mx, 48+29*float64(k/perRow), 28)
		}
		for k, s := range limiters[c] {
			n := min(len(limiters[c])-3*(k/3), 3)
			lx := cw/2 - float64(n)*14 + float64(k%3)*28
			b.add(Item{Kind: KindLimiter, Seat: s, X: lx + 1, Y: bh - 34*float64(limRows) + 34*float64(k/3), W: 26, H: 30})
		}
		b.Pop()
	}
	return y + bh + 10
}

// turnArsenicMarket lays out the arsenic market in one row: its sections
// best first, each space's price (an arsenic cube where filled), closed
// sections grey, the next cube's space highlighted and its price named.
func turnArsenicMarket(b *builder, v tinners.PublicView) float64 {
	e := v.Edition()
	const W = float64(TurnW)
	b.text(b.o.Say("Arsenic market · sections close round by round", "img_arsenic_market_head"), turnPad, 20, 20, false, 0, colMuted, imaging.RoleSecondary)
	b.text(b.o.Say(fmt.Sprintf("next cube £%d", v.ArsenicNext), "img_arsenic_next_cube", "Price", v.ArsenicNext), W-turnPad, 23, 24, true, 1, colInk, imaging.RoleEssential)
	b.Translate(0, 28)
	spaces, gap := 0, 14.0
	for _, sec := range e.Arsenic {
		spaces += len(sec)
	}
	bw := (W - 2*turnPad - gap*float64(len(e.Arsenic)-1)) / float64(spaces)
	next := nextArsenicSpace(v)
	x := turnPad
	for k, sec := range e.Arsenic {
		closed := k < v.ArsenicOpen
		b.text(arsenicCaption(b.o, k, closed), x+bw*float64(len(sec))/2, 20, 22.5, false, 0.5, colMuted, imaging.RoleSecondary)
		for j, price := range sec {
			n := 0
			switch {
			case closed:
				n = 2
			case k == next[0] && j == next[1]:
				n = 1
			}
			bx := x + float64(j)*bw
			b.add(Item{Kind: KindBox, Seat: -1, N: n, X: bx + 2, Y: 26, W: bw - 4, H: 46})
			if filled := v.ArsenicMarket[k]; j < filled {
				cubes := -1
				if k == len(e.Arsenic)-1 && j == len(sec)-1 && filled > len(sec) {
					cubes = filled - len(sec) + 1 // the last space holds any number
				}
				b.add(Item{Kind: KindCube, Seat: -1, Text: "arsenic", N: cubes, X: bx + bw/2 - 16, Y: 33, W: 32, H: 32})
				continue
			}
			role, ink := imaging.RoleEssential, colInk
			if closed {
				role, ink = imaging.RoleSecondary, colMuted
			}
			b.text(fmt.Sprintf("£%d", price), bx+bw/2, 58, 23, !closed, 0.5, ink, role)
		}
		x += float64(len(sec))*bw + gap
	}
	return 28 + 80
}

// turnEmigration lays out the emigration board: one box per location
// with this round's reward and its four round spaces, each claimed space
// holding the claimer's marker (Kimberly's and Adelaide's are their
// tokens), this round's space highlighted.
func turnEmigration(b *builder, v tinners.PublicView) float64 {
	e := v.Edition()
	const W = float64(TurnW)
	b.text(b.o.Say(fmt.Sprintf("Emigration · round %d spaces", v.Round), "img_emigration_head", "Round", v.Round), turnPad, 21, 23, false, 0, colMuted, imaging.RoleSecondary)
	bw := (W - 2*turnPad) / float64(tinners.NumLocations)
	r := clamp(v.Round, 1, tinners.NumRounds)
	for l, row := range v.Emigrants {
		b.Push()
		b.Translate(turnPad+float64(l)*bw, 28)
		b.add(Item{Kind: KindBox, Seat: -1, X: 2, W: bw - 4, H: 84})
		b.text(e.Emigration[l].Name, 10, 25, 23, true, 0, colInk, imaging.RoleEssential)
		b.text(emigrationReward(b.o, b.e, l, r), 10, 50, 23, false, 0, colInk, imaging.RoleEssential)
		sw := (bw - 16) / float64(tinners.NumRounds)
		for k, seat := range row {
			sx := 8 + float64(k)*sw
			b.add(Item{Kind: KindBox, Seat: -1, N: b2i(k == r-1 && seat < 0), X: sx + 2, Y: 55, W: sw - 4, H: 26})
			if seat >= 0 {
				b.marker(seat, sx+sw/2, 68, 27)
			} else {
				b.text(fmt.Sprint(k+1), sx+sw/2, 77, 23, false, 0.5, colMuted, imaging.RoleSecondary)
			}
		}
		b.Pop()
	}
	return 28 + 92
}

// turnInvest lays out the investment rows: points for £10 / £5, and who
// passed into each.
func turnInvest(b *builder, v tinners.PublicView) float64 {
	const W = float64(TurnW)
	b.text(b.o.Say("Invest £10 / £5 → points, by pass order", "img_invest_head"), turnPad, 21, 23, false, 0, colMuted, imaging.RoleSecondary)
	byRow := map[int]int{}
	for _, sp := range v.Seats {
		if sp.PassRow > 0 {
			byRow[sp.PassRow] = sp.Seat
		}
	}
	iw := (W - 2*turnPad) / float64(len(v.InvestRows))
	for r, row := range v.InvestRows {
		b.Push()
		b.Translate(turnPad+float64(r)*iw, 28)
		s, ok := byRow[r+1]
		b.add(Item{Kind: KindBox, Seat: -1, N: b2i(ok && s == v.InvestTurn), X: 2, W: iw - 4, H: 46})
		b.text(fmt.Sprint(r+1), 12, 32, 23, false, 0, colMuted, imaging.RoleSecondary)
		b.text(fmt.Sprintf("%d/%d", row[0], row[1]), 34, 32, 24, true, 0, colInk, imaging.RoleEssential)
		if ok {
			b.marker(s, iw-24, 23, 32)
			if v.Seats[s].InvestDone {
				b.text(b.o.Say("done", "img_done"), iw-44, 31, 18, false, 1, colMuted, imaging.RoleSecondary)
			}
		}
		b.Pop()
	}
	return 28 + 56
}

// turnNotes lays out the adits and, for 2 players, the survey decks; its
// height is 0 when there is neither.
func turnNotes(b *builder, v tinners.PublicView) float64 {
	e := v.Edition()
	var notes []string
	var adits []string
	for k, on := range v.Adits {
		if on && k < len(e.Borders) {
			br := e.Borders[k]
			adits = append(adits, e.Areas[br[0]].ID+"–"+e.Areas[br[1]].ID)
		}
	}
	if len(adits) > 0 {
		notes = append(notes, b.o.Say("adits "+strings.Join(adits, ", "), "img_adits_list", "List", strings.Join(adits, ", ")))
	}
	if v.NumSeats == 2 {
		notes = append(notes, b.o.Say(fmt.Sprintf("decks A %d · B %d · C %d", v.DeckSizes[0], v.DeckSizes[1], v.DeckSizes[2]), "img_decks_short", "A", v.DeckSizes[0], "B", v.DeckSizes[1], "C", v.DeckSizes[2]))
	}
	if len(notes) == 0 {
		return 0
	}
	b.text(strings.Join(notes, " · "), turnPad, 24, 23, false, 0, colInk, imaging.RoleEssential)
	return 36
}

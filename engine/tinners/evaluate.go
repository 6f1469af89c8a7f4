package tinners

// Evaluate estimates how seat stands (the bot's evaluation, used by
// package autoplay on re-dealt matches): its expected final points minus
// the best of the other seats' and Lord Wallace's. At the end of the game
// it is the exact margin in points.
//
// A seat's worth is its points, plus its money and this round's ore at the
// current prices turned into points at this round's second investment row
// (in the invest phase: the points its money buys now at its own row, as
// investments of £10 and £5 go), plus a share (futureOre) of what the ore
// left in its mines would bring net of the water it costs to take out
// (mineValue), plus a little (workPoint) per work point it has left to
// spend this round. Lord Wallace's worth is his alike, less what he owes
// and without the work points (his cards decide his actions).
func (m Match) Evaluate(seat int) float64 {
	s := m.S
	if seat < 0 || seat >= len(s.Players) {
		return 0
	}
	best := -1e9
	for i := range s.Players {
		if i != seat {
			best = max(best, s.worth(i))
		}
	}
	return s.worth(seat) - best
}

// futureOre is the share of a mine's net worth (mineValue) that the
// evaluation counts as money to come: taking ore out now gains the rest,
// so the search mines (at 1 it would see no gain in mining, and with the
// gross value of the cubes, as before, it bid its money away on mines and
// could not pay for the water).
const futureOre = 0.8

// workPoint is what a work point left to spend this round counts, in
// pounds: an action that spends more of them than it brings is not free.
const workPoint = 0.5

// worth is seat's expected final points (Evaluate).
func (s *State) worth(seat int) float64 {
	p := &s.Players[seat]
	if s.Phase == PhaseOver {
		return float64(p.Points)
	}
	e := s.Edition()
	round := min(max(s.Round, 1), NumRounds)
	row := min(1, s.NumSeats-1)
	rate := float64(e.Invest[round-1][row][0]) / 10
	tin := float64(e.TinPrices[min(max(s.TinCol, 0), 3)])
	cop := float64(e.CopperPrices[min(max(s.CopperCol, 0), 3)])
	money := float64(p.Money) + float64(p.Tin)*tin + float64(p.Copper)*cop
	wallace := s.Solo != nil && seat == WallaceSeat
	if wallace {
		money -= float64(s.Solo.Owed)
	}
	var ore float64
	for i := range s.Areas {
		if s.Areas[i].Mine == seat {
			ore += s.mineValue(i, tin, cop)
		}
	}
	v := float64(p.Points) + rate*(money+futureOre*ore)
	if !wallace && !p.Passed && s.Phase != PhaseInvest && s.Phase != PhasePeek {
		v += rate * workPoint * float64(max(s.finalCol(seat)-p.Col, 0))
	}
	if !wallace && s.Phase == PhaseInvest && p.Money > 0 {
		// Money to invest now is worth the points it buys at the seat's
		// row (£10 and £5 at a time), not a rate per pound.
		_, _, pts := bestSplit(p.Money, e.Invest[round-1][s.investRow(seat)])
		v += float64(pts) - rate*float64(p.Money)
	}
	return v
}

// mineValue is what the ore left in mine i would bring at these prices if
// its owner took it out at full capacity, one extraction at a time, the
// dearer ore first, while a cube sells for more than the water it costs
// (each extraction raises the water by one). A miner, a port or a train
// (capacity) and a pump or an adit (water) raise it.
func (s *State) mineValue(i int, tin, cop float64) float64 {
	a := &s.Areas[i]
	w := float64(a.Water)
	capa := max(s.capacity(i), 1)
	hi, lo, nHi, nLo := cop, tin, a.Copper, a.Tin
	if tin > cop {
		hi, lo, nHi, nLo = tin, cop, a.Tin, a.Copper
	}
	var v float64
	for nHi+nLo > 0 {
		took := 0
		for took < capa && nHi > 0 && hi > w {
			v += hi - w
			nHi--
			took++
		}
		for took < capa && nLo > 0 && lo > w {
			v += lo - w
			nLo--
			took++
		}
		if took == 0 {
			break
		}
		w++
	}
	return v
}

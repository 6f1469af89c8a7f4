package brass

import "slices"

// The arithmetic of money, markets and the progress track, as pure
// functions of the edition: the rules call them, and so can a faster
// search later.

// LoanSpace returns the income space a loan moves a marker on space sp to:
// LoanLevels levels back, the top space of that level; ok is false when
// that level would be below MinLevel (the loan is refused).
func (e *Edition) LoanSpace(sp int) (int, bool) {
	lvl := e.Level(sp) - e.LoanLevels
	if lvl < e.MinLevel {
		return sp, false
	}
	return e.TopSpace(lvl), true
}

// Advance returns the space reached from sp by k income spaces; the
// marker stops on the last space.
func (e *Edition) Advance(sp, k int) int { return min(sp+k, e.MaxSpace()) }

// TileValue is what removing a tile pays in a shortfall: half its money
// cost, rounded down.
func (t Tile) TileValue() int { return t.Cost / 2 }

// BuyCost returns the price of k cubes bought one at a time from a market
// holding n cubes, cheapest first, and the cubes left.
func (m Market) BuyCost(n, k int) (cost, left int) {
	for ; k > 0; k-- {
		cost += m.BuyPrice(n)
		if n > 0 {
			n--
		}
	}
	return cost, n
}

// SellCubes sells up to k cubes one at a time into a market holding n
// cubes, each into the dearest empty space (D1): the cubes sold, what they
// earn and the cubes then on the market.
func (m Market) SellCubes(n, k int) (sold, earned, after int) {
	for ; k > 0 && n < len(m.Prices); k-- {
		earned += m.SellPrice(n)
		n++
		sold++
	}
	return sold, earned, n
}

// NextOrder returns the turn order of the next round: least money spent
// first, ties in the previous relative order. spent is by seat.
func NextOrder(order []int, spent []int) []int {
	out := slices.Clone(order)
	slices.SortStableFunc(out, func(a, b int) int { return spent[a] - spent[b] })
	return out
}

// IntroMoneyVP is what money scores at the end of the introductory game:
// 1 VP per IntroMoneyPer pounds, at most IntroMoneyMax.
func (e *Edition) IntroMoneyVP(money int) int {
	return min(max(money, 0)/e.IntroMoneyPer, e.IntroMoneyMax)
}

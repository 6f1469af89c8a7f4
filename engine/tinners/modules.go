package tinners

// This file holds small pure functions for the Arsenic module and the solo
// game against Lord Wallace. They read the edition's tables and pin the
// rulebook's worked examples (components.md, "Checks" 4, 9, 10 and 11); the
// rules that use them are in apply.go, solo.go and wallace.go.

// ArsenicSale sells cubes arsenic cubes in round (1..4) on e's arsenic
// market. filled[k] is how many spaces of section k (0 = best) are already
// taken; spaces fill best first, so a count describes a section exactly. In
// round r sections r..4 are open. Each cube goes on the highest-valued empty
// open space; the last space of the last section holds any number of cubes.
// It returns the money earned and the market afterwards (filled is not
// modified). A nil or short filled counts as empty.
func (e *Edition) ArsenicSale(filled []int, round, cubes int) (earned int, after []int) {
	after = make([]int, len(e.Arsenic))
	copy(after, filled)
	if round < 1 || round > NumRounds {
		return 0, after
	}
	last := len(e.Arsenic) - 1
	for ; cubes > 0; cubes-- {
		placed := false
		for k := round - 1; k <= last && !placed; k++ {
			sec := e.Arsenic[k]
			switch {
			case after[k] < len(sec):
				earned += sec[after[k]]
				after[k]++
				placed = true
			case k == last:
				earned += sec[len(sec)-1] // the last space takes any number
				after[k]++
				placed = true
			}
		}
	}
	return earned, after
}

// ArsenicNext returns the price the next arsenic cube would fetch in round
// on a market filled as described for ArsenicSale.
func (e *Edition) ArsenicNext(filled []int, round int) int {
	v, _ := e.ArsenicSale(filled, round, 1)
	return v
}

// WallaceNetWorth returns Lord Wallace's net worth of an area (components.md
// §10): tin + copper − water of the tile, plus the survey card's benefit:
// extra ore and removed water count as written, a port +2, a miner +1. A
// steam pump card removes one water now, so it counts +1 (decision: the
// rulebook names only ports and miners). card may be nil.
func WallaceNetWorth(t Tile, card *Card) int {
	net := t.Tin + t.Copper - t.Water
	if card == nil {
		return net
	}
	switch card.Benefit {
	case BenefitTin, BenefitCopper, BenefitWater:
		net += card.Amount
	case BenefitPort:
		net += 2
	case BenefitMiner, BenefitSteamPump:
		net++
	}
	return net
}

// WallaceBidDie returns the face Lord Wallace adds to the card's value when
// bidding, given the net worth and the three dice faces rolled (white,
// orange, blue), and false if he passes instead. By net worth: ≤ −2 pass;
// −1..0 the lower of white and orange; 1 white; 2 the higher of white and
// orange; 3..4 orange; ≥ 5 the higher of orange and blue. On a face-down
// tile he always uses orange.
func WallaceBidDie(net int, faceDown bool, white, orange, blue int) (int, bool) {
	switch {
	case faceDown:
		return orange, true
	case net <= -2:
		return 0, false
	case net <= 0:
		return min(white, orange), true
	case net == 1:
		return white, true
	case net == 2:
		return max(white, orange), true
	case net <= 4:
		return orange, true
	}
	return max(orange, blue), true
}

// WallaceBid returns Lord Wallace's bid for an auction whose survey card is
// worth cardValue: the value plus the die chosen by WallaceBidDie, plus £2
// with the "Deep pockets" difficulty. It returns false when he passes.
func WallaceBid(net int, faceDown bool, white, orange, blue, cardValue int, deepPockets bool) (int, bool) {
	die, ok := WallaceBidDie(net, faceDown, white, orange, blue)
	if !ok {
		return 0, false
	}
	bid := cardValue + die
	if deepPockets {
		bid += 2
	}
	return bid, true
}

// WallaceMiningProfit returns the profit of Lord Wallace's Mine action on a
// mine as the solo rules define it ("the current market value of ore cubes
// that can be extracted in a single action minus the cost of any water
// cubes present"): the cubes are the ones his Mine action takes
// (WallaceMineTake), every one of them, also a cube worth less than the
// water it costs; each costs £water.
func WallaceMiningProfit(capacity, tin, copper, water, tinPrice, copperPrice int, lastRound bool) int {
	t, c := WallaceMineTake(capacity, tin, copper, highCopper(copperPrice), lastRound)
	return miningProfit(t, c, water, tinPrice, copperPrice)
}

// WallaceMineTake returns the tin and copper cubes Lord Wallace's Mine
// action takes from a mine holding tin and copper with the given capacity:
// with copper high (£8 or £10) as much copper as possible, then tin up to
// the capacity; otherwise as much tin as possible and, in the last round
// only, copper up to the capacity.
func WallaceMineTake(capacity, tin, copper int, copperHigh, lastRound bool) (t, c int) {
	if copperHigh {
		c = min(copper, capacity)
		return min(tin, capacity-c), c
	}
	t = min(tin, capacity)
	if lastRound {
		c = min(copper, capacity-t)
	}
	return t, c
}

// miningProfit is the market value of t tin and c copper less £water for
// each cube.
func miningProfit(t, c, water, tinPrice, copperPrice int) int {
	return t*tinPrice + c*copperPrice - (t+c)*water
}

// highCopper reports whether copper at price is "high" for Lord Wallace:
// £8 or £10, the prices at which he takes orange actions and mines copper.
func highCopper(price int) bool { return price >= 8 }

// InvestBest returns the investment of money that earns the most points at
// row = {points per £10, points per £5}: how many £10 and £5 investments,
// the points, and the money left over (always less than £5). Round 4's
// automatic investing uses it.
func InvestBest(money int, row [2]int) (tens, fives, points, left int) {
	tens, fives, points = bestSplit(money, row)
	return tens, fives, points, money - 10*tens - 5*fives
}

package brass

import "slices"

// memo holds facts of one position computed once while many actions of it
// are checked (Legal); a nil memo computes each fact afresh. It lives for
// one position and is never stored in a match's state, so that a state
// stays immutable and safe to share; a Sim keeps one (state.scratch) and
// resets it for each position instead of allocating it again.
//
// Checking needs connections, never distances: whether a mine, a brewery
// or a merchant is connected to a location, and how many coal cubes the
// connected mines hold (which mines give them, nearest first, changes
// what is taken but not how much, nor what the rest costs at the market).
// A memo labels the connected parts of the map once per position (parts)
// and answers from them; a nil memo answers with the breadth-first
// distances coalPlan and do use. TestMemoPartsEqualDistances keeps both
// answers equal.
type memo struct {
	nets    [4][]bool
	netHave [4]bool
	boards  [4]int8 // 0 unknown, 1 no tile on the board, 2 some
	// placements are checkPlacement's answers by industry and space.
	placements [NumIndustries][maxSpaces]placed
	// part labels each location with its connected part over the lines
	// with a link; partCoal is the coal on the mines of each part, and
	// partMerchant whether it holds a merchant location.
	partHave     bool
	part         []int
	partCoal     []int
	partMerchant []bool
	queue        []int
	// dbuf and dqueue are a Sim's scratch for state.distances.
	dbuf, dqueue []int
	// lines, cands and sales are scratch for legalActions.
	lines        []int
	cands, sales []Action
	// gen counts resets; an iron answer stamped gen+1 is this position's
	// (none is stamped 0, so a new memo holds none).
	gen  uint32
	iron [maxNeed + 1]planned
}

// maxNeed bounds the iron cubes a memo holds answers for (more are
// computed each time).
const maxNeed = 3

// planned is one memoised iron plan's cost for seat in the position
// stamped.
type planned struct {
	stamp uint32
	seat  int
	cost  int
}

// newMemo returns a memo for the position s is in: the Sim's own, reset,
// or a new one.
func (s *state) newMemo() *memo {
	if m := s.scratch; m != nil {
		m.reset()
		return m
	}
	return &memo{}
}

// reset forgets every fact, keeping the buffers.
func (m *memo) reset() {
	m.gen++
	m.netHave = [4]bool{}
	m.boards = [4]int8{}
	m.placements = [NumIndustries][maxSpaces]placed{}
	m.partHave = false
}

// parts labels the connected parts of the map (once per position).
func (m *memo) parts(s *state) {
	if m.partHave {
		return
	}
	e := s.ed()
	n := len(e.Locations)
	if cap(m.part) < n {
		m.part = make([]int, n)
	}
	m.part = m.part[:n]
	for i := range m.part {
		m.part[i] = -1
	}
	m.partCoal, m.partMerchant = m.partCoal[:0], m.partMerchant[:0]
	lines := e.locLines()
	for a := range m.part {
		if m.part[a] >= 0 {
			continue
		}
		id := len(m.partCoal)
		m.partCoal = append(m.partCoal, 0)
		m.partMerchant = append(m.partMerchant, false)
		m.part[a] = id
		q := append(m.queue[:0], a)
		for k := 0; k < len(q); k++ {
			for _, l := range lines[q[k]] {
				if s.Links[l] < 0 {
					continue
				}
				for _, b := range e.Lines[l].Ends {
					if m.part[b] < 0 {
						m.part[b] = id
						q = append(q, b)
					}
				}
			}
		}
		m.queue = q
	}
	for _, si := range e.spacesShowing(Coal) { // (a mine is only built there)
		if sl := s.Spaces[si]; sl.Owner >= 0 && sl.Ind == Coal && sl.Cubes > 0 {
			m.partCoal[m.part[e.Spaces[si].Loc]] += sl.Cubes
		}
	}
	for i, l := range e.Locations {
		if l.Kind == MerchantLoc {
			m.partMerchant[m.part[i]] = true
		}
	}
	m.partHave = true
}

// joined reports whether line extra ends only at locations of from: it
// then joins their parts and no others (a link judged before it is
// placed, from being its ends).
func joined(e *Edition, from []int, extra int) bool {
	if extra < 0 {
		return true
	}
	for _, a := range e.Lines[extra].Ends {
		if !slices.Contains(from, a) {
			return false
		}
	}
	return true
}

// connected reports whether location loc is connected to one of the
// locations from, line extra counted as linked (-1 for none).
func (m *memo) connected(s *state, from []int, extra, loc int) bool {
	if m == nil || !joined(s.ed(), from, extra) {
		return s.distances(from, extra)[loc] >= 0
	}
	m.parts(s)
	for _, a := range from {
		if m.part[a] == m.part[loc] {
			return true
		}
	}
	return false
}

// coalCost is the cost of coalPlan(seat, from, extra, need) and whether
// that coal can be had at all.
func (m *memo) coalCost(s *state, seat int, from []int, extra, need int) (int, bool) {
	if m == nil || !joined(s.ed(), from, extra) {
		sp, ok := s.coalPlan(seat, from, extra, need)
		return sp.Cost, ok
	}
	m.parts(s)
	have, merchant := 0, false
	for i, a := range from {
		p := m.part[a]
		if slices.ContainsFunc(from[:i], func(b int) bool { return m.part[b] == p }) {
			continue // a part counted once
		}
		have += m.partCoal[p]
		merchant = merchant || m.partMerchant[p]
	}
	if have >= need {
		return 0, true
	}
	if !merchant {
		return 0, false
	}
	cost, _ := s.ed().CoalMarket.BuyCost(s.Coal, need-have)
	return cost, true
}

// ironCost is the cost of ironPlan(seat, need) (memoised by need).
func (m *memo) ironCost(s *state, seat, need int) int {
	if m == nil || need > maxNeed {
		var buf [8]draw
		return s.ironPlanInto(buf[:0], seat, need).Cost
	}
	p := &m.iron[need]
	if p.stamp != m.gen+1 || p.seat != seat {
		var buf [8]draw
		*p = planned{stamp: m.gen + 1, seat: seat, cost: s.ironPlanInto(buf[:0], seat, need).Cost}
	}
	return p.cost
}

// network is s.network(seat).
func (m *memo) network(s *state, seat int) []bool {
	if m == nil {
		return s.network(seat)
	}
	if !m.netHave[seat] {
		m.nets[seat] = s.networkInto(m.nets[seat], seat)
		m.netHave[seat] = true
	}
	return m.nets[seat]
}

// onBoard is s.onBoard(seat).
func (m *memo) onBoard(s *state, seat int) bool {
	if m == nil {
		return s.onBoard(seat)
	}
	if m.boards[seat] == 0 {
		m.boards[seat] = 1
		if s.onBoard(seat) {
			m.boards[seat] = 2
		}
	}
	return m.boards[seat] == 2
}

// maxSpaces bounds the build spaces a memo holds answers for.
const maxSpaces = 64

// placed is one memoised checkPlacement answer: whether, not why.
type placed uint8

const (
	placedUnknown placed = iota
	placedOK
	placedRefused
)

// refusedBefore is a placement refused earlier in the same position: a
// caller with a memo (Legal, and the follow-ups that ask whether any move
// is left) reads only whether a move is refused, and Apply's check, which
// reports why, has no memo.
var refusedBefore = refused(ErrSpace, "bb_err_space_icon")

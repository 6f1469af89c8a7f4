package brass

import "slices"

// memo holds facts of one position computed once while many actions of it
// are checked (Legal); a nil memo computes each fact afresh. It lives for
// one position and is never stored in a match's state, so that a state
// stays immutable and safe to share; a Sim keeps one (state.scratch) and
// resets it for each position instead of allocating it again.
type memo struct {
	dists    [][]int // by location: rows reused across resets
	distHave []bool  // by location: whether dists[loc] is this position's
	nets     [4][]bool
	netHave  [4]bool
	boards   [4]int8 // 0 unknown, 1 no tile on the board, 2 some
	// placements are checkPlacement's answers by industry and space.
	placements [NumIndustries][maxSpaces]placed
	// queue and far are scratch for distances from several locations.
	queue, far []int
	// lines and sales are scratch for legalActions.
	lines []int
	sales []Action
	// gen counts resets; a coal or iron answer stamped gen+1 is this
	// position's (none is stamped 0, so a new memo holds none).
	gen  uint32
	coal [maxLocs][maxNeed + 1]planned
	iron [maxNeed + 1]planned
}

// maxLocs and maxNeed bound the locations and cubes a memo holds coal and
// iron answers for (larger ones are computed each time).
const (
	maxLocs = 32
	maxNeed = 3
)

// planned is one memoised coal or iron plan: its cost, whether coal can be
// had at all, for seat, in the position stamped.
type planned struct {
	stamp uint32
	seat  int
	ok    bool
	cost  int
}

// coalCost is the cost and feasibility of coalPlan for seat's consumer at
// location loc needing need coal (memoised by location and need).
func (m *memo) coalCost(s *state, seat, loc, need int) (int, bool) {
	if m == nil || loc >= maxLocs || need > maxNeed {
		from := [1]int{loc}
		sp, ok := s.coalPlan(m, seat, from[:], -1, need)
		return sp.Cost, ok
	}
	p := &m.coal[loc][need]
	if p.stamp != m.gen+1 || p.seat != seat {
		from := [1]int{loc}
		sp, ok := s.coalPlan(m, seat, from[:], -1, need)
		*p = planned{stamp: m.gen + 1, seat: seat, ok: ok, cost: sp.Cost}
	}
	return p.cost, p.ok
}

// ironCost is the cost of ironPlan(seat, need) (memoised by need).
func (m *memo) ironCost(s *state, seat, need int) int {
	if m == nil || need > maxNeed {
		return s.ironPlan(seat, need).Cost
	}
	p := &m.iron[need]
	if p.stamp != m.gen+1 || p.seat != seat {
		*p = planned{stamp: m.gen + 1, seat: seat, ok: true, cost: s.ironPlan(seat, need).Cost}
	}
	return p.cost
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
	clear(m.distHave)
	m.netHave = [4]bool{}
	m.boards = [4]int8{}
	m.placements = [NumIndustries][maxSpaces]placed{}
}

// dist is s.distances from location loc over the links on the board.
func (m *memo) dist(s *state, loc int) []int {
	if m == nil {
		return s.distances([]int{loc}, -1)
	}
	if m.dists == nil {
		n := len(s.ed().Locations)
		m.dists = make([][]int, n)
		m.distHave = make([]bool, n)
	}
	if m.distHave[loc] {
		return m.dists[loc]
	}
	from := [1]int{loc}
	m.dists[loc], m.queue = s.distancesInto(m.dists[loc], m.queue, from[:], -1)
	m.distHave[loc] = true
	return m.dists[loc]
}

// distances is s.distances(from, extra), in the memo's scratch row when
// there is a memo: valid until the next call.
//
// When the line extra ends only at locations of from (the way a link's
// own line is judged: from are its ends), the line joins locations already
// at distance 0 and changes nothing: the distances are then the least of
// the memoised distances from each location of from.
func (m *memo) distances(s *state, from []int, extra int) []int {
	if m == nil {
		return s.distances(from, extra)
	}
	if extra >= 0 {
		for _, a := range s.ed().Lines[extra].Ends {
			if !slices.Contains(from, a) {
				m.far, m.queue = s.distancesInto(m.far, m.queue, from, extra)
				return m.far
			}
		}
	}
	n := len(s.ed().Locations)
	if cap(m.far) < n {
		m.far = make([]int, n)
	}
	d := m.far[:n]
	for i := range d {
		d[i] = -1
	}
	for _, a := range from {
		for i, x := range m.dist(s, a) {
			if x >= 0 && (d[i] < 0 || x < d[i]) {
				d[i] = x
			}
		}
	}
	m.far = d
	return d
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

package brass

// memo holds facts of one position computed once while many actions of it
// are checked (Legal); a nil memo computes each fact afresh. It lives for
// one call and is never stored in a state, so that a state stays
// immutable and safe to share.
type memo struct {
	dists  map[int][]int
	nets   [4][]bool
	boards [4]int8 // 0 unknown, 1 no tile on the board, 2 some
	// placements are checkPlacement's answers by industry and space.
	placements map[[2]int]error
}

// dist is s.distances from location loc over the links on the board.
func (m *memo) dist(s *state, loc int) []int {
	if m == nil {
		return s.distances([]int{loc}, -1)
	}
	if d, ok := m.dists[loc]; ok {
		return d
	}
	if m.dists == nil {
		m.dists = map[int][]int{}
	}
	d := s.distances([]int{loc}, -1)
	m.dists[loc] = d
	return d
}

// network is s.network(seat).
func (m *memo) network(s *state, seat int) []bool {
	if m == nil {
		return s.network(seat)
	}
	if m.nets[seat] == nil {
		m.nets[seat] = s.network(seat)
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

package brass

// memo holds facts of one position computed once while many actions of it
// are checked (Legal); a nil memo computes each fact afresh. It lives for
// one call and is never stored in a state, so that a state stays
// immutable and safe to share.
type memo struct {
	dists  [][]int // by location; nil until asked
	nets   [4][]bool
	boards [4]int8 // 0 unknown, 1 no tile on the board, 2 some
	// placements are checkPlacement's answers by industry and space.
	placements [NumIndustries][maxSpaces]placed
}

// dist is s.distances from location loc over the links on the board.
func (m *memo) dist(s *state, loc int) []int {
	if m == nil {
		return s.distances([]int{loc}, -1)
	}
	if m.dists == nil {
		m.dists = make([][]int, len(s.ed().Locations))
	}
	if d := m.dists[loc]; d != nil {
		return d
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

// maxSpaces bounds the build spaces a memo holds answers for.
const maxSpaces = 64

// placed is one memoised checkPlacement answer.
type placed struct {
	done bool
	err  error
}

package tinners

// ---- the generator (ours, so replays never depend on math/rand) ----

func (s *State) next() uint64 {
	s.reveal = true
	s.RNG += 0x9E3779B97F4A7C15
	z := s.RNG
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

func (s *State) intn(n int) int {
	// Rejection sampling avoids modulo bias.
	limit := ^uint64(0) - (^uint64(0) % uint64(n))
	for {
		if v := s.next(); v < limit {
			return int(v % uint64(n))
		}
	}
}

func (s *State) perm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	s.shuffleInts(p)
	return p
}

func (s *State) shuffleInts(xs []int) {
	for i := len(xs) - 1; i > 0; i-- {
		j := s.intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

func (s *State) shuffleTiles(xs []Tile) {
	for i := len(xs) - 1; i > 0; i-- {
		j := s.intn(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

func (s *State) rollDie(d int) int {
	if len(s.FixedDice) > 0 {
		s.reveal = true // a roll, even with the faces fixed in advance
		v := s.FixedDice[0]
		s.FixedDice = s.FixedDice[1:]
		return v
	}
	return s.Edition().Dice[d][s.intn(6)]
}

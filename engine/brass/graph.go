package brass

// The map as a graph: locations joined by the lines that hold a link (of
// any owner). Distances count links; a location is at distance 0 from
// itself (D8), and the three ends of the Kidderminster–Worcester line are
// each one link from the others.

// locLines lists the lines at each location (indices into Edition.Lines).
func (e *Edition) locLines() [][]int {
	if e.lineIndex != nil {
		return e.lineIndex
	}
	idx := make([][]int, len(e.Locations))
	for l, ln := range e.Lines {
		for _, a := range ln.Ends {
			idx[a] = append(idx[a], l)
		}
	}
	return idx
}

// distances returns each location's distance in links from the nearest of
// from over the lines with a link, -1 when not connected. extra, when
// >= 0, counts as a line with a link too (a rail link judged after it is
// placed).
//
// In a Sim (s.scratch set) the slice is the Sim's scratch row, valid until
// the next call: every caller reads it at once.
func (s *state) distances(from []int, extra int) []int {
	if m := s.scratch; m != nil {
		m.dbuf, m.dqueue = s.distancesInto(m.dbuf, m.dqueue, from, extra)
		return m.dbuf
	}
	d, _ := s.distancesInto(nil, nil, from, extra)
	return d
}

// distancesInto is distances written into d, with queue as scratch (both
// grown when too short); it returns both for reuse.
func (s *state) distancesInto(d, queue []int, from []int, extra int) ([]int, []int) {
	e := s.ed()
	n := len(e.Locations)
	if cap(d) < n {
		d = make([]int, n)
	}
	d = d[:n]
	for i := range d {
		d[i] = -1
	}
	if cap(queue) < n {
		queue = make([]int, 0, n)
	}
	queue = queue[:0]
	for _, a := range from {
		if d[a] < 0 {
			d[a] = 0
			queue = append(queue, a)
		}
	}
	lines := e.locLines()
	for k := 0; k < len(queue); k++ {
		a := queue[k]
		for _, l := range lines[a] {
			if s.Links[l] < 0 && l != extra {
				continue
			}
			for _, b := range e.Lines[l].Ends {
				if d[b] < 0 {
					d[b] = d[a] + 1
					queue = append(queue, b)
				}
			}
		}
	}
	return d, queue
}

// reachesMerchant reports whether any merchant location is connected in d.
func (s *state) reachesMerchant(d []int) bool {
	for i, l := range s.ed().Locations {
		if l.Kind == MerchantLoc && d[i] >= 0 {
			return true
		}
	}
	return false
}

// network marks the locations in seat's network: those holding one of its
// industry tiles or at an end of one of its links.
func (s *state) network(seat int) []bool { return s.networkInto(nil, seat) }

// networkInto is network written into in (grown when too short).
func (s *state) networkInto(in []bool, seat int) []bool {
	e := s.ed()
	if n := len(e.Locations); cap(in) < n {
		in = make([]bool, n)
	} else {
		in = in[:n]
		clear(in)
	}
	for si, sl := range s.Spaces {
		if sl.Owner == seat {
			in[e.Spaces[si].Loc] = true
		}
	}
	for l, o := range s.Links {
		if o == seat {
			for _, a := range e.Lines[l].Ends {
				in[a] = true
			}
		}
	}
	return in
}

package mineshaft

import (
	"fmt"

	"github.com/tinnersbot/tinnersbot/engine"
)

// CheckInvariants returns the first broken invariant of a Mine Shaft
// match, or nil:
//   - every marker of the game (100) is in the bag, on a tile or with a
//     player, and no tile holds more than the capacity or any on its
//     collapse side;
//   - every tile (80) is in the pile, on the grid, in the box or being
//     laid, exactly once, and a 2-player game never uses a marked tile;
//   - the start tile is at (0, 0), no two tiles share a cell, and every
//     tile of the mine is connected to the start tile along tracks;
//   - every pawn stands on a tile, one pawn per seat;
//   - the step agrees with whose turn it is.
//
// It returns an error for a match of another title.
func CheckInvariants(m engine.Match) error {
	mm, ok := m.(*match)
	if !ok {
		return fmt.Errorf("not a Mine Shaft match: %T", m)
	}
	return mm.s.check()
}

// check runs the invariant families in a fixed order and returns the
// first one broken: the markers, the tiles, the grid, the pawns and the
// step.
func (s *state) check() error {
	for _, family := range []func() error{s.checkMarkers, s.checkTiles, s.checkGrid, s.checkPawns, s.checkStep} {
		if err := family(); err != nil {
			return err
		}
	}
	return nil
}

// checkMarkers checks that no count of markers is negative, that no tile
// holds more than its capacity or any on its collapse side or the start
// tile, and that bag, tiles and players hold the game's markers.
func (s *state) checkMarkers() error {
	e := s.ed()
	total := s.Bag
	for r := range s.Bag {
		if s.Bag[r] < 0 {
			return fmt.Errorf("the bag holds %d %s", s.Bag[r], Resource(r))
		}
	}
	for _, g := range s.Grid {
		if g.count() > e.Capacity || g.Markers[0] < 0 || g.Markers[1] < 0 || g.Markers[2] < 0 {
			return fmt.Errorf("tile %d at %s holds %v", g.Tile, cellArg(g.X, g.Y), g.Markers)
		}
		if (g.Collapsed || g.Tile == 0) && g.count() > 0 {
			return fmt.Errorf("tile %d at %s holds markers on its collapse side or is the start tile", g.Tile, cellArg(g.X, g.Y))
		}
		for r := range total {
			total[r] += g.Markers[r]
		}
	}
	for i, p := range s.Players {
		for r := range total {
			if p.Markers[r] < 0 {
				return fmt.Errorf("seat %d holds %d %s", i, p.Markers[r], Resource(r))
			}
			total[r] += p.Markers[r]
		}
	}
	if total != e.Markers {
		return fmt.Errorf("markers %v between bag, tiles and players, want %v", total, e.Markers)
	}
	return nil
}

// checkTiles checks that every tile is in the pile, on the grid, in the
// box or in hand exactly once, that only tiles of this seat count are out
// of the box, and that only placed tiles lie on the grid.
func (s *state) checkTiles() error {
	e := s.ed()
	where := make([]string, len(e.Tiles))
	put := func(id int, place string) error {
		if id < 0 || id >= len(e.Tiles) {
			return fmt.Errorf("%s holds tile %d, which does not exist", place, id)
		}
		if where[id] != "" {
			return fmt.Errorf("tile %d is both in %s and in %s", id, where[id], place)
		}
		where[id] = place
		if id > 0 && place != "the box" && !e.InPlay(id, s.N) {
			return fmt.Errorf("tile %d is not in a %d-player game but in %s", id, s.N, place)
		}
		return nil
	}
	for _, id := range s.Pile {
		if err := put(id, "the pile"); err != nil {
			return err
		}
	}
	for _, id := range s.Box {
		if err := put(id, "the box"); err != nil {
			return err
		}
	}
	for _, g := range s.Grid {
		if err := put(g.Tile, "the grid"); err != nil {
			return err
		}
		if !e.Tiles[g.Tile].Special.Placed() {
			return fmt.Errorf("tile %d (%s) lies on the grid", g.Tile, e.Tiles[g.Tile].Special)
		}
	}
	st := s.Step
	if (st.Kind == StepPlace || st.Kind == StepSwap) && st.SwapTile == NoTile {
		if err := put(st.Tile, "the hand"); err != nil {
			return err
		}
	}
	if st.Kind == StepPlace && st.SwapTile != NoTile {
		if err := put(st.SwapTile, "the hand"); err != nil {
			return err
		}
	}
	for id := 0; id < len(e.Tiles); id++ {
		if where[id] == "" {
			return fmt.Errorf("tile %d is nowhere", id)
		}
	}
	return nil
}

// checkGrid checks that the start tile lies face up at (0, 0), that no two
// tiles share a cell, and that every tile connects to the start tile along
// tracks.
func (s *state) checkGrid() error {
	if len(s.Grid) == 0 || s.Grid[0].Tile != 0 || s.Grid[0].X != 0 || s.Grid[0].Y != 0 || s.Grid[0].Collapsed {
		return fmt.Errorf("the start tile is not face up at (0, 0)")
	}
	for i := range s.Grid {
		if j := s.at(s.Grid[i].X, s.Grid[i].Y); j != i {
			return fmt.Errorf("two tiles at %s", cellArg(s.Grid[i].X, s.Grid[i].Y))
		}
	}
	seen := map[int]bool{0: true}
	queue := []int{0}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for d := N; d < NumDirs; d++ {
			if j := s.connected(i, d); j >= 0 && !seen[j] {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	for i, g := range s.Grid {
		if !seen[i] {
			return fmt.Errorf("tile %d at %s is not connected to the start tile", g.Tile, cellArg(g.X, g.Y))
		}
	}
	return nil
}

// checkPawns checks that there is one pawn per seat and each stands on a
// tile.
func (s *state) checkPawns() error {
	if len(s.Players) != s.N {
		return fmt.Errorf("%d players for %d seats", len(s.Players), s.N)
	}
	for i, p := range s.Players {
		if s.at(p.X, p.Y) < 0 {
			return fmt.Errorf("seat %d's pawn is off the mine at %s", i, cellArg(p.X, p.Y))
		}
	}
	return nil
}

// checkStep checks that the step agrees with whose turn it is: over with a
// result and no turn, or a seat with something to do.
func (s *state) checkStep() error {
	st := s.Step
	if (st.Kind == StepOver) != (s.Result != nil) || (st.Kind == StepOver) != (s.Turn < 0) {
		return fmt.Errorf("step %s, turn %d, result %v", st.Kind, s.Turn, s.Result != nil)
	}
	if st.Kind != StepOver && (s.Turn >= s.N || len(s.legal(s.Turn)) == 0) {
		return fmt.Errorf("seat %d must act in step %s but has nothing to do", s.Turn, st.Kind)
	}
	return nil
}

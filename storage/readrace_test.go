package storage

import (
	"context"
	"errors"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestReadsDuringMoves: while another Store (on PostgreSQL, another
// process) moves a game on, this one reads it over and over — its record,
// its replay, the channel's table, the undo floor — and never takes it for
// damaged or missing: a game's header and log are read in one snapshot.
// (The load test found it: a read between a move's header and log saw a
// log of another version, and the channel seemed to hold no table.)
func TestReadsDuringMoves(t *testing.T) {
	s, c := openTest(t)
	s2 := openSecond(t, s, c)
	ctx := context.Background()
	h, st := running(t, s, "c1", 3, 5)
	moves := 80
	if s.pg == nil {
		moves = 20 // one BoltDB read transaction sees one state: nothing to race
	}
	done := make(chan error, 1)
	go func() {
		r := randFor(3)
		for range moves {
			if st.Phase == tinners.PhaseOver {
				break
			}
			m, _, _, err := s2.Apply(ctx, h.ID, st.Version, pick(st, r))
			if err != nil {
				done <- err
				return
			}
			st = tinners.StateOf(m)
		}
		done <- nil
	}()
	reads := 0
	check := func(what string, err error) {
		var d *DamagedError
		if errors.As(err, &d) || errors.Is(err, ErrNotFound) {
			t.Errorf("%s during the moves (read %d): %v", what, reads, err)
		}
	}
	for {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			if reads < 5 {
				t.Errorf("only %d reads during the moves", reads)
			}
			return
		default:
		}
		reads++
		_, err := s.Record(ctx, h.ID)
		check("Record", err)
		_, err = s.Replay(ctx, h.ID)
		check("Replay", err)
		_, err = s.ByChannel(ctx, "c1")
		check("ByChannel", err)
		_, err = s.UndoFloor(ctx, h.ID, 0)
		check("UndoFloor", err)
		if t.Failed() {
			<-done
			return
		}
	}
}

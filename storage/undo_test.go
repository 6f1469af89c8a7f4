package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// applyStrs applies compact actions one by one and returns the last state.
func applyStrs(t *testing.T, s *Store, id string, st *tinners.State, strs ...string) *tinners.State {
	t.Helper()
	for _, a := range acts(t, strs...) {
		var err error
		if st, _, _, err = applyT(s, context.Background(), id, st.Version, a); err != nil {
			t.Fatalf("apply %s: %v", a, err)
		}
	}
	return st
}

func floor(t *testing.T, s *Store, id string, seat int) int {
	t.Helper()
	f, err := s.UndoFloor(context.Background(), id, seat)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestUndo(t *testing.T) {
	ctx := context.Background()
	s, clk := openTest(t)
	h, st, _ := scripted(t, s, "c")
	st = applyStrs(t, s, h.ID, st, "0/pass", "1/pass", "2/pass") // investing, seat 0 first
	at3 := stateJSON(t, st)
	st = applyStrs(t, s, h.ID, st, "0/inv:10", "0/inv:5")
	if st.Version != 5 {
		t.Fatalf("version %d", st.Version)
	}
	if f := floor(t, s, h.ID, 0); f != 3 {
		t.Fatalf("seat 0 may undo to %d, want 3", f)
	}
	if f := floor(t, s, h.ID, 1); f != 5 {
		t.Fatalf("seat 1 may undo to %d, want 5 (nothing)", f)
	}

	for _, to := range []int{5, 6, -1} {
		if _, _, err := undoT(s, ctx, h.ID, 5, 0, to, nil); !errors.Is(err, ErrCannotUndo) {
			t.Fatalf("undo to %d: %v", to, err)
		}
	}
	if _, _, err := undoT(s, ctx, h.ID, 4, 0, 3, nil); !errors.Is(err, ErrStale) {
		t.Fatalf("undo from an old version: %v", err)
	}
	_, _, err := undoT(s, ctx, h.ID, 5, 1, 3, nil)
	if !errors.Is(err, ErrCannotUndo) || !strings.Contains(err.Error(), "another player") {
		t.Fatalf("seat 1 undoing seat 0's actions: %v", err)
	}

	clk.Advance(time.Minute)
	back, h2, err := undoT(s, ctx, h.ID, 5, 0, 3, func(h *Header, st *tinners.State) error {
		h.Notes = json.RawMessage(fmt.Sprintf(`{"undoneTo":%d}`, st.Version))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if back.Version != 3 || h2.Version != 3 || h2.Undone != 1 || !h2.Updated.Equal(clk.Now()) || string(h2.Notes) != `{"undoneTo":3}` {
		t.Fatalf("state %d, header %+v", back.Version, h2)
	}
	if stateJSON(t, back) != at3 {
		t.Fatal("the state after undo is not the state at version 3")
	}
	if got := strings.Join(logOf(t, s, h.ID), " "); got != "0/pass 1/pass 2/pass" {
		t.Fatalf("log %s", got)
	}
	if stored, _ := s.Header(ctx, h.ID); string(stored.Notes) != `{"undoneTo":3}` || stored.Version != 3 {
		t.Fatalf("stored header %+v", stored)
	}
	checkReplay(t, s, h.ID)
	replayed, err := replayT(s, ctx, h.ID)
	if err != nil || stateJSON(t, replayed) != stateJSON(t, back) {
		t.Fatalf("replay of the stored record differs from the undone state (%v)", err)
	}

	// Buttons of the old board are stale; the new version plays on.
	if _, _, _, err := applyT(s, ctx, h.ID, 5, acts(t, "0/inv:5")[0]); !errors.Is(err, ErrStale) {
		t.Fatalf("apply at the old version: %v", err)
	}
	if _, _, err := undoT(s, ctx, h.ID, 5, 0, 3, nil); !errors.Is(err, ErrStale) {
		t.Fatalf("undo at the old version: %v", err)
	}
	st = applyStrs(t, s, h.ID, back, "0/inv:5", "0/ie")
	if st.Version != 5 || st.Players[0].Money != 15 {
		t.Fatalf("version %d, money %d", st.Version, st.Players[0].Money)
	}
	checkReplay(t, s, h.ID)
	if f := floor(t, s, h.ID, 0); f != 3 {
		t.Fatalf("floor %d after re-playing, want 3", f)
	}
	if f := floor(t, s, h.ID, 1); f != 5 {
		t.Fatalf("seat 1 floor %d", f)
	}
}

// TestUndoCacheTimeline: a state of the old timeline put into the cache late
// (a reader that loaded it before the undo) is never served for the same
// version of the new timeline.
func TestUndoCacheTimeline(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	h, st, _ := scripted(t, s, "c")
	st = applyStrs(t, s, h.ID, st, "0/pass", "1/pass", "2/pass", "0/inv:10")
	old4 := st
	if _, _, err := undoT(s, ctx, h.ID, 4, 0, 3, nil); err != nil {
		t.Fatal(err)
	}
	s.cache.put(h.ID, 0, tinners.Match{S: old4}) // the late reader
	st, err := replayT(s, ctx, h.ID)
	if err != nil {
		t.Fatal(err)
	}
	st = applyStrs(t, s, h.ID, st, "0/inv:5")
	_, loaded, err := loadT(s, ctx, h.ID)
	if err != nil {
		t.Fatal(err)
	}
	if loaded.Players[0].Money != 15 || stateJSON(t, loaded) != stateJSON(t, st) {
		t.Fatalf("loaded money %d: the old timeline's version 4 was served", loaded.Players[0].Money)
	}
	checkReplay(t, s, h.ID)
}

func TestUndoRefusedAfterReveal(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	h, st, card := scripted(t, s, "c")
	// Seat 0 plays a survey card on face-down A2 and looks at the tile.
	st = applyStrs(t, s, h.ID, st, fmt.Sprintf("0/b:A2:c%d", card), "0/bid:1")
	if f := floor(t, s, h.ID, 0); f != 1 {
		t.Fatalf("floor %d, want 1 (the build revealed the tile to seat 0)", f)
	}
	_, _, err := undoT(s, ctx, h.ID, 2, 0, 0, nil)
	if !errors.Is(err, ErrCannotUndo) || !strings.Contains(err.Error(), "revealed") {
		t.Fatalf("undo across a peek: %v", err)
	}
	if got := logOf(t, s, h.ID); len(got) != 2 {
		t.Fatalf("a refused undo changed the log: %v", got)
	}
	if hd, _ := s.Header(ctx, h.ID); hd.Version != 2 || hd.Undone != 0 {
		t.Fatalf("a refused undo changed the header: %+v", hd)
	}
	// The bid alone may be taken back.
	back, _, err := undoT(s, ctx, h.ID, 2, 0, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if back.Version != 1 || back.Auction == nil || back.Auction.High != 0 {
		t.Fatalf("after undo: version %d, auction %+v", back.Version, back.Auction)
	}
	checkReplay(t, s, h.ID)

	// Once another seat acts, seat 0 can take nothing back.
	st = applyStrs(t, s, h.ID, back, "0/bid:2", "1/drop")
	if f := floor(t, s, h.ID, 0); f != st.Version {
		t.Fatalf("seat 0 floor %d, want %d", f, st.Version)
	}
	if f := floor(t, s, h.ID, 1); f != st.Version-1 {
		t.Fatalf("seat 1 floor %d, want %d", f, st.Version-1)
	}
	if _, _, err := undoT(s, ctx, h.ID, st.Version, 0, st.Version-2, nil); !errors.Is(err, ErrCannotUndo) || !strings.Contains(err.Error(), "another player") {
		t.Fatalf("undo across another seat: %v", err)
	}
}

func TestUndoNeedsARunningGame(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	h, st, _ := scripted(t, s, "c")
	applyStrs(t, s, h.ID, st, "0/pass")
	if _, err := s.SetStatus(ctx, h.ID, StatusFinished); err != nil {
		t.Fatal(err)
	}
	if _, _, err := undoT(s, ctx, h.ID, 1, 0, 0, nil); !errors.Is(err, ErrWrongStatus) {
		t.Fatalf("undo in a finished game: %v", err)
	}
	if f := floor(t, s, h.ID, 0); f != 1 {
		t.Fatalf("floor %d in a finished game", f)
	}
	if _, _, err := undoT(s, ctx, "nope", 1, 0, 0, nil); !errors.Is(err, ErrNotFound) {
		t.Fatalf("undo in no game: %v", err)
	}
}

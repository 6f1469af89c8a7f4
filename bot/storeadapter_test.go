package bot

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/storage"
)

// TestStoreErrorsAreStorages: the store's refusals reach the bot as
// storage's own errors, which the kit names (one set, no translation),
// and an undo refusal still reads as the catalogue's sentence.
func TestStoreErrorsAreStorages(t *testing.T) {
	ctx := context.Background()
	st, closeDB, err := openStore(filepath.Join(t.TempDir(), "t.db"), time.Now, tinners.Titles())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeDB() })
	seats := []kit.Seat{{UserID: "U1", Name: "a"}, {UserID: "U2", Name: "b"}}
	tb, err := st.CreateTable(ctx, kit.Table{GuildID: "G", ChannelID: "C", Host: "U1", MaxPlayers: 2, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Table(ctx, "nosuch"); !errors.Is(err, kit.ErrNotFound) || !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("an unknown table: %v", err)
	}
	if _, err := st.CreateTable(ctx, kit.Table{GuildID: "G", ChannelID: "C", Host: "U2", MaxPlayers: 2, Seats: seats}); !errors.Is(err, kit.ErrChannelBusy) {
		t.Errorf("a second lobby in the channel: %v", err)
	}
	if _, err := st.Match(ctx, tb.ID); !errors.Is(err, kit.ErrNotFound) {
		t.Errorf("the match of a lobby: %v", err)
	}
	mt, err := st.StartMatch(ctx, tb.ID, engine.Setup{NumSeats: 2, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	seat := mt.ToAct()[0]
	a := mt.Legal(seat)[0]
	next, _, _, err := st.ApplyMatch(ctx, tb.ID, mt.Version(), kit.MatchBatch{Actions: []engine.Action{a}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := st.ApplyMatch(ctx, tb.ID, mt.Version(), kit.MatchBatch{Actions: []engine.Action{a}}); !errors.Is(err, kit.ErrStale) {
		t.Errorf("a move on the old version: %v", err)
	}
	_, _, err = st.UndoMatch(ctx, tb.ID, next.Version(), seat, next.Version(), nil)
	if !errors.Is(err, kit.ErrUndoNothing) || !errors.Is(err, kit.ErrCannotUndo) {
		t.Fatalf("an undo of nothing: %v", err)
	}
	if got, want := kit.UndoSentence(kit.English(), err, "flow_undo_revealed"), "You can't take that back: there is nothing to take back."; got != want {
		t.Errorf("the refusal reads %q, want %q", got, want)
	}
}

// TestStoreArchivedReadsFinished: an imported unfinished record (stored
// archived) reads as a finished table, and a change of its bookkeeping
// leaves it archived.
func TestStoreArchivedReadsFinished(t *testing.T) {
	ctx := context.Background()
	st, closeDB, err := openStore(filepath.Join(t.TempDir(), "t.db"), time.Now, tinners.Titles())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeDB() })
	tb, err := st.CreateTable(ctx, kit.Table{GuildID: "G", ChannelID: "C", Host: "U1", MaxPlayers: 2,
		Seats: []kit.Seat{{UserID: "U1", Name: "a"}, {UserID: "U2", Name: "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.StartMatch(ctx, tb.ID, engine.Setup{NumSeats: 2, Seed: 7}); err != nil {
		t.Fatal(err)
	}
	rec, err := st.MatchRecord(ctx, tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	h, err := storageOf(st).Import(ctx, rec, "G", "C2")
	if err != nil || h.Status != storage.StatusArchived {
		t.Fatalf("import: %v, status %v", err, h.Status)
	}
	got, err := st.Table(ctx, h.ID)
	if err != nil || got.Status != kit.StatusFinished {
		t.Fatalf("the archived game reads %v (%v), want finished", got.Status, err)
	}
	if _, err := st.UpdateTable(ctx, h.ID, func(t *kit.Table) error { t.BoardMsg = "M"; return nil }); err != nil {
		t.Fatal(err)
	}
	if h, err = storageOf(st).Header(ctx, h.ID); err != nil || h.Status != storage.StatusArchived || h.BoardMessageID != "M" {
		t.Errorf("after an update: %v, status %v, board %q", err, h.Status, h.BoardMessageID)
	}
}

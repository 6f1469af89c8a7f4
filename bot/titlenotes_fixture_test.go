package bot

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// writeTitleNotes rewrites testdata/before-title-notes.db (go test ./bot
// -run TestBeforeTitleNotesFixture -args -write-before-title-notes). It
// was written once by the build that still kept Tinners' Trail's own
// bookkeeping in the core's Notes fields (Orders, AuctionFrom,
// Difficulty), before that bookkeeping moves to the title's own notes:
// the move must read these tables as they are.
var writeTitleNotes = flag.Bool("write-before-title-notes", false, "rewrite testdata/before-title-notes.db")

// The fixture's tables: in channel C a running
// 3-player game in an auction with two bidders left, the bidder not to
// act holding a standing order; in channel C2 a solo lobby with two
// difficulty options chosen.

// TestBeforeTitleNotesFixture opens the stored fixture and checks it holds
// what the move of Tinners' Trail's bookkeeping must carry over, read the
// way the bot reads it today.
func TestBeforeTitleNotesFixture(t *testing.T) {
	const fixture = "testdata/before-title-notes.db"
	if *writeTitleNotes {
		writeBeforeTitleNotes(t, fixture)
	}
	b, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(db, b, 0o600); err != nil {
		t.Fatal(err)
	}
	m := diskMain(t, db)
	defer m.Close()
	ctx := context.Background()
	running, err := m.store.TableInChannel(ctx, "C")
	if err != nil {
		t.Fatal(err)
	}
	tb, s := mustState(t, m, running.ID)
	if s.Phase != tinners.PhaseAuction || len(s.PublicView().Auction.In) != 2 {
		t.Fatalf("stored game: %s, bidders %v", s.Phase, s.PublicView().Auction.In)
	}
	if len(tb.Notes.Orders) != 1 || tb.Notes.AuctionFrom == 0 || tb.Notes.AuctionFrom > s.Version {
		t.Errorf("stored auction bookkeeping: orders %+v, from %d (version %d)", tb.Notes.Orders, tb.Notes.AuctionFrom, s.Version)
	}
	for seat, o := range tb.Notes.Orders {
		if !slices.Contains(s.PublicView().Auction.In, seat) || o.Max != 9 {
			t.Errorf("standing order %d: %+v", seat, o)
		}
	}

	solo, err := m.store.TableInChannel(ctx, "C2")
	if err != nil {
		t.Fatal(err)
	}
	if solo.Status != kit.StatusLobby || solo.MaxPlayers != 1 || !slices.Equal(solo.Notes.Difficulty, []string{"more-mines", "deep-pockets"}) {
		t.Fatalf("stored solo lobby: %v, %d seats, difficulty %v", solo.Status, solo.MaxPlayers, solo.Notes.Difficulty)
	}
	if got := tt.Setup(solo).DifficultyKeys(); !slices.Equal(got, solo.Notes.Difficulty) {
		t.Errorf("the solo lobby's setup reads difficulty %v, stored %v", got, solo.Notes.Difficulty)
	}
}

// writeBeforeTitleNotes plays the fixture's tables into a new database at
// path, with the bookkeeping in the Notes fields the bot fills today.
func writeBeforeTitleNotes(t *testing.T, path string) {
	t.Helper()
	os.Remove(path)
	m, tb := diskGame(t, 3, path)
	ctx := context.Background()
	s := advance(t, m, tb.ID, func(s *tinners.State) bool {
		return s.Phase == tinners.PhaseAuction && s.Auction.High > 0 && len(s.PublicView().Auction.In) == 2
	})
	v := s.PublicView()
	other := v.Auction.In[0]
	if other == v.Auction.Turn {
		other = v.Auction.In[1]
	}
	if _, err := m.store.UpdateTable(ctx, tb.ID, func(t *kit.Table) error {
		t.Notes.Orders = map[int]kit.Order{other: {Max: 9}}
		t.Notes.AuctionFrom = s.Version - 1
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	solo, err := m.store.CreateTable(ctx, kit.Table{GuildID: "G", ChannelID: "C2", Host: "U1", Title: tinners.ID, Status: kit.StatusLobby,
		MaxPlayers: 1, Seats: []kit.Seat{{UserID: "U1", Name: "Name1"}}, Options: tinners.Setup{Options: tinners.Options{Solo: true}}.Generic().Options,
		Notes: kit.Notes{Difficulty: []string{"more-mines", "deep-pockets"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s: tables %s (auction) and %s (solo lobby)", path, tb.ID, solo.ID)
}

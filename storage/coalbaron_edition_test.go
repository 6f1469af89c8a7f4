package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestCoalBaronOldEditionKeepsItsRules: a Coal Baron table started under
// edition 1 (after the worker action the turn ends by itself unless the
// player holds a playable action innovation) keeps loading, replaying,
// taking moves and round-tripping through export and import after the
// engine moved to edition 2; a new table gets edition 2, where the same
// move waits for "end turn" because she holds an innovation card.
func TestCoalBaronOldEditionKeepsItsRules(t *testing.T) {
	ctx := context.Background()
	c := newClock()
	s, err := Open(filepath.Join(t.TempDir(), "t.db"), Options{Titles: engine.NewRegistry(tinners.Title, coalbaron.Title), Now: c.Now, NewID: seqIDs()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// Seat 0 holds only a worker innovation: nothing to play after her move.
	var worker int
	for _, card := range coalbaron.Standard.Cards {
		if card.Kind == coalbaron.KindInnovation && card.Innovation == coalbaron.InnoWorkers {
			worker = card.ID
			break
		}
	}
	ov, _ := json.Marshal(coalbaron.Overrides{Start: new(int), Players: []coalbaron.PlayerSetup{{Innovations: []int{worker}}}})
	open := func(channel, edition string) (Header, engine.Match) {
		t.Helper()
		h, err := s.CreateLobby(ctx, Header{GuildID: "guild", ChannelID: channel, HostID: "u0", MaxPlayers: 4, Title: coalbaron.ID,
			Seats: []Seat{{UserID: "u0", Name: "A"}, {UserID: "u1", Name: "B", Colour: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		m, h, err := s.Start(ctx, h.ID, engine.Setup{Edition: edition, Seed: 20, Overrides: ov})
		if err != nil {
			t.Fatal(err)
		}
		a, err := coalbaron.Title.ParseAction("0/w:sh:1")
		if err != nil {
			t.Fatal(err)
		}
		if m, _, h, err = s.Apply(ctx, h.ID, m.Version(), a); err != nil {
			t.Fatal(err)
		}
		return h, m
	}
	edition := func(m engine.Match) string { return m.Public().(coalbaron.PublicView).Edition }

	h, m := open("c", coalbaron.EditionV1)
	if h.Edition != coalbaron.EditionV1 || edition(m) != coalbaron.EditionV1 || !slices.Equal(m.ToAct(), []int{1}) {
		t.Fatalf("edition 1: header %q, game %q, to act %v", h.Edition, edition(m), m.ToAct())
	}
	want, _ := m.Snapshot()
	// From the snapshot, and rebuilt from the log after a restart.
	for _, damage := range []bool{false, true} {
		if damage {
			if err := s.db.Update(func(tx *bolt.Tx) error {
				return tx.Bucket(bucketGames).Bucket([]byte(h.ID)).Delete(keySnapshot)
			}); err != nil {
				t.Fatal(err)
			}
		}
		s.cache.clear()
		_, got, err := s.Load(ctx, h.ID)
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := got.Snapshot(); !bytes.Equal(b, want) {
			t.Fatalf("damaged=%v: the loaded game differs", damage)
		}
	}
	if rep, err := s.Replay(ctx, h.ID); err != nil {
		t.Fatal(err)
	} else if b, _ := rep.Snapshot(); !bytes.Equal(b, want) {
		t.Fatalf("the replayed log differs")
	}
	// Export and import: the record names edition 1 and replays under it.
	b, err := s.Export(ctx, h.ID)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.UnmarshalRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Edition != coalbaron.EditionV1 {
		t.Fatalf("exported edition %q", rec.Edition)
	}
	hi, err := s.Import(ctx, rec, "guild", "other")
	if err != nil {
		t.Fatal(err)
	}
	if _, got, err := s.Load(ctx, hi.ID); err != nil {
		t.Fatal(err)
	} else if b, _ := got.Snapshot(); !bytes.Equal(b, want) {
		t.Fatalf("the imported game differs")
	}

	// A new table: the current edition, which waits for "end turn".
	h2, m2 := open("d", "")
	if h2.Edition != coalbaron.EditionV2 || edition(m2) != coalbaron.EditionV2 || !slices.Equal(m2.ToAct(), []int{0}) {
		t.Fatalf("new table: header %q, game %q, to act %v", h2.Edition, edition(m2), m2.ToAct())
	}
	if got := engine.Strings(m2.Legal(0)); !slices.Equal(got, []string{"0/e"}) {
		t.Fatalf("new table: legal %v", got)
	}
}

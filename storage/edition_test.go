package storage

import (
	"context"
	"fmt"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestOldEditionGameKeepsItsRules: a game started under edition 1 (the
// 2-player area both players passed on stays open for developments) keeps
// loading, replaying, taking actions and round-tripping through export and
// import after the engine moved to edition 2, where the same development is
// refused.
func TestOldEditionGameKeepsItsRules(t *testing.T) {
	ctx := context.Background()
	o := &tinners.SetupOverrides{Tiles: map[string]string{}, FaceUp: []string{"C6"}, Hands: [][]int{{}, {}},
		Order: []int{0, 1}, Money: []int{1, 1}, Dice: []int{2, 2, 2, 2, 2, 3}}
	for r, ps := range tinners.Standard.MapCards[2].Positions {
		for _, p := range ps {
			o.Tiles[fmt.Sprintf("%s%d", tinners.Region(r), p)] = "1/1/1"
		}
	}
	for _, c := range tinners.Standard.Decks[0] { // a region A card the seats can't afford
		if tinners.Standard.Cards[c].Value >= 2 {
			o.Decks = [][]int{{c}, {}, {}}
			break
		}
	}
	actions := []string{"0/b:A2:draw", "0/drop", "1/drop", "0/mi:A2"}

	s, _ := openTest(t)
	h := lobby(t, s, "c", 2)
	st, h, err := startT(s, ctx, h.ID, tinners.Setup{Edition: tinners.EditionV1, Seed: 5, Overrides: o})
	if err != nil {
		t.Fatal(err)
	}
	if h.Edition != tinners.EditionV1 || st.EditionVersion != tinners.EditionV1 {
		t.Fatalf("edition %q / %q", h.Edition, st.EditionVersion)
	}
	for _, str := range actions {
		a, _ := tinners.ParseAction(str)
		if st, _, h, err = applyT(s, ctx, h.ID, st.Version, a); err != nil {
			t.Fatalf("%s: %v", str, err)
		}
	}
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
		_, got, err := loadT(s, ctx, h.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.EditionVersion != tinners.EditionV1 || !got.Areas[tinners.Standard.AreaIndex("A2")].Miner {
			t.Fatalf("damaged=%v: edition %q", damage, got.EditionVersion)
		}
	}
	checkReplay(t, s, h.ID)
	// Export and import: the record names edition 1 and replays under it.
	b, err := s.Export(ctx, h.ID)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.UnmarshalRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Edition != tinners.EditionV1 {
		t.Fatalf("exported edition %q", rec.Edition)
	}
	if _, err := s.Import(ctx, rec, "guild", "other"); err != nil {
		t.Fatal(err)
	}
	// The same moves in a game of the current edition: the miner is refused.
	h2 := lobby(t, s, "d", 2)
	st, h2, err = startT(s, ctx, h2.ID, tinners.Setup{Seed: 5, Overrides: o})
	if err != nil {
		t.Fatal(err)
	}
	for i, str := range actions {
		a, _ := tinners.ParseAction(str)
		st, _, h2, err = applyT(s, ctx, h2.ID, st.Version, a)
		if i < len(actions)-1 && err != nil {
			t.Fatalf("%s: %v", str, err)
		}
	}
	if err == nil {
		t.Fatal("edition 2 game placed a miner on a removed area")
	}
}

package storage

import (
	"context"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"github.com/tinnersbot/tinnersbot/storage/pgtest"
)

// TestCopyToPostgres: every game of a BoltDB file — lobby, running,
// finished, imported — and every owed post arrives in PostgreSQL under
// the same id, replays to the same state, keeps its channel, and can be
// played on; a damaged game is listed, not copied.
func TestCopyToPostgres(t *testing.T) {
	testenv.FullOnly(t) // plays whole games
	ctx := context.Background()
	src, _ := openTest(t)
	lob := lobby(t, src, "c1", 2)
	run, _ := running(t, src, "c2", 3, 11)
	run, _ = play(t, src, run.ID, 25, randFor(2))
	fin, _ := running(t, src, "c3", 2, 12)
	fin, _ = play(t, src, fin.ID, 100000, randFor(3))
	if fin.Status != StatusFinished {
		t.Fatalf("the finished game is %s", fin.Status)
	}
	if _, _, _, err := src.ApplyBatch(ctx, run.ID, run.Version, Batch{Outbox: func(*Outbox, Header, engine.Match, []engine.Event) (*Outbox, error) {
		return &Outbox{Channel: "c2", Version: run.Version, Ping: []int{1}}, nil
	}}); err != nil {
		t.Fatal(err)
	}
	bad, _ := running(t, src, "c4", 2, 13)
	bad, _ = play(t, src, bad.ID, 5, randFor(4))
	damageLogEntry(t, src, bad.ID, 3)
	if err := src.PutPlayerSettings(ctx, "guild", "u1", []byte(`{"zone":"Europe/Warsaw"}`)); err != nil {
		t.Fatal(err)
	}

	dst, err := Open(pgtest.URL(t), Options{Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	res, err := src.CopyTo(ctx, dst)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := dst.PlayerSettings(ctx, "guild", "u1"); err != nil || string(b) != `{"zone":"Europe/Warsaw"}` || res.Players != 1 {
		t.Fatalf("player settings copied: %q, %v (%d)", b, err, res.Players)
	}
	if res.Games != 3 || res.Posts != 1 || len(res.Skipped) != 1 || res.Skipped[0].GameID != bad.ID {
		t.Fatalf("copied %d games and %d posts, skipped %+v; want 3, 1 and %s", res.Games, res.Posts, res.Skipped, bad.ID)
	}
	for _, h := range []Header{lob, run, fin} {
		got, err := dst.Header(ctx, h.ID)
		if err != nil || got.Version != h.Version || got.Status != h.Status || got.ChannelID != h.ChannelID {
			t.Fatalf("%s in PostgreSQL: %+v, %v", h.ID, got, err)
		}
		if h.Status == StatusLobby {
			continue
		}
		a, err1 := src.Export(ctx, h.ID)
		b, err2 := dst.Export(ctx, h.ID)
		if err1 != nil || err2 != nil || string(a) != string(b) {
			t.Fatalf("%s: records differ after the copy (%v, %v)", h.ID, err1, err2)
		}
		checkReplay(t, dst, h.ID)
	}
	if h, err := dst.ByChannel(ctx, "c2"); err != nil || h.ID != run.ID {
		t.Fatalf("the running game's channel: %+v, %v", h, err)
	}
	if o, ok, err := dst.PendingPost(ctx, run.ID); !ok || err != nil || o.Channel != "c2" {
		t.Fatalf("the owed post: %+v %v %v", o, ok, err)
	}
	play(t, dst, run.ID, 3, randFor(5)) // and play goes on
	// A second copy into the same database fails rather than doubling.
	if _, err := src.CopyTo(ctx, dst); err == nil {
		t.Fatal("a second copy into a full database succeeded")
	}
}

// damageLogEntry flips a bit of log entry seq of game id.
func damageLogEntry(t testing.TB, s *Store, id string, seq int) {
	t.Helper()
	if s.pg != nil {
		if _, err := s.pg.pool.Exec(context.Background(), `UPDATE game_log SET action = set_byte(action, 5, get_byte(action, 5) # 1) WHERE game_id = $1 AND seq = $2`, id, seq); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := s.db.Update(func(tx *bolt.Tx) error {
		gb, err := gameBucket(tx, id)
		if err != nil {
			return err
		}
		lb := gb.Bucket(keyLog)
		v := append([]byte(nil), lb.Get(u64(uint64(seq)))...)
		v[5] ^= 1
		return lb.Put(u64(uint64(seq)), v)
	}); err != nil {
		t.Fatal(err)
	}
	s.cache.clear()
}

package storage

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	bolt "go.etcd.io/bbolt"
)

// TestPlayerSettingsRoundTrip: settings are stored per guild and user,
// replaced by the next put, deleted by an empty one, and listed per guild.
func TestPlayerSettingsRoundTrip(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	if b, err := s.PlayerSettings(ctx, "g1", "u1"); b != nil || err != nil {
		t.Fatalf("before any put: %q, %v", b, err)
	}
	for _, c := range []struct{ g, u, v string }{{"g1", "u1", `{"zone":"Europe/Warsaw"}`}, {"g1", "u2", `{"dm":true}`}, {"g2", "u1", `{"remind":24}`}} {
		if err := s.PutPlayerSettings(ctx, c.g, c.u, []byte(c.v)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.PutPlayerSettings(ctx, "g1", "u1", []byte(`{"zone":"America/New_York"}`)); err != nil {
		t.Fatal(err)
	}
	if b, err := s.PlayerSettings(ctx, "g1", "u1"); string(b) != `{"zone":"America/New_York"}` || err != nil {
		t.Errorf("g1/u1 = %q, %v", b, err)
	}
	if b, _ := s.PlayerSettings(ctx, "g2", "u1"); string(b) != `{"remind":24}` {
		t.Errorf("another guild's settings: %q", b)
	}
	all, err := s.PlayerSettingsOf(ctx, "g1")
	if err != nil || len(all) != 2 || string(all["u2"]) != `{"dm":true}` {
		t.Errorf("g1's players: %q, %v", all, err)
	}
	if err := s.PutPlayerSettings(ctx, "g1", "u2", nil); err != nil {
		t.Fatal(err)
	}
	if b, _ := s.PlayerSettings(ctx, "g1", "u2"); b != nil {
		t.Errorf("deleted settings read back: %q", b)
	}
	if err := s.PutPlayerSettings(ctx, "", "u1", []byte(`{}`)); !errors.Is(err, ErrNoGuild) {
		t.Errorf("no guild: %v", err)
	}
}

// TestPlayerSettingsDamaged: a record whose bytes no longer match its
// checksum is reported as damaged, and left out of the guild's list.
func TestPlayerSettingsDamaged(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	s.PutPlayerSettings(ctx, "g", "bad", []byte(`{"dm":true}`))
	s.PutPlayerSettings(ctx, "g", "good", []byte(`{"dm":false}`))
	if err := s.db.Update(func(tx *bolt.Tx) error {
		gb := tx.Bucket(bucketPlayers).Bucket([]byte("g"))
		v := append([]byte{}, gb.Get([]byte("bad"))...)
		v[len(v)-2] ^= 1
		return gb.Put([]byte("bad"), v)
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.PlayerSettings(ctx, "g", "bad"); !errors.Is(err, ErrPlayerDamaged) {
		t.Errorf("damaged record: %v", err)
	}
	if all, err := s.PlayerSettingsOf(ctx, "g"); err != nil || len(all) != 1 || all["good"] == nil {
		t.Errorf("list with a damaged record: %q, %v", all, err)
	}
}

// TestPlayerSettingsOnOldFile: a file from before player settings (no
// bucket) opens read-only and reads as having none, and takes a put when
// opened for writing.
func TestPlayerSettingsOnOldFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	src, err := os.Open("testdata/before-titles.db")
	if err != nil {
		t.Fatal(err)
	}
	dst, _ := os.Create(path)
	io.Copy(dst, src)
	src.Close()
	dst.Close()
	// Migrate it first (a read-only store refuses an old schema).
	s, err := Open(path, Options{Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	ro, err := Open(path, Options{Titles: tinners.Titles(), ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if b, err := ro.PlayerSettings(context.Background(), "g", "u"); b != nil || err != nil {
		t.Errorf("read-only, no bucket: %q, %v", b, err)
	}
	ro.Close()
	rw, err := Open(path, Options{Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer rw.Close()
	if err := rw.PutPlayerSettings(context.Background(), "g", "u", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
}

package storage

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

func TestBackupOverSocketWhileOpen(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	s, err := Open(db, Options{Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h, err := s.CreateLobby(ctx, Header{GuildID: "g", ChannelID: "c1"})
	if err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "b.sock") // short: Unix socket paths are limited to ~100 bytes
	if err := ServeBackups(ctx, s, sock); err != nil {
		t.Fatal(err)
	}
	// A second opener is locked out, which is why the socket exists.
	if _, err := Open(db, Options{Titles: tinners.Titles(), Timeout: 50e6, ReadOnly: true}); !errors.Is(err, ErrDatabaseInUse) {
		t.Fatalf("second open: %v, want ErrDatabaseInUse", err)
	}
	out := filepath.Join(dir, "backup.db")
	n, err := RequestBackup(ctx, sock, out)
	if err != nil || n <= 0 {
		t.Fatalf("RequestBackup = %d, %v", n, err)
	}
	b, err := Open(out, Options{Titles: tinners.Titles(), ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got, err := b.Header(ctx, h.ID); err != nil || got.ChannelID != "c1" {
		t.Fatalf("backup lacks the game: %+v, %v", got, err)
	}
	if err := b.Check(ctx); err != nil {
		t.Fatalf("backup fails the consistency check: %v", err)
	}
	if _, err := RequestBackup(ctx, sock, filepath.Join(dir, "no", "such", "dir", "x.db")); err == nil {
		t.Fatal("a backup into a missing directory reported success")
	}
	cancel()
	if _, err := RequestBackup(context.Background(), filepath.Join(dir, "none.sock"), out); err == nil {
		t.Fatal("a missing socket reported success")
	}
}

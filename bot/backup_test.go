package bot

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/storage"
)

// While the bot runs, bbolt's lock keeps every other process out of the
// database; the running bot writes hot backups on request over its socket.
func TestRunningBotServesHotBackups(t *testing.T) {
	h := newHarness(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := storage.Open(h.dbPath, storage.Options{ReadOnly: true, Timeout: 50 * time.Millisecond, Titles: tinners.Titles()}); err == nil {
		t.Fatal("a second open of the running bot's database succeeded; expected the file lock")
	}
	out := filepath.Join(t.TempDir(), "backup.db")
	sock := filepath.Join(filepath.Dir(h.dbPath), "b.sock")
	var n int64
	var err error
	for i := 0; i < 50; i++ { // Run starts the socket right after connecting
		if n, err = storage.RequestBackup(ctx, sock, out); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil || n == 0 {
		t.Fatalf("RequestBackup = %d, %v", n, err)
	}
	b, err := storage.Open(out, storage.Options{ReadOnly: true, Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Check(ctx); err != nil {
		t.Fatalf("backup fails bbolt's check: %v", err)
	}
}

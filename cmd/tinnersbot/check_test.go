package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/storage"
)

// damage copies the fixture database and flips the last byte of one value
// of game id: its header, or log entry n (n > 0).
func damage(t *testing.T, src, id string, n int) string {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "damaged.db")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(tx *bolt.Tx) error {
		b, key := tx.Bucket([]byte("games")).Bucket([]byte(id)), []byte("header")
		if n > 0 {
			b, key = b.Bucket([]byte("log")), binary.BigEndian.AppendUint64(nil, uint64(n))
		}
		v := bytes.Clone(b.Get(key))
		v[len(v)-1] ^= 1
		return b.Put(key, v)
	}); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCheck: tinnersbot check prints one line per damaged game and exits
// 1 when there is one, 0 on a good database; it reads a database the bot
// holds through the bot's backup socket, and checks a database of an
// older schema on a migrated copy without writing the file.
func TestCheck(t *testing.T) {
	good, id := storageFixture(t)
	cases := []struct {
		name string
		path string
		code int
		want []string
	}{
		{"good", good, 0, []string{"1 games, 0 damaged"}},
		{"damaged header", damage(t, good, id, 0), 1, []string{"damaged game " + id + ": ", "header is damaged", "1 games, 1 damaged"}},
		{"damaged log entry", damage(t, good, id, 7), 1, []string{"damaged game " + id + ": ", "log entry 7 is damaged", "1 games, 1 damaged"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := run(t, "check", c.path)
			if code != c.code {
				t.Fatalf("exit %d, want %d: %s%s", code, c.code, out, errs)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Fatalf("output does not say %q:\n%s", w, out)
				}
			}
			if n := strings.Count(out, "damaged game"); n != c.code {
				t.Fatalf("%d damaged lines:\n%s", n, out)
			}
		})
	}

	t.Run("older schema", func(t *testing.T) {
		src, err := os.ReadFile("../../storage/testdata/before-checksums.db")
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "old.db")
		if err := os.WriteFile(path, src, 0o600); err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, "check", "-db", path)
		if code != 0 || !strings.Contains(out, "4 games, 0 damaged") || !strings.Contains(out, "migrated") {
			t.Fatalf("exit %d: %s%s", code, out, errs)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, src) {
			t.Fatal("check wrote the file it checked")
		}
	})

	t.Run("database in use", func(t *testing.T) {
		path := damage(t, good, id, 3)
		s, err := storage.Open(path, storage.Options{Titles: titles()})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		if err := storage.ServeBackups(ctx, s, storage.SocketPath(path)); err != nil {
			t.Fatal(err)
		}
		code, out, errs := run(t, "check", path)
		if code != 1 || !strings.Contains(out, "log entry 3 is damaged") || !strings.Contains(out, "running bot") {
			t.Fatalf("exit %d: %s%s", code, out, errs)
		}
	})

	t.Run("import refuses what remains of a damaged game", func(t *testing.T) {
		s, err := storage.Open(damage(t, good, id, 7), storage.Options{Titles: titles()})
		if err != nil {
			t.Fatal(err)
		}
		rec, err := s.Salvage(context.Background(), id)
		s.Close()
		if err != nil {
			t.Fatal(err)
		}
		b, err := engine.MarshalRecord(rec)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "salvaged.json")
		if err := os.WriteFile(file, b, 0o600); err != nil {
			t.Fatal(err)
		}
		code, _, errs := run(t, "import", "-db", filepath.Join(t.TempDir(), "new.db"), file)
		if code != 1 || !strings.Contains(errs, "damaged") {
			t.Fatalf("exit %d: %s", code, errs)
		}
	})

	t.Run("errors", func(t *testing.T) {
		if code, _, _ := run(t, "check", "a", "b"); code != 2 {
			t.Fatalf("two files: exit %d", code)
		}
		missing := filepath.Join(t.TempDir(), "missing.db")
		if code, _, _ := run(t, "check", missing); code != 1 {
			t.Fatalf("missing file: exit %d", code)
		}
		if _, err := os.Stat(missing); err == nil {
			t.Fatal("check created the file")
		}
	})
}

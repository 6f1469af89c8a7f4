package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// TestNoCommandShowsThePassword: every command that opens the database,
// given one with a password (a postgres:// URL, or the key=value words
// PostgreSQL also accepts) on a server that does not answer, fails
// without the password in anything it prints, and a key=value string is
// never taken for a file name (no file appears).
func TestNoCommandShowsThePassword(t *testing.T) {
	const pw = "s3cretPW"
	t.Setenv("DISCORD_TOKEN", "test-token")
	t.Setenv("TINNERS_DISCORD_URL", "http://127.0.0.1:1") // nothing listens: no Discord, real or fake
	t.Setenv("TINNERS_DB", "")
	for _, conn := range []string{
		"postgres://bot:" + pw + "@127.0.0.1:1/tinners?connect_timeout=2",
		"host=127.0.0.1 port=1 user=bot password=" + pw + " dbname=tinners connect_timeout=2",
		"host=127.0.0.1 port=1 password='" + pw + " x' dbname=tinners",
	} {
		dir := t.TempDir()
		t.Chdir(dir)
		t.Setenv("TINNERS_DATABASE_URL", conn)
		rec := dir + "/rec.json"
		if err := os.WriteFile(rec, []byte(`{}`), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"run"}, {"check"}, {"check", conn}, {"check", "-db", conn}, {"backup", dir + "/out.db"},
			{"export", "g1"}, {"export", "-db", conn, "g1"}, {"import", rec},
			{"migrate", "--from", dir + "/none.db", "--to", conn},
		} {
			var out, errb bytes.Buffer
			code := dispatch(context.Background(), args, &out, &errb)
			if code == 0 {
				t.Errorf("%q with %q: exit 0 on a database that does not answer", args[0], conn)
			}
			if all := out.String() + errb.String(); strings.Contains(all, pw) {
				t.Errorf("%q with %q prints the password:\n%s", args[0], conn, all)
			}
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Name() != "rec.json" {
				t.Errorf("with %q a file %q appeared", conn, e.Name())
			}
		}
	}
}

// Package pgtest starts a throwaway PostgreSQL cluster for tests: initdb
// and pg_ctl from Debian's /usr/lib/postgresql/<major>/bin (kept off the
// PATH), a data directory and Unix socket in a fresh temporary directory,
// no TCP listener, fsync off. When the tests run as root the cluster runs
// as the postgres system user (PostgreSQL refuses to run as root). Each
// test gets a database of its own (NewDatabase); Stop removes everything.
//
// A package shares one cluster between its tests through TestMain:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
//
// and a test asks for a database with pgtest.URL(t). Where PostgreSQL is
// not installed the test is skipped with a message saying so, unless
// TINNERS_REQUIRE_POSTGRES=1, when it fails: CI sets that after installing
// PostgreSQL, so it cannot pass by skipping.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// ErrNotInstalled: no initdb under /usr/lib/postgresql/*/bin nor on the PATH.
var ErrNotInstalled = errors.New("pgtest: PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); apt-get install postgresql")

// Cluster is a running throwaway cluster.
type Cluster struct {
	dir   string // temporary directory: data/, the socket, the log
	bin   string
	runAs string // system user the server runs as ("" = ourselves)
	n     atomic.Int64
}

const port = 5432 // only a Unix socket in our own directory: no clash

// Bin returns the directory holding initdb and pg_ctl, or ErrNotInstalled.
func Bin() (string, error) {
	ms, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(ms, func(i, j int) bool { return major(ms[i]) > major(ms[j]) })
	if len(ms) > 0 {
		return filepath.Dir(ms[0]), nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", ErrNotInstalled
}

func major(initdb string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return n
}

// Start creates and starts a cluster. Errors: ErrNotInstalled, or why
// initdb or pg_ctl failed (with the server's log).
func Start() (*Cluster, error) {
	bin, err := Bin()
	if err != nil {
		return nil, err
	}
	reapOrphans(bin)
	dir, err := os.MkdirTemp(baseDir(), "pgtest")
	if err != nil {
		return nil, err
	}
	// The owner's pid, so that a later run can stop a cluster whose test
	// binary died (a panic skips Stop).
	if err := os.WriteFile(filepath.Join(dir, "owner"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("pgtest: running as root and there is no postgres system user to run the server as: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		c.runAs = "postgres"
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	data := filepath.Join(dir, "data")
	if out, err := c.run("initdb", "-D", data, "-U", "tinners", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("pgtest: initdb: %v\n%s", err, out)
	}
	opts := fmt.Sprintf("-k %s -p %d -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200", dir, port)
	if out, err := c.run("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start"); err != nil {
		logText, _ := os.ReadFile(filepath.Join(dir, "log"))
		os.RemoveAll(dir)
		return nil, fmt.Errorf("pgtest: pg_ctl start: %v\n%s\n%s", err, out, logText)
	}
	return c, nil
}

func (c *Cluster) run(tool string, args ...string) ([]byte, error) {
	path := filepath.Join(c.bin, tool)
	var cmd *exec.Cmd
	if c.runAs != "" {
		cmd = exec.Command("runuser", append([]string{"-u", c.runAs, "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = c.dir
	return cmd.CombinedOutput()
}

// baseDir is where clusters are made: the temporary directory, or /tmp
// when running as root (the postgres user must reach it: a TMPDIR under
// /root would not do) or when the socket's path would be too long for a
// Unix socket (about 107 bytes).
func baseDir() string {
	if d := os.TempDir(); os.Geteuid() != 0 && len(d) < 60 {
		return d
	}
	return "/tmp"
}

// reapOrphans stops and removes the clusters of test processes that died
// without stopping them.
func reapOrphans(bin string) {
	dirs, _ := filepath.Glob(filepath.Join(baseDir(), "pgtest*"))
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "owner"))
		if err != nil {
			continue
		}
		pid, err := strconv.Atoi(string(b))
		if err != nil || pid == os.Getpid() || syscall.Kill(pid, 0) == nil {
			continue // alive (or not ours to judge)
		}
		c := &Cluster{dir: d, bin: bin}
		if fi, err := os.Stat(d); err == nil && fi.Sys() != nil && os.Geteuid() == 0 {
			if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Uid != 0 {
				c.runAs = "postgres"
			}
		}
		_ = c.Stop()
	}
}

// Stop stops the server and removes its directory.
func (c *Cluster) Stop() error {
	_, err := c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop")
	if rerr := os.RemoveAll(c.dir); err == nil {
		err = rerr
	}
	return err
}

// URL is the connection URL of database name in the cluster.
func (c *Cluster) URL(name string) string {
	return fmt.Sprintf("postgres://tinners@/%s?host=%s&port=%d&sslmode=disable", name, c.dir, port)
}

// Bin is the directory of the cluster's tools (pg_dump, psql).
func (c *Cluster) Bin() string { return c.bin }

// NewDatabase creates an empty database and returns its URL.
func (c *Cluster) NewDatabase(ctx context.Context) (string, error) {
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	name := fmt.Sprintf("t%d_%d", os.Getpid(), c.n.Add(1))
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	return c.URL(name), nil
}

var (
	shared    *Cluster
	sharedErr error
	once      sync.Once
	started   bool
)

// Main runs a package's tests with one shared cluster, started on first
// use (a run that asks for no database starts none) and stopped at the
// end. Use it from TestMain: os.Exit(pgtest.Main(m)).
func Main(m *testing.M) int {
	code := m.Run()
	if started && shared != nil {
		if err := shared.Stop(); err != nil {
			fmt.Fprintf(os.Stderr, "pgtest: stopping the cluster: %v\n", err)
		}
	}
	return code
}

// Required reports whether TINNERS_REQUIRE_POSTGRES=1 asks tests to fail
// rather than skip without PostgreSQL.
func Required() bool { return os.Getenv("TINNERS_REQUIRE_POSTGRES") == "1" }

// Shared returns the package's shared cluster, starting it on first use
// (only under Main, which stops it). Without PostgreSQL the test is
// skipped with a visible message, or fails when Required.
func Shared(t testing.TB) *Cluster {
	t.Helper()
	once.Do(func() {
		start := time.Now()
		shared, sharedErr = Start()
		started = sharedErr == nil
		if started {
			fmt.Fprintf(os.Stderr, "pgtest: throwaway PostgreSQL cluster started in %v\n", time.Since(start).Round(time.Millisecond))
		}
	})
	if sharedErr != nil {
		if errors.Is(sharedErr, ErrNotInstalled) && !Required() {
			t.Skipf("SKIPPED: %v (set TINNERS_REQUIRE_POSTGRES=1 to make this a failure)", sharedErr)
		}
		t.Fatal(sharedErr)
	}
	return shared
}

// URL returns the URL of a fresh database in the shared cluster (see Shared).
func URL(t testing.TB) string {
	t.Helper()
	c := Shared(t)
	u, err := c.NewDatabase(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return u
}

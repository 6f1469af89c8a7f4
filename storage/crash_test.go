package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// crashEnv names the database file the crash child writes to.
const crashEnv = "TINNERS_STORAGE_CRASH_DB"

// TestCrashChild is the child process of TestCrash; on its own it skips. It
// plays random legal actions in a loop (starting a new game in channel
// "crash" whenever the last one ends) and prints "committed ID VERSION
// ACTION" after each Apply has returned, i.e. after the commit was synced.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("child of TestCrash")
	}
	ctx := context.Background()
	s, err := Open(path, Options{Titles: tinners.Titles(), Timeout: 10 * time.Second})
	if err != nil {
		fmt.Fprintln(os.Stderr, "child open:", err)
		os.Exit(3)
	}
	r := rand.New(rand.NewPCG(uint64(os.Getpid()), uint64(time.Now().UnixNano())))
	for {
		h, err := s.ByChannel(ctx, "crash")
		if errors.Is(err, ErrNotFound) {
			h, err = s.CreateLobby(ctx, Header{ChannelID: "crash", Seats: []Seat{{Name: "a"}, {Name: "b"}}})
		}
		if err == nil && h.Status == StatusLobby {
			// New, or left behind by a kill between CreateLobby and Start.
			_, h, err = startT(s, ctx, h.ID, tinners.Setup{Seed: r.Uint64()})
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(3)
		}
		_, st, err := loadT(s, ctx, h.ID)
		if err != nil {
			fmt.Fprintln(os.Stderr, "child load:", err)
			os.Exit(3)
		}
		a := pick(st, r)
		_, _, h2, err := applyT(s, ctx, h.ID, st.Version, a)
		if err != nil {
			fmt.Fprintln(os.Stderr, "child apply:", err)
			os.Exit(3)
		}
		// One Write of a short line: atomic on a pipe.
		fmt.Fprintf(os.Stdout, "committed %s %d %s\n", h.ID, h2.Version, a)
	}
}

// firstLine is an io.Writer that collects output and signals the first newline.
type firstLine struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	once sync.Once
	seen chan struct{}
}

func (w *firstLine) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if bytes.IndexByte(p, '\n') >= 0 {
		w.once.Do(func() { close(w.seen) })
	}
	return w.buf.Write(p)
}

// TestCrash kills a child that is applying actions with SIGKILL at random
// moments, many times. After each kill the file must open, pass bbolt's
// consistency check, and hold every action the child reported committed,
// and replaying each game's log must equal its snapshot.
func TestCrash(t *testing.T) {
	if os.Getenv(crashEnv) != "" {
		t.Skip("in the child")
	}
	iterations := 30
	if testing.Short() {
		iterations = 8
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	type entry struct {
		id      string
		version int
	}
	committed := map[entry]string{}
	r := rand.New(rand.NewPCG(1, 2))
	total := 0
	for i := range iterations {
		out := &firstLine{seen: make(chan struct{})}
		var errOut bytes.Buffer
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashEnv+"="+path)
		cmd.Stdout, cmd.Stderr = out, &errOut
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		// Every fourth kill lands anywhere from start-up on; the others
		// while actions are being committed.
		delay := time.Duration(r.IntN(40)) * time.Millisecond
		if i%4 != 0 {
			select {
			case <-out.seen:
			case <-time.After(20 * time.Second):
				t.Fatalf("iteration %d: child committed nothing; stderr:\n%s", i, errOut.String())
			}
		}
		time.Sleep(delay)
		cmd.Process.Signal(syscall.SIGKILL)
		err := <-exited
		if ee, ok := err.(*exec.ExitError); !ok || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("iteration %d: child ended with %v, not SIGKILL; stderr:\n%s", i, err, errOut.String())
		}

		out.mu.Lock()
		text := out.buf.String()
		out.mu.Unlock()
		lines := strings.Split(text, "\n")
		lines = lines[:len(lines)-1] // drop the unterminated tail
		for _, l := range lines {
			f := strings.Fields(l)
			if len(f) != 4 || f[0] != "committed" {
				t.Fatalf("child printed %q", l)
			}
			v, err := strconv.Atoi(f[2])
			if err != nil {
				t.Fatalf("child printed %q", l)
			}
			committed[entry{f[1], v}] = f[3]
		}
		total += len(lines)
		verifyAfterCrash(t, path, func(id string, actions []string) {
			for e, a := range committed {
				if e.id != id {
					continue
				}
				if e.version > len(actions) || actions[e.version-1] != a {
					t.Fatalf("iteration %d: game %s action %d (%s) reported committed but lost", i, id, e.version, a)
				}
			}
		})
	}
	if total == 0 {
		t.Fatal("no action was committed at all")
	}
	t.Logf("%d kills, %d committed actions verified", iterations, total)
}

func verifyAfterCrash(t *testing.T, path string, check func(id string, actions []string)) {
	t.Helper()
	ctx := context.Background()
	s, err := Open(path, Options{Titles: tinners.Titles(), Timeout: 5 * time.Second})
	if err != nil {
		t.Fatalf("open after kill: %v", err)
	}
	defer s.Close()
	if err := s.Check(ctx); err != nil {
		t.Fatalf("bbolt check after kill: %v", err)
	}
	games, err := s.Games(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range games {
		if h.Status == StatusLobby {
			continue
		}
		rec, err := s.Record(ctx, h.ID)
		if err != nil {
			t.Fatal(err)
		}
		check(h.ID, rec.Actions)
		checkReplay(t, s, h.ID)
	}
}

// inUseEnv names the database TestInUseChild tries to open.
const inUseEnv = "TINNERS_STORAGE_INUSE_DB"

// TestInUseChild is the child of TestDatabaseInUseOtherProcess; on its own
// it skips. It tries to open the database and prints the error.
func TestInUseChild(t *testing.T) {
	path := os.Getenv(inUseEnv)
	if path == "" {
		t.Skip("child of TestDatabaseInUseOtherProcess")
	}
	s, err := Open(path, Options{Titles: tinners.Titles(), Timeout: 200 * time.Millisecond})
	if err == nil {
		s.Close()
		fmt.Println("opened")
		os.Exit(0)
	}
	fmt.Printf("in use: %v; error: %v\n", errors.Is(err, ErrDatabaseInUse), err)
	os.Exit(0)
}

// TestDatabaseInUseOtherProcess: a second process opening a file the first
// holds gets ErrDatabaseInUse after its timeout instead of hanging.
func TestDatabaseInUseOtherProcess(t *testing.T) {
	if os.Getenv(inUseEnv) != "" {
		t.Skip("in the child")
	}
	path := filepath.Join(t.TempDir(), "t.db")
	s, err := Open(path, Options{Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestInUseChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), inUseEnv+"="+path)
	start := time.Now()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "in use: true") || !strings.Contains(string(out), "in use by another process") {
		t.Fatalf("child said %q", out)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("child took %v", d)
	}
}

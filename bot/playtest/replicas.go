package playtest

// Several bot processes behind a load balancer, for the load test: each
// replica is a child process of the tinnersbot binary (`run` in HTTP mode,
// an interactions endpoint of its own), all on one database (PostgreSQL:
// several may share it); the fake Discord delivers every interaction to a
// round-robin proxy on loopback that hands it to the next replica,
// skipping one that refuses the connection (as a load balancer's health
// check would). A replica is killed with SIGKILL: its work in progress is
// left as a dying process leaves it (its leases run out; bot/lease.go),
// an interaction it was answering fails, and it takes no new ones.

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/storage"
)

// replica is one bot process: opt.Binary's run subcommand in HTTP mode
// on a loopback port, talking to the fake Discord (TINNERS_DISCORD_URL).
type replica struct {
	cmd  *exec.Cmd
	url  string
	done chan error
}

// startReplica starts a child process of bin serving interactions on a
// free loopback port; its log goes to logw.
func startReplica(bin string, env []string, logw io.Writer) (*replica, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close() // the child listens there
	cmd := exec.Command(bin, "run")
	cmd.Env = append(append(os.Environ(), env...), "TINNERS_HTTP_ADDR="+addr)
	cmd.Stdout, cmd.Stderr = logw, logw
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	r := &replica{cmd: cmd, url: "http://" + addr + "/interactions", done: make(chan error, 1)}
	go func() { r.done <- cmd.Wait() }()
	return r, nil
}

// kill ends the process with SIGKILL: nothing released, nothing closed.
func (r *replica) kill() { r.cmd.Process.Kill(); <-r.done }

// stop asks the process to shut down (SIGTERM) and waits for its exit.
func (r *replica) stop() error {
	r.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-r.done:
		return err
	case <-time.After(30 * time.Second):
		r.kill()
		return errors.New("did not stop within 30 s of SIGTERM")
	}
}

// roundRobin is the load balancer in front of the replicas.
type roundRobin struct {
	mu       sync.Mutex
	backends []string
	next     int
	client   *http.Client
	routed   map[string]string // interaction token → the replica's URL it went to
}

// wentTo returns the URL of the replica that interaction token went to.
func (rr *roundRobin) wentTo(token string) string {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	return rr.routed[token]
}

func (rr *roundRobin) set(backends []string) {
	rr.mu.Lock()
	rr.backends = append([]string(nil), backends...)
	rr.mu.Unlock()
}

func (rr *roundRobin) pick() (string, int) {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	if len(rr.backends) == 0 {
		return "", 0
	}
	rr.next++
	return rr.backends[rr.next%len(rr.backends)], len(rr.backends)
}

func (rr *roundRobin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "read", http.StatusBadRequest)
		return
	}
	rr.mu.Lock()
	n := len(rr.backends)
	rr.mu.Unlock()
	for range max(n, 1) {
		url, _ := rr.pick()
		if url == "" {
			break
		}
		req, err := http.NewRequestWithContext(r.Context(), r.Method, url, bytes.NewReader(body))
		if err != nil {
			break
		}
		req.Header = r.Header.Clone()
		var in struct{ Token string }
		json.Unmarshal(body, &in)
		rr.mu.Lock()
		rr.routed[in.Token] = url
		rr.mu.Unlock()
		resp, err := rr.client.Do(req)
		var op *net.OpError
		if err != nil && errors.As(err, &op) && op.Op == "dial" {
			continue // down: the next one
		}
		if err != nil {
			break // it died with the interaction: Discord would not resend it
		}
		for k, v := range resp.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body)
		resp.Body.Close()
		return
	}
	http.Error(w, "no replica answered", http.StatusBadGateway)
}

// serveProxy starts rr on a loopback port and returns its URL and a stop.
func serveProxy(rr *roundRobin) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: rr, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	return fmt.Sprintf("http://%s/", ln.Addr()), func() { srv.Close() }, nil
}

// LoadLeaseTTL is the replicas' lease time in a load test (the run
// subcommand takes it under TINNERS_LOADTEST): a killed replica's work
// waits that long for another.
const LoadLeaseTTL = 5 * time.Second

// loadReplicas is Load with opt.Replicas bot processes behind the
// round-robin.
func loadReplicas(ctx context.Context, opt LoadOptions, dbPath string, fd *fakediscord.Server, logBuf *tailBuffer, logw io.Writer) (*LoadResult, error) {
	if opt.Binary == "" {
		return nil, errors.New("load: replicas need the tinnersbot binary (LoadOptions.Binary)")
	}
	if !storage.IsURL(dbPath) && opt.Replicas > 1 {
		return nil, errors.New("load: several replicas need a PostgreSQL database (bbolt locks its file)")
	}
	rr := &roundRobin{client: &http.Client{Timeout: 10 * time.Second}, routed: map[string]string{}}
	url, stopProxy, err := serveProxy(rr)
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	fd.DeliverTo(url)
	f := &fleet{opt: opt, env: replicaEnv(opt, dbPath, fd), fd: fd, rr: rr, stopProxy: stopProxy, logBuf: logBuf, logw: logw}
	for k := range opt.Replicas {
		r, err := startReplica(opt.Binary, f.env, logw)
		if err != nil {
			f.stopAll()
			return nil, fmt.Errorf("load: start replica %d: %w", k, err)
		}
		f.live = append(f.live, r)
	}
	rr.set(f.urls())
	if err := f.registered(opt.Replicas); err != nil {
		f.stopAll()
		return nil, fmt.Errorf("load: %w\n%s", err, logBuf.String())
	}
	var during func(context.Context, time.Time)
	if opt.KillAt > 0 && opt.Replicas > 1 {
		during = f.killOne
	}
	res, err := play(ctx, opt, fd, nil, logBuf, dbPath, f.stopAll, during, f.atKill, f.killTime)
	if res != nil {
		res.Killed = f.killed
	}
	return res, err
}

// replicaEnv is the environment of every replica: the fake Discord, the
// database at dbPath and the load test's mode.
func replicaEnv(opt LoadOptions, dbPath string, fd *fakediscord.Server) []string {
	mode := "render"
	if opt.Render != nil {
		mode = "1" // placeholder pictures (the children draw nothing else)
	}
	dbEnv := "TINNERS_DATABASE_URL=" + dbPath
	if !storage.IsURL(dbPath) {
		dbEnv = "TINNERS_DB=" + dbPath
	}
	env := []string{"DISCORD_TOKEN=load-token", "TINNERS_DISCORD_URL=" + fd.URL(), dbEnv, "TINNERS_GUILD=",
		"DISCORD_PUBLIC_KEY=" + hex.EncodeToString(fd.PublicKey()), "TINNERS_LOADTEST=" + mode}
	if opt.RemindEvery > 0 {
		env = append(env, "TINNERS_LOADTEST_REMIND="+opt.RemindEvery.String())
	}
	return env
}

// fleet is a load test's replicas behind the round-robin, and the one
// killed during the run.
type fleet struct {
	opt       LoadOptions
	env       []string
	fd        *fakediscord.Server
	rr        *roundRobin
	stopProxy func()
	logBuf    *tailBuffer
	logw      io.Writer

	mu        sync.Mutex
	live      []*replica
	killed    int
	killedAt  time.Time
	victimURL string
}

// urls are the live replicas' endpoints.
func (f *fleet) urls() []string {
	var out []string
	for _, r := range f.live {
		out = append(out, r.url)
	}
	return out
}

// registered waits until n replicas have registered the commands. A
// replica takes interactions once it has (its endpoint serves by then), as
// a load balancer's health check would let it in: one still reading the
// application would keep them waiting past Discord's 3 s.
func (f *fleet) registered(n int) error {
	return f.fd.WaitUntil("command registration", 60*time.Second, func(calls []call, _ int) bool {
		k := 0
		for _, c := range calls {
			if c.Method == "PUT" && strings.HasSuffix(c.Path, "/commands") {
				k++
			}
		}
		return k >= n
	})
}

// stopAll stops the proxy and every live replica, returning the first
// error.
func (f *fleet) stopAll() error {
	f.stopProxy()
	f.mu.Lock()
	defer f.mu.Unlock()
	var first error
	for _, r := range f.live {
		if err := r.stop(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// killOne waits until opt.KillAt after start, kills the oldest replica
// with SIGKILL and, a second later, starts one in its place.
func (f *fleet) killOne(pctx context.Context, start time.Time) {
	select {
	case <-time.After(time.Until(start.Add(f.opt.KillAt))):
	case <-pctx.Done():
		return
	}
	f.mu.Lock()
	victim := f.live[0]
	f.live = f.live[1:]
	f.rr.set(f.urls())
	f.victimURL, f.killedAt = victim.url, time.Now()
	f.killed++
	f.mu.Unlock()
	victim.kill()
	time.Sleep(time.Second)
	r, err := startReplica(f.opt.Binary, f.env, f.logw)
	if err == nil {
		err = f.registered(f.opt.Replicas + f.killed)
	}
	if err != nil {
		f.logBuf.Write([]byte(fmt.Sprintf("load: restart a replica: %v\n", err)))
		return
	}
	f.mu.Lock()
	f.live = append(f.live, r)
	f.rr.set(f.urls())
	f.mu.Unlock()
}

// atKill reports whether the interaction token was lost with the killed
// process: taken by it and not finished when it died. The player sees it
// fail (or never answered) and tries again, as a person would.
func (f *fleet) atKill(token string, finished time.Time) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.killed > 0 && f.rr.wentTo(token) == f.victimURL && !finished.Before(f.killedAt)
}

// killTime is when the replica was killed (zero before).
func (f *fleet) killTime() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.killedAt
}

// waitOwed waits up to within for the database's outbox to empty and
// returns how many posts are still owed.
func waitOwed(ctx context.Context, dbPath string, within time.Duration) int {
	if !storage.IsURL(dbPath) {
		return 0 // one process: its sender is done when it stops
	}
	st, err := storage.Open(dbPath, storage.Options{Titles: tinners.Titles()})
	if err != nil {
		return -1
	}
	defer st.Close()
	n := -1
	for end := time.Now().Add(within); ; time.Sleep(100 * time.Millisecond) {
		owed, err := st.PendingPosts(ctx)
		if err == nil {
			n = len(owed)
		}
		if n == 0 || time.Now().After(end) {
			return n
		}
	}
}

// doubledPosts counts messages posted in a table channel that are the
// same as the channel's previous post (a hand-off posted twice).
func doubledPosts(calls []call) int {
	last := map[string]string{}
	n := 0
	for _, c := range calls {
		if c.Method != "POST" || c.Status < 200 || c.Status > 299 || !strings.HasPrefix(c.Path, "/channels/") || !strings.HasSuffix(c.Path, "/messages") {
			continue
		}
		ch := strings.TrimSuffix(strings.TrimPrefix(c.Path, "/channels/"), "/messages")
		if strings.HasPrefix(ch, "9") {
			continue // a DM
		}
		if _, ok := reminderIn(c); ok {
			continue // counted by the reminder count (reminders.go)
		}
		if last[ch] == string(c.Body) {
			n++
		}
		last[ch] = string(c.Body)
	}
	return n
}

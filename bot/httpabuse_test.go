package bot

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestHTTPEndpointCutsSlowAndIdle: the interactions endpoint closes, within
// its waits (shortened here to 300 ms), connections that send nothing,
// stop in their headers, stop in their body, or idle after a request
// (keep-alive); it answers 413 to a body over MaxBody without reading
// the rest; and once they are closed the heap is back near where it was.
func TestHTTPEndpointCutsSlowAndIdle(t *testing.T) {
	const wait = 300 * time.Millisecond
	t.Setenv(harnessHTTPEnv, "1")
	h := newHarnessWith(t, func(c *Config) { c.HTTPTimeouts = [3]time.Duration{wait, wait, wait} })
	addr := strings.TrimSuffix(strings.TrimPrefix(h.endpoint, "http://"), "/interactions")
	ping := []byte(`{"id":"600000000000009998","application_id":"` + h.fd.AppID + `","type":1,"token":"ping","version":1}`)
	var signed strings.Builder
	for k, v := range h.fd.Sign(ping, h.clock.Now()) {
		fmt.Fprintf(&signed, "%s: %s\r\n", k, v[0])
	}
	head := func(length int) string {
		return fmt.Sprintf("POST /interactions HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n", addr, length)
	}
	kinds := []struct {
		name string
		send string // what the connection sends before it stops
		want string // the status line expected before the close, if any
	}{
		{"nothing", "", ""},
		{"half a header", "POST /interactions HTTP/1.1\r\nHost: x\r\n", ""},
		{"half a body", head(MaxBody-100) + "\r\n" + strings.Repeat("x", MaxBody/2), "HTTP/1.1 400"},
		{"too large", head(4*MaxBody) + "\r\n" + strings.Repeat("x", MaxBody+1000), "HTTP/1.1 413"},
		{"idle after a request", head(len(ping)) + signed.String() + "\r\n" + string(ping), "HTTP/1.1 200"},
	}
	// Twice: a pooled object outlives one collection (sync.Pool's victim cache).
	runtime.GC()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	const each = 30
	var wg sync.WaitGroup
	errs := make(chan string, len(kinds)*each)
	start := time.Now()
	for _, k := range kinds {
		for range each {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c, err := net.Dial("tcp", addr)
				if err != nil {
					errs <- fmt.Sprintf("%s: dial: %v", k.name, err)
					return
				}
				defer c.Close()
				if k.send != "" {
					if _, err := c.Write([]byte(k.send)); err != nil {
						errs <- fmt.Sprintf("%s: write: %v", k.name, err)
						return
					}
				}
				// Read until the server closes; it must within a few waits.
				c.SetReadDeadline(time.Now().Add(10 * wait))
				r := bufio.NewReader(c)
				status, _ := r.ReadString('\n')
				for {
					if _, err := r.ReadByte(); err != nil {
						if ne, ok := err.(net.Error); ok && ne.Timeout() {
							errs <- fmt.Sprintf("%s: still open after %v", k.name, 10*wait)
						}
						break
					}
				}
				if !strings.HasPrefix(status, k.want) {
					errs <- fmt.Sprintf("%s: answered %q, want %q", k.name, strings.TrimSpace(status), k.want)
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	t.Logf("%d connections closed in %v", len(kinds)*each, time.Since(start).Round(time.Millisecond))
	runtime.GC()
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	t.Logf("HeapInuse %d KiB before, %d KiB after", before.HeapInuse>>10, after.HeapInuse>>10)
	if after.HeapInuse > before.HeapInuse+before.HeapInuse/10 {
		t.Errorf("HeapInuse %d KiB after the connections closed, %d KiB before: more than 10 %% up", after.HeapInuse>>10, before.HeapInuse>>10)
	}
	// The endpoint still answers.
	req, _ := http.NewRequest("POST", h.endpoint, strings.NewReader(string(ping)))
	req.Header = h.fd.Sign(ping, h.clock.Now())
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 200 {
		t.Errorf("a PING after the abuse: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
}

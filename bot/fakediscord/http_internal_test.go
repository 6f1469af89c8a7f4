package fakediscord

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// An endpoint that answers later than Discord waits fails the interaction
// (Discord waits 3 s; here 50 ms, to keep the test quick).
func TestHTTPDeliverySlowEndpoint(t *testing.T) {
	f := New()
	defer f.Close()
	release := make(chan struct{})
	ep := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"type":5}`))
	}))
	defer ep.Close()
	defer close(release)
	f.DeliverTo(ep.URL)
	f.mu.Lock()
	f.hs.deadline = 50 * time.Millisecond
	f.mu.Unlock()
	err := f.DispatchForged(map[string]any{"id": "1", "token": "tok", "type": 2, "application_id": f.AppID})
	if !errors.Is(err, ErrInteractionFailed) {
		t.Fatalf("slow endpoint: %v, want ErrInteractionFailed", err)
	}
	if n := f.NumCalls(); n != 0 {
		t.Errorf("a failed interaction recorded %d calls", n)
	}
}

package fakediscord

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"path"
	"strconv"
	"time"
)

// Fault makes REST requests fail or answer slowly. Requests whose method
// and path match are answered with Status, Body and Header instead of the
// fake's normal answer, Times times; after that the route works again.
// Faulted requests are recorded like any other.
type Fault struct {
	Method string // "" matches any method
	// Path is a path.Match pattern on the path without /api/v<N>, e.g.
	// "/channels/*/messages" or "/channels/*/messages/*".
	Path   string
	Times  int // how many matching requests fail; 0 means 1
	Status int
	Body   json.RawMessage // Discord's JSON error object
	Header http.Header
	// Carried: the request is carried out (a message is created or
	// changed) and only then answered with Status, as when Discord's
	// proxy fails after the work was done.
	Carried bool

	// Delay holds the answer back this long (a slow Discord). With Status
	// 0 the answer is then the normal one; a client that gives up first
	// is recorded with Status 0 and nothing is created.
	Delay time.Duration
	// Chance, when above 0, makes the fault random and lasting: each
	// matching request is faulted with this probability (drawn from the
	// server's seeded generator, see Seed) and Times is ignored; it lasts
	// until ClearFaults. A request it spares goes on to the later faults.
	Chance float64
	// Hangup closes the connection without an answer: the client sees a
	// network error (EOF), as when the link to Discord drops.
	Hangup bool
}

// Inject adds a fault. Faults are tried in the order they were added.
func (f *Server) Inject(fl Fault) {
	if fl.Times <= 0 {
		fl.Times = 1
	}
	f.mu.Lock()
	f.faults = append(f.faults, &fl)
	f.mu.Unlock()
}

// PendingFaults returns how many faulted answers are still to be given.
func (f *Server) PendingFaults() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, fl := range f.faults {
		n += fl.Times
	}
	return n
}

// fault returns the fault that answers c, counting it used; f.mu is held.
func (f *Server) fault(c Call) *Fault {
	for k, fl := range f.faults {
		if fl.Method != "" && fl.Method != c.Method {
			continue
		}
		if ok, _ := path.Match(fl.Path, c.Path); !ok {
			continue
		}
		if fl.Chance > 0 {
			if f.rng.Float64() < fl.Chance {
				return fl
			}
			continue
		}
		fl.Times--
		if fl.Times <= 0 {
			f.faults = append(f.faults[:k:k], f.faults[k+1:]...)
		}
		return fl
	}
	return nil
}

// DiscordError is a fault answering status with Discord's JSON error
// object {"message": msg, "code": code}.
func DiscordError(method, pattern string, times, status, code int, msg string) Fault {
	b, _ := json.Marshal(map[string]any{"message": msg, "code": code})
	return Fault{Method: method, Path: pattern, Times: times, Status: status, Body: b}
}

// MissingPermissions is Discord's 403 with code 50013.
func MissingPermissions(method, pattern string, times int) Fault {
	return DiscordError(method, pattern, times, http.StatusForbidden, 50013, "Missing Permissions")
}

// MissingAccess is Discord's 403 with code 50001.
func MissingAccess(method, pattern string, times int) Fault {
	return DiscordError(method, pattern, times, http.StatusForbidden, 50001, "Missing Access")
}

// CannotMessageUser is Discord's 403 with code 50007: the user does not
// accept direct messages from the bot (DMs closed, or no shared server).
func CannotMessageUser(method, pattern string, times int) Fault {
	return DiscordError(method, pattern, times, http.StatusForbidden, 50007, "Cannot send messages to this user")
}

// UnknownMessage is Discord's 404 with code 10008 (the message was deleted).
func UnknownMessage(method, pattern string, times int) Fault {
	return DiscordError(method, pattern, times, http.StatusNotFound, 10008, "Unknown Message")
}

// UnknownChannel is Discord's 404 with code 10003 (the channel was deleted).
func UnknownChannel(method, pattern string, times int) Fault {
	return DiscordError(method, pattern, times, http.StatusNotFound, 10003, "Unknown Channel")
}

// ArchivedThread is Discord's 400 with code 50083.
func ArchivedThread(method, pattern string, times int) Fault {
	return DiscordError(method, pattern, times, http.StatusBadRequest, 50083, "Thread is archived")
}

// ServerError is a 5xx with Discord's error body.
func ServerError(method, pattern string, times, status int) Fault {
	return DiscordError(method, pattern, times, status, 0, http.StatusText(status))
}

// ServerErrorAfter is a 5xx answered after the request was carried out:
// the message exists, but the client is told it failed.
func ServerErrorAfter(method, pattern string, times, status int) Fault {
	fl := ServerError(method, pattern, times, status)
	fl.Carried = true
	return fl
}

// RateLimited is Discord's 429: the body's retry_after (seconds) and
// global flag, and the X-RateLimit headers of an exhausted bucket.
func RateLimited(method, pattern string, times int, retryAfter time.Duration, global bool) Fault {
	secs := retryAfter.Seconds()
	b, _ := json.Marshal(map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": global})
	h := http.Header{}
	h.Set("Retry-After", strconv.Itoa(int(retryAfter.Seconds()+0.999)))
	h.Set("X-RateLimit-Limit", "5")
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Reset", fmt.Sprintf("%.3f", float64(time.Now().Add(retryAfter).UnixMilli())/1000))
	h.Set("X-RateLimit-Reset-After", fmt.Sprintf("%.3f", secs))
	h.Set("X-RateLimit-Bucket", "fake-bucket")
	scope := "user"
	if global {
		scope = "global"
		h.Set("X-RateLimit-Global", "true")
	}
	h.Set("X-RateLimit-Scope", scope)
	return Fault{Method: method, Path: pattern, Times: times, Status: http.StatusTooManyRequests, Body: b, Header: h}
}

// Hangup is a fault that closes the connection without answering.
func Hangup(method, pattern string, times int) Fault {
	return Fault{Method: method, Path: pattern, Times: times, Hangup: true}
}

// Slow is a fault that answers normally, but only after delay.
func Slow(method, pattern string, times int, delay time.Duration) Fault {
	return Fault{Method: method, Path: pattern, Times: times, Delay: delay}
}

// Seed reseeds the generator that decides random faults (Fault.Chance);
// a new Server is seeded with 1.
func (f *Server) Seed(seed uint64) {
	f.mu.Lock()
	f.rng = rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	f.mu.Unlock()
}

// ClearFaults drops the faults still pending.
func (f *Server) ClearFaults() {
	f.mu.Lock()
	f.faults = nil
	f.mu.Unlock()
}

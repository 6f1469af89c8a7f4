package storage

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// clock is a settable fake clock, safe for concurrent use.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// seqIDs returns "g1", "g2", … .
func seqIDs() func() string {
	var n atomic.Int64
	return func() string { return fmt.Sprintf("g%d", n.Add(1)) }
}

// openTest opens a fresh store in t's temp dir with a fake clock and
// sequential ids.
func openTest(t testing.TB) (*Store, *clock) {
	t.Helper()
	c := newClock()
	path := filepath.Join(t.TempDir(), "t.db")
	if testURL != nil {
		path = testURL(t)
	}
	s, err := Open(path, Options{Titles: tinners.Titles(), Now: c.Now, NewID: seqIDs()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, c
}

// lobby creates a lobby with n seats in channel.
func lobby(t testing.TB, s *Store, channel string, n int) Header {
	t.Helper()
	h := Header{GuildID: "guild", ChannelID: channel, HostID: "u0", MaxPlayers: 5}
	for i := range n {
		h.Seats = append(h.Seats, Seat{UserID: fmt.Sprintf("u%d", i), Name: fmt.Sprintf("Player %d", i+1), Colour: i})
	}
	h, err := s.CreateLobby(context.Background(), h)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// running creates and starts an n-seat game in channel.
func running(t testing.TB, s *Store, channel string, n int, seed uint64) (Header, *tinners.State) {
	t.Helper()
	h := lobby(t, s, channel, n)
	st, h, err := startT(s, context.Background(), h.ID, tinners.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return h, st
}

// pick chooses a random legal action of a seat the game waits for, as
// tinners.RandomPlayout does (small raises, so auctions end).
func pick(st *tinners.State, r *rand.Rand) tinners.Action {
	seats := st.ToAct()
	seat := seats[r.IntN(len(seats))]
	legal := st.Legal(seat)
	c := legal[r.IntN(len(legal))]
	a := c.Action
	if a.Kind == tinners.ActBid && c.Max > a.Amount {
		a.Amount += r.IntN(min(c.Max-a.Amount, 6) + 1)
	}
	return a
}

// play applies up to n random legal actions (stopping at game over) and
// returns the last state and header.
func play(t testing.TB, s *Store, id string, n int, r *rand.Rand) (Header, *tinners.State) {
	t.Helper()
	ctx := context.Background()
	h, st, err := loadT(s, ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n && st.Phase != tinners.PhaseOver; i++ {
		a := pick(st, r)
		if st, _, h, err = applyT(s, ctx, id, st.Version, a); err != nil {
			t.Fatalf("apply %s at version %d: %v", a, st.Version, err)
		}
	}
	return h, st
}

// stateJSON is the canonical form used to compare states. It goes through
// engine's Clone first, which writes every empty slice the same way: nil and
// empty slices mean the same to the engine, but JSON spells them null and
// [], and which one a state holds depends on whether it came from Apply,
// from a decoded snapshot or from Clone.
//
// The log's words (Log and LogMessages) are left out, its length kept: a
// snapshot stored before the engine spoke in catalogue messages holds the
// log in English, the replay the same lines as messages (State.LogMessage
// shows the old lines in English; bot's TestGoldenGamesReadTheSame checks
// that the replayed log reads as the English did).
func stateJSON(t testing.TB, st *tinners.State) string {
	t.Helper()
	c := st.Clone()
	c.Log, c.LogMessages = make([]string, len(st.Log)), nil
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func logLen(t testing.TB, s *Store, id string) int {
	t.Helper()
	r, err := s.Record(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return len(r.Actions)
}

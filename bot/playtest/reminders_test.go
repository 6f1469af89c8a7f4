package playtest

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestCountReminders feeds the reminder count posts as the fake Discord
// saw them: it passes a sound run, and fails a reminder doubled or lost.
func TestCountReminders(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	nudge := func(ch string, n, ms int) reminder {
		return reminder{Channel: ch, N: n, At: at(ms), Content: fmt.Sprintf("⏰ Table T is waiting for A — x (reminder %d of 3).", n)}
	}
	ping := func(ch string, ms int) reminder {
		return reminder{Channel: ch, N: 1 << 20, At: at(ms), Content: "⚠️ <@1>, table T is stalled: …"}
	}
	// Every 400 ms from the idle time 0: due at 400, 1200, 2800, then the
	// host's ping at 6000; the processes ran until 12000.
	idle := []reminder{nudge("i", 1, 450), nudge("i", 2, 1250), nudge("i", 3, 2850), ping("i", 6050)}
	base := remindRun{Every: 400 * time.Millisecond, Tick: 100 * time.Millisecond, Lease: 5 * time.Second, End: at(12000),
		Idle: map[string]time.Time{"i": at(0)}, Moves: map[string][]time.Time{"a": {at(1000)}}}
	killed := base
	killed.Killed = at(1260)
	cases := []struct {
		name  string
		posts []reminder
		run   remindRun
		want  string // a problem containing it; "" for none
	}{
		{"sound", idle, base, ""},
		// An active table: the same text again after a move is another wait.
		{"a new wait", append(idle, nudge("a", 1, 500), nudge("a", 1, 1500)), base, ""},
		{"doubled", append(idle, nudge("a", 1, 1500), nudge("a", 1, 1600)), base, "reminder posted at"},
		{"doubled at the idle table", append(idle[:2:2], nudge("i", 2, 1300), idle[2], idle[3]), base, "reminder posted at"},
		// Posted by the killed process just before it died, again by the
		// lease's taker: doubled (the taker looks for it first: remind.go).
		{"again at the kill", []reminder{idle[0], idle[1], nudge("i", 2, 6300), nudge("i", 3, 7900), ping("i", 8900)}, killed, "reminder posted at"},
		{"a number skipped", []reminder{idle[0], idle[2], idle[3]}, base, "reminder 3 follows reminder 1"},
		{"the host's ping never posted", idle[:3], base, "never posted"},
		{"nothing posted", nil, base, "reminder 1 (or the host's ping) due"},
		// Owed just before the kill: the lease time is allowed.
		{"late after the kill", []reminder{idle[0]}, remindRun{Every: base.Every, Tick: base.Tick, Lease: base.Lease, End: at(8000),
			Killed: at(1100), Idle: base.Idle}, ""},
	}
	for _, c := range cases {
		rc := countReminders(c.posts, c.run)
		got := strings.Join(rc.Problems, "; ")
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: problems %q, want %q", c.name, got, c.want)
		}
	}
}

package playtest

// No reminder doubled, none lost (the load test's reminder count,
// docs/scale.md). With LoadOptions.RemindEvery the replicas remind a
// waiting player after that long, then after twice that, and so on
// (bot/remind.go: Settings.Nudges nudges, then the host's ping), each
// reminder claimed under the table's lease (bot/lease.go). Some tables go
// idle (LoadOptions.Idle) so that their whole run of reminders falls due
// while the processes run and one is killed. From the fake Discord's
// calls alone:
//
//   - doubled: a reminder posted in a channel with the very text of an
//     earlier one there (same seats, same count, same board) while no
//     player of that table made a move in between — the same wait
//     reminded twice, a reminder posted again by the process that took
//     over a killed one's lease included (the taker looks for it among
//     the channel's messages first: bot/remind.go, postReminder).
//   - lost: at an idle table, a reminder number skipped, or the next one
//     owed (by the interval and the last one posted) not posted by the end
//     although due long enough before it (two ticks and 5 s, and the
//     lease time when the kill came before it fell due).

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// nudgeRE and stalledRE tell a reminder (and its number) from other posts
// (bot/i18n/admin.en.toml: adm_remind_nudge*, adm_stalled_*).
var (
	nudgeRE   = regexp.MustCompile(`^⏰ Table \S+ is waiting for .*\(reminder (\d+) of (\d+)\)`)
	stalledRE = regexp.MustCompile(`^⚠️ <@\d+>, table \S+ is stalled: `)
)

// reminder is one reminder the fake Discord accepted in a table channel.
type reminder struct {
	Channel, Content string
	N                int // the nudge's number; Max+1 for the host's ping
	At               time.Time
}

// reminderIn returns the reminder call c posted, if it is one.
func reminderIn(c call) (reminder, bool) {
	if c.Method != "POST" || !strings.HasPrefix(c.Path, "/channels/") || !strings.HasSuffix(c.Path, "/messages") {
		return reminder{}, false
	}
	var body struct {
		Content string `json:"content"`
	}
	if json.Unmarshal(c.Body, &body) != nil {
		return reminder{}, false
	}
	r := reminder{Channel: strings.TrimSuffix(strings.TrimPrefix(c.Path, "/channels/"), "/messages"), Content: body.Content, At: c.At}
	if m := nudgeRE.FindStringSubmatch(body.Content); m != nil {
		r.N, _ = strconv.Atoi(m[1])
		return r, true
	}
	if stalledRE.MatchString(body.Content) {
		r.N = 1 << 20 // after every nudge
		return r, true
	}
	return reminder{}, false
}

// reminders are the reminders accepted (2xx) among calls, in order.
func reminders(calls []call) []reminder {
	var out []reminder
	for _, c := range calls {
		if c.Status < 200 || c.Status > 299 {
			continue
		}
		if r, ok := reminderIn(c); ok {
			out = append(out, r)
		}
	}
	return out
}

// remindRun is what the reminder count needs to know of the run.
type remindRun struct {
	Every, Tick, Lease time.Duration
	Killed             time.Time              // zero: nobody killed
	End                time.Time              // the processes ran until then
	Moves              map[string][]time.Time // channel → when a click that may have moved was sent
	Advanced           map[string][]time.Time // channel → when a newer version was first shown (or a click lost)
	Idle               map[string]time.Time   // idle channel → since when nobody clicked
}

// ReminderCount is the reminder count of a load test.
type ReminderCount struct {
	Posted   int
	Doubled  int
	Lost     int
	Problems []string
}

// countReminders checks the reminders posted (docs/scale.md).
func countReminders(posted []reminder, run remindRun) ReminderCount {
	var rc ReminderCount
	rc.Posted = len(posted)
	byCh := map[string][]reminder{}
	for _, r := range posted {
		byCh[r.Channel] = append(byCh[r.Channel], r)
	}
	movedBetween := func(ch string, a, b time.Time) bool {
		for _, t := range run.Moves[ch] {
			if !t.Before(a) && !t.After(b) {
				return true
			}
		}
		return false
	}
	for ch, rs := range byCh {
		for k, r := range rs {
			for _, e := range rs[:k] {
				if e.Content != r.Content || movedBetween(ch, e.At, r.At) {
					continue
				}
				rc.Doubled++
				rc.Problems = append(rc.Problems, fmt.Sprintf("channel %s: reminder posted at %s and again at %s: %q",
					ch, e.At.Format("15:04:05.000"), r.At.Format("15:04:05.000"), r.Content))
				break
			}
		}
	}
	// Every table: a wait's reminders are numbered 1, 2, … (then the
	// host's ping); a new wait starts again at 1. A number skipped is a
	// reminder lost.
	for ch, rs := range byCh {
		for k := 1; k < len(rs); k++ {
			last, r := rs[k-1], rs[k]
			if r.N > last.N+1 && r.N < 1<<20 {
				rc.Lost++
				rc.Problems = append(rc.Problems, fmt.Sprintf("channel %s: reminder %d follows reminder %d: %q", ch, r.N, last.N, r.Content))
			}
		}
	}
	// The idle tables: the next reminder owed was posted.
	for ch, since := range run.Idle {
		var last *reminder
		if rs := byCh[ch]; len(rs) > 0 {
			last = &rs[len(rs)-1]
			for _, t := range run.Advanced[ch] {
				if t.After(last.At) {
					last = nil // of a wait before the table went idle
					break
				}
			}
		}
		due := since.Add(run.Every)
		switch {
		case last != nil && last.N >= 1<<20:
			continue // the host was pinged: nothing more
		case last != nil:
			due = last.At.Add(run.Every << last.N)
		}
		allow := 2*run.Tick + 5*time.Second // a busy tick posts one table after another
		if !run.Killed.IsZero() && run.Killed.Before(due.Add(allow)) {
			allow += run.Lease // the killed process may have held it
		}
		if due.Add(allow).Before(run.End) {
			rc.Lost++
			n := 1
			if last != nil {
				n = last.N + 1
			}
			rc.Problems = append(rc.Problems, fmt.Sprintf("channel %s (idle): reminder %d (or the host's ping) due at %s never posted (the processes ran until %s)",
				ch, n, due.Format("15:04:05.000"), run.End.Format("15:04:05.000")))
		}
	}
	return rc
}

package bot

import (
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// TestPersonalEveryWithinTableBounds: a player's own interval applies
// between the table's interval and the cap (or the table's deadline);
// outside it, the nearer bound; unset or at a table without reminders,
// the table's.
func TestPersonalEveryWithinTableBounds(t *testing.T) {
	tb := kit.Table{RemindEvery: 12 * time.Hour}
	withDeadline := tb
	withDeadline.Notes.Settings.Deadline = 20 * time.Hour
	off := kit.Table{}
	for _, c := range []struct {
		name   string
		t      kit.Table
		remind int
		want   time.Duration
	}{
		{"unset", tb, 0, 12 * time.Hour},
		{"longer", tb, 30, 30 * time.Hour},
		{"shorter than the table's", tb, 2, 12 * time.Hour},
		{"past the cap", tb, 100, kit.RemindCap},
		{"past the deadline", withDeadline, 30, 20 * time.Hour},
		{"no reminders at the table", off, 30, 0},
	} {
		if got := personalEvery(c.t, kit.PlayerSettings{Remind: c.remind}); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestQuietHoursInOwnZone: quiet hours are hours of the player's zone,
// the end is the zone's first full hour out of them (across a clock
// change too), and a table's own quiet hours (UTC; "none here") win.
func TestQuietHoursInOwnZone(t *testing.T) {
	waw, err := kit.LoadZone("Europe/Warsaw")
	if err != nil {
		t.Fatal(err)
	}
	q := kit.Quiet{From: 22, To: 7}
	// 21:30 UTC in winter is 22:30 in Warsaw: quiet there, not in UTC.
	now := time.Date(2026, 1, 10, 21, 30, 0, 0, time.UTC)
	if !inQuietAt(q, waw, now) || inQuietAt(q, time.UTC, now) {
		t.Errorf("22-07 at 21:30 UTC: Warsaw %v, UTC %v", inQuietAt(q, waw, now), inQuietAt(q, time.UTC, now))
	}
	if end, want := quietEndAt(q, waw, now), time.Date(2026, 1, 11, 6, 0, 0, 0, time.UTC); !end.Equal(want) {
		t.Errorf("end %v, want 07:00 Warsaw = %v", end, want)
	}
	// The night the clocks go forward (29 March 2026, 02:00 → 03:00).
	q = kit.Quiet{From: 1, To: 3}
	now = time.Date(2026, 3, 29, 0, 30, 0, 0, time.UTC) // 01:30 CET
	if end, want := quietEndAt(q, waw, now), time.Date(2026, 3, 29, 1, 0, 0, 0, time.UTC); !end.Equal(want) {
		t.Errorf("end over the clock change %v, want 03:00 CEST = %v", end, want)
	}
	// India's half-hour offset: the end is on the zone's full hour.
	kol, _ := kit.LoadZone("Asia/Kolkata")
	now = time.Date(2026, 1, 10, 0, 0, 0, 0, time.UTC) // 05:30 there
	if end := quietEndAt(kit.Quiet{From: 22, To: 7}, kol, now); end.In(kol).Hour() != 7 || end.In(kol).Minute() != 0 {
		t.Errorf("Kolkata end %v", end.In(kol))
	}

	p := kit.PlayerSettings{Zone: "Europe/Warsaw", Quiet: &kit.Quiet{From: 22, To: 7}}
	tb := kit.Table{}
	if q, loc, ok := quietFor(tb, "u", p); !ok || q.From != 22 || loc.String() != "Europe/Warsaw" {
		t.Errorf("player's quiet hours: %v %v %v", q, loc, ok)
	}
	tb.Notes.Settings.Quiet = map[string]kit.Quiet{"u": {From: 1, To: 5}, "v": {}}
	if q, loc, ok := quietFor(tb, "u", p); !ok || q.From != 1 || loc != time.UTC {
		t.Errorf("the table's own: %v %v %v", q, loc, ok)
	}
	if _, _, ok := quietFor(tb, "v", p); ok {
		t.Error("quiet hours off at this table still apply")
	}
}

// TestWantsDM: the table's own choice wins, either way; else the
// player's.
func TestWantsDM(t *testing.T) {
	tb := kit.Table{}
	tb.Notes.Settings.DM = map[string]bool{"yes": true, "no": false}
	on, offP := kit.PlayerSettings{DM: true}, kit.PlayerSettings{}
	for _, c := range []struct {
		uid  string
		p    kit.PlayerSettings
		want bool
	}{{"yes", offP, true}, {"no", on, false}, {"other", on, true}, {"other", offP, false}} {
		if got := wantsDM(tb, c.uid, c.p); got != c.want {
			t.Errorf("%s with %+v: %v", c.uid, c.p, got)
		}
	}
}

// TestLoadZone: IANA names load (from the embedded database when the
// system has none); the machine's "Local" and nonsense are refused.
func TestLoadZone(t *testing.T) {
	for _, z := range []string{"Europe/Warsaw", "America/Argentina/Buenos_Aires", "UTC", "Pacific/Chatham"} {
		if _, err := kit.LoadZone(z); err != nil {
			t.Errorf("%s: %v", z, err)
		}
	}
	for _, z := range []string{"", "Local", "local", "Mars/Olympus", "../etc/passwd"} {
		if _, err := kit.LoadZone(z); err == nil {
			t.Errorf("%q accepted", z)
		}
	}
}

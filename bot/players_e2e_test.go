package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// TestPlayerQuietHoursInOwnZone: /tt me sets a time zone and quiet hours
// in it; a reminder due then waits for their end in that zone, at a table
// where the player set nothing.
func TestPlayerQuietHoursInOwnZone(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	waiting := d.actor()
	waw, _ := kit.LoadZone("Europe/Warsaw")
	due := h.clock.Now().Add(12 * time.Hour).In(waw)
	q := fmt.Sprintf("%02d-%02d", due.Hour(), (due.Hour()+2)%24)
	r := mustPrivate(t, h.command(waiting, 0, "me", map[string]any{"zone": "Europe/Warsaw", "quiet": q}))
	if !strings.Contains(r.Content, "Time zone: Europe/Warsaw") || !strings.Contains(r.Content, "Quiet hours: "+q[:2]+":00–"+q[3:]+":00 Europe/Warsaw") {
		t.Fatalf("/tt me reply:\n%s", r.Content)
	}
	if r := mustPrivate(t, h.command(waiting, 0, "me", map[string]any{"zone": "Mars/Olympus"})); !strings.Contains(r.Content, "I do not know the time zone `Mars/Olympus`") {
		t.Fatalf("unknown zone accepted: %q", r.Content)
	}
	if r := mustPrivate(t, h.command(waiting, 0, "settings", nil)); !strings.Contains(r.Content, "Europe/Warsaw, at every table") {
		t.Errorf("/tt settings does not show the player's quiet hours:\n%s", r.Content)
	}
	h.clock.Add(12 * time.Hour)
	if p := h.remindNow(); len(p) != 0 {
		t.Fatalf("a reminder in the player's quiet hours: %+v", p)
	}
	end := time.Date(due.Year(), due.Month(), due.Day(), due.Hour(), 0, 0, 0, waw).Add(2 * time.Hour)
	if tb := h.table(id); !tb.NextRemind.Equal(end) {
		t.Fatalf("next reminder %v, want the end of quiet hours in Warsaw %v", tb.NextRemind, end)
	}
	h.clock.Add(2 * time.Hour)
	wantPost(t, h.remindNow(), []string{waiting}, "reminder 1 of 3")
}

// TestPlayerReminderInterval: a player's own interval, longer than the
// table's, puts their first reminder off to it; one shorter than the
// table's is the table's.
func TestPlayerReminderInterval(t *testing.T) {
	for _, c := range []struct {
		remind int
		first  time.Duration
	}{{30, 30 * time.Hour}, {2, 12 * time.Hour}} {
		t.Run(fmt.Sprint(c.remind), func(t *testing.T) {
			if !testenv.Pick(t, c.remind >= 12) {
				t.Skip("outside the full pass one case plays (TestPersonalEveryWithinTableBounds holds the bounds)")
			}
			h := newHarness(t)
			id, d := toActionTurn(t, h)
			waiting := d.actor()
			start := h.clock.Now()
			if r := mustPrivate(t, h.command(waiting, 0, "me", map[string]any{"remind": c.remind})); !strings.Contains(r.Content, fmt.Sprintf("Reminders: %d hours apart", c.remind)) {
				t.Fatalf("/tt me reply:\n%s", r.Content)
			}
			if c.first > 12*time.Hour {
				h.clock.Add(12 * time.Hour)
				if p := h.remindNow(); len(p) != 0 {
					t.Fatalf("a reminder before the player's own interval: %+v", p)
				}
				if tb := h.table(id); !tb.NextRemind.Equal(start.Add(c.first)) {
					t.Fatalf("next reminder %v, want %v", tb.NextRemind, start.Add(c.first))
				}
			}
			h.clock.Add(start.Add(c.first).Sub(h.clock.Now()))
			wantPost(t, h.remindNow(), []string{waiting}, "reminder 1 of 3")
		})
	}
}

// TestPlayerDMFollowsToEveryTable: /tt me notify:dm brings turn notices
// at a table where the player set nothing; /tt settings notify:channel
// at that table stops them there.
func TestPlayerDMFollowsToEveryTable(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	x := players[1]
	if r := mustPrivate(t, h.command(x, 0, "me", map[string]any{"notify": "dm"})); !strings.Contains(r.Content, "Turn notices: a direct message") {
		t.Fatalf("/tt me notify:dm: %q", r.Content)
	}
	pingsX := func(b uiMsg) bool {
		return d.posted && b.AllowedMentions != nil && containsStr(b.AllowedMentions.Users, x)
	}
	untilHandoff := func() []fakeCall {
		t.Helper()
		n := h.fd.numCalls()
		d.turn()
		d.playUntil("a hand-off to "+x, pingsX)
		return h.fd.callsSince(n)
	}
	texts, others := dmsTo(t, untilHandoff(), x)
	if len(texts) == 0 || len(others) > 0 {
		t.Fatalf("DMs at the hand-off: to x %q, to others %v", texts, others)
	}
	if r := mustPrivate(t, h.command(x, 0, "settings", map[string]any{"notify": "channel"})); !strings.Contains(r.Content, "the ping in this channel") {
		t.Fatalf("settings notify:channel: %q", r.Content)
	}
	if texts, _ := dmsTo(t, untilHandoff(), x); len(texts) != 0 {
		t.Fatalf("a DM at a table where the player chose the channel: %q", texts)
	}
}

func containsStr(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestPerTableSettingsCarriedOver opens a database written before player
// settings existed (bot/testdata/per-table-settings.db: at table 9s2ikwh6
// player 2 set quiet hours 22-07 UTC and DM notices with /tt settings; at
// table fqjgxxu3 nothing). Those stay in force at their table; /tt me
// names the table that keeps its own; setting the same with /tt me
// replaces them there, and applies at the other table too.
func TestPerTableSettingsCarriedOver(t *testing.T) {
	b, err := os.ReadFile("testdata/per-table-settings.db")
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(db, b, 0o600); err != nil {
		t.Fatal(err)
	}
	h := newHarnessWith(t, func(c *Config) { c.DBPath = db })
	const a, other = "9s2ikwh6", "fqjgxxu3"
	p1 := players[1]
	ctx := context.Background()
	ta, tb := h.table(a), h.table(other)
	if ta.ChannelID != testChannel || tb.ChannelID != otherChannel {
		t.Fatalf("fixture tables: %+v, %+v", ta, tb)
	}
	none := kit.PlayerSettings{}
	if q, loc, ok := quietFor(ta, p1, none); !ok || q != (kit.Quiet{From: 22, To: 7}) || loc != time.UTC || !wantsDM(ta, p1, none) {
		t.Fatalf("stored table's own settings not in force: %v %v %v, DM %v", q, loc, ok, wantsDM(ta, p1, none))
	}
	r := mustPrivate(t, h.command(p1, 0, "settings", nil))
	if !strings.Contains(r.Content, "Your quiet hours: 22:00–07:00 UTC") || !strings.Contains(r.Content, "a direct message with a link") {
		t.Errorf("/tt settings at the stored table:\n%s", r.Content)
	}
	r = mustPrivate(t, h.command(p1, 0, "me", nil))
	if !strings.Contains(r.Content, "Table "+a+" in <#"+testChannel+"> keeps its own") || strings.Contains(r.Content, other) {
		t.Errorf("/tt me does not name the table with its own settings:\n%s", r.Content)
	}

	// Server-wide DM notices: the other table gets them; table a's own
	// DM setting gives way, its quiet hours stay.
	mustPrivate(t, h.command(p1, 0, "me", map[string]any{"notify": "dm"}))
	ps, _ := h.m.store.PlayerSettings(ctx, testGuild, p1)
	ta, tb = h.table(a), h.table(other)
	if _, own := ta.Notes.Settings.DM[p1]; own || !wantsDM(tb, p1, ps) || !wantsDM(ta, p1, ps) {
		t.Errorf("after /tt me notify:dm: table a's own %v, DM at b %v", ta.Notes.Settings.DM, wantsDM(tb, p1, ps))
	}
	if q, _, ok := quietFor(ta, p1, ps); !ok || q != (kit.Quiet{From: 22, To: 7}) {
		t.Errorf("table a's own quiet hours went with notify: %v %v", q, ok)
	}
	// Server-wide quiet hours in a zone replace table a's own.
	mustPrivate(t, h.command(p1, 0, "me", map[string]any{"quiet": "23-06", "zone": "Europe/Warsaw"}))
	ps, _ = h.m.store.PlayerSettings(ctx, testGuild, p1)
	for _, tt := range []kit.Table{h.table(a), h.table(other)} {
		if q, loc, ok := quietFor(tt, p1, ps); !ok || q != (kit.Quiet{From: 23, To: 6}) || loc.String() != "Europe/Warsaw" {
			t.Errorf("table %s: quiet %v %v %v, want 23-06 Europe/Warsaw", tt.ID, q, loc, ok)
		}
	}
	// And they survive a restart (they are stored).
	h.stop()
	h.start()
	if ps, err := h.m.store.PlayerSettings(ctx, testGuild, p1); err != nil || !ps.DM || ps.Zone != "Europe/Warsaw" || ps.Quiet == nil || *ps.Quiet != (kit.Quiet{From: 23, To: 6}) {
		t.Errorf("after a restart: %+v, %v", ps, err)
	}
}

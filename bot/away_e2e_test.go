package bot

import (
	"strings"
	"testing"
	"time"
)

// TestAwayPausesReminders: /tt away sets the absence on every table of the
// player in this server; reminders skip them (across a restart) and wait
// for their return; /tt away hours:0 brings the reminder back at once; a
// table's deadline still plays their default move while they are away.
func TestAwayPausesReminders(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	waiting := d.actor()
	other := players[0]
	if other == waiting {
		other = players[1]
	}
	id2 := tableVia(t, h, testGuild, otherChannel, other, waiting)
	t0 := h.clock.Now()
	// The posts about table id (the other table nudges its own players).
	remind := func() []uiMsg {
		var out []uiMsg
		for _, p := range h.remindNow() {
			if strings.Contains(p.Content, "Table "+id) {
				out = append(out, p)
			}
		}
		return out
	}

	if r := mustPrivate(t, h.command("500000000000000009", 0, "away", map[string]any{"hours": 48})); !strings.Contains(r.Content, "no open table") {
		t.Fatalf("away of a non-player: %q", r.Content)
	}
	r := mustPrivate(t, h.command(waiting, 0, "away", map[string]any{"hours": 48}))
	if !strings.Contains(r.Content, "away until 2026-03-03 12:00 UTC") || !strings.Contains(r.Content, "table "+id) || !strings.Contains(r.Content, "table "+id2) {
		t.Fatalf("away reply: %q", r.Content)
	}
	until := t0.Add(48 * time.Hour)
	for _, x := range []string{id, id2} {
		if got := h.table(x).Notes.Settings.Away[waiting]; !got.Equal(until) {
			t.Fatalf("table %s: away until %v, want %v", x, got, until)
		}
	}
	h.clock.Add(12 * time.Hour)
	if p := remind(); len(p) != 0 {
		t.Fatalf("a reminder while away: %+v", p)
	}
	if tb := h.table(id); !tb.NextRemind.Equal(until) || tb.Notes.Wait.Nudges != 0 {
		t.Fatalf("next reminder %v (nudges %d), want the return %v", tb.NextRemind, tb.Notes.Wait.Nudges, until)
	}
	h.stop()
	h.clock.Add(12 * time.Hour)
	h.start()
	if p := remind(); len(p) != 0 {
		t.Fatalf("a reminder while away, after a restart: %+v", p)
	}
	// Back early: the postponed reminder comes on the next tick.
	if r := mustPrivate(t, h.command(waiting, 0, "away", map[string]any{"hours": 0})); !strings.Contains(r.Content, "Welcome back") {
		t.Fatalf("back reply: %q", r.Content)
	}
	if _, ok := h.table(id2).Notes.Settings.Away[waiting]; ok {
		t.Fatal("the absence is still kept on the other table")
	}
	wantPost(t, remind(), []string{waiting}, "reminder 1 of 3")

	// Away again, and the table has a deadline: the default is played.
	mustPrivate(t, h.command(waiting, 0, "away", map[string]any{"hours": 100}))
	if r := mustPrivate(t, h.command(players[0], 0, "settings", map[string]any{"deadline": 30})); !strings.Contains(r.Content, "Deadline: 30 hours") {
		t.Fatalf("settings reply %q", r.Content)
	}
	tb := h.table(id)
	seat := tb.SeatOf(waiting)
	h.clock.Add(3 * time.Hour)
	if p := remind(); len(p) != 0 {
		t.Fatalf("a post before the deadline: %+v", p)
	}
	h.clock.Add(3 * time.Hour) // t0 + 30 h
	posts := remind()
	if len(posts) == 0 || !strings.Contains(posts[0].Content, "deadline passed") {
		t.Fatalf("deadline posts while away: %+v", posts)
	}
	if !h.state(id).Players[seat].Passed {
		t.Fatal("the away player's default (a pass) was not played at the deadline")
	}
}

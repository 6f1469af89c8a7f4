package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// playUntil turns the driver until cond holds on the board.
func (d *driver) playUntil(what string, cond func(uiMsg) bool) {
	d.t.Helper()
	for !cond(d.board) {
		if d.steps > 2000 || strings.Contains(d.board.Content, "Game over") {
			d.t.Fatalf("never reached: %s", what)
		}
		d.turn()
	}
}

func (d *driver) other() string {
	for _, p := range players {
		if p != d.actor() {
			return p
		}
	}
	return ""
}

func wantReply(t *testing.T, calls []fakeCall, want string) {
	t.Helper()
	r := mustPrivate(t, calls)
	if !strings.Contains(r.Content, want) {
		t.Fatalf("reply %q, want it to contain %q", r.Content, want)
	}
	if len(boardPosts(t, calls)) != 0 {
		t.Fatalf("a refused click posted a board")
	}
}

// unchanged snapshots the game and its table; the returned func fails the
// test if either changed since (a refusal must change nothing).
func unchanged(t *testing.T, h *harness, id string) func() {
	t.Helper()
	s0, t0 := h.state(id), h.table(id)
	return func() {
		t.Helper()
		s1, t1 := h.state(id), h.table(id)
		if s1.Version != s0.Version || len(s1.Log) != len(s0.Log) {
			t.Errorf("a refusal changed the game: version %d → %d", s0.Version, s1.Version)
		}
		if !reflect.DeepEqual(t0, t1) {
			t.Errorf("a refusal changed the table:\n%+v\n%+v", t0, t1)
		}
	}
}

// TestRefusals: clicks that must change nothing, each answered privately
// with the reason.
func TestRefusals(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	d.playUntil("an action turn", func(b uiMsg) bool { return has(b, "Pass") })
	pass, _ := d.board.button("Pass")
	build, _ := d.board.button("Build a mine")
	ver := h.state(id).Version

	t.Run("not seated", func(t *testing.T) {
		defer unchanged(t, h, id)()
		wantReply(t, h.click("500000000000000099", d.board.ID, false, pass.CustomID), "not seated")
		wantReply(t, h.click("500000000000000099", d.board.ID, false, build.CustomID), "not seated")
	})
	t.Run("out of turn", func(t *testing.T) {
		defer unchanged(t, h, id)()
		wantReply(t, h.click(d.other(), d.board.ID, false, pass.CustomID), "not your turn")
		wantReply(t, h.click(d.other(), d.board.ID, false, build.CustomID), "not your turn")
		// A pass made up for the waiting player's own seat.
		tb := h.table(id)
		own := fmt.Sprintf("tt:%s:%d:%d/pass", id, ver, tb.SeatOf(d.other()))
		wantReply(t, h.clickForged(d.other(), d.board.ID, false, own), "not your turn")
	})
	t.Run("forged", func(t *testing.T) {
		defer unchanged(t, h, id)()
		for _, id := range []string{"tt:nosuch:1:0/pass", "tt:" + id + ":x:0/pass", "tt:" + id + ":1:garbage", "zz:1", "tm:" + id + ":1", "tq:" + id + ":1:0:a:b"} {
			wantReply(t, h.clickForged(d.actor(), d.board.ID, false, id), "not one of ours")
		}
	})
	if v := h.state(id).Version; v != ver {
		t.Fatalf("refused clicks changed the game: version %d → %d", ver, v)
	}
	t.Run("stale board", func(t *testing.T) {
		old := d.board
		actor := d.actor()
		d.turn() // the actor acts: a new board
		defer unchanged(t, h, id)()
		wantReply(t, h.click(actor, old.ID, false, pass.CustomID), "moved on")
		wantReply(t, h.click(d.actor(), old.ID, false, build.CustomID), "moved on")
	})
	t.Run("bid over money", func(t *testing.T) {
		d.playUntil("an auction", func(b uiMsg) bool { return has(b, "Other amount") })
		btn, _ := d.board.button("Other amount")
		var cb struct {
			Data struct {
				CustomID string `json:"custom_id"`
			} `json:"data"`
		}
		json.Unmarshal(h.click(d.actor(), d.board.ID, false, btn.CustomID)[0].Body, &cb) // the form opens
		modal := cb.Data.CustomID
		v := h.state(id).Version
		defer unchanged(t, h, id)()
		r := mustPrivate(t, h.submitModal(d.actor(), d.board.ID, modal, "9999"))
		if !strings.Contains(r.Content, "£") || strings.Contains(r.Content, "Something went wrong") {
			t.Errorf("over-money bid: %q", r.Content)
		}
		r = mustPrivate(t, h.submitModal(d.actor(), d.board.ID, modal, "lots"))
		if !strings.Contains(r.Content, "whole number") {
			t.Errorf("a bid that is not a number: %q", r.Content)
		}
		// The box is offered again.
		if again, ok := r.button("Type the amount again"); !ok || !strings.HasPrefix(again.CustomID, "tq:") {
			t.Errorf("no way to type the amount again: %+v", r)
		}
		if h.state(id).Version != v {
			t.Fatal("an over-money bid changed the game")
		}
	})
	t.Run("abort", func(t *testing.T) {
		done := unchanged(t, h, id)
		wantReply(t, h.command(players[2], 0, "abort", nil), "Only the table's host")
		r := mustPrivate(t, h.command(players[1], adminPerms, "abort", nil))
		yes, ok := r.button("End the table")
		if !ok {
			t.Fatalf("no confirm button: %+v", r)
		}
		wantReply(t, h.forgeOnBoard(players[2], yes.CustomID), "Only the table's host") // the admin's confirm, forged
		// Asking is not ending: the confirm button was not pressed yet.
		done()
		calls := h.clickWith(players[1], adminPerms, r.ID, yes.CustomID)
		if posts := boardPosts(t, calls); len(posts) != 1 || !strings.Contains(posts[0].Content, "was ended") {
			t.Fatalf("abort posted %+v", posts)
		}
		if tb := h.table(id); tb.Status != kit.StatusAborted {
			t.Fatalf("status %v", tb.Status)
		}
		wantReply(t, h.click(d.actor(), d.board.ID, false, pass.CustomID), "ended")
		// The record stays exportable.
		calls = h.command(players[2], 0, "export", map[string]any{"game": id})
		if len(calls) < 2 || !strings.Contains(string(calls[len(calls)-1].Body), "record") || len(calls[len(calls)-1].Files) != 1 {
			t.Fatalf("export after abort: %+v", calls)
		}
	})
}

// TestRestartMidAuction stops the bot in the middle of an auction and
// starts a new one on the same database: the board's buttons still work,
// and reminders resume.
func TestRestartMidAuction(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	d.playUntil("an auction with a bid", func(b uiMsg) bool { return has(b, "Raise +£1") })
	v := h.state(id).Version
	h.stop()
	h.start()
	// The old process's board is still the board; its buttons work.
	actor := d.actor()
	d.turn()
	if h.state(id).Version != v+1 {
		t.Fatalf("version %d after a click in the new process, want %d", h.state(id).Version, v+1)
	}
	d.playUntil("the auction's end", func(b uiMsg) bool { return !strings.Contains(b.Content, "Auction for") })
	_ = actor

	// Reminders: persisted next time, sent once when due.
	waiting := d.actor()
	h.stop()
	h.clock.Add(13 * time.Hour)
	h.start()
	n := h.fd.numCalls()
	h.m.remindDue(context.Background())
	posts := boardPosts(t, h.fd.callsSince(n))
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "waiting for") {
		t.Fatalf("reminder posts: %+v", posts)
	}
	if u := posts[0].AllowedMentions.Users; len(u) != 1 || u[0] != waiting {
		t.Fatalf("reminder pings %v, want %s", u, waiting)
	}
	n = h.fd.numCalls()
	h.m.remindDue(context.Background())
	if len(boardPosts(t, h.fd.callsSince(n))) != 0 {
		t.Fatal("reminder sent twice")
	}
	// The host changes the interval.
	if r := mustPrivate(t, h.command(players[2], 0, "remind", map[string]any{"hours": 2})); !strings.Contains(r.Content, "Only the host") {
		t.Errorf("non-host remind: %q", r.Content)
	}
	h.command(players[0], 0, "remind", map[string]any{"hours": 2})
	if tb := h.table(id); tb.RemindEvery != 2*time.Hour || !tb.NextRemind.Equal(h.clock.Now().Add(2*time.Hour)) {
		t.Fatalf("remind: %v next %v", tb.RemindEvery, tb.NextRemind)
	}
}

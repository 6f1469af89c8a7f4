package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// remindNow runs the reminder tick and returns the public posts it made.
func (h *harness) remindNow() []uiMsg {
	h.t.Helper()
	n := h.fd.numCalls()
	h.m.remindDue(context.Background())
	return boardPosts(h.t, h.fd.callsSince(n))
}

func toActionTurn(t *testing.T, h *harness) (string, *driver) {
	t.Helper()
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	d.playUntil("an action turn", func(b uiMsg) bool { return has(b, "Pass") })
	return id, d
}

func wantPost(t *testing.T, posts []uiMsg, mentions []string, texts ...string) uiMsg {
	t.Helper()
	if len(posts) != 1 {
		t.Fatalf("want 1 post, got %d: %+v", len(posts), posts)
	}
	p := posts[0]
	for _, x := range texts {
		if !strings.Contains(p.Content, x) {
			t.Fatalf("post %q lacks %q", p.Content, x)
		}
	}
	if p.AllowedMentions == nil || !slices.Equal(p.AllowedMentions.Users, mentions) {
		t.Fatalf("post %q pings %+v, want %v", p.Content, p.AllowedMentions, mentions)
	}
	return p
}

// TestRemindersBackOffAndStop: nudges after 12 h, 24 h more, 48 h more
// (the cap), each pinging only the waiting seat with a link to the board;
// then the host once; then silence. Across a restart. A move starts afresh.
func TestRemindersBackOffAndStop(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	waiting := d.actor()
	link := fmt.Sprintf("https://discord.com/channels/%s/%s/%s", testGuild, testChannel, d.board.ID)

	h.clock.Add(11 * time.Hour)
	if p := h.remindNow(); len(p) != 0 {
		t.Fatalf("a reminder before the interval: %+v", p)
	}
	h.clock.Add(time.Hour)
	wantPost(t, h.remindNow(), []string{waiting}, "reminder 1 of 3", link)
	if p := h.remindNow(); len(p) != 0 {
		t.Fatal("the same reminder sent twice")
	}
	h.clock.Add(23 * time.Hour)
	if p := h.remindNow(); len(p) != 0 {
		t.Fatal("the second reminder came before twice the interval")
	}
	h.clock.Add(time.Hour)
	wantPost(t, h.remindNow(), []string{waiting}, "reminder 2 of 3")

	// The count survives a restart.
	h.stop()
	h.clock.Add(48 * time.Hour)
	h.start()
	wantPost(t, h.remindNow(), []string{waiting}, "reminder 3 of 3")
	h.clock.Add(47 * time.Hour)
	if p := h.remindNow(); len(p) != 0 {
		t.Fatal("the host ping came before the capped gap")
	}
	h.clock.Add(time.Hour)
	wantPost(t, h.remindNow(), []string{players[0]}, "stalled", "/tt substitute", "/tt default", "/tt abort")
	for range 3 {
		h.clock.Add(100 * time.Hour)
		if p := h.remindNow(); len(p) != 0 {
			t.Fatalf("reminders did not stop: %+v", p)
		}
	}
	if tb := h.table(id); !tb.NextRemind.IsZero() {
		t.Fatalf("a reminder is still scheduled at %v", tb.NextRemind)
	}

	// The waiting player moves: a new decision, a new count.
	d.turn()
	next := d.actor()
	h.clock.Add(12 * time.Hour)
	wantPost(t, h.remindNow(), []string{next}, "reminder 1 of 3")
}

// TestQuietHoursDeferReminders: a reminder due in the player's quiet hours
// waits for their end.
func TestQuietHoursDeferReminders(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	waiting := d.actor()
	due := h.clock.Now().Add(12 * time.Hour).UTC()
	q := fmt.Sprintf("%02d-%02d", due.Hour(), (due.Hour()+2)%24)
	if r := mustPrivate(t, h.command(waiting, 0, "settings", map[string]any{"quiet": q})); !strings.Contains(r.Content, "Your quiet hours") {
		t.Fatalf("settings reply %q", r.Content)
	}
	if r := mustPrivate(t, h.command(waiting, 0, "settings", map[string]any{"quiet": "25-3"})); !strings.Contains(r.Content, "two UTC hours") {
		t.Fatalf("bad quiet hours accepted: %q", r.Content)
	}
	h.clock.Add(12 * time.Hour)
	if p := h.remindNow(); len(p) != 0 {
		t.Fatalf("a reminder in quiet hours: %+v", p)
	}
	end := due.Truncate(time.Hour).Add(2 * time.Hour)
	if tb := h.table(id); !tb.NextRemind.Equal(end) {
		t.Fatalf("next reminder %v, want the end of quiet hours %v", tb.NextRemind, end)
	}
	h.clock.Add(2 * time.Hour)
	wantPost(t, h.remindNow(), []string{waiting}, "reminder 1 of 3")
}

// TestDeadlineDefaultAfterRestart: a table's deadline passes while the bot
// is down; the next tick plays the default (a pass), announces it with a
// ping to the player, and their next private reply tells them. The
// record still replays.
func TestDeadlineDefaultAfterRestart(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	if r := mustPrivate(t, h.command(players[1], 0, "settings", map[string]any{"deadline": 24})); !strings.Contains(r.Content, "Only the host") {
		t.Fatalf("a player set the deadline: %q", r.Content)
	}
	if r := mustPrivate(t, h.command(players[0], 0, "settings", map[string]any{"deadline": 24})); !strings.Contains(r.Content, "Deadline: 24 hours") {
		t.Fatalf("settings reply %q", r.Content)
	}
	waiting := d.actor()
	tb0 := h.table(id)
	seat := tb0.SeatOf(waiting)
	v0 := h.state(id).Version
	h.stop()
	h.clock.Add(25 * time.Hour)
	h.start()
	n := h.fd.numCalls()
	h.m.remindDue(context.Background())
	posts := boardPosts(t, h.fd.callsSince(n))
	if len(posts) == 0 || !strings.Contains(posts[0].Content, "deadline passed") || !strings.Contains(posts[0].Content, "pass") {
		t.Fatalf("deadline posts: %+v", posts)
	}
	if u := posts[0].AllowedMentions.Users; len(u) != 1 || u[0] != waiting {
		t.Fatalf("the announcement pings %v, want %s", u, waiting)
	}
	s := h.state(id)
	if s.Version <= v0 || !s.Players[seat].Passed {
		t.Fatalf("no pass played: version %d → %d, passed %v", v0, s.Version, s.Players[seat].Passed)
	}
	// The board asks the next seat with when its default move is due.
	due := fmt.Sprintf(" · default move <t:%d:R>", kit.DeadlineAt(h.table(id)).Unix())
	if !slices.ContainsFunc(posts, func(p uiMsg) bool { return strings.HasSuffix(headLine(p.Content), due) }) {
		t.Fatalf("no board says the next deadline (%q): %+v", due, posts)
	}
	r := mustPrivate(t, h.command(waiting, 0, "rules", nil))
	if !strings.Contains(r.Content, "played your default move") {
		t.Fatalf("no private notice: %q", r.Content)
	}
	if r := mustPrivate(t, h.command(waiting, 0, "rules", nil)); strings.Contains(r.Content, "default move") {
		t.Fatal("the notice was shown twice")
	}
	rec, err := tt.Store(h.m).Record(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := tinners.Replay(rec)
	if err != nil || rs.Version != s.Version {
		t.Fatalf("the record does not replay: %v", err)
	}
}

// TestHostDefaultMidAuction: the host plays a stalled bidder's default
// (drop out, or the opener's minimum bid) with a confirm; anyone else is
// refused; a stale confirm plays nothing.
func TestHostDefaultMidAuction(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	d.playUntil("an auction", func(b uiMsg) bool { return has(b, "Other amount") })
	waiting := d.actor()
	tb0 := h.table(id)
	seat := tb0.SeatOf(waiting)
	s0 := h.state(id)
	nonHost := players[1]
	if nonHost == waiting {
		nonHost = players[2]
	}
	func() {
		defer unchanged(t, h, id)()
		wantReply(t, h.command(nonHost, 0, "default", nil), "Only the host")
	}()
	h.clock.Add(12 * time.Hour) // the host steps in after the reminder interval
	r := mustPrivate(t, h.command(players[0], 0, "default", nil))
	btn, ok := r.button("Play the default move")
	if !ok {
		t.Fatalf("no confirm: %+v", r)
	}
	wantReply(t, h.forgeOnBoard(nonHost, btn.CustomID), "Only the host") // the host's confirm, forged
	calls := h.click(players[0], r.ID, true, btn.CustomID)
	posts := boardPosts(t, calls)
	if len(posts) == 0 || !strings.Contains(posts[0].Content, "default move for") {
		t.Fatalf("no announcement: %+v", posts)
	}
	s := h.state(id)
	if s.Version <= s0.Version {
		t.Fatal("nothing was played")
	}
	a, err := tinners.ParseAction(h.actions(id)[s0.Version])
	if err != nil || a.Seat != seat || (a.Kind != tinners.ActDrop && a.Kind != tinners.ActBid) {
		t.Fatalf("played %v (%v), want seat %d's drop or opening bid", a, err, seat)
	}
	func() {
		defer unchanged(t, h, id)()
		wantReply(t, h.click(players[0], r.ID, true, btn.CustomID), "moved on")
	}()
}

// TestSubstituteMidGame: the host hands a seat to a new member with a
// confirm; the new member gets the seat's private view and moves, the old
// one loses it; a member already seated is refused.
func TestSubstituteMidGame(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	waiting := d.actor()
	tb0 := h.table(id)
	seat := tb0.SeatOf(waiting)
	const newcomer = "500000000000000077"
	other := players[1]
	if other == waiting {
		other = players[2]
	}
	func() {
		defer unchanged(t, h, id)()
		wantReply(t, h.command(players[0], 0, "substitute", map[string]any{"seat": fmt.Sprint(seat + 1), "user": userOpt(other)}), "already plays")
		wantReply(t, h.command(other, 0, "substitute", map[string]any{"seat": fmt.Sprint(seat + 1), "user": userOpt(newcomer)}), "Only the host")
		wantReply(t, h.command(players[0], 0, "substitute", map[string]any{"seat": "purple-ish", "user": userOpt(newcomer)}), "no seat")
	}()
	h.clock.Add(12 * time.Hour) // the host steps in after the reminder interval
	r := mustPrivate(t, h.command(players[0], 0, "substitute", map[string]any{"seat": fmt.Sprint(seat + 1), "user": userOpt(newcomer)}))
	btn, ok := r.button("Hand over the seat")
	if !ok {
		t.Fatalf("no confirm: %+v", r)
	}
	calls := h.click(players[0], r.ID, true, btn.CustomID)
	wantPost(t, boardPosts(t, calls), []string{newcomer}, "handed", newcomer, waiting)
	tb := h.table(id)
	if tb.Seats[seat].UserID != newcomer || len(tb.Notes.Subs) != 1 || tb.Notes.Subs[0].From != waiting {
		t.Fatalf("seats %+v subs %+v", tb.Seats, tb.Notes.Subs)
	}
	if waiting != players[0] {
		wantReply(t, h.command(waiting, 0, "hand", nil), "not seated")
	}
	if r := mustPrivate(t, h.command(newcomer, 0, "hand", nil)); strings.Contains(r.Content, "not seated") {
		t.Fatalf("the newcomer has no hand: %q", r.Content)
	}
	// The newcomer plays the seat from the board.
	pass, _ := d.board.button("Pass")
	v := h.state(id).Version
	h.click(newcomer, d.board.ID, false, pass.CustomID)
	if h.state(id).Version == v {
		t.Fatalf("the newcomer's pass was not played; log:\n%s", h.logBuf.String())
	}
	if waiting != players[0] {
		v = h.state(id).Version
		h.click(waiting, d.board.ID, false, pass.CustomID)
		if h.state(id).Version != v {
			t.Fatal("the old player still moves for the seat")
		}
	}
}

// TestHostAbortsOwnTable: the host ends their own table with the confirm.
func TestHostAbortsOwnTable(t *testing.T) {
	h := newHarness(t)
	id, _ := toActionTurn(t, h)
	r := mustPrivate(t, h.command(players[0], 0, "abort", nil))
	yes, ok := r.button("End the table")
	if !ok {
		t.Fatalf("no confirm for the host: %q", r.Content)
	}
	if tb := h.table(id); tb.Status != kit.StatusRunning {
		t.Fatal("asking ended the table")
	}
	calls := h.click(players[0], r.ID, true, yes.CustomID)
	if posts := boardPosts(t, calls); len(posts) != 1 || !strings.Contains(posts[0].Content, "was ended") {
		t.Fatalf("abort posted %+v", posts)
	}
	if tb := h.table(id); tb.Status != kit.StatusAborted {
		t.Fatalf("status %v", tb.Status)
	}
}

// actions is the game's record of actions.
func (h *harness) actions(id string) []string {
	h.t.Helper()
	rec, err := tt.Store(h.m).Record(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return rec.Actions
}

// TestHostDefaultEveryPhase plays a whole game through the fake Discord
// and, the first time the game waits in each kind of decision, has the
// host play the waiting seat's default move: each is a legal action of
// that seat, the game goes on, and the record replays.
func TestHostDefaultEveryPhase(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	if testing.Short() {
		t.Skip("-short: a whole game")
	}
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	done := map[tinners.Phase]bool{}
	for !strings.Contains(d.board.Content, "Game over") {
		if d.steps > 3000 {
			t.Fatalf("no end in 3000 interactions; board:\n%s", d.board.Content)
		}
		s := h.state(id)
		if s.Phase == tinners.PhaseOver {
			break
		}
		if done[s.Phase] {
			d.turn()
			continue
		}
		done[s.Phase] = true
		seat := s.ToAct()[0]
		h.clock.Add(12 * time.Hour) // the host steps in after the reminder interval
		r := mustPrivate(t, h.command(players[0], 0, "default", map[string]any{"seat": fmt.Sprint(seat + 1)}))
		btn, ok := r.button("Play the default move")
		if !ok {
			t.Fatalf("%s: no confirm: %q", s.Phase, r.Content)
		}
		d.do(h.click(players[0], r.ID, true, btn.CustomID))
		acts := h.actions(id)
		if len(acts) <= s.Version {
			t.Fatalf("%s: the default played nothing", s.Phase)
		}
		a, err := tinners.ParseAction(acts[s.Version])
		if err != nil || a.Seat != seat {
			t.Fatalf("%s: played %s (%v), want a move of seat %d", s.Phase, acts[s.Version], err, seat)
		}
	}
	for _, p := range []tinners.Phase{tinners.PhaseDraft, tinners.PhaseActions, tinners.PhaseAuction, tinners.PhaseAfterAuction,
		tinners.PhasePumps, tinners.PhaseInvest, tinners.PhasePeek} {
		if !done[p] {
			t.Errorf("the game never waited in %s", p)
		}
	}
	rec, err := tt.Store(h.m).Record(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	final, err := tinners.Replay(rec)
	if err != nil || final.Phase != tinners.PhaseOver || final.Version != h.state(id).Version {
		t.Fatalf("the record does not replay to the end: %v", err)
	}
}

// TestSubstituteMidAuction: a bidder who stalls in an auction is replaced;
// before the hand-over the newcomer has no private view and no move; after
// it they bid for the seat, see only that seat's hand, and play on to the
// next round through the buttons, while the old player's clicks do nothing.
func TestSubstituteMidAuction(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	d.playUntil("an auction", func(b uiMsg) bool { return has(b, "Other amount") })
	waiting := d.actor()
	tb0 := h.table(id)
	seat := tb0.SeatOf(waiting)
	if h.state(id).Auction == nil {
		t.Fatal("no auction under way")
	}
	const newcomer = "500000000000000077"
	drop, ok := d.board.button("Drop out")
	if !ok {
		drop, _ = d.board.button("Bid ")
	}
	func() {
		defer unchanged(t, h, id)()
		wantReply(t, h.command(newcomer, 0, "hand", nil), "not seated")
		h.click(newcomer, d.board.ID, false, drop.CustomID)
	}()
	h.clock.Add(12 * time.Hour) // the host steps in after the reminder interval
	r := mustPrivate(t, h.command(players[0], 0, "substitute", map[string]any{"seat": fmt.Sprint(seat + 1), "user": userOpt(newcomer)}))
	btn, ok := r.button("Hand over the seat")
	if !ok {
		t.Fatalf("no confirm: %+v", r)
	}
	wantPost(t, boardPosts(t, h.click(players[0], r.ID, true, btn.CustomID)), []string{newcomer}, "handed", newcomer, waiting)
	if waiting != players[0] {
		func() {
			defer unchanged(t, h, id)()
			wantReply(t, h.command(waiting, 0, "hand", nil), "not seated")
			h.click(waiting, d.board.ID, false, drop.CustomID)
		}()
	}
	// The newcomer's hand is the seat's, and only it (the checker).
	if r := mustPrivate(t, d.do(h.command(newcomer, 0, "hand", nil))); !strings.Contains(r.Content, "only you see this") {
		t.Fatalf("the newcomer's hand: %q", r.Content)
	}
	v := h.state(id).Version
	if !d.press(newcomer, "Bid ") {
		d.press(newcomer, "Drop out")
	}
	s := h.state(id)
	if s.Version == v {
		t.Fatal("the newcomer's bid was not played")
	}
	if a, _ := tinners.ParseAction(h.actions(id)[v]); a.Seat != seat {
		t.Fatalf("the newcomer played %v, not for seat %d", a, seat)
	}
	// The game goes on, the newcomer playing the seat when asked.
	d.playUntil("round 2", func(b uiMsg) bool { return strings.Contains(b.Content, "**Round 2") })
	if d.acted[newcomer+"|1"] == 0 && !slices.ContainsFunc(h.actions(id)[v+1:], func(x string) bool {
		a, _ := tinners.ParseAction(x)
		return a.Seat == seat
	}) {
		t.Fatal("the seat never moved again after the hand-over")
	}
	if tb := h.table(id); tb.Seats[seat].UserID != newcomer || len(tb.Notes.Subs) != 1 {
		t.Fatalf("seats %+v subs %+v", tb.Seats, tb.Notes.Subs)
	}
}

package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/storage"
)

// The bots' search budget in these tests: a few play-outs a decision
// (the search itself is engine/autoplay's, tested there).
func cheapBots(c *Config) { c.BotPlayouts = 4 }

// waitBots waits for the bots' moves and the posts they owe, and returns
// the calls made since n.
func (h *harness) waitBots(n int) []fakeCall {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := h.m.WaitIdle(ctx); err != nil {
		h.t.Fatalf("the bots did not finish: %v", err)
	}
	return h.fd.callsSince(n)
}

// toBot is /tt substitute naming the bot itself: Discord resolves it as
// a bot user.
func toBot(userID string, perms int64, seat int) map[string]any {
	i := commandInteraction(userID, perms, "substitute", map[string]any{"seat": fmt.Sprint(seat + 1), "user": userOpt(fakediscord.DefaultBotID)})
	users := i["data"].(map[string]any)["resolved"].(map[string]any)["users"].(map[string]any)
	users[fakediscord.DefaultBotID].(map[string]any)["bot"] = true
	return i
}

// noPingOf fails when a call may ping anyone but want, or mentions an
// empty user (a bot seat's) in its text.
func noPingOf(t *testing.T, calls []fakeCall, want ...string) {
	t.Helper()
	for _, c := range calls {
		if c.Method != "POST" && c.Method != "PATCH" || len(c.Body) == 0 || c.Body[0] != '{' {
			continue
		}
		u := decode(t, c, false)
		if strings.Contains(u.Content, "<@>") {
			t.Errorf("%s %s mentions an empty user: %q", c.Method, c.Path, u.Content)
		}
		if u.AllowedMentions == nil {
			continue
		}
		for _, x := range u.AllowedMentions.Users {
			if !slices.Contains(want, x) {
				t.Errorf("%s %s may ping %q (want only %v): %q", c.Method, c.Path, x, want, u.Content)
			}
		}
	}
}

// TestBotSeatsInTheLobby: the host adds and removes bot seats with the
// lobby's buttons; anyone else is refused, as is a bot beyond the
// table's seats or a removal with none seated. A person then plays
// against the bot: the bot moves in the background, and only the person
// is ever pinged.
func TestBotSeatsInTheLobby(t *testing.T) {
	h := newHarnessWith(t, cheapBots)
	host := players[0]
	lobby := boardPosts(t, h.command(host, 0, "new", map[string]any{"players": 2}))[0]
	add, ok := lobby.button("Add a bot")
	if !ok {
		t.Fatalf("the lobby has no Add a bot button: %+v", lobby)
	}
	drop, _ := lobby.button("Remove a bot")
	id := strings.Split(add.CustomID, ":")[1]
	if r := mustPrivate(t, h.click(players[1], lobby.ID, false, add.CustomID)); !strings.Contains(r.Content, "Only the host") {
		t.Errorf("a bot added by a player who is not the host: %q", r.Content)
	}
	// With no bot seated "Remove a bot" is disabled (Discord's client
	// sends no click on it); a forged click is refused all the same.
	if add.Disabled || !drop.Disabled {
		t.Errorf("an empty lobby's Add a bot disabled %v, Remove a bot disabled %v; want enabled, disabled", add.Disabled, drop.Disabled)
	}
	if r := mustPrivate(t, h.clickForged(host, lobby.ID, false, drop.CustomID)); !strings.Contains(r.Content, "No bot is seated") {
		t.Errorf("remove with no bot: %q", r.Content)
	}
	calls := h.click(host, lobby.ID, false, add.CustomID)
	if tb := h.table(id); len(tb.Seats) != 2 || !tb.Seats[1].Bot || tb.Seats[1].UserID != "" || tb.Seats[1].Name != "Bot 1" {
		t.Fatalf("seats after Add a bot: %+v", tb.Seats)
	}
	i := slices.IndexFunc(calls, func(c fakeCall) bool {
		return c.Method == "PATCH" && strings.Contains(string(c.Body), "🤖 Bot 1")
	})
	if i < 0 {
		t.Fatal("the lobby does not show the bot")
	}
	// The table full: "Add a bot" is disabled, "Remove a bot" enabled; a
	// forged click on the first is refused.
	full := decode(t, calls[i], false)
	if a, _ := full.button("Add a bot"); !a.Disabled {
		t.Error("a full lobby's Add a bot is enabled")
	}
	if d, _ := full.button("Remove a bot"); d.Disabled {
		t.Error("Remove a bot is disabled with a bot seated")
	}
	if r := mustPrivate(t, h.clickForged(host, lobby.ID, false, add.CustomID)); !strings.Contains(r.Content, "The table is full") {
		t.Errorf("a bot beyond the table's seats: %q", r.Content)
	}
	if r := mustPrivate(t, h.command(players[1], 0, "join", nil)); !strings.Contains(r.Content, "The table is full") {
		t.Errorf("a person joining a table full of bots: %q", r.Content)
	}
	h.click(host, lobby.ID, false, drop.CustomID)
	if tb := h.table(id); len(tb.Seats) != 1 {
		t.Fatalf("seats after Remove a bot: %+v", tb.Seats)
	}
	h.click(host, lobby.ID, false, add.CustomID)

	// The game: one person against the bot.
	n := h.fd.numCalls()
	h.command(host, 0, "start", nil)
	calls = h.waitBots(n)
	noPingOf(t, calls, host)
	s := h.state(id)
	if !slices.Contains(s.ToAct(), 0) || slices.Contains(s.ToAct(), 1) {
		t.Fatalf("after the start and the bot's moves the game waits for %v, want the person only", s.ToAct())
	}
	// The first board pings nobody (the person just clicked Start, and a
	// bot is never pinged); a board the bot's move owed pings the person.
	posts := boardPosts(t, calls)
	if len(posts) == 0 {
		t.Fatal("no board posted at the start")
	}
	if am := posts[0].AllowedMentions; am == nil || len(am.Users) != 0 {
		t.Errorf("the first board pings %+v, want nobody", am)
	}
	if am := posts[len(posts)-1].AllowedMentions; len(posts) > 1 && (am == nil || !slices.Equal(am.Users, []string{host})) {
		t.Errorf("the newest board pings %+v, want the person", am)
	}
	// Leaving a lobby of bots only closes it (a second table elsewhere).
	ch := "700000000000000031"
	in := func(u, sub string, opts map[string]any) []fakeCall {
		i := commandInteraction(u, 0, sub, opts)
		i["channel_id"], i["channel"] = ch, map[string]any{"id": ch, "type": 0}
		return h.send(i)
	}
	l2 := boardPosts(t, in(host, "new", map[string]any{"players": 3}))[0]
	add2, _ := l2.button("Add a bot")
	h.clickIn(ch, host, l2.ID, false, add2.CustomID)
	in(host, "leave", nil)
	if tb := h.table(strings.Split(add2.CustomID, ":")[1]); tb.Status != kit.StatusAborted {
		t.Errorf("a lobby left with bots only is %v, want closed", tb.Status)
	}
}

// TestBotSeatHandOffs: a person's seat goes to a bot at its player's
// request (the host asking early is refused, as for any hand-over); the
// hand-over is announced, posts no board and pings nobody, and the bot
// then plays the seat in the background, its moves stored like any
// player's. A seated player hands the bot's seat back to a member at
// once; a member who is neither seated, the host nor an admin may not.
func TestBotSeatHandOffs(t *testing.T) {
	h := newHarnessWith(t, cheapBots)
	id, _ := openTable(t, h)
	host, leaving := players[0], players[1]
	tb0 := h.table(id)
	seat := tb0.SeatOf(leaving)
	if !slices.Contains(h.state(id).ToAct(), seat) {
		t.Fatalf("the game does not wait for seat %d at the start: %v", seat, h.state(id).ToAct())
	}
	h.clock.Add(time.Hour)
	if r := mustPrivate(t, h.send(toBot(host, 0, seat))); !strings.Contains(r.Content, "at least its reminder interval") {
		t.Errorf("the host handing a seat to a bot early: %q", r.Content)
	}
	if r := mustPrivate(t, h.send(toBot("500000000000000066", 0, seat))); !strings.Contains(r.Content, "Only the host") {
		t.Errorf("a stranger handing a seat to a bot: %q", r.Content)
	}
	r := mustPrivate(t, h.send(toBot(leaving, 0, seat)))
	confirm, ok := r.button("Hand over the seat")
	if !ok || !strings.Contains(r.Content, "to a bot") {
		t.Fatalf("no confirm for handing one's own seat to a bot: %+v", r)
	}
	before := h.state(id).Version
	n := h.fd.numCalls()
	calls := h.click(leaving, r.ID, true, confirm.CustomID)
	posts := boardPosts(t, calls)
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "to a bot (Bot 1)") || len(posts[0].Components) != 0 {
		t.Fatalf("the hand-over to a bot posted %d messages, want its announcement and no board: %+v", len(posts), posts)
	}
	if am := posts[0].AllowedMentions; am == nil || len(am.Users) != 0 {
		t.Errorf("the announcement may ping: %+v", am)
	}
	tb := h.table(id)
	if !tb.Seats[seat].Bot || tb.Seats[seat].UserID != "" || tb.Host != host {
		t.Fatalf("seats after the hand-over: %+v (host %s)", tb.Seats, tb.Host)
	}
	calls = h.waitBots(n)
	noPingOf(t, calls, players[0], players[2])
	s := h.state(id)
	if slices.Contains(s.ToAct(), seat) || s.Version <= before {
		t.Fatalf("the bot did not move: version %d → %d, waiting for %v", before, s.Version, s.ToAct())
	}
	rec, err := h.m.store.MatchRecord(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	title, _ := h.m.cfg.Titles.Get(rec.Title)
	mine := 0
	for _, x := range rec.Actions[before:] {
		if a, err := title.ParseAction(x); err == nil && a.Actor() == seat {
			mine++
		}
	}
	if mine == 0 {
		t.Errorf("no action of the bot's seat stored after version %d: %v", before, rec.Actions[before:])
	}

	// Back to a member: a stranger may not; a seated player may, at once.
	const newcomer = "500000000000000077"
	sub := map[string]any{"seat": fmt.Sprint(seat + 1), "user": userOpt(newcomer)}
	if r := mustPrivate(t, h.command("500000000000000066", 0, "substitute", sub)); !strings.Contains(r.Content, "Only the host") {
		t.Errorf("a stranger handing a bot's seat: %q", r.Content)
	}
	r = mustPrivate(t, h.command(players[2], 0, "substitute", sub))
	confirm, ok = r.button("Hand over the seat")
	if !ok || !strings.Contains(r.Content, "from Bot 1") {
		t.Fatalf("no confirm for handing the bot's seat: %+v", r)
	}
	posts = boardPosts(t, h.click(players[2], r.ID, true, confirm.CustomID))
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "from a bot to <@"+newcomer+">") {
		t.Fatalf("announcement of the bot's seat handed back: %+v", posts)
	}
	if tb := h.table(id); tb.Seats[seat].Bot || tb.Seats[seat].UserID != newcomer {
		t.Errorf("the seat after the hand-back: %+v", tb.Seats[seat])
	}
	tb = h.table(id)
	if r := mustPrivate(t, h.send(toBot(players[2], 0, tb.SeatOf(players[2])))); !strings.Contains(r.Content, "to a bot") {
		t.Errorf("a player handing their own seat to a bot: %q", r.Content)
	}
}

// TestBotMovesResumeAfterRestart: a bot move owed when the process
// stopped is played by the next one (botTurns resumes running tables
// with bot seats), and the next post pings the person.
func TestBotMovesResumeAfterRestart(t *testing.T) {
	h := newHarnessWith(t, cheapBots)
	id := tableVia(t, h, testGuild, testChannel, players[0], players[1])
	s := h.state(id)
	if !slices.Contains(s.ToAct(), 1) {
		t.Fatalf("the game does not wait for seat 1 at the start: %v", s.ToAct())
	}
	h.stop()
	// While no process runs, seat 1 becomes a bot's (as a hand-over
	// whose bot had not moved yet would leave it).
	st, err := storage.Open(h.dbPath, storage.Options{Titles: tinners.Titles()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.UpdateHeader(context.Background(), id, func(hd *storage.Header) error {
		hd.Seats[1] = storage.Seat{Name: "Bot 1", Colour: 1, Bot: true}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	n := h.fd.numCalls()
	h.start()
	calls := h.waitBots(n)
	noPingOf(t, calls, players[0])
	if s2 := h.state(id); slices.Contains(s2.ToAct(), 1) || s2.Version <= s.Version {
		t.Fatalf("after the restart the bot did not move: version %d → %d, waiting for %v", s.Version, s2.Version, s2.ToAct())
	}
}

// TestStatsSkipBots: a finished game with a bot seat counts for its
// people only, and stats and history say it had bots.
func TestStatsSkipBots(t *testing.T) {
	h := newHarness(t)
	id := tableVia(t, h, testGuild, testChannel, players[0], players[1])
	advance(t, h.m, id, func(s *tinners.State) bool { return s.Phase == tinners.PhaseOver })
	if _, err := h.m.store.UpdateTable(context.Background(), id, func(t *kit.Table) error {
		t.Seats[1] = kit.Seat{Name: "Bot 1", Bot: true}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	r := mustPrivate(t, h.command(players[0], 0, "stats", nil))
	if !strings.Contains(r.Content, "All games: 1 game") || !strings.Contains(r.Content, "1 of these games had bot seats") {
		t.Errorf("stats of the person: %q", r.Content)
	}
	r = mustPrivate(t, h.command(players[0], 0, "leaderboard", nil))
	if strings.Contains(r.Content, "Bot 1") || strings.Contains(r.Content, "<@>") {
		t.Errorf("the leaderboard lists the bot: %q", r.Content)
	}
	if all, _, err := h.m.serverStats(context.Background(), testGuild); err != nil || len(all) != 1 || all[players[0]] == nil {
		t.Errorf("stats of the server: %v players (%v), want the person only", len(all), err)
	}
	r = mustPrivate(t, h.command(players[0], 0, "history", nil))
	if !strings.Contains(r.Content, "(with bots)") {
		t.Errorf("history does not mark the game with bots: %q", r.Content)
	}
}

// TestOweBotSeats: a move that hands the game to a bot seat owes no post
// (the bot moves in the background); the bot's move that hands it to a
// person owes the board, pinging the person only; the end pings no bot.
func TestOweBotSeats(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tb := kit.Table{ID: "g", ChannelID: "c", BoardMsg: "m1", Seats: []kit.Seat{{UserID: "u0"}, {Name: "Bot 1", Bot: true}, {Name: "Bot 2", Bot: true}}}
	for _, c := range []struct {
		name          string
		before, after []int
		seat          int
		onBehalf      bool
		want          []int // nil: nothing owed
	}{
		{name: "to a bot", before: []int{0}, after: []int{1}, seat: 0},
		{name: "from a bot to a bot", before: []int{1}, after: []int{2}, seat: 1},
		{name: "from a bot to the person", before: []int{2}, after: []int{0}, seat: 2, want: []int{0}},
		{name: "to the person and a bot at once", before: []int{1}, after: []int{0, 2}, seat: 1, want: []int{0}},
		{name: "a default move for a bot seat", before: []int{1}, after: []int{1}, seat: 1, onBehalf: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := owe(stubUI{}, nil, tb, stubMatch{ver: 5, toAct: c.after}, nil, c.before, c.seat, c.onBehalf, now)
			switch {
			case c.want == nil && o != nil:
				t.Fatalf("owed %+v, want nothing", o)
			case c.want != nil && (o == nil || !slices.Equal(o.Ping, c.want)):
				t.Fatalf("owed %+v, want a post pinging %v", o, c.want)
			}
		})
	}
	if o := owe(stubUI{}, nil, tb, stubMatch{ver: 9, over: true}, nil, []int{1}, 1, false, now); o == nil || len(o.Ping) != 0 {
		t.Errorf("the end after a bot's move: owed %+v, want a post pinging no seat", o)
	}
}

// TestBotMoveStale: a bot's move chosen on a game that has moved on
// since — another version, or the same version after an undo (another
// epoch) — is refused as stale and changes nothing (the runner then
// searches again); chosen on the current game it is stored like any
// player's action.
func TestBotMoveStale(t *testing.T) {
	h := newHarnessWith(t, cheapBots)
	id := tableVia(t, h, testGuild, testChannel, players[0], players[1])
	// The start's interaction woke the runner; let it find no bot before
	// seat 1 becomes one behind its back, or it would play seat 1 itself.
	h.waitBots(0)
	ctx := context.Background()
	if _, err := h.m.store.UpdateTable(ctx, id, func(t *kit.Table) error {
		t.Seats[1] = kit.Seat{Name: "Bot 1", Bot: true} // the runner is not told
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	mt, err := h.m.store.Match(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	legal := mt.Legal(1)
	if len(legal) == 0 {
		t.Fatalf("seat 1 has nothing to do at the start (waiting for %v)", mt.ToAct())
	}
	epoch := h.table(id).Notes.Epoch
	for _, tk := range []kit.Token{{Ver: mt.Version() + 1, Epoch: epoch}, {Ver: mt.Version(), Epoch: epoch + 1}} {
		if err := h.m.botApply(ctx, nil, id, testChannel, tk, 1, legal[0]); !errors.Is(err, kit.ErrStale) {
			t.Errorf("a move chosen at %v: %v, want stale", tk, err)
		}
	}
	if v := h.state(id).Version; v != mt.Version() {
		t.Fatalf("a stale bot move changed the game: version %d → %d", mt.Version(), v)
	}
	if err := h.m.botApply(ctx, nil, id, testChannel, kit.Token{Ver: mt.Version(), Epoch: epoch}, 1, legal[0]); err != nil {
		t.Fatal(err)
	}
	rec, err := h.m.store.MatchRecord(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Actions) != mt.Version()+1 || rec.Actions[mt.Version()] != legal[0].String() {
		t.Errorf("stored actions %v, want %s last", rec.Actions, legal[0])
	}
}

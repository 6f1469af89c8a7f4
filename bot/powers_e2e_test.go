package bot

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/storage"
)

// Powers stay where they belong: who may export a running game, play
// someone else's default move or hand their seat over, and what a refusal
// or a look at the settings may write.

// storedHeader is table id's header exactly as storage keeps it (notes
// blob, reminder, Updated stamp and all).
func (h *harness) storedHeader(id string) storage.Header {
	h.t.Helper()
	a, ok := unwrapStore(h.m.store).(storeAdapter)
	if !ok {
		h.t.Fatalf("the store is a %T, not the storage adapter", h.m.store)
	}
	hd, err := a.s.Header(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return hd
}

// noWrite fails the test when table id's stored header (its notes, its
// reminder, its game's version, its Updated stamp) is written between the
// call and the returned func: the clock moves on a second first, so that
// even a write of the same values leaves a new stamp.
func noWrite(t *testing.T, h *harness, id string) func() {
	t.Helper()
	h.clock.Add(time.Second)
	before := h.storedHeader(id)
	return func() {
		t.Helper()
		after := h.storedHeader(id)
		if !reflect.DeepEqual(before, after) {
			nb, na := before.Notes, after.Notes
			before.Notes, after.Notes = nil, nil
			t.Errorf("the table was written:\nbefore %+v\nafter  %+v\nnotes before %s\nnotes after  %s", before, after, nb, na)
		}
	}
}

// inChannelOf is inChannel with the channel's type (0: a text channel,
// 11: a thread).
func inChannelOf(i map[string]any, ch string, typ int) map[string]any {
	inChannel(i, ch)["channel"] = map[string]any{"id": ch, "type": typ}
	return i
}

// files counts the files sent by calls.
func files(calls []fakeCall) int {
	n := 0
	for _, c := range calls {
		n += len(c.Files)
	}
	return n
}

// TestExportOnlyInTheTablesOwnChannel: an admin exports a running game
// (every hidden tile, hand and the seed) only in the table's own channel
// or thread, where Discord computed their permissions; Manage Channels
// somewhere else exports nothing, by the table's ID or otherwise.
func TestExportOnlyInTheTablesOwnChannel(t *testing.T) {
	h := newHarness(t)
	id, _ := openTable(t, h)
	const admin = "500000000000000088"
	for _, c := range []struct {
		name, locale, ch, want string
		typ                    int
		perms                  int64
	}{
		{"another channel, Manage Channels", "en-US", "700000000000000003", "only in its own channel", 0, discordgo.PermissionManageChannels},
		{"a thread, Manage Channels", "en-US", "700000000000000004", "only in its own channel", 11, discordgo.PermissionManageChannels},
		{"another channel, Administrator", "en-US", "700000000000000003", "only in its own channel", 0, discordgo.PermissionAdministrator},
		{"another channel, in Polish", "pl", "700000000000000003", "tylko na jej własnym kanale", 0, discordgo.PermissionManageServer},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer noWrite(t, h, id)()
			i := inLocale(inChannelOf(commandInteraction(admin, c.perms, "export", map[string]any{"game": id}), c.ch, c.typ), c.locale, "")
			calls := h.send(i)
			r := mustPrivate(t, calls)
			if n := files(calls); n != 0 || !strings.Contains(r.Content, c.want) || !strings.Contains(r.Content, "<#"+testChannel+">") {
				t.Fatalf("reply %q (%d files), want a refusal containing %q and the table's channel", r.Content, n, c.want)
			}
		})
	}
	t.Run("the table's own channel", func(t *testing.T) {
		calls := h.command(admin, discordgo.PermissionManageChannels, "export", map[string]any{"game": id})
		if r := mustPrivate(t, calls); files(calls) != 1 {
			t.Fatalf("no record in the table's channel: %q", r.Content)
		}
	})
}

// TestOutsiderSettingsWriteNothing: /tt settings with no option only shows
// the settings, whoever asks; it never resumes reminders paused after a
// 403 (only a post that goes through in the channel does).
func TestOutsiderSettingsWriteNothing(t *testing.T) {
	h := newHarness(t)
	id, _ := openTable(t, h)
	if _, err := h.m.store.UpdateTable(context.Background(), id, func(t *kit.Table) error {
		t.Notes.Paused, t.NextRemind = "the bot lacks a permission in the channel", time.Time{}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	const outsider = "500000000000000099"
	for _, who := range []struct {
		name, user string
		perms      int64
	}{{"outsider", outsider, 0}, {"player", players[1], 0}, {"host", players[0], 0}, {"admin", outsider, adminPerms}} {
		t.Run(who.name, func(t *testing.T) {
			defer noWrite(t, h, id)()
			if r := mustPrivate(t, h.command(who.user, who.perms, "settings", nil)); !strings.Contains(r.Content, "settings**") {
				t.Fatalf("settings reply %q", r.Content)
			}
		})
	}
	t.Run("a change keeps the pause", func(t *testing.T) {
		mustPrivate(t, h.command(players[0], 0, "settings", map[string]any{"nudges": 2}))
		if tb := h.table(id); tb.Notes.Paused == "" || !tb.NextRemind.IsZero() || tb.Notes.Settings.Nudges != 2 {
			t.Fatalf("after a change: paused %q, next reminder %v, nudges %d", tb.Notes.Paused, tb.NextRemind, tb.Notes.Settings.Nudges)
		}
	})
}

// TestRefusedClickWritesNothing: a click refused as out of turn, by a
// seated player whose Discord language the table has not seen, writes
// nothing (not even that language).
func TestRefusedClickWritesNothing(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	waiting := d.actor()
	other := players[1]
	if other == waiting {
		other = players[2]
	}
	pass, _ := d.board.button("Pass")
	func() {
		defer noWrite(t, h, id)()
		h.send(inLocale(map[string]any{"type": 3, "member": member(other, 0),
			"message": map[string]any{"id": d.board.ID, "channel_id": testChannel, "flags": 0, "content": ""},
			"data":    map[string]any{"custom_id": pass.CustomID, "component_type": 2}}, "pl", ""))
	}()
	// A move of their own records it.
	h.send(inLocale(map[string]any{"type": 3, "member": member(waiting, 0),
		"message": map[string]any{"id": d.board.ID, "channel_id": testChannel, "flags": 0, "content": ""},
		"data":    map[string]any{"custom_id": pass.CustomID, "component_type": 2}}, "pl", ""))
	if got := h.table(id).Notes.Settings.Langs[waiting]; got != "pl" {
		t.Fatalf("after a move, the player's language is %q, want pl", got)
	}
}

// TestDMRefusedAtChannelCreate: Discord may refuse the DM channel itself
// with 50007 (403, "Cannot send messages to this user"): the refusal is
// kept and told once, and the hand-offs after it try no DM.
func TestDMRefusedAtChannelCreate(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	x := players[1]
	mustPrivate(t, h.command(x, 0, "settings", map[string]any{"notify": "dm"}))
	h.fd.Inject(fakediscord.CannotMessageUser("POST", "/users/@me/channels", 1))
	untilHandoff := func() []fakeCall {
		t.Helper()
		n := h.fd.numCalls()
		d.turn()
		d.playUntil("a hand-off to "+x, func(b uiMsg) bool {
			return d.posted && b.AllowedMentions != nil && slices.Contains(b.AllowedMentions.Users, x)
		})
		return h.fd.callsSince(n)
	}
	untilHandoff()
	if h.fd.PendingFaults() != 0 || !h.table(id).Notes.DMRefused[x] {
		t.Fatal("the refused DM channel was not tried, or the refusal not kept")
	}
	if r := mustPrivate(t, h.command(x, 0, "rules", nil)); !strings.Contains(r.Content, "did not let me send you a direct message") {
		t.Fatalf("the player was not told: %q", r.Content)
	}
	if calls := untilHandoff(); tried(calls, x) {
		t.Fatal("a DM was tried again after the refusal")
	}
}

// TestRescueWaitsForTheSeat: the host or an admin (seated or not) plays a
// seat's default move or hands it over only once the table has waited for
// that seat its reminder interval; before that each refusal says how long
// remains and writes nothing, the confirm button included (its custom ID
// is the same whoever asked for it). The seat's own player may do either at
// once.
func TestRescueWaitsForTheSeat(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	if h.table(id).RemindEvery != 12*time.Hour {
		t.Fatalf("reminder interval %v, want the default 12 h", h.table(id).RemindEvery)
	}
	h.clock.Add(3 * time.Hour) // the decision has waited 3 h
	waiting := d.actor()
	tb := h.table(id)
	seat := tb.SeatOf(waiting)
	host := players[0]
	const admin, newcomer = "500000000000000088", "500000000000000077"
	other := players[1] // seated, not waited for
	if other == waiting {
		other = players[2]
	}
	seatArg := map[string]any{"seat": fmt.Sprint(seat + 1)}
	subArg := map[string]any{"seat": fmt.Sprint(seat + 1), "user": userOpt(newcomer)}

	// The waiting player asks for their own default and their own
	// hand-over: both confirms are offered at once. They are kept for
	// the others to press.
	def, ok := mustPrivate(t, h.command(waiting, 0, "default", nil)).button("Play the default move")
	if !ok {
		t.Fatal("the seat's player got no confirm for their own default move")
	}
	sub, ok := mustPrivate(t, h.command(waiting, 0, "substitute", subArg)).button("Hand over the seat")
	if !ok {
		t.Fatal("the seat's player got no confirm for handing over their own seat")
	}

	type refusal struct {
		name, user string
		perms      int64
		send       func(user string, perms int64) []fakeCall
		want       []string
	}
	early := []string{"at least its reminder interval", "12 hours", "waited for **", "3 hours", "9 hours to go"}
	var cases []refusal
	for _, who := range []struct {
		name, user string
		perms      int64
	}{{"admin", admin, adminPerms}, {"seated admin", other, discordgo.PermissionAdministrator}, {"host", host, 0}} {
		if who.user == waiting {
			continue
		}
		cases = append(cases,
			refusal{who.name + " /tt default", who.user, who.perms, func(u string, p int64) []fakeCall { return h.command(u, p, "default", seatArg) }, early},
			refusal{who.name + " /tt substitute", who.user, who.perms, func(u string, p int64) []fakeCall { return h.command(u, p, "substitute", subArg) }, early},
			// The confirms are the waiting player's; another presses
			// their custom IDs only by forging them.
			refusal{who.name + " default confirm", who.user, who.perms, func(u string, p int64) []fakeCall { return h.forgeWith(u, p, def.CustomID) }, early},
			refusal{who.name + " hand-over confirm", who.user, who.perms, func(u string, p int64) []fakeCall { return h.forgeWith(u, p, sub.CustomID) }, early},
		)
	}
	if other != host {
		// A seat the game does not wait for cannot be handed over by
		// someone else at all.
		cases = append(cases, refusal{"host hands over a seat not waited for", host, 0, func(u string, p int64) []fakeCall {
			tb := h.table(id)
			return h.command(u, p, "substitute", map[string]any{"seat": fmt.Sprint(tb.SeatOf(other) + 1), "user": userOpt(newcomer)})
		}, []string{"not waiting for **", "12 hours"}})
	}
	cases = append(cases, refusal{"a player for another seat", other, 0, func(u string, p int64) []fakeCall { return h.command(u, p, "default", seatArg) },
		[]string{"Only the host"}})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer noWrite(t, h, id)()
			wantReply(t, c.send(c.user, c.perms), c.want[0])
			r := mustPrivate(t, c.send(c.user, c.perms))
			for _, w := range c.want {
				if !strings.Contains(r.Content, w) {
					t.Errorf("refusal %q lacks %q", r.Content, w)
				}
			}
		})
	}
	t.Run("in Polish", func(t *testing.T) {
		defer noWrite(t, h, id)()
		r := mustPrivate(t, h.commandAs("pl", "", admin, adminPerms, "default", seatArg))
		wantText(t, "Polish refusal", r.Content, "odstęp przypomnień", "12 godzin", "pozostało: 9 godzin")
	})

	// One minute short, then the interval: the admin's default goes.
	h.clock.Add(9*time.Hour - time.Minute)
	if r := mustPrivate(t, h.command(admin, adminPerms, "default", seatArg)); !strings.Contains(r.Content, "1 minute to go") {
		t.Fatalf("one minute before: %q", r.Content)
	}
	h.clock.Add(time.Minute)
	r := mustPrivate(t, h.command(admin, adminPerms, "default", seatArg))
	if own, ok := r.button("Play the default move"); !ok || own.CustomID != def.CustomID {
		t.Fatalf("the admin's confirm %+v (%v), want the seat's own %q", own, ok, def.CustomID)
	}
	v := h.state(id).Version
	if calls := h.clickWith(admin, adminPerms, r.ID, def.CustomID); len(boardPosts(t, calls)) == 0 || h.state(id).Version == v {
		t.Fatalf("after the interval the admin's default was not played: %q", mustPrivate(t, calls).Content)
	}

	// The next seat's wait starts afresh; its player hands it over at once.
	next := h.state(id).ToAct()
	if len(next) != 1 {
		t.Fatalf("waiting for %v", next)
	}
	nextUser := h.table(id).Seats[next[0]].UserID
	if r := mustPrivate(t, h.command(admin, adminPerms, "default", nil)); !strings.Contains(r.Content, "12 hours to go") {
		t.Fatalf("the next seat's wait did not start afresh: %q", r.Content)
	}
	r = mustPrivate(t, h.command(nextUser, 0, "substitute", map[string]any{"seat": fmt.Sprint(next[0] + 1), "user": userOpt(newcomer)}))
	btn, ok := r.button("Hand over the seat")
	if !ok {
		t.Fatalf("no confirm for the player's own seat: %q", r.Content)
	}
	h.click(nextUser, r.ID, true, btn.CustomID)
	if got := h.table(id).Seats[next[0]].UserID; got != newcomer {
		t.Fatalf("the seat is %s's, want the newcomer's", got)
	}
}

// TestRescueAfterADeadline: a deadline shorter than the reminder interval
// is the wait after which the host may step in.
func TestRescueAfterADeadline(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	mustPrivate(t, h.command(players[0], 0, "settings", map[string]any{"deadline": 2}))
	waiting := d.actor()
	tb := h.table(id)
	seat := tb.SeatOf(waiting)
	const admin = "500000000000000088"
	if r := mustPrivate(t, h.command(admin, adminPerms, "default", nil)); !strings.Contains(r.Content, "2 hours to go") {
		t.Fatalf("before the deadline: %q", r.Content)
	}
	h.clock.Add(2 * time.Hour)
	if _, ok := mustPrivate(t, h.command(admin, adminPerms, "substitute", map[string]any{"seat": fmt.Sprint(seat + 1), "user": userOpt("500000000000000077")})).button("Hand over the seat"); !ok {
		t.Fatal("no hand-over once the deadline passed")
	}
}

// TestGenericRescueWaits: the same rule at a Coal Baron table.
func TestGenericRescueWaits(t *testing.T) {
	h, _ := cbHarness(t)
	id, _ := openCB(t, h, testChannel, 2)
	seat := h.match(id).ToAct()[0]
	const admin = "500000000000000088"
	func() {
		defer noWrite(t, h, id)()
		wantReply(t, h.command(admin, adminPerms, "default", nil), "12 hours to go")
	}()
	r := mustPrivate(t, h.command(cbPlayers[seat], 0, "default", nil))
	btn, ok := r.button("Play the default move")
	if !ok {
		t.Fatalf("the seat's player got no confirm: %q", r.Content)
	}
	func() {
		defer noWrite(t, h, id)()
		wantReply(t, h.forgeWith(admin, adminPerms, btn.CustomID), "to go") // the player's confirm, forged
	}()
	h.clock.Add(12 * time.Hour)
	mine := mustPrivate(t, h.command(admin, adminPerms, "default", nil))
	if own, ok := mine.button("Play the default move"); !ok || own.CustomID != btn.CustomID {
		t.Fatalf("the admin's confirm %+v (%v), want the player's own %q", own, ok, btn.CustomID)
	}
	v := h.match(id).Version()
	h.clickWith(admin, adminPerms, mine.ID, btn.CustomID)
	if h.match(id).Version() == v {
		t.Fatal("the admin's default was not played after the interval")
	}
}

// clickWith presses a button on the private reply msgID as a member with
// perms.
func (h *harness) clickWith(userID string, perms int64, msgID, customID string) []fakeCall {
	h.t.Helper()
	return h.send(map[string]any{"type": 3, "member": member(userID, perms),
		"message": map[string]any{"id": msgID, "channel_id": testChannel, "flags": 64, "content": ""},
		"data":    map[string]any{"custom_id": customID, "component_type": 2}})
}

// forgeWith is forgeOnBoard as a member with perms: a custom ID the
// member was never shown, sent from the channel's newest message.
func (h *harness) forgeWith(userID string, perms int64, customID string) []fakeCall {
	h.t.Helper()
	return h.sendForged(map[string]any{"type": 3, "member": member(userID, perms),
		"message": map[string]any{"id": h.publicMsg(testChannel), "channel_id": testChannel, "flags": 0, "content": ""},
		"data":    map[string]any{"custom_id": customID, "component_type": 2}})
}

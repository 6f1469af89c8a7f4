package bot

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

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

// noWrite fails the test when table id's stored header is written between
// the call and the returned func: the clock moves on first, so that even a
// write of the same values leaves a new Updated stamp.
func noWrite(t *testing.T, h *harness, id string) func() {
	t.Helper()
	h.clock.Add(time.Minute)
	before := h.storedHeader(id)
	s0 := h.state(id)
	return func() {
		t.Helper()
		after := h.storedHeader(id)
		if !reflect.DeepEqual(before, after) {
			nb, na := before.Notes, after.Notes
			before.Notes, after.Notes = nil, nil
			t.Errorf("the table was written:\nbefore %+v\nafter  %+v\nnotes before %s\nnotes after  %s", before, after, nb, na)
		}
		if s := h.state(id); s.Version != s0.Version {
			t.Errorf("the game moved: version %d → %d", s0.Version, s.Version)
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
	if _, err := h.m.store.UpdateTable(context.Background(), id, func(t *Table) error {
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

package bot

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	bolt "go.etcd.io/bbolt"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// damageRecord stops the bot, changes game id's records in the database
// file with fn (bypassing storage: damage), and starts it again.
func damageRecord(t *testing.T, h *harness, id string, fn func(gb *bolt.Bucket) error) {
	t.Helper()
	h.stop()
	db, err := bolt.Open(h.dbPath, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error { return fn(tx.Bucket([]byte("games")).Bucket([]byte(id))) }); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	h.start()
}

// flipLast flips a bit in the last byte of the value under key.
func flipLast(b *bolt.Bucket, key []byte) error {
	v := bytes.Clone(b.Get(key))
	v[len(v)-1] ^= 1
	return b.Put(key, v)
}

func logKey(n int) []byte {
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], uint64(n))
	return k[:]
}

// wantWords fails unless the private reply says what it must and is not
// "something went wrong" or a raw error.
func wantWords(t *testing.T, what string, calls []fakeCall, want ...string) uiMsg {
	t.Helper()
	r := mustPrivate(t, calls)
	for _, w := range append([]string{}, want...) {
		if !strings.Contains(r.Content, w) {
			t.Fatalf("%s: %q does not say %q", what, r.Content, w)
		}
	}
	for _, bad := range []string{"went wrong", "storage:", "checksum", "not one of ours"} {
		if strings.Contains(r.Content, bad) {
			t.Fatalf("%s: %q", what, r.Content)
		}
	}
	return r
}

// TestDamagedHeaderStaysLocal (review finding 1): one table's unreadable
// header no longer takes down /tt games, history, stats, leaderboard and
// the reminders of every other table; in its own channel players are told
// the record is damaged, an admin's export gives the readable part marked
// damaged, and an admin's /tt abort frees the channel for /tt new.
func TestDamagedHeaderStaysLocal(t *testing.T) {
	h := newHarness(t)
	bad := tableVia(t, h, testGuild, testChannel, players[0], players[1])
	good := tableVia(t, h, testGuild, otherChannel, players[2], players[0])
	damageRecord(t, h, bad, func(gb *bolt.Bucket) error { return flipLast(gb, []byte("header")) })

	other := func(u string, perms int64, sub string, opts map[string]any) []fakeCall {
		i := commandInteraction(u, perms, sub, opts)
		i["guild_id"] = testGuild
		return h.send(inChannel(i, otherChannel))
	}
	if r := wantWords(t, "/tt games", other(players[0], 0, "games", nil)); !strings.Contains(r.Content, good) {
		t.Fatalf("/tt games does not list the healthy table: %q", r.Content)
	}
	wantWords(t, "/tt history", other(players[0], 0, "history", nil))
	wantWords(t, "/tt stats", other(players[0], 0, "stats", nil))
	wantWords(t, "/tt leaderboard", other(players[0], 0, "leaderboard", nil))
	wantWords(t, "/tt board elsewhere", other(players[0], 0, "board", nil))

	// The healthy table's reminder still fires, the damaged one's due or not.
	h.clock.Add(13 * time.Hour)
	if posts := h.remindNow(); len(posts) != 1 || !strings.Contains(posts[0].Content, "<@"+players[2]+">") && !strings.Contains(posts[0].Content, "<@"+players[0]+">") {
		t.Fatalf("reminders with a damaged table around: %+v", posts)
	}
	if !strings.Contains(h.logBuf.String(), "game="+bad) {
		t.Fatal("the damaged table is not logged with its id")
	}

	const damagedWords = "damaged"
	wantWords(t, "/tt board", h.command(players[0], 0, "board", nil), damagedWords)
	wantWords(t, "/tt new", h.command(players[0], 0, "new", nil), damagedWords)
	wantWords(t, "host's /tt abort", h.command(players[0], 0, "abort", nil), damagedWords, "manage the server")
	wantWords(t, "/tt board in Polish", h.send(inLocale(commandInteraction(players[1], 0, "board", nil), "pl", "")), "uszkodzony", "/tt przerwij")

	// An admin's export: the readable part, marked damaged.
	calls := h.command(admin, adminPerms, "export", nil)
	wantWords(t, "admin's export", calls, damagedWords)
	if !strings.Contains(string(callBodies(calls)), tinnersDamaged) {
		t.Fatalf("the exported file is not marked %q:\n%s", tinnersDamaged, callBodies(calls))
	}

	// An admin's abort frees the channel.
	r := wantWords(t, "admin's /tt abort", h.command(admin, adminPerms, "abort", nil), bad)
	yes, ok := r.button("End")
	if !ok {
		t.Fatalf("no button to end the damaged table: %+v", r)
	}
	// Not by a player (even the host: the header naming the host is what
	// is damaged), and not from another channel: the confirm is the
	// admin's, here, so either is a forgery.
	wantWords(t, "a player's confirm", h.forgeOnBoard(players[0], yes.CustomID), damagedWords)
	i := map[string]any{"type": 3, "member": member(admin, adminPerms),
		"message": map[string]any{"id": h.ownPrivate(otherChannel, admin, adminPerms), "flags": 64},
		"data":    map[string]any{"custom_id": yes.CustomID, "component_type": 2}}
	h.sendForged(inChannel(i, otherChannel))
	wantWords(t, "/tt board after refused ends", h.command(players[0], 0, "board", nil), damagedWords)
	calls = h.clickWith(admin, adminPerms, r.ID, yes.CustomID)
	wantWords(t, "abort confirmed", calls)
	if posts := boardPosts(t, calls); len(posts) != 1 || !strings.Contains(posts[0].Content, bad) {
		t.Fatalf("the end of the damaged table is not announced: %+v; reply %q", posts, mustPrivate(t, calls).Content)
	}
	calls = h.command(players[0], 0, "new", nil)
	if lobby := boardPosts(t, calls); len(lobby) != 1 {
		t.Fatalf("/tt new after the damaged table was aborted: %q", mustPrivate(t, calls).Content)
	}
}

// admin manages the server and plays at no table.
const admin = "700000000000000999"

// tinnersDamaged is how the exported record of a damaged game begins.
const tinnersDamaged = `"damaged": "damaged — does not replay`

// callBodies is every body and file sent in calls, one after another.
func callBodies(calls []fakeCall) []byte {
	var b []byte
	for _, c := range calls {
		b = append(b, c.Body...)
		for _, f := range c.Files {
			b = append(b, f.Data...)
		}
	}
	return b
}

// TestDamagedLogUnderGoodSnapshot (review finding 5): a damaged log entry
// under a good snapshot is noticed when the game is loaded: a move, /tt
// board at:, /tt undo and a player's export of the finished game answer in
// words, and nothing is handed out that does not replay.
func TestDamagedLogUnderGoodSnapshot(t *testing.T) {
	h := newHarness(t)
	id := tableVia(t, h, testGuild, testChannel, players[0], players[1])
	advance(t, h.m, id, func(s *tinners.State) bool { return s.Version >= 6 })
	damageRecord(t, h, id, func(gb *bolt.Bucket) error { return flipLast(gb.Bucket([]byte("log")), logKey(3)) })

	wantWords(t, "/tt board at:", h.command(players[0], 0, "board", map[string]any{"at": 2}), "damaged")
	wantWords(t, "/tt undo", h.command(players[0], 0, "undo", nil), "damaged")
	wantWords(t, "/tt board", h.command(players[0], 0, "board", nil), "damaged")
	wantWords(t, "/tt log", h.command(players[0], 0, "log", nil), "damaged")
	calls := h.command(admin, adminPerms, "export", nil)
	wantWords(t, "admin's export", calls, "damaged")
	if !strings.Contains(string(callBodies(calls)), tinnersDamaged) {
		t.Fatalf("the admin's export is not marked %q", tinnersDamaged)
	}

	// The host can still end it: its header reads.
	r := mustPrivate(t, h.command(players[0], 0, "abort", nil))
	yes, ok := r.button("End")
	if !ok {
		t.Fatalf("the host cannot end a table whose log is damaged: %q", r.Content)
	}
	h.click(players[0], r.ID, true, yes.CustomID)
	if tb := h.table(id); tb.Status != kit.StatusAborted {
		t.Fatalf("status %v after the host ended it", tb.Status)
	}

	// A finished game's record: a player's export is refused in words.
	over := tableVia(t, h, testGuild, otherChannel, players[0], players[1])
	advance(t, h.m, over, func(s *tinners.State) bool { return s.Phase == tinners.PhaseOver })
	damageRecord(t, h, over, func(gb *bolt.Bucket) error { return flipLast(gb.Bucket([]byte("log")), logKey(5)) })
	i := commandInteraction(players[0], 0, "export", map[string]any{"game": over})
	i["guild_id"] = testGuild
	calls = h.send(inChannel(i, otherChannel))
	wantWords(t, "a player's export", calls, "damaged")
	if strings.Contains(string(callBodies(calls)), `"actions"`) {
		t.Fatal("a player was handed the record of a damaged game")
	}
}

// TestUnknownEditionTable (review finding 12): a table whose edition this
// build does not play (after a downgrade) answers a click and /tt board
// with a sentence naming the edition, not "not one of ours" or "something
// went wrong"; an admin can still end it.
func TestUnknownEditionTable(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	damageRecord(t, h, id, func(gb *bolt.Bucket) error {
		v := gb.Get([]byte("header"))
		var hd map[string]any
		if err := json.Unmarshal(v[4:], &hd); err != nil {
			return err
		}
		hd["edition"] = "99"
		js, err := json.Marshal(hd)
		if err != nil {
			return err
		}
		sealed := binary.BigEndian.AppendUint32(nil, crc32.Checksum(js, crc32.MakeTable(crc32.Castagnoli)))
		return gb.Put([]byte("header"), append(sealed, js...))
	})
	for _, b := range board.all() {
		if b.CustomID == "" || b.Disabled {
			continue
		}
		for _, p := range players {
			wantWords(t, "click "+b.CustomID, h.click(p, board.ID, false, b.CustomID), "edition 99")
		}
	}
	wantWords(t, "/tt board", h.command(players[0], 0, "board", nil), "edition 99")
	wantWords(t, "/tt hand", h.command(players[0], 0, "hand", nil), "edition 99")
	r := mustPrivate(t, h.command(players[0], 0, "abort", nil))
	yes, ok := r.button("End")
	if !ok {
		t.Fatalf("the host cannot end the table: %q", r.Content)
	}
	h.click(players[0], r.ID, true, yes.CustomID)
	if tb := h.table(id); tb.Status != kit.StatusAborted {
		t.Fatalf("status %v after the host ended it", tb.Status)
	}
}

// TestDamagedTableEveryCommand: in the channel of a table whose header or
// log is damaged, every /tt subcommand and every button of its last board
// answers in words — never "something went wrong", a raw error, or "not
// one of ours" — and changes nothing.
func TestDamagedTableEveryCommand(t *testing.T) {
	subs := []string{"new", "join", "leave", "start", "board", "hand", "log", "undo", "rules", "history", "games", "stats",
		"leaderboard", "away", "abort", "settings", "default", "substitute", "export", "remind"}
	// The options Discord requires (the fake refuses a command without them).
	required := map[string]map[string]any{
		"away":       {"hours": 1},
		"remind":     {"hours": 6},
		"substitute": {"seat": "2", "user": userOpt("700000000000000001")},
	}
	for _, part := range []string{"header", "log"} {
		t.Run(part, func(t *testing.T) {
			h := newHarness(t)
			id, board := openTable(t, h)
			damageRecord(t, h, id, func(gb *bolt.Bucket) error {
				if part == "log" {
					return nil // no action yet: damage the header's version instead, below
				}
				return flipLast(gb, []byte("header"))
			})
			if part == "log" {
				// One move, then damage its log entry.
				advance(t, h.m, id, func(s *tinners.State) bool { return s.Version >= 1 })
				damageRecord(t, h, id, func(gb *bolt.Bucket) error { return flipLast(gb.Bucket([]byte("log")), logKey(1)) })
			}
			var before []byte
			snapshot := func() []byte {
				h.stop()
				defer h.start()
				db, err := bolt.Open(h.dbPath, 0o600, &bolt.Options{ReadOnly: true})
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				var b []byte
				db.View(func(tx *bolt.Tx) error {
					gb := tx.Bucket([]byte("games")).Bucket([]byte(id))
					b = append(bytes.Clone(gb.Get([]byte("header"))), gb.Get([]byte("snapshot"))...)
					return gb.Bucket([]byte("log")).ForEach(func(_, v []byte) error { b = append(b, v...); return nil })
				})
				return b
			}
			before = snapshot()
			for _, sub := range subs {
				for _, u := range []string{players[0], players[1]} {
					r := mustPrivate(t, h.command(u, 0, sub, required[sub]))
					for _, bad := range []string{"went wrong", "storage:", "checksum", "not one of ours"} {
						if strings.Contains(r.Content, bad) {
							t.Errorf("/tt %s: %q", sub, r.Content)
						}
					}
				}
			}
			for _, b := range board.all() {
				if b.CustomID == "" {
					continue
				}
				for _, p := range players {
					wantWords(t, "click "+b.CustomID, h.click(p, board.ID, false, b.CustomID), "damaged")
				}
			}
			if after := snapshot(); !bytes.Equal(before, after) {
				t.Fatalf("the damaged table's record changed:\n%s\n%s", before[:min(len(before), 1500)], after[:min(len(after), 1500)])
			}
		})
	}
}

package bot

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// Requests Discord would not send: the fake refuses them (see
// fakediscord.ErrUndeliverable), so these tests deliver them with
// sendForged, and the bot's own checks must refuse them privately and
// change nothing.

// allTables returns every stored table (lobby, running, finished).
func allTables(t *testing.T, h *harness) []kit.Table {
	t.Helper()
	ts, err := h.m.store.Tables(context.Background(), func(*kit.Table) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// nothingChanged snapshots every table and the game of table id; the
// returned func fails the test if any changed since.
func nothingChanged(t *testing.T, h *harness, id string) func() {
	t.Helper()
	before := allTables(t, h)
	game := unchanged(t, h, id)
	return func() {
		t.Helper()
		game()
		if after := allTables(t, h); !reflect.DeepEqual(before, after) {
			t.Errorf("a refusal changed the stored tables:\n%+v\n%+v", before, after)
		}
	}
}

// refusedPrivately checks that calls answer privately with want and post
// nothing.
func refusedPrivately(t *testing.T, calls []fakeCall, want string) {
	t.Helper()
	r := mustPrivate(t, calls)
	if !strings.Contains(r.Content, want) {
		t.Errorf("reply %q, want it to contain %q", r.Content, want)
	}
	for _, c := range calls {
		if c.Method != "GET" && !strings.HasPrefix(c.Path, "/interactions/") && !strings.HasPrefix(c.Path, "/webhooks/") {
			t.Errorf("a refusal sent %s %s", c.Method, c.Path)
		}
	}
}

// TestForgedOptions: every numeric option out of its registered range,
// and every other option Discord's client would not send (wrong type,
// not a choice, too long, unknown, missing), is refused by the bot, in
// English and Polish, with nothing changed.
func TestForgedOptions(t *testing.T) {
	h := newHarness(t)
	id, _ := openTable(t, h)
	host := players[0]
	big := int64(1) << 40
	cases := []struct {
		sub  string
		opts map[string]any
		want string
	}{
		{"new", map[string]any{"players": 0}, "`players:` takes a whole number from 1 to 5"},
		{"new", map[string]any{"players": 6}, "`players:` takes a whole number from 1 to 5"},
		{"new", map[string]any{"hours": 0}, "`hours:` takes a whole number from 1 to 168"},
		{"new", map[string]any{"hours": big}, "`hours:` takes a whole number from 1 to 168"},
		{"new", map[string]any{"deadline": 721}, "`deadline:` takes a whole number from 1 to 720"},
		{"settings", map[string]any{"nudges": 1000000}, "`nudges:` takes a whole number from 1 to 10"},
		{"settings", map[string]any{"nudges": 0}, "`nudges:` takes a whole number from 1 to 10"},
		{"settings", map[string]any{"deadline": -1}, "`deadline:` takes a whole number from 0 to 720"},
		{"settings", map[string]any{"deadline": 721}, "`deadline:` takes a whole number from 0 to 720"},
		{"away", map[string]any{"hours": big}, "`hours:` takes a whole number from 0 to 720"},
		{"away", map[string]any{"hours": -1}, "`hours:` takes a whole number from 0 to 720"},
		{"away", map[string]any{"hours": 721}, "`hours:` takes a whole number from 0 to 720"},
		{"board", map[string]any{"at": -1}, "`at:` takes a whole number from 0 to 9999"},
		{"board", map[string]any{"at": 10000}, "`at:` takes a whole number from 0 to 9999"},
		{"board", map[string]any{"round": 5}, "`round:` takes a whole number from 0 to 4"}, // Tinners' Trail alone: its 4 rounds
		{"log", map[string]any{"round": -1}, "`round:` takes a whole number from 0 to 4"},
		{"remind", map[string]any{"hours": 0}, "`hours:` takes a whole number from 1 to 168"},
		{"remind", map[string]any{"hours": 169}, "`hours:` takes a whole number from 1 to 168"},
		{"remind", map[string]any{"hours": 2.5}, "`hours:` is not a value this command takes"},
		{"remind", map[string]any{"hours": "3"}, "`hours:` is not a value this command takes"},
		{"settings", map[string]any{"quiet": 7}, "`quiet:` is not a value this command takes"},
		{"settings", map[string]any{"quiet": strings.Repeat("2", 21)}, "`quiet:` is not a value this command takes"},
		{"settings", map[string]any{"notify": "pigeon"}, "`notify:` is not a value this command takes"},
		{"settings", map[string]any{"language": "de"}, "`language:` is not a value this command takes"},
		{"settings", map[string]any{"volume": 3}, "`volume:` is not a value this command takes"},
		{"board", map[string]any{"full": "yes"}, "`full:` is not a value this command takes"},
		{"stats", map[string]any{"user": "bob"}, "`user:` is not a value this command takes"},
		{"remind", nil, "`hours:` is required"},
		{"away", nil, "`hours:` is required"},
		{"substitute", map[string]any{"seat": "1"}, "`user:` is required"},
		{"dance", nil, "Unknown subcommand"},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.sub, c.opts), func(t *testing.T) {
			defer nothingChanged(t, h, id)()
			refusedPrivately(t, h.commandForged(host, adminPerms, c.sub, c.opts), c.want)
		})
	}
	t.Run("polish", func(t *testing.T) {
		defer nothingChanged(t, h, id)()
		i := inLocale(commandInteraction(host, 0, "settings", map[string]any{"nudges": 11}), "pl", "")
		refusedPrivately(t, h.sendForged(i), "`przypomnienia:` przyjmuje liczbę całkowitą od 1 do 10")
		i = inLocale(commandInteraction(host, 0, "settings", map[string]any{"notify": "pigeon"}), "pl", "")
		refusedPrivately(t, h.sendForged(i), "`powiadomienia:`")
		i = inLocale(commandInteraction(host, 0, "remind", nil), "pl", "")
		refusedPrivately(t, h.sendForged(i), "`godziny:` jest wymagana")
	})
	t.Run("two subcommands", func(t *testing.T) {
		defer nothingChanged(t, h, id)()
		i := commandInteraction(host, 0, "join", nil)
		d := i["data"].(map[string]any)
		d["options"] = append(d["options"].([]any), map[string]any{"name": "leave", "type": 1})
		refusedPrivately(t, h.sendForged(i), "Unknown subcommand")
	})
	t.Run("another command", func(t *testing.T) {
		defer nothingChanged(t, h, id)()
		i := commandInteraction(host, 0, "join", nil)
		i["data"].(map[string]any)["name"] = "xx"
		refusedPrivately(t, h.sendForged(i), "Unknown command")
	})
}

// TestForgedIdentity: an interaction that names no user, or comes from
// outside a guild, is refused: no table is opened, joined or changed.
func TestForgedIdentity(t *testing.T) {
	h := newHarness(t)
	id, lobby := openTable(t, h)
	join, _ := lobby.button("Join")
	const other, stranger = "700000000000000077", "500000000000000004"
	noUser := func(i map[string]any) map[string]any { delete(i, "member"); return i }
	memberNoUser := func(i map[string]any) map[string]any {
		i["member"] = map[string]any{"permissions": "0"}
		return i
	}
	inDM := func(i map[string]any) map[string]any {
		i["user"] = i["member"].(map[string]any)["user"]
		delete(i, "member")
		i["guild_id"] = ""
		i["channel_id"] = "9" + stranger
		i["channel"] = map[string]any{"id": "9" + stranger, "type": 1}
		return i
	}
	click := func(u string) map[string]any {
		return map[string]any{"type": 3, "member": member(u, 0),
			"message": map[string]any{"id": lobby.ID, "channel_id": testChannel, "flags": 0, "content": ""},
			"data":    map[string]any{"custom_id": join.CustomID, "component_type": 2}}
	}
	// The join button sent from a DM: from the private reply there to the
	// stranger's /tt new (refused), the only message they have there.
	dmClick := func() map[string]any {
		r := mustPrivate(t, h.sendForged(inDM(commandInteraction(stranger, 0, "new", nil))))
		i := inDM(click(stranger))
		i["message"] = map[string]any{"id": r.ID, "channel_id": "9" + stranger, "flags": 64, "content": ""}
		return i
	}
	cases := []struct {
		name string
		i    map[string]any
		want string
	}{
		{"new, no member and no user", inChannel(noUser(commandInteraction(stranger, 0, "new", nil)), other), "names no user"},
		{"new, member without user", inChannel(memberNoUser(commandInteraction(stranger, 0, "new", nil)), other), "names no user"},
		{"new in a DM", inDM(commandInteraction(stranger, 0, "new", nil)), "not in direct messages"},
		{"join, no user", noUser(commandInteraction(stranger, 0, "join", nil)), "names no user"},
		{"join in a DM", inDM(commandInteraction(stranger, 0, "join", nil)), "not in direct messages"},
		{"join button, no user", noUser(click(stranger)), "names no user"},
		{"join button in a DM", dmClick(), "not in direct messages"},
		{"away in a DM", inDM(commandInteraction(players[0], 0, "away", map[string]any{"hours": 5})), "not in direct messages"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer nothingChanged(t, h, id)()
			refusedPrivately(t, h.sendForged(c.i), c.want)
		})
	}
	t.Run("polish", func(t *testing.T) {
		defer nothingChanged(t, h, id)()
		refusedPrivately(t, h.sendForged(inLocale(inDM(commandInteraction(stranger, 0, "new", nil)), "pl", "")), "nie w wiadomościach prywatnych")
		refusedPrivately(t, h.sendForged(inLocale(noUser(commandInteraction(stranger, 0, "new", nil)), "pl", "")), "nie wskazuje użytkownika")
	})
}

// TestForgedSelectValues: a tsel's value is dispatched only when it is of
// a kind the bot puts in its menus (an action, a step, a draft pick, an
// investment); any other kind, even one its clicker could press as a
// button, is refused as not ours, with nothing changed.
func TestForgedSelectValues(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	tok := kit.Token{Ver: h.state(id).Version}.String()
	host := players[0]
	values := []string{
		"ta:" + id + ":yes", "ta:" + id + ":no",
		"tdef:" + id + ":" + tok + ":0",
		"tsub:" + id + ":1:" + players[1] + ":500000000000000004:Newcomer",
		"tl:" + id + ":start", "tl:" + id + ":leave",
		"tre:" + id,
		"tsel:" + id + ":" + tok + ":0",
	}
	nested := map[string]bool{"tt": true, "tm": true, "tdd": true, "tinv": true}
	for kind := range routes {
		if !nested[kind] {
			values = append(values, kind+":"+id+":"+tok+":0")
		}
	}
	for _, v := range values {
		t.Run(v, func(t *testing.T) {
			defer nothingChanged(t, h, id)()
			refusedPrivately(t, h.clickForged(host, board.ID, false, "tsel:"+id+":"+tok+":0", v), "not one of ours")
		})
	}
}

// TestForgedBidForm: the bid form opens only for the seat whose bid it is,
// in an auction, with the range the bot offered; a tq made up with another
// range, or outside an auction, is refused.
func TestForgedBidForm(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	tq := func(seat, lo, hi int) string {
		return idString(kit.ID{Kind: "tq", Game: id, Tok: kit.Token{Ver: h.state(id).Version}, Rest: []string{fmt.Sprint(seat), fmt.Sprint(lo), fmt.Sprint(hi)}})
	}
	t.Run("outside an auction", func(t *testing.T) {
		defer nothingChanged(t, h, id)()
		refusedPrivately(t, h.clickForged(players[0], d.board.ID, false, tq(0, 1, 99)), "not one of ours")
	})
	var genuine uiComp
	d.playUntil("a bid form", func(b uiMsg) bool {
		for _, c := range b.all() {
			if strings.HasPrefix(c.CustomID, "tq:") {
				genuine = c
				return true
			}
		}
		return false
	})
	f := strings.Split(genuine.CustomID, ":")
	seat, lo, hi := f[3], f[4], f[5]
	var s, l, x int
	fmt.Sscan(seat, &s)
	fmt.Sscan(lo, &l)
	fmt.Sscan(hi, &x)
	for _, c := range []struct {
		name string
		id   string
	}{
		{"wider range", tq(s, 1, 99999)},
		{"lower minimum", tq(s, l-1, x)},
		{"higher maximum", tq(s, l, x+1)},
		{"another seat", tq((s+1)%3, l, x)},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer nothingChanged(t, h, id)()
			calls := h.clickForged(d.actor(), d.board.ID, false, c.id)
			r := mustPrivate(t, calls)
			if !strings.Contains(r.Content, "not one of ours") && !strings.Contains(r.Content, "not your turn") {
				t.Errorf("reply %q", r.Content)
			}
		})
	}
	t.Run("the offered form", func(t *testing.T) {
		defer nothingChanged(t, h, id)()
		calls := h.click(d.actor(), d.board.ID, false, genuine.CustomID)
		if len(calls) == 0 || !strings.Contains(string(calls[0].Body), `"type":9`) || !strings.Contains(string(calls[0].Body), "tb:") {
			t.Fatalf("the bot's own bid form did not open: %+v", calls)
		}
	})
}

package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// inLocale sets an interaction's user locale and, when given, its
// server's locale, as Discord sends them.
func inLocale(i map[string]any, locale, guildLocale string) map[string]any {
	i["locale"] = locale
	if guildLocale != "" {
		i["guild_locale"] = guildLocale
	}
	return i
}

// clickAs is h.click by a user whose Discord locale is locale.
func (h *harness) clickAs(locale, userID, msgID, customID string) []fakeCall {
	h.t.Helper()
	return h.send(inLocale(map[string]any{"type": 3, "member": member(userID, 0),
		"message": map[string]any{"id": msgID, "channel_id": testChannel, "flags": 0, "content": ""},
		"data":    map[string]any{"custom_id": customID, "component_type": 2}}, locale, ""))
}

// commandAs is h.command by a user in locale, in a server in guildLocale.
func (h *harness) commandAs(locale, guildLocale, userID string, perms int64, sub string, opts map[string]any) []fakeCall {
	h.t.Helper()
	return h.send(inLocale(commandInteraction(userID, perms, sub, opts), locale, guildLocale))
}

func wantText(t *testing.T, what, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("%s: %q lacks %q", what, got, w)
		}
	}
}

// TestPolishPrivateRefusals: at an English table, a user whose Discord
// locale is Polish gets the refusals any click can get in Polish, colours
// included; the game is unchanged.
func TestPolishPrivateRefusals(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	d.playUntil("an action turn", func(b uiMsg) bool { return has(b, "Pass") })
	pass, _ := d.board.button("Pass")
	ver := h.state(id).Version

	r := mustPrivate(t, h.clickAs("pl", "500000000000000099", d.board.ID, pass.CustomID))
	wantText(t, "not seated", r.Content, "Nie siedzisz przy tym stole")
	r = mustPrivate(t, h.clickAs("pl", d.other(), d.board.ID, pass.CustomID))
	wantText(t, "out of turn", r.Content, "To nie twoja kolej; teraz kolej: **")
	for _, en := range []string{"orange", "blue", "green", "nobody"} {
		if strings.Contains(r.Content, en) {
			t.Errorf("out of turn in Polish names %q: %q", en, r.Content)
		}
	}
	r = mustPrivate(t, h.sendForged(inLocale(clickInteraction(d.actor(), d.board.ID, false, "tt:"+id+":x:0/pass"), "pl", "")))
	wantText(t, "forged", r.Content, "Ten przycisk nie jest nasz")
	r = mustPrivate(t, h.sendForged(inLocale(clickInteraction(d.actor(), d.board.ID, false, "tt:"+id+":x:0/pass"), "en-GB", "")))
	wantText(t, "forged (en-GB)", r.Content, "That button is not one of ours")
	if v := h.state(id).Version; v != ver {
		t.Fatalf("refused clicks changed the game: version %d → %d", ver, v)
	}
	old, actor := d.board, d.actor()
	d.turn()
	r = mustPrivate(t, h.clickAs("pl", actor, old.ID, pass.CustomID))
	wantText(t, "stale", r.Content, "Ta plansza jest już nieaktualna")
}

// TestPolishGuildLobby: a table opened from a Polish server has a Polish
// lobby; each player's private replies follow their own locale; the
// host changes the table's language with /tt settings language:, which
// shows the lobby again in it.
func TestPolishGuildLobby(t *testing.T) {
	h := newHarness(t)
	calls := h.commandAs("pl", "pl", players[0], 0, "new", map[string]any{"players": 3})
	posts := boardPosts(t, calls)
	if len(posts) != 1 {
		t.Fatalf("new: want 1 lobby post, got %d", len(posts))
	}
	lobby := posts[0]
	wantText(t, "lobby", lobby.Content, "— stół ", "gospodarz: <@"+players[0]+">", "1. pomarańczowy (P) <@",
		"2–3 osoby.", "Czekamy na co najmniej 2 osoby.")
	join, ok := lobby.button("Dołącz")
	if !ok {
		t.Fatalf("Polish lobby has no Dołącz button: %+v", lobby.all())
	}
	id := strings.Split(join.CustomID, ":")[1]
	if tb := h.table(id); tb.Notes.Settings.Lang != i18n.Polish {
		t.Fatalf("table language %q, want pl", tb.Notes.Settings.Lang)
	}
	wantText(t, "new reply", mustPrivate(t, calls).Content, "jesteś jego gospodarzem")
	wantText(t, "busy", mustPrivate(t, h.commandAs("pl", "pl", players[1], 0, "new", nil)).Content, "Na tym kanale jest już otwarty stół")

	// An English-speaking player joins: English reply, Polish lobby.
	calls = h.command(players[1], 0, "join", nil)
	wantText(t, "join reply", mustPrivate(t, calls).Content, "You joined the table.")
	var edited string
	for _, c := range calls {
		if c.Method == "PATCH" && c.Path == "/channels/"+testChannel+"/messages/"+lobby.ID {
			edited = decode(t, c, false).Content
		}
	}
	wantText(t, "lobby after join", edited, "2. niebieski (N) <@"+players[1]+">")
	wantText(t, "join again", mustPrivate(t, h.clickAs("pl", players[1], lobby.ID, join.CustomID)).Content, "Już siedzisz przy tym stole.")
	wantText(t, "non-host start", mustPrivate(t, h.clickAs("pl", players[1], lobby.ID, "tl:"+id+":start")).Content,
		"Grę może rozpocząć tylko gospodarz")

	// /tt settings language: host or admin only; the lobby follows.
	wantText(t, "settings by a guest", mustPrivate(t, h.commandAs("pl", "", players[1], 0, "settings", map[string]any{"language": "en"})).Content,
		"Język stołu może zmienić tylko gospodarz")
	calls = h.commandAs("pl", "", players[0], 0, "settings", map[string]any{"language": "en"})
	wantText(t, "settings reply", mustPrivate(t, calls).Content, "**Ustawienia stołu "+id+"**", "• Język stołu (posty publiczne i obrazki): angielski.")
	edited = ""
	for _, c := range calls {
		if c.Method == "PATCH" && c.Path == "/channels/"+testChannel+"/messages/"+lobby.ID {
			edited = decode(t, c, false).Content
		}
	}
	wantText(t, "lobby in English", edited, "— table "+id+", hosted by", "1. orange (O)", "The host or an admin can start.")
	calls = h.command(players[0], 0, "settings", map[string]any{"language": "pl"})
	wantText(t, "settings (en)", mustPrivate(t, calls).Content, "• Table language (public posts and pictures): Polish.")

	// The start: the lobby says so in Polish; the starter's reply is Polish.
	calls = h.commandAs("pl", "", players[0], 0, "start", nil)
	wantText(t, "start reply", mustPrivate(t, calls).Content, "Gra się rozpoczęła.")
	edited = ""
	for _, c := range calls {
		if c.Method == "PATCH" && c.Path == "/channels/"+testChannel+"/messages/"+lobby.ID {
			edited = decode(t, c, false).Content
		}
	}
	wantText(t, "started lobby", edited, "Gra rozpoczęta.")
	if h.table(id).Notes.Settings.Lang != i18n.Polish {
		t.Errorf("the start lost the table's language")
	}
}

// TestEnglishUnchanged: the converted messages render in English byte for
// byte as the literals they replaced.
func TestEnglishUnchanged(t *testing.T) {
	en := kit.English()
	tb := kit.Table{ID: "T1", Host: "7", MaxPlayers: 5, Seats: []kit.Seat{{UserID: "7"}, {UserID: "8"}}, RemindEvery: 12 * time.Hour}
	tb.Options = ttOpts(tinners.Options{Arsenic: true, Kickstarter: true})
	for _, c := range []struct{ got, want string }{
		{tt.ModulesIn(en, tt.Options(tb)), " Modules: Arsenic, Kickstarter pack."},
		{en.N("lobby_players_range", 5, kit.Args{"Min": 2}), fmt.Sprintf("%d–%d players.", 2, 5)},
		{en.N("lobby_players_range", 2, kit.Args{"Min": 2}), "2 players."},
		{i18n.Localizer("pl").N("lobby_players_range", 2, kit.Args{"Min": 2}), "2 osoby."},
		{en.N("lobby_waiting_for", 2, nil), fmt.Sprintf("Waiting for at least %d players.", 2)},
		{en.N("lobby_full", 4, nil), fmt.Sprintf("The table is full (%d players).", 4)},
		{en.N("new_seats_range", 4, kit.Args{"Title": "Coal Baron", "Min": 2}), "A Coal Baron table seats 2 to 4 players."},
		{kit.WhoIn(en, tb, []int{0, 1}), "**orange (O)** (<@7>), **blue (B)** (<@8>)"},
		{kit.WhoIn(en, tb, nil), "nobody"},
		{kit.SeatLabel(en, 4), "purple (P)"},
		{kit.HoursIn(en, time.Hour), "1 hour"}, {kit.HoursIn(en, 30*time.Hour), "30 hours"}, {kit.HoursIn(en, 72*time.Hour), "3 days"},
		{settingsText(en, tb, "7", kit.PlayerSettings{}), "**Table T1 settings**\n" +
			"• Reminders: after 12 hours, then twice as long each time (at most 2 days); after 3 unanswered the host is told.\n" +
			"• Deadline: none.\n• Your quiet hours: none (set with `/tt settings quiet:22-07`, in UTC).\n" +
			"• Your turn notices: the ping in this channel (`notify:dm` adds a direct message).\n" +
			"• Table language (public posts and pictures): English."},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
}

package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// noEnglish fails when text holds one of the English words of the admin
// messages (a slip of a message left unconverted on a Polish path).
func noEnglish(t *testing.T, what, text string, words ...string) {
	t.Helper()
	for _, w := range append(words, "orange", "blue", "green", "Table ", "table ", " the ") {
		if strings.Contains(text, w) {
			t.Errorf("%s: English %q in %q", what, w, text)
		}
	}
}

// TestPolishAdminLog: /tt log for a Polish user: the page's title, the
// colours in its lines and its buttons are Polish; the same page for an
// English user is as before.
func TestPolishAdminLog(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	_ = d
	r := mustPrivate(t, h.commandAs("pl", "", players[0], 0, "log", map[string]any{"round": 0}))
	wantText(t, "log setup", r.Content, "**Stół "+id+" — przygotowanie**")
	if _, ok := r.button("Przygotowanie"); !ok {
		t.Errorf("no Przygotowanie button: %+v", r.all())
	}
	if _, ok := r.button("Runda 1"); !ok {
		t.Errorf("no Runda 1 button: %+v", r.all())
	}
	wantText(t, "log colours", r.Content, "**pomarańczowy (P)** (")
	for _, en := range []string{"orange (O)", "blue (B)"} {
		if strings.Contains(r.Content, en) {
			t.Errorf("Polish log holds %q: %q", en, r.Content)
		}
	}
	r = mustPrivate(t, h.commandAs("pl", "", players[0], 0, "log", nil))
	wantText(t, "log round", r.Content, "**Stół "+id+" — runda 1** (", " wpis")
	r = mustPrivate(t, h.command(players[0], 0, "log", map[string]any{"round": 0}))
	wantText(t, "English log", r.Content, "**Table "+id+" — setup**")
	r = mustPrivate(t, h.command(players[0], 0, "log", nil))
	wantText(t, "English log round", r.Content, "**Table "+id+" — round 1** (", " line")
}

// TestPolishAdminReminder: at a Polish table the nudges and the host's
// ping are Polish, with Polish plural forms and the board's link.
func TestPolishAdminReminder(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	h.command(players[0], 0, "settings", map[string]any{"language": "pl"})
	waiting := d.actor()
	link := fmt.Sprintf("https://discord.com/channels/%s/%s/%s", testGuild, testChannel, d.board.ID)
	h.clock.Add(12 * time.Hour)
	p := wantPost(t, h.remindNow(), []string{waiting}, "⏰ Stół "+id+", teraz kolej: **", "twoja akcja (przypomnienie 1 z 3). Plansza: "+link)
	noEnglish(t, "nudge", p.Content, "reminder", "waiting")
	h.clock.Add(24 * time.Hour)
	h.remindNow()
	h.clock.Add(48 * time.Hour)
	h.remindNow()
	h.clock.Add(48 * time.Hour)
	p = wantPost(t, h.remindNow(), []string{players[0]}, "⚠️ <@"+players[0]+">, stół "+id+" utknął: **",
		"brak odpowiedzi na 3 przypomnienia (czas oczekiwania: 5 dni)", "`/tt zastępstwo`", "`/tt domyślny`", "`/tt przerwij`", link)
	noEnglish(t, "host ping", p.Content, "stalled", "reminders", "days")
}

// TestPolishAdminDefaultMove: the host's /tt default at a Polish table:
// the confirmation in the host's language, the announcement in the
// table's, and the notice kept for the player in the player's own.
func TestPolishAdminDefaultMove(t *testing.T) {
	h := newHarness(t)
	id, d := toActionTurn(t, h)
	h.command(players[0], 0, "settings", map[string]any{"language": "pl"})
	waiting := d.actor()
	// The waiting player's Discord is English: their notice is English.
	// (The table learns it from an interaction of theirs that writes.)
	h.commandAs("en-US", "", waiting, 0, "settings", map[string]any{"notify": "channel"})
	admin := "500000000000000077"
	h.clock.Add(12 * time.Hour) // an admin steps in after the reminder interval
	r := mustPrivate(t, h.commandAs("pl", "", admin, discordgo.PermissionManageGuild, "default", nil))
	wantText(t, "confirm", r.Content, "Wykonać teraz ruch domyślny za **", ": pasowanie? Zostanie to ogłoszone na kanale.")
	b, ok := r.button("Wykonaj ruch domyślny")
	if !ok {
		t.Fatalf("no confirm button: %+v", r.all())
	}
	calls := h.send(inLocale(map[string]any{"type": 3, "member": member(admin, discordgo.PermissionManageGuild),
		"message": map[string]any{"id": r.ID, "channel_id": testChannel, "flags": discordgo.MessageFlagsEphemeral, "content": ""},
		"data":    map[string]any{"custom_id": b.CustomID, "component_type": 2}}, "pl", ""))
	wantText(t, "played", mustPrivate(t, calls).Content, "Wykonano ruch domyślny za ", ": pasowanie.")
	var announced bool
	for _, p := range boardPosts(t, calls) {
		if strings.HasPrefix(p.Content, "⏭️ Stół "+id+": ruch domyślny za **gracza ") && strings.HasSuffix(p.Content, ", na polecenie <@"+admin+">: pasowanie.") {
			announced = true
		}
	}
	if !announced {
		t.Errorf("no Polish announcement among %+v", boardPosts(t, calls))
	}
	told := h.table(id).Notes.Told[waiting]
	if len(told) != 1 || told[0] != "At table "+id+", <@"+admin+"> played your default move: pass." {
		t.Errorf("notice for an English player: %q", told)
	}
}

// TestPolishAdminDM: a player whose Discord is Polish, at an English
// table, gets turn notices in Polish (their language is kept from their
// interaction at the table); the refusal notice follows it too.
func TestPolishAdminDM(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	x := players[1]
	wantText(t, "settings", mustPrivate(t, h.commandAs("pl", "", x, 0, "settings", map[string]any{"notify": "dm"})).Content, "wiadomość prywatna")
	if got := h.table(id).Notes.Settings.Langs[x]; got != "pl" {
		t.Fatalf("the player's language is %q, want pl", got)
	}
	n := h.fd.numCalls()
	d.turn()
	d.playUntil("a hand-off to "+x, func(b uiMsg) bool {
		return d.posted && b.AllowedMentions != nil && len(b.AllowedMentions.Users) > 0 && b.AllowedMentions.Users[0] == x
	})
	texts, _ := dmsTo(t, h.fd.callsSince(n), x)
	if len(texts) == 0 {
		t.Fatal("no DM")
	}
	last := texts[len(texts)-1]
	wantText(t, "DM", last, "🔔 Tinners' Trail, stół "+id+" na <#"+testChannel+"> — ", "\nPlansza: https://discord.com/channels/")
	if strings.Contains(last, "Your turn") || strings.Contains(last, "The board") || strings.Contains(last, "your ") {
		t.Errorf("DM in English: %q", last)
	}

	// The notice of a refused DM is kept in the player's language.
	h.inject(fakediscord.DiscordError("POST", "/channels/"+fakediscord.DMChannelID(x)+"/messages", 10, 403, discordgo.ErrCodeCannotSendMessagesToThisUser, "Cannot send messages to this user"))
	d.turn()
	d.playUntil("another hand-off to "+x, func(b uiMsg) bool {
		return d.posted && b.AllowedMentions != nil && len(b.AllowedMentions.Users) > 0 && b.AllowedMentions.Users[0] == x
	})
	told := h.table(id).Notes.Told[x]
	if len(told) == 0 || !strings.HasPrefix(told[len(told)-1], "Przy stole "+id+" Discord nie pozwolił mi wysłać ci wiadomości prywatnej") {
		t.Errorf("refusal notice: %q", told)
	}
}

// TestPolishAdminFailures: what Discord refused, told to a Polish user:
// the permission preflight names the permissions as Polish Discord does;
// a refused board post gives the reason as a whole Polish clause; the
// next user hears of the paused reminders in Polish, though the notes
// keep the reason in English.
func TestPolishAdminFailures(t *testing.T) {
	h := newHarness(t)
	i := inLocale(commandInteraction(players[0], 0, "new", map[string]any{"players": 3}), "pl", "")
	i["app_permissions"] = fmt.Sprint(allPerms &^ discordgo.PermissionAttachFiles &^ discordgo.PermissionEmbedLinks &^ discordgo.PermissionViewChannel)
	r := mustPrivate(t, h.send(i))
	wantText(t, "preflight", r.Content, "Nie mogę grać na tym kanale: brakuje mi tu uprawnień **Wyświetlanie kanałów**, **Załączanie plików** i **Osadzanie linków**",
		"Edytuj kanał → Uprawnienia")
	i = inLocale(commandInteraction(players[0], 0, "new", nil), "pl", "")
	i["app_permissions"] = fmt.Sprint(allPerms &^ discordgo.PermissionSendMessagesInThreads)
	i["channel"] = map[string]any{"id": testChannel, "type": 11}
	wantText(t, "thread preflight", mustPrivate(t, h.send(i)).Content, "Nie mogę grać w tym wątku: brakuje mi tu uprawnienia **Wysyłanie wiadomości w wątkach**")

	id, _ := openTable(t, h)
	h.inject(fakediscord.MissingPermissions("POST", "/channels/*/messages", 1))
	r = mustPrivate(t, h.commandAs("pl", "", players[1], 0, "board", nil))
	wantText(t, "board refused", r.Content, "Nie udało mi się opublikować tu planszy: Discord mi odmówił: brakuje mi uprawnienia na tym kanale",
		"Przypomnienia przy tym stole są wstrzymane")
	noEnglish(t, "board refused", r.Content, "Discord refused", "paused")
	if p := h.table(id).Notes.Paused; !strings.HasPrefix(p, "Discord refused me") {
		t.Errorf("the notes keep %q, want the English reason", p)
	}
	r = mustPrivate(t, h.commandAs("pl", "", players[2], 0, "log", nil))
	wantText(t, "paused note", r.Content, "Uwaga: przypomnienia przy tym stole są wstrzymane, bo nie mogłem tu pisać (Discord mi odmówił:")
	r = mustPrivate(t, h.command(players[2], 0, "log", nil))
	wantText(t, "paused note (en)", r.Content, "Note: this table's reminders are paused: I could not post here (Discord refused me:")
}

// TestPolishAdminStats: /tt stats and /tt leaderboard for a Polish user.
func TestPolishAdminStats(t *testing.T) {
	h := newHarness(t)
	r := mustPrivate(t, h.commandAs("pl", "", players[0], 0, "stats", nil))
	wantText(t, "no stats", r.Content, "<@"+players[0]+"> nie ma jeszcze na tym serwerze żadnej ukończonej gry.")
	id := tableVia(t, h, testGuild, testChannel, players[0], players[1])
	advance(t, h.m, id, func(s *tinners.State) bool { return s.Phase == tinners.PhaseOver })
	r = mustPrivate(t, h.commandAs("pl", "", players[0], 0, "stats", nil))
	wantText(t, "stats", r.Content, "**Statystyki <@"+players[0]+"> na tym serwerze**\nWszystkie gry: 1 gra, wygrane: ", "• gry 2-osobowe: 1 gra", "średni wynik ", ",0, średnie miejsce ", "`/tt ranking`",
		"Tinners' Trail: ranking ", " po 1 grze rankingowej")
	noEnglish(t, "stats", r.Content, "game", "won", "average", "rating")
	r = mustPrivate(t, h.commandAs("pl", "", players[0], 0, "leaderboard", nil))
	wantText(t, "leaderboard", r.Content, "Nikt na tym serwerze nie ma jeszcze 3 gier rankingowych w grze Tinners' Trail (2 osoby mają mniej).")
}

// TestPolishAdminRefusals: a refusal of each kind in the admin commands,
// for a Polish user; nothing English in them.
func TestPolishAdminRefusals(t *testing.T) {
	h := newHarness(t)
	pl := func(user, sub string, opts map[string]any) string {
		t.Helper()
		return mustPrivate(t, h.commandAs("pl", "", user, 0, sub, opts)).Content
	}
	stranger := "500000000000000009"
	for _, c := range []struct {
		user, sub string
		opts      map[string]any
		want      string
	}{
		{stranger, "games", nil, "Nie siedzisz przy żadnym trwającym stole na tym serwerze."},
		{stranger, "away", map[string]any{"hours": 5}, "Nie siedzisz przy żadnym otwartym stole na tym serwerze"},
		{stranger, "log", nil, "Nie ma tu stołu"},
	} {
		got := pl(c.user, c.sub, c.opts)
		wantText(t, c.sub, got, c.want)
	}
	// Discord's client sends no hours above the registered 720; a forged
	// request is refused by the bot (forged.go).
	forged := inLocale(commandInteraction(stranger, 0, "away", map[string]any{"hours": 1000}), "pl", "")
	wantText(t, "away hours:1000", mustPrivate(t, h.sendForged(forged)).Content, "`godziny:` przyjmuje liczbę całkowitą od 0 do 720")
	id, _ := openTable(t, h)
	for _, c := range []struct {
		user, sub string
		opts      map[string]any
		want      string
	}{
		{stranger, "remind", map[string]any{"hours": 5}, "Tylko gospodarz albo admin może zmienić przypomnienia."},
		{players[0], "remind", map[string]any{"hours": 6}, "przypomnienie co 6 godz."},
		{stranger, "abort", nil, "Stół może zakończyć tylko jego gospodarz (<@" + players[0] + ">)"},
		{players[0], "abort", nil, "Zakończyć stół " + id + " dla wszystkich?"},
		{players[1], "export", nil, "Zapis gry będzie dostępny, gdy gra się skończy"},
		{players[0], "board", map[string]any{"at": 1, "round": 1}, "Podaj `ruch:`"},
		{players[0], "board", map[string]any{"round": 4}, "Runda 4 przy stole " + id + " jeszcze się nie zaczęła"},
		{stranger, "hand", nil, "Nie siedzisz przy tym stole."},
		{stranger, "default", nil, "Ruch domyślny za gracza może wykonać tylko gospodarz (<@" + players[0] + ">)"},
		{players[0], "default", map[string]any{"seat": "mauve"}, "Przy tym stole nie ma miejsca \"mauve\""},
		{stranger, "substitute", map[string]any{"seat": "1", "user": userOpt(stranger)}, "Tylko gospodarz (<@" + players[0] + ">) albo admin może przekazać miejsce"},
		{players[0], "substitute", map[string]any{"seat": "9", "user": userOpt(stranger)}, "Przy tym stole nie ma miejsca \"9\""},
		{players[0], "substitute", map[string]any{"seat": "1", "user": userOpt(players[1])}, "<@" + players[1] + "> już gra przy tym stole jako niebieski (N)."},
		{players[0], "substitute", map[string]any{"seat": "1", "user": userOpt(stranger)}, "Przekazać miejsce gracza pomarańczowego (P) — od teraz zamiast <@" + players[0] + "> gra <@" + stranger + ">?"},
		{players[0], "substitute", map[string]any{"seat": "Niebieski", "user": userOpt(stranger)}, "Czas oczekiwania na ruch **gracza niebieskiego (N)** (<@" + players[1] + ">): 0 minut; pozostało: 6 godzin."},
		{players[0], "board", nil, "Plansza opublikowana."},
		{stranger, "stats", nil, "nie ma jeszcze na tym serwerze żadnej ukończonej gry"},
	} {
		got := pl(c.user, c.sub, c.opts)
		wantText(t, c.sub, got, c.want)
		noEnglish(t, c.sub, got, "Only", "Choose", "There is")
	}
	// Once the table has waited its reminder interval (6 h) for a seat,
	// the host may hand it over.
	h.clock.Add(6 * time.Hour)
	wantText(t, "substitute", pl(players[0], "substitute", map[string]any{"seat": "Niebieski", "user": userOpt(stranger)}),
		"Przekazać miejsce gracza niebieskiego (N) — od teraz zamiast <@"+players[1]+"> gra <@"+stranger+">?")
	// Discord sends no hours above the registered 168; the bot refuses a
	// forged one itself.
	forged = inLocale(commandInteraction(players[0], 0, "remind", map[string]any{"hours": 500}), "pl", "")
	wantText(t, "remind hours:500", mustPrivate(t, h.sendForged(forged)).Content, "`godziny:` przyjmuje liczbę całkowitą od 1 do 168")

	// A rule error's sentence comes from the catalogue in the clicker's
	// language; one without a message is said in general words.
	i := &discordgo.Interaction{Locale: discordgo.Polish}
	re := &engine.RuleError{Code: "x", Message: engine.Say("adm_not_started")}
	if got := h.m.ErrReply(i, "test", re).Reply.Content; got != "Gra na tym kanale jeszcze się nie zaczęła." {
		t.Errorf("rule error: %q", got)
	}
	re.Message = engine.Message{}
	if got := h.m.ErrReply(i, "test", re).Reply.Content; got != "Zasady nie pozwalają teraz na ten ruch." {
		t.Errorf("rule error without a message: %q", got)
	}
}

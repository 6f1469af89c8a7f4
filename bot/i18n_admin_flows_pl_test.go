package bot

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// englishOnly are the words of the English catalogue that the Polish one
// never uses (titles' proper names and shared words left out).
func englishOnly(t *testing.T) map[string]bool {
	t.Helper()
	wordRE := regexp.MustCompile(`\p{L}{4,}`)
	words := func(lang string) map[string]bool {
		ts, err := i18n.Templates(lang)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, forms := range ts {
			for _, f := range forms {
				f = regexp.MustCompile(`\{\{[^}]*\}\}`).ReplaceAllString(f, " ")
				for _, w := range wordRE.FindAllString(f, -1) {
					out[strings.ToLower(w)] = true
				}
			}
		}
		return out
	}
	en, pl := words(i18n.English), words(i18n.Polish)
	out := map[string]bool{}
	for w := range en {
		if !pl[w] {
			out[w] = true
		}
	}
	for _, w := range []string{"coal", "baron", "great", "card", "game", "tinners", "trail", "lord", "wallace", "discord", "json"} {
		delete(out, w)
	}
	return out
}

// callTexts are the texts a user reads in calls: contents, labels,
// placeholders, descriptions, titles.
func callTexts(calls []fakeCall) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if s, ok := e.(string); ok && (k == "content" || k == "label" || k == "placeholder" || k == "description" || k == "title") {
					out = append(out, s)
					continue
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	for _, c := range calls {
		var v any
		if json.Unmarshal(c.Body, &v) == nil {
			walk(v)
		}
	}
	return out
}

// TestPolishTableEveryAdminFlow plays every command and confirmation a
// table offers besides the game itself — settings, reminders, away, the
// lists, stats, logs, boards, rules, hand, export, undo, the default move,
// a substitute and the end of the table — as Polish members at a Polish
// Coal Baron table, and finds no English word in any reply or post.
func TestPolishTableEveryAdminFlow(t *testing.T) {
	h, _ := cbHarness(t)
	english := englishOnly(t)
	wordRE := regexp.MustCompile(`\p{L}{4,}`)
	check := func(what string, calls []fakeCall) {
		t.Helper()
		if len(calls) == 0 {
			t.Errorf("%s: no answer", what)
		}
		for _, s := range callTexts(calls) {
			s = regexp.MustCompile(`<[@#]\d+>|https?://\S+|\b[a-z0-9]{8}\b`).ReplaceAllString(s, " ")
			for _, w := range wordRE.FindAllString(s, -1) {
				if english[strings.ToLower(w)] {
					t.Errorf("%s: English %q in %q", what, w, s)
					break
				}
			}
		}
	}
	host, other := cbPlayers[0], cbPlayers[1]
	cmd := func(user, sub string, opts map[string]any) []fakeCall {
		t.Helper()
		calls := h.send(inLocale(commandInteraction(user, 0, sub, opts), "pl", "pl"))
		check("/tt "+sub+fmt.Sprint(opts), calls)
		return calls
	}
	// The lobby and the start.
	calls := cmd(host, "new", map[string]any{"game": "coalbaron", "players": 2})
	posts := boardPosts(t, calls)
	if len(posts) != 1 {
		t.Fatalf("new: %d posts", len(posts))
	}
	join, ok := posts[0].button("Dołącz")
	if !ok {
		t.Fatalf("the Polish lobby has no Dołącz button: %+v", posts[0].all())
	}
	id := strings.Split(join.CustomID, ":")[1]
	cmd(other, "join", nil)
	check("start", h.clickLoc("pl", host, posts[0].ID, false, "tl:"+id+":start"))
	if tl := h.table(id).Notes.Settings.Lang; tl != i18n.Polish {
		t.Fatalf("the table's language is %q", tl)
	}
	// Every command a member may give at a running table.
	for _, c := range []struct {
		user, sub string
		opts      map[string]any
	}{
		{host, "settings", nil}, {host, "settings", map[string]any{"quiet": "22-07"}}, {host, "settings", map[string]any{"notify": "dm"}},
		{host, "remind", map[string]any{"hours": 6}}, {host, "away", map[string]any{"hours": 24}}, {host, "away", map[string]any{"hours": 0}},
		{host, "games", nil}, {host, "history", nil}, {host, "stats", nil}, {host, "leaderboard", nil},
		{host, "me", nil}, {host, "me", map[string]any{"quiet": "22-07", "remind": 24, "notify": "dm"}}, {host, "me", map[string]any{"quiet": "7"}},
		{host, "log", nil}, {host, "board", nil}, {host, "board", map[string]any{"full": true}}, {host, "board", map[string]any{"at": 0}},
		{host, "rules", nil}, {host, "hand", nil}, {other, "hand", nil}, {host, "export", nil}, {host, "undo", nil},
		{cbOutsider, "default", nil}, {host, "default", nil},
	} {
		cmd(c.user, c.sub, c.opts)
	}
	// The default move, confirmed by the host once the table has waited.
	h.clock.Add(13 * time.Hour)
	r := mustPrivate(t, cmd(host, "default", nil))
	btn, ok := r.button("Zagraj ruch domyślny")
	if !ok {
		t.Fatalf("no Polish confirm button: %+v", r.all())
	}
	before := h.match(id).Version()
	calls = h.clickLoc("pl", host, r.ID, true, btn.CustomID)
	check("the default move confirmed", calls)
	if h.match(id).Version() <= before {
		t.Fatal("the default move was not played")
	}
	wantText(t, "the host's reply", mustPrivate(t, calls).Content, "Wykonano ruch domyślny za gracza ")
	var announced string
	for _, p := range boardPosts(t, calls) {
		if strings.HasPrefix(p.Content, "⏭️ ") {
			announced = p.Content
		}
	}
	wantText(t, "the announcement", announced, "ruch domyślny za **gracza ", "na polecenie <@"+host+">")
	// A substitute, confirmed.
	seat := h.match(id).ToAct()[0]
	r = mustPrivate(t, cmd(host, "substitute", map[string]any{"seat": fmt.Sprint(seat + 1), "user": userOpt(cbOutsider)}))
	wantText(t, "substitute", r.Content, "Przekazać miejsce gracza ")
	if btn, ok = r.button("Przekaż miejsce"); !ok {
		t.Fatalf("no Polish substitute button: %+v", r.all())
	}
	calls = h.clickLoc("pl", host, r.ID, true, btn.CustomID)
	check("the substitute confirmed", calls)
	wantText(t, "substituted", mustPrivate(t, calls).Content, "Miejsce gracza ")
	// The end of the table, confirmed by its host (the substitute, if the
	// host's seat was handed over).
	host = h.table(id).Host
	r = mustPrivate(t, cmd(host, "abort", nil))
	if btn, ok = r.button("Zakończ stół"); !ok {
		t.Fatalf("no Polish abort button: %q %+v", r.Content, r.all())
	}
	check("the table ended", h.clickLoc("pl", host, r.ID, true, btn.CustomID))
	cmd(host, "history", nil)
}

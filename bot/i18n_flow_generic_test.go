package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// The generic flow (Coal Baron) in Polish: the board, its buttons, the
// private step, the refusals and the final board speak Polish; the
// components still fit Discord's limits. The assertions are on the flow's
// own words (flow.*.toml), so they hold whether the engine's labels are
// English or Polish.

// clickLoc is a click (or a select pick) by a user in Discord locale loc.
func (h *harness) clickLoc(loc, userID, msgID string, ephemeral bool, customID string, values ...string) []fakeCall {
	h.t.Helper()
	flags := 0
	if ephemeral {
		flags = 64
	}
	data := map[string]any{"custom_id": customID, "component_type": 2}
	if len(values) > 0 {
		data["component_type"] = 3
		data["values"] = values
	}
	return h.send(inLocale(map[string]any{"type": 3, "member": member(userID, 0),
		"message": map[string]any{"id": msgID, "channel_id": testChannel, "flags": flags, "content": ""}, "data": data}, loc, ""))
}

// lacks fails when got contains any of the English phrases.
func lacks(t *testing.T, what, got string, english ...string) {
	t.Helper()
	for _, w := range english {
		if strings.Contains(got, w) {
			t.Errorf("%s has English %q: %q", what, w, got)
		}
	}
}

// flowEnglish are the flow's English words that must not reach a Polish
// player (engine labels aside).
var flowEnglish = []string{"**Done.**", "**Your move**", "— your turn: press", "Waiting for", "Now waiting for", " options.", " choices)",
	"Choose…", "More…", "Nothing was changed", "Final ranking", " points\n", "Tie-break", "Game over", "**Taken back.**", "Your hand", "Your board"}

// offeredPL is offered() on a Polish menu: its buttons and select options
// but Back (Wstecz).
func offeredPL(u uiMsg) [][2]string {
	back := i18n.Localizer(i18n.Polish).T("g_back", nil)
	var out [][2]string
	for _, c := range u.all() {
		switch {
		case c.Type == 2 && (strings.HasPrefix(c.CustomID, "gi:") || strings.HasPrefix(c.CustomID, "gm:")) && c.Label != back:
			out = append(out, [2]string{c.CustomID, ""})
		case c.Type == 3:
			for _, o := range c.Options {
				out = append(out, [2]string{c.CustomID, o.Value})
			}
		}
	}
	return out
}

// TestPolishCoalBaronTable opens a Coal Baron table from a Polish server
// and plays a few turns by Polish-speaking players: the board and its
// buttons are Polish, the private steps, replies and refusals too; a
// player whose Discord is English gets English replies at the same table.
func TestPolishCoalBaronTable(t *testing.T) {
	h, _ := cbHarness(t)
	calls := h.commandAs("pl", "pl", cbPlayers[0], 0, "new", map[string]any{"game": "coalbaron", "players": 2})
	lobby := boardPosts(t, calls)
	if len(lobby) != 1 {
		t.Fatalf("new: want 1 lobby post, got %d", len(lobby))
	}
	join, ok := lobby[0].button("Dołącz")
	if !ok {
		t.Fatalf("Polish lobby has no Dołącz button: %+v", lobby[0].all())
	}
	id := strings.Split(join.CustomID, ":")[1]
	h.commandAs("pl", "pl", cbPlayers[1], 0, "join", nil)
	calls = h.clickLoc("pl", cbPlayers[0], lobby[0].ID, false, "tl:"+id+":start")
	boards := boardPosts(t, calls)
	if len(boards) != 1 {
		t.Fatalf("start: want 1 board, got %d", len(boards))
	}
	board := boards[0]
	wantText(t, "first board", board.Content, "— twoja kolej (ruch 0): naciśnij **Graj**.", "\n• Gra się zaczyna.")
	lacks(t, "first board", board.Content, flowEnglish...)
	for _, label := range []string{"Graj", "Moja plansza", "Cofnij ruch"} {
		if _, ok := board.button(label); !ok {
			t.Fatalf("board lacks the %s button: %+v", label, board.all())
		}
	}
	play, _ := board.button("Graj")
	tok := strings.Split(play.CustomID, ":")[2]

	mt := h.match(id)
	seat := mt.ToAct()[0]
	me, other := cbPlayers[seat], cbPlayers[1-seat]

	// Refusals of the flow's own, in Polish, to selects forged on the
	// board (no step offered these values).
	forged := func(customID string, values ...string) []fakeCall {
		return h.sendForged(inLocale(clickInteraction(me, board.ID, false, customID, values...), "pl", ""))
	}
	wantText(t, "two values", mustPrivate(t, forged("gs:"+id+":"+tok+":0", "a:x", "a:y")).Content, "Wybierz jedną opcję.")
	wantText(t, "undo before moving", mustPrivate(t, h.commandAs("pl", "", me, 0, "undo", nil)).Content, "Nie masz ruchu do cofnięcia")
	wantText(t, "round:", mustPrivate(t, h.commandAs("pl", "", me, 0, "board", map[string]any{"round": 2})).Content, "W tej grze nie ma jeszcze czego pokazać dla `runda:2`: teraz trwa Zmiana 1.")
	// A move the rules refuse: the rule's sentence, then the step again.
	r := mustPrivate(t, forged("gs:"+id+":"+tok+":0", fmt.Sprintf("a:%d/w:l1:5", seat)))
	wantText(t, "rule refusal", r.Content, " Nic nie zostało zmienione.\n\n**Twój ruch**: ")
	lacks(t, "rule refusal", r.Content, flowEnglish...)
	if h.match(id).Version() != 0 {
		t.Fatal("a refused move changed the game")
	}
	r = mustPrivate(t, h.clickLoc("pl", other, board.ID, false, "gh:"+id))
	wantText(t, "hand", r.Content, "**Twoja plansza** (", ", Coal Baron: The Great Card Game; widzisz to tylko ty)")
	lacks(t, "hand", r.Content, "Your hand", "Your board", "only you see this", "orange", "blue")

	r = mustPrivate(t, h.commandAs("pl", "", me, 0, "log", nil))
	wantText(t, "log", r.Content, "**Stół "+id+" — dotychczasowy przebieg gry** (1 wiersz, najnowszy na końcu)\nJeszcze nic się nie wydarzyło.")

	// An English player at the Polish table: English private replies.
	r = mustPrivate(t, h.clickLoc("en-US", me, board.ID, false, play.CustomID))
	wantText(t, "English menu", r.Content, "**Your move**")

	// A few turns by Polish players.
	rnd := rand.New(rand.NewPCG(3, 5))
	undone := false
	for turn := 0; turn < 6; turn++ {
		mt := h.match(id)
		if mt.Result() != nil {
			break
		}
		seat := mt.ToAct()[0]
		uid := cbPlayers[seat]
		play, _ := board.button("Graj")
		menu := mustPrivate(t, h.clickLoc("pl", uid, board.ID, false, play.CustomID))
		for step := 0; ; step++ {
			if step > 100 {
				t.Fatalf("no end of turn after 100 clicks")
			}
			wantText(t, fmt.Sprintf("menu turn %d step %d board %s", turn, step, board.ID), menu.Content, "**Twój ruch**")
			lacks(t, "menu", menu.Content, flowEnglish...)
			opts := offeredPL(menu)
			if len(opts) == 0 {
				t.Fatalf("nothing offered: %q", menu.Content)
			}
			o := opts[rnd.IntN(len(opts))]
			var values []string
			if o[1] != "" {
				values = []string{o[1]}
			}
			calls := h.clickLoc("pl", uid, menu.ID, true, o[0], values...)
			reply := mustPrivate(t, calls)
			for _, p := range boardPosts(t, calls) {
				if p.hasButton("Graj") || p.hasButton("Rewanż") {
					board = p
					lacks(t, "board", p.Content, flowEnglish...)
					if p.hasButton("Play") || p.hasButton("My hand") || p.hasButton("My board") {
						t.Fatalf("a Polish board has English buttons: %+v", p.all())
					}
				}
			}
			for _, c := range calls {
				if c.Method == "PATCH" && strings.HasSuffix(c.Path, "/messages/"+board.ID) {
					u := decode(t, c, false)
					lacks(t, "edited board", u.Content, flowEnglish...)
					if len(u.Components) > 0 {
						u.ID = board.ID
						board = u
					}
				}
			}
			if strings.HasPrefix(reply.Content, "**Twój ruch**") {
				menu = reply
				continue
			}
			if !strings.HasPrefix(reply.Content, "**Gotowe.**") {
				t.Fatalf("reply: %q", reply.Content)
			}
			lacks(t, "reply", reply.Content, flowEnglish...)
			if undo, ok := reply.button("Cofnij ruch"); ok && !undone {
				calls = h.clickLoc("pl", uid, reply.ID, true, undo.CustomID)
				back := mustPrivate(t, calls)
				wantText(t, "undo", back.Content, "**Cofnięto.** Plansza jest taka, jak przed twoim ruchem.")
				lacks(t, "undo", back.Content, flowEnglish...)
				undone = true
				if strings.Contains(back.Content, "**Twój ruch**") {
					menu = back
					continue
				}
				break
			}
			if !hasSeat(h.match(id).ToAct(), seat) || h.match(id).Result() != nil {
				break
			}
			menu = reply
		}
	}
	if !undone {
		t.Error("no move was taken back in Polish")
	}
	// A past board, in the asker's language.
	r = mustPrivate(t, h.commandAs("pl", "", me, 0, "board", map[string]any{"at": 1}))
	wantText(t, "past board", r.Content, "**Stół "+id+" po ruchu 1 z ")
	if !r.hasButton("◀ poprzedni") || !r.hasButton("Przygotowanie") || !r.hasButton("Ostatni ruch") {
		t.Errorf("past board buttons: %+v", r.all())
	}
	lacks(t, "past board", r.Content, flowEnglish...)
	r = mustPrivate(t, h.command(me, 0, "board", map[string]any{"at": 0}))
	wantText(t, "past board (en)", r.Content, "**Table "+id+" at the setup**: move 0 of ")
}

func hasSeat(xs []int, k int) bool {
	for _, x := range xs {
		if x == k {
			return true
		}
	}
	return false
}

// TestPolishGenericDefault: /tt default at a Coal Baron table answers a
// Polish host and a Polish non-player in Polish: the refusals, the
// confirmation and its button, the stale confirmation.
func TestPolishGenericDefault(t *testing.T) {
	h, _ := cbHarness(t)
	id, _ := openCB(t, h, testChannel, 2)
	wantText(t, "a non-player's /tt default", mustPrivate(t, h.commandAs("pl", "", cbOutsider, 0, "default", nil)).Content,
		"Ruch domyślny za gracza może zagrać tylko gospodarz (<@"+cbPlayers[0]+">) lub admin (swój możesz zagrać sam).")
	wantText(t, "the host's /tt default too soon", mustPrivate(t, h.commandAs("pl", "", cbPlayers[0], 0, "default", nil)).Content,
		"odstęp przypomnień", "pozostało: 12 godzin")
	h.clock.Add(12 * time.Hour)
	r := mustPrivate(t, h.commandAs("pl", "", cbPlayers[0], 0, "default", nil))
	wantText(t, "confirm", r.Content, "Zagrać teraz ruch domyślny za **gracza ", "? Zostanie to ogłoszone na kanale.")
	lacks(t, "confirm", r.Content, "Play the default move", "orange", "blue")
	btn, ok := r.button("Zagraj ruch domyślny")
	if !ok {
		t.Fatalf("no Polish confirm button: %+v", r.all())
	}
	before := h.match(id).Version()
	h.clickLoc("pl", cbPlayers[0], r.ID, true, btn.CustomID)
	if h.match(id).Version() <= before {
		t.Fatal("the default move was not played")
	}
	wantText(t, "stale confirm", mustPrivate(t, h.clickLoc("pl", cbPlayers[0], r.ID, true, btn.CustomID)).Content,
		"Od twojego pytania gra poszła dalej; nic nie zostało zagrane.")
}

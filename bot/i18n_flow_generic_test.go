package bot

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
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
	"Choose…", "More…", "Nothing was changed", "Final ranking", " points\n", "Tie-break", "Game over", "**Taken back.**", "Your hand"}

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
	wantText(t, "first board", board.Content, "— twoja kolej: naciśnij **Graj**, aby zobaczyć swoje możliwości (Coal Baron: The Great Card Game, stół "+id+", ruch 0).", "Czekamy na: **")
	lacks(t, "first board", board.Content, flowEnglish...)
	for _, label := range []string{"Graj", "Moja ręka", "Cofnij mój ruch"} {
		if _, ok := board.button(label); !ok {
			t.Fatalf("board lacks the %s button: %+v", label, board.all())
		}
	}
	play, _ := board.button("Graj")
	tok := strings.Split(play.CustomID, ":")[2]

	mt := h.match(id)
	seat := mt.ToAct()[0]
	me, other := cbPlayers[seat], cbPlayers[1-seat]

	// Refusals of the flow's own, in Polish.
	wantText(t, "two values", mustPrivate(t, h.clickLoc("pl", me, "eph1", true, "gs:"+id+":"+tok+":0", "a:x", "a:y")).Content, "Wybierz jedną opcję.")
	wantText(t, "undo before moving", mustPrivate(t, h.commandAs("pl", "", me, 0, "undo", nil)).Content, "Nie masz ruchu do cofnięcia")
	wantText(t, "round:", mustPrivate(t, h.commandAs("pl", "", me, 0, "board", map[string]any{"round": 2})).Content, "W tej grze nie ma jeszcze czego pokazać dla `runda:2`: teraz trwa Zmiana 1.")
	// A move the rules refuse: the rule's sentence, then the step again.
	r := mustPrivate(t, h.clickLoc("pl", me, "eph1", true, "gs:"+id+":"+tok+":0", fmt.Sprintf("a:%d/w:l1:5", seat)))
	wantText(t, "rule refusal", r.Content, " Nic nie zostało zmienione.\n\n**Twój ruch**: ")
	lacks(t, "rule refusal", r.Content, flowEnglish...)
	if h.match(id).Version() != 0 {
		t.Fatal("a refused move changed the game")
	}
	r = mustPrivate(t, h.clickLoc("pl", other, board.ID, false, "gh:"+id))
	wantText(t, "hand", r.Content, "**Twoja ręka** (", ", Coal Baron: The Great Card Game; widzisz to tylko ty)")
	lacks(t, "hand", r.Content, "Your hand", "only you see this", "orange", "blue")

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
					if p.hasButton("Play") || p.hasButton("My hand") {
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
			if undo, ok := reply.button("Cofnij mój ruch"); ok && !undone {
				calls = h.clickLoc("pl", uid, reply.ID, true, undo.CustomID)
				back := mustPrivate(t, calls)
				wantText(t, "undo", back.Content, "**Cofnięte.** Plansza jest taka jak przed twoim ruchem.")
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

// TestGenericComponentsFitDiscordPolish is the Polish pass of
// TestGenericComponentsFitDiscordAndCoverLegal: at a Polish table, every
// board and every private menu of random Coal Baron play-outs fits
// Discord's limits with the Polish words, and offers exactly the legal
// actions; the final board is Polish.
func TestGenericComponentsFitDiscordPolish(t *testing.T) {
	m := bareMain(Config{Titles: engine.NewRegistry(tinners.Title, coalbaron.Title)})
	pl := i18n.Localizer(i18n.Polish)
	back := pl.T("g_back", nil)
	for n := 2; n <= 4; n++ {
		seed := uint64(n)
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			tb := randomTable(n)
			tb.Title = coalbaron.ID
			tb.Notes.Epoch = 1234567
			tb.Notes.Settings.Lang = i18n.Polish
			mt, err := coalbaron.Title.New(engine.Setup{NumSeats: n, Seed: 700 + seed})
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, 11))
			for step := 0; mt.Result() == nil; step++ {
				if step > 3000 {
					t.Fatal("no end")
				}
				tb.Notes.Pending = append(tb.Notes.Pending, LogLine{Text: strings.Repeat("{P0} did a long thing. ", 5)})
				bm := m.gboardMessage(tb, mt)
				checkMessageLimits(t, "board", bm)
				wantText(t, "board", bm.Content, "— twoja kolej: naciśnij **Graj**", "Czekamy na: **")
				seat := mt.ToAct()[0]
				legal := mt.Legal(seat)
				want := menuWant(mt, legal) // identical options merged
				got := map[string]bool{}
				var walk func(path []int, page int, depth int)
				walk = func(path []int, page int, depth int) {
					where := fmt.Sprintf("%dp v%d seat %d menu %v~%d", n, mt.Version(), seat, path, page)
					if depth > 8 {
						t.Fatalf("%s: the menu does not end", where)
					}
					msg := m.gmenu(pl, tb, mt, seat, path, page)
					if msg == nil {
						t.Fatalf("%s: no menu", where)
					}
					checkMessageLimits(t, where, *msg)
					if !strings.HasPrefix(msg.Content, "**Twój ruch**") {
						t.Fatalf("%s: %q", where, msg.Content)
					}
					lacks(t, where, msg.Content, flowEnglish...)
					for _, row := range msg.Components {
						for _, c := range row.(discordgo.ActionsRow).Components {
							switch c := c.(type) {
							case discordgo.Button:
								f := strings.Split(c.CustomID, ":")
								switch f[0] {
								case "gi":
									k, _ := strconv.Atoi(f[3])
									got[legal[k].String()] = true
								case "gm":
									if c.Label == back {
										continue
									}
									p, pg, ok := parsePath(f[3])
									if !ok {
										t.Fatalf("%s: bad path %q", where, f[3])
									}
									walk(p, pg, depth+1)
								}
							case discordgo.SelectMenu:
								if !strings.HasPrefix(c.Placeholder, "Wybierz…") {
									t.Fatalf("%s: placeholder %q", where, c.Placeholder)
								}
								for _, o := range c.Options {
									if a, ok := strings.CutPrefix(o.Value, "a:"); ok {
										got[a] = true
										continue
									}
									if strings.Contains(o.Description, "choices") || o.Label == "More…" {
										t.Fatalf("%s: English option %+v", where, o)
									}
									p, pg, ok := parsePath(strings.TrimPrefix(o.Value, "m:"))
									if !ok {
										t.Fatalf("%s: bad value %q", where, o.Value)
									}
									walk(p, pg, depth+1)
								}
							}
						}
					}
				}
				walk(nil, 0, 0)
				if !maps.Equal(got, want) {
					t.Fatalf("%dp v%d seat %d: the menu offers %v, legal are %v", n, mt.Version(), seat, got, want)
				}
				a := legal[r.IntN(len(legal))]
				if mt, _, err = mt.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			final := m.gboardMessage(tb, mt)
			checkMessageLimits(t, "final board", final)
			wantText(t, "final board", final.Content, "**Koniec gry** — "+m.meta(tb).Name+", stół "+tb.ID+".", "**Wyniki końcowe:**", "1. **")
			lacks(t, "final board", final.Content, flowEnglish...)
			res := mt.Result()
			for place, k := range res.Ranking {
				line := pl.N("g_rank_line", res.Scores[k], args{"Place": place + 1, "Seat": seatRefShortIn(pl, tb, k)})
				if !strings.Contains(final.Content, line) || !strings.Contains(line, "punkt") {
					t.Errorf("final board lacks %q:\n%s", line, final.Content)
				}
			}
			if b := final.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.Button); b.Label != "Rewanż" {
				t.Errorf("final board's button %q", b.Label)
			}
			past := gpastMessage(pl, tb, strings.Repeat("N", 100), "", mt, nil, 999999, 999999)
			checkMessageLimits(t, "past board", past)
			wantText(t, "past board", past.Content, "**Stół "+tb.ID+" po ruchu 999999 z 999999**", "> (o tym ruchu nie ma nic jawnego do powiedzenia)", "**Wyniki końcowe:**")
		})
	}
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
	wantText(t, "confirm", r.Content, " — zagrać teraz ruch domyślny: ", "? Zostanie to ogłoszone na kanale.")
	lacks(t, "confirm", r.Content, "Play the default move", "orange", "blue")
	btn, ok := r.button("Zagraj ruch domyślny")
	if !ok {
		t.Fatalf("no Polish confirm button: %+v", r.all())
	}
	before := h.match(id).Version()
	h.clickLoc("pl", cbPlayers[0], "e1", true, btn.CustomID)
	if h.match(id).Version() <= before {
		t.Fatal("the default move was not played")
	}
	wantText(t, "stale confirm", mustPrivate(t, h.clickLoc("pl", cbPlayers[0], "e1", true, btn.CustomID)).Content,
		"Od twojego pytania gra poszła dalej; nic nie zostało zagrane.")
}

package bot

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestPolishHandoffReplies: at an English Tinners' Trail table, a player
// whose Discord is Polish gets the reply to their move, its Undo button,
// the undo and its refusals in Polish; the board stays English.
func TestPolishHandoffReplies(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	d.playUntil("an action turn", func(b uiMsg) bool { return has(b, "Pass") })
	pass, _ := d.board.button("Pass")
	actor := d.actor()

	calls := h.clickAs("pl", actor, d.board.ID, pass.CustomID)
	r := mustPrivate(t, calls)
	wantText(t, "reply", r.Content, "**Gotowe.**")
	lacks(t, "reply", r.Content, "**Done.**", "Now waiting for", "The game is over")
	wantText(t, "reply", r.Content, "\nTeraz kolej: **")
	for _, p := range boardPosts(t, calls) {
		lacks(t, "board", p.Content, "Teraz czekamy", "Gotowe")
	}
	undo, ok := r.button("Cofnij ruch")
	if !ok {
		t.Fatalf("the Polish reply has no Cofnij ruch button: %+v", r.all())
	}
	r = mustPrivate(t, h.clickLoc("pl", actor, r.ID, true, undo.CustomID))
	wantText(t, "undo", r.Content, "**Cofnięto.** Plansza jest taka, jak przed twoim ruchem.")
	r = mustPrivate(t, h.commandAs("pl", "", actor, 0, "undo", nil))
	wantText(t, "undo again", r.Content, "Nie masz ruchu do cofnięcia: od tego czasu zagrał inny gracz albo nie było jeszcze twojego ruchu.")
	r = mustPrivate(t, h.command(actor, 0, "undo", nil))
	wantText(t, "undo again (en)", r.Content, "There is no move of yours to take back: another player has acted since, or you have not moved.")
}

// TestPolishFinalBreakdownAndUndoSentences renders the final post's score
// breakdown and the undo refusals in Polish, with Polish plurals.
func TestPolishFinalBreakdownAndUndoSentences(t *testing.T) {
	pl := i18n.Localizer(i18n.Polish)
	tb := randomTable(3)
	v := tinners.PublicView{Result: &tinners.Result{Ranking: []int{2, 0, 1}}, Seats: make([]tinners.SeatPublic, 3)}
	v.Seats[0].Money, v.Seats[1].Money, v.Seats[2].Money = 7, 0, 12
	points := [][]int{{1, 2, 3, 4}, {0, 0, 5, 1}, {10, 2, 2, 2}}
	got := tt.BreakdownText(pl, tb, v, points, []int{1, 3, 22})
	want := "**Szczegóły punktacji** (punkty w rundach · pozostałe pieniądze · wydobyta ruda):\n" +
		"zielony (Z): R1 10, R2 2, R3 2, R4 2 · £12 · 22 kostki\n" +
		"pomarańczowy (P): R1 1, R2 2, R3 3, R4 4 · £7 · 1 kostka\n" +
		"niebieski (N): R1 0, R2 0, R3 5, R4 1 · £0 · 3 kostki\n"
	if got != want {
		t.Errorf("Polish breakdown:\n%s\nwant\n%s", got, want)
	}
	if got := tt.BreakdownText(pl, tb, v, points, []int{5, 12, 0}); !strings.Contains(got, "5 kostek") || !strings.Contains(got, "12 kostek") || !strings.Contains(got, "0 kostek") {
		t.Errorf("Polish many form: %s", got)
	}
	for _, c := range []struct {
		err          error
		revealed     string
		want, wantEN string
	}{
		{kit.ErrUndoNothing, "flow_undo_revealed", "Nie da się tego cofnąć: nie ma nic do cofnięcia.", "You can't take that back: there is nothing to take back."},
		{kit.ErrUndoOther, "flow_undo_revealed", "Nie da się tego cofnąć: od tego czasu zagrał inny gracz.", "You can't take that back: another player has acted since."},
		{kit.ErrUndoRevealed, "flow_undo_revealed", "Nie da się tego cofnąć: od tego czasu odkryto coś ukrytego (kafelek, mapę geologiczną lub wynik rzutu kośćmi).",
			"You can't take that back: something hidden was revealed since (a tile, a survey card or the dice)."},
		{kit.ErrUndoRevealed, "g_undo_revealed", "Nie da się tego cofnąć: od tego czasu odkryto coś ukrytego (dobraną, podejrzaną lub przetasowaną kartę).",
			"You can't take that back: something hidden was revealed since (a card drawn, looked at or shuffled)."},
		{errors.New("other"), "g_undo_revealed", "Nie da się tego cofnąć: od tego czasu zagrał inny gracz albo odkryto coś ukrytego.",
			"You can't take that back: another player has acted or something hidden was revealed since."},
	} {
		if got := kit.UndoSentence(pl, c.err, c.revealed); got != c.want {
			t.Errorf("undo %v in Polish: %q", c.err, got)
		}
		if got := kit.UndoSentence(kit.English(), c.err, c.revealed); got != c.wantEN {
			t.Errorf("undo %v in English: %q", c.err, got)
		}
	}
}

// TestFlowEnglishUnchanged: the flow's messages render in English byte
// for byte as the literals they replaced, and its seat names as the
// English helpers' (text.go).
func TestFlowEnglishUnchanged(t *testing.T) {
	en := kit.English()
	tb := randomTable(4)
	for _, c := range []struct{ got, want string }{
		{en.T("g_ask", kit.Args{"Who": "<@1>", "Game": "Coal Baron", "Table": "t1", "Move": 12}),
			fmt.Sprintf("%s — your turn (move %d): press **Play**.", "<@1>", 12)},
		{en.T("g_ask_several", kit.Args{"Who": "<@1>, <@2>", "Game": "Coal Baron", "Table": "t1", "Move": 0}),
			"<@1>, <@2> — your turn (move 0): press **Play**."},
		{en.T("g_game_over", kit.Args{"Game": "Coal Baron", "Table": "t1"}), "**Game over** — Coal Baron (t1)."},
		{en.N("g_rank_line", 1, kit.Args{"Place": 2, "Seat": "**orange (O)** <@1>"}), "2. **orange (O)** <@1> — 1 point"},
		{en.N("g_rank_line", 17, kit.Args{"Place": 1, "Seat": "X"}), "1. X — 17 points"},
		{en.T("g_tie_break", kit.Args{"Rule": "Tied on 5 VP: a shared win."}), "Tie-break: Tied on 5 VP: a shared win.."},
		{en.T("flow_waiting_for", kit.Args{"Who": "nobody"}), "Waiting for nobody."},
		{en.T("flow_now_waiting_for", kit.Args{"Who": "nobody"}), "Now waiting for nobody."},
		{en.T("g_only_option", kit.Args{"Seat": "S", "Move": "End your turn"}), "(S had only one option, taken for them: End your turn)"},
		{en.T("flow_only_option", kit.Args{"Seat": "S", "Move": tt.KindWordsIn(en, tinners.ActDrop)}), "(S had only one option, taken for them: drop out of the auction.)"},
		{en.T("flow_order_made_bid", kit.Args{"Amount": 4}), "(Your standing order made this move: a bid of £4.)"},
		{en.T("flow_order_set", kit.Args{"Max": 9}), "Standing order: when your turn comes I bid for you the minimum needed, up to £9; above that you drop out."},
		{en.T("flow_refused", kit.Args{"Refusal": "Not enough money."}), "Not enough money. Nothing was changed."},
		{en.T("g_your_move_only", nil), "**Your move**: your only option."},
		{en.T("g_your_move_only_in", kit.Args{"Path": "a › b"}), "**Your move** — a › b: your only option."},
		{en.N("g_your_move_options", 3, nil), "**Your move**: 3 options."},
		{en.N("g_your_move_options_in", 2, kit.Args{"Path": "a"}), "**Your move** — a: 2 options."},
		{en.N("g_choices", 4, nil), "4 choices"},
		{en.N("g_menu_more", 1, nil), "… and 1 more in the menu."},
		{en.T("g_choose_range", kit.Args{"From": 26, "To": 50}), "Choose… (26–50)"},
		{en.N("g_log_head", 1, kit.Args{"Table": "t1"}), "**Table t1 — the game so far** (1 line, newest last)"},
		{en.T("g_hand_head", kit.Args{"Seat": "orange (O)", "Game": "G"}), "**Your hand** (orange (O), G; only you see this)"},
		{en.T("g_default_confirm", kit.Args{"Seat": "S", "Move": "pass"}), "Play the default move for S now: pass? It is announced in the channel."},
		{en.T("g_default_none", kit.Args{"Game": "G"}), "G names no default moves; `/tt substitute` another member into the seat instead."},
		{en.T("g_past_setup_head", kit.Args{"Table": "t1", "Total": 40, "Game": "G"}), "**Table t1 at the setup**: move 0 of 40 (G; only you see this)"},
		{en.T("g_past_head", kit.Args{"Table": "t1", "At": 3, "Total": 40, "Game": "G"}), "**Table t1 after move 3 of 40** (G; only you see this)"},
		{en.N("flow_ore_cubes", 1, nil), tt.Plural(1, "cube", "cubes")},
		{en.N("flow_ore_cubes", 0, nil), tt.Plural(0, "cube", "cubes")},
		{en.N("flow_history_head", 1, nil), "**Finished tables in this channel** (1, newest first)"},
		{en.N("flow_history_older", 3, nil), "… and 3 older (`/tt export game:` still has them)."},
		{en.T("flow_history_entry", kit.Args{"Table": "t1", "Game": "G"}), "• Table t1 — G"},
		{en.T("flow_rematch_of", kit.Args{"Table": "t1"}), "🔁 Rematch of table t1."},
		{en.T("flow_rematch_failed", nil), "I could not post the rematch in this channel: %s. Nothing was opened; once that is fixed, press Rematch again."},
		{en.T("g_board_failed", nil), "I could not post the board here: %s. Nothing in the game changed; use `/tt board` again once that is fixed."},
		{strings.Join(kit.SeatNamesIn(en, tb, nil), "|"), strings.Join(seatNames(tb), "|")},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
	for k := -1; k <= len(tb.Seats); k++ {
		if a, b := kit.SeatRefIn(en, tb, nil, k), seatRef(tb, k); a != b {
			t.Errorf("seat %d: %q, seatRef %q", k, a, b)
		}
		if a, b := kit.SeatRefShortIn(en, tb, nil, k), seatRefShort(tb, k); a != b {
			t.Errorf("seat %d: %q, seatRefShort %q", k, a, b)
		}
	}
	// A label's messages, in the reader's language.
	lab := engine.Label{PathMessages: []engine.Message{engine.Say("flow_move_pass"), engine.Say("cb_label_dock", "Dock", 2)}, LineMessage: engine.Say("g_more")}
	pl := i18n.Localizer(i18n.Polish)
	if gen.PathWord(pl, lab, 0) != "pasowanie" || gen.PathWord(en, lab, 1) != "Dock 2" || gen.LabelLine(pl, lab) != "Więcej…" || gen.LabelLine(en, lab) != "More…" {
		t.Errorf("labels: %q %q %q %q", gen.PathWord(pl, lab, 0), gen.PathWord(en, lab, 1), gen.LabelLine(pl, lab), gen.LabelLine(en, lab))
	}
}

// TestGenericPicturesInTableLanguage: the generic flow's pictures get the
// table's language (imaging.Options.Words).
func TestGenericPicturesInTableLanguage(t *testing.T) {
	tb := randomTable(2)
	if got := gen.PictureOptions(tb, nil).T(engine.Say("g_more"), "More…"); got != "More…" {
		t.Errorf("English table: %q", got)
	}
	tb.Notes.Settings.Lang = i18n.Polish
	o := gen.PictureOptions(tb, nil)
	if got := o.T(engine.Say("g_more"), "More…"); got != "Więcej…" {
		t.Errorf("Polish table: %q", got)
	}
	if got := o.T(engine.Say("no_such_id"), "As drawn"); got != "As drawn" {
		t.Errorf("unknown message: %q", got)
	}
	if len(o.Names) != 2 {
		t.Errorf("names: %v", o.Names)
	}
}

// TestPolishHistoryAndRematch: after a game, /tt history and the Rematch
// button answer a Polish user in Polish; the rematch's post follows the
// table's language (English here).
func TestPolishHistoryAndRematch(t *testing.T) {
	h := newHarness(t)
	lobby := boardPosts(t, h.command(players[0], 0, "new", map[string]any{"players": 2}))[0]
	join, _ := lobby.button("Join")
	id := strings.Split(join.CustomID, ":")[1]
	h.command(players[1], 0, "join", nil)
	board := boardPosts(t, h.command(players[0], 0, "start", nil))[0]
	// Before the end there is no Rematch button: it is forged on the board.
	early := h.sendForged(inLocale(clickInteraction(players[0], board.ID, false, "tre:"+id), "pl", ""))
	wantText(t, "rematch too early", mustPrivate(t, early).Content, "Ta gra jeszcze się nie skończyła.")
	final := finishThroughBot(t, h, id)
	re := rematchID(t, final)

	r := mustPrivate(t, h.commandAs("pl", "", players[1], 0, "history", nil))
	wantText(t, "history", r.Content, "**Skończone gry na tym kanale** (1, od najnowszej)\n• Stół "+id+" — Tinners' Trail (2026-03-01): 1. ",
		" — `/tt eksport gra:"+id+"`\n", "Wybierz stół poniżej, aby zobaczyć tutaj jego planszę końcową")
	lacks(t, "history", r.Content, "Finished tables", "• Table ", "Pick a table")

	wantText(t, "an onlooker's rematch", mustPrivate(t, h.clickAs("pl", "500000000000000009", final.ID, re)).Content,
		"Rewanż mogą zarządzić tylko gracze ze stołu "+id+"; `/tt nowa` otwiera stół dla każdego.")
	calls := h.clickAs("pl", players[1], final.ID, re)
	r = mustPrivate(t, calls)
	wantText(t, "rematch", r.Content, "Rewanż: stół ", " jest otwarty z tymi samymi graczami; jesteś jego gospodarzem.")
	posts := boardPosts(t, calls)
	if len(posts) != 1 || !strings.HasPrefix(posts[0].Content, "🔁 Rematch of table "+id+".\n") {
		t.Fatalf("the rematch post of an English table: %+v", posts)
	}
	wantText(t, "a second rematch", mustPrivate(t, h.clickAs("pl", players[0], final.ID, re)).Content,
		"Na tym kanale jest już otwarty stół; dokończcie go przed rewanżem.")
}

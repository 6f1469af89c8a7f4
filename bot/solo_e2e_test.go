package bot

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// openSolo runs /tt new players:1 (with extra options) as players[0],
// checks the solo lobby and its refusals, chooses difficulty (the select's
// values, none for the standard game) and starts. It returns the game ID
// and the first board.
func openSolo(t *testing.T, h *harness, opts map[string]any, difficulty []string) (string, uiMsg) {
	t.Helper()
	host, other := players[0], players[1]
	o := map[string]any{"players": 1}
	for k, v := range opts {
		o[k] = v
	}
	calls := h.command(host, 0, "new", o)
	posts := boardPosts(t, calls)
	if len(posts) != 1 {
		t.Fatalf("new: want 1 lobby post, got %d", len(posts))
	}
	lobby := posts[0]
	if r := mustPrivate(t, calls); !strings.Contains(r.Content, "solo table") || !strings.Contains(r.Content, "Lord Wallace") {
		t.Errorf("new reply: %q", r.Content)
	}
	if !strings.Contains(lobby.Content, "against Lord Wallace") || !strings.Contains(lobby.Content, "difficulty: none") {
		t.Errorf("solo lobby:\n%s", lobby.Content)
	}
	if lobby.hasButton("Join") {
		t.Error("a solo lobby offers Join")
	}
	start, ok := lobby.button("Start")
	if !ok || start.Disabled {
		t.Fatalf("the solo lobby cannot be started at once: %+v", lobby.all())
	}
	id := strings.Split(start.CustomID, ":")[1]
	var sel uiComp
	for _, c := range lobby.all() {
		if c.CustomID == "tdiff:"+id {
			sel = c
		}
	}
	if len(sel.Options) != len(tt.DifficultyChoices()) {
		t.Fatalf("difficulty select: %+v", sel)
	}

	// Nobody else joins, by command or by a forged button.
	for _, calls := range [][]fakeCall{h.command(other, 0, "join", nil), h.clickForged(other, lobby.ID, false, "tl:"+id+":join")} {
		if r := mustPrivate(t, calls); !strings.Contains(r.Content, "solo game") || !strings.Contains(r.Content, "nobody can join") {
			t.Errorf("join at a solo table: %q", r.Content)
		}
	}
	// The difficulty select: the host only, known values only, one of
	// the two "More mines".
	refusals := []struct {
		who    string
		values []string
		want   string
	}{
		{other, []string{"deep-pockets"}, "Only the host"},
		{host, []string{"deep-pockets", "invincible"}, "not one of ours"},
		{host, []string{"arsenic"}, "not one of ours"},
		{host, []string{"deep-pockets", "deep-pockets"}, "not one of ours"},
		{host, []string{"more-mines", "more-mines=2"}, "not both"},
	}
	for _, r := range refusals {
		click := h.click
		if r.want == "not one of ours" {
			click = h.clickForged // values the select does not offer, or one twice
		}
		calls := click(r.who, lobby.ID, false, "tdiff:"+id, r.values...)
		if rep := mustPrivate(t, calls); !strings.Contains(rep.Content, r.want) {
			t.Errorf("difficulty %v by %s: %q, want %q", r.values, r.who, rep.Content, r.want)
		}
		if tb := h.table(id); tt.Setup(tb).Difficulty() {
			t.Fatalf("a refused choice changed the options: %+v", tb.Options)
		}
	}
	if r := mustPrivate(t, h.clickForged(players[2], lobby.ID, false, "tdiff:other", "deep-pockets")); !strings.Contains(r.Content, "not one of ours") {
		t.Errorf("difficulty select of an unknown table: %q", r.Content)
	}
	if len(difficulty) > 0 {
		calls := h.click(host, lobby.ID, false, "tdiff:"+id, difficulty...)
		edited := false
		for _, c := range calls {
			if c.Method == "PATCH" && c.Path == "/channels/"+testChannel+"/messages/"+lobby.ID {
				u := decode(t, c, false)
				edited = true
				for _, k := range difficulty {
					if !strings.Contains(u.Content, difficultyLabel(k)) {
						t.Errorf("the lobby does not list %s:\n%s", k, u.Content)
					}
				}
			}
		}
		if !edited {
			t.Fatal("choosing the difficulty did not edit the lobby")
		}
		want, _ := tinners.ParseOptions(strings.Join(difficulty, ","))
		if got := tt.Setup(h.table(id)); !slices.Equal(got.DifficultyKeys(), want.DifficultyKeys()) {
			t.Fatalf("options after the select: %+v", got)
		}
	}
	if r := mustPrivate(t, h.click(other, lobby.ID, false, "tl:"+id+":start")); !strings.Contains(r.Content, "Only the host") {
		t.Errorf("non-host start: %q", r.Content)
	}
	calls = h.click(host, lobby.ID, false, "tl:"+id+":start")
	posts = boardPosts(t, calls)
	if len(posts) != 1 {
		t.Fatalf("start: want 1 board, got %d", len(posts))
	}
	if u := posts[0].AllowedMentions; u == nil || len(u.Users) != 0 {
		t.Errorf("the first board pings %v; the host who started it is the only player", u)
	}
	s := h.state(id)
	if s.NumSeats != 1 || s.Solo == nil {
		t.Fatalf("the game started with %d seats, solo %v", s.NumSeats, s.Solo != nil)
	}
	if len(difficulty) > 0 && !s.Options.Difficulty() {
		t.Fatalf("the difficulty did not reach the engine: %+v", s.Options)
	}
	return id, posts[0]
}

// playSolo plays a solo game to the end with the e2e driver and checks,
// after every interaction, the solo promises: posts ping nobody but the
// player and never right after the player's own click; an interaction in
// which Lord Wallace moved posts his whole account (every card he drew)
// in one public message, named Lord Wallace; nothing secret of his is
// shown; a non-player's click is refused.
func playSolo(t *testing.T, h *harness, id string, board uiMsg) *driver {
	t.Helper()
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	accounts, refusedOther, auctions, whole := 0, false, 0, 0
	seen := 0 // log lines of the state before the step
	for !strings.Contains(d.board.Content, "Game over") {
		if d.steps > 3000 {
			t.Fatalf("no end in 3000 interactions; board:\n%s", d.board.Content)
		}
		if !refusedOther && d.steps > 5 {
			// Someone not at the table presses the board's first button.
			if b, ok := firstButtonOnly(d.board); ok {
				refusedOther = true
				r := mustPrivate(t, h.click(players[2], d.board.ID, false, b.CustomID))
				if !strings.Contains(r.Content, "not seated") && !strings.Contains(r.Content, "not playing") {
					t.Errorf("a non-player's click: %q", r.Content)
				}
			}
		}
		if strings.Contains(d.board.Content, "— your bid in ") {
			auctions++
		}
		before := h.state(id)
		seen = len(before.Log)
		n := h.fd.numCalls()
		d.turn()
		calls := h.fd.callsSince(n)
		after := h.state(id)
		var wallace, wallaceLines []string // his lines as a turn tells them, and whole
		cards := 0
		logged := ttLog(after)
		for k := min(seen, len(after.Log)); k < len(logged); k++ {
			l := logged[k]
			if strings.HasPrefix(l, "Lord Wallace reveals action card") {
				cards++
			}
			// What he did, as a turn's line tells it (kit.LogLine.SayTurn);
			// his card draws and dice are procedure the picture and /tt log
			// show (issue 37: a turn is a line).
			if strings.HasPrefix(l, "Lord Wallace ") && !strings.Contains(l, "reveals action card") && !strings.Contains(l, "Lord Wallace rolls ") &&
				!strings.Contains(l, "draws another card") && !strings.Contains(l, "action deck is empty") && l != "Lord Wallace wins." {
				wallace = append(wallace, kit.LogLine{Text: after.Log[k], Message: after.LogMessage(k)}.SayTurn(i18n.Localizer(i18n.English)))
				wallaceLines = append(wallaceLines, l)
			}
		}
		posts := boardPosts(t, calls)
		for _, p := range posts {
			if p.AllowedMentions == nil {
				t.Fatalf("post without allowed mentions: %s", p.Content)
			}
			for _, u := range p.AllowedMentions.Users {
				if u != players[0] {
					t.Fatalf("a solo post pings %s:\n%s", u, p.Content)
				}
			}
			if len(p.AllowedMentions.Users) > 0 && d.clicker == players[0] && !isFinalPost(p.Content) {
				t.Fatalf("a post pings the player right after their own click:\n%s", p.Content)
			}
		}
		for _, c := range calls {
			body := string(c.Body)
			for _, bad := range []string{"Seat 2", "blue (B)", "**Blue**"} {
				if strings.Contains(body, bad) {
					t.Fatalf("%s %s names Lord Wallace %q: %s", c.Method, c.Path, bad, body)
				}
			}
		}
		if len(wallace) > 0 {
			// Everything he did in this interaction, in one public post
			// (or the board edited in place, when the player goes on).
			told := slices.Clone(posts)
			for _, c := range calls {
				if c.Method == "PATCH" && strings.HasPrefix(c.Path, "/channels/") && strings.Contains(string(c.Body), `"content"`) {
					told = append(told, decode(t, c, false))
				}
			}
			var post *uiMsg
			for k := range told {
				if strings.Contains(told[k].Content, "Lord Wallace") {
					post = &told[k]
				}
			}
			if post == nil {
				t.Fatalf("Lord Wallace did %d things but no post carries his account", len(wallace))
			}
			for _, l := range wallace {
				if !tells(post.Content, l, "Lord Wallace") && !strings.Contains(post.Content, "earlier: `/tt log`") && !strings.Contains(post.Content, "earlier turns: `/tt log`") && !strings.Contains(post.Content, "`/tt log`, last page") {
					t.Fatalf("the post lacks %q:\n%s", l, post.Content)
				}
			}
			accounts++
			if r, ok := privateReply(t, d.last); ok && !strings.Contains(r.Content, "Lord Wallace") {
				t.Fatalf("the player's reply lacks Lord Wallace's account:\n%s", r.Content)
			}
			if r, ok := privateReply(t, d.last); ok && r.hasButton("Undo my move") {
				t.Fatalf("Undo offered after Lord Wallace revealed cards:\n%s", r.Content)
			}
			if r, ok := privateReply(t, d.last); ok {
				if b, ok := r.button("The whole turn"); ok {
					// His turn in two lines; the button opens every line of it.
					whole++
					page := mustPrivate(t, h.click(players[0], r.ID, true, b.CustomID))
					all := page.Content
					for n := 0; ; n++ {
						later, ok := page.button("Later ▶")
						if !ok || later.Disabled || n > 10 {
							break
						}
						page = mustPrivate(t, h.click(players[0], page.ID, true, later.CustomID))
						all += "\n" + page.Content
					}
					for _, l := range wallaceLines { // "The whole turn" has his lines whole
						if !strings.Contains(all, "• "+l) {
							t.Fatalf("the whole turn lacks %q:\n%s", l, all)
						}
					}
					if !strings.Contains(r.Content, "plays ") || !strings.Contains(r.Content, "under “The whole turn”; the last:") {
						t.Fatalf("the reply does not sum up his turn:\n%s", r.Content)
					}
				} else if cards > 2 {
					t.Fatalf("%d of his cards told without the whole-turn button:\n%s", cards, r.Content)
				}
			}
		}
	}
	if !refusedOther {
		t.Error("no non-player click was tried")
	}
	if auctions == 0 {
		t.Error("the player never bid in an auction")
	}
	if whole == 0 {
		t.Error("no turn of Lord Wallace's was summed up with the whole-turn button")
	}
	if accounts < 10 {
		t.Errorf("only %d accounts of Lord Wallace's turns", accounts)
	}
	t.Logf("solo game over after %d interactions, %d accounts of Lord Wallace's turns, %d summed up", d.steps, accounts, whole)
	return d
}

// soloChecker adds Lord Wallace's hidden decks to the checker's secrets.
func soloSecrets(s *tinners.State) []string {
	var out []string
	if s.Solo == nil {
		return nil
	}
	for _, c := range s.Solo.Survey {
		out = append(out, tinners.Standard.Cards[c].String())
	}
	return out
}

// TestSoloGameEndToEnd opens a solo table (/tt new players:1), checks its
// lobby, and plays the whole game against Lord Wallace through the fake
// Discord: the final post says who won, with both scores.
func TestSoloGameEndToEnd(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h := newHarness(t)
	id, board := openSolo(t, h, nil, nil)
	d := playSolo(t, h, id, board)
	checkSoloFinal(t, h, id, d.board)
}

// TestSoloDifficultyAndModules plays a solo game with three difficulty
// options, Arsenic and the Kickstarter pack.
func TestSoloDifficultyAndModules(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h := newHarness(t)
	diff := []string{"deep-pockets", "more-mines=2", "shady-land-purchases"}
	id, board := openSolo(t, h, map[string]any{"arsenic": true, "kickstarter": true}, diff)
	s := h.state(id)
	if !s.Options.Arsenic || !s.Options.Kickstarter || !s.Options.DeepPockets || s.Options.MoreMines != 2 || !s.Options.ShadyLandPurchases {
		t.Fatalf("the game started with %+v", s.Options)
	}
	if !strings.Contains(board.Content, "Difficulty: More mines (+2), Deep pockets, Shady land purchases") {
		t.Errorf("the board does not show the difficulty:\n%s", board.Content)
	}
	d := playSolo(t, h, id, board)
	checkSoloFinal(t, h, id, d.board)
	if !strings.Contains(d.board.Content, "Difficulty: More mines (+2), Deep pockets") {
		t.Errorf("the final post does not show the difficulty:\n%s", d.board.Content)
	}
	// A rematch opens a solo lobby with the same difficulty and modules.
	re, ok := d.board.button("Rematch")
	if !ok {
		t.Fatal("no Rematch button")
	}
	posts := boardPosts(t, h.click(players[0], d.board.ID, false, re.CustomID))
	if len(posts) != 1 || !strings.Contains(posts[0].Content, "difficulty: More mines (+2), Deep pockets, Shady land purchases") ||
		!strings.Contains(posts[0].Content, "Modules: Arsenic, Kickstarter pack") || posts[0].hasButton("Join") {
		t.Errorf("rematch lobby: %+v", posts)
	}
}

// checkSoloFinal checks the final post of a solo game and the log.
func checkSoloFinal(t *testing.T, h *harness, id string, final uiMsg) {
	t.Helper()
	s := h.state(id)
	if s.Phase != tinners.PhaseOver || s.Result == nil {
		t.Fatalf("phase %v", s.Phase)
	}
	mine, his := s.Players[0].Points, s.Result.Wallace
	for _, want := range []string{"Game over", fmt.Sprintf("— %d points", mine), fmt.Sprintf("**Lord Wallace** — %d points", his), "Winner:"} {
		if !strings.Contains(final.Content, want) {
			t.Errorf("final post lacks %q:\n%s", want, final.Content)
		}
	}
	won := strings.Contains(final.Content, "you beat Lord Wallace")
	if won != (mine > his) || won != s.Result.Won {
		t.Errorf("final post (won %v) for %d against %d points:\n%s", won, mine, his, final.Content)
	}
	if tb := h.table(id); tb.Status != kit.StatusFinished {
		t.Errorf("status %v after the end", tb.Status)
	}
	logText := h.logBuf.String()
	for _, c := range tinners.Standard.Cards {
		if strings.Contains(logText, c.String()) {
			t.Errorf("the log names the survey card %q", c.String())
		}
	}
	// Every picture was drawn from a public view with his decks as sizes.
	h.mu.Lock()
	views := append([]tinners.PublicView(nil), h.views...)
	h.mu.Unlock()
	solo := 0
	for _, v := range views {
		if v.Solo != nil {
			solo++
			b, _ := json.Marshal(v.Solo)
			if strings.Contains(string(b), "Survey\":[") || strings.Contains(string(b), "Actions") {
				t.Fatalf("a picture's view carries his hidden decks: %s", b)
			}
		}
	}
	if solo == 0 {
		t.Error("no solo picture was drawn")
	}
}

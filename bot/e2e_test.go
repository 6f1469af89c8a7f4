package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"

	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

var players = []string{"500000000000000001", "500000000000000002", "500000000000000003"}

// openTable runs /tt new, two joins and start, and returns the game ID and
// the first board.
func openTable(t *testing.T, h *harness) (string, uiMsg) {
	t.Helper()
	calls := h.command(players[0], 0, "new", map[string]any{"players": 3})
	posts := boardPosts(t, calls)
	if len(posts) != 1 {
		t.Fatalf("new: want 1 lobby post, got %d", len(posts))
	}
	lobby := posts[0]
	join, ok := lobby.button("Join")
	if !ok {
		t.Fatalf("lobby has no Join button: %+v", lobby)
	}
	id := strings.Split(join.CustomID, ":")[1]
	if r := mustPrivate(t, calls); !strings.Contains(r.Content, "host") {
		t.Errorf("new reply: %q", r.Content)
	}
	// A second table in the same channel is refused.
	if r := mustPrivate(t, h.command(players[1], 0, "new", nil)); !strings.Contains(r.Content, "already open") {
		t.Errorf("second new: %q", r.Content)
	}
	calls = h.click(players[1], lobby.ID, false, join.CustomID)
	if !slices.ContainsFunc(calls, func(c fakeCall) bool {
		return c.Method == "PATCH" && c.Path == "/channels/"+testChannel+"/messages/"+lobby.ID && strings.Contains(string(c.Body), players[1])
	}) {
		t.Fatalf("join button did not update the lobby in place")
	}
	h.command(players[2], 0, "join", nil)
	if r := mustPrivate(t, h.click(players[1], lobby.ID, false, "tl:"+id+":start")); !strings.Contains(r.Content, "Only the host") {
		t.Errorf("non-host start: %q", r.Content)
	}
	calls = h.click(players[0], lobby.ID, false, "tl:"+id+":start")
	posts = boardPosts(t, calls)
	if len(posts) != 1 {
		t.Fatalf("start: want 1 board, got %d", len(posts))
	}
	return id, posts[0]
}

// checker verifies the privacy promises after every step.
type checker struct {
	t  *testing.T
	h  *harness
	id string
}

var bulletRE = regexp.MustCompile(`(?m)^• (.*?)(?: \(deck .*\))?$`)

func (c checker) check(calls []fakeCall) {
	t := c.t
	t.Helper()
	s := c.h.state(c.id)
	tb := c.h.table(c.id)
	names := seatNames(tb)
	public := publicText{}
	for _, l := range ttLog(s) {
		public.add(engine.FormatLine(l, names))
	}
	for k := range s.Log { // and as turn lines tell them (their short forms)
		public.add(engine.FormatLine(kit.LogLine{Text: s.Log[k], Message: s.LogMessage(k)}.SayTurn(i18n.Localizer(i18n.English)), names))
	}
	var secrets []string
	for _, a := range s.Areas {
		if a.HasTile && !a.FaceUp {
			secrets = append(secrets, tileWords(a.Tile))
		}
	}
	played := ""
	if s.Auction != nil && s.Auction.Card != tinners.NoCard {
		played = tinners.Standard.Cards[s.Auction.Card].String()
	}
	secrets = append(secrets, soloSecrets(s)...)
	for _, p := range s.Players {
		for _, id := range append(append([]int(nil), p.Hand...), p.Draft...) {
			if cs := tinners.Standard.Cards[id].String(); cs != played {
				secrets = append(secrets, cs)
			}
		}
	}
	for _, call := range calls {
		isPublic := strings.HasPrefix(call.Path, "/channels/")
		if !isPublic {
			c.checkPrivate(call, s, tb)
			continue
		}
		if call.Method == "GET" || call.Method == "DELETE" {
			continue // reads (after a failed write: did it land?) and deletions write nothing
		}
		u := decode(t, call, false)
		var rest []string
		for _, l := range strings.Split(u.Content, "\n") {
			if !public.has(strings.TrimPrefix(strings.TrimPrefix(l, "> "), "• ")) {
				rest = append(rest, l)
			}
		}
		text := strings.Join(rest, "\n")
		for _, sec := range secrets {
			if strings.Contains(text, sec) {
				t.Fatalf("public message reveals %q:\n%s", sec, u.Content)
			}
		}
		if u.AllowedMentions == nil || len(u.AllowedMentions.Parse) != 0 {
			t.Fatalf("public message may ping anyone: %s", call.Body)
		}
		for k, alt := range fakediscord.Descriptions(call.Body, len(call.Files)) {
			if call.Method == "POST" && !strings.Contains(alt, "the board after move") {
				t.Fatalf("picture %s posted without its alt text: %q", call.Files[k].Name, alt)
			}
			for _, sec := range secrets {
				if strings.Contains(alt, sec) {
					t.Fatalf("alt text reveals %q: %s", sec, alt)
				}
			}
		}
		for _, f := range call.Files {
			var v tinners.PublicView
			if err := json.Unmarshal(f.Data, &v); err != nil {
				t.Fatalf("posted picture %s: %v", f.Name, err)
			}
			for _, a := range v.Areas {
				if a.FaceDown && a.Tile != nil {
					t.Fatalf("picture %s drawn from a view showing face-down tile %s", f.Name, a.ID)
				}
			}
		}
	}
}

// checkPrivate: an ephemeral reply listing cards or seen tiles lists only
// its recipient's.
func (c checker) checkPrivate(call fakeCall, s *tinners.State, tb kit.Table) {
	t := c.t
	t.Helper()
	if !strings.HasPrefix(call.Path, "/webhooks/") {
		return
	}
	token := strings.Split(call.Path, "/")[3]
	c.h.mu.Lock()
	uid := c.h.users[token]
	c.h.mu.Unlock()
	u := decode(t, call, false)
	if call.Method == "POST" && u.Flags&64 == 0 {
		t.Fatalf("follow-up is not ephemeral: %s", call.Body)
	}
	seat := tb.SeatOf(uid)
	mine := map[string]bool{}
	if seat >= 0 {
		v := s.SeatView(seat)
		for _, cd := range append(append([]tinners.Card(nil), v.Hand...), v.Draft...) {
			mine[cd.String()] = true
		}
		for _, pk := range v.Peeked {
			mine[tt.AreaLabel(v.Edition(), pk.Area)+": "+tileWords(pk.Tile)] = true
		}
	}
	if !strings.Contains(u.Content, "only you see this") {
		return
	}
	for _, m := range bulletRE.FindAllStringSubmatch(u.Content, -1) {
		if !mine[m[1]] {
			t.Fatalf("private reply to %s (seat %d) lists %q, which is not theirs:\n%s", uid, seat, m[1], u.Content)
		}
	}
}

// driver plays the game by clicking what the bot offers.
type driver struct {
	t       *testing.T
	h       *harness
	c       checker
	board   uiMsg
	acted   map[string]int // user|round → actions this round
	raises  int
	usedBox bool
	steps   int
	rev     int        // counts board posts and edits in place
	posted  bool       // the last step posted a new board (not only an edit)
	clicker string     // who sent the last interaction
	last    []fakeCall // the calls of the last interaction
}

var askRE = regexp.MustCompile(`^<@(\d+)>`)

// actor is the first user the board's first line asks to act.
func (d *driver) actor() string {
	if m := askRE.FindStringSubmatch(d.board.Content); m != nil {
		return m[1]
	}
	d.t.Fatalf("the board asks nobody:\n%s", d.board.Content)
	return ""
}

var roundRE = regexp.MustCompile(`\*\*Round (\d)`)

// do sends one interaction, checks it, and follows a new board if one came.
func (d *driver) do(calls []fakeCall) []fakeCall {
	d.t.Helper()
	d.steps++
	d.last = calls
	d.c.check(calls)
	for _, c := range calls {
		if c.Method == "PATCH" && strings.HasPrefix(c.Path, "/webhooks/") || c.Method == "POST" && strings.HasPrefix(c.Path, "/webhooks/") {
			u := decode(d.t, c, false)
			if strings.Contains(u.Content, "Something went wrong") {
				d.t.Fatalf("internal error shown; log:\n%s", d.h.logBuf.String())
			}
		}
	}
	for _, c := range calls {
		// The board edited in place: same message, new text and buttons.
		if c.Method == "PATCH" && c.Path == "/channels/"+testChannel+"/messages/"+d.board.ID && strings.Contains(string(c.Body), `"content"`) {
			u := decode(d.t, c, false)
			u.ID, u.AllowedMentions = d.board.ID, nil
			d.board = u
			d.rev++
		}
	}
	d.posted = false
	// Boards are the posts with buttons, and the final one; an announcement
	// (a default move played by the host) is not a board.
	posts := slices.DeleteFunc(boardPosts(d.t, calls), func(u uiMsg) bool {
		return len(u.all()) == 0 && !strings.Contains(u.Content, "Game over")
	})
	if len(posts) > 0 {
		d.posted = true
		prev := d.board.ID
		d.board = posts[len(posts)-1]
		d.rev++
		retired := slices.ContainsFunc(calls, func(c fakeCall) bool {
			return c.Method == "PATCH" && strings.HasSuffix(c.Path, "/messages/"+prev) && strings.Contains(string(c.Body), `"components":[]`)
		})
		if !retired && !strings.Contains(d.board.Content, "Game over") {
			d.t.Fatalf("old board %s kept its buttons", prev)
		}
	}
	return calls
}

// pickSelect picks the first option of the first select, or the option
// whose label starts with prefer.
func (d *driver) pickSelect(user string, msg uiMsg, prefer ...string) []fakeCall {
	d.t.Helper()
	for _, p := range prefer {
		for _, c := range msg.all() {
			for _, o := range c.Options {
				if strings.HasPrefix(o.Label, p) {
					return d.do(d.h.click(user, msg.ID, true, c.CustomID, o.Value))
				}
			}
		}
	}
	for _, c := range msg.all() {
		if c.Type == 3 && len(c.Options) > 0 {
			return d.do(d.h.click(user, msg.ID, true, c.CustomID, c.Options[0].Value))
		}
	}
	d.t.Fatalf("no select in %+v", msg)
	return nil
}

// menu opens a board menu and follows its private steps, picking as told,
// until a board is posted.
func (d *driver) menu(user string, b uiComp, prefer ...string) {
	d.t.Helper()
	before := d.rev
	calls := d.do(d.h.click(user, d.board.ID, false, b.CustomID, b.picks()...))
	for range 5 {
		if d.rev != before {
			return
		}
		rep := mustPrivate(d.t, calls)
		if strings.Contains(rep.Content, "not available") {
			d.t.Fatalf("menu %s: %q", b.Label, rep.Content)
		}
		if btn, ok := firstButtonOnly(rep); ok {
			calls = d.do(d.h.click(user, rep.ID, true, btn.CustomID))
			continue
		}
		calls = d.pickSelect(user, rep, prefer...)
	}
	if d.rev == before {
		d.t.Fatalf("menu %s never changed the board", b.Label)
	}
}

// firstButtonOnly returns the first button of a message without selects.
func firstButtonOnly(u uiMsg) (uiComp, bool) {
	for _, c := range u.all() {
		if c.Type == 3 {
			return uiComp{}, false
		}
	}
	for _, c := range u.all() {
		if c.Type == 2 {
			return c, true
		}
	}
	return uiComp{}, false
}

func (d *driver) press(user, label string) bool {
	d.t.Helper()
	b, ok := d.board.button(label)
	if !ok {
		return false
	}
	before := d.rev
	calls := d.do(d.h.click(user, d.board.ID, false, b.CustomID, b.picks()...))
	if d.rev == before {
		r, _ := privateReply(d.t, calls)
		d.t.Fatalf("%s by %s changed no board; reply %q", label, user, r.Content)
	}
	return true
}

// pickOnBoard picks the first option of the board's select whose
// placeholder (or custom ID) the caller names by its first option's label prefix.
func (d *driver) pickOnBoard(user, optPrefix string) bool {
	d.t.Helper()
	for _, c := range d.board.all() {
		if c.Type != 3 {
			continue
		}
		for _, o := range c.Options {
			if strings.HasPrefix(o.Label, optPrefix) {
				before := d.rev
				calls := d.do(d.h.click(user, d.board.ID, false, c.CustomID, o.Value))
				if d.rev == before {
					r, _ := privateReply(d.t, calls)
					d.t.Fatalf("%q by %s changed no board; reply %q", o.Label, user, r.Content)
				}
				return true
			}
		}
	}
	return false
}

func (d *driver) hasOption(prefix string) bool {
	for _, c := range d.board.all() {
		for _, o := range c.Options {
			if strings.HasPrefix(o.Label, prefix) {
				return true
			}
		}
	}
	return false
}

func (d *driver) draft() {
	d.t.Helper()
	b, _ := d.board.button("Choose my survey cards")
	on := d.board.ID // the button's message, though a new board may follow
	var users []string
	if d.board.AllowedMentions != nil {
		users = append(users, d.board.AllowedMentions.Users...)
	}
	for _, m := range regexp.MustCompile(`<@(\d+)>`).FindAllStringSubmatch(d.board.Content, -1) {
		if !slices.Contains(users, m[1]) {
			users = append(users, m[1])
		}
	}
	for _, u := range users {
		d.clicker = u
		calls := d.do(d.h.click(u, on, false, b.CustomID))
		pictured := false
		for _, c := range calls {
			for _, f := range c.Files {
				pictured = pictured || f.Name == "draft.png"
			}
		}
		if !pictured {
			d.t.Fatalf("%s's draft step carries no draft picture", u)
		}
		for range 10 {
			rep := mustPrivate(d.t, calls)
			if !slices.ContainsFunc(rep.all(), func(c uiComp) bool { return c.Type == 3 }) {
				break
			}
			calls = d.pickSelect(u, rep)
		}
	}
	if _, still := d.board.button("Choose my survey cards"); still {
		d.t.Fatal("the draft did not end after everyone chose")
	}
}

// turn plays one decision of the seat to act.
func (d *driver) turn() {
	d.t.Helper()
	b := d.board
	if _, ok := b.button("Choose my survey cards"); ok {
		d.draft()
		return
	}
	u := d.actor()
	d.clicker = u
	round := "?"
	if m := roundRE.FindStringSubmatch(b.Content); m != nil {
		round = m[1]
	}
	switch {
	case has(b, "Build calciner"):
		d.press(u, "Build calciner")
	case has(b, "Pass") && d.emigration(u, round):
	case has(b, "Pass") && d.arsenic(u, round):
	case has(b, "Pass"):
		key := u + "|" + round
		n := d.acted[key]
		d.acted[key]++
		plans := [][]string{{"Build a mine"}, {"Extract ", "Miner…", "Port…", "Train…", "Adit…", "Build a mine"}, {"Steam pumps", "Sell pasties"}}
		if n < len(plans) {
			for _, label := range plans[n] {
				btn, ok := b.button(label)
				if !ok {
					continue
				}
				if strings.HasPrefix(label, "Steam") || strings.HasPrefix(label, "Sell") || label == "Extract " && !strings.HasPrefix(btn.id(), "tm:") {
					d.press(u, label)
					return
				}
				prefer := []string{"No survey card"}
				if round == "1" && u == players[0] {
					prefer = []string{"Play "} // play a card: a private peek
				}
				d.menu(u, btn, prefer...)
				return
			}
		}
		d.press(u, "Pass")
	case has(b, "Bid £") && !has(b, "Drop out") || has(b, "Bid £") && d.raises%2 == 0:
		d.raises++
		d.press(u, "Bid £")
	case has(b, "Other amount") && !d.usedBox:
		d.usedBox = true
		btn, _ := b.button("Other amount")
		calls := d.h.click(u, b.ID, false, btn.CustomID)
		var cb struct {
			Type int `json:"type"`
			Data struct {
				CustomID string `json:"custom_id"`
			} `json:"data"`
		}
		json.Unmarshal(calls[0].Body, &cb)
		if cb.Type != 9 {
			d.t.Fatalf("Other amount did not open a modal: %s", calls[0].Body)
		}
		lo := strings.Split(btn.CustomID, ":")[4]
		before := d.rev
		d.do(d.h.submitModal(u, b.ID, cb.Data.CustomID, lo))
		if d.rev == before {
			d.t.Fatal("modal bid changed no board")
		}
	case has(b, "Raise +£1") && d.raises < 3:
		d.raises++
		d.press(u, "Raise +£1")
	case has(b, "Drop out"):
		d.raises = 0
		d.press(u, "Drop out")
	case has(b, "Survey card on the new mine"):
		btn, _ := b.button("Survey card on the new mine")
		d.menu(u, btn, "No card")
	case d.hasOption("Kilkhampton") || slices.ContainsFunc(b.all(), func(c uiComp) bool { return strings.HasPrefix(c.CustomID, "tmul:") }):
		for _, c := range b.all() {
			if strings.HasPrefix(c.CustomID, "tmul:") {
				before := d.rev
				d.do(d.h.click(u, b.ID, false, c.CustomID, c.Options[0].Value))
				if d.rev == before {
					d.t.Fatal("placing pumps changed no board")
				}
				return
			}
		}
	case d.hasOption("£10 →") && d.acted[u+"|inv|"+round] == 0:
		d.acted[u+"|inv|"+round]++
		d.pickOnBoard(u, "£10 →")
	case d.hasOption("£5 →") && d.acted[u+"|inv|"+round] == 0:
		d.acted[u+"|inv|"+round]++
		d.pickOnBoard(u, "£5 →")
	case has(b, "Done investing"):
		d.press(u, "Done investing")
	case d.hasOption("Peek at"):
		d.pickOnBoard(u, "Peek at")
	case has(b, "No peek"):
		d.press(u, "No peek")
	default:
		d.t.Fatalf("no button to press on:\n%s\n%+v", b.Content, b.all())
	}
}

func has(b uiMsg, label string) bool { _, ok := b.button(label); return ok }

// arsenic takes an Arsenic action for u when the board offers one: sell
// what u holds, else process a cube (twice a round at most). It reports
// whether it acted.
func (d *driver) arsenic(u, round string) bool {
	b := d.board
	for _, c := range b.choices() {
		if strings.HasPrefix(c.Label, "Sell ") && strings.Contains(c.Label, "arsenic") {
			d.press(u, c.Label)
			return true
		}
	}
	key := u + "|ars|" + round
	if d.acted[key] >= 2 {
		return false
	}
	btn, ok := b.button("Process arsenic")
	if !ok {
		return false
	}
	d.acted[key]++
	if strings.HasPrefix(btn.id(), "tm:") {
		d.menu(u, btn)
	} else {
		d.press(u, btn.Label)
	}
	return true
}

// emigration plays the Emigration module's choices when the board offers
// them: a Michigan piece at once, one own miner a round, one emigration a
// round (to a different place each round).
func (d *driver) emigration(u, round string) bool {
	b := d.board
	if btn, ok := b.button("Place Michigan"); ok {
		d.menu(u, btn)
		return true
	}
	for _, step := range []struct{ label, key string }{{"Own miner…", "omi"}, {"Emigrate a miner…", "em"}} {
		key := u + "|" + step.key + "|" + round
		btn, ok := b.button(step.label)
		if !ok || d.acted[key] > 0 {
			continue
		}
		d.acted[key]++
		places := map[string]string{"1": "Emigrate to Adelaide", "2": "Emigrate to Michigan", "3": "Emigrate to Kimberly", "4": "Emigrate to Sierra Madre"}
		d.menu(u, btn, places[round])
		return true
	}
	return false
}

// TestEmigrationGame opens a 3-player table with all three modules, checks
// they reach the engine (four own miners each), and plays the game to the
// end through the fake Discord with the privacy checks after every step:
// own miners placed, emigrations to several places, Michigan pieces placed.
func TestEmigrationGame(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h := newHarness(t)
	calls := h.command(players[0], 0, "new", map[string]any{"players": 3, "kickstarter": true, "arsenic": true, "emigration": true})
	lobby := boardPosts(t, calls)[0]
	if !strings.Contains(lobby.Content, "Modules: Arsenic, Emigration, Kickstarter pack.") {
		t.Errorf("lobby does not name the modules:\n%s", lobby.Content)
	}
	join, _ := lobby.button("Join")
	id := strings.Split(join.CustomID, ":")[1]
	h.click(players[1], lobby.ID, false, join.CustomID)
	h.click(players[2], lobby.ID, false, join.CustomID)
	board := boardPosts(t, h.click(players[0], lobby.ID, false, "tl:"+id+":start"))[0]
	s := h.state(id)
	if !s.Options.Kickstarter || !s.Options.Arsenic || !s.Options.Emigration {
		t.Fatalf("the game started with %+v", s.Options)
	}
	for seat, p := range s.Players {
		if p.OwnMiners != 4 {
			t.Fatalf("seat %d has %d own miners", seat, p.OwnMiners)
		}
	}
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	sawBoard := false
	for !strings.Contains(d.board.Content, "Game over") {
		if d.steps > 3000 {
			t.Fatalf("game did not end in 3000 interactions; board:\n%s", d.board.Content)
		}
		// The post leaves the emigration rows to the picture; the board
		// at a move (/tt board at:N, the long text) says them.
		sawBoard = sawBoard || strings.Contains(boardText(h.table(id), h.state(id).PublicView(), nil), "Emigration, round")
		d.turn()
	}
	s = h.state(id)
	places := map[string]bool{}
	for _, l := range ttLog(s) {
		for _, name := range []string{"Michigan", "Sierra Madre", "Kimberly", "Adelaide"} {
			if strings.Contains(l, "emigrates from") && strings.Contains(l, " to "+name) {
				places[name] = true
			}
		}
	}
	free := slices.ContainsFunc(ttLog(s), func(l string) bool { return strings.Contains(l, "(free).") })
	t.Logf("emigrated to %v; a Michigan piece placed: %v", places, free)
	if len(places) < 2 || !free || !sawBoard {
		t.Errorf("emigrations %v, Michigan piece placed %v, emigration line on the board %v", places, free, sawBoard)
	}
	checkTTFinal(t, d.board.Content, players)
}

// TestGameEndToEnd plays a whole 3-player game through the real discordgo
// client and the real store, from /tt new to the final scores, only by
// interactions, checking after every step that nothing secret was posted.
func TestGameEndToEnd(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h := newHarness(t)
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	sawPeek, sawAuction, midGame := false, false, false
	for !strings.Contains(d.board.Content, "Game over") {
		if d.steps > 3000 {
			t.Fatalf("game did not end in 3000 interactions; board:\n%s", d.board.Content)
		}
		if strings.Contains(d.board.Content, "Auction for") {
			sawAuction = true
		}
		d.turn()
		// (A turn may take several interactions: >=, not ==, or this
		// could be stepped over.)
		if !midGame && d.steps >= 40 {
			midGame = true
			// Commands mid-game.
			r := mustPrivate(t, h.command(players[1], 0, "log", nil))
			if !strings.Contains(r.Content, "— round") || !strings.Contains(r.Content, "Setup") && !r.hasButton("Setup") {
				t.Errorf("log: %q", r.Content)
			}
			r = mustPrivate(t, h.command(players[2], 0, "rules", nil))
			if !strings.Contains(r.Content, "Build a mine") {
				t.Errorf("rules: %q", r.Content)
			}
			calls := d.do(h.command(players[1], 0, "hand", nil))
			if r := mustPrivate(t, calls); !strings.Contains(r.Content, "Your hand") {
				t.Errorf("hand: %q", r.Content)
			}
			d.do(h.command(players[2], 0, "board", nil))
		}
	}
	for _, c := range h.fd.Calls() {
		if strings.Contains(string(c.Body), "You looked at the face-down tile") {
			sawPeek = true
		}
	}
	if !midGame {
		t.Error("the mid-game commands never ran")
	}
	if !sawAuction || !sawPeek {
		t.Errorf("game too narrow: auction %v, private peek %v", sawAuction, sawPeek)
	}
	checkTTFinal(t, d.board.Content, players)
	if all := d.board.all(); len(all) != 1 || all[0].Label != "Rematch" {
		t.Errorf("final board has buttons other than Rematch: %+v", all)
	}
	if tb := h.table(id); tb.Status != kit.StatusFinished {
		t.Errorf("status %v after the end", tb.Status)
	}
	// The record replays to the same end.
	calls := h.command(players[2], 0, "export", map[string]any{"game": id})
	var rec *tinners.Record
	for _, c := range calls {
		for _, f := range c.Files {
			var err error
			if rec, err = tinners.UnmarshalRecord(f.Data); err != nil {
				t.Fatal(err)
			}
		}
	}
	if rec == nil {
		t.Fatal("export sent no file")
	}
	s, err := tinners.Replay(rec)
	if err != nil || s.Phase != tinners.PhaseOver {
		t.Fatalf("replay of the export: phase %v, %v", s.Phase, err)
	}
	// A new table may open in the channel now.
	if posts := boardPosts(t, h.command(players[1], 0, "new", nil)); len(posts) != 1 {
		t.Errorf("no new lobby after the end")
	}
	// Nothing secret in the log either.
	logText := h.logBuf.String()
	for _, c := range tinners.Standard.Cards {
		if strings.Contains(logText, c.String()) {
			t.Errorf("the log names the survey card %q", c.String())
		}
	}
	if strings.Contains(strings.ToLower(logText), "seed") {
		t.Errorf("the log mentions the seed")
	}
	t.Logf("game over after %d interactions", d.steps)
}

// TestTwoPlayerGame plays a 2-player game (survey cards drawn from the
// decks before auctions) to the end.
func TestTwoPlayerGame(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h := newHarness(t)
	calls := h.command(players[0], 0, "new", map[string]any{"players": 2})
	lobby := boardPosts(t, calls)[0]
	join, _ := lobby.button("Join")
	id := strings.Split(join.CustomID, ":")[1]
	h.click(players[1], lobby.ID, false, join.CustomID)
	if r := mustPrivate(t, h.click(players[2], lobby.ID, false, join.CustomID)); !strings.Contains(r.Content, "full") {
		t.Errorf("third join at a 2-player table: %q", r.Content)
	}
	board := boardPosts(t, h.click(players[0], lobby.ID, false, "tl:"+id+":start"))[0]
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	d.playUntil("the end", func(b uiMsg) bool { return strings.Contains(b.Content, "Game over") })
	checkTTFinal(t, d.board.Content, players[:2])
}

// checkTTFinal: a Tinners' Trail final post ranks every player on its
// first line ("🏆 <@1> wins with 99 points — <@3> 93, <@2> 0"), says the
// game is over, and gives the breakdown instead of a second ranking list.
func checkTTFinal(t *testing.T, content string, players []string) {
	t.Helper()
	first, rest, _ := strings.Cut(content, "\n")
	if !strings.HasPrefix(first, "🏆 ") || !strings.Contains(first, " wins with ") {
		t.Errorf("the final post's first line does not rank the seats:\n%s", content)
	}
	for _, p := range players {
		if !strings.Contains(first, "<@"+p+">") {
			t.Errorf("the final post's first line misses <@%s>:\n%s", p, content)
		}
	}
	for _, want := range []string{"Game over", "Score breakdown"} {
		if !strings.Contains(rest, want) {
			t.Errorf("final board lacks %q:\n%s", want, content)
		}
	}
	if strings.Contains(rest, "\n1. ") || strings.Contains(rest, "Final scores") {
		t.Errorf("the final post ranks the seats twice:\n%s", content)
	}
}

// TestFourAndFivePlayerGames plays 4- and 5-player games to the end
// through the fake Discord, with the same privacy checks after every step
// (in the full pass only: under -race the 2- and 3-player games and the
// Emigration game play the same flow).
func TestFourAndFivePlayerGames(t *testing.T) {
	testenv.FullOnly(t)
	t.Parallel() // a whole game in its own harness: shares nothing
	all := append(append([]string(nil), players...), "500000000000000004", "500000000000000005")
	for _, n := range []int{4, 5} {
		t.Run(fmt.Sprintf("%dp", n), func(t *testing.T) {
			h := newHarness(t)
			lobby := boardPosts(t, h.command(all[0], 0, "new", map[string]any{"players": n}))[0]
			join, _ := lobby.button("Join")
			id := strings.Split(join.CustomID, ":")[1]
			for _, u := range all[1:n] {
				if r := mustPrivate(t, h.command(u, 0, "join", nil)); !strings.Contains(r.Content, "joined") {
					t.Fatalf("join: %q", r.Content)
				}
			}
			posts := boardPosts(t, h.click(all[0], lobby.ID, false, "tl:"+id+":start"))
			if len(posts) != 1 {
				t.Fatalf("start posted %d boards", len(posts))
			}
			if u := posts[0].AllowedMentions.Users; len(u) != n-1 || slices.Contains(u, all[0]) {
				t.Fatalf("the draft board pings %v, want the %d players but the host who started it", u, n-1)
			}
			d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: posts[0], acted: map[string]int{}}
			for !strings.Contains(d.board.Content, "Game over") {
				if d.steps > 4000 {
					t.Fatalf("no end in 4000 interactions; board:\n%s", d.board.Content)
				}
				d.turn()
				// A new board pings the seats the game waits for, never
				// the one who just acted.
				if d.posted && !strings.Contains(d.board.Content, "Game over") {
					var want []string
					for _, k := range h.state(id).ToAct() {
						if all[k] != d.clicker {
							want = append(want, all[k])
						}
					}
					if !slices.Equal(d.board.AllowedMentions.Users, want) {
						t.Fatalf("board pings %v, want %v (the game waits for %v; %s acted)", d.board.AllowedMentions.Users, want, h.state(id).ToAct(), d.clicker)
					}
				}
			}
			checkTTFinal(t, d.board.Content, all[:n])
			t.Logf("%d players: game over after %d interactions", n, d.steps)
		})
	}
}

// TestArsenicGame opens a table with /tt new arsenic:true, checks the
// module reaches the engine at start, and plays the game to the end
// through the fake Discord with the privacy checks after every step (under
// -race it stops after the start; .ci/run's race-free pass plays it out).
func TestArsenicGame(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h := newHarness(t)
	calls := h.command(players[0], 0, "new", map[string]any{"players": 2, "arsenic": true})
	lobby := boardPosts(t, calls)[0]
	if !strings.Contains(lobby.Content, "Arsenic") {
		t.Errorf("lobby does not name the module:\n%s", lobby.Content)
	}
	join, _ := lobby.button("Join")
	id := strings.Split(join.CustomID, ":")[1]
	h.click(players[1], lobby.ID, false, join.CustomID)
	board := boardPosts(t, h.click(players[0], lobby.ID, false, "tl:"+id+":start"))[0]
	if s := h.state(id); !s.Options.Arsenic {
		t.Fatal("the game started without Arsenic")
	}
	testenv.FullOnly(t) // the whole game (outside the full pass TestEmigrationGame plays Arsenic)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	d.playUntil("the end", func(b uiMsg) bool { return strings.Contains(b.Content, "Game over") })
	s := h.state(id)
	if s.Ledger.ArsenicPlaced == 0 || s.Ledger.ArsenicSold == 0 {
		t.Errorf("arsenic placed %d, sold %d: the buttons were never used", s.Ledger.ArsenicPlaced, s.Ledger.ArsenicSold)
	}
	checkTTFinal(t, d.board.Content, players[:2])
}

// TestKickstarterGame opens a 3-player table with /tt new kickstarter:true
// arsenic:true, checks both modules reach the engine (a dual-region card in
// every hand), and plays the game to the end through the fake Discord with
// the privacy checks after every step (under -race it stops after the
// start; .ci/run's race-free pass plays it out).
func TestKickstarterGame(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h := newHarness(t)
	calls := h.command(players[0], 0, "new", map[string]any{"players": 3, "kickstarter": true, "arsenic": true})
	lobby := boardPosts(t, calls)[0]
	if !strings.Contains(lobby.Content, "Modules: Arsenic, Kickstarter pack.") {
		t.Errorf("lobby does not name the modules:\n%s", lobby.Content)
	}
	join, _ := lobby.button("Join")
	id := strings.Split(join.CustomID, ":")[1]
	h.click(players[1], lobby.ID, false, join.CustomID)
	h.click(players[2], lobby.ID, false, join.CustomID)
	board := boardPosts(t, h.click(players[0], lobby.ID, false, "tl:"+id+":start"))[0]
	s := h.state(id)
	if !s.Options.Kickstarter || !s.Options.Arsenic {
		t.Fatalf("the game started with %+v", s.Options)
	}
	for seat, p := range s.Players {
		if len(p.Hand) != 1 || tinners.Standard.Cards[p.Hand[0]].Deck != tinners.DeckKickstarter {
			t.Fatalf("seat %d hand %v: want one dual-region card", seat, p.Hand)
		}
	}
	testenv.FullOnly(t) // the whole game (outside the full pass TestEmigrationGame plays the Kickstarter pack)
	d := &driver{t: t, h: h, c: checker{t: t, h: h, id: id}, board: board, acted: map[string]int{}}
	d.playUntil("the end", func(b uiMsg) bool { return strings.Contains(b.Content, "Game over") })
	checkTTFinal(t, d.board.Content, players[:2])
}

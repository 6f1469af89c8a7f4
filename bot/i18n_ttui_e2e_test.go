package bot

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// submitModalAs is h.submitModal by a user in locale.
func (h *harness) submitModalAs(locale, userID, msgID, customID, text string) []fakeCall {
	h.t.Helper()
	return h.send(inLocale(map[string]any{"type": 5, "member": member(userID, 0),
		"message": map[string]any{"id": msgID, "channel_id": testChannel, "flags": 0, "content": ""},
		"data": map[string]any{"custom_id": customID, "components": []any{map[string]any{"type": 1,
			"components": []any{map[string]any{"type": 4, "custom_id": "amount", "value": text}}}}}}, locale, ""))
}

// privateBody is the raw JSON of the private reply among calls: what
// uiMsg does not decode (placeholders, descriptions) is in it.
func privateBody(calls []fakeCall) string {
	for _, c := range calls {
		if strings.HasPrefix(c.Path, "/webhooks/") && (c.Method == "PATCH" || c.Method == "POST") {
			return string(c.Body)
		}
	}
	for _, c := range calls {
		if strings.HasSuffix(c.Path, "/callback") && strings.Contains(string(c.Body), `"type":4`) {
			return string(c.Body)
		}
	}
	return ""
}

// modalOf is the modal an interaction opened (callback type 9).
func modalOf(t *testing.T, calls []fakeCall) (title, label, customID string) {
	t.Helper()
	var cb struct {
		Type int `json:"type"`
		Data struct {
			CustomID   string `json:"custom_id"`
			Title      string `json:"title"`
			Components []struct {
				Components []struct {
					Label string `json:"label"`
				} `json:"components"`
			} `json:"components"`
		} `json:"data"`
	}
	if len(calls) == 0 || json.Unmarshal(calls[0].Body, &cb) != nil || cb.Type != 9 {
		t.Fatalf("no modal opened: %+v", calls)
	}
	return cb.Data.Title, cb.Data.Components[0].Components[0].Label, cb.Data.CustomID
}

// newestBoard follows the board through calls: a new post, or the board
// edited in place.
func newestBoard(t *testing.T, cur uiMsg, calls []fakeCall) uiMsg {
	t.Helper()
	for _, c := range calls {
		if c.Method == "PATCH" && c.Path == "/channels/"+testChannel+"/messages/"+cur.ID && strings.Contains(string(c.Body), `"content"`) {
			u := decode(t, c, false)
			u.ID = cur.ID
			cur = u
		}
	}
	if posts := boardPosts(t, calls); len(posts) > 0 {
		cur = posts[len(posts)-1]
	}
	return cur
}

// noEnglishUI fails when text has one of the English words of the turn
// controls and board text.
func noEnglishUI(t *testing.T, what, text string) {
	t.Helper()
	for _, en := range []string{"Round", "table ", "tin £", "pts", "work ", "left to build", "Choose", "My hand", "Build", "Pass", "Sell",
		"Bid", "Raise", "Drop out", "Other amount", "Your ", "your ", "survey", "Auction", "opened by", " WP", "face down", "Region "} {
		if strings.Contains(text, en) {
			t.Errorf("%s in Polish has %q:\n%s", what, en, text)
		}
	}
}

// boardText0 is u's text and the labels of its controls, without the
// game's log lines (the account "> …" and "since your last move"), which
// the engine writes.
func boardText0(u uiMsg) string {
	var b strings.Builder
	inLog := false
	for _, line := range strings.Split(u.Content, "\n") {
		switch {
		case strings.HasPrefix(line, "**Od twojego ostatniego ruchu:**"):
			inLog = true
		case line == "":
			inLog = false
		}
		if !inLog && !strings.HasPrefix(line, "> ") {
			b.WriteString(line + "\n")
		}
	}
	for _, c := range u.all() {
		b.WriteString("\n" + c.Label)
		for _, o := range c.Options {
			b.WriteString("\n" + o.Label)
		}
	}
	return b.String()
}

var actorRE = regexp.MustCompile(`^<@(\d+)>`)

// TestPolishTableTurns plays the start of a game at a Polish table through
// the real code path: the board post and its buttons are Polish; each
// private step, menu and modal follows the clicker's locale (Polish, and
// English for a player whose Discord is English); the refusals of the
// turn controls are Polish.
func TestPolishTableTurns(t *testing.T) {
	h := newHarness(t)
	calls := h.commandAs("pl", "pl", players[0], 0, "new", map[string]any{"players": 3})
	lobby := boardPosts(t, calls)[0]
	join, ok := lobby.button("Dołącz")
	if !ok {
		t.Fatalf("no Dołącz on the Polish lobby: %+v", lobby.all())
	}
	id := strings.Split(join.CustomID, ":")[1]
	h.commandAs("pl", "", players[1], 0, "join", nil)
	h.commandAs("pl", "", players[2], 0, "join", nil)
	calls = h.commandAs("pl", "", players[0], 0, "start", nil)
	posts := boardPosts(t, calls)
	if len(posts) != 1 {
		t.Fatalf("start: %d posts", len(posts))
	}
	board := posts[0]

	// The draft board.
	wantText(t, "draft board", board.Content, "— wybierz swoje mapy geologiczne (prywatnie)", "**Runda 1 — wybór map geologicznych** · cyna £",
		"na obrazku · wszystko: `/tt plansza cała`")
	// The seats' rows left the post for the picture; the board at a move
	// (/tt plansza ruch:) says them in full.
	past := mustPrivate(t, h.commandAs("pl", "", players[0], 0, "board", map[string]any{"at": 0}))
	wantText(t, "past draft board", past.Content, " pkt · praca ", "do zbudowania 6 kopalń · 1 mapa")
	noEnglishUI(t, "draft board", boardText0(board))
	draft, ok := board.button("Wybierz moje mapy geologiczne")
	if !ok || !board.hasButton("Moje karty") {
		t.Fatalf("draft board buttons: %+v", board.all())
	}

	// The draft step: Polish for a Polish player, English for an English one.
	for k, p := range players[:3] {
		locale := "pl"
		if k == 1 {
			locale = "en-US"
		}
		calls = h.clickLoc(locale, p, board.ID, false, draft.CustomID)
		rep := mustPrivate(t, calls)
		if locale == "pl" {
			wantText(t, "draft step", rep.Content, "**Twój wybór map geologicznych** (widzisz to tylko ty)", "Wybierz literą zestaw map, które **zatrzymujesz**", "(na obrazku przekreśloną)")
			wantText(t, "draft select", privateBody(calls), `"placeholder":"Zestaw, który zatrzymujesz (litera)"`, `"label":"A"`, `"label":"B"`)
			noEnglishUI(t, "draft step", boardText0(rep))
		} else {
			wantText(t, "draft step (en)", rep.Content, "**Your survey draft** (only you see this)")
			wantText(t, "draft select (en)", privateBody(calls), `"placeholder":"The set you keep (its letter)"`, `"label":"A"`)
		}
		var sel uiComp
		for _, c := range rep.all() {
			if c.Type == 3 {
				sel = c
			}
		}
		calls = h.clickLoc(locale, p, rep.ID, true, sel.CustomID, sel.Options[0].Value)
		board = newestBoard(t, board, calls)
		if k == 0 {
			// Chosen already: the draft button says so, naming who is awaited.
			r := mustPrivate(t, h.clickLoc("pl", p, board.ID, false, draft.CustomID))
			wantText(t, "draft again", r.Content, "Twoje mapy geologiczne są wybrane; jeszcze wybierają: **niebieski (N)** (<@", "**zielony (Z)**")
		}
	}

	// The first action: Polish buttons on the board.
	wantText(t, "action board", board.Content, "— twoja akcja (masz £", "**Runda 1 — akcje**", "Pozostałe usprawnienia: ", " górników, ")
	noEnglishUI(t, "action board", boardText0(board))
	build, ok := board.button("Zbuduj kopalnię… (2 PP)")
	if !ok || !board.hasButton("Pasuj (0 PP; inwestujesz z wiersza 1)") || !board.hasButton("Sprzedaj pierogi (1 PP, +£1)") {
		t.Fatalf("action board buttons: %+v", board.all())
	}
	actor := actorRE.FindStringSubmatch(board.Content)[1]

	// A menu: build a mine, then the card to play.
	calls = h.clickLoc("pl", actor, board.ID, false, build.CustomID)
	rep := mustPrivate(t, calls)
	wantText(t, "build step", rep.Content, "**Budowa kopalni** (zwycięzca licytacji zużywa 2 PP): wybierz obszar.")
	wantText(t, "build selects", privateBody(calls), `"placeholder":"Region A"`, " · min. stawka £1 · zwycięzca 2 PP")
	noEnglishUI(t, "build step", boardText0(rep))
	var area uiComp
	for _, c := range rep.all() {
		if c.Type == 3 && area.CustomID == "" {
			area = c
		}
	}
	calls = h.clickLoc("pl", actor, rep.ID, true, area.CustomID, area.Options[0].Value)
	rep = mustPrivate(t, calls)
	wantText(t, "card step", rep.Content, "**Budowa kopalni w ", "Wybierz mapę geologiczną do zagrania przed licytacją")
	wantText(t, "card select", privateBody(calls), `"placeholder":"Mapa geologiczna"`, `"label":"Bez mapy geologicznej"`, `"description":"rozpocznij licytację bez mapy · min. stawka £1 · zwycięzca zużywa 2 PP"`)
	var noCard string
	var cardSel uiComp
	for _, c := range rep.all() {
		for _, o := range c.Options {
			if o.Label == "Bez mapy geologicznej" {
				noCard, cardSel = o.Value, c
			}
		}
	}
	calls = h.clickLoc("pl", actor, rep.ID, true, cardSel.CustomID, noCard)
	board = newestBoard(t, board, calls)

	// The auction: Polish board, two modals and their refusals.
	wantText(t, "auction board", board.Content, "(otwiera: ", "jeszcze bez stawki (minimum £1).", "**Runda 1 — licytacja**")
	noEnglishUI(t, "auction board", boardText0(board))
	other, ok := board.button("Inna kwota (£1–£")
	if !ok {
		t.Fatalf("auction board: %+v", board.all())
	}
	title, label, modalID := modalOf(t, h.clickLoc("pl", actor, board.ID, false, other.CustomID))
	if title != "Twoja stawka" || !strings.HasPrefix(label, "Kwota w £ (od 1 do ") {
		t.Errorf("bid modal: %q / %q", title, label)
	}
	r := mustPrivate(t, h.submitModalAs("pl", actor, board.ID, modalID, "dużo"))
	wantText(t, "bid not a number", r.Content, "Wpisz całą liczbę funtów, np. 12. Nic nie zalicytowano.")
	if !r.hasButton("Wpisz kwotę jeszcze raz (£1–£") {
		t.Errorf("no retry button: %+v", r.all())
	}
	order, ok := board.button("Licytuj za mnie do… / automatyczna rezygnacja")
	if !ok {
		t.Fatalf("no standing-order button: %+v", board.all())
	}
	var bystander string
	for _, p := range players[:3] {
		if p != actor && bystander == "" {
			bystander = p
		}
	}
	title, label, modalID = modalOf(t, h.clickLoc("pl", bystander, board.ID, false, order.CustomID))
	if title != "Licytuj za mnie" || !strings.HasPrefix(label, "Maks. stawka w £ (0–") {
		t.Errorf("order modal: %q / %q", title, label)
	}
	r = mustPrivate(t, h.submitModalAs("pl", bystander, board.ID, modalID, "x"))
	wantText(t, "order not a number", r.Content, "Wpisz całą liczbę funtów, np. 12 (0 oznacza rezygnację). Nie ustawiono polecenia.")

	// The opener bids; the next bidder drops out and then asks to bid for them.
	bid, _ := board.button("Licytuj £1")
	board = newestBoard(t, board, h.clickLoc("pl", actor, board.ID, false, bid.CustomID))
	wantText(t, "auction board after a bid", board.Content, ": najwyższa stawka £1 (", "— twoja stawka w licytacji ")
	noEnglishUI(t, "auction after a bid", boardText0(board))
	next := actorRE.FindStringSubmatch(board.Content)[1]
	drop, ok := board.button("Zrezygnuj")
	if !ok || !board.hasButton("Podbij o £1 (£2)") {
		t.Fatalf("bidder's buttons: %+v", board.all())
	}
	board = newestBoard(t, board, h.clickLoc("pl", next, board.ID, false, drop.CustomID))
	if order, ok = board.button("Licytuj za mnie"); ok {
		r = mustPrivate(t, h.clickLoc("pl", next, board.ID, false, order.CustomID))
		wantText(t, "order by one who dropped out", r.Content, "Nie bierzesz teraz udziału w licytacji.")
	} else {
		t.Errorf("no standing-order button after a drop: %+v", board.all())
	}

	// The hand and the rules, privately in Polish.
	r = mustPrivate(t, h.commandAs("pl", "", players[0], 0, "hand", nil))
	wantText(t, "hand", r.Content, "**Twoje karty** przy stole "+id+" (pomarańczowy [P], widzisz to tylko ty)", "Mapy geologiczne:", "Pieniądze £")
	r = mustPrivate(t, h.commandAs("pl", "", players[0], 0, "rules", nil))
	wantText(t, "rules", r.Content, "**Tinners' Trail — skrócone zasady**", "Budowa kopalni — 2 PP", "Sprzedaż pierogów — 1 PP, +£1 · Pasowanie — 0 PP.")
	r = mustPrivate(t, h.command(players[0], 0, "rules", nil))
	if r.Content != rulesText() {
		t.Errorf("rules in English changed:\n%s", r.Content)
	}
}

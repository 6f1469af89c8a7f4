package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// TestPolishSoloLobby: a solo table opened from a Polish server has a
// Polish lobby and difficulty select; its refusals follow each clicker's
// locale; once started, the lobby says so in Polish.
func TestPolishSoloLobby(t *testing.T) {
	h := newHarness(t)
	host, other := players[0], players[1]
	calls := h.commandAs("pl", "pl", host, 0, "new", map[string]any{"players": 1})
	lobby := boardPosts(t, calls)[0]
	wantText(t, "solo lobby", lobby.Content, "**Tinners' Trail, gra solo** — stół ", ": <@"+host+"> kontra Lord Wallace.",
		"Poziom trudności (Lord Wallace): brak.", "Gospodarz wybiera poniżej poziom trudności")
	wantText(t, "solo select", string(calls[len(calls)-1].Body)+privateBody(calls)+bodies(calls), `"placeholder":"Poziom trudności (Lord Wallace; brak opcji: zwykła gra)"`,
		`"label":"Znajomi na wysokich stołkach"`, `"description":"jego stawki są wyższe o £2"`)
	start, ok := lobby.button("Start")
	if !ok {
		t.Fatalf("Polish solo lobby buttons: %+v", lobby.all())
	}
	id := strings.Split(start.CustomID, ":")[1]

	r := mustPrivate(t, h.commandAs("pl", "", other, 0, "join", nil))
	wantText(t, "join", r.Content, "Stół "+id+" to gra solo: <@"+host+"> gra w pojedynkę kontra Lord Wallace, więc nikt nie może dołączyć.")
	r = mustPrivate(t, h.clickLoc("pl", other, lobby.ID, false, "tdiff:"+id, "deep-pockets"))
	wantText(t, "difficulty by a guest", r.Content, "Poziom trudności (Lord Wallace) wybiera tylko gospodarz (<@"+host+">).")
	r = mustPrivate(t, h.clickLoc("pl", host, lobby.ID, false, "tdiff:"+id, "more-mines", "more-mines=2"))
	wantText(t, "both more mines", r.Content, "Wybierz jedno: „Więcej kopalni (+1)” albo „Więcej kopalni (+2)”, nie oba. Nic nie zmieniono.")
	r = mustPrivate(t, h.clickLoc("en-GB", host, lobby.ID, false, "tdiff:"+id, "more-mines", "more-mines=2"))
	wantText(t, "both more mines (en)", r.Content, "Choose one of “More mines (+1)” and “More mines (+2)”, not both.")

	calls = h.clickLoc("pl", host, lobby.ID, false, "tdiff:"+id, "deep-pockets", "bailing-out")
	wantText(t, "lobby after the select", bodies(calls), "Poziom trudności (Lord Wallace): Gruby portfel, Dofinansowanie.")
	calls = h.clickLoc("pl", host, lobby.ID, false, start.CustomID)
	wantText(t, "started lobby", bodies(calls), "nikt inny nie może dołączyć. Gra rozpoczęta.")
	board := boardPosts(t, calls)[0]
	wantText(t, "solo board", board.Content, "**Lord Wallace** · 0 pkt · praca 0 · do zbudowania 6 kopalń · koszty £0",
		"Poziom trudności: Gruby portfel, Dofinansowanie · reszta: na obrazku, `/tt plansza cała`")
	// His decks left the post (they are in the picture): the board at a
	// move (/tt plansza ruch:) still says them in full.
	past := mustPrivate(t, h.commandAs("pl", "pl", host, 0, "board", map[string]any{"at": 0}))
	wantText(t, "solo past board", past.Content, "Jego talie: karty akcji — zostało ", "Poziom trudności: Gruby portfel, Dofinansowanie")
	r = mustPrivate(t, h.clickLoc("pl", host, lobby.ID, false, "tdiff:"+id, "deep-pockets"))
	wantText(t, "difficulty after the start", r.Content, "Gra już się rozpoczęła; jej poziom trudności jest teraz ustalony.")
}

// bodies is every request body among calls, as text.
func bodies(calls []fakeCall) string {
	var b strings.Builder
	for _, c := range calls {
		b.Write(c.Body)
		b.WriteByte('\n')
	}
	return b.String()
}

// TestPolishFinalText plays random games to their end and renders the
// final board at a Polish table: scores, winner, tie-break and record in
// Polish; the solo game's result too.
func TestPolishFinalText(t *testing.T) {
	for _, n := range []int{1, 3} {
		en := randomTable(n)
		pl := polishTable(en)
		var last *tinners.State
		randomStates(t, n, 77, func(s *tinners.State) { last = s })
		v := last.PublicView()
		got := boardText(pl, v, nil)
		wantText(t, fmt.Sprintf("%dp final", n), got, "**Koniec gry** (stół abcdefghijkl). Wyniki końcowe:", "Zwycięzca: ", "Zapis gry: `/tt eksport gra:abcdefghijkl`.")
		if n == 1 {
			wantText(t, "solo final", got, "**Lord Wallace** — ", " pkt", "Poziom trudności: brak.")
		} else {
			wantText(t, "final", got, "1. **", " pkt, £")
		}
		for _, word := range []string{"Game over", "Winner", "points", "record", "Difficulty"} {
			if strings.Contains(got, word) {
				t.Errorf("%dp Polish final has %q:\n%s", n, word, got)
			}
		}
		wantText(t, fmt.Sprintf("%dp final (en)", n), boardText(en, v, nil), "**Game over** (table abcdefghijkl). Final scores:", "Winner: ")
	}
	l := i18n.Localizer(i18n.Polish)
	// The view's codes read as the English results once stored.
	for why, want := range map[string][2]string{tinners.TieMoney: {"pieniądze", "money"}, tinners.TieOre: {"kostki rudy w kopalniach", "ore cubes in their mines"},
		tinners.TieOrder: {"kolejność na torze pracy", "work track order"}} {
		if got := tt.TieBreakIn(l, why); got != want[0] {
			t.Errorf("tie-break %q: %q, want %q", why, got, want[0])
		}
		if got := tt.TieBreakIn(kit.English(), why); got != want[1] {
			t.Errorf("tie-break %q in English: %q, want %q", why, got, want[1])
		}
	}
}

// TestPolishWords: the words the board builds from the engine's tables —
// cards, decks, tiles, phases, rewards, Lord Wallace's actions — have a
// Polish form for every value, and the English ones are the engine's own.
func TestPolishWords(t *testing.T) {
	en, pl := kit.English(), i18n.Localizer(i18n.Polish)
	for _, c := range tinners.Standard.Cards {
		if got := tt.CardIn(en, c); got != c.String() {
			t.Errorf("card %d in English: %q, engine %q", c.ID, got, c.String())
		}
		if got := tt.CardIn(pl, c); got == c.String() && c.Benefit != tinners.BenefitPort || strings.Contains(got, "[") {
			t.Errorf("card %d in Polish: %q", c.ID, got)
		}
	}
	for p := tinners.Phase(0); p <= tinners.PhaseCalciner; p++ {
		if got := tt.PhaseIn(en, p); got != p.String() {
			t.Errorf("phase %d in English: %q, engine %q", p, got, p.String())
		}
		if got := tt.PhaseIn(pl, p); got == p.String() || strings.Contains(got, "[") {
			t.Errorf("phase %d in Polish: %q", p, got)
		}
	}
	for loc := range tinners.NumLocations {
		for r := range tinners.NumRounds {
			want := tinners.Standard.Emigration[loc].Rewards[r]
			if got := tt.RewardIn(en, tinners.Standard, loc, r); got != want {
				t.Errorf("reward %d/%d in English: %q, engine %q", loc, r, got, want)
			}
			if got := tt.RewardIn(pl, tinners.Standard, loc, r); strings.Contains(got, "[") || loc != tinners.Kimberly && loc != tinners.Michigan && got == want {
				t.Errorf("reward %d/%d in Polish: %q", loc, r, got)
			}
		}
	}
	for w := tinners.WallaceAct(0); w <= tinners.WPass; w++ {
		if got := tt.WallaceActIn(en, w.String()); got != w.String() {
			t.Errorf("Wallace's %q in English: %q", w.String(), got)
		}
		if got := tt.WallaceActIn(pl, w.String()); got == w.String() && w != tinners.WPort {
			t.Errorf("Wallace's %q in Polish: %q", w.String(), got)
		}
	}
	tile := tinners.Tile{Tin: 2, Copper: 1, Water: 3, Kind: tinners.TileBonus}
	if got := tt.TileWordsIn(pl, tile); got != "cyna 2, miedź 1, woda 3; zwycięzca dostaje potem £3" {
		t.Errorf("tile in Polish: %q", got)
	}
	if got := tt.PiecesIn(pl, tinners.Pieces{Adits: 1, Miners: 2}); got != "1 sztolnia, 2 górników" {
		t.Errorf("pieces in Polish: %q", got)
	}
}

// TestRulesEnglishUnchanged: /tt rules in English is byte for byte the
// text it was before the catalogue.
func TestRulesEnglishUnchanged(t *testing.T) {
	c := tinners.Standard.Costs
	want := fmt.Sprintf(`**Tinners' Trail — quick reference**
**A round**: 1. ore prices are rolled · 2. actions · 3. sell ore & invest · 4. end of round (peeks). Four rounds; most points wins.
**Turn order**: the player furthest left on the work track acts next (ties: the one who got there first). Each action moves you right by its cost in work points (WP). Passing ends your round; pass order is your investment row.
**Actions**
• Build a mine — %d WP, then an auction (the opener bids first; others raise or drop out). A survey card may be played before (peek at a face-down tile) or after (pay its value).
• Extract ore — %d WP, £1 per cube per water cube in the mine; then +1 water.
• Miner %d WP · Port %d WP (coast) · Train %d WP · Adit %d WP (a border) · Steam pumps %d WP.
• Sell pasties — %d WP, +£1 · Pass — %d WP.
**Sell & invest**: ore is sold at the round's prices; then, in pass order, invest £10 or £5 for the points of your row.
**Modules** (when the table plays them): Arsenic — after winning an auction, build your calciner (free); process 1 arsenic (0 WP, your last column moves left for good); sell all your arsenic (1 WP). Emigration — place your own miner instead of a miner development; emigrate a miner (1 WP) to Michigan (a free development, placed for 0 WP on a later turn), Sierra Madre (points), Kimberly (money every round) or Adelaide (better sale). Kickstarter — dual-region survey cards; £3 bonus and 1-WP tiles.
Commands: `+"`/tt board` `/tt hand` `/tt log` `/tt undo` `/tt games` `/tt settings` `/tt away` `/tt stats`"+`. While an auction runs, "Bid for me…" bids (or drops) for you when your turn comes.`,
		c[tinners.ActBuild], c[tinners.ActExtract], c[tinners.ActMiner], c[tinners.ActPort], c[tinners.ActTrain], c[tinners.ActAdit],
		c[tinners.ActSteamPumps], c[tinners.ActPasties], c[tinners.ActPass])
	if got := tt.RulesTextIn(kit.English()); got != want {
		t.Errorf("rules in English:\n%s\nwant:\n%s", got, want)
	}
	if got := tt.RulesTextIn(i18n.Localizer(i18n.Polish)); len([]rune(got)) > 2000 || strings.Contains(got, "quick reference") {
		t.Errorf("rules in Polish (%d characters):\n%s", len([]rune(got)), got)
	}
}

// TestPolishTurnRefusals: the refusals of the turn controls in ui.go, for
// a player whose Discord is Polish: a step that offers nothing now, and
// an investment the rules refuse (the rule's sentence, then Polish).
func TestPolishTurnRefusals(t *testing.T) {
	m, tb := memGame(t, 3)
	ctx := context.Background()
	s := advance(t, m, tb.ID, func(s *tinners.State) bool { return s.Phase == tinners.PhaseActions })
	seat := s.ToAct()[0]
	i := clickOn(t, seatUser(seat), "BOARD", 0, "tm:"+gid(tb, s)+":pra")
	i.Locale = "pl"
	if r := m.handleSafe(ctx, i); r.Reply == nil || r.Reply.Content != "Ten wybór nie jest teraz dostępny." {
		t.Errorf("a step with nothing to offer: %+v", r.Reply)
	}

	s = advance(t, m, tb.ID, func(s *tinners.State) bool {
		v := s.PublicView()
		return s.Phase == tinners.PhaseInvest && v.InvestTurn >= 0 && s.InvestedNow == 0
	})
	tb, _ = mustState(t, m, tb.ID)
	seat = s.PublicView().InvestTurn
	i = clickOn(t, seatUser(seat), "BOARD", 0, fmt.Sprintf("tinv:%s:%d:40:0:fin", gid(tb, s), seat))
	i.Locale = "pl"
	r := m.handleSafe(ctx, i)
	if r.Reply == nil || !strings.HasSuffix(r.Reply.Content, " Nic nie zainwestowano.") || len(r.Reply.Content) < len(" Nic nie zainwestowano.")+10 {
		t.Errorf("an investment the rules refuse: %+v", r.Reply)
	}
	if _, after := mustState(t, m, tb.ID); after.Version != s.Version {
		t.Errorf("a refused investment changed the game")
	}
}

package bot

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// pickHarness hosts the test title pickGame beside the installed ones.
func pickHarness(t *testing.T) *harness {
	t.Helper()
	return newHarnessWith(t, func(c *Config) {
		c.Titles = engine.NewRegistry(tinners.Title, coalbaron.Title, pickGame)
	})
}

// openPicks opens a pickGame table of two and returns its ID and first board.
func openPicks(t *testing.T, h *harness) (string, uiMsg) {
	t.Helper()
	calls := h.send(commandInteraction(cbPlayers[0], 0, "new", map[string]any{"game": pickGameID, "players": 2}))
	posts := boardPosts(t, calls)
	if len(posts) != 1 {
		t.Fatalf("new: %+v", posts)
	}
	join, _ := posts[0].button("Join")
	id := strings.Split(join.CustomID, ":")[1]
	h.send(commandInteraction(cbPlayers[1], 0, "join", nil))
	boards := boardPosts(t, h.click(cbPlayers[0], posts[0].ID, false, "tl:"+id+":start"))
	if len(boards) != 1 {
		t.Fatalf("start: %d boards", len(boards))
	}
	return id, boards[0]
}

// selectOf is u's select whose custom ID has prefix.
func selectOf(t *testing.T, u uiMsg, prefix string) uiComp {
	t.Helper()
	for _, c := range u.all() {
		if c.Type == 3 && strings.HasPrefix(c.CustomID, prefix) {
			return c
		}
	}
	t.Fatalf("no select %s… in %q", prefix, u.Content)
	return uiComp{}
}

func valueOf(t *testing.T, c uiComp, label string) string {
	t.Helper()
	for _, o := range c.Options {
		if o.Label == label {
			return o.Value
		}
	}
	t.Fatalf("no option %q in %+v", label, c.Options)
	return ""
}

func handOf(h *harness, id string, seat int) []string {
	return h.match(id).(*pickMatch).s.Hands[seat]
}

// TestGenericPickSeveral plays a title's choice of several through the
// fake Discord: one multi-select bounded by the group's Min and Max, copies
// of one card as options apart, the picks played as one batch that one
// undo takes back, the group's End played after fewer picks than Max; a
// forged count or copy is refused and changes nothing.
func TestGenericPickSeveral(t *testing.T) {
	h := pickHarness(t)
	id, board := openPicks(t, h)
	me := cbPlayers[0]
	if board.hasButton("My hand") {
		t.Errorf("a title without engine.Secrets offers My hand: %+v", board.all())
	}
	play, _ := board.button("Play")
	menu := mustPrivate(t, h.click(me, board.ID, false, play.CustomID))
	sel := selectOf(t, menu, "gs:"+id)
	if !strings.HasSuffix(sel.CustomID, ":p0") || sel.MinValues == nil || *sel.MinValues != 1 || sel.MaxValues != 2 {
		t.Fatalf("the choice of several: %+v", sel)
	}
	var labels []string
	for _, o := range sel.Options {
		labels = append(labels, o.Label)
	}
	if got := strings.Join(labels, "|"); got != "Cotton|Cotton (copy 2)|Coal|Iron" {
		t.Fatalf("options %q", got)
	}
	if !strings.Contains(menu.Content, "**Discard**: choose 1 to 2") || !menu.hasButton("Keep the rest") {
		t.Fatalf("menu: %q %+v", menu.Content, menu.all())
	}
	cotton, cotton2, coal := valueOf(t, sel, "Cotton"), valueOf(t, sel, "Cotton (copy 2)"), valueOf(t, sel, "Coal")

	// What Discord would not send, and a forged copy, change nothing.
	for name, values := range map[string][]string{
		"three picks":          {cotton, cotton2, coal},
		"a third copy":         {strings.Replace(cotton2, "#2", "#3", 1)},
		"a copy of a single":   {coal + "#2"},
		"an action not a pick": {"a:0/k"},
	} {
		refused(t, h, id, name, "not one of ours", func() []fakeCall { return h.clickForged(me, menu.ID, true, sel.CustomID, values...) })
	}

	// Both copies at once: one batch, two discards.
	v := h.match(id).Version()
	h.click(me, menu.ID, true, sel.CustomID, cotton, cotton2)
	if got := handOf(h, id, 0); strings.Join(got, ",") != "Coal,Iron" || h.match(id).Version() != v+2 {
		t.Fatalf("after discarding both Cotton: hand %v, version %d (was %d)", got, h.match(id).Version(), v)
	}
	// The same choice on the old menu has moved on.
	refused(t, h, id, "the old menu's choice", "moved on", func() []fakeCall { return h.click(me, menu.ID, true, sel.CustomID, coal) })
	// One undo takes back the whole choice.
	h.click(me, h.table(id).BoardMsg, false, boardID(h, "gu", id))
	if got := handOf(h, id, 0); len(got) != 4 || h.match(id).Version() != v {
		t.Fatalf("after undo: hand %v, version %d", got, h.match(id).Version())
	}
	// One pick of at most two: the group's End follows, so the step is over.
	tb := h.table(id)
	board2 := tb.BoardMsg
	menu = mustPrivate(t, h.click(me, board2, false, boardID(h, "gp", id)))
	sel = selectOf(t, menu, "gs:"+id)
	reply := mustPrivate(t, h.click(me, menu.ID, true, sel.CustomID, valueOf(t, sel, "Coal")))
	mt := h.match(id).(*pickMatch)
	if mt.s.Step != 'b' || mt.Version() != v+2 || strings.Join(mt.s.Hands[0], ",") != "Cotton,Cotton,Iron" {
		t.Fatalf("after one pick: %+v", mt.s)
	}
	// The next step: Build opens a level of 12 towns, all buttons (3 rows
	// of 5 and Back).
	if !reply.hasButton("Build") || !reply.hasButton("Pass") {
		t.Fatalf("after the discards: %q %+v", reply.Content, reply.all())
	}
	build, _ := reply.button("Build")
	towns := mustPrivate(t, h.click(me, reply.ID, true, build.CustomID))
	if len(towns.Components) != 4 || !towns.hasButton("Nuneaton") || !towns.hasButton("Back") || len(towns.all()) != 13 {
		t.Fatalf("the towns: %q %+v", towns.Content, towns.all())
	}
	dudley, _ := towns.button("Dudley")
	reply = mustPrivate(t, h.click(me, towns.ID, true, dudley.CustomID))
	// "End turn" is deliberate: the only move, and still the player's click.
	mt = h.match(id).(*pickMatch)
	if mt.s.Step != 'e' || mt.s.Built[0] != "Dudley" || !reply.hasButton("End turn") {
		t.Fatalf("after building: %+v, reply %q %+v", mt.s, reply.Content, reply.all())
	}
	end, _ := reply.button("End turn")
	h.click(me, reply.ID, true, end.CustomID)
	if mt = h.match(id).(*pickMatch); mt.s.Seat != 1 || mt.s.Turn != 1 {
		t.Fatalf("after the end of the turn: %+v", mt.s)
	}
}

// boardID is the custom ID of kind (gp, gu) on table id's current board.
func boardID(h *harness, kind, id string) string {
	return idString(kit.ID{Kind: kind, Game: id, Tok: kit.Token{Ver: h.match(id).Version(), Epoch: h.table(id).Notes.Epoch}})
}

// TestGenericPickSeveralPolish: the choice of several in Polish, copies
// and placeholder included.
func TestGenericPickSeveralPolish(t *testing.T) {
	m := &Main{cfg: Config{Titles: engine.NewRegistry(pickGame)}}
	tb := randomTable(2)
	tb.Title = pickGameID
	mt, err := pickGame.New(engine.Setup{NumSeats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	msg := gen.Menu(m, i18n.Localizer(i18n.Polish), tb, mt, 0, nil, 0)
	checkMessageLimits(t, "pl", *msg)
	wantText(t, "pl", msg.Content, "wybierz od 1 do 2 z listy poniżej", "Cotton (egzemplarz 2)", "**Albo**:")
	sel := msg.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.SelectMenu)
	if sel.Placeholder != "Wybierz od 1 do 2…" || *sel.MinValues != 1 || sel.MaxValues != 2 {
		t.Errorf("select %+v", sel)
	}
	lacks(t, "pl", msg.Content, "choose", "copy", "Or")
}

package bot

import (
	"fmt"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// The final post's points by category (engine.Breakdown) and the whole
// game's log with a button per round, at Coal Baron tables through the
// fake Discord.

// breakdownOf reads the points by category from a final post's text: the
// lines after head, each "<category>: <seat label> <points> · …", as
// category → seat → points (seats found by their labels in l's language),
// and the categories in the order shown. It fails the test on a line of
// another shape.
func breakdownOf(t *testing.T, l *i18n.Loc, content, head string, seats int) (map[string][]int, []string) {
	t.Helper()
	_, after, ok := strings.Cut(content, "\n"+head+"\n")
	if !ok {
		t.Fatalf("no %q line in:\n%s", head, content)
	}
	label := map[string]int{}
	for k := range seats {
		label[kit.SeatLetterOf(l, k)] = k
	}
	got := map[string][]int{}
	var order []string
	for _, line := range strings.Split(after, "\n") {
		name, cells, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("breakdown line %q is not \"category: cells\"", line)
		}
		pts := make([]int, seats)
		seen := make([]bool, seats)
		for _, cell := range strings.Split(cells, " · ") {
			i := strings.LastIndexByte(cell, ' ')
			k, known := label[cell[:max(i, 0)]]
			n, err := strconv.Atoi(cell[i+1:])
			if i < 0 || !known || err != nil || seen[k] {
				t.Fatalf("breakdown cell %q of %q is not a seat's points once", cell, line)
			}
			pts[k], seen[k] = n, true
		}
		if slices.Contains(seen, false) {
			t.Fatalf("breakdown line %q lacks a seat", line)
		}
		got[name] = pts
		order = append(order, name)
	}
	return got, order
}

// TestGenericCoalBaronBreakdown: the final post of a finished 2-player Coal
// Baron game shows, under the ranking, the points of each seat in each
// scoring category A–E, one line per category in the rulebook's order,
// the seats in ranking order; each seat's points add up to its total. No
// board before the end has it (hands are hidden until the final scoring).
// A Polish table reads the same in Polish, and the category names render
// in English exactly as the engine names them. The finished game's whole
// log has a button per shift.
func TestGenericCoalBaronBreakdown(t *testing.T) {
	// Coal Baron through the generic UI: under -race TestGenericCoalBaronWholeGame
	// plays the same paths; this test plays in the full pass.
	testenv.FullOnly(t)
	t.Parallel() // a whole game in its own harness: shares nothing
	h, rr := cbHarness(t)
	d := cbGame(t, h, rr, 11, func(mt engine.Match) bool { return mt.Version() >= 30 })
	id := d.id
	if strings.Contains(d.board.Content, "Points by category") {
		t.Fatalf("a board before the end shows the breakdown:\n%s", d.board.Content)
	}
	if h.match(id).(engine.Breakdown).Breakdown() != nil {
		t.Fatal("the running match gives a breakdown")
	}
	for h.match(id).Result() == nil {
		d.turn()
	}
	mt := h.match(id)
	res := mt.Result()
	tb := h.table(id)
	final := d.board.Content
	if !strings.HasPrefix(finalBody(final), "**Game over**") {
		t.Fatalf("the last board is not the final one:\n%s", final)
	}
	if n := utf8.RuneCountInString(final); n > 2000 {
		t.Errorf("final post of %d characters", n)
	}
	en := i18n.Localizer(i18n.English)
	got, order := breakdownOf(t, en, final, "**Points by category:**", 2)
	if want := []string{"1-lorry cards", "Orders", "Shares", "Shift tokens", "Objectives"}; !slices.Equal(order, want) {
		t.Errorf("categories %q, want %q", order, want)
	}
	sums := make([]int, 2)
	for _, pts := range got {
		for k, p := range pts {
			sums[k] += p
		}
	}
	if !slices.Equal(sums, res.Scores) {
		t.Errorf("the categories add up to %v, the scores are %v:\n%s", sums, res.Scores, final)
	}
	// The first line ranks the seats by the letters the breakdown's
	// columns use; the winner's points first on every line.
	checkResultLine(t, final, tb, res.Ranking, res.Scores)
	if head := strings.Index(final, "**Points by category:**"); head < 0 {
		t.Errorf("no breakdown:\n%s", final)
	}
	bt := mt.(engine.Breakdown).Breakdown()
	for _, row := range bt.Rows {
		name := kit.ScoreRowIn(en, row)
		first := fmt.Sprintf("%s: %s %d · ", name, kit.SeatLetterOf(en, res.Ranking[0]), row.Points[res.Ranking[0]])
		if !strings.Contains(final, "\n"+first) {
			t.Errorf("final post lacks %q (the winner first)", first)
		}
		if !slices.Equal(got[name], row.Points) {
			t.Errorf("%s: the post says %v, the engine %v", name, got[name], row.Points)
		}
	}

	// The final past board (/tt history's board, /tt board at: the last
	// move) carries the same breakdown.
	past := gen.PastMessage(en, tb, "Coal Baron", "", mt, nil, 1, 1).Content
	if gotPast, _ := breakdownOf(t, en, past, "**Points by category:**", 2); !maps.EqualFunc(gotPast, got, slices.Equal) {
		t.Errorf("the final past board's breakdown %v, the final post's %v:\n%s", gotPast, got, past)
	}

	// The category names (their English is checked above) in Polish.
	pl := i18n.Localizer(i18n.Polish)
	for _, row := range bt.Rows {
		if p := pl.Message(row.NameMessage, "\x00"); p == en.Message(row.NameMessage, "") || p == "\x00" || strings.Contains(p, "[") {
			t.Errorf("%s renders in Polish as %q", row.NameMessage.ID, p)
		}
	}
	tb.Notes.Settings.Lang = i18n.Polish
	plFinal := gen.BoardMessage(h.m, tb, mt).Content
	gotPL, orderPL := breakdownOf(t, pl, plFinal, "**Punkty według kategorii:**", 2)
	if want := []string{"Karty z 1 wózkiem", "Zamówienia", "Udziały", "Żetony zmiany", "Cele"}; !slices.Equal(orderPL, want) {
		t.Errorf("Polish categories %q, want %q", orderPL, want)
	}
	for i, row := range bt.Rows {
		if !slices.Equal(gotPL[orderPL[i]], row.Points) {
			t.Errorf("Polish %s: %v, the engine %v", orderPL[i], gotPL[orderPL[i]], row.Points)
		}
	}
	lacks(t, "Polish final post", plFinal, "Points by category", "1-lorry", "Orders", "Shares", "Shift tokens", "Objectives")

	// The finished game's whole log: a button per shift, none disabled.
	shifts := coalbaron.Standard.Seats[2].Shifts
	r := mustPrivate(t, h.command(cbOutsider, 0, "log", nil))
	var labels []string
	for _, b := range r.all() {
		if pagerButton(b.Label) {
			continue // the pages of a long log (TestGenericLogPagesWithinARound)
		}
		labels = append(labels, fmt.Sprintf("%s=%s/%v", b.Label, b.CustomID, b.Disabled))
	}
	var want []string
	for s := 1; s <= shifts; s++ {
		want = append(want, fmt.Sprintf("Shift %d=glog:%s:%d/false", s, id, s))
	}
	if !slices.Equal(labels, want) {
		t.Errorf("finished log buttons %v, want %v", labels, want)
	}
}

// TestGenericLogShiftButtons: /tt log without round: at a Coal Baron table
// in shift 3 lists the whole game with a button per shift begun (none
// disabled: the page is no one shift); each button opens that shift's page,
// the same as /tt log round:<n>; a Polish reader's buttons say "Zmiana". A
// title without rounds keeps its whole log without buttons.
func TestGenericLogShiftButtons(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h, rr := cbHarness(t)
	d := cbGame(t, h, rr, 5, func(mt engine.Match) bool { return mt.(engine.Rounds).Round() >= 3 })
	id := d.id
	before := cbSnapshot(h, id)
	r := mustPrivate(t, h.command(cbPlayers[0], 0, "log", nil))
	wantText(t, "log", r.Content, fmt.Sprintf("**Table %s — the game so far** (", id), "\nShift 3 begins with ")
	var labels []string
	for _, b := range r.all() {
		if pagerButton(b.Label) {
			continue // the pages of a long log (TestGenericLogPagesWithinARound)
		}
		labels = append(labels, fmt.Sprintf("%s=%s/%v", b.Label, b.CustomID, b.Disabled))
	}
	if want := []string{"Shift 1=glog:" + id + ":1/false", "Shift 2=glog:" + id + ":2/false", "Shift 3=glog:" + id + ":3/false"}; !slices.Equal(labels, want) {
		t.Fatalf("whole log buttons %v, want %v", labels, want)
	}
	for s := 1; s <= 3; s++ {
		b, ok := r.button(fmt.Sprintf("Shift %d", s))
		if !ok {
			t.Fatalf("no Shift %d button", s)
		}
		page := mustPrivate(t, h.click(cbPlayers[0], r.ID, true, b.CustomID))
		wantText(t, b.Label, page.Content, fmt.Sprintf("**Table %s — Shift %d** (", id, s))
		// The move that ends a shift is that shift's: its page ends with
		// the next one's beginning.
		if s < 3 {
			wantText(t, b.Label, page.Content, fmt.Sprintf("Shift %d ends", s), fmt.Sprintf("Shift %d begins with ", s+1))
		}
		for o := 1; o <= 3; o++ {
			if o != s && strings.Contains(page.Content, fmt.Sprintf("Shift %d ends", o)) {
				t.Errorf("shift %d's page holds the end of shift %d", s, o)
			}
		}
		cmd := mustPrivate(t, h.command(cbPlayers[1], 0, "log", map[string]any{"round": s}))
		if page.Content != cmd.Content {
			t.Errorf("the Shift %d button opens\n%s\nbut log round:%d says\n%s", s, page.Content, s, cmd.Content)
		}
		if on, _ := page.button(b.Label); !on.Disabled {
			t.Errorf("shift %d's page does not mark its own button", s)
		}
	}
	if after := cbSnapshot(h, id); after != before {
		t.Error("the log changed the game")
	}

	// Polish.
	r = mustPrivate(t, h.commandAs("pl", "", cbPlayers[0], 0, "log", nil))
	wantText(t, "dziennik", r.Content, fmt.Sprintf("**Stół %s — dotychczasowy przebieg gry** (", id))
	labels = nil
	for _, b := range r.all() {
		if !pagerButton(b.Label) {
			labels = append(labels, b.Label)
		}
	}
	if want := []string{"Zmiana 1", "Zmiana 2", "Zmiana 3"}; !slices.Equal(labels, want) {
		t.Errorf("Polish whole log buttons %q, want %q", labels, want)
	}

	// A title without rounds: no buttons.
	h2 := newHarnessWith(t, func(c *Config) {
		c.Titles = engine.NewRegistry(tinners.Title, coalbaron.Title, noRounds{coalbaron.Title})
		c.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: tinnersimg.Renderer, coalbaron.ID: &recRenderer{}, "norounds": &recRenderer{}})
	})
	posts := boardPosts(t, h2.command(cbPlayers[0], 0, "new", map[string]any{"game": "norounds", "players": 2}))
	if len(posts) != 1 {
		t.Fatalf("new: %d posts", len(posts))
	}
	join, _ := posts[0].button("Join")
	nid := strings.Split(join.CustomID, ":")[1]
	h2.command(cbPlayers[1], 0, "join", nil)
	h2.click(cbPlayers[0], posts[0].ID, false, "tl:"+nid+":start")
	if tb := h2.table(nid); tb.Status != kit.StatusRunning {
		t.Fatalf("table %s: %s", nid, tb.Status)
	}
	r = mustPrivate(t, h2.command(cbPlayers[0], 0, "log", nil))
	wantText(t, "log without rounds", r.Content, "the game so far")
	for _, b := range r.all() {
		if !pagerButton(b.Label) {
			t.Errorf("a title without rounds has a log button besides the pages': %+v", b)
		}
	}
}

// pagerButton is a button of /tt log's pages (logpage.go).
func pagerButton(label string) bool {
	return strings.HasPrefix(label, "◀ ") || strings.HasSuffix(label, " ▶")
}

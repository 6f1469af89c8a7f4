package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// TestDraftStepLettersMatchPicture: the private survey draft step carries
// the draft picture and offers one option per kept set, labelled A, B, C…
// in the picture's order (tinnersimg.DraftSets), each discarding that
// set's cards; choosing a letter keeps exactly that set.
func TestDraftStepLettersMatchPicture(t *testing.T) {
	h := newHarness(t)
	id, board := openTable(t, h)
	draft, ok := board.button("Choose my survey cards")
	if !ok {
		t.Fatalf("draft board buttons: %+v", board.all())
	}
	for k, user := range players[:2] {
		locale := []string{"en-US", "pl"}[k]
		tb := h.table(id)
		seat := tb.SeatOf(user)
		s := h.state(id)
		sets := tinnersimg.DraftSets(s.SeatView(seat))
		calls := h.clickLoc(locale, user, board.ID, false, draft.CustomID)
		rep := mustPrivate(t, calls)
		pictures := 0
		for _, c := range calls {
			for _, f := range c.Files {
				if f.Name == "draft.png" {
					pictures++
				}
			}
		}
		if pictures != 1 {
			t.Fatalf("%s: the draft step carries %d draft pictures, want 1", locale, pictures)
		}
		want := []string{"**Your survey draft** (only you see this).", "by its letter"}
		if locale == "pl" {
			want = []string{"**Twój wybór map geologicznych** (widzisz to tylko ty).", "Wybierz literą zestaw map"}
		}
		wantText(t, "draft step "+locale, rep.Content, want...)
		if lines := strings.Count(rep.Content, "\n") + 1; lines > 3 {
			t.Errorf("%s: the draft step's text has %d lines:\n%s", locale, lines, rep.Content)
		}
		var sel uiComp
		for _, c := range rep.all() {
			if c.Type == 3 {
				sel = c
			}
		}
		if len(sel.Options) != len(sets) || len(sets) < 2 {
			t.Fatalf("%s: %d options for %d sets", locale, len(sel.Options), len(sets))
		}
		for n, o := range sel.Options {
			if o.Label != tinnersimg.DraftLetter(n) {
				t.Errorf("%s: option %d is labelled %q, want %q", locale, n, o.Label, tinnersimg.DraftLetter(n))
			}
			f := strings.SplitN(o.Value, ":", 4)
			acts, ok := tt.DraftActions(f[3])
			if !ok || f[0] != "tdd" {
				t.Fatalf("%s: option %s's value %q", locale, o.Label, o.Value)
			}
			var cards []int
			for _, a := range acts {
				cards = append(cards, a.Card)
			}
			if !slices.Equal(cards, sets[n].Discard) {
				t.Errorf("%s: option %s discards %v, the picture's set %v", locale, o.Label, cards, sets[n].Discard)
			}
		}
		// Choose B: the seat keeps B's cards besides its hand.
		hand := s.SeatView(seat).Hand
		board = newestBoard(t, board, h.clickLoc(locale, user, rep.ID, true, sel.CustomID, sel.Options[1].Value))
		got := h.state(id).Players[seat].Hand
		wantHand := slices.Clone(sets[1].Keep)
		for _, c := range hand {
			wantHand = append(wantHand, c.ID)
		}
		slices.Sort(got)
		slices.Sort(wantHand)
		if !slices.Equal(got, wantHand) {
			t.Errorf("%s: after B the hand is %v, want %v", locale, got, wantHand)
		}
	}
}

// TestDraftPictureRendered: the draft picture the bot sends is a PNG at
// most 1.3 × as tall as it is wide and under 200 KB, in either language.
func TestDraftPictureRendered(t *testing.T) {
	s, err := tinners.NewGame(tinners.Setup{NumSeats: 4, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	locs := []*i18n.Loc{nil, i18n.Localizer("pl")}
	if !testenv.Pick(t, false) {
		locs = locs[1:] // one picture outside the full pass
	}
	for _, l := range locs {
		data, err := tt.DefaultRenderHand(s.SeatView(1), kit.RenderOptions{Loc: l, Draft: true})
		if err != nil {
			t.Fatal(err)
		}
		c, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if float64(c.Height) > 1.3*float64(c.Width) || len(data) > 200<<10 {
			t.Errorf("draft picture %d×%d, %d KB", c.Width, c.Height, len(data)>>10)
		}
		if dir := os.Getenv("TT_DRAFT_PNG"); dir != "" && l != nil {
			os.WriteFile(filepath.Join(dir, "draft-pl.png"), data, 0o644)
		}
	}
}

// TestDraftSoleSetTaken: when every region's two drawn cards are alike
// there is one set to keep; the step says so (soleDraft), and m.step
// takes it for the player.
func TestDraftSoleSetTaken(t *testing.T) {
	s, err := tinners.NewGame(tinners.Setup{NumSeats: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	e := s.Edition()
	p := &s.Players[0]
	var draft []int
	for _, id := range p.Draft {
		d := e.Cards[id].Deck
		if slices.ContainsFunc(draft, func(x int) bool { return e.Cards[x].Deck == d }) {
			continue
		}
		// Two alike cards of deck d.
		seen := map[string]int{}
		for _, c := range e.Decks[d] {
			k := fmt.Sprint(e.Cards[c].Benefit, e.Cards[c].Amount, e.Cards[c].Value)
			if other, ok := seen[k]; ok {
				draft = append(draft, other, c)
				break
			}
			seen[k] = c
		}
	}
	p.Draft = draft
	msg := tt.DraftStep(i18n.Localizer(i18n.English), kit.Table{ID: "g1"}, s, 0, true)
	acts, only := tt.SoleDraft(msg)
	if !only || len(acts) != len(draft)/2 {
		t.Fatalf("one set: soleDraft %v %v on %+v", acts, only, msg.Components)
	}
	// Without a picture, the text names each set's kept cards.
	plain := tt.DraftStep(i18n.Localizer(i18n.English), kit.Table{ID: "g1"}, s, 0, false)
	if !strings.Contains(plain.Content, "**A**: Keep ") || strings.Contains(plain.Content, "picture") {
		t.Errorf("text-only draft step:\n%s", plain.Content)
	}
	// Two sets: not taken.
	p.Draft = s.Clone().Players[1].Draft
	if _, only := tt.SoleDraft(tt.DraftStep(i18n.Localizer(i18n.English), kit.Table{ID: "g1"}, s, 0, true)); only {
		t.Error("a draft with choices is taken for the player")
	}
}

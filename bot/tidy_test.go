package bot

import (
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

func TestFlatParensNestsWithBrackets(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"(**orange (O)** (P1) had only one option)", "(**orange [O]** [P1] had only one option)"},
		{"places 3 workers (1+1+1 (innovation 1–3)) on", "places 3 workers (1+1+1 [innovation 1–3]) on"},
		{"**orange (O)** (P1) bids £2.", "**orange (O)** (P1) bids £2."},
		{"a (b) c (d)\n(e (f))", "a (b) c (d)\n(e [f])"},
		{"unbalanced ) ( (x)", "unbalanced ) ( [x]"},
	} {
		if got := flatParens(c.in); got != c.want {
			t.Errorf("flatParens(%q) = %q, want %q", c.in, got, c.want)
		}
		if again := flatParens(flatParens(c.in)); again != flatParens(c.in) {
			t.Errorf("flatParens is not idempotent on %q: %q", c.in, again)
		}
	}
	r := tidyResponse(kit.Response{Reply: &kit.Message{Content: "(a (b))", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "x (y (z))", CustomID: "id(1(2))"},
		discordgo.SelectMenu{Options: []discordgo.SelectMenuOption{{Label: "(p (q))", Value: "v(1(2))", Description: "(d (e))"}}}}}}}})
	row := r.Reply.Components[0].(discordgo.ActionsRow)
	b, s := row.Components[0].(discordgo.Button), row.Components[1].(discordgo.SelectMenu)
	if r.Reply.Content != "(a [b])" || b.Label != "x (y [z])" || s.Options[0].Label != "(p [q])" || s.Options[0].Description != "(d [e])" {
		t.Errorf("tidyResponse left nested parentheses: %q %q %q %q", r.Reply.Content, b.Label, s.Options[0].Label, s.Options[0].Description)
	}
	if b.CustomID != "id(1(2))" || s.Options[0].Value != "v(1(2))" {
		t.Errorf("tidyResponse changed a custom ID or value: %q %q", b.CustomID, s.Options[0].Value)
	}
}

func TestTruncCutsBetweenWords(t *testing.T) {
	s := "Keep the share barracks and the objective two victory points per engine of kind C"
	got := kit.Trunc(s, 40)
	if !strings.HasSuffix(got, "…") || len([]rune(got)) >= 40 {
		t.Fatalf("trunc = %q (%d runes), want a word cut shorter than 40", got, len([]rune(got)))
	}
	if !strings.HasPrefix(s, strings.TrimSuffix(got, "…")+" ") {
		t.Errorf("trunc = %q does not end at a word's end", got)
	}
	if got := kit.Trunc(strings.Repeat("x", 50), 40); len([]rune(got)) != 40 {
		t.Errorf("a text without spaces is cut at the limit: %q", got)
	}
}

// TestNoNothingToldAsAnEvent: Tinners' Trail's lines leave out an ore
// that is 0 and say "does not invest" for £0, in English and Polish.
func TestNoNothingToldAsAnEvent(t *testing.T) {
	en, pl := i18n.Localizer("en"), i18n.Localizer("pl")
	for _, c := range []struct {
		l    *i18n.Loc
		id   string
		a    kit.Args
		want string
	}{
		{en, "tt_log_extract", kit.Args{"P": "P1", "Tin": 0, "Copper": 1, "Area": "C4", "Cost": 5, "Water": 6}, "P1 extracts 1 copper from C4 for £5; water rises to 6."},
		{en, "tt_log_extract", kit.Args{"P": "P1", "Tin": 2, "Copper": 0, "Area": "C4", "Cost": 5, "Water": 6}, "P1 extracts 2 tin from C4 for £5; water rises to 6."},
		{en, "tt_log_sell", kit.Args{"P": "P1", "Tin": 1, "Copper": 2, "Money": 9}, "P1 sells 1 tin and 2 copper for £9."},
		{pl, "tt_log_sell", kit.Args{"P": "P1", "Tin": 0, "Copper": 2, "Money": 9}, "P1 sprzedaje rudę (miedź: 2) za £9."},
		{en, "tt_log_invest", kit.Args{"P": "P1", "Amount": 0, "Count": 0}, "P1 does not invest."},
		{en, "tt_log_invest", kit.Args{"P": "P1", "Amount": 5, "Count": 1}, "P1 invests £5 for 1 point."},
		{pl, "tt_log_invest", kit.Args{"P": "P1", "Amount": 0, "Count": 0}, "P1 nie inwestuje."},
	} {
		count := c.a["Count"]
		var got string
		if n, ok := count.(int); ok {
			got = c.l.N(c.id, n, c.a)
		} else {
			got = c.l.T(c.id, c.a)
		}
		if got != c.want {
			t.Errorf("%s %s: %q, want %q", c.l.Lang(), c.id, got, c.want)
		}
	}
}

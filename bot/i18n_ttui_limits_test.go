package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/ttui"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// polishTable is tb at a table whose language is Polish.
func polishTable(tb kit.Table) kit.Table {
	tb.Notes.Settings.Lang = i18n.Polish
	return tb
}

// uiTexts lists every button label, placeholder, option label and
// description seat can reach from the board of s (the board, its private
// step, and every step a menu button opens), in the order met, and checks
// every message on the way against Discord's limits, and that each
// action with a cost in work points shows it (as wp writes them: "WP" in
// English, "PP" in Polish).
func uiTexts(t *testing.T, tb kit.Table, s *tinners.State, seat int, wp string) []string {
	t.Helper()
	var out []string
	seen := map[string]bool{}
	where := fmt.Sprintf("%s %dp v%d %s seat %d", tb.Notes.Settings.Lang, s.NumSeats, s.Version, s.Phase, seat)
	var walk func(what string, msg kit.Message)
	follow := func(what, id, text string) {
		if strings.HasPrefix(id, "tt:") {
			if a, err := tinners.ParseAction(strings.SplitN(id, ":", 4)[3]); err == nil {
				if _, costs := tinners.Standard.Costs[a.Kind]; costs && !strings.Contains(text, wp) {
					t.Fatalf("%s %s: %q (%s) does not show its work points", where, what, text, a)
				}
			}
		}
		if !strings.HasPrefix(id, "tm:") {
			return
		}
		step := strings.SplitN(id, ":", 4)[3]
		if seen[step] {
			return
		}
		seen[step] = true
		if msg, _ := stepMessage(tb, s, seat, step); msg != nil {
			walk(what+" → "+step, *msg)
		}
	}
	walk = func(what string, msg kit.Message) {
		checkMessageLimits(t, where+" "+what, msg)
		for _, c := range msg.Components {
			row, ok := c.(discordgo.ActionsRow)
			if !ok {
				continue
			}
			for _, c := range row.Components {
				switch c := c.(type) {
				case discordgo.Button:
					out = append(out, c.Label)
					follow(what, c.CustomID, c.Label)
				case discordgo.SelectMenu:
					out = append(out, c.Placeholder)
					for _, o := range c.Options {
						out = append(out, o.Label, o.Description)
						id := o.Value
						if strings.HasPrefix(c.CustomID, "tmul:") {
							a, _, _ := strings.Cut(o.Value, "#")
							id = "tt:" + tb.ID + ":" + tok(tb, s) + ":" + a
						}
						follow(what, id, o.Label+" "+o.Description)
					}
				}
			}
		}
	}
	walk("board", kit.Message{Content: kit.Clip(boardText(tb, s.PublicView(), nil)), Components: boardComponents(tb, s)})
	if step := nextStep(tb, s, seat); step != nil {
		walk("step", *step)
	}
	return out
}

// TestComponentsFitDiscordInPolish plays random games at a Polish table
// with every module and checks every message a seat can reach against
// Discord's limits and for the work points of each action (as
// TestComponentsFitDiscordAndCoverLegal does in English), and that no Polish label, description or placeholder
// had to be shortened where the English one was not: Polish is longer,
// and a cut word is no choice.
func TestComponentsFitDiscordInPolish(t *testing.T) {
	t.Parallel() // CPU-bound: shares the two cores with the other heavy property tests
	all := tinners.Options{Arsenic: true, Kickstarter: true, Emigration: true}
	for _, g := range []struct {
		n    int
		opts tinners.Options
	}{{1, tinners.Options{}}, {1, all}, {2, all}, {3, tinners.Options{}}, {4, all}, {5, all}} {
		t.Run(fmt.Sprintf("%dp/modules=%v", g.n, g.opts != tinners.Options{}), func(t *testing.T) {
			if !testenv.Pick(t, g.n == 1 && g.opts == all) {
				// About ten times slower under -race, and one goroutine
				// checks the texts: there the solo game with every module
				// (TestComponentsFitDiscordAndCoverLegal plays 2 players with
				// every module); the full pass plays all of them.
				t.Skip("outside the full pass only the solo game with every module")
			}
			en := randomTable(g.n)
			pl := polishTable(en)
			states, texts := 0, 0
			var cut []string
			seeds := uint64(testenv.Size(t, 1, 2))
			for seed := range seeds {
				var acct accounts
				randomStates(t, g.n, 3000+10*seed+uint64(g.n), func(s *tinners.State) {
					states++
					checkMessageLimits(t, "Polish final board", kit.Message{Content: kit.Clip(boardText(pl, s.PublicView(), acct.of(pl, s)))})
					for _, seat := range s.ToAct() {
						if seat == tinners.WallaceSeat && g.n == tinners.SoloSeats {
							continue
						}
						a, b := uiTexts(t, en, s, seat, "WP"), uiTexts(t, pl, s, seat, "PP")
						if len(a) != len(b) {
							t.Fatalf("v%d %s seat %d: %d texts in English, %d in Polish", s.Version, s.Phase, seat, len(a), len(b))
						}
						texts += len(b)
						for i := range b {
							if strings.HasSuffix(b[i], "…") && !strings.HasSuffix(a[i], "…") && len(cut) < 10 {
								cut = append(cut, fmt.Sprintf("%q (English %q)", b[i], a[i]))
							}
						}
					}
				}, g.opts)
			}
			if len(cut) > 0 {
				t.Errorf("Polish texts cut short to fit Discord:\n%s", strings.Join(cut, "\n"))
			}
			if states < 50 || texts == 0 {
				t.Fatalf("only %d states, %d texts", states, texts)
			}
		})
	}
}

// TestModalsAndLobbyFitDiscordInPolish checks the bid modals' titles and
// labels (Discord: 45 characters) and the retry buttons with the largest
// amounts, and the solo lobby with every difficulty option, in both
// languages: nothing cut short.
func TestModalsAndLobbyFitDiscordInPolish(t *testing.T) {
	for _, l := range []*i18n.Loc{i18n.Localizer(i18n.English), i18n.Localizer(i18n.Polish)} {
		for _, x := range []struct {
			text string
			max  int
		}{
			{l.T("ui_bid_title", nil), 45},
			{l.T("ui_order_title", nil), 45},
			{l.T("ui_bid_amount", kit.Args{"Min": 9999, "Max": 9999}), 45},
			{l.T("ui_order_amount", kit.Args{"Max": 9999}), 45},
			{l.T("ui_btn_bid_again", kit.Args{"Min": "99999", "Max": "99999"}), 80},
			{l.T("ui_btn_order_again", nil), 80},
		} {
			if n := utf8.RuneCountInString(x.text); n > x.max {
				t.Errorf("%s: %q has %d characters, Discord allows %d", l.Lang(), x.text, n, x.max)
			}
		}
		for _, c := range tt.DifficultyChoices() {
			nameID, helpID := tt.DifficultyWords(c)
			if name, help := l.T(nameID, nil), l.T(helpID, nil); utf8.RuneCountInString(name) > 100 || utf8.RuneCountInString(help) > 100 {
				t.Errorf("%s: difficulty option %q / %q is over 100 characters", l.Lang(), name, help)
			}
		}
		if ph := l.T("ui_solo_difficulty_placeholder", kit.Args{"Lord": tt.LordNameIn(l)}); utf8.RuneCountInString(ph) > 150 {
			t.Errorf("%s: placeholder %q", l.Lang(), ph)
		}
	}
	m := bareMain(Config{})
	tb := polishTable(randomTable(1))
	tb.Status = kit.StatusLobby
	tb.Options = ttOpts(tinners.Options{Solo: true, Arsenic: true, Emigration: true, Kickstarter: true})
	ttui.SetNotes(&tb.Notes, ttui.Notes{Difficulty: []string{"better-mines", "cheap-labour", "more-mines=2", "deep-pockets", "friends-in-high-places", "financial-sabotage", "bailing-out", "shady-land-purchases"}})
	msg := m.LobbyMessage(tb)
	checkMessageLimits(t, "Polish solo lobby", msg)
	wantText(t, "Polish solo lobby", msg.Content, "**Tinners' Trail, gra solo** — stół ", "kontra Lord Wallace. Dodatki: Arszenik", "Lepsze kopalnie, Tania siła robocza, Więcej kopalni (+2)")
}

package bot

import (
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/mineshaft"
)

// TestRulesSummaryInReadersLanguage: /tt rules at another title's table
// gives the title's summary in the reader's language (the catalogue's
// coalbaron_rules), and the title's own English to an English reader.
func TestRulesSummaryInReadersLanguage(t *testing.T) {
	meta := coalbaron.Title.Meta()
	en := gen.RulesText(i18n.Localizer(i18n.English), meta)
	if !strings.Contains(en, meta.Rules) {
		t.Errorf("English /tt rules lacks the title's summary:\n%s", en)
	}
	pl := gen.RulesText(i18n.Localizer(i18n.Polish), meta)
	want := i18n.Localizer(i18n.Polish).T("coalbaron_rules", nil)
	if !strings.Contains(pl, want) || strings.Contains(pl, meta.Rules) || len(pl) > 2000 {
		t.Errorf("Polish /tt rules is not the Polish summary (or too long, %d):\n%s", len(pl), pl)
	}
}

// TestRulesCreditsMineshaft: /tt rules at a mine-shaft table says, in the
// reader's language, that the game's title, designer and publisher are
// unknown and that its components and rule details are this project's
// design, and still gives the whole summary within one message.
func TestRulesCreditsMineshaft(t *testing.T) {
	meta := mineshaft.Title.Meta()
	for lang, words := range map[string][]string{
		i18n.English: {"title, designer and publisher unknown", "this project's design"},
		i18n.Polish:  {"tytuł, autor i wydawca nieznani", "zaprojektował ten projekt"},
	} {
		l := i18n.Localizer(lang)
		s := gen.RulesText(l, meta)
		for _, w := range words {
			if !strings.Contains(s, w) {
				t.Errorf("%s /tt rules lacks %q:\n%s", lang, w, s)
			}
		}
		if summary := l.T("mineshaft_rules", nil); !strings.Contains(s, summary) || len([]rune(s)) > 2000 {
			t.Errorf("%s /tt rules lacks the whole summary or is over 2000 characters (%d)", lang, len([]rune(s)))
		}
	}
	// A title whose catalogue has no credits gets none.
	if s := gen.RulesText(i18n.Localizer(i18n.English), coalbaron.Title.Meta()); strings.Contains(s, "unknown") {
		t.Errorf("Coal Baron's /tt rules names credits it has none of:\n%s", s)
	}
}

package bot

import (
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
)

// TestRulesSummaryInReadersLanguage: /tt rules at another title's table
// gives the title's summary in the reader's language (the catalogue's
// coalbaron_rules), and the title's own English to an English reader.
func TestRulesSummaryInReadersLanguage(t *testing.T) {
	meta := coalbaron.Title.Meta()
	en := grulesText(i18n.Localizer(i18n.English), meta)
	if !strings.Contains(en, meta.Rules) {
		t.Errorf("English /tt rules lacks the title's summary:\n%s", en)
	}
	pl := grulesText(i18n.Localizer(i18n.Polish), meta)
	want := i18n.Localizer(i18n.Polish).T("coalbaron_rules", nil)
	if !strings.Contains(pl, want) || strings.Contains(pl, meta.Rules) || len(pl) > 2000 {
		t.Errorf("Polish /tt rules is not the Polish summary (or too long, %d):\n%s", len(pl), pl)
	}
}

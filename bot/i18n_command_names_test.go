package bot

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// commandRefRE finds a command as a message names it: "/tt board at:",
// "/tt export game:".
var commandRefRE = regexp.MustCompile(`/tt (\p{Ll}+)((?: \p{Ll}+:)*)`)

// optionRefRE finds an option named on its own: "`seat:`", "`at:<move>`".
var optionRefRE = regexp.MustCompile("`(\\p{Ll}+):")

// TestPolishCommandNames: Discord shows a Polish user the commands by their
// Polish names (nameL10n), so a Polish message names them so too: every
// "/tt sub opt:" in the Polish catalogue uses the Polish names, and every
// English message uses the English ones.
func TestPolishCommandNames(t *testing.T) {
	english := map[string]bool{}
	polish := map[string]bool{}
	for en, l := range nameL10n {
		english[en] = true
		polish[l[discordgo.Polish]] = true
	}
	for lang, names := range map[string]map[string]bool{i18n.English: english, i18n.Polish: polish} {
		ts, err := i18n.Templates(lang)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for id, forms := range ts {
			for _, f := range forms {
				for _, m := range commandRefRE.FindAllStringSubmatch(f, -1) {
					n++
					words := append([]string{m[1]}, strings.Fields(strings.ReplaceAll(m[2], ":", ""))...)
					for _, w := range words {
						if !names[w] {
							t.Errorf("%s (%s): %q names %q, which is not a %s command or option name", id, lang, m[0], w, lang)
						}
					}
				}
				for _, m := range optionRefRE.FindAllStringSubmatch(f, -1) {
					if !names[m[1]] {
						t.Errorf("%s (%s): %q names %q, which is not a %s option name", id, lang, m[0], m[1], lang)
					}
				}
			}
		}
		if n == 0 {
			t.Errorf("%s: no command named anywhere: has the pattern changed?", lang)
		}
	}
}

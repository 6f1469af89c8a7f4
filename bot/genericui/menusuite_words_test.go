package genericui

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"
)

// The menus suite's checks of a message's words beyond the catalogue's
// having it (catalogueCheck.check): every argument a message carries is
// shown by its English (so a hidden card cannot ride along in a stored
// line), and its Polish is not its English unless the English is only
// names and numbers.

var (
	enTplOnce sync.Once
	enTpl     map[string][]string
	enTplErr  error

	seatPHRE    = regexp.MustCompile(`\{P\d\}`)
	quotedArgRE = regexp.MustCompile(`"[^"]*"`) // action strings quoted in refusals: codes, not words
	wordsRE     = regexp.MustCompile(`[A-Za-z]{2,}`)
)

// unshownArgs lists the arguments of m (nested ones too) that its English
// template does not show.
func unshownArgs(t *testing.T, m engine.Message) []string {
	t.Helper()
	enTplOnce.Do(func() { enTpl, enTplErr = i18n.Templates(i18n.English) })
	if enTplErr != nil {
		t.Fatal(enTplErr)
	}
	return i18n.UnshownArgs(enTpl, m)
}

// englishInPolish reports whether pl, a message's Polish, is its English
// en although en has words: words other than same (the title's proper
// names, which both languages share), seat placeholders and quoted codes.
func englishInPolish(en, pl string, same *strings.Replacer) bool {
	if pl != en {
		return false
	}
	s := quotedArgRE.ReplaceAllString(seatPHRE.ReplaceAllString(en, ""), "")
	if same != nil {
		s = same.Replace(s)
	}
	return wordsRE.MatchString(s)
}

// optionWordProblems checks that every lobby option of meta has its words
// in the catalogue (kit.OptionWordIDs) in English and Polish, the Polish not
// the English, unless the Meta gives English of its own (a title with no
// catalogue words for its options). It returns what is wrong.
func optionWordProblems(meta engine.Meta) []string {
	var out []string
	en, pl := i18n.Localizer(i18n.English), i18n.Localizer(i18n.Polish)
	for _, o := range meta.Options {
		if o.Label != "" {
			continue
		}
		label, help := kit.OptionWordIDs(meta, o)
		for _, id := range []string{label, help} {
			if !i18n.Has(id) {
				out = append(out, fmt.Sprintf("option %s: no catalogue message %s", o.Key, id))
				continue
			}
			e, p := en.T(id, nil), pl.T(id, nil)
			if strings.TrimSpace(e) == "" || strings.TrimSpace(p) == "" || e == p {
				out = append(out, fmt.Sprintf("option %s: %s reads %q in English and %q in Polish", o.Key, id, e, p))
			}
		}
	}
	return out
}

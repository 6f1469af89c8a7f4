package playtest

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// The driver recognises a refusal, an apology and the end of the game by
// their English words (refusalRE, internalErrorRE, gameOverRE). At a table
// in another language it recognises the same messages by their text in
// that language: every catalogue message whose English template matches
// the English pattern gives a pattern of its own, the template's literal
// parts with anything in between.

var gameOverRE = regexp.MustCompile(`Game over`)

// patternsIn returns a pattern matching, in lang, the catalogue messages
// whose English matches en; nil for English or when none does.
func patternsIn(lang string, en *regexp.Regexp) *regexp.Regexp {
	lang = i18n.Supported(lang)
	if lang == i18n.English {
		return nil
	}
	ens, err := i18n.Templates(i18n.English)
	if err != nil {
		panic(err)
	}
	others, err := i18n.Templates(lang)
	if err != nil {
		panic(err)
	}
	set := map[string]bool{}
	for id, forms := range ens {
		if !en.MatchString(strings.Join(forms, "\n")) {
			continue
		}
		for _, f := range others[id] {
			if p := templatePattern(f); p != "" {
				set[p] = true
			}
		}
	}
	if len(set) == 0 {
		return nil
	}
	var ps []string
	for p := range set {
		ps = append(ps, p)
	}
	sort.Strings(ps)
	return regexp.MustCompile(`(?i)` + strings.Join(ps, "|"))
}

var actionRE = regexp.MustCompile(`\{\{[^}]*\}\}`)

// templatePattern is a template's literal parts, quoted, joined by "any
// text"; "" when the literal parts are too short to tell anything apart.
func templatePattern(tmpl string) string {
	var lits []string
	n := 0
	for _, p := range actionRE.Split(tmpl, -1) {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		n += len(p)
		lits = append(lits, regexp.QuoteMeta(p))
	}
	if n < 8 {
		return ""
	}
	return `(?:` + strings.Join(lits, `.*?`) + `)`
}

// matcher reports whether a text matches en or, at a table in another
// language, that language's pattern.
type matcher struct{ en, other *regexp.Regexp }

func newMatcher(lang string, en *regexp.Regexp) matcher {
	return matcher{en: en, other: patternsIn(lang, en)}
}

func (m matcher) match(s string) bool {
	return m.en.MatchString(s) || (m.other != nil && m.other.MatchString(s))
}

// wordRE finds words: runs of letters, digits and apostrophes; only those
// of letters alone are words (a table id such as "p6jgg4pt" is not "pt").
var wordRE = regexp.MustCompile(`[\p{L}\p{N}']+`)

// words returns the words of s that are letters alone.
func words(s string) []string {
	var out []string
	for _, w := range wordRE.FindAllString(s, -1) {
		if w = strings.Trim(w, "'"); w != "" && !strings.ContainsFunc(w, unicode.IsDigit) {
			out = append(out, w)
		}
	}
	return out
}

// catalogueWords returns the lower-cased words (two letters or more) of
// lang's catalogue, template actions left out.
func catalogueWords(lang string) map[string]bool {
	ts, err := i18n.Templates(lang)
	if err != nil {
		panic(err)
	}
	out := map[string]bool{}
	for _, forms := range ts {
		for _, f := range forms {
			for _, w := range words(actionRE.ReplaceAllString(f, " ")) {
				if len([]rune(w)) >= 2 {
					out[strings.ToLower(w)] = true
				}
			}
		}
	}
	return out
}

// Shared are the words of the English catalogue a Polish text may rightly
// contain: Polish words spelt the same (do, to, on, port, start, menu…),
// the values a player types (`dm`, `off`, `more-mines=2`), and the
// abbreviations of Emigration's places. Anything else from the English
// catalogue in a Polish text is an English word. The list is fixed here,
// not read from the Polish catalogue, so English left in the Polish
// catalogue is caught too.
var Shared = []string{
	"by", "do", "go", "mi", "on", "to", "ten", "map", "menu", "minimum", "min", "start", "solo", "port", "ranking",
	"region", "wagon", "piece", "admin", "bot", "dm", "channel", "off", "en", "pl", "utc", "tt", "more", "mines",
	"ki", "sm", "ad", "era",
}

// cutWordRE is the end of a word cut short by an ellipsis.
var cutWordRE = regexp.MustCompile(`\p{L}+…`)

// EnglishIn returns the English words in texts, with how often each
// occurs: the words of the English catalogue, except Shared and proper,
// the names a text may rightly contain (places, titles, players; compared
// case-insensitively, word by word). It is how `playtest --locale pl`
// shows that no English reached a Polish player.
func EnglishIn(texts []string, proper []string) map[string]int {
	en := catalogueWords(i18n.English)
	allowed := sameInBoth()
	for _, p := range append(slices.Clone(Shared), proper...) {
		for _, w := range words(p) {
			allowed[strings.ToLower(w)] = true
		}
	}
	out := map[string]int{}
	for _, t := range texts {
		// A word cut short to fit ("wszystkie cztery st…") is no word.
		t = cutWordRE.ReplaceAllString(t, "…")
		for _, w := range words(t) {
			lw := strings.ToLower(w)
			if en[lw] && !allowed[lw] {
				out[lw]++
			}
		}
	}
	return out
}

// sameInBoth are the lower-cased words of the names both catalogues write
// exactly alike (Brass's towns: "Stoke-on-Trent"), which a Polish text
// rightly shows as they are: messages of one to three words, no template
// action, beginning with a capital. A sentence left in English in the
// Polish catalogue is no such name, so it is still caught.
func sameInBoth() map[string]bool {
	en, err := i18n.Templates(i18n.English)
	if err != nil {
		panic(err)
	}
	pl, err := i18n.Templates(i18n.Polish)
	if err != nil {
		panic(err)
	}
	out := map[string]bool{}
	for id, forms := range en {
		if !slices.Equal(forms, pl[id]) {
			continue
		}
		for _, f := range forms {
			ws := words(f)
			if strings.Contains(f, "{{") || len(ws) == 0 || len(ws) > 3 || !unicode.IsUpper([]rune(f)[0]) {
				continue
			}
			for _, w := range ws {
				out[strings.ToLower(w)] = true
			}
		}
	}
	return out
}

// ProperNames are the names a message at a table of title id may rightly
// show in any language: the titles' names, Lord Wallace, the
// players' names in the playtest, and the title's places (Tinners' Trail's
// mines and ports are named as on the map).
func ProperNames(titles *engine.Registry, id string) []string {
	out := []string{"Lord Wallace", "Discord"}
	for _, t := range titles.All() {
		out = append(out, t.Meta().Name)
	}
	if id == tinners.ID || id == "" {
		for _, a := range tinners.EditionOf("").Areas {
			out = append(out, a.Name)
		}
	}
	for k := range 5 {
		out = append(out, fmt.Sprintf("P%d player%02d", k+1, k+1))
	}
	return out
}

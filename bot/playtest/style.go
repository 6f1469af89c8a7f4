package playtest

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
)

// Polish style (docs/i18n.md, "Polish style"): what a native reader stops
// at in a whole Polish game, found in the texts the bot showed.

// secondPersonRE finds a verb or pronoun of the second person: a present
// tense in -sz ("pasujesz", "masz"), the imperatives the catalogue's
// labels use, and "twój", "ciebie"…
var secondPersonRE = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(\p{L}{2,}(?:esz|isz|ysz|asz)|weź|przenieś|postaw|zagraj|zatrzymaj|obejrzyj|odłóż|zakończ|pasuj|spasuj|wybierz|naciśnij|użyj|zbuduj|sprzedaj|podbij|połóż|zrezygnuj|wykonaj|twój|twoja|twoje|twojego|twojej|twoim|twoich|twoją|ciebie|cię|tobie)(?:[^\p{L}]|$)`)

// notSecondPerson are words ending like a second person that are not one.
var notSecondPerson = map[string]bool{"nasz": true, "wasz": true, "kosz": true, "grosz": true, "mysz": true, "kapelusz": true, "tusz": true}

// cardTextRE is a card's printed effect inside its name ("innowacja: weź
// wózek"), an imperative that is the card's own words.
var cardTextRE = regexp.MustCompile(`(?i)innowacj\p{L}*: weź`)

// PolishFindings lists, for a game played in Polish, every place a text
// breaks the Polish style: a seat's colour in the nominative right after a
// word that governs another case ("za niebieski (N)", "miejsce zielony");
// a second-person verb or pronoun in a public line that is not addressed
// to the player it mentions first; an English code letter (a catalogue
// message that is a code in English and something else in Polish, such
// as a crest's "C"). Each finding names the check and quotes the line.
func PolishFindings(res *Result) []string {
	pl, err := i18n.Templates(i18n.Polish)
	if err != nil {
		panic(err)
	}
	en, err := i18n.Templates(i18n.English)
	if err != nil {
		panic(err)
	}
	var colours []string
	for id, forms := range pl {
		if strings.HasPrefix(id, "colour_") && !strings.HasSuffix(id, "_gen") {
			colours = append(colours, regexp.QuoteMeta(forms[0]))
		}
	}
	slices.Sort(colours)
	nominativeRE := regexp.MustCompile(`(?i)(?:^|[^\p{L}])(za|na|od|dla|do|przez|miejsce|miejsca)\s+(?:\*\*)?(?:` + strings.Join(colours, "|") + `)(?:[^\p{L}]|$)`)
	// Codes: English one or two capitals that Polish says otherwise.
	polishCodes := map[string]bool{}
	for _, forms := range pl {
		if len(forms) == 1 && codeRE.MatchString(forms[0]) {
			polishCodes[forms[0]] = true
		}
	}
	var codes []string
	for id, forms := range en {
		if strings.HasPrefix(id, "img_") {
			continue // the pictures' own letters, explained by their legends
		}
		if len(forms) == 1 && codeRE.MatchString(forms[0]) && !polishCodes[forms[0]] && len(pl[id]) == 1 && pl[id][0] != forms[0] {
			codes = append(codes, regexp.QuoteMeta(forms[0]))
		}
	}
	slices.Sort(codes)
	codes = slices.Compact(codes)
	var codeUseRE *regexp.Regexp
	if len(codes) > 0 {
		alt := strings.Join(codes, "|")
		// A code stands alone beside a parenthesis: "wózek C (2 pkt)",
		// "pomarańczowy (O)"; region letters ("talia C", "C3") do not.
		codeUseRE = regexp.MustCompile(`\((` + alt + `)\)|(?:^|\s)(` + alt + `) \(`)
	}

	var out []string
	seen := map[string]bool{}
	add := func(check, line string) {
		f := fmt.Sprintf("%s: %q", check, line)
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	for _, text := range res.Shown {
		for _, line := range strings.Split(text, "\n") {
			if m := nominativeRE.FindStringSubmatch(line); m != nil {
				add("a seat in the nominative after "+strings.ToLower(m[1]), line)
			}
			if codeUseRE != nil {
				if m := codeUseRE.FindStringSubmatch(line); m != nil {
					add("the English code "+m[1]+m[2], line)
				}
			}
		}
	}
	for _, text := range res.Public {
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "<@") {
				continue // addressed to the player it mentions
			}
			if w := SecondPerson(line); w != "" {
				add("the second person ("+w+") in a public line", line)
			}
		}
	}
	return out
}

// SecondPerson is the first verb or pronoun of the second person in a
// Polish line ("weź", "pasujesz", "twój"), "" when there is none: what
// PolishFindings looks for in public lines (a card's printed effect
// excepted).
func SecondPerson(line string) string {
	scan := cardTextRE.ReplaceAllString(line, "innowacja:")
	for _, m := range secondPersonRE.FindAllStringSubmatch(scan, -1) {
		if !notSecondPerson[strings.ToLower(m[1])] {
			return m[1]
		}
	}
	return ""
}

// codeRE is a code: one or two capital letters.
var codeRE = regexp.MustCompile(`^\p{Lu}\p{Lu}?$`)

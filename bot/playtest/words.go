package playtest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// WordFindings reads every text the bot showed the players of a game
// (Result.Shown) for issue 25's wording warts, in English or Polish: a
// plural written "pump(s)"; a count whose noun does not agree with it ("1
// lorries", "2 lorry", "1 robotników"); a nothing told as an event
// ("extracts 0 tin", "and 0 copper", "invests £0 for 0 points"); a range
// from a number to itself ("2–2 players"); a label or option cut in the
// middle of a word; parentheses inside parentheses. Each finding names the
// text; the same finding is reported once.
func WordFindings(res *Result) []string {
	seen := map[string]bool{}
	var out []string
	add := func(what, text string) {
		k := what + "\x00" + text
		if seen[k] {
			return
		}
		seen[k] = true
		out = append(out, fmt.Sprintf("%s: %q", what, text))
	}
	for _, s := range res.Shown {
		for _, line := range strings.Split(s, "\n") {
			for _, f := range wordWarts(line) {
				add(f, line)
			}
		}
		if cutMidWord(s) {
			add("cut in the middle of a word", s)
		}
	}
	return out
}

var (
	pluralSuffixRE = regexp.MustCompile(`\p{L}\((s|es|y|i|e|ów|a)\)`)
	// English nouns that a count meets; a count of 1 takes the first form,
	// any other count the second.
	enNouns = [][2]string{{"lorry", "lorries"}, {"worker", "workers"}, {"point", "points"}, {"step", "steps"},
		{"card", "cards"}, {"pump", "pumps"}, {"steam pump", "steam pumps"}, {"miner", "miners"}, {"order", "orders"},
		{"wagon", "wagons"}, {"engine", "engines"}, {"share", "shares"}, {"round", "rounds"}, {"line", "lines"},
		{"move", "moves"}, {"player", "players"}, {"turn", "turns"}, {"cube", "cubes"}, {"tile", "tiles"},
		{"action", "actions"}, {"space", "spaces"}, {"game", "games"}, {"seat", "seats"}, {"shift", "shifts"},
		{"innovation", "innovations"}, {"objective", "objectives"}, {"mine", "mines"}, {"adit", "adits"},
		{"port", "ports"}, {"loan", "loans"}, {"link", "links"}, {"building", "buildings"}, {"level", "levels"},
		{"hour", "hours"}, {"day", "days"}, {"minute", "minutes"}, {"time", "times"}, {"pasty", "pasties"},
		{"delivery", "deliveries"}, {"train", "trains"}, {"bid", "bids"}, {"option", "options"}}
	// Polish nouns: one, few (2–4, 22–24…), many (5–21, 25–31…).
	plNouns = [][3]string{{"robotnik", "robotników", "robotników"}, {"punkt", "punkty", "punktów"},
		{"wózek", "wózki", "wózków"}, {"pompa", "pompy", "pomp"}, {"karta", "karty", "kart"},
		{"krok", "kroki", "kroków"}, {"wagon", "wagony", "wagonów"}, {"zamówienie", "zamówienia", "zamówień"},
		{"górnik", "górników", "górników"}, {"runda", "rundy", "rund"},
		{"ruch", "ruchy", "ruchów"}, {"gracz", "graczy", "graczy"}, {"osoba", "osoby", "osób"},
		{"kopalnia", "kopalnie", "kopalń"}, {"zmiana", "zmiany", "zmian"}, {"udział", "udziały", "udziałów"},
		{"lokomotywa", "lokomotywy", "lokomotyw"}, {"kostka", "kostki", "kostek"}, {"godzina", "godziny", "godzin"},
		{"dzień", "dni", "dni"}, {"pasztecik", "paszteciki", "pasztecików"}}
	countRE    = regexp.MustCompile(`(^|[^\p{L}\p{N}.,:/+×£–-])(\d+) (\p{L}+(?: pumps?)?)`)
	zeroVerbs  = regexp.MustCompile(`(?i)\b(extracts|extract|sells|invests|gains|wydobywa|sprzedaje|inwestuje|zyskuje)\s+£?0(\s|$|[^\d,.])|\b(and|i) 0 (tin|copper|cyny|miedzi)\b|£0 for 0 points|0 £ za 0 p`)
	nextWordRE = regexp.MustCompile(`^ (\p{L}+)`)
	rangeRE    = regexp.MustCompile(`(\d+)\s*[–-]\s*(\d+)\s+\p{L}`)
)

// wordWarts lists what is wrong in one line.
func wordWarts(line string) []string {
	var out []string
	plain := strings.NewReplacer("**", "", "__", "", "`", "").Replace(line)
	if m := pluralSuffixRE.FindString(plain); m != "" {
		out = append(out, "a plural written with parentheses ("+m+")")
	}
	for _, at := range countRE.FindAllStringSubmatchIndex(plain, -1) {
		m := []string{plain[at[0]:at[1]], plain[at[2]:at[3]], plain[at[4]:at[5]], plain[at[6]:at[7]]}
		n, err := strconv.Atoi(m[2])
		if err != nil {
			continue
		}
		if next := nextWordRE.FindStringSubmatch(plain[at[1]:]); next != nil && strings.HasSuffix(next[1], "s") {
			continue // a noun used as an adjective: "2 action cards", "3 shift tokens"
		}
		if w := agree(n, m[3]); w != "" {
			out = append(out, fmt.Sprintf("%d %s: %s", n, m[3], w))
		}
	}
	if m := zeroVerbs.FindString(plain); m != "" {
		out = append(out, "a nothing told as an event ("+strings.TrimSpace(m)+")")
	}
	for _, m := range rangeRE.FindAllStringSubmatch(plain, -1) {
		if m[1] == m[2] {
			out = append(out, "a range from a number to itself ("+m[0]+")")
		}
	}
	depth := 0
	for _, r := range plain {
		switch r {
		case '(':
			depth++
			if depth == 2 {
				out = append(out, "parentheses inside parentheses")
			}
		case ')':
			depth = max(depth-1, 0)
		}
	}
	return out
}

// agree says what is wrong with a count and the word after it, or "".
func agree(n int, word string) string {
	lower := strings.ToLower(word)
	for _, f := range enNouns {
		switch {
		case n == 1 && lower == f[1]:
			return "one takes " + f[0]
		case n != 1 && lower == f[0]:
			return "this count takes " + f[1]
		}
	}
	// Polish: the case the sentence asks for changes the form ("do 4
	// kroków", "nie wykorzystuje 1 pompy" are right), so only what no case
	// allows is wrong: a plural after 1, or the 2–4 plural after 5 and more.
	for _, f := range plNouns {
		switch want := polishForm(n, f); {
		case n == 1 && lower != f[0] && (lower == f[2] || lower == f[1] && f[1] != singularGenitive(f)):
			return "one takes " + f[0]
		case want == f[2] && f[1] != f[2] && lower == f[1]:
			return "this count takes " + f[2]
		}
	}
	return ""
}

// singularGenitive is the genitive singular of a Polish noun where it is
// spelt like the 2–4 plural ("pompy", "karty"), else "".
func singularGenitive(f [3]string) string {
	if strings.HasSuffix(f[0], "a") {
		return f[1]
	}
	return ""
}

// polishForm is the CLDR form of a Polish noun for a count (integers).
func polishForm(n int, f [3]string) string {
	switch {
	case n == 1:
		return f[0]
	case n%10 >= 2 && n%10 <= 4 && (n%100 < 12 || n%100 > 14):
		return f[1]
	}
	return f[2]
}

// cutMidWord reports a label or option text cut by Discord's length limits
// in the middle of a word: it ends in "…" right after a letter or digit and
// is as long as a cut text is (a word-boundary cut is shorter).
func cutMidWord(s string) bool {
	r := []rune(s)
	if len(r) < 2 || r[len(r)-1] != '…' {
		return false
	}
	before := r[len(r)-2]
	if !unicode.IsLetter(before) && !unicode.IsDigit(before) {
		return false
	}
	switch len(r) {
	case 32, 45, 80, 100, 150:
		return true
	}
	return false
}

package i18n

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// ttChecker renders Tinners' Trail engine messages in English and Polish
// and checks them against the engine's English.
type ttChecker struct {
	t        *testing.T
	en, pl   *Loc
	names    *strings.Replacer // proper names and seat placeholders → ""
	seen     map[string]bool   // message ids met
	checked  map[string]bool   // English texts already checked (with their id)
	failures int
}

func newTTChecker(t *testing.T) *ttChecker {
	var pairs []string
	for _, a := range tinners.Standard.Areas {
		pairs = append(pairs, a.Name, "", a.ID, "")
	}
	for _, e := range tinners.Standard.Emigration {
		pairs = append(pairs, e.Name, "")
	}
	pairs = append(pairs, "Lord Wallace", "", "Tinners' Trail", "", "Kickstarter", "")
	for k := 0; k < 10; k++ {
		pairs = append(pairs, fmt.Sprintf("{P%d}", k), "")
	}
	return &ttChecker{t: t, en: Localizer(English), pl: Localizer(Polish), names: strings.NewReplacer(pairs...),
		seen: map[string]bool{}, checked: map[string]bool{}}
}

var (
	missingIDRE = regexp.MustCompile(`\[[a-z0-9_]+\]`)
	wordRE      = regexp.MustCompile(`[A-Za-z]{2,}`)
	quotedRE    = regexp.MustCompile(`"[^"]*"`) // action strings quoted in parse errors: codes, not words
	// englishRE finds English words that must not reach a Polish reader.
	englishRE = regexp.MustCompile(`\b(the|and|of|tin|copper|water|bids?|pass(es)?|round|points?|pts|mine|miner|train|adit|wins?|his|their|from|with)\b`)
)

// onlyNames reports whether English text s has no word but proper names
// and words Polish spells the same ("port").
func (c *ttChecker) onlyNames(s string) bool {
	for _, w := range wordRE.FindAllString(c.names.Replace(s), -1) {
		if w != "port" {
			return false
		}
	}
	return true
}

// check checks message m, which the engine wrote as English text, or
// without English when text is "" (what says where it came from).
func (c *ttChecker) check(what string, m engine.Message, text string) {
	c.t.Helper()
	english := text != ""
	if !english {
		if m.IsZero() {
			return
		}
		text = c.en.Message(m, "")
	}
	key := m.String() + "\x00" + text
	if c.checked[key] {
		return
	}
	c.checked[key] = true
	checkArgsShown(c.t, what, m)
	fail := func(format string, args ...any) {
		c.t.Helper()
		c.failures++
		if c.failures <= 40 {
			c.t.Errorf("%s %q (%s): %s", what, text, m.ID, fmt.Sprintf(format, args...))
		}
	}
	if m.IsZero() {
		fail("no message")
		return
	}
	if !Has(m.ID) {
		fail("not in the catalogue")
		return
	}
	c.see(m)
	en := c.en.Message(m, "")
	if en != text {
		fail("English renders %q", en)
	}
	if !english && (strings.TrimSpace(en) == "" || strings.Contains(en, "<no value>") || missingIDRE.MatchString(en)) {
		fail("English has a gap")
	}
	pl := c.pl.Message(m, "")
	switch {
	case strings.TrimSpace(pl) == "":
		fail("Polish is empty")
	case strings.Contains(pl, "<no value>"):
		fail("Polish %q lacks an argument", pl)
	case missingIDRE.MatchString(pl) || (strings.Contains(pl, "[") && !strings.Contains(text, "[")):
		fail("Polish %q names a missing message", pl)
	case pl == en && !c.onlyNames(text):
		fail("Polish is the English")
	}
	if w := englishRE.FindString(quotedRE.ReplaceAllString(c.names.Replace(pl), "")); w != "" {
		fail("Polish %q has the English word %q", pl, w)
	}
}

// see notes m and the messages nested in it as met.
func (c *ttChecker) see(m engine.Message) {
	c.seen[m.ID] = true
	for _, v := range m.Args {
		if n, ok := v.(engine.Message); ok {
			c.see(n)
		}
	}
}

// checkErr checks a rule error's message against its English sentence.
func (c *ttChecker) checkErr(what string, err error) {
	c.t.Helper()
	var re *engine.RuleError
	if !errors.As(err, &re) {
		c.t.Errorf("%s: %v is not a rule error", what, err)
		return
	}
	if re.Message.IsZero() {
		c.t.Errorf("%s: rule error %+v: want a message", what, re)
		return
	}
	c.check(what+" rule error "+re.Code, re.Message, "")
}

// ttCodes are the action kinds' codes and argument shapes, to write
// actions the rules may refuse.
var ttCodes = []struct{ code, shape string }{
	{"dd", "card"}, {"b", "build"}, {"bid", "amount"}, {"drop", ""}, {"ac", "aftercard"}, {"x", "extract"},
	{"mi", "area"}, {"po", "area"}, {"tr", "area"}, {"ad", "border"}, {"sp", ""}, {"pw", "area"}, {"pd", ""},
	{"pa", ""}, {"pass", ""}, {"inv", "invest"}, {"ie", ""}, {"pk", "area"}, {"pks", ""}, {"if", ""},
	{"cal", ""}, {"ncal", ""}, {"pra", "area"}, {"sla", ""}, {"omi", "area"}, {"em", "emigrate"},
	{"fad", "border"}, {"ftr", "area"}, {"fpo", "area"}, {"fmi", "area"},
}

// randomAction writes a well-formed action of seat that may well be illegal.
func randomAction(r *rand.Rand, seat int) string {
	e := tinners.Standard
	k := ttCodes[r.IntN(len(ttCodes))]
	area := func() string { return e.Areas[r.IntN(len(e.Areas))].ID }
	s := fmt.Sprintf("%d/%s", seat, k.code)
	switch k.shape {
	case "card":
		s += fmt.Sprintf(":%d", r.IntN(len(e.Cards)))
	case "build":
		s += ":" + area()
		switch r.IntN(3) {
		case 1:
			s += ":draw"
		case 2:
			s += fmt.Sprintf(":c%d", r.IntN(len(e.Cards)))
		}
	case "amount":
		s += fmt.Sprintf(":%d", r.IntN(40))
	case "invest":
		s += fmt.Sprintf(":%d", 5*(1+r.IntN(2)))
	case "aftercard":
		if r.IntN(2) == 0 {
			s += ":-"
		} else {
			s += fmt.Sprintf(":%d", r.IntN(len(e.Cards)))
		}
	case "extract":
		s += fmt.Sprintf(":%s:%d:%d", area(), r.IntN(4), r.IntN(4))
	case "area":
		s += ":" + area()
	case "border":
		b := e.Borders[r.IntN(len(e.Borders))]
		s += ":" + e.Areas[b[0]].ID + "-" + e.Areas[b[1]].ID
	case "emigrate":
		s += ":" + area() + ":" + []string{"mi", "sm", "ki", "ad"}[r.IntN(4)]
	}
	return s
}

// ttGame plays one random game and checks rule errors of made-up actions
// of any seat, the log (messages, no English) and the result's tie-break
// against the state's. The menus suite (bot/genericui/menusuite_test.go) checks
// every label, event, stale move and tie-break message in both languages;
// the labels and events met here count towards the messages met.
func ttGame(t *testing.T, c *ttChecker, options string, seats int, seed uint64) {
	t.Helper()
	title := tinners.Title
	raw, err := title.ParseOptions(options)
	if err != nil {
		t.Fatalf("options %q: %v", options, err)
	}
	m, err := title.New(engine.Setup{Edition: tinners.Standard.Version, NumSeats: seats, Seed: seed, Options: raw})
	if err != nil {
		t.Fatalf("%q %d seats: %v", options, seats, err)
	}
	r := rand.New(rand.NewPCG(seed, uint64(seats)))
	what := fmt.Sprintf("[%s %dp seed %d]", options, seats, seed)
	for step := 0; m.Result() == nil; step++ {
		if step > 3000 {
			t.Fatalf("%s: no end after %d actions", what, step)
		}
		toAct := m.ToAct()
		seat := toAct[r.IntN(len(toAct))]
		legal := m.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("%s: seat %d has no legal action", what, seat)
		}
		for _, a := range legal {
			l := m.Label(a)
			for _, p := range l.PathMessages {
				c.see(p)
			}
			c.see(l.LineMessage)
		}
		// Refused actions: made-up ones of any seat.
		for k := 0; k < 4; k++ {
			s := randomAction(r, r.IntN(tinners.MaxSeats))
			a, err := title.ParseAction(s)
			if err != nil {
				c.checkErr(what+" parse "+s, err)
				continue
			}
			if _, _, err := m.Apply(a); err != nil {
				c.checkErr(what+" "+s, err)
			}
		}
		a := legal[r.IntN(len(legal))]
		next, events, err := m.Apply(a)
		if err != nil {
			t.Fatalf("%s: legal %s refused: %v", what, a, err)
		}
		for _, e := range events {
			c.see(e.Message)
		}
		m = next
	}
	testenv.Played(t, 1)
	s := tinners.StateOf(m)
	for i, line := range s.Log {
		if line != "" || s.LogMessage(i).IsZero() {
			t.Errorf("%s: log line %d %q (%v): want a message and no English", what, i, line, s.LogMessage(i))
		}
		c.check(what+" log", s.LogMessage(i), "")
	}
	if res := m.Result(); res.TieBreak != "" || (res.TieBreakMessage.IsZero() != (s.Result.TieBreak == "")) {
		t.Errorf("%s: tie-break %q, message %v, the state's %q", what, res.TieBreak, res.TieBreakMessage, s.Result.TieBreak)
	} else if !res.TieBreakMessage.IsZero() {
		c.see(res.TieBreakMessage)
	}
	over, _ := tinners.ParseAction("0/pass")
	if _, _, err := m.Apply(over); err != nil {
		c.checkErr(what+" after the end", err)
	}
}

// TestTinnersMessages plays random Tinners' Trail games with every module
// and the solo game with its difficulty options (ttGame), and refused
// setups and strings that are no action, and checks their messages
// render in English and as Polish with no English word.
func TestTinnersMessages(t *testing.T) {
	c := newTTChecker(t)
	combos := []string{"", "arsenic", "emigration", "kickstarter", "arsenic,emigration,kickstarter"}
	solo := []string{"", "arsenic,emigration,kickstarter",
		"better-mines,cheap-labour,more-mines=2,deep-pockets",
		"friends-in-high-places,financial-sabotage,bailing-out,shady-land-purchases,emigration",
		"arsenic,emigration,kickstarter,better-mines,cheap-labour,more-mines,deep-pockets,friends-in-high-places,financial-sabotage,bailing-out,shady-land-purchases"}
	seeds := testenv.Size(t, 1, 3)
	for seed := 1; seed <= seeds; seed++ {
		for seats := 2; seats <= tinners.MaxSeats; seats++ {
			for _, o := range combos {
				ttGame(t, c, o, seats, uint64(seed*100+seats))
			}
		}
		for _, o := range solo {
			for k := 0; k < 3; k++ {
				ttGame(t, c, o, 1, uint64(seed*1000+k))
			}
		}
	}
	// Setups the rules refuse, and strings that are no action.
	for _, st := range []tinners.Setup{
		{Edition: "tt-no-such", NumSeats: 3},
		{NumSeats: 2, Options: tinners.Options{Solo: true}},
		{NumSeats: 3, Options: tinners.Options{DeepPockets: true}},
		{NumSeats: 1, Options: tinners.Options{MoreMines: 3}},
		{Edition: tinners.EditionV1, NumSeats: 1},
		{Edition: tinners.EditionV1, NumSeats: 3, Options: tinners.Options{Emigration: true}},
		{Edition: tinners.EditionV1, NumSeats: 3, Options: tinners.Options{Arsenic: true}},
		{Edition: tinners.EditionV1, NumSeats: 3, Options: tinners.Options{Kickstarter: true}},
		{NumSeats: 6},
	} {
		if _, err := tinners.NewGame(st); err != nil {
			c.checkErr(fmt.Sprintf("setup %+v", st), err)
		} else {
			t.Errorf("setup %+v: no error", st)
		}
	}
	for _, s := range []string{"", "pass", "x/pass", "9/pass", "0/nope", "0/b", "0/b:A1:c1:c2", "0/mi", "0/mi:Z9",
		"0/bid:x", "0/bid:1234567", "0/inv:7", "0/b:A1:q", "0/em:A1:zz", "0/ad:A1", "0/ad:A1-Q1", "0/ad:A1-D7",
		"0/x:A1:1", "0/x:A1:a:1", "0/dd:999", "0/ac:x"} {
		if _, err := tinners.Title.ParseAction(s); err != nil {
			c.checkErr("parse "+s, err)
		} else {
			t.Errorf("parse %q: no error", s)
		}
	}
	if _, _, err := (tinners.Match{}).Apply(otherAction{}); err != nil {
		c.checkErr("a foreign action", err)
	}
	var unseen []string
	for _, id := range ttIDs(t) {
		if strings.HasPrefix(id, "tt_") && !c.seen[id] {
			unseen = append(unseen, id)
		}
	}
	t.Logf("%d Tinners' Trail messages met; not met in these games: %v", len(c.seen), unseen)
}

type otherAction struct{}

func (otherAction) String() string { return "other" }
func (otherAction) Actor() int     { return 0 }

// ttIDs lists the ids of tinners.en.toml.
func ttIDs(t *testing.T) []string {
	var ids []string
	for id := range catalogue(t, English) {
		if strings.HasPrefix(id, "tt_") || strings.HasPrefix(id, "tinners_") {
			ids = append(ids, id)
		}
	}
	return ids
}

// TestTinnersOptionWords: every option of the title's Meta has its lobby
// words by the bot's convention, tinners_option_<key> and …_help, in
// English and in Polish, and the Meta writes no English of its own.
func TestTinnersOptionWords(t *testing.T) {
	meta := tinners.Title.Meta()
	en, pl := Localizer(English), Localizer(Polish)
	key := regexp.MustCompile(`[^a-z0-9]`)
	for _, o := range meta.Options {
		if o.Label != "" || o.Help != "" {
			t.Errorf("option %s: the Meta has English words %q, %q: they are the catalogue's", o.Key, o.Label, o.Help)
		}
		id := "tinners_option_" + key.ReplaceAllString(o.Key, "_")
		for _, c := range []string{id, id + "_help"} {
			if !Has(c) {
				t.Errorf("%s: no message", c)
				continue
			}
			e := en.T(c, nil)
			if strings.TrimSpace(e) == "" {
				t.Errorf("%s: English is empty", c)
			}
			if got := pl.T(c, nil); got == e || strings.TrimSpace(got) == "" {
				t.Errorf("%s: Polish %q, English %q", c, got, e)
			}
		}
	}
	if meta.Rules != "" && !Has("tinners_rules") {
		t.Error("tinners_rules: no message")
	}
}

// TestTinnersPolish renders representative engine sentences in Polish
// through the engine's own code path.
func TestTinnersPolish(t *testing.T) {
	pl := Localizer(Polish)
	s, err := tinners.NewGame(tinners.Setup{NumSeats: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pl.Message(s.LogMessage(0), ""), "Przygotowanie: rozgrywka 3 graczy. Każdy odrzuca teraz po jednej mapie geologicznej z każdego regionu."; got != want {
		t.Errorf("setup line: %q, want %q", got, want)
	}
	a, _ := tinners.ParseAction("0/pass")
	_, _, err = tinners.Apply(s, a)
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("pass in the draft: %v", err)
	}
	if got, want := pl.Message(re.Message, ""), "Teraz nie możesz tego zrobić: trwa faza „wybór map geologicznych”."; got != want {
		t.Errorf("wrong phase: %q, want %q", got, want)
	}
	b, _ := tinners.ParseAction("0/b:A4")
	l := tinners.Match{S: s}.Label(b)
	i := tinners.Standard.AreaIndex("A4")
	want := "Zbuduj kopalnię: A4 " + tinners.Standard.Areas[i].Name + " (2 punkty pracy)"
	if got := pl.Message(l.LineMessage, ""); got != want {
		t.Errorf("label: %q, want %q", got, want)
	}
	for _, c := range []struct {
		m    engine.Message
		want string
	}{
		{engine.Say("tt_log_invest", "P", "{P1}", "Amount", 10, "Count", 1), "{P1} inwestuje £10 i zdobywa 1 punkt."},
		{engine.Say("tt_log_invest", "P", "{P1}", "Amount", 10, "Count", 4), "{P1} inwestuje £10 i zdobywa 4 punkty."},
		{engine.Say("tt_log_invest", "P", "{P1}", "Amount", 10, "Count", 12), "{P1} inwestuje £10 i zdobywa 12 punktów."},
		{engine.Say("tt_log_steam_pumps", "P", "{P0}", "Count", 2), "{P0} bierze 2 pompy parowe."},
	} {
		if got := pl.Message(c.m, ""); got != c.want {
			t.Errorf("%s: %q, want %q", c.m.ID, got, c.want)
		}
	}
}

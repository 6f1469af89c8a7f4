package i18n

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// cbChecker checks Coal Baron's catalogue messages: each is set, in the
// catalogue, renders in English without gaps (byte for byte as english,
// when the test knows what the words must be), and renders in Polish
// without gaps and, when the English has words (not only names and
// numbers), differently. The engine writes no English of its own: bot's
// TestGoldenGamesReadTheSame keeps the English of stored games as it was.
type cbChecker struct {
	t       *testing.T
	en, pl  *Loc
	checked map[string]int // message id → renderings checked
}

func newCBChecker(t *testing.T) *cbChecker {
	return &cbChecker{t: t, en: Localizer(English), pl: Localizer(Polish), checked: map[string]int{}}
}

var (
	seatPlaceholderRE = regexp.MustCompile(`\{P\d\}`)
	englishWordRE     = regexp.MustCompile(`[A-Za-z]{2,}`)
)

func (c *cbChecker) check(where string, m engine.Message, english string) {
	c.t.Helper()
	if m.IsZero() {
		c.t.Errorf("%s: %q has no message", where, english)
		return
	}
	if !Has(m.ID) {
		c.t.Errorf("%s: message %s (for %q) is not in the catalogue", where, m.ID, english)
		return
	}
	checkArgsShown(c.t, where, m)
	c.mark(m)
	got := c.en.Message(m, "\x00fallback")
	switch {
	case english != "" && got != english:
		c.t.Errorf("%s: %s renders in English as\n  %q, want\n  %q", where, m.ID, got, english)
	case strings.TrimSpace(got) == "" || strings.Contains(got, "<no value>") || strings.Contains(got, "[") || strings.Contains(got, "\x00"):
		c.t.Errorf("%s: %s renders in English with a gap: %q", where, m.ID, got)
	}
	english = got
	p := c.pl.Message(m, "\x00fallback")
	switch {
	case strings.TrimSpace(p) == "":
		c.t.Errorf("%s: %s renders empty in Polish", where, m.ID)
	case strings.Contains(p, "<no value>") || strings.Contains(p, "["):
		c.t.Errorf("%s: %s renders in Polish with a gap: %q", where, m.ID, p)
	case p == english && englishWordRE.MatchString(seatPlaceholderRE.ReplaceAllString(english, "")):
		c.t.Errorf("%s: %s renders in Polish as the English %q", where, m.ID, p)
	}
}

// mark counts m and every message among its arguments as checked.
func (c *cbChecker) mark(m engine.Message) {
	c.checked[m.ID]++
	for _, v := range m.Args {
		if sub, ok := v.(engine.Message); ok {
			c.mark(sub)
		}
	}
}

// checkErr checks a rule error: a *engine.RuleError with a message and no
// English of the engine's.
func (c *cbChecker) checkErr(where string, err error) {
	c.t.Helper()
	var re *engine.RuleError
	if !errors.As(err, &re) {
		c.t.Errorf("%s: %v is not a rule error", where, err)
		return
	}
	c.check(where+" ("+re.Code+")", re.Message, "")
}

// cbSecretsEnglish is what the hand text said in English before it came
// from the catalogue.
func cbSecretsEnglish(v coalbaron.SeatView) []string {
	names := func(ids []int) string {
		if len(ids) == 0 {
			return "none"
		}
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = coalbaron.Standard.Card(id).String()
		}
		return strings.Join(out, "; ")
	}
	lines := []string{
		fmt.Sprintf("Orders (%d): %s", len(v.Orders), names(v.Orders)),
		fmt.Sprintf("Innovations (%d): %s", len(v.Innovations), names(v.Innovations)),
	}
	if len(v.Looked) > 0 {
		lines = append(lines, "Wild action, looking at (top first): "+names(v.Looked))
	}
	if v.Kept != coalbaron.NoCard {
		lines = append(lines, "Wild action, kept: "+coalbaron.Standard.Card(v.Kept).String())
	}
	return lines
}

// notCB is an action of no Coal Baron kind.
type notCB struct{}

func (notCB) String() string { return "x" }
func (notCB) Actor() int     { return 0 }

// TestCoalBaronMessages plays random games for 2, 3 and 4 players and
// checks every seat's secrets against the English they read before the
// catalogue, and rule errors of the kinds the menus suite
// (bot/genericui/menusuite_test.go, which checks every label, event, stale move and
// tie-break in both languages) does not make: another seat's move, wrong
// worker counts, moves the seat cannot carry out, malformed strings. The
// labels and events it meets count towards "every message is met".
func TestCoalBaronMessages(t *testing.T) {
	c := newCBChecker(t)
	seeds := []uint64{1, 2, 3}
	seeds = seeds[:testenv.Size(t, 1, len(seeds))]
	var setups []engine.Setup
	for n := 2; n <= 4; n++ {
		for _, seed := range seeds {
			setups = append(setups, engine.Setup{NumSeats: n, Seed: seed})
		}
	}
	// The first edition's games, which tables started before edition 2
	// still play.
	for n := 2; n <= 4; n++ {
		setups = append(setups, engine.Setup{Edition: coalbaron.EditionV1, NumSeats: n, Seed: seeds[0]})
	}
	// Two trains with A engines ready to depart: a delivery that may stop
	// after the first.
	setups = append(setups, engine.Setup{NumSeats: 2, Seed: 9, Overrides: []byte(`{"start": 0, "players": [{"orders": [148, 149],
		"docks": [{"wagons": [[104, 40]], "engine": 120}, {"wagons": [[105, 41]], "engine": 121}]}]}`)})
	for _, setup := range setups {
		n, seed := setup.NumSeats, setup.Seed
		m, err := coalbaron.Title.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, uint64(n)))
		for step := 0; m.Result() == nil; step++ {
			where := fmt.Sprintf("%dp seed %d step %d", n, seed, step)
			if step == 0 && setup.Overrides != nil {
				legal := m.Legal(0)
				if len(legal) == 0 || !slices.ContainsFunc(legal, func(a engine.Action) bool { return a.String() == "0/w:dv:1" }) {
					t.Fatalf("scenario: no delivery in %v", legal)
				}
			}
			for s := 0; s < n; s++ {
				lines := m.(engine.Secrets).Secrets(s)
				want := cbSecretsEnglish(m.Seat(s).(coalbaron.SeatView))
				if len(lines) != len(want) {
					t.Fatalf("%s: seat %d has %d secret lines, want %d", where, s, len(lines), len(want))
				}
				for i, l := range lines {
					c.check(where+" secrets", l, want[i])
				}
			}
			seat := m.ToAct()[0]
			legal := m.Legal(seat)
			for _, a := range legal {
				l := m.Label(a)
				for _, pm := range l.PathMessages {
					c.mark(pm)
				}
				c.mark(l.LineMessage)
				if l.NoteMessage.IsZero() {
					t.Errorf("%s: %s has no note (engine.Label.NoteMessage)", where, a)
				} else {
					c.mark(l.NoteMessage)
				}
			}
			// Refusals: another seat's move.
			a := cbPick(r, legal)
			other := a
			other.Seat = (seat + 1 + r.IntN(n-1)) % n
			if _, _, err := m.Apply(other); err != nil {
				c.checkErr(where+" other seat", err)
			} else {
				t.Fatalf("%s: seat %d played in seat %d's turn", where, other.Seat, seat)
			}
			if p, ok := cbWrongCount(a); ok {
				_, _, err := m.Apply(p)
				c.checkErr(where+" wrong count", err)
			}
			for _, p := range cbTries(m.Public().(coalbaron.PublicView), seat) {
				if _, _, err := m.Apply(p); err != nil {
					c.checkErr(where+" try "+p.String(), err)
				}
			}
			next, events, err := m.Apply(a)
			if err != nil {
				t.Fatalf("%s: %s: %v", where, a, err)
			}
			for _, e := range events {
				c.mark(e.Message)
			}
			m = next
		}
		testenv.Played(t, 1)
		if res := m.Result(); !res.TieBreakMessage.IsZero() {
			c.mark(res.TieBreakMessage)
		}
		if sd, ok := m.(interface{ ScoreDetails(int) []engine.Message }); ok {
			for seat := range len(m.Result().Scores) {
				for _, msg := range sd.ScoreDetails(seat) {
					c.mark(msg)
				}
			}
		}
		_, _, err = m.Apply(coalbaron.Action{Seat: 0, Kind: coalbaron.ActPass, Zone: -1, Card: coalbaron.NoCard, Target: coalbaron.NoCard})
		c.checkErr("game over", err)
		_, _, err = m.Apply(notCB{})
		c.checkErr("not a move", err)
		c.check("label of not a move", m.Label(notCB{}).LineMessage, "x")
	}
	for _, s := range []string{"", "x", "0", "0/", "9/p", "0/w:zz:1", "0/w:l1:9", "0/p:1", "0/m:1", "0/d:4", "0/o:1.x", "01/p"} {
		_, err := coalbaron.Title.ParseAction(s)
		c.checkErr(fmt.Sprintf("parse %q", s), err)
	}
	c.terms()
	// A shared win needs tied leaders without a shift token, which random
	// games do not reach; its English is score.go's.
	c.check("shared win", engine.Say("cb_tiebreak_shared", "VP", 12), "Tied on 12 VP and no tied player holds a shift token: a shared win.")
	// A tie-break recorded before cb_tiebreak_holder named the holder is
	// stored without the seat and still reads.
	c.check("stored tie-break", engine.Say("cb_tiebreak_token", "VP", 12, "Token", 5), "Tied on 12 VP: decided by the latest shift token held (5).")
	c.check("tie-break holder", engine.Say("cb_tiebreak_holder", "VP", 12, "Token", 5, "P", "{P1}"), "")
	// An innovation before the worker action after which no placement is
	// left is refused (engine/coalbaron TestInnovationNeedsAPlacementAfter);
	// random games rarely come near it.
	c.check("no placement after", engine.Say("cb_err_no_placement_after"),
		"After that you could not place workers any more; a turn without a worker action is a pass, which plays no action innovation.")
	// Every message of the area was met, but for those no game reaches.
	unreachable := map[string]bool{
		"cb_unknown": true,                     // a card or zone id out of range
		"cb_empty":   true, "cb_nothing": true, // labels of placements on an empty stack, which are never legal
		"cb_log_mine_storage_storage": true,                                                               // a lorry in storage only moves into a wagon
		"cb_label_to_wagon":           true, "cb_label_mine_wagon_line": true, "cb_note_mine_wagon": true, // a target wagon not in a dock
		"cb_step_over": true, // a move after the game's end is refused as such
	}
	if testenv.Full() { // one seed meets fewer messages; the full pass plays every seed
		for id := range catalogue(t, English) {
			if strings.HasPrefix(id, "cb_") && c.checked[id] == 0 && !unreachable[id] {
				t.Errorf("no game or term checked %s", id)
			}
		}
	}
	t.Logf("%d messages checked, %d ids", sum(c.checked), len(c.checked))
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// cbTries are moves to try for seat: its own workers on every zone in the
// number it requires (refused when the seat cannot carry the action out or
// lacks the cards), mining 1/2 at 2 players (not in the game), and an
// innovation it may not hold or may not play now.
func cbTries(v coalbaron.PublicView, seat int) []coalbaron.Action {
	mk := func(k coalbaron.ActionKind) coalbaron.Action {
		return coalbaron.Action{Seat: seat, Kind: k, Zone: -1, Card: coalbaron.NoCard, Target: coalbaron.NoCard}
	}
	var out []coalbaron.Action
	for _, z := range v.Zones {
		a := mk(coalbaron.ActPlace)
		a.Zone, a.Workers = z.Zone, []coalbaron.WorkerUse{{Value: min(z.Required, 5)}}
		out = append(out, a)
	}
	if v.NumSeats == 2 {
		a := mk(coalbaron.ActPlace)
		a.Zone, a.Workers = coalbaron.ZoneMine12, []coalbaron.WorkerUse{{Value: 1}}
		out = append(out, a)
	}
	for _, k := range []coalbaron.ActionKind{coalbaron.ActPass, coalbaron.ActEndTurn, coalbaron.ActStopMining, coalbaron.ActStopDelivery} {
		out = append(out, mk(k))
	}
	first, n := coalbaron.Standard.KindRange(coalbaron.KindInnovation)
	for id := first; id < first+n; id += 3 {
		a := mk(coalbaron.ActInnovation)
		a.Card = id
		out = append(out, a)
	}
	return out
}

// cbPick chooses a random legal action, but a train departs whenever one
// can (random play seldom delivers twice in a row otherwise).
func cbPick(r *rand.Rand, legal []engine.Action) coalbaron.Action {
	var deliver []engine.Action
	for _, a := range legal {
		if k := a.(coalbaron.Action).Kind; k == coalbaron.ActDeliver || k == coalbaron.ActPlace && a.(coalbaron.Action).Zone == coalbaron.ZoneDelivery {
			deliver = append(deliver, a)
		}
	}
	if len(deliver) > 0 && r.IntN(4) > 0 {
		return deliver[r.IntN(len(deliver))].(coalbaron.Action)
	}
	return legal[r.IntN(len(legal))].(coalbaron.Action)
}

// cbWrongCount turns a placement into one with a worker too many.
func cbWrongCount(a coalbaron.Action) (coalbaron.Action, bool) {
	if a.Kind != coalbaron.ActPlace {
		return a, false
	}
	a.Workers = append(append([]coalbaron.WorkerUse(nil), a.Workers...), coalbaron.WorkerUse{Value: 1})
	return a, true
}

// terms checks every card's, zone's and crest's name: it renders in
// English as the engine names it, has its Polish, and every card and zone
// has the grammatical cases the sentences use.
func (c *cbChecker) terms() {
	for id := 0; id < coalbaron.NumCards; id++ {
		card := coalbaron.Standard.Card(id)
		m := card.Message()
		c.check(fmt.Sprintf("card %d", id), m, card.String())
		suffixes := []string{"_acc", "_gen"}
		if strings.HasPrefix(m.ID, "cb_zone_") {
			suffixes = []string{"_gen", "_loc"}
		}
		for _, sfx := range suffixes {
			mc := engine.Message{ID: m.ID + sfx, Args: m.Args}
			c.check(fmt.Sprintf("card %d%s", id, sfx), mc, card.String())
		}
	}
	for z := coalbaron.Zone(0); z < coalbaron.NumZones; z++ {
		m := z.NameMessage()
		c.check("zone", m, z.Name())
		for _, sfx := range []string{"_gen", "_loc"} {
			c.check("zone"+sfx, engine.Message{ID: m.ID + sfx}, z.Name())
		}
	}
	for cr := coalbaron.Crest(0); cr <= coalbaron.CrestWild; cr++ {
		c.check("crest", cr.NameMessage(), cr.Name())
	}
	for d := coalbaron.Dest(0); d < coalbaron.NumDests; d++ {
		c.check("destination", d.NameMessage(), d.String())
	}
}

// TestCoalBaronMeta: the rules summary follows the catalogue's convention
// (coalbaron_rules), and the Polish rules fit engine.MaxRulesLen too.
func TestCoalBaronMeta(t *testing.T) {
	meta := coalbaron.Title.Meta()
	en, pl := Localizer(English), Localizer(Polish)
	if got := en.T("coalbaron_rules", nil); got != meta.Rules {
		t.Errorf("coalbaron_rules in English differs from Meta.Rules:\n%s\n---\n%s", got, meta.Rules)
	}
	p := pl.T("coalbaron_rules", nil)
	if n := utf8.RuneCountInString(p); n > engine.MaxRulesLen || p == meta.Rules || strings.Contains(p, "[") {
		t.Errorf("Polish rules: %d characters (at most %d), or English, or a gap:\n%s", n, engine.MaxRulesLen, p)
	}
	if len(meta.Options) > 0 {
		t.Errorf("Coal Baron has options %v: their words (coalbaron_option_<key>) are checked by the menus suite", meta.Options)
	}
}

// TestCoalBaronPolish: representative sentences through the engine, in
// the Polish a player reads.
func TestCoalBaronPolish(t *testing.T) {
	pl := Localizer(Polish)
	// Seat 0 starts; lorry stack 1 shows a 1-lorry wheel card of 2 VP
	// (ids 45) above a 1 VP one (40).
	m, err := coalbaron.Title.New(engine.Setup{NumSeats: 2, Seed: 5,
		Overrides: []byte(`{"start": 0, "stacks": {"l1": [45, 40]}}`)})
	if err != nil {
		t.Fatal(err)
	}
	a, err := coalbaron.Title.ParseAction("0/w:l1:1")
	if err != nil {
		t.Fatal(err)
	}
	l := m.Label(a)
	var path []string
	for _, pm := range l.PathMessages {
		path = append(path, pl.Message(pm, ""))
	}
	if got, want := strings.Join(path, " › "), "Weź wózek › stos wózków 1 › 1 robotnik (1)"; got != want {
		t.Errorf("path %q, want %q", got, want)
	}
	if got, want := pl.Message(l.LineMessage, ""), "1 robotnik (1): weź wózek z kołem (2 pkt) do swojego rzędu wydobycia"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	wrong, _ := coalbaron.Title.ParseAction("0/w:l1:2")
	_, _, err = m.Apply(wrong)
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%v", err)
	}
	if got, want := pl.Message(re.Message, ""), "Na stosie wózków 1 musisz teraz położyć dokładnie 1 robotnika, nie 2."; got != want {
		t.Errorf("refusal %q, want %q", got, want)
	}
	_, events, err := m.Apply(a)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range events {
		got = append(got, pl.Message(e.Message, ""))
	}
	want := []string{
		"{P0} kładzie 1 robotnika (1) na stosie wózków 1.",
		"{P0} bierze wózek z kołem (2 pkt) ze stosu wózków 1.",
		"Na wierzchu stosu wózków 1 leży teraz wózek z kołem (1 pkt).",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	_, err = coalbaron.Title.ParseAction("zz")
	if !errors.As(err, &re) || pl.Message(re.Message, "") != `"zz" nie jest ruchem gry Coal Baron.` {
		t.Errorf("malformed: %q", pl.Message(re.Message, ""))
	}
}

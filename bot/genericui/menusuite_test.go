package genericui

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
)

// The menus suite: what engine/enginetest is for a title's rules, this is
// for its private steps in the generic UI. A title calls it with one line
// from this package's tests (conformance_test.go), beside the menu builder
// it walks, on a host of the suite's own (suitehost_test.go).
//
// It plays a few random games per seat count and, in every state reached,
// for every seat asked to act and in every language, walks the whole
// private step (every level, every page) and checks that
//   - every message fits Discord's limits (checkMessageLimits);
//   - the actions offered are exactly the seat's legal actions (those
//     whose labels are the same in every word may be merged into one);
//   - no label's path and no menu is deeper than three levels
//     (maxMenuLevels);
//   - no two options of one menu look the same to a player (their visible
//     label and description, as sent);
//   - a Polish menu or board carries none of the flow's English words;
//   - a step whose options are places carries one picture, and marks only
//     places the title's turn picture draws (c.Renderer's Places);
//   - the board message fits Discord in every state, the final board
//     ranks every seat and offers a rematch, and the past board of the
//     last move fits;
//
// and that every message the title emits (labels, events, rule errors of
// stale actions and malformed strings, secrets, the tie-break) is in the
// catalogue, renders without gaps in both languages, shows in English
// every argument it carries, and reads in Polish other than in English
// unless it says only names and numbers (catalogueCheck).
// Each game is played once and every check reads the same states.

// maxMenuLevels is the deepest a private step may go: the root, a group,
// a group within it.
const maxMenuLevels = 3

// menuSuite says how to exercise one title's menus.
type menuSuite struct {
	Title engine.Title
	// Options are option lists (as for Title.ParseOptions) to play under;
	// nil means only the defaults.
	Options []string
	// SeatCounts to play; nil means every count of the title's range.
	SeatCounts []int
	// Seeds is how many random games per seat count and option list
	// (default 2; 1 outside the full pass).
	Seeds int
	// Renderer is the title's renderer, an imaging.Placer: a step whose
	// options are places marks them on its turn picture, and every mark
	// must be on a place that picture draws (menusuite_marks_test.go).
	// Required when labels name places.
	Renderer imaging.Renderer
	// SameInBoth are the title's proper names (areas, places, persons),
	// which a Polish message may share with the English one.
	SameInBoth []string
	// StepChecks are further checks on every menu message of a private
	// step, after the suite's own.
	StepChecks []stepCheck
}

// stepCheck checks one menu message msg of seat's private step in match
// mt, in l's language; where names it for failures.
type stepCheck func(t *testing.T, where string, l *i18n.Loc, mt engine.Match, seat int, msg kit.Message)

// runMenuSuite runs the menus suite for c as subtests of t.
func runMenuSuite(t *testing.T, c menuSuite) {
	t.Helper()
	t.Parallel() // CPU-bound: shares the two cores with the other heavy property tests
	meta := c.Title.Meta()
	if c.Seeds == 0 {
		c.Seeds = 2
	}
	c.Seeds = testenv.Size(t, 1, c.Seeds)
	if c.Options == nil {
		c.Options = []string{""}
	}
	counts := c.SeatCounts
	if counts == nil {
		for n := meta.MinSeats; n <= meta.MaxSeats; n++ {
			counts = append(counts, n)
		}
	}
	// Outside the full pass (the race detector is ten times slower, and
	// one goroutine walks the menus): the fewest seats (the shortest
	// game), under the last option list. The full pass plays every game.
	counts = counts[:testenv.Size(t, 1, len(counts))]
	c.Options = c.Options[len(c.Options)-testenv.Size(t, 1, len(c.Options)):]
	for _, n := range counts {
		for _, opts := range c.Options {
			for seed := range uint64(c.Seeds) {
				t.Run(fmt.Sprintf("%dp/%s/seed%d", n, opts, seed), func(t *testing.T) {
					t.Parallel() // each game its own match and host: they share nothing
					alike := playMenus(t, c, n, opts, 500+seed)
					for _, a := range alike[:min(len(alike), 20)] {
						t.Error(a)
					}
					if len(alike) > 0 {
						t.Errorf("%d menus offer options that look the same", len(alike))
					}
				})
			}
		}
	}
}

// menuLangs are the languages every menu is walked in.
var menuLangs = []string{i18n.English, i18n.Polish}

// playMenus plays one random game and checks every state's menus. It
// returns the menus whose options look alike.
func playMenus(t *testing.T, c menuSuite, n int, opts string, seed uint64) (alike []string) {
	title := c.Title
	meta := title.Meta()
	raw, err := title.ParseOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	mt, err := title.New(engine.Setup{NumSeats: n, Seed: seed, Options: raw})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range optionWordProblems(meta) {
		t.Error(p)
	}
	checks := c.StepChecks
	pl, _ := c.Renderer.(imaging.Placer)
	rec := &marksRec{}
	var renderers *imaging.Renderers
	var sp *stepPlaces
	if pl != nil {
		renderers = imaging.NewRenderers(map[string]imaging.Renderer{meta.ID: rec})
		sp = &stepPlaces{pl: pl}
		checks = append([]stepCheck{marksCheck(rec, sp)}, checks...)
	}
	m, sh := newSuiteHost(engine.NewRegistry(title), renderers)
	placed := false // a label named a place
	tables := map[string]kit.Table{}
	for _, lang := range menuLangs {
		tb := randomTable(n)
		tb.Title = meta.ID
		tb.Notes.Epoch = 1234567
		tb.Notes.Settings.Lang = lang
		tables[lang] = tb
	}
	cat := newCatalogueCheck(t)
	if len(c.SameInBoth) > 0 {
		var pairs []string
		for _, w := range c.SameInBoth {
			pairs = append(pairs, w, "")
		}
		cat.same = strings.NewReplacer(pairs...)
	}
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	var before []engine.Action // the previous state's legal actions
	var last []engine.Event    // the last move's events
	for step := 0; mt.Result() == nil; step++ {
		if step > 5000 {
			t.Fatal("no end after 5000 actions")
		}
		where := fmt.Sprintf("v%d", mt.Version())
		for lang, tb := range tables {
			tb.Notes.Pending = append(tb.Notes.Pending, kit.LogLine{Text: strings.Repeat("{P0} did a long thing. ", 5)})
			tables[lang] = tb
			bm := m.gboardMessage(tb, mt)
			checkMessageLimits(t, where+" "+lang+" board", bm)
			if lang == i18n.Polish {
				lacks(t, where+" board", bm.Content, flowEnglish...)
			}
		}
		for s := range n {
			if sec, ok := mt.(engine.Secrets); ok {
				for _, msg := range sec.Secrets(s) {
					cat.check(fmt.Sprintf("%s secrets of seat %d", where, s), msg, "")
				}
			}
		}
		who := mt.ToAct()
		for _, seat := range who {
			if !placed && namesPlaces(mt, seat) {
				placed = true
				if pl == nil {
					t.Fatalf("%s: labels name places, and the suite has no renderer listing its places (menuSuite.Renderer, an imaging.Placer)", where)
				}
			}
			legal := mt.Legal(seat)
			for _, a := range legal {
				lab := mt.Label(a)
				w := where + " label of " + a.String()
				levels := len(lab.PathMessages)
				if levels > maxMenuLevels {
					t.Errorf("%s: a path of %d levels, more than %d", w, levels, maxMenuLevels)
				}
				for _, pm := range lab.PathMessages {
					cat.check(w, pm, "")
				}
				if lab.LineMessage.IsZero() {
					t.Errorf("%s: the label says nothing", w)
				}
				cat.check(w, lab.LineMessage, "")
			}
			for _, lang := range menuLangs {
				rec.take() // what the board asked for is no step's
				alike = append(alike, walkStep(t, m, i18n.Localizer(lang), tables[lang], mt, seat, legal, checks)...)
			}
		}
		// A refusal: an action of the previous state that is no longer legal.
		for _, a := range before {
			if slices.ContainsFunc(mt.Legal(a.Actor()), func(b engine.Action) bool { return b.String() == a.String() }) {
				continue
			}
			_, _, err := mt.Apply(a)
			var re *engine.RuleError
			if !errors.As(err, &re) {
				t.Fatalf("%s: stale %s: %v, want a rule error", where, a, err)
			}
			cat.refusal(where+" refusal of stale "+a.String(), re)
			break
		}
		seat := who[r.IntN(len(who))]
		legal := mt.Legal(seat)
		a := legal[r.IntN(len(legal))]
		// Refusals of malformed strings: the move about to be made, cut or
		// with a character too much.
		for _, bad := range []string{a.String()[:len(a.String())/2], a.String() + "9", "9" + a.String()} {
			if _, err := title.ParseAction(bad); err != nil {
				var re *engine.RuleError
				if errors.As(err, &re) {
					cat.refusal(where+" refusal of "+strconv.Quote(bad), re)
				}
			}
		}
		next, events, err := mt.Apply(a)
		if err != nil {
			t.Fatalf("%s: Apply(%s): %v", where, a, err)
		}
		for _, e := range events {
			if e.Message.IsZero() {
				t.Errorf("%s: an event of %s says nothing", where, a)
			}
			cat.check(where+" event of "+a.String(), e.Message, "")
		}
		before, mt, last = legal, next, events
	}
	testenv.Played(t, 1)
	if res := mt.Result(); !res.TieBreakMessage.IsZero() {
		cat.check("tie-break", res.TieBreakMessage, "")
	}
	for _, lang := range menuLangs {
		tb := tables[lang]
		final := m.gboardMessage(tb, mt)
		checkMessageLimits(t, lang+" final board", final)
		l := i18n.Localizer(lang)
		res := mt.Result()
		// The first line ranks every seat with its points, each by the
		// letter the breakdown's columns use and its mention.
		first, _, _ := strings.Cut(final.Content, "\n")
		_, lettered := mt.(engine.Breakdown)
		for _, k := range res.Ranking {
			seat := kit.MentionOf(tb, k)
			if lettered {
				seat = kit.SeatLetterOf(l, k) + " " + seat
			}
			if !strings.Contains(first, seat) || !strings.Contains(first, strconv.Itoa(res.Scores[k])) {
				t.Errorf("%s final board's first line lacks %q with %d points:\n%s", lang, seat, res.Scores[k], final.Content)
			}
		}
		if lang == i18n.Polish {
			lacks(t, "final board", final.Content, flowEnglish...)
		}
		if b := final.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.Button); b.Label != l.T("flow_button_rematch", nil) {
			t.Errorf("%s final board's button %q", lang, b.Label)
		}
		past := gpastMessage(l, tb, strings.Repeat("N", 100), "", mt, last, mt.Version(), mt.Version())
		checkMessageLimits(t, lang+" past board of the last move", past)
		if lang == i18n.Polish {
			lacks(t, "past board", past.Content, flowEnglish...)
		}
	}
	if cat.n == 0 {
		t.Error("no catalogue message was checked")
	}
	if placed && sp.marked == 0 {
		t.Error("labels named places, and no step marked them on its picture")
	}
	if logged := sh.loggedText(); logged != "" {
		t.Errorf("the UI logged errors:\n%s", logged)
	}
	t.Logf("%d marked steps checked against the places drawn", sp.markedOrZero())
	return alike
}

// walkStep walks seat's whole private step in l's language and checks it
// (see the suite's comment). It returns a sentence per menu whose options
// look alike.
func walkStep(t *testing.T, m *host, l *i18n.Loc, tb kit.Table, mt engine.Match, seat int, legal []engine.Action, checks []stepCheck) (alike []string) {
	t.Helper()
	back := l.T("g_back", nil)
	more := l.T("g_more", nil)
	want := map[string]bool{}
	for _, a := range legal {
		want[a.String()] = true
	}
	got := map[string]bool{}
	seen := map[string]bool{}
	// action picks the legal action of a select value "a:<action>" (a
	// copy's "#<n>" after it).
	action := func(v string) (string, bool) {
		a, ok := strings.CutPrefix(v, "a:")
		if !ok || want[a] {
			return a, ok
		}
		if j := strings.LastIndexByte(a, '#'); j > 0 {
			if _, err := strconv.Atoi(a[j+1:]); err == nil {
				return a[:j], true
			}
		}
		return a, true
	}
	var walk func(path []int, page int)
	walk = func(path []int, page int) {
		where := fmt.Sprintf("%s v%d seat %d menu %v~%d", l.Lang(), mt.Version(), seat, path, page)
		if key := formatPath(path, page); seen[key] {
			return
		} else {
			seen[key] = true
		}
		if len(path)+1 > maxMenuLevels {
			// Labels have at most three levels (checked above), so a
			// fourth opens only under options whose whole paths are the
			// same: look-alikes.
			alike = append(alike, fmt.Sprintf("%s: a menu at level %d, deeper than %d: its options share their whole path", where, len(path)+1, maxMenuLevels))
		}
		msg := m.gmenu(l, tb, mt, seat, path, page)
		if msg == nil {
			t.Fatalf("%s: no menu", where)
		}
		checkMessageLimits(t, where, *msg)
		if l.Lang() == i18n.Polish {
			lacks(t, where, msg.Content, flowEnglish...)
		}
		for _, check := range checks {
			check(t, where, l, mt, seat, *msg)
		}
		visible := map[string]string{} // an option's text as a player sees it → its value
		alike := func(text, value string) {
			text = strings.Join(strings.Fields(text), " ") // Discord shows runs of spaces as one
			if v, ok := visible[text]; ok && v != value {
				alike = append(alike, fmt.Sprintf("%s: two options look the same, %q: %s and %s", where, text, v, value))
			}
			visible[text] = value
		}
		for _, row := range msg.Components {
			for _, c := range row.(discordgo.ActionsRow).Components {
				switch c := c.(type) {
				case discordgo.Button:
					f := strings.Split(c.CustomID, ":")
					switch f[0] {
					case "gi":
						k, err := strconv.Atoi(f[3])
						if err != nil || k < 0 || k >= len(legal) {
							t.Fatalf("%s: button %q picks no legal action", where, c.CustomID)
						}
						got[legal[k].String()] = true
						alike(c.Label, c.CustomID)
					case "gm":
						p, pg, ok := parsePath(f[3])
						if !ok {
							t.Fatalf("%s: bad path %q", where, f[3])
						}
						if c.Label != back {
							alike(c.Label, c.CustomID)
						}
						walk(p, pg)
					default:
						t.Fatalf("%s: unknown button %q", where, c.CustomID)
					}
				case discordgo.SelectMenu:
					if kit.KindOf(c.CustomID) != "gs" {
						t.Fatalf("%s: unknown select %q", where, c.CustomID)
					}
					if l.Lang() == i18n.Polish {
						lacks(t, where+" placeholder", c.Placeholder, flowEnglish...)
					}
					for _, o := range c.Options {
						if o.Label != more {
							alike(o.Label+"\n"+o.Description, o.Value)
						}
						if a, ok := action(o.Value); ok {
							if !want[a] {
								t.Fatalf("%s: option %q is not a legal action", where, o.Value)
							}
							got[a] = true
							continue
						}
						p, pg, ok := parsePath(strings.TrimPrefix(o.Value, "m:"))
						if !ok {
							t.Fatalf("%s: bad value %q", where, o.Value)
						}
						walk(p, pg)
					}
				default:
					t.Fatalf("%s: unexpected component %T", where, c)
				}
			}
		}
	}
	walk(nil, 0)
	// Every legal action is offered, or one whose label is the same in
	// every word (a single-pick menu may merge identical actions).
	offered := map[string]bool{}
	for _, a := range legal {
		if got[a.String()] {
			offered[labelWords(mt.Label(a))] = true
		}
	}
	var extra, missing []string
	for a := range got {
		if !want[a] {
			extra = append(extra, a)
		}
	}
	for _, a := range legal {
		if !got[a.String()] && !offered[labelWords(mt.Label(a))] {
			missing = append(missing, a.String())
		}
	}
	if len(extra) > 0 || len(missing) > 0 {
		t.Fatalf("%s v%d seat %d: the menu offers %v not legal, and not %v legal", l.Lang(), mt.Version(), seat, extra, missing)
	}
	return alike
}

// labelWords is everything a label shows a player, in every language.
func labelWords(lab engine.Label) string { return sameLabel(lab) }

// catalogueCheck checks that the messages a title emits are in the
// catalogue in both languages.
type catalogueCheck struct {
	t      *testing.T
	en, pl *i18n.Loc
	done   map[string]bool // messages already checked, as rendered in English
	n      int
	same   *strings.Replacer // the title's proper names → ""
}

func newCatalogueCheck(t *testing.T) *catalogueCheck {
	return &catalogueCheck{t: t, en: i18n.Localizer(i18n.English), pl: i18n.Localizer(i18n.Polish), done: map[string]bool{}}
}

// check fails when english is said (or m is set) but m is not a message
// of the catalogue (nested messages too), or renders empty or with a gap
// in English or Polish.
func (c *catalogueCheck) check(where string, m engine.Message, english string) {
	c.t.Helper()
	if m.IsZero() {
		if english != "" {
			c.t.Errorf("%s: %q has no catalogue message: a Polish table would read English", where, english)
		}
		return
	}
	en := c.en.Message(m, "\x00")
	if c.done[m.ID+"\x00"+en] {
		return
	}
	c.done[m.ID+"\x00"+en] = true
	c.n++
	if missing := uncatalogued(m); len(missing) > 0 {
		c.t.Errorf("%s: message %s is not in the catalogue (%s)", where, m.ID, strings.Join(missing, ", "))
		return
	}
	pl := c.pl.Message(m, "\x00")
	for _, s := range []string{en, pl} {
		if strings.TrimSpace(s) == "" || strings.Contains(s, "<no value>") {
			c.t.Errorf("%s: message %s renders with a gap: %q", where, m.ID, s)
		}
	}
	if bad := unshownArgs(c.t, m); len(bad) > 0 {
		c.t.Errorf("%s: message %s carries arguments its English does not show: %s", where, m.ID, strings.Join(bad, ", "))
	}
	if englishInPolish(en, pl, c.same) {
		c.t.Errorf("%s: message %s reads in Polish as the English %q", where, m.ID, pl)
	}
}

// refusal checks a rule error's sentence.
func (c *catalogueCheck) refusal(where string, re *engine.RuleError) {
	c.t.Helper()
	where += " (" + re.Code + ")"
	if re.Message.IsZero() {
		c.t.Errorf("%s: the refusal says nothing", where)
	}
	c.check(where, re.Message, "")
}

// uncatalogued lists m's id and those of its nested messages that the
// catalogue lacks.
func uncatalogued(m engine.Message) []string {
	var out []string
	if !i18n.Has(m.ID) {
		out = append(out, m.ID)
	}
	for _, v := range m.Args {
		switch v := v.(type) {
		case engine.Message:
			out = append(out, uncatalogued(v)...)
		case map[string]any:
			if id, _ := v["id"].(string); id != "" {
				sub, _ := v["args"].(map[string]any)
				out = append(out, uncatalogued(engine.Message{ID: id, Args: sub})...)
			}
		}
	}
	return out
}

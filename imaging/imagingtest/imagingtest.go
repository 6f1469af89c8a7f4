// Package imagingtest is the pictures suite every title's renderer runs
// from its own tests, as engine/enginetest is for rules: on views of games
// the title's test has already played, it checks that the turn picture and
// the hand are legible on a phone (essential text at least 9 px and
// secondary text 7 px once the picture is shown 400 px wide, the title's
// test naming which texts are essential), that no text runs off a picture,
// that the turn picture stays under 200 KB, that a Polish picture carries
// no English word and the English catalogue draws exactly the pictures'
// own English, that changed places are highlighted, and that the places
// a renderer says its turn picture draws (imaging.Placer) take marks. Checks that need
// more of the contract than the renderer has today plug in as Checks.
//
// A title's test calls Run once with its views; nothing is replayed per
// check. It imports nothing of the bot: the catalogue's words come in as
// functions (the bot's i18n Loc.Message).
package imagingtest

import (
	"fmt"
	"image"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// MaxTurnBytes is the most a turn picture's PNG may weigh.
const MaxTurnBytes = 200_000

// Words renders a catalogue message in one language (imaging.Options.Words).
type Words = func(m engine.Message, english string) string

// Kind is a named kind of text, recognised by its words.
type Kind struct {
	Name string
	// Match recognises the kind's texts (the first kind matching wins).
	Match *regexp.Regexp
	// Essential is true for what a player decides by (counts, prices,
	// money, points, ids): at least imaging.MinEssentialPx at 400 px wide
	// whatever role the renderer gave it. Texts of other kinds, and of no
	// listed kind, are held to their role's size; a kind names them for
	// the report and for Known.
	Essential bool
}

// Known is a failure the suite reports in the log rather than failing on,
// until the named issue fixes it. A known failure that no longer happens
// fails the suite, so that the exception goes with it.
type Known struct {
	// What is a Kind's name, a role ("essential", "secondary") for texts
	// of no listed kind, or Highlights.
	What  string
	Issue string
	// Floor is, for a kind of text, the least size at 400 px wide its
	// texts reach today: a text of the kind smaller still fails, so that
	// the exception hides no further shrinking.
	Floor float64
}

// Highlights names the highlight check in Known.
const Highlights = "highlights"

// Aspect names the turn picture's height check (MaxTurnAspect) in Known.
const Aspect = "aspect"

// Check is a further check on every public view (the pictures' marks, once
// the contract names places): Run gets the view, its options and the
// title's renderer.
type Check[P any] struct {
	Name string
	Run  func(t *testing.T, r imaging.Renderer, v P, o imaging.Options)
}

// Config says how to exercise one title's renderer. P is its public view
// type, S its seat view type.
type Config[P, S any] struct {
	Renderer imaging.Renderer
	// TurnLayout and BoardLayout are the texts of the turn picture and of
	// the full board; HandLayout those of the hand picture (nil: the hand
	// is checked through its pixels only).
	TurnLayout, BoardLayout func(P, imaging.Options) imaging.Layout
	HandLayout              func(S, imaging.Options) imaging.Layout
	// Views are public views of games already played, from the first move
	// to the end, every seat count; Hands are seat views.
	Views []P
	Hands []S
	// Options are the render options of a view (the seats' names); nil
	// renders with none.
	Options func(P) imaging.Options
	// English and Polish are the catalogue's words.
	English, Polish Words
	// Kinds name the texts; the essential ones are the title's list of
	// what a player must be able to read. Each must match a text of some
	// turn picture.
	Kinds []Kind
	// SameInBoth are texts whose words a Polish picture may share with the
	// English one (proper names, words of both languages).
	SameInBoth []string
	// Changed returns places of v to highlight (imaging.Options.Changed);
	// the turn picture must change when they are passed. Nil: the title
	// highlights nothing, which must be Known.
	Changed func(P) []int
	// Catalogued reports whether the catalogue has a message id (the
	// bot's i18n.Has): every message a picture asks English or Polish
	// for, nested ones too, must be in it. Nil skips the check.
	Catalogued func(id string) bool
	// Known are the failures reported, not failed on.
	Known []Known
	// Checks run on every view.
	Checks []Check[P]
	// Drawn bounds the views the checks that draw pictures draw (the bytes,
	// highlights, words on the picture, places and Checks): that many,
	// spread evenly from first to last, and every view when 0. The checks
	// on layouts (legibility, aspect, kinds) always read every view. A
	// title's test sets it with testenv.Size: a few under -race, where
	// drawing is ten times slower and one goroutine draws, all in the full
	// pass.
	Drawn int
}

// spread returns n of xs spread evenly from the first to the last, or xs
// when n is 0 or not less than len(xs).
func spread[X any](xs []X, n int) []X {
	if n <= 0 || n >= len(xs) {
		return xs
	}
	if n == 1 {
		return xs[len(xs)-1:]
	}
	out := make([]X, 0, n)
	for k := range n {
		out = append(out, xs[k*(len(xs)-1)/(n-1)])
	}
	return out
}

// Run runs the suite as subtests of t.
func Run[P, S any](t *testing.T, c Config[P, S]) {
	t.Helper()
	if len(c.Views) == 0 {
		t.Fatal("imagingtest: no views")
	}
	if c.Options == nil {
		c.Options = func(P) imaging.Options { return imaging.Options{} }
	}
	asked := map[string]bool{} // message ids the pictures asked for
	c.English, c.Polish = noting(c.English, asked), noting(c.Polish, asked)
	known := map[string]*knownHits{}
	for _, k := range c.Known {
		known[k.What] = &knownHits{issue: k.Issue, floor: k.Floor, least: 1e9}
	}
	// The turn pictures' layouts in English and Polish, laid out once for
	// the checks that read them.
	turns := make([]turnLayouts, len(c.Views))
	for k, v := range c.Views {
		turns[k] = turnLayouts{c.TurnLayout(v, in(c.Options(v), c.English)), c.TurnLayout(v, in(c.Options(v), c.Polish))}
	}
	t.Run("Legible", func(t *testing.T) { checkLegible(t, c, turns, known) })
	all := len(c.Views)
	c.Views = spread(c.Views, c.Drawn)
	if len(c.Views) < all {
		t.Logf("imagingtest: drawing %d of the %d views (Config.Drawn)", len(c.Views), all)
	}
	t.Run("OnThePicture", func(t *testing.T) { checkOnPicture(t, c) })
	t.Run("TurnBytes", func(t *testing.T) { checkBytes(t, c) })
	t.Run("TurnAspect", func(t *testing.T) { checkAspect(t, turns, known) })
	t.Run("NoEnglishInPolish", func(t *testing.T) { checkNoEnglish(t, c) })
	t.Run("EnglishCatalogue", func(t *testing.T) { checkEnglishSame(t, c) })
	t.Run("Highlights", func(t *testing.T) { checkHighlights(t, c, known) })
	t.Run("Places", func(t *testing.T) { checkPlaces(t, c) })
	for _, ch := range c.Checks {
		t.Run(ch.Name, func(t *testing.T) {
			for _, v := range c.Views {
				ch.Run(t, c.Renderer, v, c.Options(v))
			}
		})
	}
	t.Run("Catalogued", func(t *testing.T) {
		if c.Catalogued == nil {
			t.Skip("no catalogue given")
		}
		if len(asked) == 0 {
			t.Fatal("the pictures asked the catalogue for nothing")
		}
		var missing []string
		for id := range asked {
			if !c.Catalogued(id) {
				missing = append(missing, id)
			}
		}
		sort.Strings(missing)
		for _, id := range missing {
			t.Errorf("a picture asks for message %s, which the catalogue lacks", id)
		}
	})
	t.Run("KnownStillFail", func(t *testing.T) {
		for _, k := range c.Known {
			h := known[k.What]
			switch {
			case h.n == 0:
				t.Errorf("known failure %q (%s) no longer happens: drop it from Known", k.What, k.Issue)
			case h.least < 1e9:
				t.Logf("known failure %q (%s): %d times, down to %.2f px, e.g. %s", k.What, k.Issue, h.n, h.least, h.first)
			default:
				t.Logf("known failure %q (%s): %s", k.What, k.Issue, h.first)
			}
		}
	})
}

type knownHits struct {
	issue, first string
	n            int
	floor, least float64 // Known.Floor; the least size met
}

// noting is w, noting in asked the id of every message it renders, and
// of the messages among their arguments.
func noting(w Words, asked map[string]bool) Words {
	var note func(m engine.Message)
	note = func(m engine.Message) {
		if m.IsZero() {
			return
		}
		asked[m.ID] = true
		for _, v := range m.Args {
			if sub, ok := v.(engine.Message); ok {
				note(sub)
			}
		}
	}
	return func(m engine.Message, english string) string {
		note(m)
		return w(m, english)
	}
}

func in(o imaging.Options, w Words) imaging.Options {
	o.Words = w
	return o
}

// kindOf is tx's kind: the first of kinds that matches, else its role.
func kindOf(kinds []Kind, tx imaging.LayoutText) (name string, min float64, ok bool) {
	for _, k := range kinds {
		if k.Match.MatchString(tx.Text) {
			if k.Essential {
				return k.Name, imaging.MinEssentialPx, true
			}
			m, ok := imaging.MinPhonePx(tx.Role)
			return k.Name, m, ok
		}
	}
	m, ok := imaging.MinPhonePx(tx.Role)
	if ok && tx.Role == imaging.RoleSecondary && digitRE.MatchString(tx.Text) {
		// A number is what a player decides by: a secondary text with a
		// digit in it, of no kind that says otherwise, is held to the
		// essential size.
		return numbered, imaging.MinEssentialPx, true
	}
	return tx.Role, m, ok
}

// numbered names, in reports and Known, the secondary texts with a digit
// that kindOf holds to the essential size.
const numbered = "secondary with a number"

var digitRE = regexp.MustCompile(`\d`)

// legible returns a sentence per text of l under its kind's size at 400
// px wide, but for known failures (counted in known), and counts the
// texts of every kind in seen.
func legible(where string, kinds []Kind, l imaging.Layout, known map[string]*knownHits, seen map[string]int) []string {
	if l.Width <= 0 || l.Height <= 0 {
		return []string{fmt.Sprintf("%s: a picture of %d×%d", where, l.Width, l.Height)}
	}
	var out []string
	for _, tx := range l.Texts {
		name, least, ok := kindOf(kinds, tx)
		seen[name]++
		if !ok {
			out = append(out, fmt.Sprintf("%s: %q has no known role (%q)", where, tx.Text, tx.Role))
			continue
		}
		px := imaging.PhonePx(l, tx)
		if px >= least {
			continue
		}
		msg := fmt.Sprintf("%s: %s text %q is %.2f px at %d px wide, under %.0f", where, name, tx.Text, px, imaging.PhoneWidth, least)
		if h := known[name]; h != nil && px >= h.floor-0.005 { // sizes are recorded to a tenth
			if h.n == 0 {
				h.first = msg
			}
			h.n++
			h.least = min(h.least, px)
			continue
		}
		out = append(out, msg)
	}
	return out
}

// turnLayouts are a view's turn picture laid out in English and Polish.
type turnLayouts struct{ en, pl imaging.Layout }

func checkLegible[P, S any](t *testing.T, c Config[P, S], turns []turnLayouts, known map[string]*knownHits) {
	seen := map[string]int{}
	for k, l := range turns {
		for lang, lay := range map[string]imaging.Layout{"en": l.en, "pl": l.pl} {
			for _, msg := range legible(fmt.Sprintf("turn %d %s", k, lang), c.Kinds, lay, known, seen) {
				t.Error(msg)
			}
		}
	}
	for _, k := range c.Kinds {
		if k.Essential && seen[k.Name] == 0 {
			t.Errorf("no turn picture has a text of the essential kind %q", k.Name)
		}
	}
	if c.HandLayout == nil {
		return
	}
	for k, h := range c.Hands {
		for lang, w := range map[string]Words{"en": c.English, "pl": c.Polish} {
			for _, msg := range legible(fmt.Sprintf("hand %d %s", k, lang), c.Kinds, c.HandLayout(h, in(imaging.Options{}, w)), known, seen) {
				t.Error(msg)
			}
		}
	}
}

// overflow names the texts of l that run off the picture's sides.
func overflow(t *testing.T, m *imaging.Measurer, l imaging.Layout) []string {
	var out []string
	for _, tx := range l.Texts {
		w := m.Width(tx.Text, tx.SizePx, false) // regular is the narrower: a lower bound
		if tx.X < -0.5 || tx.X+w > float64(l.Width)+0.5 || imaging.OffPicture(l, tx) {
			out = append(out, tx.Text)
		}
	}
	return out
}

func checkOnPicture[P, S any](t *testing.T, c Config[P, S]) {
	m, err := imaging.NewMeasurer()
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range c.Views {
		for lang, w := range map[string]Words{"en": c.English, "pl": c.Polish} {
			o := in(c.Options(v), w)
			for _, s := range overflow(t, m, c.TurnLayout(v, o)) {
				t.Errorf("turn %d %s: %q runs off the picture", k, lang, s)
			}
			for _, s := range overflow(t, m, c.BoardLayout(v, o)) {
				t.Errorf("board %d %s: %q runs off the picture", k, lang, s)
			}
		}
	}
	if c.HandLayout == nil {
		return
	}
	for k, h := range c.Hands {
		for lang, w := range map[string]Words{"en": c.English, "pl": c.Polish} {
			for _, s := range overflow(t, m, c.HandLayout(h, in(imaging.Options{}, w))) {
				t.Errorf("hand %d %s: %q runs off the picture", k, lang, s)
			}
		}
	}
}

func checkBytes[P, S any](t *testing.T, c Config[P, S]) {
	biggest := 0
	for k, v := range c.Views {
		// The Polish picture of every other view: its words are longer.
		w := c.English
		if k%2 == 1 {
			w = c.Polish
		}
		img, err := c.Renderer.Turn(v, in(c.Options(v), w))
		if err != nil {
			t.Fatalf("turn %d: %v", k, err)
		}
		b, err := imaging.EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		biggest = max(biggest, len(b))
		if len(b) > MaxTurnBytes {
			t.Errorf("turn %d: %d bytes, over %d", k, len(b), MaxTurnBytes)
		}
	}
	t.Logf("largest turn picture: %d bytes", biggest)
}

// checkAspect: no turn picture is taller than MaxTurnAspect × its width,
// in English or Polish.
func checkAspect(t *testing.T, turns []turnLayouts, known map[string]*knownHits) {
	msgs, tallest := aspectProblems(turns, known)
	for _, m := range msgs {
		t.Error(m)
	}
	t.Logf("tallest turn picture: %.2f × its width", tallest)
}

// aspectProblems returns a sentence per turn picture taller than
// MaxTurnAspect × its width, but for a known failure (counted in known),
// and the tallest picture's height over its width.
func aspectProblems(turns []turnLayouts, known map[string]*knownHits) ([]string, float64) {
	var out []string
	tallest := 0.0
	for k, tl := range turns {
		for _, x := range []struct {
			lang string
			l    imaging.Layout
		}{{"en", tl.en}, {"pl", tl.pl}} {
			l := x.l
			if l.Width <= 0 {
				out = append(out, fmt.Sprintf("turn %d %s: a picture of %d×%d", k, x.lang, l.Width, l.Height))
				continue
			}
			a := float64(l.Height) / float64(l.Width)
			tallest = max(tallest, a)
			if a <= MaxTurnAspect {
				continue
			}
			msg := fmt.Sprintf("turn %d %s: %d×%d, taller than %.1f × its width", k, x.lang, l.Width, l.Height, MaxTurnAspect)
			if h := known[Aspect]; h != nil {
				if h.n == 0 {
					h.first = msg
				}
				h.n++
				continue
			}
			out = append(out, msg)
		}
	}
	return out, tallest
}

var wordRE = regexp.MustCompile(`\p{L}{3,}`)

func words(s string) []string { return wordRE.FindAllString(strings.ToLower(s), -1) }

func checkNoEnglish[P, S any](t *testing.T, c Config[P, S]) {
	ok := map[string]bool{}
	for _, s := range c.SameInBoth {
		for _, w := range words(s) {
			ok[w] = true
		}
	}
	leaks := map[string]string{}
	check := func(en, pl imaging.Layout) {
		english := map[string]bool{}
		for _, tx := range en.Texts {
			for _, w := range words(tx.Text) {
				english[w] = true
			}
		}
		for _, tx := range pl.Texts {
			for _, w := range words(tx.Text) {
				if english[w] && !ok[w] {
					leaks[w] = tx.Text
				}
			}
		}
	}
	for _, v := range c.Views {
		o := c.Options(v)
		for _, n := range o.Names {
			for _, w := range words(n) {
				ok[w] = true
			}
		}
		check(c.TurnLayout(v, in(o, c.English)), c.TurnLayout(v, in(o, c.Polish)))
		check(c.BoardLayout(v, in(o, c.English)), c.BoardLayout(v, in(o, c.Polish)))
	}
	if c.HandLayout != nil {
		for _, h := range c.Hands {
			check(c.HandLayout(h, in(imaging.Options{}, c.English)), c.HandLayout(h, in(imaging.Options{}, c.Polish)))
		}
	} else {
		// Through the pixels: the Polish hand is another picture.
		for k, h := range c.Hands {
			en, err := c.Renderer.Hand(h, in(imaging.Options{}, c.English))
			if err != nil {
				t.Fatal(err)
			}
			pl, err := c.Renderer.Hand(h, in(imaging.Options{}, c.Polish))
			if err != nil {
				t.Fatal(err)
			}
			if en.Bounds() == pl.Bounds() && PixelDiff(en, pl) == 0 {
				t.Errorf("hand %d: the Polish hand picture is the English one", k)
			}
		}
	}
	var ws []string
	for w, s := range leaks {
		ws = append(ws, w+" (in "+s+")")
	}
	sort.Strings(ws)
	for _, w := range ws {
		t.Errorf("English word in a Polish picture: %s", w)
	}
}

// checkEnglishSame: the English catalogue draws every text exactly as the
// pictures' own English (what the goldens hold).
func checkEnglishSame[P, S any](t *testing.T, c Config[P, S]) {
	for k, v := range c.Views {
		o := c.Options(v)
		if a, b := c.TurnLayout(v, o), c.TurnLayout(v, in(o, c.English)); !reflect.DeepEqual(a, b) {
			t.Errorf("turn %d differs with the English catalogue: %s", k, firstDiff(a, b))
		}
		if a, b := c.BoardLayout(v, o), c.BoardLayout(v, in(o, c.English)); !reflect.DeepEqual(a, b) {
			t.Errorf("board %d differs with the English catalogue: %s", k, firstDiff(a, b))
		}
	}
	for k, h := range c.Hands {
		if c.HandLayout != nil {
			if a, b := c.HandLayout(h, imaging.Options{}), c.HandLayout(h, in(imaging.Options{}, c.English)); !reflect.DeepEqual(a, b) {
				t.Errorf("hand %d differs with the English catalogue: %s", k, firstDiff(a, b))
			}
			continue
		}
		a, err := c.Renderer.Hand(h, imaging.Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := c.Renderer.Hand(h, in(imaging.Options{}, c.English))
		if err != nil {
			t.Fatal(err)
		}
		if PixelDiff(a, b) != 0 {
			t.Errorf("hand %d: the picture differs with the English catalogue", k)
		}
	}
}

func firstDiff(a, b imaging.Layout) string {
	for i := 0; i < len(a.Texts) && i < len(b.Texts); i++ {
		if a.Texts[i] != b.Texts[i] {
			return a.Texts[i].Text + " ≠ " + b.Texts[i].Text
		}
	}
	return fmt.Sprintf("%d texts against %d, or the sizes", len(a.Texts), len(b.Texts))
}

// maxHighlighted bounds the views whose highlights are drawn twice.
const maxHighlighted = 6

// probePlaces are place ids passed as changed to a renderer said to
// highlight nothing, to find out whether it does now.
var probePlaces = []int{0, 1, 2, 3}

// checkHighlights: the turn picture of a view with places changed differs
// from the same picture with none.
func checkHighlights[P, S any](t *testing.T, c Config[P, S], known map[string]*knownHits) {
	if c.Changed == nil {
		h := known[Highlights]
		if h == nil {
			t.Fatal("the turn picture highlights nothing: set Config.Changed")
		}
		// Known: but does the renderer draw places passed as changed now?
		for k, v := range c.Views[:min(len(c.Views), maxHighlighted)] {
			o := c.Options(v)
			o.Changed = nil
			plain, err := c.Renderer.Turn(v, o)
			if err != nil {
				t.Fatal(err)
			}
			o.Changed = probePlaces
			lit, err := c.Renderer.Turn(v, o)
			if err != nil {
				t.Fatal(err)
			}
			if PixelDiff(plain, lit) > 0 {
				t.Errorf("turn %d: the renderer highlights places %v now: set Config.Changed and drop the known failure (%s)", k, probePlaces, h.issue)
				return
			}
		}
		h.n++
		h.first = "the title passes no changed places (Config.Changed), and places passed are not drawn"
		return
	}
	drawn := 0
	for k, v := range c.Views {
		ch := c.Changed(v)
		if len(ch) == 0 {
			continue
		}
		o := c.Options(v)
		o.Changed = nil
		plain, err := c.Renderer.Turn(v, o)
		if err != nil {
			t.Fatal(err)
		}
		o.Changed = ch
		lit, err := c.Renderer.Turn(v, o)
		if err != nil {
			t.Fatal(err)
		}
		if PixelDiff(plain, lit) == 0 {
			t.Errorf("turn %d: places %v changed, and the picture does not show it", k, ch)
		}
		if drawn++; drawn == maxHighlighted {
			break
		}
	}
	if drawn == 0 {
		t.Error("no view had a changed place to highlight")
	}
}

// PixelDiff is the fraction of pixels of a and b that differ clearly (by
// more than 40 of 255 in a channel); 1 if their sizes differ.
func PixelDiff(a, b image.Image) float64 {
	if a.Bounds() != b.Bounds() {
		return 1
	}
	diff, total := 0, 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			total++
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			if absDiff(r1, r2) > 40<<8 || absDiff(g1, g2) > 40<<8 || absDiff(b1, b2) > 40<<8 {
				diff++
			}
		}
	}
	if total == 0 {
		return 0
	}
	return float64(diff) / float64(total)
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// maxPlaced bounds the views whose places are checked.
const maxPlaced = 40

// checkPlaces checks, when the renderer is an imaging.Placer, views
// spread over c.Views (PlaceProblems).
func checkPlaces[P, S any](t *testing.T, c Config[P, S]) {
	pl, ok := c.Renderer.(imaging.Placer)
	if !ok {
		t.Skip("the renderer lists no places (imaging.Placer)")
	}
	if c.TurnLayout == nil {
		t.Fatal("a Placer's suite needs TurnLayout")
	}
	step := max(1, len(c.Views)/maxPlaced)
	for k := 0; k < len(c.Views); k += step {
		for _, p := range PlaceProblems(pl, c.TurnLayout, c.Views[k], c.Options(c.Views[k])) {
			t.Errorf("turn %d: %s", k, p)
		}
	}
}

// PlaceProblems checks a Placer on view v: it lists places, each of them
// takes a mark that the turn picture (turn: its layout) lays out as an
// essential text, and a place it does not list takes none (the menus
// suite trusts the list to find a step's marks that point at nothing).
// It returns what is wrong.
func PlaceProblems[P any](pl imaging.Placer, turn func(P, imaging.Options) imaging.Layout, v P, o imaging.Options) []string {
	o.Marks = nil
	places, err := pl.Places(v, o)
	if err != nil {
		return []string{err.Error()}
	}
	if len(places) == 0 {
		return []string{"the renderer lists no places"}
	}
	count := func(l imaging.Layout) map[string]int {
		n := map[string]int{}
		for _, x := range l.Texts {
			if x.Role == imaging.RoleEssential {
				n[x.Text]++
			}
		}
		return n
	}
	var out []string
	plain := count(turn(v, o))
	marked, _ := imaging.MarkAll(o, places)
	got := count(turn(v, marked))
	for _, p := range places {
		mark := marked.Marks[p]
		if got[mark] <= plain[mark] {
			out = append(out, fmt.Sprintf("place %d is listed, and a mark on it is not drawn", p))
		}
	}
	unlisted := -1
	for slices.Contains(places, unlisted) {
		unlisted--
	}
	o.Marks = map[int]string{unlisted: "987", places[len(places)-1] + 1_000_000: "986"}
	got = count(turn(v, o))
	if got["987"] > plain["987"] || got["986"] > plain["986"] {
		out = append(out, "a mark on a place not listed is drawn")
	}
	return out
}

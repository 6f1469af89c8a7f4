package bot

import (
	"github.com/tinnersbot/tinnersbot/internal/testenv"

	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
	"golang.org/x/image/draw"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	coalbaronimg "github.com/tinnersbot/tinnersbot/imaging/coalbaron"
	tinnersimg "github.com/tinnersbot/tinnersbot/imaging/tinners"
)

// Places and marks (bot/genericui/marks.go), end to end through the fake Discord.

// optsRenderer draws with a title's real renderer and records the options
// of every turn picture, in order.
type optsRenderer struct {
	imaging.Renderer
	mu   sync.Mutex
	turn []imaging.Options
}

func (r *optsRenderer) Turn(v any, o imaging.Options) (image.Image, error) {
	r.mu.Lock()
	r.turn = append(r.turn, o)
	r.mu.Unlock()
	return r.Renderer.Turn(v, o)
}

func (r *optsRenderer) last() imaging.Options {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.turn[len(r.turn)-1]
}

// placesHarness hosts Coal Baron with its pictures' options recorded:
// drawn by its real renderer when real, else as tiny placeholders (the
// options are all a test of the flow needs; real pictures cost seconds
// per game, ten times that under -race).
func placesHarness(t *testing.T, real bool) (*harness, *optsRenderer) {
	t.Helper()
	var r imaging.Renderer = &recRenderer{}
	if real {
		r = coalbaronimg.Renderer
	}
	or := &optsRenderer{Renderer: r}
	h := newHarnessWith(t, func(c *Config) {
		c.Titles = engine.NewRegistry(tinners.Title, coalbaron.Title)
		c.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: tinnersimg.Renderer, coalbaron.ID: or})
	})
	return h, or
}

// privateCall is the request carrying the ephemeral reply among calls.
func privateCall(t *testing.T, calls []fakeCall) fakeCall {
	t.Helper()
	for _, c := range calls {
		if strings.HasPrefix(c.Path, "/webhooks/") && (c.Method == "PATCH" || c.Method == "POST") {
			return c
		}
	}
	t.Fatalf("no private reply in %d calls", len(calls))
	return fakeCall{}
}

// markOf is the mark number an option's label starts with (imaging.MarkLabel), 0 for none.
func markOf(label string) int {
	for n := 1; n <= 50; n++ {
		if strings.HasPrefix(label, imaging.MarkLabel(n)+" ") {
			return n
		}
	}
	return 0
}

// markInkPixels counts the pixels of a PNG in a mark's ink.
func markInkPixels(t *testing.T, data []byte) int {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 == uint32(imaging.MarkInk.R) && g>>8 == uint32(imaging.MarkInk.G) && bl>>8 == uint32(imaging.MarkInk.B) {
				n++
			}
		}
	}
	return n
}

// checkStep checks one private reply of seat at mt (the match it was
// built from): when any option bears a mark, the reply carries exactly
// one picture, drawn with the same marks on the options' places, and
// says what the marks mean; otherwise it carries no picture. It returns
// whether the step was marked.
func checkStep(t *testing.T, c fakeCall, mt engine.Match, or *optsRenderer, turnsBefore int) bool {
	t.Helper()
	u := decode(t, c, false)
	var labels []string
	var values []string
	for _, x := range u.all() {
		if x.Type == 2 {
			labels, values = append(labels, x.Label), append(values, "")
		}
		for _, o := range x.Options {
			labels, values = append(labels, o.Label), append(values, o.Value)
		}
	}
	marked := false
	for _, l := range labels {
		marked = marked || markOf(l) > 0
	}
	if !marked {
		if len(c.Files) != 0 {
			t.Fatalf("a step without marks carries %d files: %q", len(c.Files), u.Content)
		}
		return false
	}
	if len(c.Files) != 1 {
		t.Fatalf("a marked step carries %d pictures, want 1: %q", len(c.Files), u.Content)
	}
	if !strings.Contains(u.Content, "mark the choices on the picture") {
		t.Fatalf("a marked step does not say what its marks mean: %q", u.Content)
	}
	or.mu.Lock()
	drawn := or.turn[turnsBefore:]
	or.mu.Unlock()
	if len(drawn) != 1 || drawn[0].Marks == nil {
		t.Fatalf("a marked step drew %d turn pictures (%+v), want one with marks", len(drawn), drawn)
	}
	marks := drawn[0].Marks
	seen := map[int]bool{}
	for k, l := range labels {
		n := markOf(l)
		if n == 0 {
			continue
		}
		seen[n] = true
		if str, ok := strings.CutPrefix(values[k], "a:"); ok {
			a, err := coalbaron.Title.ParseAction(str)
			if err != nil {
				t.Fatal(err)
			}
			w := mt.Label(a).Where
			if len(w) == 0 || marks[w[0]] != imaging.Mark(n) {
				t.Fatalf("option %q (places %v): the picture marks %v", l, w, marks)
			}
		} else if !slices.Contains(mapValues(marks), imaging.Mark(n)) {
			t.Fatalf("option %q: the picture has no mark %d (%v)", l, n, marks)
		}
	}
	if len(seen) != len(marks) {
		t.Fatalf("the picture draws marks %v, the menu shows %v", marks, seen)
	}
	if markInkPixels(t, c.Files[0].Data) == 0 {
		t.Fatalf("the step's picture has no mark drawn")
	}
	savePNG400(t, "cb-step-400.png", c.Files[0].Data)
	return true
}

func mapValues(m map[int]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestGenericStepMarksPlaces plays Coal Baron turns through the fake
// Discord: every private step whose options are places on the board
// (Coal Baron's zones, docks and rows: engine.Label.Where) carries exactly
// one picture, the turn picture with a ringed number on each option's
// place, and its menu labels begin with the same numbers (①, ②…); a step
// whose options are no places carries none.
func TestGenericStepMarksPlaces(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	h, or := placesHarness(t, true)
	turnsPlayed := testenv.Size(t, 5, 24) // real pictures, ten times slower under -race
	id, board := openCB(t, h, testChannel, 2)
	r := rand.New(rand.NewPCG(5, 7))
	marked, plain := 0, 0
	for turns := 0; turns < turnsPlayed && h.match(id).Result() == nil; turns++ {
		mt := h.match(id)
		seat := mt.ToAct()[0]
		uid := cbPlayers[seat]
		play, ok := board.button("Play")
		if !ok {
			t.Fatalf("board has no Play button")
		}
		before := len(or.turn)
		calls := h.clickIn(testChannel, uid, board.ID, false, play.CustomID)
		c := privateCall(t, calls)
		for step := 0; ; step++ {
			if step > 200 {
				t.Fatalf("no end of turn")
			}
			if checkStep(t, c, mt, or, before) {
				marked++
			} else {
				plain++
			}
			menu := decode(t, c, true)
			opts := offered(menu)
			if len(opts) == 0 {
				break
			}
			o := opts[r.IntN(len(opts))]
			var values []string
			if o[1] != "" {
				values = []string{o[1]}
			}
			mt = h.match(id)
			or.mu.Lock()
			before = len(or.turn)
			or.mu.Unlock()
			calls = h.clickIn(testChannel, uid, menu.ID, true, o[0], values...)
			for _, p := range boardPosts(t, calls) {
				board = p
			}
			for _, b := range calls {
				if b.Method == "POST" && strings.HasPrefix(b.Path, "/channels/"+testChannel+"/messages") && len(b.Files) > 0 {
					before++ // the hand-off's public picture is drawn first
				}
			}
			c = privateCall(t, calls)
			reply := decode(t, c, false)
			if strings.HasPrefix(reply.Content, "**Your move**") {
				continue
			}
			after := h.match(id)
			mt = after
			if after.Result() != nil || !slices.Contains(after.ToAct(), seat) {
				checkStep(t, c, mt, or, before)
				break
			}
		}
	}
	if marked < 3 || plain == 0 {
		t.Fatalf("%d marked and %d plain steps seen; the test did not reach both", marked, plain)
	}
	t.Logf("%d marked steps, %d without marks", marked, plain)
}

// TestGenericBoardChangeAsksForPicture plays a whole 2-player Coal Baron
// game: a hand-off post after a move that changed places on the board
// (engine.Event.Where) carries the picture even when nothing was revealed
// since the last one — also late in the game (its last third, shifts 5
// and 6 of 7 with this seed), where the bot used to post text alone — and
// its picture rings exactly the places changed since the previous post.
// The game is the one TestGenericPictureRule reads too (sharedCBGame).
func TestGenericBoardChangeAsksForPicture(t *testing.T) {
	g := sharedCBGame(t)
	total, events := g.total, g.events
	var public []imaging.Options
	for _, o := range g.turns {
		if o.Marks == nil {
			public = append(public, o)
		}
	}
	pic, lastPost, lastPic := 0, 0, 0
	changedOnly, late := 0, 0
	for k, p := range g.posts {
		v := p.version
		if v < 0 {
			v = total
		}
		var sincePost []engine.Event
		revealed := false
		for n := lastPost; n < v; n++ {
			sincePost = append(sincePost, events[n]...)
		}
		for n := lastPic; n < v; n++ {
			revealed = revealed || engine.Reveals(events[n])
		}
		changed := engine.Places(sincePost)
		if k > 0 && len(changed) > 0 && !p.pic {
			t.Fatalf("board %d (move %d): places %v changed, no picture", k, v, changed)
		}
		if p.pic {
			if pic >= len(public) {
				t.Fatalf("more pictures posted than drawn")
			}
			if k > 0 && !slices.Equal(sortedInts(public[pic].Changed), sortedInts(changed)) {
				t.Fatalf("board %d (move %d): the picture rings %v, the moves since the last post changed %v", k, v, public[pic].Changed, changed)
			}
			if k > 0 && k < len(g.posts)-1 && !revealed && len(changed) > 0 {
				changedOnly++
				if 3*v > 2*total {
					late++
					t.Logf("board %d, move %d of %d: no reveal since the last picture; places %v changed", k, v, total, changed)
				}
			}
			pic, lastPic = pic+1, v
		}
		lastPost = v
	}
	if changedOnly == 0 || late == 0 {
		t.Fatalf("%d boards had a picture for a change alone (%d in the last third): the test saw none", changedOnly, late)
	}
	t.Logf("%d boards, %d pictures; %d for a board change alone, %d of them in the last third", len(g.posts), pic, changedOnly, late)
}

// TestMarksAreNoSeatLetters: the marks the menus and pictures use can never
// be read as a seat's letter, in English or Polish (the letter drawn on
// markers, the colour's initial a Polish player reads): imaging.CheckMark
// accepts every mark the bot makes and refuses every seat letter.
func TestMarksAreNoSeatLetters(t *testing.T) {
	for n := 1; n <= 60; n++ {
		if err := imaging.CheckMark(imaging.Mark(n)); err != nil {
			t.Errorf("mark %d: %v", n, err)
		}
		for _, r := range imaging.MarkLabel(n) {
			if unicode.IsLetter(r) {
				t.Errorf("menu mark %q holds a letter", imaging.MarkLabel(n))
			}
		}
	}
	var letters []string
	for seat := 0; seat <= imaging.LordSeat; seat++ {
		name, letter, _ := imaging.Seat(seat)
		letters = append(letters, letter)
		for _, lang := range []string{"en", "pl"} {
			c := []rune(i18n.Localizer(lang).T("colour_"+name, nil))
			if seat < imaging.NumSeatColours {
				letters = append(letters, strings.ToUpper(string(c[0])))
			}
		}
	}
	for _, l := range letters {
		if imaging.CheckMark(l) == nil {
			t.Errorf("seat letter %q passes as a mark", l)
		}
	}
	if len(letters) < 2*imaging.NumSeatColours {
		t.Fatalf("only %d seat letters checked", len(letters))
	}
}

// TestTinnersAreaStepsMarkPlaces: Tinners' Trail's own area choices show
// numbered areas on the map. Building a mine lists the areas; the private
// step carries exactly one picture, the turn picture with a ringed number
// on each area offered, and every option begins with its area's number;
// the next step (which card, in one area) is no choice of places and
// carries no picture.
func TestTinnersAreaStepsMarkPlaces(t *testing.T) {
	or := &optsRenderer{Renderer: tinnersimg.Renderer}
	h := newHarnessWith(t, func(c *Config) {
		c.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: or})
	})
	id, board := openTable(t, h)
	d := &driver{t: t, h: h, c: checker{t, h, id}, board: board, acted: map[string]int{}}
	d.draft()
	u := d.actor()
	btn, ok := d.board.button("Build a mine")
	if !ok {
		t.Fatalf("no Build button on %+v", d.board.all())
	}
	calls := d.do(h.click(u, d.board.ID, false, btn.CustomID))
	c := privateCall(t, calls)
	step := decode(t, c, true)
	if len(c.Files) != 1 {
		t.Fatalf("the build step carries %d pictures, want 1", len(c.Files))
	}
	if !strings.Contains(step.Content, "mark the choices on the picture") {
		t.Fatalf("the build step does not say what its marks mean: %q", step.Content)
	}
	marks := or.last().Marks
	s := h.state(id)
	n := 0
	for _, x := range step.all() {
		for _, o := range x.Options {
			n++
			k := markOf(o.Label)
			p, ok := tt.PlaceOf(routes, s, o.Value)
			if k == 0 || !ok || marks[p] != imaging.Mark(k) {
				t.Fatalf("option %q (place %d, %v): the picture marks %v", o.Label, p, ok, marks)
			}
			if !strings.Contains(o.Label, s.Edition().Areas[p].ID+" ") {
				t.Fatalf("option %q is marked %d, the number of area %s", o.Label, k, s.Edition().Areas[p].ID)
			}
		}
	}
	if n < 2 || len(marks) != n {
		t.Fatalf("%d areas offered, %d marked on the picture", n, len(marks))
	}
	if markInkPixels(t, c.Files[0].Data) == 0 {
		t.Fatal("the build step's picture has no mark drawn")
	}
	savePNG400(t, "tt-step-build-400.png", c.Files[0].Data)
	var sel uiComp
	for _, x := range step.all() {
		if x.Type == 3 {
			sel = x
			break
		}
	}
	calls = d.do(h.click(u, step.ID, true, sel.CustomID, sel.Options[0].Value))
	c = privateCall(t, calls)
	if next := decode(t, c, false); len(c.Files) != 0 || strings.Contains(next.Content, "mark the choices on the picture") {
		t.Fatalf("the card step of one area carries %d pictures: %q", len(c.Files), next.Content)
	}
}

// savePNG400 writes a picture scaled to 400 px wide, as Discord shows it,
// into $PLACES_PNG (when set) for a person to look at.
func savePNG400(t *testing.T, name string, data []byte) {
	t.Helper()
	dir := os.Getenv("PLACES_PNG")
	if dir == "" {
		return
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	small := image.NewRGBA(image.Rect(0, 0, 400, img.Bounds().Dy()*400/img.Bounds().Dx()))
	draw.CatmullRom.Scale(small, small.Rect, img, img.Bounds(), draw.Src, nil)
	var b bytes.Buffer
	if err := png.Encode(&b, small); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// markRec is a renderer that draws a tiny picture and records the marks
// of every turn picture.
type markRec struct {
	recRenderer
	marks []map[int]string
}

func (r *markRec) Turn(v any, o imaging.Options) (image.Image, error) {
	r.mu.Lock()
	r.marks = append(r.marks, o.Marks)
	r.mu.Unlock()
	return tiny(), nil
}

// TestTinnersMarksEveryAreaStep walks the private steps of random
// Tinners' Trail games with every module (build, extract, the four
// developments and the free ones, process arsenic, emigrate, and the
// phase steps: pumps, peek): wherever a step offers two or more areas or
// borders, every such option begins with its place's number, the step
// carries one picture drawn with the same numbers, and the numbers cover
// exactly the places offered; a step offering fewer carries none, and so
// does the first menu of a turn (kinds of moves, two of which may name an
// area: extract there, process arsenic there).
func TestTinnersMarksEveryAreaStep(t *testing.T) {
	t.Parallel() // a whole game in its own harness: shares nothing
	rec := &markRec{}
	h := newHarnessWith(t, func(c *Config) {
		c.Renderers = imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: rec})
	})
	id, _ := openTable(t, h)
	tb := h.table(id)
	seen := map[string]int{}
	games := testenv.Size(t, 2, 6) // the small pass: arsenic with and without, emigration
	for g := 0; g < games; g++ {
		s, err := tinners.NewGame(tinners.Setup{NumSeats: 3, Seed: uint64(40 + g), Options: tinners.Options{Arsenic: g%2 == 0, Emigration: g%3 != 0}})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(g), 9))
		for n := 0; s.Phase != tinners.PhaseOver && n < 400; n++ {
			for _, seat := range s.ToAct() {
				l := kit.TableLoc(tb)
				steps := map[string]*kit.Message{"next": tt.NextStepIn(l, tb, s, seat)}
				for _, code := range []string{"build", "ext", "dp:mi", "dp:po", "dp:tr", "dp:ad", "dp:omi", "dp:fad", "dp:ftr", "dp:fpo", "dp:fmi", "pra", "em"} {
					steps[code], _ = tt.StepMessageIn(l, tb, s, seat, code)
				}
				for code, msg := range steps {
					if msg == nil {
						continue
					}
					before := len(rec.marks)
					places := map[int]bool{}
					for _, c := range msg.Components {
						for _, v := range componentValuesOf(c) {
							if p, ok := tt.PlaceOf(routes, s, v); ok {
								places[p] = true
							}
						}
					}
					var got *kit.Message
					if code == "next" {
						got = tt.Step(h.m, l, tb, tinners.Match{S: s}, seat)
					} else {
						got = tt.MarkTT(h.m, l, tb, s, msg)
					}
					if len(places) < 2 || code == "next" && s.Phase == tinners.PhaseActions {
						// The survey draft's own picture (the kept sets) marks no place.
						pictures := len(got.Files)
						if code == "next" && s.Phase == tinners.PhaseDraft {
							pictures = 0
						}
						if pictures != 0 || len(rec.marks) != before {
							t.Fatalf("%s (%s): %d places, yet a picture", code, s.Phase, len(places))
						}
						continue
					}
					seen[code+"/"+s.Phase.String()]++
					if len(got.Files) != 1 || len(rec.marks) != before+1 {
						t.Fatalf("%s: %d places offered, %d pictures", code, len(places), len(got.Files))
					}
					marks := rec.marks[before]
					if len(marks) != len(places) {
						t.Fatalf("%s: places %v, marks %v", code, places, marks)
					}
					for _, c := range got.Components {
						for k, v := range componentValuesOf(c) {
							p, ok := tt.PlaceOf(routes, s, v)
							if !ok {
								continue
							}
							label := componentLabelsOf(c)[k]
							n := markOf(label)
							if n == 0 || marks[p] != imaging.Mark(n) {
								t.Fatalf("%s: option %q (place %d) and the picture's marks %v", code, label, p, marks)
							}
						}
					}
				}
			}
			seats := s.ToAct()
			seat := seats[r.IntN(len(seats))]
			legal := s.Legal(seat)
			c := legal[r.IntN(len(legal))]
			acts := c.Actions()
			next, _, err := tinners.Apply(s, acts[r.IntN(len(acts))])
			if err != nil {
				t.Fatal(err)
			}
			s = next
		}
	}
	for _, k := range []string{"build/actions", "ext/actions", "dp:mi/actions", "dp:ad/actions", "next/steam pumps", "next/end-of-round peek"} {
		if seen[k] == 0 {
			t.Errorf("no marked %s step seen: %v", k, seen)
		}
	}
	if seen["next/actions"] > 0 {
		t.Errorf("the actions phase's first menu (kinds of moves, not places) was marked %d times", seen["next/actions"])
	}
	t.Logf("marked steps: %v", seen)
}

// componentValuesOf lists a row's button custom IDs and select values.
func componentValuesOf(c discordgo.MessageComponent) []string {
	var out []string
	row, ok := c.(discordgo.ActionsRow)
	if !ok {
		return nil
	}
	for _, x := range row.Components {
		switch x := x.(type) {
		case discordgo.Button:
			out = append(out, x.CustomID)
		case discordgo.SelectMenu:
			for _, o := range x.Options {
				out = append(out, o.Value)
			}
		}
	}
	return out
}

// componentLabelsOf lists the labels parallel to componentValuesOf.
func componentLabelsOf(c discordgo.MessageComponent) []string {
	var out []string
	row, ok := c.(discordgo.ActionsRow)
	if !ok {
		return nil
	}
	for _, x := range row.Components {
		switch x := x.(type) {
		case discordgo.Button:
			out = append(out, x.Label)
		case discordgo.SelectMenu:
			for _, o := range x.Options {
				out = append(out, o.Label)
			}
		}
	}
	return out
}

// TestGenericPastBoardRingsItsMove: a past board (/tt board at:) rings the
// places its own move changed, not those changed since today's last post.
func TestGenericPastBoardRingsItsMove(t *testing.T) {
	h, or := placesHarness(t, false)
	d := cbGame(t, h, &recRenderer{}, 2, func(m engine.Match) bool { return m.Version() >= 30 })
	_, events := cbRecordAt(t, h, d.id, h.match(d.id).Version())
	checked := 0
	for at := 1; at <= len(events) && checked < 4; at++ {
		want := engine.Places(events[at-1])
		if len(want) == 0 || slices.Equal(sortedInts(want), sortedInts(h.table(d.id).Notes.Changed)) {
			continue
		}
		mustPrivate(t, h.command(cbPlayers[0], 0, "board", map[string]any{"at": at}))
		if got := or.last().Changed; !slices.Equal(sortedInts(got), sortedInts(want)) {
			t.Fatalf("past board at move %d rings %v, its move changed %v", at, got, want)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no past board checked")
	}
}

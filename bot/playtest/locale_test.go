package playtest_test

import (
	"context"
	"encoding/json"
	"image"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/bot/playtest"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
	"github.com/tinnersbot/tinnersbot/imaging"
	"github.com/tinnersbot/tinnersbot/internal/testenv"
	"github.com/tinnersbot/tinnersbot/storage"
)

// wordsProbe is what a picture drawn with o would call seat 0's colour.
func wordsProbe(o imaging.Options) string { return o.T(engine.Say("colour_orange"), "orange") }

// blankRenderer draws nothing, and counts the pictures whose words would
// not have been Polish.
type blankRenderer struct{ notPolish *atomic.Int32 }

func (r blankRenderer) blank(o imaging.Options) (image.Image, error) {
	if wordsProbe(o) != "pomarańczowy" {
		r.notPolish.Add(1)
	}
	return image.NewGray(image.Rect(0, 0, 1, 1)), nil
}

func (r blankRenderer) Turn(_ any, o imaging.Options) (image.Image, error)  { return r.blank(o) }
func (r blankRenderer) Board(_ any, o imaging.Options) (image.Image, error) { return r.blank(o) }
func (r blankRenderer) Hand(_ any, o imaging.Options) (image.Image, error)  { return r.blank(o) }

// TestPolishPlaytestNoEnglish plays whole games with Polish players on a
// Polish server and scans everything the bot showed them: no word of the
// English catalogue that Polish does not share may appear, except proper
// names (the titles, Lord Wallace, places on the map, the players); and
// every picture is drawn with Polish words.
func TestPolishPlaytestNoEnglish(t *testing.T) {
	reg := engine.NewRegistry(tinners.Title, coalbaron.Title)
	var notPolish atomic.Int32
	rs := imaging.NewRenderers(map[string]imaging.Renderer{tinners.ID: blankRenderer{&notPolish}, coalbaron.ID: blankRenderer{&notPolish}})
	polish := func(l *i18n.Loc) {
		if l == nil || l.Lang() != i18n.Polish {
			notPolish.Add(1)
		}
	}
	for _, c := range []struct {
		game    string
		players int
	}{{tinners.ID, 3}, {coalbaron.ID, 2}, {tinners.ID, 1}} {
		if !testenv.Pick(t, c.players == 1) {
			continue // outside the full pass the shortest game (the bot package's Polish tests play the others' flows there)
		}
		dir := t.TempDir()
		opt := playtest.Options{Game: c.game, Titles: reg, Renderers: rs, Players: c.players, Seed: 1, Locale: "pl", Dir: dir}
		opt.Render = func(_ any, o kit.RenderOptions) ([]byte, error) {
			polish(o.Loc)
			return []byte("\x89PNG board"), nil
		}
		opt.RenderHand = func(_ any, o kit.RenderOptions) ([]byte, error) {
			polish(o.Loc)
			return []byte("\x89PNG hand"), nil
		}
		res, err := playtest.Play(context.Background(), opt)
		if err != nil {
			t.Fatalf("%s %dp: %v", c.game, c.players, err)
		}
		testenv.Played(t, 1)
		words := playtest.EnglishIn(res.Shown, playtest.ProperNames(reg, c.game))
		if len(words) > 0 {
			var ex []string
			for _, w := range slices.Sorted(maps.Keys(words)) {
				for _, s := range res.Shown {
					if strings.Contains(strings.ToLower(s), w) {
						ex = append(ex, w+": "+s)
						break
					}
				}
			}
			t.Errorf("%s %dp: %d English words reached Polish players: %v\nfor example:\n%s", c.game, c.players, len(words), words, strings.Join(ex[:min(len(ex), 40)], "\n"))
		}
		if res.Stats.ImagePosts == 0 {
			t.Errorf("%s %dp: no pictures", c.game, c.players)
		}
		languageNeutralRecord(t, reg, filepath.Join(dir, "tinners.db"), res.Stats.GameID)
	}
	if n := notPolish.Load(); n > 0 {
		t.Errorf("%d pictures were drawn with words that are not Polish", n)
	}
}

// EnglishIn counts English words, not the letters inside a table id or a
// mention, nor shared words and proper names, nor a word cut short by "…".
func TestEnglishIn(t *testing.T) {
	got := playtest.EnglishIn([]string{"stół p6jgg4pt <@100000000000000001>", "Runda 2 · the board", "do Truro", "Twoja kolej", "(be…", "cztery st…"},
		[]string{"Truro"})
	if len(got) != 2 || got["the"] != 1 || got["board"] != 1 {
		t.Errorf("EnglishIn = %v, want the and board once each", got)
	}
}

// languageNeutralRecord: the game played in Polish is stored as actions
// and options only — no Polish word in its record — and replays to the
// end, with its log in English.
func languageNeutralRecord(t *testing.T, reg *engine.Registry, path, id string) {
	t.Helper()
	st, err := storage.Open(path, storage.Options{Titles: reg})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rec, err := st.Record(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(string(b), "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ") {
		t.Errorf("game %s: the record holds Polish: %.300s", id, b)
	}
	title, err := reg.Get(rec.TitleID())
	if err != nil {
		t.Fatal(err)
	}
	m, err := title.New(rec.SetupOf())
	if err != nil {
		t.Fatal(err)
	}
	var events []engine.Event
	for k, str := range rec.Actions {
		a, err := title.ParseAction(str)
		if err != nil {
			t.Fatalf("game %s: action %d: %v", id, k, err)
		}
		var ev []engine.Event
		if m, ev, err = m.Apply(a); err != nil {
			t.Fatalf("game %s: action %d: %v", id, k, err)
		}
		events = append(events, ev...)
	}
	if m.Result() == nil {
		t.Fatalf("game %s: the record does not replay to the end", id)
	}
	if len(events) == 0 {
		t.Fatalf("game %s: no events", id)
	}
	if last := events[len(events)-1]; strings.ContainsAny(i18n.Localizer(i18n.English).Message(last.Message, ""), "ąćęłńóśźż") {
		t.Errorf("game %s: the replayed log is not English: %+v", id, last)
	}
}

// The names both catalogues write alike (Brass's towns) are no English;
// an English sentence beside them is.
func TestEnglishInNamesOfBothCatalogues(t *testing.T) {
	got := playtest.EnglishIn([]string{"Budowa w Stoke-on-Trent i Wolverhampton", "era kolei", "Game over"}, nil)
	if len(got) != 2 || got["game"] != 1 || got["over"] != 1 {
		t.Errorf("EnglishIn = %v, want game and over once each", got)
	}
}

package genericui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/imaging"
)

// labelledMatch is a match whose seat 0 has one legal action per label: just
// enough of engine.Match for the generic menu.
type labelledMatch struct {
	engine.Match
	labels []engine.Label
}

type suiteAct string

func (a suiteAct) String() string { return string(a) }
func (suiteAct) Actor() int       { return 0 }

func (m labelledMatch) Version() int           { return 3 }
func (m labelledMatch) ToAct() []int           { return []int{0} }
func (m labelledMatch) Result() *engine.Result { return nil }
func (m labelledMatch) Legal(seat int) []engine.Action {
	if seat != 0 {
		return nil
	}
	var out []engine.Action
	for k := range m.labels {
		out = append(out, suiteAct(string(rune('a'+k))))
	}
	return out
}
func (m labelledMatch) Label(a engine.Action) engine.Label { return m.labels[a.String()[0]-'a'] }

// suiteLabel is a label whose words show as they are in every language.
// Its line is a message of its own kind by id (odd ids one verbatim
// message, even ids another that reads the same): two labels that read
// the same yet differ as messages are different actions to a menu.
func suiteLabel(id, line string, path ...string) engine.Label {
	verbatim := map[bool]string{true: "cb_label_move", false: "tt_label_move"}
	odd := (id[len(id)-1]-'0')%2 == 1
	lab := engine.Label{LineMessage: engine.Say(verbatim[odd], "Move", line)}
	for _, p := range path {
		lab.PathMessages = append(lab.PathMessages, engine.Say("cb_label_move", "Move", p))
	}
	return lab
}

// TestMenuSuiteFindsLookAlikes: the walk of the menus suite reports two
// different actions that read the same, and the fourth level they open
// when their whole paths are the same; a menu of distinct options passes.
func TestMenuSuiteFindsLookAlikes(t *testing.T) {
	m, _ := newSuiteHost(nil, nil)
	tb := randomTable(2)
	en := i18n.Localizer(i18n.English)
	for _, c := range []struct {
		name   string
		labels []engine.Label
		want   []string
	}{
		{"distinct", []engine.Label{suiteLabel("x_1", "Mine: take 2", "Mine", "2"), suiteLabel("x_2", "Mine: take 3", "Mine", "3"), suiteLabel("x_3", "Pass", "Pass")}, nil},
		{"same words", []engine.Label{suiteLabel("x_1", "Build: A4", "Build", "A4"), suiteLabel("x_2", "Build:  A4", "Build", "A4 "), suiteLabel("x_3", "Pass", "Pass")},
			[]string{`two options look the same`}},
		{"same path", []engine.Label{suiteLabel("x_1", "Move to the wild wagon", "Mine", "F", "wild wagon"), suiteLabel("x_2", "Move to the wild wagon", "Mine", "F", "wild wagon"),
			suiteLabel("x_3", "Store", "Mine", "F", "storage"), suiteLabel("x_4", "Move G", "Mine", "G", "wild wagon"), suiteLabel("x_5", "Stop", "Stop")},
			[]string{"a menu at level 4, deeper than 3", "two options look the same"}},
	} {
		mt := labelledMatch{labels: c.labels}
		got := strings.Join(walkStep(t, m, en, tb, mt, 0, mt.Legal(0), nil), "\n")
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: no %q in %q", c.name, w, got)
			}
		}
		if len(c.want) == 0 && got != "" {
			t.Errorf("%s: %q", c.name, got)
		}
	}
}

// placedMatch is a labelledMatch with a public view (its version), for
// the marks a step draws.
type placedMatch struct{ labelledMatch }

func (placedMatch) Public() any { return "public view" }

// fixedPlaces is a Placer whose turn picture draws places.
type fixedPlaces []int

func (p fixedPlaces) Places(v any, _ imaging.Options) ([]int, error) {
	if v != "public view" {
		return nil, fmt.Errorf("view %v", v)
	}
	return p, nil
}

// TestMenuSuiteFindsUndrawnMarks: the menus suite's marks check reports a
// step that marks a place the title's turn picture does not draw, and
// passes one whose marks are all drawn, and one of a single place (no
// picture).
func TestMenuSuiteFindsUndrawnMarks(t *testing.T) {
	en := i18n.Localizer(i18n.English)
	tb := randomTable(2)
	tb.Title = "placed"
	at := func(id, line string, place int) engine.Label {
		lab := suiteLabel(id, line, line)
		lab.Where = []int{place}
		return lab
	}
	for _, c := range []struct {
		name   string
		labels []engine.Label
		want   []string
	}{
		{"drawn", []engine.Label{at("x_1", "Dig 1", 1), at("x_2", "Dig 2", 2), at("x_3", "Dig 2 more", 2)}, nil},
		{"one place", []engine.Label{at("x_1", "Dig 99", 99), suiteLabel("x_2", "Pass", "Pass")}, nil},
		{"undrawn", []engine.Label{at("x_1", "Dig 1", 1), at("x_2", "Dig 99", 99), at("x_3", "Dig 2", 2)},
			[]string{"mark 2 is on place 99, which the turn picture does not draw (it draws [1 2 7])"}},
	} {
		rec := &marksRec{}
		m, _ := newSuiteHost(nil, imaging.NewRenderers(map[string]imaging.Renderer{"placed": rec}))
		mt := placedMatch{labelledMatch{labels: c.labels}}
		msg := m.gmenu(en, tb, mt, 0, nil, 0)
		asked, marks := rec.take()
		got := markProblems(&stepPlaces{pl: fixedPlaces{1, 2, 7}}, mt, *msg, asked, marks)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		if c.name == "drawn" && (!asked || len(marks) != 2) {
			t.Errorf("drawn: the step asked for a picture %v with marks %v, want two", asked, marks)
		}
	}
	// A step that carries its picture twice, or none, is caught too.
	mt := placedMatch{labelledMatch{labels: []engine.Label{at("x_1", "Dig 1", 1), at("x_2", "Dig 2", 2)}}}
	two := kit.Message{Files: []kit.File{{Name: "a.png"}, {Name: "b.png"}}}
	if got := markProblems(&stepPlaces{pl: fixedPlaces{1, 2}}, mt, two, true, map[int]string{1: "1", 2: "2"}); len(got) != 1 {
		t.Errorf("two pictures: %q", got)
	}
	if got := markProblems(&stepPlaces{pl: fixedPlaces{1, 2}}, mt, kit.Message{Files: two.Files[:1]}, false, nil); len(got) != 1 {
		t.Errorf("a picture not asked for: %q", got)
	}
}

// TestMenuSuiteWordChecks: the suite's word checks catch an argument the
// English hides and a Polish message that is its English, and let names
// and numbers be the same in both.
func TestMenuSuiteWordChecks(t *testing.T) {
	if got := unshownArgs(t, engine.Say("g_more", "Card", 17)); fmt.Sprint(got) != "[g_more.Card]" {
		t.Errorf("a hidden argument: %q", got)
	}
	if got := unshownArgs(t, engine.Say("tt_log_steam_pumps", "P", "{P0}", "Count", 2)); len(got) != 0 {
		t.Errorf("arguments all shown: %q", got)
	}
	names := strings.NewReplacer("Ding Dong", "", "A4", "")
	for _, c := range []struct {
		en, pl string
		want   bool
	}{
		{"Build a mine", "Build a mine", true},
		{"Build a mine", "Zbuduj kopalnię", false},
		{"A4 Ding Dong", "A4 Ding Dong", false},
		{"{P0}: 3 (\"0/b:A4\")", "{P0}: 3 (\"0/b:A4\")", false},
		{"A4 Ding Dong mine", "A4 Ding Dong mine", true},
	} {
		if got := englishInPolish(c.en, c.pl, names); got != c.want {
			t.Errorf("%q / %q: %v, want %v", c.en, c.pl, got, c.want)
		}
	}
}

// TestMenuSuiteOptionWords: the suite finds a lobby option with no words
// in the catalogue, and passes one with them or with English of the
// title's own.
func TestMenuSuiteOptionWords(t *testing.T) {
	meta := engine.Meta{ID: "tinners", Options: []engine.Option{{Key: "arsenic"}, {Key: "more-mines", Solo: true},
		{Key: "no-such-option", Label: "No such option", Help: "its own English"}}}
	if got := optionWordProblems(meta); len(got) != 0 {
		t.Errorf("worded options: %q", got)
	}
	meta.Options = append(meta.Options, engine.Option{Key: "unworded"})
	got := optionWordProblems(meta)
	if want := "[option unworded: no catalogue message tinners_option_unworded option unworded: no catalogue message tinners_option_unworded_help]"; fmt.Sprint(got) != want {
		t.Errorf("an unworded option: %q", got)
	}
}

package bot

import (
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
)

// labelled is a match whose seat 0 has one legal action per label: just
// enough of engine.Match for the generic menu.
type labelled struct {
	engine.Match
	labels []engine.Label
}

type act string

func (a act) String() string { return string(a) }
func (act) Actor() int       { return 0 }

func (m labelled) Version() int           { return 3 }
func (m labelled) ToAct() []int           { return []int{0} }
func (m labelled) Result() *engine.Result { return nil }
func (m labelled) Legal(seat int) []engine.Action {
	if seat != 0 {
		return nil
	}
	var out []engine.Action
	for k := range m.labels {
		out = append(out, act(string(rune('a'+k))))
	}
	return out
}
func (m labelled) Label(a engine.Action) engine.Label { return m.labels[a.String()[0]-'a'] }

func lab(line string, path ...string) engine.Label { return engine.Label{Path: path, Line: line} }

// TestMenuSuiteFindsLookAlikes: the walk of the menus suite reports two
// different actions that read the same, and the fourth level they open
// when their whole paths are the same; a menu of distinct options passes.
func TestMenuSuiteFindsLookAlikes(t *testing.T) {
	m := &Main{}
	tb := randomTable(2)
	en := i18n.Localizer(i18n.English)
	for _, c := range []struct {
		name   string
		labels []engine.Label
		want   []string
	}{
		{"distinct", []engine.Label{lab("Mine: take 2", "Mine", "2"), lab("Mine: take 3", "Mine", "3"), lab("Pass", "Pass")}, nil},
		{"same words", []engine.Label{lab("Build: A4", "Build", "A4"), lab("Build:  A4", "Build", "A4 "), lab("Pass", "Pass")},
			[]string{`two options look the same, "A4 Build: A4"`}},
		{"same path", []engine.Label{lab("Move to the wild wagon", "Mine", "F", "wild wagon"), lab("Move to the wild wagon", "Mine", "F", "wild wagon"),
			lab("Store", "Mine", "F", "storage"), lab("Move G", "Mine", "G", "wild wagon"), lab("Stop", "Stop")},
			[]string{"a menu at level 4, deeper than 3", "two options look the same"}},
	} {
		mt := labelled{labels: c.labels}
		got := strings.Join(walkMenus(t, m, en, tb, mt, 0, mt.Legal(0), nil), "\n")
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

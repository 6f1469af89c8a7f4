package bot

import (
	"strings"
	"testing"

	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/engine"
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
	m := &Main{}
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

package genericui

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/i18n"
	"github.com/tinnersbot/tinnersbot/bot/kit"
	"github.com/tinnersbot/tinnersbot/engine"
)

// selectsOf are msg's selects.
func selectsOf(msg *kit.Message) []discordgo.SelectMenu {
	var out []discordgo.SelectMenu
	for _, c := range msg.Components {
		if row, ok := c.(discordgo.ActionsRow); ok {
			for _, k := range row.Components {
				if s, ok := k.(discordgo.SelectMenu); ok {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// TestPickBehindItsOption: a choice of several beside other actions (Brass's
// Scout beside building) is one option of the root, which opens it with a
// way back; a choice of several with only its own end (Develop, then
// "Develop no more") stays the step itself.
func TestPickBehindItsOption(t *testing.T) {
	en := i18n.Localizer(i18n.English)
	m, _ := newSuiteHost(nil, nil)
	tb := randomTable(2)
	group := engine.Say("cb_label_move", "Move", "Scout")
	pick := func(id, line string) engine.Label {
		lab := suiteLabel(id, line, "Scout", line)
		lab.Pick = engine.Pick{Group: group, Min: 2, Max: 2}
		return lab
	}
	end := suiteLabel("x_9", "Scout no more", "Scout no more")
	end.Pick = engine.Pick{Group: group, Min: 2, Max: 2, End: true}
	scout := []engine.Label{pick("x_1", "Discard Leek"), pick("x_2", "Discard Stone"), pick("x_3", "Discard Derby")}

	// Beside building: behind one option.
	mt := labelledMatch{labels: append(append([]engine.Label{suiteLabel("x_4", "Build in Leek", "Build", "Leek"), suiteLabel("x_5", "Loan", "Loan")}, scout...), end)}
	root := m.gmenu(en, tb, mt, 0, nil, 0)
	var opened string
	for _, s := range selectsOf(root) {
		if s.MaxValues > 1 {
			t.Fatalf("the choice of several is at the root beside other actions: %+v", root)
		}
	}
	for _, c := range root.Components {
		for _, k := range c.(discordgo.ActionsRow).Components {
			if b, ok := k.(discordgo.Button); ok && strings.HasPrefix(b.Label, "Scout") {
				opened = b.CustomID
			}
		}
	}
	if opened == "" || !strings.HasSuffix(opened, ":p0") {
		t.Fatalf("no option opens the choice of several: %+v", root.Components)
	}
	idx, page, ok := parsePath("p0")
	if !ok || page != 0 || len(idx) != 1 || idx[0] >= 0 || formatPath(idx, 0) != "p0" {
		t.Fatalf("parsePath(p0) = %v %d %v", idx, page, ok)
	}
	node := m.gmenu(en, tb, mt, 0, idx, 0)
	if node == nil || len(selectsOf(node)) != 1 || selectsOf(node)[0].MaxValues != 2 || len(node.Components) != 2 {
		t.Fatalf("the choice's own node: %+v", node)
	}
	for _, bad := range []string{"p2", "p01", "p-1", "p0~1"} {
		if _, _, ok := parsePath(bad); ok {
			t.Errorf("parsePath(%q) accepted", bad)
		}
	}

	// With only its own end: the step itself, no node of its own.
	alone := labelledMatch{labels: append(append([]engine.Label{}, scout...), end)}
	step := m.gmenu(en, tb, alone, 0, nil, 0)
	if ss := selectsOf(step); len(ss) == 0 || ss[0].MaxValues != 2 {
		t.Fatalf("a choice of several with its end alone is not the step: %+v", step)
	}
	if m.gmenu(en, tb, alone, 0, idx, 0) != nil {
		t.Error("a choice of several that is the step also opens as a node")
	}
}

// TestStepFitsAPhone: a step whose options, listed and as buttons, would
// pass the phone budget becomes a select (each option's description in
// it) with as many listed as fit; a short one keeps its buttons.
func TestStepFitsAPhone(t *testing.T) {
	en := i18n.Localizer(i18n.English)
	m, _ := newSuiteHost(nil, nil)
	tb := randomTable(2)
	long := strings.Repeat("a long account of what it does, ", 4)
	var many []engine.Label
	for k, town := range []string{"Leek", "Stone", "Derby", "Uttoxeter", "Stafford", "Burton", "Walsall", "Nuneaton"} {
		many = append(many, suiteLabel("x_"+string(rune('1'+k)), "Build a brewery in "+town+": "+long, "Build in "+town+" (brewery, free space)"))
	}
	msg := m.gmenu(en, tb, labelledMatch{labels: many}, 0, nil, 0)
	if !stepFits(msg) {
		t.Errorf("the step does not fit %d px:\n%s", stepBudgetPx, msg.Content)
	}
	if len(selectsOf(msg)) != 1 || len(selectsOf(msg)[0].Options) != len(many) || selectsOf(msg)[0].Options[0].Description == "" {
		t.Errorf("eight long options are not one select with descriptions: %+v", msg.Components)
	}
	few := m.gmenu(en, tb, labelledMatch{labels: many[:2]}, 0, nil, 0)
	if len(selectsOf(few)) != 0 || !stepFits(few) {
		t.Errorf("two options lost their buttons: %+v", few)
	}
}

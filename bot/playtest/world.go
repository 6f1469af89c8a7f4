package playtest

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/fakediscord"
)

// Component types (Discord API).
const (
	typeRow         = 1
	typeButton      = 2
	typeStringSel   = 3
	typeTextInput   = 4
	typeUserSel     = 5
	typeMentionSel  = 7
	typeTextDisplay = 10
	typeLabel       = 18

	buttonLink    = 5
	buttonPremium = 6

	flagEphemeral = 64
)

// msg is a message as the players see it now: the fields of its creation
// with every later edit laid over them.
type msg struct {
	ID      string
	Public  bool
	Owner   string // the user who sees a private message
	Fields  map[string]json.RawMessage
	Seq     int // event number of its last creation or edit
	Created int // event number of its creation
	Deleted bool
}

func (m *msg) merge(body json.RawMessage) {
	var f map[string]json.RawMessage
	json.Unmarshal(body, &f)
	if m.Fields == nil {
		m.Fields = map[string]json.RawMessage{}
	}
	for k, v := range f {
		m.Fields[k] = v
	}
}

func (m *msg) flags() int {
	var n int
	json.Unmarshal(m.Fields["flags"], &n)
	return n
}

func (m *msg) content() string {
	var s string
	json.Unmarshal(m.Fields["content"], &s)
	return s
}

// text is everything a reader sees as text: the content and any text
// display components.
func (m *msg) text() string {
	parts := []string{m.content()}
	var tree any
	json.Unmarshal(m.Fields["components"], &tree)
	walk(tree, "", func(c map[string]any, _ string) {
		if num(c["type"]) == typeTextDisplay {
			parts = append(parts, str(c["content"]))
		}
	})
	return strings.TrimSpace(strings.Join(parts, "\n"))
}

// mentions are the users the message may ping (allowed_mentions.users).
func (m *msg) mentions() []string {
	var am struct {
		Users []string `json:"users"`
	}
	json.Unmarshal(m.Fields["allowed_mentions"], &am)
	return am.Users
}

// comps are the message's interactive components, in reading order.
func (m *msg) comps() []comp {
	var tree any
	json.Unmarshal(m.Fields["components"], &tree)
	return components(tree)
}

// clickable are the components a player can use.
func (m *msg) clickable() []comp {
	var out []comp
	for _, c := range m.comps() {
		if c.usable() {
			out = append(out, c)
		}
	}
	return out
}

// comp is one interactive component (or a modal's text input).
type comp struct {
	Type        int
	CustomID    string
	Label       string // a button's label, or a text input's (or its Label wrapper's)
	Placeholder string
	Description string
	Style       int
	Disabled    bool
	Options     []option
	Min, Max    int // select values (Discord's defaults: 1 and 1)
	Value       string
}

type option struct{ Label, Value, Description string }

func (c comp) usable() bool {
	if c.Disabled || c.CustomID == "" {
		return false
	}
	switch c.Type {
	case typeButton:
		return c.Style != buttonLink && c.Style != buttonPremium
	case typeStringSel:
		return len(c.Options) > 0
	case typeUserSel, typeMentionSel:
		return true
	}
	return false
}

func (c comp) kind() string {
	switch c.Type {
	case typeButton:
		return "button"
	case typeStringSel:
		return "string_select"
	case typeUserSel:
		return "user_select"
	case typeMentionSel:
		return "mentionable_select"
	}
	return fmt.Sprintf("component_%d", c.Type)
}

// components flattens a component tree (rows, sections, containers,
// labels) into its interactive leaves.
func components(tree any) []comp {
	var out []comp
	walk(tree, "", func(c map[string]any, label string) {
		t := num(c["type"])
		switch t {
		case typeButton, typeStringSel, typeTextInput, typeUserSel, 6, typeMentionSel, 8:
		default:
			return
		}
		x := comp{Type: t, CustomID: str(c["custom_id"]), Label: str(c["label"]), Placeholder: str(c["placeholder"]),
			Style: num(c["style"]), Disabled: c["disabled"] == true, Min: 1, Max: 1, Value: str(c["value"])}
		if x.Label == "" {
			x.Label = label
		}
		if v, ok := c["min_values"]; ok {
			x.Min = num(v)
		}
		if v, ok := c["max_values"]; ok && num(v) > 0 {
			x.Max = num(v)
		}
		if e, ok := c["emoji"].(map[string]any); ok && x.Label == "" {
			x.Label = str(e["name"])
		}
		if os, ok := c["options"].([]any); ok {
			for _, o := range os {
				if om, ok := o.(map[string]any); ok {
					x.Options = append(x.Options, option{Label: str(om["label"]), Value: str(om["value"]), Description: str(om["description"])})
				}
			}
		}
		out = append(out, x)
	})
	return out
}

// walk calls visit on every object with a "type" in the tree, depth first,
// with the label of the nearest enclosing Label component.
func walk(v any, label string, visit func(c map[string]any, label string)) {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			walk(e, label, visit)
		}
	case map[string]any:
		if _, ok := x["type"]; ok {
			if num(x["type"]) == typeLabel {
				label = str(x["label"])
			}
			visit(x, label)
		}
		for _, k := range []string{"components", "component", "accessory"} {
			if c, ok := x[k]; ok {
				walk(c, label, visit)
			}
		}
	}
}

func num(v any) int {
	switch x := v.(type) {
	case float64:
		return int(x)
	case string:
		var n int
		fmt.Sscan(x, &n)
		return n
	}
	return 0
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// world is everything the players have seen: public messages and each
// user's private ones.
type world struct {
	msgs  map[string]*msg
	order []string // message IDs in creation order
	seq   int
}

func newWorld() *world { return &world{msgs: map[string]*msg{}} }

func (w *world) tick() int { w.seq++; return w.seq }

// put creates or edits message id with body.
func (w *world) put(id string, public bool, owner string, body json.RawMessage) (*msg, bool) {
	m, ok := w.msgs[id]
	if !ok {
		m = &msg{ID: id, Public: public, Owner: owner}
		w.msgs[id] = m
		w.order = append(w.order, id)
	}
	m.merge(body)
	m.Seq = w.tick()
	if !ok {
		m.Created = m.Seq
	}
	return m, !ok
}

// board is the newest public message (by creation or edit) that has
// something to click.
func (w *world) board() *msg {
	var best *msg
	for _, id := range w.order {
		m := w.msgs[id]
		if m.Public && !m.Deleted && len(m.clickable()) > 0 && (best == nil || m.Seq > best.Seq) {
			best = m
		}
	}
	return best
}

// private is user's newest private message (by creation or edit).
func (w *world) private(user string) *msg {
	var best *msg
	for _, id := range w.order {
		m := w.msgs[id]
		if !m.Public && !m.Deleted && m.Owner == user && (best == nil || m.Seq > best.Seq) {
			best = m
		}
	}
	return best
}

// recent returns up to n messages most recently created or edited.
func (w *world) recent(n int) []*msg {
	var all []*msg
	for _, id := range w.order {
		all = append(all, w.msgs[id])
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Seq > all[j].Seq })
	if len(all) > n {
		all = all[:n]
	}
	return all
}

// call is a recorded REST call as the driver reads it.
type call = fakediscord.Call

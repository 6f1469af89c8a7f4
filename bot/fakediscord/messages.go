package fakediscord

import (
	"encoding/json"
	"fmt"
	"slices"
	"unicode/utf8"
)

// Discord's limits on a message's components and on a modal, which it
// enforces by refusing the request with 400 Invalid Form Body; the fake
// does the same. It also remembers every custom ID and select value each
// message has carried, so that Dispatch can refuse a click on a message
// the bot sent that never had that component or value.

type sentBody struct {
	Content     *string         `json:"content"`
	Components  json.RawMessage `json:"components"`
	Attachments []struct {
		ID          json.Number `json:"id"`
		Description string      `json:"description"`
	} `json:"attachments"`
}

type sentCallback struct {
	Type int             `json:"type"`
	Data json.RawMessage `json:"data"`
}

type sentRow struct {
	Type       int             `json:"type"`
	Components []sentComponent `json:"components"`
}

type sentComponent struct {
	Type        int    `json:"type"`
	CustomID    string `json:"custom_id"`
	Style       int    `json:"style"`
	Label       string `json:"label"`
	URL         string `json:"url"`
	SKUID       string `json:"sku_id"`
	Placeholder string `json:"placeholder"`
	MinValues   *int   `json:"min_values"`
	MaxValues   *int   `json:"max_values"`
	MinLength   *int   `json:"min_length"`
	MaxLength   *int   `json:"max_length"`
	Required    *bool  `json:"required"`
	Disabled    bool   `json:"disabled"`
	Value       string `json:"value"` // a submitted text input's text
	Options     []struct {
		Label       string `json:"label"`
		Value       string `json:"value"`
		Description string `json:"description"`
	} `json:"options"`
}

// sentMessage is what the fake remembers of a message: where it is, who
// sees it, and its components.
type sentMessage struct {
	msgMeta
	gone   bool                       // deleted
	ids    map[string]int             // custom ID → component type, every one it has carried
	values map[string]map[string]bool // a select's custom ID → every value it offered
	counts map[string][2]int          // a select's custom ID → its min_values and max_values, as last sent
	// disabled: the custom IDs whose component was disabled as last sent
	// (Discord's client does not send a click on one).
	disabled map[string]bool
}

// modalSpec is a modal the bot opened: its text inputs by custom ID.
type modalSpec map[string]sentComponent

func runes(s string) int { return utf8.RuneCountInString(s) }

// checkRows checks a message's action rows against Discord's limits and
// returns why it refuses them, or "".
func checkRows(raw json.RawMessage) (string, []sentRow) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var rows []sentRow
	if err := json.Unmarshal(raw, &rows); err != nil {
		return "components: " + err.Error(), nil
	}
	if len(rows) > 5 {
		return fmt.Sprintf("%d action rows (at most 5)", len(rows)), nil
	}
	ids := map[string]bool{}
	for k, r := range rows {
		if r.Type != 1 {
			return fmt.Sprintf("row %d: component type %d at the top level (action rows only)", k, r.Type), nil
		}
		if len(r.Components) == 0 || len(r.Components) > 5 {
			return fmt.Sprintf("row %d: %d components (1 to 5)", k, len(r.Components)), nil
		}
		for _, c := range r.Components {
			if why := checkComponent(c, len(r.Components)); why != "" {
				return fmt.Sprintf("row %d: %s", k, why), nil
			}
			if c.CustomID != "" {
				if ids[c.CustomID] {
					return fmt.Sprintf("custom_id %q used twice", c.CustomID), nil
				}
				ids[c.CustomID] = true
			}
		}
	}
	return "", rows
}

func checkComponent(c sentComponent, inRow int) string {
	if c.Type != 2 || (c.Style != 5 && c.Style != 6) {
		if n := len(c.CustomID); n < 1 || n > 100 {
			return fmt.Sprintf("custom_id of %d characters (1 to 100): %.40q…", n, c.CustomID)
		}
	}
	switch c.Type {
	case 2:
		if runes(c.Label) > 80 {
			return fmt.Sprintf("button label of %d characters (at most 80)", runes(c.Label))
		}
		if c.Style < 1 || c.Style > 6 {
			return fmt.Sprintf("button style %d", c.Style)
		}
	case 3, 5, 6, 7, 8:
		if inRow != 1 {
			return "a select shares its row"
		}
		if runes(c.Placeholder) > 150 {
			return fmt.Sprintf("placeholder of %d characters (at most 150)", runes(c.Placeholder))
		}
		lo, hi := 1, 1
		if c.MinValues != nil {
			lo = *c.MinValues
		}
		if c.MaxValues != nil {
			hi = *c.MaxValues
		}
		if lo < 0 || lo > 25 || hi < 1 || hi > 25 || lo > hi {
			return fmt.Sprintf("min_values %d, max_values %d", lo, hi)
		}
		if c.Type != 3 {
			break
		}
		if len(c.Options) < 1 || len(c.Options) > 25 || hi > len(c.Options) {
			return fmt.Sprintf("select %q with %d options and max_values %d", c.CustomID, len(c.Options), hi)
		}
		seen := map[string]bool{}
		for _, o := range c.Options {
			if runes(o.Label) < 1 || runes(o.Label) > 100 || runes(o.Value) < 1 || runes(o.Value) > 100 || runes(o.Description) > 100 {
				return fmt.Sprintf("select option %q / %q / %q outside 1 to 100 characters", o.Label, o.Value, o.Description)
			}
			if seen[o.Value] {
				return fmt.Sprintf("select option value %q twice", o.Value)
			}
			seen[o.Value] = true
		}
	default:
		return fmt.Sprintf("component type %d in a message", c.Type)
	}
	return ""
}

// checkMessage checks a message body (content, components and the
// attachments' descriptions, for files files sent with it); it returns
// why Discord would refuse it, and its rows.
func checkMessage(raw json.RawMessage, files int) (string, []sentRow) {
	var b sentBody
	if len(raw) == 0 || json.Unmarshal(raw, &b) != nil {
		return "", nil
	}
	if b.Content != nil && runes(*b.Content) > 2000 {
		return fmt.Sprintf("content of %d characters (at most 2000)", runes(*b.Content)), nil
	}
	for _, a := range b.Attachments {
		if n, err := a.ID.Int64(); err != nil || n < 0 || int(n) >= files {
			return fmt.Sprintf("attachment id %q names none of the %d files sent", a.ID, files), nil
		}
		if runes(a.Description) > 1024 {
			return fmt.Sprintf("attachment description of %d characters (at most 1024)", runes(a.Description)), nil
		}
	}
	return checkRows(b.Components)
}

// Descriptions are the alt texts of a message body's attachments, by
// file index ("" where it gives none).
func Descriptions(raw json.RawMessage, files int) []string {
	var b sentBody
	json.Unmarshal(raw, &b)
	out := make([]string, files)
	for _, a := range b.Attachments {
		if n, err := a.ID.Int64(); err == nil && n >= 0 && int(n) < files {
			out[n] = a.Description
		}
	}
	return out
}

// checkModal checks a modal and returns why Discord would refuse it, or
// the modal's custom ID and text inputs.
func checkModal(raw json.RawMessage) (string, string, modalSpec) {
	var m struct {
		CustomID   string    `json:"custom_id"`
		Title      string    `json:"title"`
		Components []sentRow `json:"components"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return "modal: " + err.Error(), "", nil
	}
	if n := len(m.CustomID); n < 1 || n > 100 {
		return fmt.Sprintf("modal custom_id of %d characters (1 to 100)", n), "", nil
	}
	if n := runes(m.Title); n < 1 || n > 45 {
		return fmt.Sprintf("modal title of %d characters (1 to 45)", n), "", nil
	}
	if len(m.Components) < 1 || len(m.Components) > 5 {
		return fmt.Sprintf("modal with %d rows (1 to 5)", len(m.Components)), "", nil
	}
	spec := modalSpec{}
	for _, r := range m.Components {
		if r.Type != 1 || len(r.Components) != 1 || r.Components[0].Type != 4 {
			return "a modal row holds one text input", "", nil
		}
		c := r.Components[0]
		if n := len(c.CustomID); n < 1 || n > 100 || spec[c.CustomID].Type != 0 {
			return fmt.Sprintf("text input custom_id %q", c.CustomID), "", nil
		}
		if n := runes(c.Label); n < 1 || n > 45 {
			return fmt.Sprintf("text input label of %d characters (1 to 45)", n), "", nil
		}
		if c.MinLength != nil && (*c.MinLength < 0 || *c.MinLength > 4000) || c.MaxLength != nil && (*c.MaxLength < 1 || *c.MaxLength > 4000) {
			return "text input lengths outside 0 to 4000", "", nil
		}
		spec[c.CustomID] = c
	}
	return "", m.CustomID, spec
}

// msgMeta is where a message is and who sees it.
type msgMeta struct {
	channel   string // "" when unknown (a follow-up of an interaction that named none)
	ephemeral bool   // seen only by owner
	owner     string // the user whose interaction it answers, for an ephemeral one
}

// replyMeta is where an interaction's reply or follow-up with body (a
// message, or a callback's data) goes: the interaction's channel, seen
// only by its user when the flags say ephemeral (64). f.mu is held.
func (f *Server) replyMeta(token string, body json.RawMessage) *msgMeta {
	var b struct {
		Flags int `json:"flags"`
	}
	json.Unmarshal(body, &b)
	it := f.inter[token]
	return &msgMeta{channel: it.channel, ephemeral: b.Flags&64 != 0, owner: it.user}
}

// deleted notes the message a DELETE removed (a channel message, or an
// interaction's reply or follow-up). f.mu is held.
func (f *Server) deleted(parts []string) {
	id := ""
	switch {
	case parts[0] == "channels" && len(parts) == 4 && parts[2] == "messages":
		id = parts[3]
	case parts[0] == "webhooks" && len(parts) == 5 && parts[3] == "messages":
		id = parts[4]
		if id == "@original" {
			id = f.original[parts[2]]
		}
	}
	if m := f.sent[id]; m != nil {
		m.gone = true
	}
}

// remember records the components of message id. A message is known from
// its creation (where, its place, is given then); an edit of one the fake
// never saw made (a test's stand-in ID) leaves it unknown. f.mu is held.
func (f *Server) remember(id string, rows []sentRow, where *msgMeta) {
	if id == "" {
		return
	}
	m := f.sent[id]
	if m == nil && where == nil {
		return
	}
	if m == nil {
		m = &sentMessage{msgMeta: *where, ids: map[string]int{}, values: map[string]map[string]bool{}, counts: map[string][2]int{},
			disabled: map[string]bool{}}
		f.sent[id] = m
	}
	for _, r := range rows {
		for _, c := range r.Components {
			if c.CustomID == "" {
				continue
			}
			m.ids[c.CustomID] = c.Type
			m.disabled[c.CustomID] = c.Disabled
			if c.Type == 3 {
				lo, hi := 1, 1
				if c.MinValues != nil {
					lo = *c.MinValues
				}
				if c.MaxValues != nil {
					hi = *c.MaxValues
				}
				m.counts[c.CustomID] = [2]int{lo, hi}
			}
			for _, o := range c.Options {
				if m.values[c.CustomID] == nil {
					m.values[c.CustomID] = map[string]bool{}
				}
				m.values[c.CustomID][o.Value] = true
			}
		}
	}
}

// sentClick is what Dispatch checks of a component or modal interaction.
type sentClick struct {
	Type    int `json:"type"`
	Message *struct {
		ID        string `json:"id"`
		ChannelID string `json:"channel_id"`
		Flags     int    `json:"flags"`
	} `json:"message"`
	Data struct {
		CustomID      string    `json:"custom_id"`
		ComponentType int       `json:"component_type"`
		Values        []string  `json:"values"`
		Components    []sentRow `json:"components"`
	} `json:"data"`
}

// clickable checks a component (type 3) or modal (type 5) interaction
// against what the bot sent: a custom ID of 1 to 100 characters that the
// message has carried (for a message the fake has seen) and that was not
// disabled as last sent, distinct values
// the select offered, between its min_values and max_values; a modal the bot opened, with text that fits its
// inputs. It returns why Discord would not send it, or "". f.mu is held.
func (f *Server) clickable(raw []byte) string {
	var in sentClick
	if err := json.Unmarshal(raw, &in); err != nil {
		return "interaction: " + err.Error()
	}
	if in.Type != 3 && in.Type != 5 {
		return ""
	}
	id := in.Data.CustomID
	if n := len(id); n < 1 || n > 100 {
		return fmt.Sprintf("custom_id of %d characters (Discord's components carry 1 to 100)", n)
	}
	switch in.Type {
	case 3:
		if len(in.Data.Values) > 25 {
			return fmt.Sprintf("%d values (a select offers at most 25)", len(in.Data.Values))
		}
		for _, v := range in.Data.Values {
			if n := runes(v); n < 1 || n > 100 {
				return fmt.Sprintf("a value of %d characters (1 to 100)", n)
			}
		}
		m := f.sent[in.Message.ID] // there: visible checked it
		typ, ok := m.ids[id]
		if !ok {
			var had []string
			for x := range m.ids {
				had = append(had, x)
			}
			slices.Sort(had)
			return fmt.Sprintf("message %s never carried a component %q (it carried %q)", in.Message.ID, id, had)
		}
		if typ != in.Data.ComponentType {
			return fmt.Sprintf("component %q is of type %d, clicked as type %d", id, typ, in.Data.ComponentType)
		}
		if m.disabled[id] {
			return fmt.Sprintf("component %q of message %s is disabled (Discord's client does not send a click on it)", id, in.Message.ID)
		}
		if typ == 3 {
			if c, n := m.counts[id], len(in.Data.Values); n < c[0] || n > c[1] {
				return fmt.Sprintf("%d values picked in select %q (min_values %d, max_values %d)", n, id, c[0], c[1])
			}
			picked := map[string]bool{}
			for _, v := range in.Data.Values {
				if !m.values[id][v] {
					return fmt.Sprintf("select %q never offered the value %q", id, v)
				}
				if picked[v] {
					return fmt.Sprintf("the value %q picked twice", v)
				}
				picked[v] = true
			}
		}
	case 5:
		spec, ok := f.modals[id]
		if !ok {
			return fmt.Sprintf("no modal %q was opened", id)
		}
		if user, _ := whoWhere(raw); !f.modalUsers[id][user] {
			return fmt.Sprintf("modal %q was never opened for user %s", id, user)
		}
		for _, r := range in.Data.Components {
			for _, c := range r.Components {
				if c.Type != 4 {
					continue
				}
				s, ok := spec[c.CustomID]
				if !ok {
					return fmt.Sprintf("modal %q has no text input %q", id, c.CustomID)
				}
				lo, hi := 0, 4000
				if s.MinLength != nil {
					lo = *s.MinLength
				}
				if s.MaxLength != nil {
					hi = *s.MaxLength
				}
				if s.Required == nil || *s.Required {
					lo = max(lo, 1)
				}
				if n := runes(c.Value); (n > 0 || lo > 0) && (n < lo || n > hi) {
					return fmt.Sprintf("text input %q of %d characters (%d to %d)", c.CustomID, n, lo, hi)
				}
			}
		}
	}
	return ""
}

// whoWhere returns the user and the channel an interaction names.
func whoWhere(raw []byte) (user, channel string) {
	var in struct {
		Member *struct {
			User *struct {
				ID string `json:"id"`
			} `json:"user"`
		} `json:"member"`
		User *struct {
			ID string `json:"id"`
		} `json:"user"`
		ChannelID string `json:"channel_id"`
		Channel   *struct {
			ID string `json:"id"`
		} `json:"channel"`
	}
	json.Unmarshal(raw, &in)
	switch {
	case in.Member != nil && in.Member.User != nil:
		user = in.Member.User.ID
	case in.User != nil:
		user = in.User.ID
	}
	channel = in.ChannelID
	if channel == "" && in.Channel != nil {
		channel = in.Channel.ID
	}
	return user, channel
}

// visible checks that a component interaction (type 3), or a modal's
// (type 5) when it names one, comes from a message Discord shows its
// user: one the bot sent and has not deleted, in the interaction's
// channel, and, for an ephemeral one, the user it answered; the
// interaction carries the message as it is (its ID, channel and
// ephemeral flag). Even a forged interaction must pass: a modified client
// still clicks on a message it was shown. It returns why Discord would not
// send it, or "". f.mu is held.
func (f *Server) visible(raw []byte) string {
	var in sentClick
	if err := json.Unmarshal(raw, &in); err != nil {
		return "interaction: " + err.Error()
	}
	if in.Type != 3 && in.Type != 5 {
		return ""
	}
	if in.Message == nil {
		if in.Type == 3 {
			return "a component interaction without its message"
		}
		return "" // a modal opened from a command
	}
	id := in.Message.ID
	m := f.sent[id]
	if m == nil {
		return fmt.Sprintf("message %q was never sent by the bot", id)
	}
	if m.gone {
		return fmt.Sprintf("message %s was deleted", id)
	}
	user, channel := whoWhere(raw)
	if m.channel != "" && channel != m.channel {
		return fmt.Sprintf("message %s is in channel %s, not in the interaction's channel %q", id, m.channel, channel)
	}
	if in.Message.ChannelID != "" && m.channel != "" && in.Message.ChannelID != m.channel {
		return fmt.Sprintf("message %s is in channel %s, not in %s as its payload says", id, m.channel, in.Message.ChannelID)
	}
	if m.ephemeral && user != m.owner {
		return fmt.Sprintf("message %s is ephemeral, shown only to user %s, not to user %q", id, m.owner, user)
	}
	if eph := in.Message.Flags&64 != 0; eph != m.ephemeral {
		return fmt.Sprintf("message %s: the payload's ephemeral flag is %v, the message's %v", id, eph, m.ephemeral)
	}
	return ""
}

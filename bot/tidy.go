package bot

import (
	"strings"

	"github.com/tinnersbot/tinnersbot/bot/kit"

	"github.com/bwmarrin/discordgo"
)

// Parentheses inside parentheses read badly ("(**orange (O)** (P1) had
// only one option…)"), and a seat's label carries its own. Every text the
// bot shows passes through flatParens on its way out (tidyResponse,
// tidyMessage): a parenthesis opened inside another becomes a square
// bracket, as typesetters nest them: "(**orange [O]** [P1] had only one
// option…)". Custom IDs and option values are left alone.

// flatParens turns the parentheses nested inside others into brackets.
func flatParens(s string) string {
	if strings.Count(s, "(") < 2 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	depth, changed := 0, false
	var opened []bool // per open parenthesis: written as a bracket
	for _, r := range s {
		switch r {
		case '(':
			depth++
			asBracket := depth >= 2
			opened = append(opened, asBracket)
			if asBracket {
				b.WriteRune('[')
				changed = true
				continue
			}
		case ')':
			if depth > 0 {
				depth--
				asBracket := opened[len(opened)-1]
				opened = opened[:len(opened)-1]
				if asBracket {
					b.WriteRune(']')
					continue
				}
			}
		case '\n':
			depth, opened = 0, opened[:0] // a line stands alone
		}
		b.WriteRune(r)
	}
	if !changed {
		return s
	}
	return b.String()
}

// tidyMessage applies flatParens to a message's content and to the text of
// its components.
func tidyMessage(m kit.Message) kit.Message {
	m.Content = flatParens(m.Content)
	m.Components = tidyComponents(m.Components)
	return m
}

func tidyComponents(cs []discordgo.MessageComponent) []discordgo.MessageComponent {
	if cs == nil {
		return nil
	}
	out := make([]discordgo.MessageComponent, len(cs))
	for k, c := range cs {
		out[k] = tidyComponent(c)
	}
	return out
}

func tidyComponent(c discordgo.MessageComponent) discordgo.MessageComponent {
	switch c := c.(type) {
	case discordgo.ActionsRow:
		c.Components = tidyComponents(c.Components)
		return c
	case *discordgo.ActionsRow:
		r := *c
		r.Components = tidyComponents(c.Components)
		return &r
	case discordgo.Button:
		c.Label = flatParens(c.Label)
		return c
	case *discordgo.Button:
		b := *c
		b.Label = flatParens(c.Label)
		return &b
	case discordgo.SelectMenu:
		return tidySelect(c)
	case *discordgo.SelectMenu:
		s := tidySelect(*c)
		return &s
	case discordgo.TextInput:
		c.Label, c.Placeholder = flatParens(c.Label), flatParens(c.Placeholder)
		return c
	case *discordgo.TextInput:
		t := *c
		t.Label, t.Placeholder = flatParens(c.Label), flatParens(c.Placeholder)
		return &t
	}
	return c
}

func tidySelect(s discordgo.SelectMenu) discordgo.SelectMenu {
	s.Placeholder = flatParens(s.Placeholder)
	if s.Options != nil {
		opts := make([]discordgo.SelectMenuOption, len(s.Options))
		for k, o := range s.Options {
			o.Label, o.Description = flatParens(o.Label), flatParens(o.Description)
			opts[k] = o
		}
		s.Options = opts
	}
	return s
}

// tidyResponse applies tidyMessage to everything a handler answers.
func tidyResponse(r kit.Response) kit.Response {
	if len(r.Posts) > 0 {
		ps := make([]kit.Post, len(r.Posts))
		for k, p := range r.Posts {
			p.Message = tidyMessage(p.Message)
			ps[k] = p
		}
		r.Posts = ps
	}
	if len(r.Edits) > 0 {
		es := make([]kit.Edit, len(r.Edits))
		for k, e := range r.Edits {
			e.Message = tidyMessage(e.Message)
			es[k] = e
		}
		r.Edits = es
	}
	if r.Reply != nil {
		m := tidyMessage(*r.Reply)
		r.Reply = &m
	}
	if r.Modal != nil {
		d := *r.Modal
		d.Title = flatParens(d.Title)
		d.Content = flatParens(d.Content)
		d.Components = tidyComponents(d.Components)
		r.Modal = &d
	}
	return r
}

package kittest

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// TestMessageLimits: a message within Discord's limits passes; one over
// any limit, or with an ID the routes do not parse, does not.
func TestMessageLimits(t *testing.T) {
	rt := kit.RouteTable{"gi": {Shape: kit.Shape{Game: true, Tok: true, Min: 1, Max: 1}}, "tsel": {Shape: kit.Shape{Game: true, Max: 1}},
		"tm": {Shape: kit.Shape{Game: true, Min: 1, Max: 1}, Nested: true}}
	row := func(cs ...discordgo.MessageComponent) kit.Message {
		return kit.Message{Content: "ok", Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: cs}}}
	}
	button := func(label, id string) discordgo.Button { return discordgo.Button{Label: label, CustomID: id} }
	sel := func(id string, values ...string) discordgo.SelectMenu {
		s := discordgo.SelectMenu{CustomID: id}
		for _, v := range values {
			s.Options = append(s.Options, discordgo.SelectMenuOption{Label: v, Value: v})
		}
		return s
	}
	if err := MessageLimits(row(button("Pass", "gi:t1:3:0"), button("Dig", "gi:t1:3:1")), rt); err != nil {
		t.Errorf("a fitting message: %v", err)
	}
	if err := MessageLimits(row(sel("tsel:t1", "tm:t1:a", "tm:t1:b")), rt); err != nil {
		t.Errorf("a fitting tsel: %v", err)
	}
	for name, msg := range map[string]kit.Message{
		"long content":     {Content: strings.Repeat("x", MaxContent+1)},
		"placeholder":      {Content: "{P0} digs"},
		"long label":       row(button(strings.Repeat("x", MaxButtonLabel+1), "gi:t1:3:0")),
		"unknown kind":     row(button("Pass", "zz:t1:3:0")),
		"malformed":        row(button("Pass", "gi:t1:3")),
		"same ID twice":    row(button("Pass", "gi:t1:3:0"), button("Dig", "gi:t1:3:0")),
		"six buttons":      row(button("a", "gi:t1:3:0"), button("b", "gi:t1:3:1"), button("c", "gi:t1:3:2"), button("d", "gi:t1:3:3"), button("e", "gi:t1:3:4"), button("f", "gi:t1:3:5")),
		"select not alone": row(sel("tsel:t1", "tm:t1:a"), button("Pass", "gi:t1:3:0")),
		"same value":       row(sel("tsel:t1", "tm:t1:a", "tm:t1:a")),
		"tsel not nested":  row(sel("tsel:t1", "gi:t1:3:0")),
	} {
		if err := MessageLimits(msg, rt); err == nil {
			t.Errorf("%s: passed", name)
		}
	}
}

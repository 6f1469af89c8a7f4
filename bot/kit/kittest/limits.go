// Package kittest is what the tests of the bot's packages (the core, the
// generic UI, a title's UI) share about the kit's values, as
// net/http/httptest is for net/http: Discord's limits on a message.
package kittest

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/bot/kit"
)

// Discord's limits on what a message may carry.
const (
	MaxContent     = 2000
	MaxRows        = 5
	MaxRowButtons  = 5
	MaxSelectOpts  = 25
	MaxCustomID    = 100
	MaxButtonLabel = 80
	MaxOptionText  = 100
	MaxPlaceholder = 150
)

// MessageLimits returns the first of Discord's limits msg breaks, or a
// seat placeholder left in its text, or a custom ID that rt does not
// parse or that two components share; nil when msg may be sent. A tsel's
// option values are IDs too, routed as a click on them: each must parse
// to a kind rt lets be nested.
func MessageLimits(msg kit.Message, rt kit.RouteTable) error {
	if n := utf8.RuneCountInString(msg.Content); n > MaxContent {
		return fmt.Errorf("content has %d characters", n)
	}
	if strings.Contains(msg.Content, "{P") {
		return fmt.Errorf("a seat placeholder reached the text: %q", msg.Content)
	}
	if len(msg.Components) > MaxRows {
		return fmt.Errorf("%d action rows", len(msg.Components))
	}
	ids := map[string]bool{}
	for _, c := range msg.Components {
		row, ok := c.(discordgo.ActionsRow)
		if !ok {
			return fmt.Errorf("top-level component %T is not an action row", c)
		}
		if len(row.Components) == 0 || len(row.Components) > MaxRowButtons {
			return fmt.Errorf("a row of %d components", len(row.Components))
		}
		for _, c := range row.Components {
			var id string
			switch c := c.(type) {
			case discordgo.Button:
				id = c.CustomID
				if c.Label == "" || utf8.RuneCountInString(c.Label) > MaxButtonLabel {
					return fmt.Errorf("button label %q", c.Label)
				}
			case discordgo.SelectMenu:
				id = c.CustomID
				if err := selectLimits(row, c, rt); err != nil {
					return err
				}
			default:
				return fmt.Errorf("unexpected component %T", c)
			}
			if id == "" || len(id) > MaxCustomID {
				return fmt.Errorf("custom ID %q is %d long", id, len(id))
			}
			if _, err := rt.Parse(id); err != nil {
				return fmt.Errorf("custom ID %q: %v", id, err)
			}
			if ids[id] {
				return fmt.Errorf("two components with the custom ID %q", id)
			}
			ids[id] = true
		}
	}
	return nil
}

// selectLimits checks select c, alone in its row.
func selectLimits(row discordgo.ActionsRow, c discordgo.SelectMenu, rt kit.RouteTable) error {
	if len(row.Components) != 1 {
		return fmt.Errorf("a select shares its row")
	}
	if len(c.Options) == 0 || len(c.Options) > MaxSelectOpts {
		return fmt.Errorf("select %q has %d options", c.Placeholder, len(c.Options))
	}
	if utf8.RuneCountInString(c.Placeholder) > MaxPlaceholder {
		return fmt.Errorf("placeholder %q", c.Placeholder)
	}
	values := map[string]bool{}
	for _, o := range c.Options {
		if o.Label == "" || utf8.RuneCountInString(o.Label) > MaxOptionText || utf8.RuneCountInString(o.Description) > MaxOptionText {
			return fmt.Errorf("option %q / %q", o.Label, o.Description)
		}
		if len(o.Value) > MaxCustomID {
			return fmt.Errorf("option value %q is %d long", o.Value, len(o.Value))
		}
		if values[o.Value] {
			return fmt.Errorf("two options with the value %q", o.Value)
		}
		values[o.Value] = true
		if kit.KindOf(c.CustomID) == "tsel" {
			// A tsel's values are IDs, routed as a click on them.
			v, err := rt.Parse(o.Value)
			if err != nil || !rt[v.Kind].Nested || rt[v.Kind].Modal {
				return fmt.Errorf("tsel value %q: %+v, %v", o.Value, v, err)
			}
		}
	}
	return nil
}

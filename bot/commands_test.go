package bot

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// findOption returns the option at path (subcommand, then option) of cmd.
func findOption(t *testing.T, cmd *discordgo.ApplicationCommand, path ...string) *discordgo.ApplicationCommandOption {
	t.Helper()
	opts := cmd.Options
	var found *discordgo.ApplicationCommandOption
	for _, name := range path {
		found = nil
		for _, o := range opts {
			if o.Name == name {
				found = o
			}
		}
		if found == nil {
			t.Fatalf("/%s has no %s", cmd.Name, strings.Join(path, " "))
		}
		opts = found.Options
	}
	return found
}

// TestCommandsGuildOnly: the command is offered in guilds only, by
// contexts (dm_permission is deprecated and is not sent).
func TestCommandsGuildOnly(t *testing.T) {
	for _, c := range commands(engine.NewRegistry(tinners.Title, coalbaron.Title)) {
		if c.Contexts == nil || len(*c.Contexts) != 1 || (*c.Contexts)[0] != discordgo.InteractionContextGuild {
			t.Errorf("/%s: contexts %v, want guild only", c.Name, c.Contexts)
		}
		b, _ := json.Marshal(c)
		if strings.Contains(string(b), "dm_permission") || !strings.Contains(string(b), `"contexts":[0]`) {
			t.Errorf("/%s registers as %s", c.Name, b)
		}
	}
}

// TestNewPlayersRange: /tt new players: offers the installed titles' seat
// ranges: from the smallest minimum (1 when a title has a solo game) to
// the largest maximum, and its description says so in both languages.
func TestNewPlayersRange(t *testing.T) {
	cases := []struct {
		name     string
		reg      *engine.Registry
		min, max float64
	}{
		{"tinners", engine.NewRegistry(tinners.Title), 1, 5},
		{"coalbaron", engine.NewRegistry(coalbaron.Title), 2, 4},
		{"both", engine.NewRegistry(tinners.Title, coalbaron.Title), 1, 5},
		{"coalbaron first", engine.NewRegistry(coalbaron.Title, tinners.Title), 1, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := findOption(t, commands(c.reg)[0], "new", "players")
			if o.MinValue == nil || *o.MinValue != c.min || o.MaxValue != c.max {
				t.Fatalf("players: %v..%v, want %v..%v", o.MinValue, o.MaxValue, c.min, c.max)
			}
			span := fmt.Sprintf("%v–%v", c.min, c.max)
			if !strings.Contains(o.Description, span) || !strings.Contains(o.DescriptionLocalizations[discordgo.Polish], span) {
				t.Errorf("players: description %q / %q does not say %s", o.Description, o.DescriptionLocalizations[discordgo.Polish], span)
			}
		})
	}
}

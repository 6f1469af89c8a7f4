package bot

import (
	"regexp"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/tinnersbot/tinnersbot/engine"
	"github.com/tinnersbot/tinnersbot/engine/coalbaron"
	"github.com/tinnersbot/tinnersbot/engine/tinners"
)

// Discord's rule for command and option names (lowercase where the
// script has case).
var discordName = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

// TestCommandsPolish checks that every command, option and choice has a
// Polish name and (where Discord has one) a Polish description, within
// Discord's limits: names 1–32 lowercase characters without spaces,
// descriptions and choice names 1–100.
func TestCommandsPolish(t *testing.T) {
	for _, cmds := range [][]*discordgo.ApplicationCommand{commands(tinners.Titles()), commands(engine.NewRegistry(tinners.Title, coalbaron.Title))} {
		for _, c := range cmds {
			if c.DescriptionLocalizations == nil {
				t.Errorf("/%s: no Polish description", c.Name)
			} else {
				checkDesc(t, "/"+c.Name, (*c.DescriptionLocalizations)[discordgo.Polish])
			}
			var walk func(path string, os []*discordgo.ApplicationCommandOption)
			walk = func(path string, os []*discordgo.ApplicationCommandOption) {
				for _, o := range os {
					p := path + " " + o.Name
					n := o.NameLocalizations[discordgo.Polish]
					if !discordName.MatchString(n) || n != strings.ToLower(n) {
						t.Errorf("%s: Polish name %q breaks Discord's rules", p, n)
					}
					checkDesc(t, p, o.DescriptionLocalizations[discordgo.Polish])
					for _, ch := range o.Choices {
						pn := ch.NameLocalizations[discordgo.Polish]
						if r := len([]rune(pn)); r < 1 || r > 100 {
							t.Errorf("%s choice %v: Polish name %q (%d characters)", p, ch.Value, pn, r)
						}
					}
					walk(p, o.Options)
				}
			}
			walk("/"+c.Name, c.Options)
		}
	}
}

func checkDesc(t *testing.T, where, d string) {
	t.Helper()
	if r := len([]rune(d)); r < 1 || r > 100 {
		t.Errorf("%s: Polish description %q (%d characters)", where, d, r)
	}
}
